// The pytorch backend against the TypeScript engine: with the same initial weights, batches (no shuffling) and no
// dropout, both give the same loss curves on data in volts (both standardise with the training split's statistics,
// and store the same ones); the ONNX that torch exports evaluates like the engine on those weights and raw volts.
// Needs python3 with torch (Debian python3-torch; .ci/run installs it) — a missing torch fails, it does not skip.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pytorchAvailability, pytorchSpawn } from '../../../src/core/training/backends/pytorch';
import { launchTrainer } from '../../../src/core/training/launcher';
import { loadModel, saveWeights } from '../../../src/core/training/checkpoint';
import { predictLogits } from '../../../src/core/training/evaluate';
import { fitInputNorm } from '../../../src/core/training/inputNorm';
import { writeTrainerJob } from '../../../src/core/training/job';
import { createModel, type ModelName } from '../../../src/core/training/models';
import { runOnnx } from '../../../src/core/training/onnx/run';
import { Rng } from '../../../src/core/training/rng';
import { trainModel } from '../../../src/core/training/train';
import { repoRoot } from '../helpers/paths';
import { tempTrainerBundle } from '../training/trainerBundle';

const tmp = mkdtempSync(path.join(tmpdir(), 'xbrain-pytorch-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const settings = { packageRoot: repoRoot };
const bundle = tempTrainerBundle('xbrain-pytorch-bundle-');
const spec = { nChannels: 4, nTimes: 160, sfreq: 64, nClasses: 2 };

function data(n: number, seed: number): { x: Float32Array; labels: Int32Array } {
  const rng = new Rng(seed);
  const { nChannels: C, nTimes: T, sfreq } = spec;
  const x = new Float32Array(n * C * T);
  const labels = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    labels[i] = i % 2;
    const f = labels[i] ? 12 : 6;
    const ph = rng.uniform(0, 2 * Math.PI);
    for (let c = 0; c < C; c++)
      for (let t = 0; t < T; t++) {
        x[(i * C + c) * T + t] = (c === labels[i] ? Math.sin((2 * Math.PI * f * t) / sfreq + ph) : 0) + 0.5 * rng.normal();
      }
  }
  return { x, labels };
}

const rel = (a: number, b: number): number => Math.abs(a - b) / Math.max(1e-12, Math.abs(b));

interface Epoch {
  epoch: number;
  train: { loss: number; accuracy: number };
  val?: { loss: number; accuracy: number };
}

describe('pytorch backend', () => {
  it('finds an interpreter with torch', async () => {
    const a = await pytorchAvailability(settings);
    expect(a.available, a.detail).toBe(true);
    expect(String(a.info?.torch)).toMatch(/^\d+\.\d+/);
  });

  const cases: Array<[ModelName, Record<string, number>]> = [
    ['EEGNet', { dropout: 0 }],
    ['SCCNet', { dropout: 0 }],
    ['ShallowConvNet', { dropout: 0, pool_len: 20, pool_stride: 10 }],
  ];
  for (const [name, params] of cases) {
    it(`${name}: same loss curve as the TypeScript engine from the same weights, and its ONNX agrees`, async () => {
      const dir = path.join(tmp, name);
      const init = createModel(name, spec, params, { seed: 3 });
      const initFile = saveWeights(path.join(dir, 'init'), init);
      const { x: unit, labels } = data(48, 5);
      const x = unit.map((v) => 2e-5 * v);
      const train = Int32Array.from({ length: 32 }, (_, i) => i);
      const val = Int32Array.from({ length: 16 }, (_, i) => 32 + i);
      // SCCNet's conv biases sit right before BatchNorm, so their exact gradient is 0 and both engines see only
      // rounding noise (~1e-9); Adam divides by sqrt(v)+eps and turns that noise into steps of different sign in
      // each engine, which moves the BN running means apart. SGD keeps noise as noise, so SCCNet compares under SGD.
      const optimizer = name === 'SCCNet' ? ('sgd' as const) : ('adam' as const);
      const config = { epochs: 3, batchSize: 16, learningRate: name === 'SCCNet' ? 0.05 : 1e-3, optimizer, threads: 1 };
      const jobFile = writeTrainerJob(path.join(dir, 'job'), {
        model: name,
        params,
        spec,
        config,
        seed: 7,
        x,
        labels,
        splits: { train, val },
        outDir: path.join(dir, 'out'),
        initialWeights: initFile,
      });
      const job = JSON.parse(readFileSync(jobFile, 'utf8')) as { config: Record<string, unknown> };
      job.config.shuffle = false;
      writeFileSync(jobFile, JSON.stringify(job));

      const sp = await pytorchSpawn(settings, jobFile);
      const r = spawnSync(sp.command, sp.args, { encoding: 'utf8', env: { ...process.env, ...sp.env }, timeout: 120_000 });
      expect(r.status, r.stderr).toBe(0);
      const events = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string } & Epoch & { files?: { onnx: string; selectedWeights: string } });
      const progress = events.filter((e) => e.type === 'progress');
      const done = events.find((e) => e.type === 'done');
      expect(progress).toHaveLength(3);
      expect(done).toBeTruthy();

      const ts = loadModel(initFile);
      const pick = (idx: Int32Array): { x: Float32Array; labels: Int32Array } => {
        const per = spec.nChannels * spec.nTimes;
        const out = new Float32Array(idx.length * per);
        idx.forEach((i, j) => out.set(x.subarray(i * per, (i + 1) * per), j * per));
        return { x: out, labels: Int32Array.from(idx, (i) => labels[i]) };
      };
      // what the TypeScript trainer process does: statistics of the training split
      ts.inputNorm = fitInputNorm(pick(train).x, spec.nChannels, spec.nTimes);
      const result = await trainModel(ts, { train: pick(train), val: pick(val) }, { ...config, seed: 7, shuffle: false });
      for (let e = 0; e < 3; e++) {
        // float32 on both sides, different summation orders: agree to 1e-4 relative over 6 Adam steps
        expect(rel(progress[e].train.loss, result.epochs[e].train.loss)).toBeLessThan(1e-4);
        expect(rel(progress[e].val!.loss, result.epochs[e].val!.loss)).toBeLessThan(1e-4);
        expect(progress[e].train.accuracy).toBe(result.epochs[e].train.accuracy);
      }
      // the loss actually moved, so the comparison is not between two untouched models
      expect(Math.abs(progress[2].train.loss - progress[0].train.loss)).toBeGreaterThan(1e-4);

      const trained = loadModel(done!.files!.selectedWeights);
      for (let c = 0; c < spec.nChannels; c++) {
        expect(rel(trained.inputNorm!.mean[c], ts.inputNorm.mean[c])).toBeLessThan(1e-4);
        expect(rel(trained.inputNorm!.std[c], ts.inputNorm.std[c])).toBeLessThan(1e-5);
      }
      const engine = predictLogits(trained, pick(val).x);
      const onnx = await runOnnx(done!.files!.onnx, pick(val).x, spec);
      let worst = 0;
      for (let i = 0; i < engine.length; i++) worst = Math.max(worst, Math.abs(engine[i] - onnx[i]));
      expect(worst).toBeLessThan(1e-4);
    });
  }

  it("follows a job's batch order (data.order) as the TypeScript trainer process does: the same batches in both engines", async () => {
    const dir = path.join(tmp, 'order');
    const params = { dropout: 0 };
    const initFile = saveWeights(path.join(dir, 'init'), createModel('EEGNet', spec, params, { seed: 4 }));
    const { x: unit, labels } = data(24, 8);
    const x = unit.map((v) => 2e-5 * v);
    const train = Int32Array.from({ length: 24 }, (_, i) => i);
    const epochs = 3;
    // a different permutation each epoch, none of them the stored order
    const perm = new Rng(12);
    const order = Int32Array.from({ length: epochs * 24 }, (_, i) => i % 24);
    for (let e = 0; e < epochs; e++) order.set(perm.permutation(24), e * 24);
    const config = { epochs, batchSize: 8, learningRate: 1e-3, threads: 1 };
    const jobFile = writeTrainerJob(path.join(dir, 'job'), {
      model: 'EEGNet',
      params,
      spec,
      config,
      seed: 2,
      x,
      labels,
      splits: { train },
      outDir: path.join(dir, 'out'),
      initialWeights: initFile,
      order,
    });
    const sp = await pytorchSpawn(settings, jobFile);
    const r = spawnSync(sp.command, sp.args, { encoding: 'utf8', env: { ...process.env, ...sp.env }, timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const py = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string } & Epoch)
      .filter((e) => e.type === 'progress');
    const tsRun = launchTrainer(jobFile, { entry: bundle.entry });
    const ts = (await tsRun.finished).progress;
    expect(ts).toHaveLength(epochs);
    const inOrder = async (batchOrder?: (e: number) => Int32Array): Promise<number[]> => {
      const m = loadModel(initFile);
      m.inputNorm = fitInputNorm(x, spec.nChannels, spec.nTimes);
      const res = await trainModel(m, { train: { x, labels } }, { ...config, optimizer: 'adam', seed: 2, shuffle: false, batchOrder });
      return res.epochs.map((e) => e.train.loss);
    };
    const given = await inOrder((e) => order.subarray((e - 1) * 24, e * 24));
    const stored = await inOrder();
    for (let e = 0; e < epochs; e++) {
      expect(rel(py[e].train.loss, given[e])).toBeLessThan(1e-4);
      expect(rel(ts[e].train.loss, given[e])).toBeLessThan(1e-5);
    }
    // the order matters: in the stored order the same weights give another curve
    expect(Math.abs(stored[epochs - 1] - given[epochs - 1])).toBeGreaterThan(1e-4);
  }, 120_000);

  it('falls back to the last epoch when no epoch qualifies for the selection rule (best_val_loss without a validation split), as the TypeScript trainer does', async () => {
    const dir = path.join(tmp, 'no-val');
    const { x, labels } = data(16, 9);
    const jobFile = writeTrainerJob(path.join(dir, 'job'), {
      model: 'EEGNet',
      spec,
      config: { epochs: 2, batchSize: 8, learningRate: 1e-3, selection: 'best_val_loss', threads: 1 },
      seed: 1,
      x,
      labels,
      splits: { train: Int32Array.from({ length: 16 }, (_, i) => i) },
      outDir: path.join(dir, 'out'),
    });
    const sp = await pytorchSpawn(settings, jobFile);
    const r = spawnSync(sp.command, sp.args, { encoding: 'utf8', env: { ...process.env, ...sp.env }, timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const done = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; selectedEpoch?: number; epochs?: number })
      .find((e) => e.type === 'done');
    expect(done).toMatchObject({ epochs: 2, selection: 'best_val_loss', selectedEpoch: 2 });
    const ts = await trainModel(
      createModel('EEGNet', spec, {}, { seed: 1 }),
      { train: { x, labels } },
      { epochs: 2, batchSize: 8, learningRate: 1e-3, optimizer: 'adam', selection: 'best_val_loss', seed: 1 },
    );
    expect(ts.selectedEpoch).toBe(done!.selectedEpoch);
  });

  it('reports a bad job as a typed error line and a non-zero exit', async () => {
    const bad = path.join(tmp, 'bad.json');
    writeFileSync(bad, JSON.stringify({ version: 9 }));
    const sp = await pytorchSpawn(settings, bad);
    const r = spawnSync(sp.command, sp.args, { encoding: 'utf8' });
    expect(r.status).toBe(1);
    const ev = JSON.parse(r.stdout.trim().split('\n').pop()!) as { type: string; message: string };
    expect(ev.type).toBe('error');
    expect(ev.message).toMatch(/unsupported job version 9/);
  });
});
