// Input standardisation fitted on the training split (inputNorm.ts): the statistics, the model applying them in
// forward and backward, the weights file and the ONNX graph carrying them, and the trainer child process making
// training independent of the unit: data in volts train exactly as the same data in microvolts (without it, BatchNorm's
// eps, 1e-5, outweighs the variance of volts and the two runs differ).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel, saveWeights } from '../../../src/core/training/checkpoint';
import { inputGradients, predictLogits } from '../../../src/core/training/evaluate';
import { applyInputNorm, fitInputNorm } from '../../../src/core/training/inputNorm';
import { writeTrainerJob } from '../../../src/core/training/job';
import { launchTrainer, type TrainerOutcome } from '../../../src/core/training/launcher';
import { createModel } from '../../../src/core/training/models';
import { exportOnnx } from '../../../src/core/training/onnx/export';
import { runOnnx } from '../../../src/core/training/onnx/run';
import { Rng } from '../../../src/core/training/rng';
import { toyData } from './toyData';
import { tempTrainerBundle } from './trainerBundle';

const bundle = tempTrainerBundle('xbrain-inorm-');
const tmp = bundle.tmp;

const spec = { nChannels: 4, nTimes: 160, sfreq: 64, nClasses: 2 };
const range = (a: number, b: number): number[] => Array.from({ length: b - a }, (_, i) => a + i);

/** Toy epochs in volts: scaled to ~1e-5 with a different DC offset per channel, as raw EEG. */
function volts(n: number, seed: number): { x: Float32Array; labels: Int32Array } {
  const d = toyData(n, spec.nChannels, spec.nTimes, spec.sfreq, seed);
  const x = d.x.map((v, i) => 1e-5 * v + 3e-5 * (Math.floor(i / spec.nTimes) % spec.nChannels));
  return { x, labels: d.labels };
}

describe('fitInputNorm', () => {
  it('gives the per-channel means and one pooled SD (float64 reference), and 1 for constant data', () => {
    const C = 3;
    const T = 50;
    const rng = new Rng(2);
    const x = new Float32Array(4 * C * T).map((_, i) => 1e-5 * rng.normal() + 1e-4 * (Math.floor(i / T) % C));
    const norm = fitInputNorm(x, C, T);
    let ss = 0;
    for (let c = 0; c < C; c++) {
      const vals: number[] = [];
      for (let i = 0; i < 4; i++) for (let t = 0; t < T; t++) vals.push(x[(i * C + c) * T + t]);
      const m = vals.reduce((a, b) => a + b, 0) / vals.length;
      expect(Math.abs(norm.mean[c] - m) / Math.abs(m)).toBeLessThan(1e-6);
      ss += vals.reduce((a, b) => a + (b - m) ** 2, 0);
    }
    const sd = Math.sqrt(ss / (4 * C * T));
    for (const s of norm.std) expect(Math.abs(s - sd) / sd).toBeLessThan(1e-6);
    const z = applyInputNorm(norm, x.slice(), C, T);
    expect(fitInputNorm(z as Float32Array, C, T).std[0]).toBeCloseTo(1, 5);
    expect(Array.from(fitInputNorm(new Float32Array(C * T).fill(2), C, T).std)).toEqual([1, 1, 1]);
  });
});

describe('a model with inputNorm', () => {
  const data = volts(6, 1);
  const norm = fitInputNorm(data.x, spec.nChannels, spec.nTimes);
  const standardised = applyInputNorm(norm, data.x.slice(), spec.nChannels, spec.nTimes) as Float32Array;

  it('computes on standardised inputs, with input gradients through the scaling', () => {
    const plain = createModel('SCCNet', spec, {}, { seed: 3 });
    const normed = createModel('SCCNet', spec, {}, { seed: 3 });
    normed.inputNorm = norm;
    const a = predictLogits(normed, data.x);
    const b = predictLogits(plain, standardised);
    for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i])).toBeLessThan(1e-4);
    const ga = inputGradients(normed, data.x, data.labels);
    const gb = inputGradients(plain, standardised, data.labels);
    for (let i = 0; i < ga.length; i += 7) expect(Math.abs(ga[i] * norm.std[0] - gb[i])).toBeLessThan(1e-4 * (1 + Math.abs(gb[i])));
  });

  it('keeps it in the weights file and applies it first in the ONNX graph', async () => {
    const model = createModel('EEGNet', spec, {}, { seed: 4 });
    model.inputNorm = norm;
    const back = loadModel(saveWeights(path.join(tmp, 'w'), model));
    expect(Array.from(back.inputNorm!.mean)).toEqual(Array.from(norm.mean));
    expect(Array.from(back.inputNorm!.std)).toEqual(Array.from(norm.std));
    const ref = predictLogits(model, data.x);
    const got = await runOnnx(exportOnnx(model), data.x, spec);
    for (let i = 0; i < ref.length; i++) expect(Math.abs(got[i] - ref[i])).toBeLessThan(1e-4);
  });
});

describe('trainer child process standardises on the training split', () => {
  const n = 48;
  const train = range(0, 32);
  const run = async (name: string, scale: number, inputNorm?: 'none'): Promise<{ out: TrainerOutcome; x: Float32Array }> => {
    const d = volts(n, 7);
    const x = d.x.map((v) => v * scale);
    const file = writeTrainerJob(path.join(tmp, name, 'job'), {
      model: 'EEGNet',
      spec,
      seed: 5,
      x,
      labels: d.labels,
      config: { epochs: 6, batchSize: 8, learningRate: 0.01, threads: 1, ...(inputNorm ? { inputNorm } : {}) },
      splits: { train, val: range(32, 40), test: range(40, n) },
      outDir: path.join(tmp, name, 'out'),
    });
    const out = await launchTrainer(file, { entry: bundle.entry }).finished;
    expect(out.status, out.error).toBe('done');
    return { out, x };
  };

  it('trains on volts exactly as on microvolts, with statistics of the training epochs only', async () => {
    const v = await run('volts', 1);
    const uv = await run('microvolts', 1e6);
    const lv = v.out.progress.map((p) => p.train.loss);
    const lu = uv.out.progress.map((p) => p.train.loss);
    for (let i = 0; i < lv.length; i++) expect(Math.abs(lv[i] - lu[i]), `epoch ${i + 1}`).toBeLessThan(1e-3);
    expect(lv.at(-1)!).toBeLessThan(lv[0] * 0.8);
    expect(v.out.progress.at(-1)!.test!.accuracy).toBeGreaterThanOrEqual(0.75);

    const model = loadModel(v.out.done!.files.selectedWeights);
    const per = spec.nChannels * spec.nTimes;
    const trainX = new Float32Array(train.length * per);
    train.forEach((r, i) => trainX.set(v.x.subarray(r * per, (r + 1) * per), i * per));
    const expected = fitInputNorm(trainX, spec.nChannels, spec.nTimes);
    const all = fitInputNorm(v.x, spec.nChannels, spec.nTimes);
    for (let c = 0; c < spec.nChannels; c++) {
      expect(model.inputNorm!.mean[c]).toBe(expected.mean[c]);
      expect(model.inputNorm!.std[c]).toBe(expected.std[c]);
    }
    // the validation and test epochs would have changed the statistics: they were not used
    expect(all.std[0]).not.toBe(expected.std[0]);
    // the exported model takes volts
    const test = v.x.subarray(40 * per);
    const ort = await runOnnx(v.out.done!.files.onnx, test, spec);
    const ts = predictLogits(model, test);
    for (let i = 0; i < ts.length; i++) expect(Math.abs(ort[i] - ts[i])).toBeLessThan(1e-4);
  }, 60_000);

  it('input_norm none trains on the data as given (as XBrainLab): nothing stored, the ONNX graph takes the data raw', async () => {
    const v = await run('raw', 1, 'none');
    const idx = JSON.parse(readFileSync(v.out.done!.files.selectedWeights, 'utf8')) as { inputNorm?: unknown };
    expect(idx.inputNorm).toBeUndefined();
    const model = loadModel(v.out.done!.files.selectedWeights);
    expect(model.inputNorm).toBeNull();
    const per = spec.nChannels * spec.nTimes;
    const test = v.x.subarray(40 * per);
    const ort = await runOnnx(v.out.done!.files.onnx, test, spec);
    const ts = predictLogits(model, test);
    for (let i = 0; i < ts.length; i++) expect(Math.abs(ort[i] - ts[i])).toBeLessThan(1e-3 * (1 + Math.abs(ts[i])));
  }, 60_000);
});
