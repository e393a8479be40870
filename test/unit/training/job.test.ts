// Job files: arrays written once by writeSharedArrays are byte-identical to the ones a job writes inline, and jobs
// that reference them read back the same data.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTrainerJob, writeSharedArrays, writeTrainerJob } from '../../../src/core/training/job';

const tmp = mkdtempSync(path.join(tmpdir(), 'xbrain-job-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('writeSharedArrays', () => {
  it('writes the same epochs/labels files as an inline job, and only those', () => {
    const spec = { nChannels: 2, nTimes: 3, sfreq: 10, nClasses: 2 };
    // a subarray with a byte offset, as the Study's epochs may be
    const backing = Float32Array.from({ length: 5 * 6 + 2 }, (_, i) => Math.sin(i) * 1e-5);
    const x = backing.subarray(2);
    const labels = [0, 1, 1, 0, 1];
    const base = { model: 'EEGNet' as const, spec, config: { epochs: 1, batchSize: 2, learningRate: 0.1 }, seed: 3, splits: { train: [0, 1, 2], val: [3, 4] } };
    const inline = writeTrainerJob(path.join(tmp, 'inline'), { ...base, x, labels, outDir: path.join(tmp, 'o1') });

    const shared = writeSharedArrays(path.join(tmp, 'shared'), x, labels);
    expect(readdirSync(path.join(tmp, 'shared')).sort()).toEqual(['epochs.f32', 'labels.i32']);
    expect(shared).toEqual({ x: { file: path.join(tmp, 'shared', 'epochs.f32') }, labels: { file: path.join(tmp, 'shared', 'labels.i32') } });
    const inlineDir = path.dirname(inline);
    expect(readFileSync(shared.x.file)).toEqual(readFileSync(path.join(inlineDir, 'epochs.f32')));
    expect(readFileSync(shared.labels.file)).toEqual(readFileSync(path.join(inlineDir, 'labels.i32')));

    const viaShared = writeTrainerJob(path.join(tmp, 'task'), { ...base, ...shared, outDir: path.join(tmp, 'o2') });
    expect(readdirSync(path.dirname(viaShared)).sort()).toEqual(['job.json', 'train.i32', 'val.i32']);
    const a = readTrainerJob(inline),
      b = readTrainerJob(viaShared);
    const all = [0, 1, 2, 3, 4];
    expect(b.rows(all)).toEqual(a.rows(all));
    expect(b.labels).toEqual(a.labels);
    expect(b.splits).toEqual(a.splits);
    expect(Array.from(b.rows(all))).toEqual(Array.from(x));
  });
});

describe('readTrainerJob rows (issue 20: the trainer reads its splits, not the whole epochs file)', () => {
  const spec = { nChannels: 2, nTimes: 3, sfreq: 10, nClasses: 2 };
  const per = 6;
  const x = Float32Array.from({ length: 7 * per }, (_, i) => i + 0.5);
  const labels = [0, 1, 0, 1, 0, 1, 1];
  const base = { model: 'EEGNet' as const, spec, config: { epochs: 1, batchSize: 2, learningRate: 0.1 }, seed: 3, splits: { train: [6, 0, 1, 2], val: [4] } };
  const rowsOf = (idx: number[]): number[] => idx.flatMap((i) => Array.from(x.subarray(i * per, (i + 1) * per)));

  it('gives the rows of any index list, in its order, runs and repeats included', () => {
    const job = readTrainerJob(writeTrainerJob(path.join(tmp, 'rows'), { ...base, x, labels, outDir: path.join(tmp, 'o3') }));
    for (const idx of [[6, 0, 1, 2], [3], [1, 2, 3, 4], [5, 5, 0], []]) expect(Array.from(job.rows(idx))).toEqual(rowsOf(idx));
    expect(() => job.rows([7])).toThrow(/outside 0\.\.6/);
    expect(() => job.rows([-1])).toThrow(/outside/);
  });

  it('a job whose epochs file is shorter than its labels say is refused by size, before any row is read', () => {
    const dir = path.join(tmp, 'short');
    const shared = writeSharedArrays(dir, x.subarray(0, 6 * per), labels.slice(0, 6));
    const file = writeTrainerJob(path.join(tmp, 'short-job'), { ...base, x: shared.x, labels, outDir: path.join(tmp, 'o4') });
    expect(() => readTrainerJob(file)).toThrow(/holds 36 values; 7 labels × 2 channels × 3 samples expected/);
  });

  it('writeSharedArrays given an epochs file links it (same bytes, no copy needed)', () => {
    const src = writeSharedArrays(path.join(tmp, 'src'), x, labels);
    const linked = writeSharedArrays(path.join(tmp, 'linked'), { file: src.x.file }, labels);
    expect(readFileSync(linked.x.file)).toEqual(readFileSync(src.x.file));
    expect(statSync(linked.x.file).ino).toBe(statSync(src.x.file).ino);
  });
});

describe('batch order (data.order)', () => {
  const spec = { nChannels: 1, nTimes: 2, sfreq: 10, nClasses: 2 };
  const base = {
    model: 'EEGNet' as const,
    spec,
    config: { epochs: 2, batchSize: 2, learningRate: 0.1 },
    seed: 1,
    x: new Float32Array(8),
    labels: [0, 1, 0, 1],
    splits: { train: [0, 1, 3] },
  };
  it('round-trips one permutation of the training split per epoch', () => {
    const file = writeTrainerJob(path.join(tmp, 'order'), { ...base, outDir: path.join(tmp, 'o3'), order: [2, 0, 1, 1, 2, 0] });
    expect(Array.from(readTrainerJob(file).order!)).toEqual([2, 0, 1, 1, 2, 0]);
    expect(readTrainerJob(writeTrainerJob(path.join(tmp, 'no-order'), { ...base, outDir: path.join(tmp, 'o4') })).order).toBeUndefined();
  });
  it('refuses an order of the wrong length or one that is not a permutation, naming the file', () => {
    const short = writeTrainerJob(path.join(tmp, 'short'), { ...base, outDir: path.join(tmp, 'o5'), order: [0, 1, 2] });
    expect(() => readTrainerJob(short)).toThrow(/order\.i32 holds 3 positions; 2 epochs × 3 training epochs expected/);
    const repeated = writeTrainerJob(path.join(tmp, 'repeated'), { ...base, outDir: path.join(tmp, 'o6'), order: [0, 1, 2, 0, 0, 2] });
    expect(() => readTrainerJob(repeated)).toThrow(/epoch 2 is not a permutation of 0\.\.2/);
  });
});
