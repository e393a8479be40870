// evaluate says plainly when the network is at chance while CSP+LDA is well above it, and what to check (scale,
// epochs, learning rate); it stays quiet for a network that learned. Models here are real ONNX exports run by
// ONNX Runtime: a "stuck" network (classifier weights 0, bias favouring class 0) predicts one class for every
// trial, as a network that learned nothing does; the data are the spatially separable rhythm epochs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../../src/core/dataset';
import type { Epochs } from '../../../src/core/signal/types';
import { Study } from '../../../src/core/study/study';
import type { RunRecord } from '../../../src/core/study/types';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { createModel, exportOnnx } from '../../../src/core/training';
import { repoRoot } from '../helpers/paths';
import { rhythmEpochs, TRAINING } from './trainedStudy';
import { tempPackageRoot } from '../training/trainerBundle';

const trainer = tempPackageRoot('xb-diag-train-');

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A Study at stage trained whose runs are stuck networks. */
function studyWith(epochs: Epochs, opts: { inputNorm: 'none' | 'train_fold'; trainAcc: number; lr: number; normalizeHistory?: boolean }) {
  const workspace = mkdtempSync(join(tmpdir(), 'xb-diag-'));
  dirs.push(workspace);
  const study = new Study();
  const dataset = buildDataset(epochs, { test_ratio: 0, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group', unit: 'kfold', folds: 2 });
  const history = opts.normalizeHistory
    ? [{ op: 'normalize_data', params: { method: 'z-score' }, shape: [[8, 1000]], description: 'z-score', at: '2026-01-01T00:00:00Z' }]
    : [];
  study.commit({ epochs, dataset, history }, ['epochs', 'datasets']);
  const config = { ...TRAINING, learning_rate: opts.lr, epoch: 3, input_norm: opts.inputNorm };
  const runs: RunRecord[] = dataset.splits.map((split, k) => {
    const model = createModel('SCCNet', { nChannels: epochs.nChannels, nTimes: epochs.nTimes, sfreq: epochs.sfreq, nClasses: 2 }, {}, { seed: k });
    const cls = model.layers[model.layers.length - 1].layer.params;
    cls[0].data.fill(0);
    cls[1].data.set([1, 0]);
    const id = `run-${k}`;
    mkdirSync(join(workspace, '.xbrain', 'runs', id), { recursive: true });
    writeFileSync(join(workspace, '.xbrain', 'runs', id, 'model.onnx'), exportOnnx(model));
    const m = { loss: 0.69, accuracy: opts.trainAcc, auc: 0.5 };
    return {
      id,
      splitId: split.id,
      splitName: split.name,
      repeat: 1,
      seed: k,
      model: { name: 'SCCNet', params: {} },
      config,
      status: 'done',
      metrics: [1, 2, 3].map((epoch) => ({ epoch, seconds: 1, lr: opts.lr, train: m })),
      artefacts: { onnx: `runs/${id}/model.onnx` },
      startedAt: '2026-01-01T00:00:00Z',
      endedAt: '2026-01-01T00:01:00Z',
    };
  });
  study.commit({ runs, model: { name: 'SCCNet', params: {} }, training: config }, ['runs']);
  return { study, ctx: { study, env: { workspace, packageRoot: repoRoot, trusted: true } } };
}

describe('evaluate: chance-level diagnosis', () => {
  it('warns about a network at chance next to a strong CSP+LDA and points at the volts scale it trained on', async () => {
    const e = rhythmEpochs();
    for (let i = 0; i < e.data.length; i++) e.data[i] *= 1e-5;
    const { ctx } = studyWith(e, { inputNorm: 'none', trainAcc: 0.55, lr: 0.001 });
    const r = await new ToolRegistry().invoke('evaluate', {}, ctx);
    expect(r.type).toBe('data');
    const m = r.meta as { accuracy: number; baseline: { accuracy: number }; diagnosis: string | null };
    expect(m.accuracy).toBe(0.5);
    expect(m.baseline.accuracy).toBeGreaterThan(0.9);
    expect(r.content).toMatch(/Warning: The model is at or below chance \(accuracy 50\.0%/);
    expect(m.diagnosis).toContain(`CSP+LDA reaches ${(100 * m.baseline.accuracy).toFixed(1)}% on the same split`);
    expect(m.diagnosis).toMatch(/epochs are in volts \(SD ≈ \d\.\de-5\) and 2 run\(s\) trained with input_norm=none/);
    expect(m.diagnosis).toMatch(
      /training accuracy is only 55\.0% after 3 epoch\(s\) \((\d+) optimiser steps of batch (\d+) on (\d+) training trials\): it underfits/,
    );
    // the steps are the epochs times the batches of the run's training split
    const [, steps, batch, trials] = /\((\d+) optimiser steps of batch (\d+) on (\d+) training trials\)/.exec(m.diagnosis!)!.map(Number);
    const run = ctx.study.state.runs[0];
    expect(trials).toBe(ctx.study.state.dataset!.splits.find((s) => s.id === run.splitId)!.train.length);
    expect(batch).toBe(run.config.batch_size);
    expect(steps).toBe(3 * Math.ceil(trials / batch));
    expect(m.diagnosis).toMatch(/learning rate — 0\.001/);
  });

  it('names overfitting and a tiny learning rate, and does not blame the scale of standardised inputs', async () => {
    const { ctx } = studyWith(rhythmEpochs(), { inputNorm: 'train_fold', trainAcc: 0.98, lr: 1e-5 });
    const r = await new ToolRegistry().invoke('evaluate', {}, ctx);
    const d = (r.meta as { diagnosis: string | null }).diagnosis;
    expect(d).not.toBeNull();
    expect(d).not.toMatch(/in volts/);
    expect(d).toMatch(/standardised by the trainer/);
    expect(d).toMatch(/training accuracy 98\.0% .* it overfits/);
    expect(d).toMatch(/learning rate — 0\.00001 is very small/);
  });

  it('fires on the default path: start_training with the adapted defaults, then evaluate with its defaults', async () => {
    // the real trainer child process; a learning rate of 1e-7 (the one option set) keeps the network where it started
    const workspace = join(trainer.tmp, 'default-path');
    mkdirSync(workspace, { recursive: true });
    const study = new Study();
    const epochs = rhythmEpochs();
    const dataset = buildDataset(epochs, { test_ratio: 0, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group', unit: 'kfold', folds: 5 });
    study.commit({ epochs, dataset }, ['epochs', 'datasets']);
    const ctx = { study, env: { workspace, packageRoot: trainer.packageRoot, trusted: true } };
    const reg = new ToolRegistry();
    await reg.invoke('set_model', { model_name: 'SCCNet' }, ctx);
    await reg.invoke('configure_training', { learning_rate: 1e-7 }, ctx);
    const t = await reg.invoke('start_training', {}, { ...ctx, awaitLongJobs: true }, { confirmed: true });
    expect(t.content).toMatch(/Defaults adapted to the training set/);
    const r = await reg.invoke('evaluate', {}, ctx);
    const m = r.meta as { accuracy: number; baseline: { accuracy: number }; diagnosis: string | null };
    expect(m.baseline.accuracy).toBeGreaterThan(0.9);
    expect(m.diagnosis, `accuracy ${m.accuracy}`).not.toBeNull();
    expect(r.content).toMatch(/Warning: The model is (at or below|not significantly above) chance/);
    const run = study.state.runs[0];
    expect(m.diagnosis).toContain(
      `after ${run.config.epoch} epoch(s) (${run.config.epoch * Math.ceil(dataset.splits[0].train.length / run.config.batch_size)} optimiser steps`,
    );
    expect(m.diagnosis).toMatch(/learning rate — 1e-7 is very small/);
  }, 120_000);

  it('stays quiet without the baseline to compare with', async () => {
    const { ctx } = studyWith(rhythmEpochs(), { inputNorm: 'train_fold', trainAcc: 0.98, lr: 0.001 });
    const r = await new ToolRegistry().invoke('evaluate', { baseline: false }, ctx);
    expect((r.meta as { diagnosis: string | null }).diagnosis).toBeNull();
    expect(r.content).not.toMatch(/Warning/);
  });
});
