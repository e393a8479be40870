/**
 * `npm run bench -- study [--json] [--folder DIR]… [--sim-subjects N] [--sim-runs R] [--sim-dir DIR] [--no-sim]
 *  [--no-mne] [--python PY]`: a folder of subjects taken through load + band-pass 8–30 Hz + epoch 0–4 s on T1/T2, by
 * XBrain (the load_data, apply_bandpass_filter and epoch_data tools on a Study, as every door runs them) and by MNE 1.3
 * (bench/study_mne.py: read_raw_edf(preload=True) + Raw.filter(8, 30) per file, raws kept as the Study keeps its
 * recordings, events_from_annotations + Epochs(tmin=0, tmax=4, baseline=None), concatenate_epochs). Each tool runs once
 * per folder in a fresh child process that reports its wall time per step, its RSS before loading and its peak RSS
 * (Linux VmHWM: the whole process, so the runtime's own baseline is in it; `base` is given to subtract).
 * Folders: --folder (repeatable), default ../shared/data/eeg/multisubject (4 PhysioNet subjects × runs 4, 8, 12) when
 * present, plus a simulated folder of --sim-subjects (default 20) × --sim-runs (default 3: runs 4, 8, 12)
 * PhysioNet-style recordings written once to --sim-dir (default: the OS temp folder; nothing goes into the repo).
 * One JSON line per folder: {case, folder, files, megabytes, xbrain, mne, ratio}.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { simulateFiles } from '../src/core/io/simulateFiles';
import { Study } from '../src/core/study/study';
import { ToolRegistry } from '../src/core/tools/registry';
import type { ToolContext } from '../src/core/tools/types';

const args = process.argv.slice(2);
const json = args.includes('--json');
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const opts = (name: string): string[] => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]] : []));
const repo = path.resolve(__dirname, '../..');

interface Measure {
  tool: string;
  seconds: { load: number; filter: number; epoch: number; total: number };
  /** RSS just before loading (runtime + imports) and the process's peak RSS, bytes */
  baseRss: number;
  peakRss: number;
  epochs: { n: number; channels: number; times: number; counts: Record<string, number> };
  error?: string;
}

/** Peak RSS of this process since exec (Linux VmHWM). */
function highWaterRss(): number {
  try {
    const m = readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+) kB/);
    if (m) return Number(m[1]) * 1024;
  } catch {
    /* not Linux */
  }
  return process.resourceUsage().maxRSS * 1024;
}

/** The child: the three tools on a fresh Study, timed step by step. */
async function child(folder: string): Promise<void> {
  const workspace = mkdtempSync(path.join(tmpdir(), 'xb-bench-study-'));
  const ctx: ToolContext = { study: new Study(), env: { workspace, packageRoot: repo, trusted: true, dataFolders: [folder] } };
  const reg = new ToolRegistry();
  const call = async (tool: string, a: Record<string, unknown>): Promise<number> => {
    const t0 = process.hrtime.bigint();
    const r = await reg.invoke(tool, a, ctx, { confirmed: true });
    if (r.type === 'error') throw new Error(`${tool}: ${r.content}`);
    return Number(process.hrtime.bigint() - t0) / 1e9;
  };
  const baseRss = process.memoryUsage().rss;
  const load = await call('load_data', { paths: [folder] });
  const filter = await call('apply_bandpass_filter', { low_freq: 8, high_freq: 30 });
  const epoch = await call('epoch_data', { t_min: 0, t_max: 4, event_id: ['T1', 'T2'], baseline: null });
  const peakRss = highWaterRss();
  const e = ctx.study.state.epochs!;
  const counts: Record<string, number> = {};
  for (const [name, k] of Object.entries(e.eventId)) counts[name] = e.labels.filter((l) => l === k).length;
  const m: Measure = {
    tool: `xbrain (node ${process.versions.node})`,
    seconds: { load, filter, epoch, total: load + filter + epoch },
    baseRss,
    peakRss,
    epochs: { n: e.nEpochs, channels: e.nChannels, times: e.nTimes, counts },
  };
  rmSync(workspace, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify(m)}\n`);
}

function runChild(cmd: string, argv: string[], tool: string): Measure {
  const r = spawnSync(cmd, argv, { encoding: 'utf8', maxBuffer: 1 << 24 });
  const last = r.stdout.trim().split('\n').pop() ?? '';
  try {
    if (r.status !== 0) throw new Error(`exit ${r.status}`);
    return JSON.parse(last) as Measure;
  } catch (err) {
    return {
      tool,
      seconds: { load: NaN, filter: NaN, epoch: NaN, total: NaN },
      baseRss: NaN,
      peakRss: NaN,
      epochs: { n: 0, channels: 0, times: 0, counts: {} },
      error: `${(err as Error).message}: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`,
    };
  }
}

function edfFiles(folder: string): { files: number; bytes: number } {
  const files = readdirSync(folder).filter((f) => /\.edf$/i.test(f));
  return { files: files.length, bytes: files.reduce((s, f) => s + statSync(path.join(folder, f)).size, 0) };
}

const MB = 1024 * 1024;

function emit(label: string, folder: string, x: Measure, m: Measure | null): void {
  const size = edfFiles(folder);
  const rec = {
    case: label,
    folder,
    files: size.files,
    megabytes: Number((size.bytes / MB).toFixed(1)),
    xbrain: x,
    mne: m,
    ratio:
      m && !m.error && !x.error ? { time: Number((x.seconds.total / m.seconds.total).toFixed(2)), peak: Number((x.peakRss / m.peakRss).toFixed(2)) } : null,
    load: (() => {
      try {
        return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
      } catch {
        return null;
      }
    })(),
  };
  if (json) {
    process.stdout.write(`${JSON.stringify(rec)}\n`);
    return;
  }
  const line = (t: Measure): string =>
    t.error
      ? `${t.tool}: failed (${t.error})`
      : `${t.tool.padEnd(22)} ${t.seconds.total.toFixed(1).padStart(6)} s (load ${t.seconds.load.toFixed(1)}, filter ${t.seconds.filter.toFixed(1)}, epoch ${t.seconds.epoch.toFixed(1)})  peak ${(t.peakRss / MB).toFixed(0).padStart(5)} MB (base ${(t.baseRss / MB).toFixed(0)} MB)  ${t.epochs.n} epochs ${JSON.stringify(t.epochs.counts)} × ${t.epochs.channels} × ${t.epochs.times}`;
  process.stdout.write(
    `${label}: ${size.files} files, ${(size.bytes / MB).toFixed(1)} MB (${folder})\n  ${line(x)}\n${m ? `  ${line(m)}\n` : ''}${rec.ratio ? `  XBrain / MNE: time ${rec.ratio.time}×, peak ${rec.ratio.peak}×\n` : ''}`,
  );
}

function main(): void {
  const c = opt('--child');
  if (c) {
    void child(c).catch((e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    });
    return;
  }
  const folders: { label: string; dir: string }[] = opts('--folder').map((d) => ({ label: path.basename(path.resolve(d)), dir: path.resolve(d) }));
  if (folders.length === 0) {
    const real = process.env.XBRAIN_MULTISUBJECT ?? path.resolve(repo, '../shared/data/eeg/multisubject');
    if (existsSync(real)) folders.push({ label: 'eegmmidb-4-subjects', dir: real });
  }
  if (!args.includes('--no-sim')) {
    const n = Number(opt('--sim-subjects') ?? 20);
    const runs = Number(opt('--sim-runs') ?? 3);
    const dir = path.resolve(opt('--sim-dir') ?? path.join(tmpdir(), `xbrain-bench-study-sim-${n}x${runs}`));
    const runNumbers = runs === 3 ? [4, 8, 12] : Array.from({ length: runs }, (_, i) => i + 1);
    if ((existsSync(dir) ? edfFiles(dir).files : 0) !== n * runs) {
      process.stderr.write(`writing ${n} × ${runs} simulated recordings to ${dir}…\n`);
      simulateFiles({ out: dir, subjects: n, runNumbers, seed: 1 });
    }
    folders.push({ label: `simulated-${n}-subjects`, dir });
  }
  const py = opt('--python') ?? '/usr/bin/python3';
  for (const f of folders) {
    const x = runChild(process.execPath, ['--expose-gc', __filename, '--child', f.dir], 'xbrain');
    const m = args.includes('--no-mne') ? null : runChild(py, [path.join(repo, 'bench', 'study_mne.py'), f.dir], 'mne');
    emit(f.label, f.dir, x, m);
  }
}

main();
