// Consumers of a whole epochs set (issue 20): plots (ERP, PSD, the Epochs panel), the SD behind evaluate's diagnosis,
// export_epochs, Euclidean alignment and window_epoch stream a disk-backed set block by block. Each gives exactly the
// result of the in-memory path, never reads the file whole (the `data` getter) and reads at most one chunk at a time.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cspLdaScores, epochSubset, fitCspLda } from '../../../src/core/evaluation/cspLda';
import { epochsSd } from '../../../src/core/evaluation/diagnose';
import { epochBlocks, onnxLogits } from '../../../src/core/evaluation/epochBlocks';
import { fitTangentSpaceLr, tangentSpaceLrProba } from '../../../src/core/evaluation/tangentSpaceLr';
import { createModel } from '../../../src/core/training/models';
import { exportOnnx } from '../../../src/core/training/onnx/export';
import { runOnnx } from '../../../src/core/training/onnx/run';
import { euclideanAlign, euclideanAlignBlocks } from '../../../src/core/evaluation/alignment';
import { simulateFiles } from '../../../src/core/io/simulateFiles';
import { exportEpochs } from '../../../src/core/signal/exportEpochs';
import { epochsPayload, psdPayload } from '../../../src/core/signal/plotData';
import { epochChunks, epochRows, epochsFile, EpochsWriter, epochStreaming, EPOCH_CHUNK_BYTES, spillEpochs, spillReads } from '../../../src/core/signal/spill';
import type { Epochs } from '../../../src/core/signal/types';
import { emptyState, Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import type { ToolContext } from '../../../src/core/tools/types';
import { epochsMessage } from '../../../src/extension/panels/figures';
import { modelEpochs } from '../../../src/core/tools/impl/protocol';
import { repoRoot } from '../helpers/paths';

const root = mkdtempSync(join(tmpdir(), 'xb-epoch-stream-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const N = 37;
const C = 5;
const T = 60;
/** Epochs per chunk in these tests (the default, 16 MB, would hold the whole small set in one chunk). */
const CHUNK = 6;

function memEpochs(): Epochs {
  let s = 7;
  const r = (): number => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  return {
    data: Float32Array.from({ length: N * C * T }, (_, i) => (r() + Math.sin(i * 0.37) * ((i % C) + 1)) * 1e-5),
    nEpochs: N,
    nChannels: C,
    nTimes: T,
    channels: ['C3', 'Cz', 'C4', 'Pz', 'Oz'],
    sfreq: 50,
    tmin: -0.2,
    eventId: { left: 0, right: 1, feet: 2 },
    labels: Int32Array.from({ length: N }, (_, i) => (i * 7) % 3),
    subject: Array.from({ length: N }, (_, i) => `S${i % 3}`),
    session: Array.from({ length: N }, (_, i) => `R${i % 2}`),
    recording: Int32Array.from({ length: N }, (_, i) => i % 3),
    eventSample: Int32Array.from({ length: N }, (_, i) => i * 100),
    baseline: null,
  };
}

const mem = memEpochs();
const disk = spillEpochs(join(root, 'spill'), mem);

/** Runs `f` with the read counters reset; what the reads were: whole sets, epoch rows, the largest single read. */
async function reads<R>(f: () => R | Promise<R>): Promise<{ result: R; epochsSets: number; epochRows: number; largest: number }> {
  Object.assign(spillReads, { epochsSets: 0, epochRows: 0, largestEpochRead: 0 });
  const result = await f();
  return { result, epochsSets: spillReads.epochsSets, epochRows: spillReads.epochRows, largest: spillReads.largestEpochRead };
}

beforeEach(() => {
  epochStreaming.chunkBytes = CHUNK * C * T * 4;
});
afterEach(() => {
  epochStreaming.chunkBytes = EPOCH_CHUNK_BYTES;
});

describe('epochChunks', () => {
  it('gives every epoch (or rows idx) once, in order, in blocks of at most the chunk, as the in-memory data', () => {
    expect(epochsFile(disk)).toBeDefined();
    const per = C * T;
    for (const idx of [undefined, [3, 4, 5, 30, 1, 2, 36, 0]]) {
      const want = idx ? epochRows(mem, idx) : mem.data;
      for (const e of [mem, disk]) {
        const got = new Float32Array(want.length);
        let next = 0;
        for (const { block, start, count } of epochChunks(e, { idx })) {
          expect(start).toBe(next);
          expect(count).toBeLessThanOrEqual(CHUNK);
          expect(block.length).toBe(count * per);
          got.set(block, start * per);
          next += count;
        }
        expect(next).toBe(idx ? idx.length : N);
        expect(got).toEqual(want);
      }
    }
  });
});

describe('a disk-backed epochs set is streamed, with the in-memory result', () => {
  it('plot_epochs: traces of the first epochs and the ERP per class', async () => {
    const want = epochsPayload(mem, ['Cz', 'Oz']);
    const r = await reads(() => epochsPayload(disk, ['Cz', 'Oz']));
    expect(r.result).toEqual(want);
    expect(want.erp.map((x) => x.count)).toEqual([13, 12, 12]);
    expect(r.epochsSets).toBe(0);
    expect(r.largest).toBeLessThanOrEqual(CHUNK);
    expect(r.epochRows).toBe(N + 5); // every epoch once for the ERP, the 5 traced ones once more
  });

  it('plot_epochs: the mean Welch PSD over epochs', async () => {
    const want = psdPayload({ epochs: mem });
    const r = await reads(() => psdPayload({ epochs: disk }));
    expect(r.result).toEqual(want);
    expect(r.epochsSets).toBe(0);
    expect(r.largest).toBeLessThanOrEqual(CHUNK);
  });

  it('the Epochs panel: one epoch (traces, PSD) and one channel’s ERP per class', async () => {
    for (const view of [
      { mode: 'traces', index: 9 },
      { mode: 'psd', index: 36 },
      { mode: 'erp', channel: 2 },
    ] as const) {
      const want = epochsMessage({ ...emptyState(), epochs: mem }, view);
      const r = await reads(() => epochsMessage({ ...emptyState(), epochs: disk }, view));
      expect(r.result).toEqual(want);
      expect(r.epochsSets).toBe(0);
      expect(r.largest).toBeLessThanOrEqual(view.mode === 'erp' ? CHUNK : 1);
    }
  });

  it("evaluate's diagnosis: the SD of a strided sample of the samples", async () => {
    const r = await reads(() => epochsSd(disk));
    expect(r.result).toBe(epochsSd(mem));
    expect(r.result).toBeGreaterThan(0);
    expect(r.epochsSets).toBe(0);
    expect(r.largest).toBeLessThanOrEqual(CHUNK);
  });

  it('export_epochs: X.npy written block by block, byte for byte the in-memory export', async () => {
    const history = { raw: [], epochs: [] };
    await exportEpochs(join(root, 'export-mem'), mem, history);
    const r = await reads(() => exportEpochs(join(root, 'export-disk'), disk, history));
    for (const f of ['X.npy', 'y.npy']) expect(readFileSync(join(root, 'export-disk', f)).equals(readFileSync(join(root, 'export-mem', f)))).toBe(true);
    const json = (d: string) => JSON.parse(readFileSync(join(root, d, 'epochs.json'), 'utf8'));
    expect(json('export-disk')).toEqual(json('export-mem'));
    expect(readFileSync(join(root, 'export-disk', 'X.npy')).length).toBeGreaterThan(N * C * T * 4);
    expect(r.epochsSets).toBe(0);
    expect(r.largest).toBeLessThanOrEqual(CHUNK);
    expect(r.epochRows).toBe(N);
  });

  it('Euclidean alignment: two passes of blocks into a writer, the aligned samples of the whole array', async () => {
    const groupOf = (i: number) => `${mem.subject[i]}\u0000${mem.session[i]}`;
    const want = euclideanAlign(mem.data, N, C, T, groupOf);
    const w = new EpochsWriter(join(root, 'spill'), C, T);
    const r = await reads(() =>
      euclideanAlignBlocks(
        () => epochChunks(disk),
        C,
        T,
        groupOf,
        (b) => w.append(b),
      ),
    );
    const info = w.finish();
    expect(r.result.groups).toEqual(want.groups);
    expect(new Float32Array(readFileSync(info.file).buffer.slice(0))).toEqual(want.data);
    expect(r.epochsSets).toBe(0);
    expect(r.largest).toBeLessThanOrEqual(CHUNK);
    expect(r.epochRows).toBe(2 * N); // two passes
  });
});

describe('the baselines and ONNX scoring read a split block by block, with the in-memory result', () => {
  // rows of a split in a shuffled order, as a trial split gives them
  const train = [0, 5, 3, 8, 2, 33, 31, 12, 20, 14, 6, 7, 9, 10, 11, 1, 13, 15, 16, 18, 17, 19, 21, 36];
  const test = [4, 22, 23, 24, 25, 26, 27, 28, 29, 30, 32, 34, 35];
  const yTrain = train.map((i) => mem.labels[i]);

  it('CSP+LDA: the same filters, LDA and scores from blocks of a disk-backed split as from the split in memory', async () => {
    const want = fitCspLda(epochSubset(mem, train), yTrain);
    const wantScores = cspLdaScores(want, epochSubset(mem, test));
    const r = await reads(() => {
      const m = fitCspLda(epochBlocks(disk, train), yTrain);
      return { m, scores: cspLdaScores(m, epochBlocks(disk, test)) };
    });
    expect(r.result.m).toEqual(want);
    expect(r.result.scores).toEqual(wantScores);
    expect(want.classes).toEqual([0, 1, 2]);
    expect(r.epochsSets).toBe(0);
    expect(r.largest).toBeLessThanOrEqual(CHUNK);
    // class means, centred products, features: three passes over the training rows, one over the test rows
    expect(r.epochRows).toBe(3 * train.length + test.length);
  });

  it('TS+LR: the same covariances, reference point and probabilities from blocks', async () => {
    const want = fitTangentSpaceLr(epochSubset(mem, train), yTrain);
    const wantP = tangentSpaceLrProba(want, epochSubset(mem, test));
    const r = await reads(() => {
      const m = fitTangentSpaceLr(epochBlocks(disk, train), yTrain);
      return { m, p: tangentSpaceLrProba(m, epochBlocks(disk, test)) };
    });
    expect(r.result.m).toEqual(want);
    expect(r.result.p).toEqual(wantP);
    expect(r.largest).toBeLessThanOrEqual(CHUNK);
    expect(r.epochRows).toBe(train.length + test.length);
  });

  it('ONNX scoring: the logits of the rows in order, one block at a time, as one call on the rows in memory', async () => {
    const model = createModel('EEGNet', { nChannels: C, nTimes: T, sfreq: 20, nClasses: 3 }, {}, { seed: 3 });
    const bytes = exportOnnx(model);
    // in µV, so that the logits of an untrained model differ from row to row by more than ORT's rounding
    const memUv: Epochs = { ...mem, data: mem.data.map((v) => v * 1e6) };
    const diskUv = spillEpochs(join(root, 'spill'), memUv);
    const want = await runOnnx(bytes, epochRows(memUv, test), { nChannels: C, nTimes: T });
    const r = await reads(() => onnxLogits(bytes, diskUv, test));
    expect(r.result.length).toBe(test.length * 3);
    for (let i = 0; i < want.length; i++) expect(r.result[i]).toBeCloseTo(want[i], 4);
    const rowGap = Math.max(...want.slice(3).map((v, i) => Math.abs(v - want[i])));
    expect(rowGap).toBeGreaterThan(1e-2);
    expect(r.epochRows).toBe(test.length);
  });
});

describe('run_protocol: the epochs the model families train on (Euclidean alignment)', () => {
  it('a disk-backed set is aligned into a new spill file in two streamed passes; an in-memory one in memory; same samples', async () => {
    for (const a of [
      { protocol: 'cross_subject', poolSessions: false, alignment: 'euclidean' },
      { protocol: 'within_session', poolSessions: false, alignment: 'euclidean' },
    ] as const) {
      const want = modelEpochs(a, mem, root);
      const r = await reads(() => modelEpochs(a, disk, root));
      expect(epochsFile(want)).toBeUndefined();
      expect(epochsFile(r.result)?.file).not.toBe(epochsFile(disk)!.file);
      expect(
        epochRows(
          r.result,
          Array.from({ length: N }, (_, i) => i),
        ),
      ).toEqual(want.data);
      expect(want.data).not.toEqual(mem.data);
      expect(r.result.labels).toEqual(mem.labels);
      expect(r.epochsSets).toBe(0);
      expect(r.largest).toBeLessThanOrEqual(CHUNK);
    }
    expect(modelEpochs({ protocol: 'cross_subject', poolSessions: false, alignment: 'none' }, disk, root)).toBe(disk);
  });
});

describe('window_epoch on recordings kept on disk', () => {
  it('writes the windows recording by recording to a spill file, blocks of at most the chunk, the in-memory windows', async () => {
    const data = join(root, 'windows-data');
    simulateFiles({ out: data, subjects: 2, runNumbers: [4], seed: 3, duration: 12 });
    const reg = new ToolRegistry();
    const run = async (name: string, spillAboveMB: number): Promise<Epochs> => {
      const workspace = join(root, name);
      mkdirSync(workspace, { recursive: true });
      const ctx: ToolContext = { study: new Study(), env: { workspace, packageRoot: repoRoot, trusted: true, dataFolders: [data], spillAboveMB } };
      for (const [tool, args] of [
        ['load_data', { paths: [data] }],
        ['window_epoch', { duration: 1, overlap: 0.5 }],
      ] as const) {
        const res = await reg.invoke(tool, args, ctx, { confirmed: true });
        expect(res.type, res.content).not.toBe('error');
      }
      return ctx.study.state.epochs!;
    };
    const inMemory = await run('windows-mem', 100000);
    const append = vi.spyOn(EpochsWriter.prototype, 'append');
    epochStreaming.chunkBytes = CHUNK * inMemory.nChannels * inMemory.nTimes * 4;
    const r = await reads(() => run('windows-disk', 0));
    const blocks = append.mock.calls.map(([b]) => b.length / (inMemory.nChannels * inMemory.nTimes));
    append.mockRestore();
    const onDisk = r.result;
    expect(epochsFile(inMemory)).toBeUndefined();
    expect(epochsFile(onDisk)).toBeDefined();
    expect(r.epochsSets).toBe(0);
    expect(inMemory.nEpochs).toBeGreaterThan(2 * CHUNK);
    expect(Math.max(...blocks)).toBeLessThanOrEqual(CHUNK);
    expect(blocks.reduce((a, b) => a + b, 0)).toBe(inMemory.nEpochs);
    const all = Array.from({ length: inMemory.nEpochs }, (_, i) => i);
    expect(epochRows(onDisk, all)).toEqual(inMemory.data);
    for (const k of [
      'nEpochs',
      'nChannels',
      'nTimes',
      'channels',
      'sfreq',
      'tmin',
      'eventId',
      'labels',
      'subject',
      'session',
      'recording',
      'eventSample',
    ] as const)
      expect(onDisk[k]).toEqual(inMemory[k]);
  }, 60000);
});
