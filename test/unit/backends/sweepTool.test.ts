// run_sweep through the registry on a Study with epochs and a 2-fold dataset: confirmation states the run count,
// local and slurm (with pytorch tasks) sweeps finish with per-point aggregates and RunRecords, bad plans are refused
// with the Study unchanged. Slurm needs SLURM_CONF (see slurm.test.ts); pytorch needs python3 with torch.
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Epochs } from '../../../src/core/signal/types';
import { Study } from '../../../src/core/study/study';
import type { Dataset } from '../../../src/core/study/types';
import { ToolRegistry } from '../../../src/core/tools/registry';
import type { ToolContext } from '../../../src/core/tools/types';
import { toyData } from '../training/toyData';
import { tempPackageRoot } from '../training/trainerBundle';

const { tmp, packageRoot } = tempPackageRoot('xbrain-sweeptool-', { python: true });

const range = (a: number, b: number): Int32Array => Int32Array.from({ length: b - a }, (_, i) => a + i);

function setup(name: string): { study: Study; reg: ToolRegistry; ctx: ToolContext; progress: string[] } {
  const n = 40;
  const { x, labels } = toyData(n, 4, 160, 64, 9);
  const epochs: Epochs = {
    data: x, nEpochs: n, nChannels: 4, nTimes: 160, channels: ['C3', 'Cz', 'C4', 'Pz'], sfreq: 64, tmin: 0,
    eventId: { T1: 0, T2: 1 }, labels, subject: Array(n).fill('S001'), session: Array(n).fill('R04'),
    recording: new Int32Array(n), eventSample: range(0, n), baseline: null,
  };
  const dataset: Dataset = {
    config: { test_ratio: 0.2, val_ratio: 0.1, split_strategy: 'trial', training_mode: 'group' },
    splits: [
      { id: 'f1', name: 'Fold_1', train: range(0, 28), val: range(28, 32), test: range(32, 40) },
      { id: 'f2', name: 'Fold_2', train: range(12, 40), val: range(8, 12), test: range(0, 8) },
    ],
    audit: { overlap: 0, warnings: [] },
    createdAt: new Date(0).toISOString(),
  };
  const workspace = path.join(tmp, name);
  mkdirSync(workspace, { recursive: true });
  const study = new Study();
  study.commit({ epochs, dataset }, ['epochs', 'datasets']);
  const progress: string[] = [];
  return { study, reg: new ToolRegistry(), ctx: { study, env: { workspace, packageRoot, trusted: true }, progress: (m) => progress.push(m), awaitLongJobs: true }, progress };
}

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
    expect(summary.map((p) => [p.label, p.done, p.testAccuracy.n])).toEqual([['learning_rate=0.001', 2, 2], ['learning_rate=0.01', 2, 2]]);
    const runs = study.state.runs;
    expect(runs).toHaveLength(4);
    expect(JSON.stringify(runs.map((x) => [x.status, x.metrics.length, x.sweep?.id]))).toBe(JSON.stringify(Array(4).fill(['done', 2, r.meta?.sweepId])));
    expect(runs.map((x) => x.config.learning_rate)).toEqual([0.001, 0.001, 0.01, 0.01]);
    expect(study.stage).toBe('trained');
    expect(progress.some((l) => /sweep task 4\/4: done/.test(l))).toBe(true);
  }, 120_000);

  it('records the model each task trained: grid model hyper-parameters land in the run\'s model params', async () => {
    const { study, reg, ctx } = setup('modelgrid');
    expect((await reg.invoke('configure_training', { epoch: 1, batch_size: 8, learning_rate: 0.001 }, ctx)).type).toBe('text');
    const r = await reg.invoke('run_sweep', { grid: { F1: [4, 8] } }, ctx, { confirmed: true });
    expect(r.meta?.status, r.content).toBe('done');
    expect(study.state.runs.map((x) => [x.model.name, x.model.params.F1])).toEqual([['EEGNet', 4], ['EEGNet', 8]]);
  }, 120_000);

  it('runs on slurm with the pytorch trainer in each task', async () => {
    const { study, reg, ctx } = setup('slurm');
    expect((await reg.invoke('configure_training', { epoch: 2, batch_size: 8, learning_rate: 0.001, backend: 'pytorch' }, ctx)).type).toBe('text');
    const r = await reg.invoke('run_sweep', { grid: { learning_rate: [0.001, 0.01] }, folds: 1, backend: 'slurm' }, ctx, { confirmed: true });
    expect(r.type, r.content).toBe('text');
    expect(r.meta?.status, r.content).toBe('done');
    expect(r.content).toMatch(/Slurm job \d+/);
    expect(study.state.runs.map((x) => x.status)).toEqual(['done', 'done']);
    expect(study.state.runs.every((x) => x.artefacts.onnx?.endsWith('model.onnx'))).toBe(true);
  }, 180_000);

  it('start_training on slurm submits every split × repeat as one array job, with the seeds of local runs', async () => {
    const { study, reg, ctx } = setup('slurm-train');
    expect((await reg.invoke('configure_training', { epoch: 2, batch_size: 8, learning_rate: 0.001, repeat: 2, seed: 5, backend: 'slurm' }, ctx)).type).toBe('text');
    const c = await reg.invoke('start_training', {}, ctx);
    expect(c.type).toBe('confirm');
    expect(c.content).toContain('2 split(s) × 2 repeat(s) = 4 run(s) as one Slurm array job');
    const r = await reg.invoke('start_training', {}, ctx, { confirmed: true });
    expect(r.type, r.content).toBe('text');
    expect(r.content, r.content).toMatch(/^Training done: 4\/4 run\(s\) finished on slurm \(Slurm job \d+\)/);
    const runs = study.state.runs;
    expect(runs.map((x) => [x.splitName, x.repeat, x.seed, x.status, x.metrics.length])).toEqual([
      ['Fold_1', 1, 5, 'done', 2], ['Fold_1', 2, 6, 'done', 2], ['Fold_2', 1, 1005, 'done', 2], ['Fold_2', 2, 1006, 'done', 2],
    ]);
    expect(runs.every((x) => x.sweep === undefined && x.config.backend === 'slurm' && x.artefacts.onnx?.endsWith('model.onnx'))).toBe(true);
    expect(study.stage).toBe('trained');
    const ev = await reg.invoke('evaluate', {}, ctx);
    expect(ev.type, ev.content).not.toBe('error');
  }, 180_000);

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
