import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSignalWorker } from './signalWorkerBundle';
import { goldenRecording } from './fixtures';
import { maxRelErr, readRows } from './goldenData';
import { designFir, designNotch } from '../../../src/core/signal/firDesign';
import { designButterworth } from '../../../src/core/signal/iir';
import { applyRowOp, type RowOp } from '../../../src/core/signal/workers/rowOp';
import { runRows, setSignalWorkerScript, signalPool } from '../../../src/core/signal/workers/pool';
import { bandpass, notch, resample } from '../../../src/core/signal/preprocess';
import type { Row } from '../../../src/core/signal/rows';
import type { SignalData } from '../../../src/core/signal/signalData';

/** Seeded noise plus a drift, so every op has work to do and the edges are not trivial. */
function rows(nRows: number, n: number, seed: number, type: 'f32' | 'f64' = 'f32'): Row[] {
  let s = seed >>> 0 || 1;
  const u = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296 - 0.5;
  };
  return Array.from({ length: nRows }, (_, r) => {
    const a = type === 'f32' ? new Float32Array(n) : new Float64Array(n);
    for (let i = 0; i < n; i++) a[i] = 1e-5 * u() + 1e-6 * Math.sin((i * (r + 1)) / 300);
    return a;
  });
}

function identical(a: readonly Row[], b: readonly Row[]): boolean {
  return a.length === b.length && a.every((r, i) => r.length === b[i].length && r.every((v, j) => Object.is(v, b[i][j])));
}

const OPS: [string, RowOp, (n: number) => number][] = [
  ['FIR 8–30 @160', { kind: 'fir', taps: designFir(160, 8, 30).taps }, (n) => n],
  ['notch 50/100 @250', { kind: 'fir', taps: designNotch(250, [50, 100]).taps }, (n) => n],
  ['IIR Butterworth-4 @160', { kind: 'iir', sos: designButterworth(4, 8, 30, 160).sos, padlen: designButterworth(4, 8, 30, 160).padlen }, (n) => n],
  ['resample 160 → 128', { kind: 'resample', up: 128, down: 160, npad: 100 }, (n) => Math.round((n * 128) / 160)],
];

describe('row-parallel signal operations (worker_threads)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'xbrain-sigworker-'));
    await setSignalWorkerScript(await buildSignalWorker(dir));
  }, 60_000);
  afterAll(async () => {
    await setSignalWorkerScript(undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts a pool of min(2, cores) workers from the bundle', () => {
    const pool = signalPool();
    if (availableParallelism() >= 2) expect(pool?.size).toBe(2);
    else expect(pool).toBeNull();
  });

  for (const [name, op, outLen] of OPS) {
    it(`${name}: the pool's output is bit-identical to the main thread's (odd row count, float32 and float64 rows)`, async () => {
      for (const [nRows, n, type] of [
        [7, 6000, 'f32'],
        [10, 4001, 'f64'],
      ] as const) {
        const input = rows(nRows, n, 99 + nRows, type);
        const single = input.map(() => new Float32Array(outLen(n)));
        applyRowOp(op, input, single);
        const parallel = input.map(() => new Float32Array(outLen(n)));
        const before = signalPool()?.tasksDone ?? 0;
        await runRows(op, input, parallel, { minParallelSamples: 0 });
        if (availableParallelism() >= 2) expect(signalPool()!.tasksDone).toBeGreaterThan(before);
        expect(identical(parallel, single)).toBe(true);
        // the result is real work, not a copy of the input or zeros
        expect(parallel[3].some((v) => v !== 0)).toBe(true);
      }
    });
  }

  it('epoch rows (views into one contiguous array) come back in place, unchanged by the hand-off', async () => {
    const nEp = 9,
      nCh = 5,
      n = 640;
    const flat = new Float32Array(nEp * nCh * n);
    rows(nEp * nCh, n, 7).forEach((r, i) => flat.set(r, i * n));
    const view = (a: Float32Array) => Array.from({ length: nEp * nCh }, (_, i) => a.subarray(i * n, (i + 1) * n));
    const op: RowOp = { kind: 'fir', taps: designFir(160, 8, 30).taps };
    const a = new Float32Array(flat.length),
      b = new Float32Array(flat.length);
    applyRowOp(op, view(flat), view(a));
    await runRows(op, view(flat), view(b), { minParallelSamples: 0 });
    expect(identical([b], [a])).toBe(true);
  });

  it('filters and resamples through the pool still match MNE (golden, ≤1e-6) and equal the main-thread steps', async () => {
    const d160: SignalData = { kind: 'raw', recordings: [goldenRecording(160)] };
    const d250: SignalData = { kind: 'raw', recordings: [goldenRecording(250)] };
    const par = { minParallelSamples: 0 };
    const cases: [() => Promise<{ data: SignalData }>, () => Promise<{ data: SignalData }>, string, number][] = [
      [
        () => bandpass(d160, { lFreq: 8, hFreq: 30, method: 'fir', iirOrder: 4 }, par),
        () => bandpass(d160, { lFreq: 8, hFreq: 30, method: 'fir', iirOrder: 4 }, { minParallelSamples: Infinity }),
        'fir_bandpass_8_30_160.f64',
        8,
      ],
      [() => notch(d250, 50, par), () => notch(d250, 50, { minParallelSamples: Infinity }), 'notch50_250.f64', 8],
      [() => resample(d160, 128, par), () => resample(d160, 128, { minParallelSamples: Infinity }), 'resample_to_128_160.f64', 8],
    ];
    for (const [viaPool, onMain, golden, nRows] of cases) {
      const p = (await viaPool()).data,
        m = (await onMain()).data;
      if (p.kind !== 'raw' || m.kind !== 'raw') throw new Error('raw expected');
      expect(identical(p.recordings[0].data, m.recordings[0].data)).toBe(true);
      expect(
        maxRelErr(
          p.recordings[0].data.map((r) => Float64Array.from(r)),
          readRows(golden, nRows),
        ),
      ).toBeLessThan(1e-6);
    }
  });

  it('falls back to the main thread when no worker bundle is found', async () => {
    await setSignalWorkerScript(join(dir, 'missing.js'));
    expect(signalPool()).toBeNull();
    const input = rows(4, 3000, 5);
    const out = input.map(() => new Float32Array(3000));
    await runRows(OPS[0][1], input, out, { minParallelSamples: 0 });
    const want = input.map(() => new Float32Array(3000));
    applyRowOp(OPS[0][1], input, want);
    expect(identical(out, want)).toBe(true);
    await setSignalWorkerScript(join(dir, 'signalWorker.js'));
  });
});
