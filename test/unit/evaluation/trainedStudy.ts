import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDataset } from '../../../src/core/dataset';
import type { Epochs } from '../../../src/core/signal/types';
import { Study } from '../../../src/core/study/study';
import type { RunRecord, TrainingConfig } from '../../../src/core/study/types';
import { createModel, trainModel, saveWeights, exportOnnx, type Model } from '../../../src/core/training';
import { repoRoot } from '../helpers/paths';
import { rng } from '../../../src/core/io/simulate';

/** The simulator's seeded mulberry32 generator. */
export { rng };
export const gauss = (r: () => number): number => Math.sqrt(-2 * Math.log(r() + 1e-300)) * Math.cos(2 * Math.PI * r());

/** (unit scale: with volts, BN running variances need far more updates than a short test trains) Two classes whose 10 Hz rhythm sits on different spatial patterns (C3-like vs Cz-like); 10-20 channel names. */
export function rhythmEpochs(n = 80, seed = 1): Epochs {
  const channels = ['C3', 'Cz', 'C4', 'FC3', 'FC4', 'CP3', 'CP4', 'Pz'];
  const C = channels.length;
  const sfreq = 64;
  const T = 96;
  const r = rng(seed);
  const patterns = [
    [1, 0.2, -0.3, 0.6, -0.1, 0.5, -0.2, 0],
    [-0.2, 1, 0.1, 0, 0.2, -0.1, 0.3, 0.6],
  ];
  const data = new Float32Array(n * C * T);
  const labels = new Int32Array(n);
  for (let e = 0; e < n; e++) {
    const y = e % 2;
    labels[e] = y;
    const phase = r() * 2 * Math.PI;
    for (let t = 0; t < T; t++) {
      const s = 3 * Math.sin((2 * Math.PI * 10 * t) / sfreq + phase);
      for (let c = 0; c < C; c++) data[(e * C + c) * T + t] = patterns[y][c] * s + gauss(r);
    }
  }
  return {
    data,
    nEpochs: n,
    nChannels: C,
    nTimes: T,
    channels,
    sfreq,
    tmin: 0,
    eventId: { left: 0, right: 1 },
    labels,
    subject: new Array(n).fill('S1'),
    session: new Array(n).fill('1'),
    recording: new Int32Array(n),
    eventSample: Int32Array.from({ length: n }, (_, i) => i * 200),
    baseline: null,
  };
}

export const TRAINING: TrainingConfig = {
  epoch: 10,
  batch_size: 16,
  learning_rate: 0.003,
  repeat: 1,
  device: 'cpu',
  optimizer: 'adam',
  save_checkpoints_every: 0,
  selection: 'last_epoch',
  backend: 'local',
  seed: 0,
};

export interface TrainedStudy {
  study: Study;
  workspace: string;
  ctx: { study: Study; env: { workspace: string; packageRoot: string; trusted: boolean } };
  models: Model[];
}

/** A Study at stage `trained`: epochs, a 2-fold dataset and one ShallowConvNet run per fold trained in-process. */
export async function trainedStudy(): Promise<TrainedStudy> {
  const workspace = mkdtempSync(join(tmpdir(), 'xb-eval-'));
  const study = new Study();
  const epochs = rhythmEpochs();
  const dataset = buildDataset(epochs, { test_ratio: 0, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group', unit: 'kfold', folds: 2 });
  study.commit(
    {
      epochs,
      dataset,
      history: [
        { op: 'bandpass_filter', params: { l_freq: 8, h_freq: 30 }, shape: [[8, 1000]], description: 'Filtering 8.0 ~ 30.0 Hz', at: '2026-01-01T00:00:00Z' },
      ],
    },
    ['epochs', 'datasets'],
  );
  const runs: RunRecord[] = [];
  const models: Model[] = [];
  const per = epochs.nChannels * epochs.nTimes;
  const gather = (idx: Int32Array) => {
    const x = new Float32Array(idx.length * per);
    idx.forEach((i, k) => x.set(epochs.data.subarray(i * per, (i + 1) * per), k * per));
    return { x, labels: Array.from(idx, (i) => epochs.labels[i]) };
  };
  for (const [k, split] of dataset.splits.entries()) {
    const model = createModel('SCCNet', { nChannels: epochs.nChannels, nTimes: epochs.nTimes, sfreq: epochs.sfreq, nClasses: 2 }, {}, { seed: 10 + k });
    await trainModel(
      model,
      { train: gather(split.train), val: gather(split.val) },
      { epochs: TRAINING.epoch, batchSize: 16, learningRate: 0.003, optimizer: 'adam', seed: k, threads: 1 },
    );
    const id = `run-${k}`;
    const dir = join(workspace, '.xbrain', 'runs', id);
    mkdirSync(dir, { recursive: true });
    saveWeights(join(dir, 'weights'), model);
    writeFileSync(join(dir, 'model.onnx'), exportOnnx(model));
    models.push(model);
    runs.push({
      id,
      splitId: split.id,
      splitName: split.name,
      repeat: 1,
      seed: k,
      model: { name: 'SCCNet', params: {} },
      config: TRAINING,
      status: 'done',
      metrics: [],
      artefacts: { weights: `runs/${id}/weights.json`, onnx: `runs/${id}/model.onnx` },
      startedAt: '2026-01-01T00:00:00Z',
      endedAt: '2026-01-01T00:01:00Z',
    });
  }
  study.commit({ runs, model: { name: 'SCCNet', params: {} }, training: TRAINING, montage: 'standard_1020' }, ['runs']);
  return { study, workspace, ctx: { study, env: { workspace, packageRoot: repoRoot, trusted: true } }, models };
}
