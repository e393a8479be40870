// Job files: arrays written once by writeSharedArrays are byte-identical to the ones a job writes inline, and jobs
// that reference them read back the same data.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
    expect(b.x).toEqual(a.x);
    expect(b.labels).toEqual(a.labels);
    expect(b.splits).toEqual(a.splits);
    expect(Array.from(b.x)).toEqual(Array.from(x));
  });
});
