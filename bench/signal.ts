/**
 * `npm run bench -- signal [--json] [--repeats N] [--only op,op] [--sfreq 160|250] [--threads 1] [--python PATH] [--no-mne]`: the
 * preprocessing cases of ../shared/refbench/filter_ref.py (FIR 8–30, Butterworth-4 8–30, notch 50, resample → 128 Hz,
 * CAR) on 64 × 96000 @ 160 Hz and 22 × 900000 @ 250 Hz, timed in-process through the same code the tools run (design
 * + application + new float32 arrays). MNE 1.3 runs the same operations on the same arrays in the same session
 * (bench/signal_mne.py under /usr/bin/python3, fed the bench's float32 arrays as float64), alternating with XBrain
 * repeat by repeat after one warm-up each, so both see the same machine load. Per op: median / min wall seconds and
 * median process CPU seconds of both, their ratios, and MNE's figure recorded in refbench/RESULTS.md
 * (`mne_recorded_seconds`). Without MNE the ratios fall back to the recorded figures (`mne_source` says which).
 * The filters and the resample run on the signal worker pool (built here from the sources; `--threads 1` keeps
 * everything on the main thread). See bench/README-signal.md.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { createInterface } from 'node:readline';
import * as path from 'node:path';
import type { Recording } from '../src/core/io/types';
import { setSignalWorkerScript, signalPool } from '../src/core/signal/workers/pool';
import { bandpass, notch, reference, resample } from '../src/core/signal/preprocess';
import type { SignalData } from '../src/core/signal/signalData';

const args = process.argv.slice(2);
const json = args.includes('--json');
const repeats = Number(args[args.indexOf('--repeats') + 1]) || 5;
const only = args.includes('--only') ? new Set(args[args.indexOf('--only') + 1].split(',')) : null;
/** --threads 1: everything on the main thread (the worker pool off) */
const singleThread = args.includes('--threads') && args[args.indexOf('--threads') + 1] === '1';
const python = args.includes('--python') ? args[args.indexOf('--python') + 1] : '/usr/bin/python3';
const noMne = args.includes('--no-mne');
/** --sfreq 160: only the case at that rate */
const onlySfreq = args.includes('--sfreq') ? Number(args[args.indexOf('--sfreq') + 1]) : null;

/** Bundle the signal worker from the current sources next to this bench (dist/bench/signalWorker.js). */
function buildWorker(): string | null {
  const outfile = path.join(__dirname, 'signalWorker.js');
  const esbuildBin = path.resolve('node_modules/esbuild/bin/esbuild');
  const r = spawnSync(
    esbuildBin,
    ['src/core/signal/workers/entry.ts', '--bundle', '--platform=node', '--format=cjs', '--target=node20', `--outfile=${outfile}`, '--log-level=warning'],
    { stdio: 'inherit' },
  );
  return r.status === 0 ? outfile : null;
}

/** MNE 1.3 medians from refbench/RESULTS.md (filter_ref.py, 5 repeats). */
const MNE: Record<string, number> = {
  'fir_bandpass_8_30@160': 0.152,
  'iir_butter4_8_30@160': 0.1162,
  'notch50@160': 0.1374,
  'resample_to_128@160': 0.1455,
  'car@160': 0.0101,
  'fir_bandpass_8_30@250': 0.3552,
  'iir_butter4_8_30@250': 0.2942,
  'notch50@250': 0.3217,
  'resample_to_128@250': 2.3315,
  'car@250': 0.046,
};

/** Seeded noise: xorshift32 → Box–Muller, scaled to EEG-like volts. */
function makeRecording(nCh: number, nTimes: number, sfreq: number): Recording {
  let s = 12345;
  const u = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) + 0.5) / 4294967296;
  };
  const data = Array.from({ length: nCh }, () => {
    const a = new Float32Array(nTimes);
    for (let i = 0; i < nTimes; i++) a[i] = 2e-5 * Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
    return a;
  });
  return {
    format: 'bench',
    path: 'bench',
    sfreq,
    nTimes,
    measDate: null,
    annotations: [],
    data,
    subject: '0',
    session: '0',
    channels: Array.from({ length: nCh }, (_, c) => ({ name: `E${c}`, type: 'eeg' as const, unit: 'V' })),
    events: { samples: new Int32Array(0), codes: new Int32Array(0), eventId: {}, source: 'none' },
  };
}

const OPS: Record<string, (d: SignalData) => unknown | Promise<unknown>> = {
  fir_bandpass_8_30: (d) => bandpass(d, { lFreq: 8, hFreq: 30, method: 'fir', iirOrder: 4 }),
  iir_butter4_8_30: (d) => bandpass(d, { lFreq: 8, hFreq: 30, method: 'iir', iirOrder: 4 }),
  notch50: (d) => notch(d, 50),
  resample_to_128: (d) => resample(d, 128),
  car: (d) => reference(d, 'average'),
};

const CASES: [number, number, number][] = [
  [64, 96000, 160],
  [22, 900000, 250],
];

interface Timing {
  seconds: number;
  cpu_seconds: number;
}

/** bench/signal_mne.py as a child process: one JSON request per line, one JSON reply per line. */
class MneRunner {
  private readonly replies: ((line: string) => void)[] = [];
  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (line) => this.replies.shift()?.(line));
  }

  /** Start the script; null and the reason when MNE cannot run here. */
  static async start(): Promise<{ runner: MneRunner | null; tool: string | null; reason: string | null }> {
    const child = spawn(python, [path.resolve('bench/signal_mne.py')], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const runner = new MneRunner(child);
    const first = await new Promise<string>((resolve) => {
      runner.replies.push(resolve);
      child.on('error', (e) => resolve(JSON.stringify({ error: `${python}: ${e.message}` })));
      child.on('exit', (code) => resolve(JSON.stringify({ error: `${python} exited (${code}) ${stderr.trim().split('\n').pop() ?? ''}` })));
    });
    const hello = JSON.parse(first) as { ready?: boolean; tool?: string; error?: string };
    if (!hello.ready) {
      child.kill();
      return { runner: null, tool: null, reason: hello.error ?? 'no reply' };
    }
    return { runner, tool: hello.tool ?? null, reason: null };
  }

  request<T>(req: object): Promise<T> {
    return new Promise((resolve, reject) => {
      this.replies.push((line) => {
        const r = JSON.parse(line) as T & { error?: string };
        if (r.error) reject(new Error(`signal_mne.py: ${r.error}`));
        else resolve(r);
      });
      this.child.stdin.write(JSON.stringify(req) + '\n');
    });
  }

  close(): void {
    this.child.stdin.end();
  }
}

async function timeXbrain(f: () => unknown): Promise<Timing> {
  (globalThis as { gc?: () => void }).gc?.();
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  await f();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  return { seconds, cpu_seconds: (c.user + c.system) / 1e6 };
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const r4 = (x: number) => Number(x.toFixed(4));
const r3 = (x: number) => Number(x.toFixed(3));
const load = () => os.loadavg().map((x) => Number(x.toFixed(2)));

async function main(): Promise<void> {
  await setSignalWorkerScript(singleThread ? null : buildWorker());
  const threads = signalPool()?.size ?? 1;
  const mne = noMne ? { runner: null, tool: null, reason: '--no-mne' } : await MneRunner.start();
  if (!mne.runner) console.error(`MNE not run (${mne.reason}): ratios use the recorded figures of refbench/RESULTS.md`);

  for (const [nCh, nTimes, sfreq] of CASES) {
    if (onlySfreq !== null && sfreq !== onlySfreq) continue;
    const rec = makeRecording(nCh, nTimes, sfreq);
    const data: SignalData = { kind: 'raw', recordings: [rec] };
    if (mne.runner) {
      // the same float32 samples, rows = channels, for MNE to read as float64
      const file = path.join(os.tmpdir(), `xbrain-bench-signal-${process.pid}-${sfreq}.f32`);
      const buf = new Float32Array(nCh * nTimes);
      rec.data.forEach((row, c) => buf.set(row, c * nTimes));
      fs.writeFileSync(file, Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength));
      await mne.runner.request({ cmd: 'load', path: file, shape: [nCh, nTimes], sfreq });
      fs.unlinkSync(file);
    }
    for (const [op, f] of Object.entries(OPS)) {
      if (only && !only.has(op)) continue;
      const loadBefore = load();
      // one warm-up each (JIT, FFT plans, imports), then the repeats alternate XBrain and MNE
      await f(data);
      if (mne.runner) await mne.runner.request({ cmd: 'run', op });
      const xb: Timing[] = [],
        mn: Timing[] = [];
      for (let r = 0; r < repeats; r++) {
        xb.push(await timeXbrain(() => f(data)));
        if (mne.runner) mn.push(await mne.runner.request<Timing>({ cmd: 'run', op }));
      }
      const seconds = median(xb.map((t) => t.seconds)),
        minSeconds = Math.min(...xb.map((t) => t.seconds)),
        cpuSeconds = median(xb.map((t) => t.cpu_seconds));
      const recorded = MNE[`${op}@${sfreq}`] ?? null;
      const same = mn.length > 0;
      const mneSeconds = same ? median(mn.map((t) => t.seconds)) : recorded;
      // recorded figures are medians of wall time only: no min, and the CPU ratio is taken against that wall time
      const mneMin = same ? Math.min(...mn.map((t) => t.seconds)) : null;
      const mneCpu = same ? median(mn.map((t) => t.cpu_seconds)) : null;
      const line = {
        op,
        shape: [nCh, nTimes],
        sfreq,
        repeats,
        threads,
        seconds: r4(seconds),
        min_seconds: r4(minSeconds),
        cpu_seconds: r4(cpuSeconds),
        all_seconds: xb.map((t) => r4(t.seconds)),
        mne_seconds: mneSeconds === null ? null : r4(mneSeconds),
        mne_min_seconds: mneMin === null ? null : r4(mneMin),
        mne_cpu_seconds: mneCpu === null ? null : r4(mneCpu),
        mne_all_seconds: same ? mn.map((t) => r4(t.seconds)) : null,
        ratio_vs_mne: mneSeconds ? r3(seconds / mneSeconds) : null,
        min_ratio_vs_mne: mneMin ? r3(minSeconds / mneMin) : null,
        cpu_ratio_vs_mne: mneCpu ? r3(cpuSeconds / mneCpu) : recorded ? r3(cpuSeconds / recorded) : null,
        mne_source: same ? `same run (${mne.tool})` : `recorded (refbench/RESULTS.md; MNE not run: ${mne.reason})`,
        mne_recorded_seconds: recorded,
        loadavg: [loadBefore, load()],
      };
      if (json) console.log(JSON.stringify(line));
      else
        console.log(
          `${op.padEnd(18)} ${`${nCh}×${nTimes}`.padEnd(10)} @${sfreq} Hz  XBrain ${seconds.toFixed(4)} s (min ${minSeconds.toFixed(4)}, cpu ${cpuSeconds.toFixed(4)})` +
            (mneSeconds
              ? same
                ? `  MNE ${mneSeconds.toFixed(4)} s (min ${mneMin!.toFixed(4)}, cpu ${mneCpu!.toFixed(4)})  ratio ${line.ratio_vs_mne}× (min ${line.min_ratio_vs_mne}×, cpu ${line.cpu_ratio_vs_mne}×)`
                : `  MNE ${mneSeconds} s recorded  ratio ${line.ratio_vs_mne}× (cpu ${line.cpu_ratio_vs_mne}×)`
              : ''),
        );
    }
  }
  mne.runner?.close();
}

void main().then(() => process.exit(0));
