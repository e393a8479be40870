/**
 * `npm run bench -- study [--json] [--folder DIR]… [--sim-subjects N] [--sim-runs R] [--sim-dir DIR] [--no-sim]
 *  [--modes disk,memory] [--mne-modes keep,stream] [--no-mne] [--train individual|group] [--python PY] [--cold]`: a folder of
 * subjects taken through load + band-pass 8–30 Hz + epoch 0–4 s on T1/T2, by XBrain (the load_data,
 * apply_bandpass_filter and epoch_data tools on a Study, as every door runs them) and by MNE 1.3 (bench/study_mne.py:
 * read_raw_edf(preload=True) + Raw.filter(8, 30) per file, events_from_annotations + Epochs(tmin=0, tmax=4,
 * baseline=None), concatenate_epochs). Each tool runs once per folder and mode in a fresh child process that reports
 * its wall time per step, its RSS before loading and its peak RSS (Linux VmHWM: the whole process, so the runtime's own
 * baseline is in it; `base` is given to subtract).
 * XBrain modes (issue 20): `disk` keeps recordings and epochs in `.xbrain/spill/` of a temporary workspace (spill
 * threshold 0: preprocessing recording by recording), `memory` keeps everything in memory (threshold above the data).
 * MNE modes: `keep` keeps every Raw (as the in-memory Study keeps its recordings), `stream` drops each Raw once its
 * epochs are cut (MNE's leanest script; the epochs of every file stay in memory).
 * --train individual|group: after epoching (disk mode), generate_dataset(split_strategy=trial, training_mode) and one
 * epoch of EEGNet (batch 32, 2 threads) on the first split by the trainer child (dist/trainer.js, `npm run build`),
 * whose peak RSS is reported against the bytes of that split's epochs.
 * Folders: --folder (repeatable), default ../shared/data/eeg/multisubject (4 PhysioNet subjects × runs 4, 8, 12) when
 * present, plus a simulated folder of --sim-subjects (default 20) × --sim-runs (default 3: runs 4, 8, 12)
 * PhysioNet-style recordings written once to --sim-dir (default: the OS temp folder; nothing goes into the repo).
 * Before the runs every EDF file is read once, untimed, so all sides read from the page cache (--cold: not).
 * One JSON line per folder: {case, folder, files, megabytes, xbrain: {mode: Measure}, mne: {mode: Measure}, ratio}.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { simulateFiles } from '../src/core/io/simulateFiles';
import { Study } from '../src/core/study/study';
import { ToolRegistry } from '../src/core/tools/registry';
import type { ToolContext } from '../src/core/tools/types';
import { epochsFile } from '../src/core/signal/spill';
import { writeSharedArrays, writeTrainerJob } from '../src/core/training/job';
import { inputSpec } from '../src/core/tools/impl/trainerInputs';

const args = process.argv.slice(2);
const json = args.includes('--json');
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const opts = (name: string): string[] => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]] : []));
const repo = path.resolve(__dirname, '../..');

interface TrainMeasure {
  split: string;
  mode: string;
  /** epochs of the split the trainer reads (train + val + test) and their bytes; the whole epochs file's bytes */
  epochs: { train: number; val: number; test: number };
  splitBytes: number;
  fileBytes: number;
  seconds: number;
  /** the trainer child's RSS once started (runtime + bundle) and its peak RSS */
  baseRss: number;
  peakRss: number;
  error?: string;
}

interface Measure {
  tool: string;
  mode?: string;
  seconds: { load: number; filter: number; epoch: number; total: number };
  /** RSS just before loading (runtime + imports) and the process's peak RSS, bytes */
  baseRss: number;
  peakRss: number;
  epochs: { n: number; channels: number; times: number; counts: Record<string, number> };
  train?: TrainMeasure;
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

/** Writes a script that reports the trainer child's RSS at start and its peak at exit (on stderr). */
function rssProbe(): string {
  const file = path.join(tmpdir(), 'xb-bench-rss-probe.js');
  writeFileSync(
    file,
    `const fs = require('fs');
const kb = (f) => Number((fs.readFileSync('/proc/self/status', 'utf8').match(new RegExp(f + ':\\\\s+(\\\\d+)')) || [0, 0])[1]) * 1024;
process.stderr.write('XB_BASE ' + kb('VmRSS') + '\\n');
process.on('exit', () => process.stderr.write('XB_PEAK ' + kb('VmHWM') + '\\n'));
`,
  );
  return file;
}

/** One training epoch of the trainer child on the first split, as start_training would launch it; its peak RSS. */
function trainChild(ctx: ToolContext, workspace: string, trainingMode: string): TrainMeasure {
  const s = ctx.study.state;
  const e = s.epochs!;
  const split = s.dataset!.splits[0];
  const per = e.nChannels * e.nTimes * 4;
  const dir = path.join(workspace, 'bench-job');
  const shared = writeSharedArrays(path.join(dir, 'shared'), epochsFile(e) ?? e.data, e.labels);
  const job = writeTrainerJob(path.join(dir, 'run'), {
    model: 'EEGNet',
    spec: inputSpec(s),
    config: { epochs: 1, batchSize: 32, learningRate: 1e-3, threads: Number(process.env.XB_BENCH_THREADS ?? 2) },
    seed: 1,
    ...shared,
    splits: { train: split.train, val: split.val, test: split.test },
    outDir: path.join(dir, 'out'),
  });
  const out: TrainMeasure = {
    split: split.name,
    mode: trainingMode,
    epochs: { train: split.train.length, val: split.val.length, test: split.test.length },
    splitBytes: (split.train.length + split.val.length + split.test.length) * per,
    fileBytes: e.nEpochs * per,
    seconds: NaN,
    baseRss: NaN,
    peakRss: NaN,
  };
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--require', rssProbe(), path.join(repo, 'dist', 'trainer.js'), job], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    input: '',
    env: { ...process.env, XBRAIN_TRAINER_DETACHED: '1' },
  });
  out.seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  // the probe also loads in the worker threads: the process's first RSS is the base, the largest VmHWM the peak
  out.baseRss = Number(r.stderr.match(/XB_BASE (\d+)/)?.[1] ?? NaN);
  out.peakRss = Math.max(...[...r.stderr.matchAll(/XB_PEAK (\d+)/g)].map((m) => Number(m[1])));
  if (r.status !== 0) out.error = `exit ${r.status}: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`;
  return out;
}

/** The child: the three tools on a fresh Study, timed step by step (then, with --train, one trainer run). */
async function child(folder: string, mode: string, train: string | undefined): Promise<void> {
  const workspace = mkdtempSync(path.join(tmpdir(), 'xb-bench-study-'));
  const env = { workspace, packageRoot: repo, trusted: true, dataFolders: [folder], spillAboveMB: mode === 'disk' ? 0 : 1e9 };
  const ctx: ToolContext = { study: new Study(), env };
  const reg = new ToolRegistry();
  const call = async (tool: string, a: Record<string, unknown>): Promise<number> => {
    const t0 = process.hrtime.bigint();
    const r = await reg.invoke(tool, a, ctx, { confirmed: true });
    if (r.type === 'error') throw new Error(`${tool}: ${r.content}`);
    return Number(process.hrtime.bigint() - t0) / 1e9;
  };
  const baseRss = process.memoryUsage().rss;
  const load = await call('load_data', { paths: [folder] });
  const afterLoad = highWaterRss();
  const filter = await call('apply_bandpass_filter', { low_freq: 8, high_freq: 30 });
  const afterFilter = highWaterRss();
  const epoch = await call('epoch_data', { t_min: 0, t_max: 4, event_id: ['T1', 'T2'], baseline: null });
  const peakRss = highWaterRss();
  if (process.env.XB_BENCH_DEBUG)
    process.stderr.write(
      `peak after load ${afterLoad >> 20} MB, filter ${afterFilter >> 20} MB, epoch ${peakRss >> 20} MB; heap ${JSON.stringify(process.memoryUsage())}\n`,
    );
  const e = ctx.study.state.epochs!;
  const counts: Record<string, number> = {};
  for (const [name, k] of Object.entries(e.eventId)) counts[name] = e.labels.filter((l) => l === k).length;
  const m: Measure = {
    tool: `xbrain (node ${process.versions.node})`,
    mode,
    seconds: { load, filter, epoch, total: load + filter + epoch },
    baseRss,
    peakRss,
    epochs: { n: e.nEpochs, channels: e.nChannels, times: e.nTimes, counts },
  };
  if (train) {
    await call('generate_dataset', { split_strategy: 'trial', training_mode: train, test_ratio: 0.2, val_ratio: 0.2 });
    m.train = trainChild(ctx, workspace, train);
  }
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

/**
 * Reads every EDF file of the folder once, untimed, so that every side finds it in the page cache: the sides run one
 * after another, and without this the first (XBrain) reads a folder from disk that the later ones (MNE) read from
 * memory (200 subjects: 47 s cold against MNE's 42 s warm, 20 s when XBrain too was warm).
 */
function warmPageCache(folder: string): void {
  const buf = Buffer.allocUnsafe(8 * MB);
  for (const f of readdirSync(folder).filter((n) => /\.edf$/i.test(n))) {
    const fd = openSync(path.join(folder, f), 'r');
    try {
      while (readSync(fd, buf, 0, buf.length, null) > 0);
    } finally {
      closeSync(fd);
    }
  }
}

function emit(label: string, folder: string, xs: Record<string, Measure>, ms: Record<string, Measure>): void {
  const size = edfFiles(folder);
  const ok = (t: Measure | undefined): t is Measure => !!t && !t.error;
  const ratio: Record<string, { time: number; peak: number }> = {};
  for (const [xm, x] of Object.entries(xs))
    for (const [mm, m] of Object.entries(ms))
      if (ok(x) && ok(m))
        ratio[`${xm}/${mm}`] = { time: Number((x.seconds.total / m.seconds.total).toFixed(2)), peak: Number((x.peakRss / m.peakRss).toFixed(2)) };
  const rec = {
    case: label,
    folder,
    files: size.files,
    megabytes: Number((size.bytes / MB).toFixed(1)),
    xbrain: xs,
    mne: ms,
    ratio,
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
      : `${`${t.tool} ${t.mode ?? ''}`.padEnd(30)} ${t.seconds.total.toFixed(1).padStart(6)} s (load ${t.seconds.load.toFixed(1)}, filter ${t.seconds.filter.toFixed(1)}, epoch ${t.seconds.epoch.toFixed(1)})  peak ${(t.peakRss / MB).toFixed(0).padStart(5)} MB (base ${(t.baseRss / MB).toFixed(0)} MB)  ${t.epochs.n} epochs ${JSON.stringify(t.epochs.counts)} × ${t.epochs.channels} × ${t.epochs.times}`;
  const trainLine = (t: TrainMeasure): string =>
    t.error
      ? `trainer: failed (${t.error})`
      : `trainer (${t.mode}, ${t.split}: ${t.epochs.train}/${t.epochs.val}/${t.epochs.test} epochs, ${(t.splitBytes / MB).toFixed(1)} MB of a ${(t.fileBytes / MB).toFixed(1)} MB file): ${t.seconds.toFixed(1)} s, peak ${(t.peakRss / MB).toFixed(0)} MB (base ${(t.baseRss / MB).toFixed(0)} MB)`;
  const lines = [
    `${label}: ${size.files} files, ${(size.bytes / MB).toFixed(1)} MB (${folder})`,
    ...Object.values(xs).flatMap((x) => [`  ${line(x)}`, ...(x.train ? [`    ${trainLine(x.train)}`] : [])]),
    ...Object.values(ms).map((m) => `  ${line(m)}`),
    ...Object.entries(ratio).map(([k, r]) => `  XBrain / MNE (${k}): time ${r.time}×, peak ${r.peak}×`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

function main(): void {
  const c = opt('--child');
  if (c) {
    void child(c, opt('--mode') ?? 'disk', opt('--train')).catch((e: unknown) => {
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
  const modes = (opt('--modes') ?? 'disk,memory').split(',').filter(Boolean);
  const mneModes = args.includes('--no-mne') ? [] : (opt('--mne-modes') ?? 'keep,stream').split(',').filter(Boolean);
  const train = opt('--train');
  for (const f of folders) {
    if (!args.includes('--cold')) warmPageCache(f.dir);
    const xs: Record<string, Measure> = {};
    for (const mode of modes) {
      const extra = mode === 'disk' && train ? ['--train', train] : [];
      xs[mode] = { ...runChild(process.execPath, ['--expose-gc', __filename, '--child', f.dir, '--mode', mode, ...extra], 'xbrain'), mode };
    }
    const ms: Record<string, Measure> = {};
    for (const mode of mneModes) ms[mode] = { ...runChild(py, [path.join(repo, 'bench', 'study_mne.py'), f.dir, `--${mode}`], 'mne'), mode };
    emit(f.label, f.dir, xs, ms);
  }
}

main();
