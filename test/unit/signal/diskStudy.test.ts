// A study kept on disk (issue 20): load_data, the raw preprocessing steps and epoch_data run recording by recording
// into spill files under .xbrain/spill/ and give bit-identical recordings, epochs and history to the in-memory path;
// dataset, persistence, reset and failed steps work on the disk-backed views without loading everything.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateFiles } from '../../../src/core/io/simulateFiles';
import { diskRowsInfo, EPOCH_CHUNK_BYTES, epochRows, epochsFile, epochStreaming, spillDir, spillReads } from '../../../src/core/signal/spill';
import type { Epochs } from '../../../src/core/signal/types';
import { loadStudy, saveStudy } from '../../../src/core/study/persistence';
import { Study } from '../../../src/core/study/study';
import type { StudyState } from '../../../src/core/study/types';
import { ToolRegistry } from '../../../src/core/tools/registry';
import type { ToolContext } from '../../../src/core/tools/types';
import { repoRoot } from '../helpers/paths';

const reg = new ToolRegistry();
const root = mkdtempSync(join(tmpdir(), 'xb-disk-study-'));
const data = join(root, 'data');
afterAll(() => rmSync(root, { recursive: true, force: true }));

function context(name: string, spillAboveMB: number): ToolContext {
  const workspace = join(root, name);
  mkdirSync(workspace, { recursive: true });
  return { study: new Study(), env: { workspace, packageRoot: repoRoot, trusted: true, dataFolders: [data], spillAboveMB } };
}

async function call(ctx: ToolContext, tool: string, args: Record<string, unknown>): Promise<string> {
  const r = await reg.invoke(tool, args, ctx, { confirmed: true });
  if (r.type === 'error') throw new Error(`${tool}: ${r.content}`);
  return r.content;
}

const PIPELINE: [string, Record<string, unknown>][] = [
  ['load_data', { paths: [data] }],
  ['select_channels', { channels: ['C3..', 'Cz..', 'C4..', 'Fc3.', 'Cp4.', 'Pz..'] }],
  ['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }],
  ['set_reference', { method: 'average' }],
  ['epoch_data', { t_min: -0.5, t_max: 2, event_id: ['T1', 'T2'] }],
];

const bytes = (a: Float32Array): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const history = (s: Readonly<StudyState>) => s.history.map(({ at: _at, ...h }) => h);
function meta(e: Epochs): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(e)) if (k !== 'data') out[k] = (e as unknown as Record<string, unknown>)[k];
  return out;
}

let mem: ToolContext, disk: ToolContext;
beforeAll(async () => {
  simulateFiles({ out: data, subjects: 3, runNumbers: [4, 8], seed: 5, duration: 30 });
  mem = context('memory', 100000);
  disk = context('disk', 0);
  for (const [tool, args] of PIPELINE) {
    await call(mem, tool, args);
    await call(disk, tool, args);
  }
}, 120000);

describe('study on disk vs in memory (same tools, same files)', () => {
  it('keeps every recording and the epochs in spill files, and nothing of them in the in-memory study', () => {
    const d = disk.study.state,
      m = mem.study.state;
    expect(d.recordings).toHaveLength(6);
    for (const r of d.recordings) expect(diskRowsInfo(r.data)?.file.startsWith(spillDir(disk.env.workspace))).toBe(true);
    for (const r of m.recordings) expect(diskRowsInfo(r.data)).toBeUndefined();
    expect(epochsFile(d.epochs!)?.file.startsWith(spillDir(disk.env.workspace))).toBe(true);
    expect(epochsFile(m.epochs!)).toBeUndefined();
  });

  it('gives bit-identical preprocessed recordings, epochs, metadata and history', () => {
    const d = disk.study.state,
      m = mem.study.state;
    d.recordings.forEach((r, i) => {
      expect(r.channels).toEqual(m.recordings[i].channels);
      r.data.forEach((row, c) => expect(bytes(row).equals(bytes(m.recordings[i].data[c]))).toBe(true));
    });
    const de = d.epochs!,
      me = m.epochs!;
    expect(de.nEpochs).toBeGreaterThan(12);
    expect(meta(de)).toEqual(meta(me));
    const all = Array.from({ length: me.nEpochs }, (_, i) => i);
    expect(bytes(epochRows(de, all)).equals(bytes(me.data))).toBe(true);
    expect(history(d)).toEqual(history(m));
  });

  it('generate_dataset and saving the study read no epochs; the saved study refers to the spill files, it does not copy them', async () => {
    const before = { ...spillReads };
    await call(disk, 'generate_dataset', { split_strategy: 'subject', training_mode: 'group', test_ratio: 0.34, val_ratio: 0.2 });
    await saveStudy(disk.env.workspace, disk.study.state);
    expect(spillReads).toEqual(before);
    const arrays = join(disk.env.workspace, '.xbrain', 'arrays');
    const largest = Math.max(...readdirSync(arrays).map((f) => statSync(join(arrays, f)).size));
    const e = disk.study.state.epochs!;
    expect(largest).toBeLessThan(e.nEpochs * e.nChannels * e.nTimes * 4);
    const loaded = await loadStudy(disk.env.workspace);
    expect(epochsFile(loaded.epochs!)?.file).toBe(epochsFile(e)!.file);
    expect(loaded.recordings.map((r) => diskRowsInfo(r.data)?.file)).toEqual(disk.study.state.recordings.map((r) => diskRowsInfo(r.data)?.file));
    const idx = loaded.dataset!.splits[0].train;
    expect(bytes(epochRows(loaded.epochs!, idx)).equals(bytes(epochRows(mem.study.state.epochs!, idx)))).toBe(true);
  });

  it('run_protocol (baselines) reads its folds from the epochs file and scores exactly as on the epochs in memory', async () => {
    const args = { protocol: 'cross_subject', n_test_subjects: 1, seed: 2, pipelines: ['CSP+LDA', 'TS+LR'] };
    const before = spillReads.epochsSets;
    const r = await reg.invoke('run_protocol', args, disk, { confirmed: true });
    expect(r.type, r.content).toBe('plot');
    expect(spillReads.epochsSets).toBe(before);
    await reg.invoke('run_protocol', args, mem, { confirmed: true });
    const rows = (c: ToolContext) => c.study.state.protocols![0].rows.map((x) => [x.pipeline, x.fold_name, x.n_test, x.accuracy, x.score]);
    expect(rows(disk).length).toBe(6);
    expect(rows(disk)).toEqual(rows(mem));
  });

  it('a saved study whose spill file is gone is a typed bad_file error naming it', async () => {
    const ws = join(root, 'broken');
    mkdirSync(ws, { recursive: true });
    await saveStudy(ws, disk.study.state);
    const name = readdirSync(spillDir(ws)).find((f) => f.endsWith('.epochs.f32'))!;
    rmSync(join(spillDir(ws), name));
    await expect(loadStudy(ws)).rejects.toMatchObject({ code: 'bad_file', message: expect.stringContaining(`spill/${name} is missing`) });
  });

  it('edit_events keeps the epochs on the same file; a step on the epochs puts its result back on disk; both as in memory', async () => {
    const file = epochsFile(disk.study.state.epochs!)!.file;
    for (const c of [disk, mem]) await call(c, 'edit_events', { rename: { T1: 'left', T2: 'right' } });
    expect(epochsFile(disk.study.state.epochs!)!.file).toBe(file);
    expect(disk.study.state.epochs!.eventId).toEqual({ left: 0, right: 1 });
    expect(meta(disk.study.state.epochs!)).toEqual(meta(mem.study.state.epochs!));
    for (const c of [disk, mem]) await call(c, 'normalize_data', { method: 'z-score' });
    const de = disk.study.state.epochs!,
      me = mem.study.state.epochs!;
    expect(epochsFile(de)!.file).not.toBe(file);
    expect(bytes(de.data).equals(bytes(me.data))).toBe(true);
  });
});

describe('steps on epochs kept on disk (issue 20)', () => {
  it('run block of epochs by block into a new spill file, never reading the file whole, with the in-memory result', async () => {
    const steps: [string, Record<string, unknown>][] = [
      ['apply_bandpass_filter', { low_freq: 9, high_freq: 25 }],
      ['apply_notch_filter', { freq: 50 }],
      ['resample_data', { rate: 80 }],
      ['set_reference', { method: 'average' }],
      ['select_channels', { channels: ['C4..', 'C3..', 'Pz..', 'Cz..'] }],
      ['normalize_data', { method: 'min-max' }],
    ];
    const chunk = 4;
    for (const [tool, args] of steps) {
      const before = disk.study.state.epochs!;
      epochStreaming.chunkBytes = chunk * before.nChannels * before.nTimes * 4;
      Object.assign(spillReads, { epochsSets: 0, epochRows: 0, largestEpochRead: 0 });
      let replies: string[];
      try {
        replies = [await call(disk, tool, args), await call(mem, tool, args)];
      } finally {
        epochStreaming.chunkBytes = EPOCH_CHUNK_BYTES;
      }
      expect(spillReads.epochsSets, tool).toBe(0);
      expect(spillReads.largestEpochRead, tool).toBeLessThanOrEqual(chunk);
      expect(spillReads.epochRows, tool).toBe(before.nEpochs);
      expect(replies[0]).toBe(replies[1]);
      const de = disk.study.state.epochs!,
        me = mem.study.state.epochs!;
      expect(epochsFile(de)!.file).not.toBe(epochsFile(before)!.file);
      expect(meta(de), tool).toEqual(meta(me));
      const all = Array.from({ length: me.nEpochs }, (_, i) => i);
      expect(bytes(epochRows(de, all)).equals(bytes(me.data)), tool).toBe(true);
    }
    expect(disk.study.state.epochs!.nTimes).toBe(mem.study.state.epochs!.nTimes);
    expect(disk.study.state.epochs!.nEpochs).toBeGreaterThan(3 * chunk);
    const hist = (s: Readonly<StudyState>) => s.epochHistory.map(({ at: _at, ...h }) => h);
    expect(hist(disk.study.state)).toEqual(hist(mem.study.state));
  }, 60000);
});

describe('raw steps on a study kept on disk', () => {
  let ctx: ToolContext;
  beforeAll(async () => {
    ctx = context('raw', 0);
    await call(ctx, 'load_data', { paths: [data] });
  });

  it('a refused step leaves the Study (and its spill files) exactly as they were', async () => {
    const before = ctx.study.state;
    const r = await reg.invoke('apply_bandpass_filter', { low_freq: 8, high_freq: 500 }, ctx, { confirmed: true });
    expect(r.type).toBe('error');
    expect(ctx.study.state).toBe(before);
  });

  it('the filter writes new spill files and leaves the loaded ones intact for roll-back; reset_preprocessing stays on disk', async () => {
    const loaded = ctx.study.state;
    const first = loaded.recordings[0].data[3].slice();
    await call(ctx, 'apply_notch_filter', { freq: 50 });
    const after = ctx.study.state.recordings;
    after.forEach((r, i) => expect(diskRowsInfo(r.data)!.file).not.toBe(diskRowsInfo(loaded.recordings[i].data)!.file));
    expect(bytes(loaded.recordings[0].data[3]).equals(bytes(first))).toBe(true);
    await call(ctx, 'reset_preprocessing', {});
    const reset = ctx.study.state.recordings;
    expect(reset.every((r) => diskRowsInfo(r.data))).toBe(true);
    expect(bytes(reset[0].data[3]).equals(bytes(first))).toBe(true);
    expect(ctx.study.state.history).toEqual([]);
  });
});

describe('spill files no state refers to', () => {
  it('are removed at the next save once no live object reads them; files a live state or the saved study refers to stay', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const ctx = context('gc', 0);
    await call(ctx, 'load_data', { paths: [data] });
    // the loaded recordings are read from their EDF files; the first step's results are the first spill files
    await call(ctx, 'apply_bandpass_filter', { low_freq: 1, high_freq: 40 });
    const loadedFiles = ctx.study.state.recordings.map((r) => basename(diskRowsInfo(r.data)!.file));
    // a stray file from an earlier process that no study refers to
    writeFileSync(join(spillDir(ctx.env.workspace), 'stray.rows.f32'), Buffer.alloc(16));
    await call(ctx, 'apply_notch_filter', { freq: 50 });
    const filteredFiles = ctx.study.state.recordings.map((r) => basename(diskRowsInfo(r.data)!.file));
    // nothing holds the loaded state any more (the tool results did not keep it)
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 10));
    }
    await saveStudy(ctx.env.workspace, ctx.study.state);
    const left = new Set(readdirSync(spillDir(ctx.env.workspace)));
    expect(left.has('stray.rows.f32')).toBe(false);
    for (const f of filteredFiles) expect(left.has(f)).toBe(true);
    expect(loadedFiles.filter((f) => left.has(f))).toEqual([]);
    // a state held in memory keeps its files even when neither study.json nor its backup refers to them
    await call(ctx, 'apply_notch_filter', { freq: 60 });
    let held: Readonly<StudyState> | null = ctx.study.state;
    const heldFiles = held.recordings.map((r) => basename(diskRowsInfo(r.data)!.file));
    await call(ctx, 'reset_preprocessing', {});
    const collectAndSaveTwice = async (): Promise<Set<string>> => {
      for (let i = 0; i < 3; i++) {
        gc();
        await new Promise((r) => setTimeout(r, 10));
      }
      await saveStudy(ctx.env.workspace, ctx.study.state);
      await saveStudy(ctx.env.workspace, ctx.study.state); // the backup is now the reset state too
      return new Set(readdirSync(spillDir(ctx.env.workspace)));
    };
    const whileHeld = await collectAndSaveTwice();
    for (const f of heldFiles) expect(whileHeld.has(f)).toBe(true);
    expect(held.recordings).toHaveLength(6);
    held = null;
    const afterRelease = await collectAndSaveTwice();
    expect(heldFiles.filter((f) => afterRelease.has(f))).toEqual([]);
    // the reset recordings are read from their EDF files again: nothing of them in the spill folder
    for (const r of ctx.study.state.recordings) expect(diskRowsInfo(r.data)!.source && diskRowsInfo(r.data)!.file).toBe(r.path);
  });
});
