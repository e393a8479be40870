// Samples kept on disk (issue 20): the disk-backed recording rows and epochs views give exactly the samples of the
// in-memory arrays they were written from, and read only what is asked.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  diskEpochs,
  diskRowsInfo,
  epochRows,
  epochsFile,
  epochsLength,
  EpochsWriter,
  readEpochRows,
  ROW_CACHE_SIZE,
  spillEpochs,
  spillRows,
  spillRowsAsync,
  spillSpaceFree,
  spillThreshold,
  SPILL_ENV,
} from '../../../src/core/signal/spill';
import type { Epochs } from '../../../src/core/signal/types';
import { checkDiskSpace } from '../../../src/core/tools/budget';

const dir = mkdtempSync(join(tmpdir(), 'xb-spill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rowsOf = (nCh: number, nT: number, seed: number): Float32Array[] =>
  Array.from({ length: nCh }, (_, c) => Float32Array.from({ length: nT }, (_, t) => Math.sin(seed + c * 7 + t * 0.1) * 1e-5));

function memEpochs(n: number, nCh: number, nT: number): Epochs {
  return {
    data: Float32Array.from({ length: n * nCh * nT }, (_, i) => i * 0.25 - 3),
    nEpochs: n,
    nChannels: nCh,
    nTimes: nT,
    channels: Array.from({ length: nCh }, (_, c) => `C${c}`),
    sfreq: 100,
    tmin: 0,
    eventId: { a: 0, b: 1 },
    labels: Int32Array.from({ length: n }, (_, i) => i % 2),
    subject: Array.from({ length: n }, (_, i) => `S${i % 3}`),
    session: Array.from({ length: n }, () => 'R1'),
    recording: Int32Array.from({ length: n }, (_, i) => i % 3),
    eventSample: Int32Array.from({ length: n }, (_, i) => i * 10),
    baseline: null,
  };
}

describe('disk-backed recording rows', () => {
  it('behave as the array of rows they were written from (index, length, map, slice, spread, forEach)', () => {
    const rows = rowsOf(5, 37, 1);
    const disk = spillRows(dir, rows, 37);
    const info = diskRowsInfo(disk)!;
    expect(info).toMatchObject({ nChannels: 5, nTimes: 37 });
    expect(statSync(info.file).size).toBe(5 * 37 * 4);
    expect(Array.isArray(disk)).toBe(true);
    expect(disk.length).toBe(5);
    expect(disk.map((r) => Array.from(r))).toEqual(rows.map((r) => Array.from(r)));
    expect(disk.slice(1, 3).map((r) => r[4])).toEqual([rows[1][4], rows[2][4]]);
    expect([...disk].length).toBe(5);
    let n = 0;
    disk.forEach(() => n++);
    expect(n).toBe(5);
    expect(disk[5]).toBeUndefined();
    expect(diskRowsInfo(rows)).toBeUndefined();
  });

  it('are read back from the file once evicted from the cache, bit for bit', () => {
    const rows = rowsOf(3, 20, 2);
    const disk = spillRows(dir, rows, 20);
    for (let k = 0; k < ROW_CACHE_SIZE + 1; k++) spillRows(dir, rowsOf(3, 20, 10 + k), 20); // pushes `disk` out
    const again = disk.map((r) => r.slice());
    again.forEach((r, c) => expect(Buffer.from(r.buffer)).toEqual(Buffer.from(rows[c].slice().buffer)));
    // the file holds channel after channel
    const bytes = readFileSync(diskRowsInfo(disk)!.file);
    expect(new Float32Array(bytes.buffer, bytes.byteOffset + 20 * 4, 20)).toEqual(rows[1]);
  });

  it('write every row of a recording with more rows than one gathering write takes (IOV_MAX 1024)', () => {
    const rows = rowsOf(1500, 3, 4);
    const disk = spillRows(dir, rows, 3);
    const bytes = readFileSync(diskRowsInfo(disk)!.file);
    expect(bytes.byteLength).toBe(1500 * 3 * 4);
    expect(new Float32Array(bytes.buffer, bytes.byteOffset, 1500 * 3)).toEqual(Float32Array.from(rows.flatMap((r) => Array.from(r))));
  });

  it('spillRowsAsync writes the same file as spillRows, also past one gathering write (IOV_MAX 1024), and refuses rows of the wrong length', async () => {
    for (const nCh of [5, 1500, 2049]) {
      const rows = rowsOf(nCh, 7, nCh);
      const a = readFileSync(diskRowsInfo(spillRows(dir, rows, 7))!.file);
      const disk = await spillRowsAsync(dir, rows, 7);
      const b = readFileSync(diskRowsInfo(disk)!.file);
      expect(b.byteLength).toBe(nCh * 7 * 4);
      expect(b.equals(a)).toBe(true);
      expect(Array.from(disk[nCh - 1])).toEqual(Array.from(rows[nCh - 1]));
    }
    await expect(spillRowsAsync(dir, [new Float32Array(4), new Float32Array(3)], 4)).rejects.toThrow(/row 1 has 3 samples, 4 expected/);
  });

  it('refuse writes and rows of the wrong length', () => {
    const disk = spillRows(dir, rowsOf(2, 4, 3), 4);
    expect(() => {
      (disk as Float32Array[])[0] = new Float32Array(4);
    }).toThrow();
    expect(() => spillRows(dir, [new Float32Array(4), new Float32Array(3)], 4)).toThrow(/row 1 has 3 samples, 4 expected/);
  });
});

describe('disk-backed epochs', () => {
  it('carry the same rows and metadata as the in-memory epochs, read by index without loading the file', () => {
    const e = memEpochs(9, 3, 4);
    const d = spillEpochs(dir, e);
    const f = epochsFile(d)!;
    expect(f).toMatchObject({ nEpochs: 9, nChannels: 3, nTimes: 4 });
    expect(epochsFile(e)).toBeUndefined();
    expect(epochsLength(d)).toBe(e.data.length);
    for (const idx of [[0], [8, 0, 1, 2], [3, 4, 5], [7, 7], []]) {
      expect(epochRows(d, idx)).toEqual(epochRows(e, idx));
    }
    expect(d.data).toEqual(e.data);
    const { data: _a, ...metaD } = d;
    const { data: _b, ...metaE } = e;
    expect(metaD).toEqual(metaE);
    expect(() => epochRows(d, [9])).toThrow(/outside 0\.\.8/);
  });

  it('a spread copy is an ordinary in-memory epochs set with the same samples', () => {
    const e = memEpochs(4, 2, 3);
    const copy = { ...spillEpochs(dir, e), labels: Int32Array.from([1, 1, 0, 0]) };
    expect(epochsFile(copy)).toBeUndefined();
    expect(copy.data).toEqual(e.data);
  });

  it('EpochsWriter appends blocks of whole epochs; the shape must match the metadata', () => {
    const e = memEpochs(5, 2, 3);
    const w = new EpochsWriter(dir, 2, 3);
    w.append(e.data.subarray(0, 12));
    w.append(e.data.subarray(12));
    expect(() => w.append(new Float32Array(5))).toThrow(/whole epochs/);
    const info = w.finish();
    expect(info.nEpochs).toBe(5);
    expect(readEpochRows(info, null)).toEqual(e.data);
    const { data: _d, ...meta } = e;
    expect(() => diskEpochs({ ...meta, nEpochs: 4 }, info)).toThrow(/holds 5×2×3/);
  });

  it('readEpochRows with shared gives the same rows in a SharedArrayBuffer', () => {
    const e = memEpochs(6, 2, 2);
    const d = spillEpochs(dir, e);
    const s = readEpochRows(epochsFile(d)!, [5, 1, 2], { shared: true });
    expect(s.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(s)).toEqual(Array.from(epochRows(e, [5, 1, 2])));
  });
});

describe('spill threshold', () => {
  it('ToolEnv.spillAboveMB wins, then the environment variable, then 1024 MB', () => {
    const old = process.env[SPILL_ENV];
    try {
      delete process.env[SPILL_ENV];
      expect(spillThreshold({})).toBe(1024 * 2 ** 20);
      process.env[SPILL_ENV] = '0';
      expect(spillThreshold({})).toBe(0);
      expect(spillThreshold({ spillAboveMB: 5 })).toBe(5 * 2 ** 20);
      process.env[SPILL_ENV] = 'lots';
      expect(spillThreshold({})).toBe(1024 * 2 ** 20);
    } finally {
      if (old === undefined) delete process.env[SPILL_ENV];
      else process.env[SPILL_ENV] = old;
    }
  });
});

describe('disk space for spill files', () => {
  it('is measured on the nearest existing folder, and a write that would nearly fill it is over_budget naming the parameter', () => {
    const free = spillSpaceFree(join(dir, 'not', 'yet', '.xbrain', 'spill'));
    expect(free).toBeGreaterThan(0);
    expect(Number.isFinite(free)).toBe(true);
    expect(() => checkDiskSpace(1000, 1e6, 't_max', '9 epochs')).not.toThrow();
    let err: unknown;
    try {
      checkDiskSpace(990_000, 1e6, 't_max', '9000 epochs of 641 samples');
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: 'over_budget', details: { parameter: 't_max', estimateBytes: 990_000, freeBytes: 1e6 } });
    expect((err as Error).message).toMatch(
      /^t_max: 9000 epochs of 641 samples would write about 967 KB to \.xbrain\/spill\/, but the workspace's disk has 977 KB free; nothing was changed/,
    );
  });
});
