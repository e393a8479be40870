/**
 * `npm run bench -- signal [--json] [--repeats N] [--only op,op]`: the preprocessing cases of
 * ../shared/refbench/filter_ref.py (FIR 8–30, Butterworth-4 8–30, notch 50, resample → 128 Hz, CAR) on
 * 64 × 96000 @ 160 Hz and 22 × 900000 @ 250 Hz, timed in-process through the same code the tools run (design +
 * application + new float32 arrays), median of the repeats; cpu_seconds (process CPU time, median) shows the
 * cost when the shared machine is loaded (min_seconds: the least disturbed repeat). The filters and the resample
 * run on the signal worker pool (built here from the sources; `--threads 1` keeps everything on the main thread). Each line also carries MNE's recorded time from
 * refbench/RESULTS.md (same machine class) and the ratio.
 */
import { spawnSync } from 'node:child_process';
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

async function main(): Promise<void> {
  await setSignalWorkerScript(singleThread ? null : buildWorker());
  const threads = signalPool()?.size ?? 1;

  for (const [nCh, nTimes, sfreq] of CASES) {
    const data: SignalData = { kind: 'raw', recordings: [makeRecording(nCh, nTimes, sfreq)] };
    for (const [op, f] of Object.entries(OPS)) {
      if (only && !only.has(op)) continue;
      const times: number[] = [];
      const cpu: number[] = [];
      for (let r = 0; r < repeats; r++) {
        (globalThis as { gc?: () => void }).gc?.();
        const c0 = process.cpuUsage();
        const t0 = process.hrtime.bigint();
        await f(data);
        times.push(Number(process.hrtime.bigint() - t0) / 1e9);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1e6);
      }
      const cpuSeconds = Number(
        cpu
          .slice()
          .sort((a, b) => a - b)
          [Math.floor(cpu.length / 2)].toFixed(4),
      );
      const sorted = times.slice().sort((a, b) => a - b);
      const seconds = Number(sorted[Math.floor(sorted.length / 2)].toFixed(4));
      const mne = MNE[`${op}@${sfreq}`];
      const line = {
        op,
        shape: [nCh, nTimes],
        sfreq,
        seconds,
        min_seconds: Number(sorted[0].toFixed(4)),
        repeats,
        all_seconds: times.map((t) => Number(t.toFixed(4))),
        cpu_seconds: cpuSeconds,
        threads,
        mne_recorded_seconds: mne ?? null,
        cpu_ratio_vs_mne: mne ? Number((cpuSeconds / mne).toFixed(3)) : null,
        ratio_vs_mne: mne ? Number((seconds / mne).toFixed(3)) : null,
      };
      if (json) console.log(JSON.stringify(line));
      else
        console.log(
          `${op.padEnd(20)} ${`${nCh}×${nTimes}`.padEnd(12)} @${sfreq} Hz  ${seconds.toFixed(4)} s${mne ? `  (MNE ${mne} s, ${(seconds / mne).toFixed(2)}x)` : ''}`,
        );
    }
  }
}

void main().then(() => process.exit(0));
