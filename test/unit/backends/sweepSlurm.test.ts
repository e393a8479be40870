// run_sweep and start_training on a real one-node Slurm cluster (SLURM_CONF, started by .ci/run) with the pytorch
// trainer (python3 with torch) in each task; part of `npm run test:backends`.
import { describe, expect, it } from 'vitest';
import { sweepSetup } from '../training/sweepFixture';
import { tempPackageRoot } from '../training/trainerBundle';

const { tmp, packageRoot } = tempPackageRoot('xbrain-sweepslurm-', { python: true });
const setup = (name: string): ReturnType<typeof sweepSetup> => sweepSetup(tmp, packageRoot, name);

describe('run_sweep / start_training on slurm', () => {
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
    // batch_size left unset: Slurm training adapts it to the training set as local training does, and says so
    expect((await reg.invoke('configure_training', { epoch: 2, learning_rate: 0.001, repeat: 2, seed: 5, backend: 'slurm' }, ctx)).type).toBe('text');
    const c = await reg.invoke('start_training', {}, ctx);
    expect(c.type).toBe('confirm');
    expect(c.content).toContain('2 split(s) × 2 repeat(s) = 4 run(s) as one Slurm array job');
    const r = await reg.invoke('start_training', {}, ctx, { confirmed: true });
    expect(r.type, r.content).toBe('text');
    expect(r.content, r.content).toMatch(/^Training done: 4\/4 run\(s\) finished on slurm \(Slurm job \d+\)/);
    const runs = study.state.runs;
    expect(runs.map((x) => [x.splitName, x.repeat, x.seed, x.status, x.metrics.length])).toEqual([
      ['Fold_1', 1, 5, 'done', 2],
      ['Fold_1', 2, 6, 'done', 2],
      ['Fold_2', 1, 1005, 'done', 2],
      ['Fold_2', 2, 1006, 'done', 2],
    ]);
    expect(runs.every((x) => x.sweep === undefined && x.config.backend === 'slurm' && x.artefacts.onnx?.endsWith('model.onnx'))).toBe(true);
    expect(r.content).toMatch(/Defaults adapted to the training set[^\n]*batch 32 → \d+/);
    expect(runs.every((x) => x.config.batch_size < 32 && x.adaptedDefaults?.some((a) => a.option === 'batch_size' && a.to === x.config.batch_size))).toBe(true);
    expect(study.stage).toBe('trained');
    const ev = await reg.invoke('evaluate', {}, ctx);
    expect(ev.type, ev.content).not.toBe('error');
  }, 180_000);
});
