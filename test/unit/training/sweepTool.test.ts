// run_sweep through the registry on the local backend: confirmation states the run count, sweeps finish with
// per-point aggregates and RunRecords, bad plans are refused with the Study unchanged, stop_training cancels.
// The slurm sweeps (pytorch tasks) are in test/unit/backends/sweepSlurm.test.ts (npm run test:backends).
import { describe, expect, it } from 'vitest';
import { sweepSetup } from './sweepFixture';
import { tempPackageRoot } from './trainerBundle';

const { tmp, packageRoot } = tempPackageRoot('xbrain-sweeptool-');
const setup = (name: string): ReturnType<typeof sweepSetup> => sweepSetup(tmp, packageRoot, name);

describe('run_sweep', () => {
  it('asks for confirmation stating how many runs it starts, and refuses more folds than the dataset has', async () => {
    const { study, reg, ctx } = setup('confirm');
    const c = await reg.invoke('run_sweep', { grid: { learning_rate: [0.001, 0.005], batch_size: [8, 16] }, folds: 2 }, ctx);
    expect(c.type).toBe('confirm');
    expect(c.content).toContain('Start 8 training run(s) on the local backend: 4 grid point(s) × 2 fold(s) × 1 repeat(s)');
    const before = study.state;
    const bad = await reg.invoke('run_sweep', { grid: { learning_rate: [0.001] }, folds: 3 }, ctx, { confirmed: true });
    expect(bad.type).toBe('error');
    expect(bad.content).toMatch(/folds=3 but the dataset has 2 split/);
    const badKey = await reg.invoke('run_sweep', { grid: { momentum: [0.9] } }, ctx, { confirmed: true });
    expect(badKey.content).toMatch(/grid parameter "momentum" cannot be swept/);
    expect(study.state).toBe(before);
  });

  it('runs a local sweep to the end: one RunRecord per task with its grid point, mean ± SD per point', async () => {
    const { study, reg, ctx, progress } = setup('local');
    expect((await reg.invoke('configure_training', { epoch: 2, batch_size: 8, learning_rate: 0.001 }, ctx)).type).toBe('text');
    const r = await reg.invoke('run_sweep', { grid: { learning_rate: [0.001, 0.01] }, folds: 2 }, ctx, { confirmed: true });
    expect(r.type, r.content).toBe('text');
    expect(r.meta?.status).toBe('done');
    const summary = r.meta?.summary as Array<{ label: string; done: number; testAccuracy: { n: number } }>;
    expect(summary.map((p) => [p.label, p.done, p.testAccuracy.n])).toEqual([
      ['learning_rate=0.001', 2, 2],
      ['learning_rate=0.01', 2, 2],
    ]);
    const runs = study.state.runs;
    expect(runs).toHaveLength(4);
    expect(JSON.stringify(runs.map((x) => [x.status, x.metrics.length, x.sweep?.id]))).toBe(JSON.stringify(Array(4).fill(['done', 2, r.meta?.sweepId])));
    expect(runs.map((x) => x.config.learning_rate)).toEqual([0.001, 0.001, 0.01, 0.01]);
    expect(study.stage).toBe('trained');
    expect(progress.some((l) => /sweep task 4\/4: done/.test(l))).toBe(true);
  }, 120_000);

  it("records the model each task trained: grid model hyper-parameters land in the run's model params", async () => {
    const { study, reg, ctx } = setup('modelgrid');
    expect((await reg.invoke('configure_training', { epoch: 1, batch_size: 8, learning_rate: 0.001 }, ctx)).type).toBe('text');
    const r = await reg.invoke('run_sweep', { grid: { F1: [4, 8] } }, ctx, { confirmed: true });
    expect(r.meta?.status, r.content).toBe('done');
    expect(study.state.runs.map((x) => [x.model.name, x.model.params.F1])).toEqual([
      ['EEGNet', 4],
      ['EEGNet', 8],
    ]);
  }, 120_000);

  it('shows the tasks as running runs while it goes on, and stop_training cancels it', async () => {
    const { study, reg, ctx } = setup('stop');
    expect((await reg.invoke('configure_training', { epoch: 300, batch_size: 8, learning_rate: 0.001 }, ctx)).type).toBe('text');
    const bg = { ...ctx, awaitLongJobs: false };
    const r = await reg.invoke('run_sweep', { grid: { learning_rate: [0.001, 0.002, 0.003] } }, bg, { confirmed: true });
    expect(r.content).toMatch(/Sweep started: 3 run\(s\) on local/);
    expect(study.stage).toBe('training');
    expect(study.state.runs.map((x) => x.status)).toEqual(['running', 'running', 'running']);
    await new Promise((r) => setTimeout(r, 1000)); // let the first task start
    const stop = await reg.invoke('stop_training', {}, bg);
    expect(stop.content).toMatch(/Sweep cancelled: 0 of 3 run\(s\) had finished/);
    expect(study.state.runs.map((x) => x.status)).toEqual(['stopped', 'stopped', 'stopped']);
    expect(study.stage).toBe('dataset_ready'); // no run finished, so nothing counts as trained
  }, 60_000);
});
