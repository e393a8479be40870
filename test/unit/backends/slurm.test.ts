// The slurm backend on a real one-node Slurm cluster (../shared/tools/slurm-local, started by .ci/run, which exports
// SLURM_CONF): a 2×2 sweep runs to completion with aggregated results, a sweep is cancelled in flight, and a
// deliberately failing task is reported with its error. Without a cluster these tests fail with the reason.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { arrayTaskStates, slurmAvailability } from '../../../src/core/training/backends/slurm';
import { planSweep } from '../../../src/core/training/sweep/plan';
import { prepareSweep, startSweep, type SweepInput } from '../../../src/core/training/sweep/run';
import { Rng } from '../../../src/core/training/rng';
import { repoRoot } from '../helpers/paths';

// Slurm runs the tasks as this user in the shared folder: keep it out of a 0700 home.
const tmp = mkdtempSync(path.join(tmpdir(), 'xbrain-slurm-'));
afterAll(() => {
  if (!process.env.XB_KEEP) rmSync(tmp, { recursive: true, force: true });
});
const settings = { packageRoot: repoRoot };
const spec = { nChannels: 4, nTimes: 160, sfreq: 64, nClasses: 2 };

function input(dir: string, grid: Record<string, number[]>, epochs: number, folds = 2): SweepInput {
  const rng = new Rng(11);
  const n = 40;
  const per = spec.nChannels * spec.nTimes;
  const x = new Float32Array(n * per);
  const labels = Int32Array.from({ length: n }, (_, i) => i % 2);
  for (let i = 0; i < n; i++)
    for (let t = 0; t < spec.nTimes; t++) {
      x[i * per + labels[i] * spec.nTimes + t] = Math.sin((2 * Math.PI * (labels[i] ? 12 : 6) * t) / spec.sfreq);
      for (let c = 0; c < spec.nChannels; c++) x[i * per + c * spec.nTimes + t] += 0.5 * rng.normal();
    }
  const idx = (a: number, b: number): Int32Array => Int32Array.from({ length: b - a }, (_, i) => a + i);
  const splits = [
    { name: 'Fold_1', train: idx(0, 28), val: idx(28, 34), test: idx(34, 40) },
    { name: 'Fold_2', train: idx(12, 40), val: idx(6, 12), test: idx(0, 6) },
  ];
  return {
    dir,
    tasks: planSweep(grid, folds, 1, 1),
    spec,
    model: { name: 'EEGNet', params: {} },
    config: { epochs, batchSize: 8, learningRate: 1e-3, optimizer: 'adam', selection: 'last_epoch', checkpointEvery: 0, threads: 1 },
    x,
    labels,
    splits,
  };
}

describe('slurm backend (real cluster)', () => {
  it('is available', async () => {
    const a = await slurmAvailability();
    expect(a.available, `${a.detail} — start ../shared/tools/slurm-local/start.sh and export SLURM_CONF`).toBe(true);
  });

  it('runs a 2×2 sweep (grid point × fold) to completion and aggregates mean ± SD per point', async () => {
    const prepared = prepareSweep(input(path.join(tmp, 'ok'), { learning_rate: [1e-3, 5e-3] }, 2));
    expect(prepared).toHaveLength(4);
    const run = startSweep(prepared, { backend: 'slurm', settings, pollMs: 300 });
    const statuses: string[] = [];
    run.on((e) => {
      if (e.type === 'task' && !e.progress) statuses.push(`${e.index}:${e.status}`);
    });
    const out = await run.finished;
    expect(out.status, JSON.stringify(out.results.map((r) => r.error))).toBe('done');
    expect(out.jobId).toMatch(/^\d+$/);
    expect(out.results.map((r) => `${r.status}:${r.final?.epoch}`)).toEqual(['done:2', 'done:2', 'done:2', 'done:2']);
    expect(out.summary).toHaveLength(2);
    for (const p of out.summary) {
      expect(p.done).toBe(2);
      expect(p.testAccuracy!.n).toBe(2);
      expect(p.testAccuracy!.mean).toBeGreaterThanOrEqual(0);
      expect(p.testAccuracy!.mean).toBeLessThanOrEqual(1);
    }
    expect(out.summary.map((p) => p.label)).toEqual(['learning_rate=0.001', 'learning_rate=0.005']);
    for (let i = 0; i < 4; i++) expect(statuses).toContain(`${i}:done`);
    console.log(`slurm 2×2 sweep: first task running after ${out.timings.firstStart?.toFixed(2)} s, all done after ${out.timings.total.toFixed(2)} s`);
  }, 180_000);

  it('cancels a sweep in flight with scancel', async () => {
    const prepared = prepareSweep(input(path.join(tmp, 'cancel'), { learning_rate: [1e-3, 2e-3, 3e-3] }, 400));
    const run = startSweep(prepared, { backend: 'slurm', settings, pollMs: 200 });
    await new Promise<void>((resolve) =>
      run.on((e) => {
        if (e.type === 'task' && e.status === 'running') resolve();
      }),
    );
    const out = await run.cancel();
    expect(out.status).toBe('cancelled');
    expect(out.results.some((r) => r.status === 'cancelled')).toBe(true);
    expect(out.results.every((r) => r.status !== 'running' && r.status !== 'pending')).toBe(true);
    const states = await arrayTaskStates(out.jobId!);
    for (const s of states.values()) expect(['CANCELLED', 'COMPLETED']).toContain(s);
  }, 120_000);

  it('reports a deliberately failing task with its error while the others finish', async () => {
    // F1 = 0 is refused by the model constructor inside the trainer on the compute node
    const prepared = prepareSweep(input(path.join(tmp, 'fail'), { F1: [8, 0] }, 1, 1));
    const out = await startSweep(prepared, { backend: 'slurm', settings, pollMs: 300 }).finished;
    expect(out.status).toBe('failed');
    const bad = out.results.find((r) => r.task.point.F1 === 0)!;
    const good = out.results.find((r) => r.task.point.F1 === 8)!;
    expect(good.status).toBe('done');
    expect(bad.status).toBe('failed');
    expect(bad.error).toMatch(/F1=0 is out of range/);
    expect(out.summary.find((p) => p.point.F1 === 0)!.failed).toBe(1);
  }, 120_000);
});
