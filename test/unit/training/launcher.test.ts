// The trainer child process end to end: a real `node trainer.js job.json` run to completion with data-parallel
// workers, a clean stop on request, and crashes/kills reported as failed with the stderr tail.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../../src/core/training/checkpoint';
import { predictLogits } from '../../../src/core/training/evaluate';
import { writeTrainerJob, type TrainerJobInput } from '../../../src/core/training/job';
import { launchTrainer } from '../../../src/core/training/launcher';
import { runOnnx } from '../../../src/core/training/onnx/run';
import type { TrainerEvent } from '../../../src/core/training/protocol';
import { toyData } from './toyData';
import { tempTrainerBundle } from './trainerBundle';

const bundle = tempTrainerBundle('xbrain-launch-');
const tmp = bundle.tmp;

const spec = { nChannels: 4, nTimes: 160, sfreq: 64, nClasses: 2 };
const range = (a: number, b: number): number[] => Array.from({ length: b - a }, (_, i) => a + i);

function job(name: string, epochs: number, extra: Partial<TrainerJobInput['config']> = {}): string {
  const { x, labels } = toyData(64, spec.nChannels, spec.nTimes, spec.sfreq, 3);
  return writeTrainerJob(path.join(tmp, name, 'job'), {
    model: 'EEGNet',
    spec,
    config: { epochs, batchSize: 8, learningRate: 0.01, threads: 1, ...extra },
    seed: 11,
    x,
    labels,
    splits: { train: range(0, 40), val: range(40, 52), test: range(52, 64) },
    outDir: path.join(tmp, name, 'out'),
  });
}

describe('trainer child process', () => {
  it('trains to completion with two threads, streams per-epoch progress and writes weights, ONNX and metrics', async () => {
    const file = job('full', 3, { threads: 2, selection: 'best_val_loss' });
    const run = launchTrainer(file, { entry: bundle.entry });
    const seen: TrainerEvent[] = [];
    run.on((e) => seen.push(e));
    const out = await run.finished;
    expect(out.error).toBeUndefined();
    expect(out.status).toBe('done');
    const progress = seen.filter((e) => e.type === 'progress');
    expect(progress.map((e) => e.type === 'progress' && e.epoch)).toEqual([1, 2, 3]);
    for (const p of out.progress) {
      expect(p.val && p.test).toBeTruthy();
      expect(Number.isFinite(p.train.loss) && p.train.accuracy >= 0 && p.train.accuracy <= 1).toBe(true);
    }
    const done = out.done!;
    expect(done).toMatchObject({ type: 'done', epochs: 3, stopped: false, selection: 'best_val_loss', seed: 11, threads: 2 });
    // The selected epoch is the one with the lowest validation loss.
    const losses = out.progress.map((p) => p.val!.loss);
    expect(done.selectedEpoch).toBe(losses.indexOf(Math.min(...losses)) + 1);
    for (const f of Object.values(done.files)) expect(existsSync(f)).toBe(true);
    expect(
      readFileSync(done.files.metrics, 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { epoch: number }).epoch),
    ).toEqual([1, 2, 3]);
    // The ONNX file is the selected model: same logits as the TS engine on the selected weights.
    const model = loadModel(done.files.selectedWeights);
    const { x } = toyData(8, spec.nChannels, spec.nTimes, spec.sfreq, 99);
    const ts = predictLogits(model, x);
    const onnx = await runOnnx(done.files.onnx, x, spec);
    for (let i = 0; i < ts.length; i++) expect(Math.abs(onnx[i] - ts[i])).toBeLessThan(1e-4);
  }, 60_000);

  it('stops cleanly on request, before a 1 s kill deadline, keeping the finished epochs and saving the model', async () => {
    const run = launchTrainer(job('stop', 10_000), { entry: bundle.entry, stopGraceMs: 1000 });
    await new Promise<void>((resolve) => run.on((e) => e.type === 'progress' && resolve()));
    const out = await run.stop();
    // A kill after the deadline would leave no done event: the trainer honoured stop itself.
    expect(out.signal).toBeNull();
    expect(out.status).toBe('stopped');
    expect(out.done?.stopped).toBe(true);
    expect(out.done!.epochs).toBeGreaterThanOrEqual(1);
    expect(out.done!.epochs).toBeLessThan(10_000);
    expect(existsSync(out.done!.files.onnx)).toBe(true);
  }, 60_000);

  it('reports a killed trainer as failed with the last stderr lines', async () => {
    const run = launchTrainer(job('kill', 10_000), { entry: bundle.entry });
    await new Promise<void>((resolve) => run.on((e) => e.type === 'progress' && resolve()));
    const out = await run.kill();
    expect(out.status).toBe('failed');
    expect(out.signal).toBe('SIGKILL');
    expect(out.error).toContain('killed by SIGKILL');
    expect(out.error).toContain('Last stderr lines');
    expect(out.stderrTail.join('\n')).toMatch(/trainer \d+: EEGNet on 40 training epochs/);
  }, 60_000);

  it('reports a trainer that crashes on a corrupt job file as failed with its error and stack', async () => {
    const file = job('crash', 2);
    const jobJson = JSON.parse(readFileSync(file, 'utf8')) as { data: { x: string } };
    writeFileSync(jobJson.data.x, new Uint8Array(12));
    const out = await launchTrainer(file, { entry: bundle.entry }).finished;
    expect(out.status).toBe('failed');
    expect(out.exitCode).toBe(1);
    expect(out.error).toContain('epochs.f32 holds 3 values');
    expect(out.stderrTail.some((l) => l.includes('XBrainError'))).toBe(true);
  }, 60_000);

  it('refuses a missing trainer bundle with a typed error naming the file', () => {
    expect(() => launchTrainer('job.json', { entry: path.join(tmp, 'nope.js') })).toThrow(/trainer bundle was not found/);
  });
});
