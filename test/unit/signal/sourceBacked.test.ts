// Recordings a Study kept on disk reads back from their own EDF/BDF file instead of a spill copy (issue 20): the same
// samples and events as readRecording, nothing written at load, the pipelined filter on the worker pool giving the
// in-memory result, a source that changed after loading a typed bad_file error naming it (at a step or when a saved
// study is opened), and a saved study referring to the source instead of copying it.
import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecording } from '../../../src/core/io/read';
import { simulateFiles } from '../../../src/core/io/simulateFiles';
import { readSourceBacked } from '../../../src/core/signal/sourceRecording';
import { diskRowsInfo, epochRows, spillDir } from '../../../src/core/signal/spill';
import { setSignalWorkerScript, signalPool } from '../../../src/core/signal/workers/pool';
import { loadStudy, saveStudy } from '../../../src/core/study/persistence';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import type { ToolContext } from '../../../src/core/tools/types';
import { repoRoot, testDataDir } from '../helpers/paths';
import { buildSignalWorker } from './signalWorkerBundle';

const reg = new ToolRegistry();
const root = mkdtempSync(join(tmpdir(), 'xb-source-backed-'));
const data = join(root, 'data');
const bytes = (a: Float32Array): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

function context(name: string, spillAboveMB: number, folder = data): ToolContext {
  const workspace = join(root, name);
  mkdirSync(workspace, { recursive: true });
  return { study: new Study(), env: { workspace, packageRoot: repoRoot, trusted: true, dataFolders: [folder], spillAboveMB } };
}

async function call(ctx: ToolContext, tool: string, args: Record<string, unknown>): Promise<string> {
  const r = await reg.invoke(tool, args, ctx, { confirmed: true });
  if (r.type === 'error') throw new Error(`${tool}: ${r.content}`);
  return r.content;
}

/** A copy of the simulated folder, for tests that change a file. */
function copyOfData(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(data)) copyFileSync(join(data, f), join(dir, f));
  return dir;
}

beforeAll(async () => {
  // 64 channels × 110 s at 160 Hz: above the pool's threshold (DEFAULT_MIN_PARALLEL_SAMPLES), so the filter uses it
  simulateFiles({ out: data, subjects: 2, runNumbers: [4, 8], seed: 3, duration: 110 });
  // the pipelined raw steps overlap their I/O with the worker pool: run them on it, as the product does
  await setSignalWorkerScript(await buildSignalWorker(root));
}, 60_000);
afterAll(async () => {
  await setSignalWorkerScript(undefined);
  rmSync(root, { recursive: true, force: true });
});

describe('a recording backed by its EDF/BDF file', () => {
  const files = readdirSync(testDataDir).filter((f) => /\.(edf|bdf)$/i.test(f));

  it.each(files)('%s: the samples, events and header readRecording gives', async (f) => {
    const path = join(testDataDir, f);
    const backed = (await readSourceBacked(path))!;
    const read = await readRecording(path);
    expect(diskRowsInfo(backed.data)?.source).toEqual({ size: statSync(path).size, mtimeMs: statSync(path).mtimeMs });
    const { data: bd, ...bMeta } = backed;
    const { data: rd, ...rMeta } = read;
    expect(bMeta).toEqual(rMeta);
    expect(bd).toHaveLength(rd.length);
    rd.forEach((row, c) => expect(bytes(bd[c]).equals(bytes(row)), `${f} channel ${c}`).toBe(true));
  });

  it('is not offered for formats without a synchronous decoder (they are copied to a spill file)', async () => {
    expect(await readSourceBacked(join(testDataDir, 'sample.gdf'))).toBeNull();
  });
});

describe('a study kept on disk reads its EDF recordings from their files', () => {
  let mem: ToolContext, disk: ToolContext;
  beforeAll(async () => {
    mem = context('memory', 100000);
    disk = context('disk', 0);
    for (const c of [mem, disk]) await call(c, 'load_data', { paths: [data] });
  }, 60_000);

  it('load_data writes nothing: every recording is backed by its own file, with the samples and events of the in-memory load', () => {
    expect(existsSync(spillDir(disk.env.workspace))).toBe(false);
    const d = disk.study.state.recordings,
      m = mem.study.state.recordings;
    expect(d).toHaveLength(4);
    d.forEach((r, i) => {
      expect(diskRowsInfo(r.data)?.file).toBe(r.path);
      expect(r.events).toEqual(m[i].events);
      m[i].data.forEach((row, c) => expect(bytes(r.data[c]).equals(bytes(row))).toBe(true));
    });
  });

  it('the pipelined filter (worker pool) and epoch_data give the in-memory result; the filter writes the only copy', async () => {
    const pool = signalPool();
    const tasks = pool?.tasksDone ?? 0;
    for (const c of [mem, disk]) {
      await call(c, 'apply_bandpass_filter', { low_freq: 8, high_freq: 30 });
      await call(c, 'epoch_data', { t_min: 0, t_max: 2, event_id: ['T1', 'T2'], baseline: null });
    }
    if (pool) expect(pool.tasksDone).toBeGreaterThan(tasks);
    const d = disk.study.state,
      m = mem.study.state;
    d.recordings.forEach((r, i) => {
      expect(diskRowsInfo(r.data)?.file.startsWith(spillDir(disk.env.workspace))).toBe(true);
      m.recordings[i].data.forEach((row, c) => expect(bytes(r.data[c]).equals(bytes(row))).toBe(true));
    });
    const all = Array.from({ length: m.epochs!.nEpochs }, (_, i) => i);
    expect(m.epochs!.nEpochs).toBeGreaterThan(8);
    expect(bytes(epochRows(d.epochs!, all)).equals(bytes(m.epochs!.data))).toBe(true);
    // one rows file per recording (the filter's) and one epochs file: the loaded recordings were never copied
    const spilled = readdirSync(spillDir(disk.env.workspace));
    expect(spilled.filter((f) => f.endsWith('.rows.f32'))).toHaveLength(4);
    expect(spilled.filter((f) => f.endsWith('.epochs.f32'))).toHaveLength(1);
  });

  it('a source changed after loading (same size, new time) is a bad_file error naming it, and the Study is unchanged', async () => {
    const folder = copyOfData('changed');
    const ctx = context('changed', 0, folder);
    await call(ctx, 'load_data', { paths: [folder] });
    const before = ctx.study.state;
    const victim = before.recordings[1].path;
    const st = statSync(victim);
    utimesSync(victim, st.atime, new Date(st.mtimeMs + 5000));
    const r = await reg.invoke('apply_bandpass_filter', { low_freq: 8, high_freq: 30 }, ctx, { confirmed: true });
    expect(r.type).toBe('error');
    expect(r.content).toContain(victim);
    expect(r.content).toContain('changed since it was loaded');
    expect(ctx.study.state).toBe(before);
  });

  it('a saved study refers to the source files; reopened it reads the same samples, and a changed source is bad_file naming it', async () => {
    const folder = copyOfData('saved');
    const ctx = context('saved', 0, folder);
    await call(ctx, 'load_data', { paths: [folder] });
    await saveStudy(ctx.env.workspace, ctx.study.state);
    expect(readFileSync(join(ctx.env.workspace, '.xbrain', 'study.json'), 'utf8')).toContain('"$source"');
    expect(existsSync(spillDir(ctx.env.workspace)) ? readdirSync(spillDir(ctx.env.workspace)) : []).toEqual([]);
    const loaded = await loadStudy(ctx.env.workspace);
    for (const r of loaded.recordings) {
      expect(diskRowsInfo(r.data)?.file).toBe(r.path);
      const read = await readRecording(r.path);
      read.data.forEach((row, c) => expect(bytes(r.data[c]).equals(bytes(row))).toBe(true));
    }
    const victim = loaded.recordings[2].path;
    appendFileSync(victim, Buffer.alloc(3));
    await expect(loadStudy(ctx.env.workspace)).rejects.toMatchObject({ code: 'bad_file', message: expect.stringContaining(victim) });
    rmSync(victim);
    await expect(loadStudy(ctx.env.workspace)).rejects.toMatchObject({ code: 'bad_file', message: expect.stringContaining('is missing') });
  });
});
