/**
 * Samples kept on disk instead of in memory (issue 20: studies of many subjects at any size).
 *
 * Above a size (the spill threshold), a folder's recordings and the epochs cut from them live in files under the
 * workspace's `.xbrain/spill/`, one file per recording (float32, channel after channel) and one per epochs set
 * (float32, n × C × T, C order, as `epochs.f32` for the trainer). The Study keeps the headers, events and metadata in
 * memory and a disk-backed view of the samples:
 *
 * - a recording's `data` is an array whose rows are read from its file when first touched (the whole recording at
 *   once, into a cache of the last {@link ROW_CACHE_SIZE} recordings), so code that walks `r.data[c]` works unchanged
 *   while at most a couple of recordings are in memory. A recording loaded from an EDF/BDF file is not copied at all:
 *   its rows are decoded from that file ({@link sourceRows}, io/sourceFile.ts), which must not change meanwhile; the
 *   first step that changes the samples writes them to a spill file;
 * - an epochs set's `data` is read whole only when a tool asks for it (a getter); the paths that scale use
 *   {@link epochsFile} and positional reads of the rows they need (generate_dataset, start_training, persistence,
 *   evaluate, compute_saliency) or {@link epochChunks}, blocks of at most {@link EPOCH_CHUNK_BYTES} (plots, export,
 *   alignment).
 *
 * The files are written once and never changed (operations write new ones), so a Study state that refers to them stays
 * valid for roll-back; saveStudy stores references to them instead of copies and removes the files that neither the
 * saved state, its backup nor a live object of this process refers to ({@link inUseHere}).
 */
import { randomUUID } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readSync, statfsSync, writeSync, writevSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { SourceFile } from '../io/sourceFile';
import type { Epochs } from './types';

/** Environment variable: spill recordings/epochs to disk above this many MB of samples (0 = always). */
export const SPILL_ENV = 'XBRAIN_SPILL_ABOVE_MB';
/** Default spill threshold: a study whose samples take more than this stays on disk. */
export const DEFAULT_SPILL_MB = 1024;
/** How many disk-backed recordings stay materialised (the one being processed and the one before it). */
export const ROW_CACHE_SIZE = 2;

export const spillDir = (workspace: string): string => join(workspace, '.xbrain', 'spill');

/** Bytes of samples above which load_data / epoch_data keep them on disk (ToolEnv.spillAboveMB, else the env). */
export function spillThreshold(env: { spillAboveMB?: number }): number {
  const fromEnv = Number(process.env[SPILL_ENV]);
  const mb = env.spillAboveMB ?? (process.env[SPILL_ENV] !== undefined && Number.isFinite(fromEnv) && fromEnv >= 0 ? fromEnv : DEFAULT_SPILL_MB);
  return mb * 2 ** 20;
}

/**
 * Bytes free for spill files in `dir` (its nearest existing folder), or Infinity when the file system cannot say.
 * load_data and epoch_data refuse with over_budget before writing more than this (tools/budget.ts checkDiskSpace).
 */
export function spillSpaceFree(dir: string): number {
  let d = dir;
  for (;;) {
    try {
      const s = statfsSync(d);
      return s.bavail * s.bsize;
    } catch {
      const up = dirname(d);
      if (up === d) return Infinity;
      d = up;
    }
  }
}

/**
 * Spill files this process may still read: being written (no view yet), or with a live view — a recording's rows or
 * an epochs set held by any state object (the Study's, one kept for roll-back, a tool's result in progress). When the
 * last view of a file is garbage-collected the file is no longer in use here, and saveStudy removes it unless the
 * saved study or its backup refers to it; so repeated steps on a large study do not fill the disk with old versions.
 */
const beingWritten = new Set<string>();
const liveViews = new Map<string, number>();
const released = new FinalizationRegistry<string>((name) => {
  const n = (liveViews.get(name) ?? 1) - 1;
  if (n > 0) liveViews.set(name, n);
  else liveViews.delete(name);
});
export const inUseHere = (name: string): boolean => beingWritten.has(name) || liveViews.has(name);

function track(view: object, file: string): void {
  const name = basename(file);
  beingWritten.delete(name);
  liveViews.set(name, (liveViews.get(name) ?? 0) + 1);
  released.register(view, name);
}

function newSpillFile(dir: string, suffix: string): { name: string; file: string } {
  mkdirSync(dir, { recursive: true });
  const name = `${randomUUID()}.${suffix}`;
  beingWritten.add(name);
  return { name, file: join(dir, name) };
}

/**
 * An ArrayBuffer of its own (offset 0) left as the allocator found it, for bytes read from a file that fill it
 * completely (readAll throws otherwise): zeroing 5 MB first costs more than reading it from the page cache.
 */
function uninitialised(bytes: number): ArrayBuffer {
  const b = Buffer.allocUnsafeSlow(bytes);
  return b.buffer as ArrayBuffer;
}

const bytesOf = (a: Float32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  let done = 0;
  while (done < bytes.byteLength) done += writeSync(fd, bytes, done, bytes.byteLength - done, position + done);
}

function readAll(fd: number, into: Uint8Array, position: number, file: string): void {
  let done = 0;
  while (done < into.byteLength) {
    const n = readSync(fd, into, done, into.byteLength - done, position + done);
    if (n === 0) throw new Error(`${file}: ends after ${position + done} bytes, ${position + into.byteLength} expected`);
    done += n;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Recordings

/**
 * Where a disk-backed recording's rows are: `file` (absolute) holds nChannels rows of nTimes float32 — a spill file —
 * or, with `source`, the recording's own EDF/BDF file, decoded when the rows are touched (io/sourceFile.ts), with its
 * size and modification time when it was loaded.
 */
export interface DiskRowsInfo {
  file: string;
  nChannels: number;
  nTimes: number;
  source?: { size: number; mtimeMs: number };
}

/**
 * Reads from spill files so far (tests assert which paths read what): whole recordings, whole epochs sets (the `data`
 * getter), epoch rows read by positional reads ({@link readEpochRows}) and the most rows one such call returned — a
 * streaming consumer keeps `largestEpochRead` at its chunk size however many epochs the file holds.
 */
export const spillReads = { recordings: 0, epochsSets: 0, epochRows: 0, largestEpochRead: 0 };

const ROWS = Symbol('xbrain.diskRows');
const rowCache = new Map<string, Float32Array[]>();

function materialise(key: string, load: () => Float32Array[]): Float32Array[] {
  const hit = rowCache.get(key);
  if (hit) {
    rowCache.delete(key);
    rowCache.set(key, hit);
    return hit;
  }
  spillReads.recordings++;
  const rows = load();
  remember(key, rows);
  return rows;
}

/** A spill file's rows, read whole into one buffer. */
function readSpilledRows(info: DiskRowsInfo): Float32Array[] {
  const buf = uninitialised(info.nChannels * info.nTimes * 4);
  const fd = openSync(info.file, 'r');
  try {
    readAll(fd, new Uint8Array(buf), 0, info.file);
  } finally {
    closeSync(fd);
  }
  return Array.from({ length: info.nChannels }, (_, c) => new Float32Array(buf, c * info.nTimes * 4, info.nTimes));
}

function remember(file: string, rows: Float32Array[]): void {
  rowCache.set(file, rows);
  while (rowCache.size > ROW_CACHE_SIZE) rowCache.delete(rowCache.keys().next().value as string);
}

/**
 * A recording's `data` read from its file on first touch: an array (Array.isArray holds, map/slice/forEach work)
 * whose element c is channel c's row. Rows are shared with the cache: like every Study array, never mutate them.
 */
export function diskRows(info: DiskRowsInfo): Float32Array[] {
  const view = rowsView(info, info.file, () => readSpilledRows(info));
  track(view, info.file);
  return view;
}

/**
 * A recording's `data` decoded from its source file (io/sourceFile.ts) on first touch, like {@link diskRows} but with
 * no copy of the samples anywhere: nothing is written, and reading a file that changed since it was loaded is a typed
 * bad_file error. The source is not a spill file (saveStudy refers to it and never removes it).
 */
export function sourceRows(src: SourceFile): Float32Array[] {
  const info: DiskRowsInfo = { file: src.path, nChannels: src.nChannels, nTimes: src.nTimes, source: { size: src.size, mtimeMs: src.mtimeMs } };
  // keyed by size and time too: the same path loaded again after it changed is another recording
  return rowsView(info, `${src.path}\u0000${src.size}\u0000${src.mtimeMs}`, () => {
    const rows = src.read();
    if (rows.length !== src.nChannels || rows.some((r) => r.length !== src.nTimes))
      throw new Error(`${src.path}: decoded ${rows.length} rows, ${src.nChannels} × ${src.nTimes} expected`);
    return rows;
  });
}

function rowsView(info: DiskRowsInfo, key: string, load: () => Float32Array[]): Float32Array[] {
  const target: Float32Array[] = new Array<Float32Array>(info.nChannels).fill(null as unknown as Float32Array);
  return new Proxy(target, {
    get(t, p, receiver) {
      if (p === ROWS) return info;
      if (typeof p === 'string') {
        const i = Number(p);
        if (Number.isInteger(i) && i >= 0 && String(i) === p) return i < info.nChannels ? materialise(key, load)[i] : undefined;
      }
      return Reflect.get(t, p, receiver);
    },
    set() {
      return false;
    },
  });
}

export function diskRowsInfo(data: unknown): DiskRowsInfo | undefined {
  return Array.isArray(data) ? ((data as unknown as Record<symbol, DiskRowsInfo | undefined>)[ROWS] ?? undefined) : undefined;
}

/** Writes a recording's rows to a new spill file and returns the disk-backed view of them (the rows stay cached). */
export function spillRows(dir: string, rows: readonly Float32Array[], nTimes: number): Float32Array[] {
  const { name, file } = newSpillFile(dir, 'rows.f32');
  rows.forEach((r, c) => {
    if (r.length !== nTimes) throw new Error(`spillRows: row ${c} has ${r.length} samples, ${nTimes} expected`);
  });
  const fd = openSync(file, 'w');
  try {
    // one gathering write for all rows (fewer system calls than one write per row); the rest, if any, row by row
    const views = rows.map(bytesOf);
    const total = rows.length * nTimes * 4;
    const done = total > 0 ? writevSync(fd, views, 0) : 0;
    if (done < total) {
      let pos = 0;
      for (const v of views) {
        if (pos + v.byteLength > done) {
          const skip = Math.max(0, done - pos);
          writeAll(fd, v.subarray(skip), pos + skip);
        }
        pos += v.byteLength;
      }
    }
  } catch (e) {
    beingWritten.delete(name);
    throw e;
  } finally {
    closeSync(fd);
  }
  remember(file, rows.slice());
  return diskRows({ file, nChannels: rows.length, nTimes });
}

/**
 * {@link spillRows} on the thread pool: the file is written while this thread goes on (the pipelined raw steps write
 * one recording while the next is read and filtered). The rows must not change until the promise settles; they are
 * not cached.
 */
export async function spillRowsAsync(dir: string, rows: readonly Float32Array[], nTimes: number): Promise<Float32Array[]> {
  const { name, file } = newSpillFile(dir, 'rows.f32');
  try {
    rows.forEach((r, c) => {
      if (r.length !== nTimes) throw new Error(`spillRows: row ${c} has ${r.length} samples, ${nTimes} expected`);
    });
    const fh = await open(file, 'w');
    try {
      // gathering writes, at most IOV_MAX (1024) rows each, continued where a partial write stopped
      let views = rows.map(bytesOf);
      let pos = 0;
      while (views.length > 0) {
        const batch = views.slice(0, 1024);
        let { bytesWritten } = await fh.writev(batch, pos);
        if (bytesWritten === 0) throw new Error(`${file}: nothing written at byte ${pos}`);
        pos += bytesWritten;
        let used = 0;
        while (used < batch.length && bytesWritten >= batch[used].byteLength) bytesWritten -= batch[used++].byteLength;
        const rest = views.slice(used);
        if (bytesWritten > 0) rest[0] = rest[0].subarray(bytesWritten);
        views = rest;
      }
    } finally {
      await fh.close();
    }
  } catch (e) {
    beingWritten.delete(name);
    throw e;
  }
  return diskRows({ file, nChannels: rows.length, nTimes });
}

// ---------------------------------------------------------------------------------------------------------------
// Epochs

/** Where a disk-backed epochs set's samples are: `file` (absolute), nEpochs × nChannels × nTimes float32 from byte 0. */
export interface EpochsFileInfo {
  file: string;
  nEpochs: number;
  nChannels: number;
  nTimes: number;
}

const EPOCHS = Symbol('xbrain.epochsFile');

/** The file behind disk-backed epochs, or undefined when their samples are in memory. */
export function epochsFile(e: Epochs): EpochsFileInfo | undefined {
  return (e as unknown as Record<symbol, EpochsFileInfo | undefined>)[EPOCHS];
}

/** Samples in an epochs set, without reading a disk-backed one. */
export function epochsLength(e: Epochs): number {
  const f = epochsFile(e);
  return f ? f.nEpochs * f.nChannels * f.nTimes : e.data.length;
}

/**
 * Epochs whose samples stay in `info.file`: every field as in memory, `data` a getter that reads the whole file
 * (kept through a WeakRef, so it is read again only once nothing holds it). Spreading such an object reads it too,
 * and the copy is an ordinary in-memory epochs set.
 */
export function diskEpochs(meta: Omit<Epochs, 'data'>, info: EpochsFileInfo): Epochs {
  if (meta.nEpochs !== info.nEpochs || meta.nChannels !== info.nChannels || meta.nTimes !== info.nTimes)
    throw new Error(
      `diskEpochs: ${info.file} holds ${info.nEpochs}×${info.nChannels}×${info.nTimes}, metadata says ${meta.nEpochs}×${meta.nChannels}×${meta.nTimes}`,
    );
  let ref: WeakRef<Float32Array> | null = null;
  const e = { ...meta } as Epochs;
  Object.defineProperty(e, 'data', {
    enumerable: true,
    get(): Float32Array {
      let d = ref?.deref();
      if (!d) {
        spillReads.epochsSets++;
        d = readEpochRows(info, null);
        ref = new WeakRef(d);
      }
      return d;
    },
  });
  Object.defineProperty(e, EPOCHS, { value: info, enumerable: false });
  track(e, info.file);
  return e;
}

/**
 * Rows `idx` of an epochs file (all of them when idx is null) as one n × C × T array, by positional reads: runs of
 * consecutive indices are read in one call. Indices are checked against the file's epoch count; `shared` puts the
 * rows in a SharedArrayBuffer.
 */
export function readEpochRows(info: EpochsFileInfo, idx: ArrayLike<number> | null, opts: { shared?: boolean; into?: Float32Array } = {}): Float32Array {
  const per = info.nChannels * info.nTimes;
  const n = idx ? idx.length : info.nEpochs;
  spillReads.epochRows += n;
  spillReads.largestEpochRead = Math.max(spillReads.largestEpochRead, n);
  // shared: worker threads given this array use the same memory instead of a copy each (the trainer's training set);
  // into: a streaming consumer's chunk buffer, reused from chunk to chunk
  const out =
    opts.into && opts.into.length >= n * per
      ? opts.into.subarray(0, n * per)
      : opts.shared
        ? new Float32Array(new SharedArrayBuffer(n * per * 4))
        : new Float32Array(uninitialised(n * per * 4));
  const bytes = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  const fd = openSync(info.file, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size < info.nEpochs * per * 4) throw new Error(`${info.file}: ${size} bytes, ${info.nEpochs} × ${info.nChannels} × ${info.nTimes} float32 expected`);
    if (!idx) {
      readAll(fd, bytes, 0, info.file);
      return out;
    }
    let i = 0;
    while (i < n) {
      let j = i + 1;
      while (j < n && idx[j] === idx[j - 1] + 1) j++;
      const first = idx[i];
      if (!(first >= 0 && idx[j - 1] < info.nEpochs)) throw new RangeError(`epoch index ${first} is outside 0..${info.nEpochs - 1}`);
      readAll(fd, bytes.subarray(i * per * 4, j * per * 4), first * per * 4, info.file);
      i = j;
    }
  } finally {
    closeSync(fd);
  }
  return out;
}

/** Rows `idx` of any epochs set: positional reads for a disk-backed one, copies from memory otherwise. */
export function epochRows(e: Epochs, idx: ArrayLike<number>): Float32Array {
  const f = epochsFile(e);
  if (f) return readEpochRows(f, idx);
  const per = e.nChannels * e.nTimes;
  const out = new Float32Array(idx.length * per);
  for (let i = 0; i < idx.length; i++) out.set(e.data.subarray(idx[i] * per, (idx[i] + 1) * per), i * per);
  return out;
}

/** Bytes of epochs a streaming consumer holds at a time (one chunk), unless it asks for another size. */
export const EPOCH_CHUNK_BYTES = 16 * 2 ** 20;

/**
 * The chunk size streaming consumers use ({@link chunkEpochs}' default): EPOCH_CHUNK_BYTES; tests lower it to see
 * that a consumer reads a small file in several chunks.
 */
export const epochStreaming = { chunkBytes: EPOCH_CHUNK_BYTES };

/** Epochs per chunk of at most `bytes` (at least one epoch). */
export const chunkEpochs = (e: Pick<Epochs, 'nChannels' | 'nTimes'>, bytes = epochStreaming.chunkBytes): number =>
  Math.max(1, Math.floor(bytes / (e.nChannels * e.nTimes * 4)));

/** One block of {@link epochChunks}: `count` epochs (n × C × T), the first being epoch `idx[start]` (or `start`). */
export interface EpochChunk {
  block: Float32Array;
  start: number;
  count: number;
}

/**
 * The epochs (or rows `idx` of them, in that order) in consecutive blocks of at most `chunk` epochs, for consumers
 * that need every epoch but not all at once (ERP, PSD, alignment, export …): a disk-backed set is read block by block
 * into one reused buffer, so memory stays at one chunk whatever the file holds; an in-memory set gives subarrays of
 * its data (copies only for `idx`). A block is valid until the next one is asked for: copy what must outlive it.
 */
export function* epochChunks(e: Epochs, opts: { chunk?: number; idx?: ArrayLike<number> } = {}): Generator<EpochChunk> {
  const per = e.nChannels * e.nTimes;
  const idx = opts.idx;
  const n = idx ? idx.length : e.nEpochs;
  const chunk = Math.max(1, Math.floor(opts.chunk ?? chunkEpochs(e)));
  const f = epochsFile(e);
  if (!f && !idx) {
    const d = e.data;
    for (let s = 0; s < n; s += chunk) {
      const count = Math.min(chunk, n - s);
      yield { block: d.subarray(s * per, (s + count) * per), start: s, count };
    }
    return;
  }
  const buf = f ? new Float32Array(uninitialised(Math.min(chunk, n) * per * 4)) : undefined;
  for (let s = 0; s < n; s += chunk) {
    const count = Math.min(chunk, n - s);
    const ids: ArrayLike<number> = idx ? Array.prototype.slice.call(idx, s, s + count) : Array.from({ length: count }, (_, i) => s + i);
    yield { block: f ? readEpochRows(f, ids, { into: buf }) : epochRows(e, ids), start: s, count };
  }
}

/** Appends epoch rows to a new spill file, block after block; `finish` gives the file's description. */
export class EpochsWriter {
  readonly name: string;
  readonly file: string;
  private fd: number;
  private bytes = 0;

  constructor(
    dir: string,
    readonly nChannels: number,
    readonly nTimes: number,
  ) {
    const f = newSpillFile(dir, 'epochs.f32');
    this.name = f.name;
    this.file = f.file;
    this.fd = openSync(this.file, 'w');
  }

  append(block: Float32Array): void {
    if (block.length % (this.nChannels * this.nTimes)) throw new Error('EpochsWriter: a block must hold whole epochs');
    writeAll(this.fd, bytesOf(block), this.bytes);
    this.bytes += block.byteLength;
  }

  finish(): EpochsFileInfo {
    closeSync(this.fd);
    this.fd = -1;
    return { file: this.file, nEpochs: this.bytes / 4 / (this.nChannels * this.nTimes), nChannels: this.nChannels, nTimes: this.nTimes };
  }

  /** Closes without a result (the file is left for the spill garbage collection). */
  abandon(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    beingWritten.delete(this.name);
  }
}

/**
 * The epochs with other metadata (labels, event names …) and the same samples: a disk-backed set stays disk-backed
 * on the same file (a spread would read it whole), an in-memory one is copied shallowly.
 */
export function withEpochsMeta(e: Epochs, patch: Partial<Omit<Epochs, 'data' | 'nEpochs' | 'nChannels' | 'nTimes'>>): Epochs {
  const f = epochsFile(e);
  if (!f) return { ...e, ...patch };
  const meta: Record<string, unknown> = {};
  for (const k of Object.keys(e)) if (k !== 'data') meta[k] = (e as unknown as Record<string, unknown>)[k];
  return diskEpochs({ ...(meta as Omit<Epochs, 'data'>), ...patch }, f);
}

/** An in-memory epochs set written to a spill file (a disk-backed copy with the same rows). */
export function spillEpochs(dir: string, e: Epochs): Epochs {
  const w = new EpochsWriter(dir, e.nChannels, e.nTimes);
  try {
    w.append(e.data);
  } catch (err) {
    w.abandon();
    throw err;
  }
  const { data: _data, ...meta } = e;
  return diskEpochs(meta, w.finish());
}
