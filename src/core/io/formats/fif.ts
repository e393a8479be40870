import { open, type FileHandle } from 'node:fs/promises';
import type { Annotation, ChannelInfo, ChannelType, EpochsHeader, RecordingHeader } from '../types';
import { XBrainError } from '../../errors';
import { mneAnnotations } from './annotationOrder';
import { badFile, clampWindow, unsupported, utf8Field } from './binary';
import { isoFromUnix } from './measDate';
import { StatsAccumulator } from '../stats';
import { readerResult, type FormatReader, type RawContent, type SampleWindow } from './reader';

/** FIFF constants (mne/io/constants.py). FIF is big-endian throughout. */
const FIFF_FILE_ID = 100,
  FIFF_BLOCK_ID = 103,
  FIFF_PARENT_BLOCK_ID = 110,
  FIFF_BLOCK_START = 104,
  FIFF_BLOCK_END = 105;
const FIFF_NCHAN = 200,
  FIFF_SFREQ = 201,
  FIFF_CH_INFO = 203,
  FIFF_MEAS_DATE = 204,
  FIFF_COMMENT = 206,
  FIFF_FIRST_SAMPLE = 208,
  FIFF_LAST_SAMPLE = 209;
const FIFF_DATA_BUFFER = 300,
  FIFF_DATA_SKIP = 301,
  FIFF_MNE_CH_NAME_LIST = 3507;
const FIFF_MNE_BASELINE_MIN = 3568,
  FIFF_MNE_BASELINE_MAX = 3569;
const FIFFB_MEAS = 100,
  FIFFB_MEAS_INFO = 101,
  FIFFB_RAW_DATA = 102,
  FIFFB_CONTINUOUS_DATA = 112,
  FIFFB_IAS_RAW_DATA = 119,
  FIFFB_MNE_ANNOTATIONS = 3810;
const RAW_BLOCKS = new Set([FIFFB_RAW_DATA, FIFFB_CONTINUOUS_DATA, FIFFB_IAS_RAW_DATA]);
/** Epochs files (mne/epochs.py `_save_part` / `_read_one_epoch_file`): FIFFB_MNE_EPOCHS (122 before MNE 0.11). */
const FIFFB_MNE_EPOCHS = 373,
  FIFFB_MNE_EPOCHS_OLD = 122,
  FIFFB_MNE_EVENTS = 361,
  FIFF_EPOCH = 302,
  FIFF_MNE_EVENT_LIST = 3561;
const EPOCH_BLOCKS = new Set([FIFFB_MNE_EPOCHS, FIFFB_MNE_EPOCHS_OLD]);
const FIFFT_MATRIX = 1 << 30;

/** Data buffer types MNE reads (mne/io/fiff/raw.py): bytes per value and decoder (complex: the real part). */
const BUFFER_TYPES: Record<number, { bytes: number; step: number; get: (v: DataView, o: number) => number }> = {
  2: { bytes: 2, step: 2, get: (v, o) => v.getInt16(o, false) }, // FIFFT_SHORT
  16: { bytes: 2, step: 2, get: (v, o) => v.getInt16(o, false) }, // FIFFT_DAU_PACK16
  3: { bytes: 4, step: 4, get: (v, o) => v.getInt32(o, false) }, // FIFFT_INT
  4: { bytes: 4, step: 4, get: (v, o) => v.getFloat32(o, false) }, // FIFFT_FLOAT
  5: { bytes: 8, step: 8, get: (v, o) => v.getFloat64(o, false) }, // FIFFT_DOUBLE
  20: { bytes: 8, step: 8, get: (v, o) => v.getFloat32(o, false) }, // FIFFT_COMPLEX_FLOAT (real part)
  21: { bytes: 16, step: 16, get: (v, o) => v.getFloat64(o, false) }, // FIFFT_COMPLEX_DOUBLE (real part)
};

const KIND_TYPES: Record<number, ChannelType> = {
  2: 'eeg',
  3: 'stim',
  202: 'eog',
  302: 'emg',
  402: 'ecg',
  502: 'misc',
  602: 'resp',
  802: 'seeg',
  902: 'ecog',
  900: 'syst',
  102: 'bio',
  301: 'ref_meg',
};
const UNITS: Record<number, string> = { 107: 'V', 112: 'T', 201: 'T/m', 202: 'Am', 114: 'C', 1: 'm', 2: 'kg', 3: 's', 4: 'A', 9: 'Hz' };

interface TagHead {
  kind: number;
  type: number;
  size: number;
  /** byte offset of the tag data */
  pos: number;
}

interface DataSpan {
  /** null for a skip (zeros, as MNE) */
  tag: TagHead | null;
  first: number;
  nsamp: number;
}

interface FifInfo {
  header: RecordingHeader;
  cals: Float64Array;
  buffers: DataSpan[];
  fileSize: number;
  /** an epochs file: the FIFF_EPOCH matrix (epochs × channels × times, C order) and its per-channel cal */
  epochData?: { tag: TagHead; cals: Float64Array };
}

const MAX_SMALL_TAG = 64 << 20;

async function readAt(fh: FileHandle, pos: number, n: number, path: string, field: string): Promise<Uint8Array> {
  const out = new Uint8Array(n);
  let done = 0;
  while (done < n) {
    const { bytesRead } = await fh.read(out, done, n - done, pos + done);
    if (bytesRead === 0) throw badFile(path, field, `file ended at byte ${pos + done} (truncated?)`);
    done += bytesRead;
  }
  return out;
}

/** Small reads (tag headers, info tags) served from 64 KiB blocks: a FIF has thousands of tags. */
class BlockCache {
  private block: Uint8Array = new Uint8Array(0);
  private start = -1;
  constructor(
    private readonly fh: FileHandle,
    private readonly size: number,
    private readonly path: string,
  ) {}

  async read(pos: number, n: number, field: string): Promise<Uint8Array> {
    if (n > BLOCK) return readAt(this.fh, pos, n, this.path, field);
    if (this.start < 0 || pos < this.start || pos + n > this.start + this.block.length) {
      this.start = pos;
      this.block = await readAt(this.fh, pos, Math.min(BLOCK * 2, this.size - pos), this.path, field);
      if (n > this.block.length) throw badFile(this.path, field, `file ended at byte ${this.size} (truncated?)`);
    }
    return this.block.subarray(pos - this.start, pos - this.start + n);
  }
}
const BLOCK = 64 << 10;

/** Walks the tag sequence, reading only the small tags (data buffers are located, not read). */
async function scan(fh: FileHandle, path: string, fileSize: number): Promise<FifInfo> {
  const cache = new BlockCache(fh, fileSize, path);
  const small = async (t: TagHead, field: string): Promise<DataView> => {
    if (t.size > MAX_SMALL_TAG) throw badFile(path, field, `tag of ${t.size} bytes is implausibly large`);
    const b = await cache.read(t.pos, t.size, field);
    return new DataView(b.buffer, b.byteOffset, b.byteLength);
  };
  const int = async (t: TagHead, field: string): Promise<number> => {
    if (t.size < 4) throw badFile(path, field, `tag holds ${t.size} bytes, expected an int`);
    return (await small(t, field)).getInt32(0, false);
  };
  const floats = async (t: TagHead, field: string): Promise<number[]> => {
    const v = await small(t, field);
    if (t.type === 4) return Array.from({ length: Math.floor(t.size / 4) }, (_, i) => v.getFloat32(4 * i, false));
    if (t.type === 5) return Array.from({ length: Math.floor(t.size / 8) }, (_, i) => v.getFloat64(8 * i, false));
    throw badFile(path, field, `unexpected tag type ${t.type}`);
  };

  const blocks: number[] = [];
  let nchan: number | undefined;
  let sfreq: number | undefined;
  let measDate: string | null = null;
  const chs: { kind: number; range: number; cal: number; unit: number; name: string; loc?: [number, number, number] }[] = [];
  let longNames: string[] | undefined;
  let firstSamp = 0;
  let rawBlocks = 0;
  let inFirstRaw = false;
  let pendingSkip = 0;
  let firstSkip = -1;
  const buffers: DataSpan[] = [];
  let nextSample = 0;
  let sawBuffer = false;
  let annot: { onset?: number[]; end?: number[]; desc?: string[] } | undefined;
  const ep: { first?: number; last?: number; data?: TagHead; bmin?: number; bmax?: number; events?: Int32Array; eventId?: string } = {};
  /** measurement ids (secs, usecs) by "<block>:<tag kind>", for MNE's meas_date fallback */
  const ids = new Map<string, [number, number]>();

  let pos = 0;
  let count = 0;
  while (pos < fileSize) {
    if (pos + 16 > fileSize) throw badFile(path, 'tag header', `truncated tag header at byte ${pos}`);
    const h = await cache.read(pos, 16, 'tag header');
    const hv = new DataView(h.buffer, h.byteOffset, 16);
    const t: TagHead = { kind: hv.getInt32(0, false), type: hv.getInt32(4, false), size: hv.getInt32(8, false), pos: pos + 16 };
    const next = hv.getInt32(12, false);
    if (count === 0 && t.kind !== FIFF_FILE_ID) throw badFile(path, 'file id', `not a FIF file (first tag kind ${t.kind}, expected ${FIFF_FILE_ID})`);
    if (t.size < 0 || t.pos + t.size > fileSize)
      throw badFile(path, `tag ${t.kind} size`, `${t.size} bytes at ${t.pos} run past the end of the ${fileSize}-byte file`);
    count++;
    const inner = blocks[blocks.length - 1];
    switch (t.kind) {
      case FIFF_BLOCK_START: {
        const kind = await int(t, 'block start');
        if (blocks.length > 64) throw badFile(path, 'block start', 'blocks nested deeper than 64 levels');
        blocks.push(kind);
        if (RAW_BLOCKS.has(kind)) {
          rawBlocks++;
          inFirstRaw = rawBlocks === 1;
        }
        if (kind === FIFFB_MNE_ANNOTATIONS && !annot) annot = {};
        break;
      }
      case FIFF_BLOCK_END:
        if (RAW_BLOCKS.has(blocks[blocks.length - 1])) inFirstRaw = false;
        blocks.pop();
        break;
      default:
        if ((t.kind === FIFF_FILE_ID || t.kind === FIFF_BLOCK_ID || t.kind === FIFF_PARENT_BLOCK_ID) && t.size >= 20) {
          const v = await small(t, 'id');
          ids.set(`${inner ?? 0}:${t.kind}`, [v.getInt32(12, false), v.getInt32(16, false)]);
        }
        if (inner === FIFFB_MEAS_INFO) {
          if (t.kind === FIFF_NCHAN) nchan = await int(t, 'FIFF_NCHAN');
          else if (t.kind === FIFF_SFREQ) {
            if (t.size < 4) throw badFile(path, 'FIFF_SFREQ', 'tag too short');
            sfreq = (await small(t, 'FIFF_SFREQ')).getFloat32(0, false);
          } else if (t.kind === FIFF_CH_INFO) {
            if (t.size < 96) throw badFile(path, 'FIFF_CH_INFO', `channel info of ${t.size} bytes, expected 96`);
            const v = await small(t, 'FIFF_CH_INFO');
            const bytes = new Uint8Array(v.buffer, v.byteOffset + 80, 16);
            const loc: [number, number, number] = [v.getFloat32(24, false), v.getFloat32(28, false), v.getFloat32(32, false)];
            chs.push({
              kind: v.getInt32(8, false),
              range: v.getFloat32(12, false),
              cal: v.getFloat32(16, false),
              unit: v.getInt32(72, false),
              name: utf8Field(bytes, path, `FIFF_CH_INFO ${chs.length + 1} name`),
              ...(loc.every(Number.isFinite) && loc.some((x) => x !== 0) ? { loc } : {}),
            });
          } else if (t.kind === FIFF_MEAS_DATE && t.size >= 8) {
            const v = await small(t, 'FIFF_MEAS_DATE');
            measDate = isoFromUnix(v.getInt32(0, false), v.getInt32(4, false));
          } else if (t.kind === FIFF_MNE_CH_NAME_LIST) {
            const b = await cache.read(t.pos, Math.min(t.size, MAX_SMALL_TAG), 'FIFF_MNE_CH_NAME_LIST');
            longNames = utf8Field(b, path, 'FIFF_MNE_CH_NAME_LIST', false).split(':');
          }
        } else if (RAW_BLOCKS.has(inner) && inFirstRaw) {
          if (t.kind === FIFF_FIRST_SAMPLE && !sawBuffer) {
            firstSamp = await int(t, 'FIFF_FIRST_SAMPLE');
            nextSample = firstSamp;
          } else if (t.kind === FIFF_DATA_SKIP) {
            const n = await int(t, 'FIFF_DATA_SKIP');
            if (n < 0) throw badFile(path, 'FIFF_DATA_SKIP', `negative skip ${n}`);
            if (!sawBuffer && firstSkip < 0) firstSkip = n;
            else pendingSkip = n;
          } else if (t.kind === FIFF_DATA_BUFFER) {
            if (nchan === undefined || nchan <= 0) throw badFile(path, 'FIFF_NCHAN', 'data buffer before a valid channel count');
            const bt = BUFFER_TYPES[t.type];
            if (!bt) throw unsupported(path, 'FIFF_DATA_BUFFER type', `cannot handle data buffers of type ${t.type}`);
            const nsamp = Math.floor(t.size / (bt.bytes * nchan));
            if (!sawBuffer && firstSkip > 0) nextSample += nsamp * firstSkip;
            sawBuffer = true;
            if (pendingSkip > 0) {
              buffers.push({ tag: null, first: nextSample, nsamp: pendingSkip * nsamp });
              nextSample += pendingSkip * nsamp;
              pendingSkip = 0;
            }
            buffers.push({ tag: t, first: nextSample, nsamp });
            nextSample += nsamp;
            if (nextSample - firstSamp > 2 ** 31) throw badFile(path, 'FIFF_DATA_SKIP', 'recording length exceeds 2^31 samples');
          }
        } else if (EPOCH_BLOCKS.has(inner)) {
          if (t.kind === FIFF_FIRST_SAMPLE) ep.first = await int(t, 'FIFF_FIRST_SAMPLE');
          else if (t.kind === FIFF_LAST_SAMPLE) ep.last = await int(t, 'FIFF_LAST_SAMPLE');
          else if (t.kind === FIFF_EPOCH && !ep.data) ep.data = t;
          else if (t.kind === FIFF_MNE_BASELINE_MIN || t.kind === 304) ep.bmin = (await floats(t, 'baseline min'))[0];
          else if (t.kind === FIFF_MNE_BASELINE_MAX || t.kind === 305) ep.bmax = (await floats(t, 'baseline max'))[0];
        } else if (inner === FIFFB_MNE_EVENTS) {
          // the first events block only (MNE's dir_tree_find(...)[0])
          if (t.kind === FIFF_MNE_EVENT_LIST && !ep.events) {
            if (t.type !== 3 || t.size % 12 !== 0)
              throw badFile(path, 'FIFF_MNE_EVENT_LIST', `expected n × 3 int32 events, found type ${t.type} of ${t.size} bytes`);
            const v = await small(t, 'FIFF_MNE_EVENT_LIST');
            ep.events = Int32Array.from({ length: t.size / 4 }, (_, i) => v.getInt32(4 * i, false));
          } else if (t.kind === FIFF_COMMENT && ep.eventId === undefined) {
            const b = await cache.read(t.pos, Math.min(t.size, MAX_SMALL_TAG), 'event_id description');
            ep.eventId = utf8Field(b, path, 'event_id description', false);
          }
        } else if (inner === FIFFB_MNE_ANNOTATIONS && annot) {
          if (t.kind === FIFF_MNE_BASELINE_MIN) annot.onset = await floats(t, 'annotation onsets');
          else if (t.kind === FIFF_MNE_BASELINE_MAX) annot.end = await floats(t, 'annotation ends');
          else if (t.kind === FIFF_COMMENT) {
            const b = await cache.read(t.pos, Math.min(t.size, MAX_SMALL_TAG), 'annotation descriptions');
            annot.desc = utf8Field(b, path, 'annotation descriptions', false)
              .split(':')
              .map((s) => s.replace(/\{COLON\}/g, ':'));
          }
        }
    }
    if (next === 0) pos = t.pos + t.size;
    else if (next === -1) break;
    else if (next > pos && next < fileSize) pos = next;
    else throw badFile(path, `tag ${t.kind} next`, `invalid next-tag pointer ${next}`);
  }

  if (measDate === null) {
    // MNE: meas_date falls back to the measurement id (meas info parent/id, meas id/parent, file id)
    const order = [
      `${FIFFB_MEAS_INFO}:${FIFF_PARENT_BLOCK_ID}`,
      `${FIFFB_MEAS_INFO}:${FIFF_BLOCK_ID}`,
      `${FIFFB_MEAS}:${FIFF_BLOCK_ID}`,
      `${FIFFB_MEAS}:${FIFF_PARENT_BLOCK_ID}`,
      `0:${FIFF_FILE_ID}`,
    ];
    const id = order.map((k) => ids.get(k)).find((x) => x !== undefined);
    if (id) measDate = isoFromUnix(id[0], id[1]);
  }
  if (nchan === undefined) throw badFile(path, 'FIFF_NCHAN', 'no measurement info (channel count) in the file');
  if (nchan <= 0 || nchan !== chs.length) throw badFile(path, 'FIFF_NCHAN', `${nchan} channels declared, ${chs.length} channel info tags found`);
  if (sfreq === undefined || !Number.isFinite(sfreq) || sfreq <= 0) throw badFile(path, 'FIFF_SFREQ', `invalid sampling rate ${sfreq}`);
  const epochsFile = (rawBlocks === 0 || buffers.length === 0) && ep.data !== undefined;
  if (!epochsFile && (rawBlocks === 0 || buffers.length === 0)) {
    throw unsupported(path, 'raw data block', 'no raw data buffers and no epochs block found (FIF evoked/forward/other files are not recordings)');
  }
  if (longNames && longNames.length === nchan)
    longNames.forEach((n, i) => {
      if (n.startsWith(chs[i].name)) chs[i].name = n;
    });
  const channels: ChannelInfo[] = chs.map((c) => {
    let type: ChannelType = KIND_TYPES[c.kind] ?? 'misc';
    if (c.kind === 1) type = c.unit === 201 ? 'grad' : 'mag';
    return { name: c.name, type, unit: UNITS[c.unit] ?? 'NA', ...(c.loc && (type === 'eeg' || type === 'seeg' || type === 'ecog') ? { loc: c.loc } : {}) };
  });
  if (epochsFile) {
    const header: RecordingHeader = { format: 'FIF', path, sfreq, nTimes: 0, channels, measDate, annotations: [] };
    return fifEpochs(
      path,
      header,
      ep,
      chs.map((c) => c.cal),
      fileSize,
    );
  }
  const nTimes = nextSample - buffers[0].first;
  // skips are zeros not backed by bytes: bound them so a corrupt skip count cannot drive a huge allocation
  const stored = buffers.reduce((n, b) => n + (b.tag ? b.nsamp : 0), 0);
  if (nTimes - stored > 8 * stored + 1_000_000) {
    throw badFile(path, 'FIFF_DATA_SKIP', `skips add ${nTimes - stored} samples to the ${stored} stored; the file is corrupt`);
  }
  const offset = buffers[0].first;
  for (const b of buffers) b.first -= offset;
  let annotations: Annotation[] = [];
  if (annot) {
    const { onset = [], end = [], desc = [] } = annot;
    if (onset.length !== end.length || onset.length !== desc.length) {
      throw badFile(path, 'annotations', `${onset.length} onsets, ${end.length} ends and ${desc.length} descriptions`);
    }
    const t0 = offset / sfreq;
    annotations = mneAnnotations(
      onset.map((o, i) => ({ onset: o - t0, duration: end[i] - o, description: desc[i] })),
      nTimes,
      sfreq,
    );
  }
  const header: RecordingHeader = { format: 'FIF', path, sfreq, nTimes, channels, measDate, annotations };
  return { header, cals: Float64Array.from(chs, (c) => c.cal * c.range), buffers, fileSize };
}

/** Bytes per value of the FIFF_EPOCH matrix types MNE reads (float, double, complex float/double → real part). */
const EPOCH_TYPES: Record<number, { bytes: number; get: (v: DataView, o: number) => number }> = {
  4: { bytes: 4, get: (v, o) => v.getFloat32(o, false) },
  5: { bytes: 8, get: (v, o) => v.getFloat64(o, false) },
  20: { bytes: 8, get: (v, o) => v.getFloat32(o, false) },
  21: { bytes: 16, get: (v, o) => v.getFloat64(o, false) },
};

/** `mne/event.py _read_events_fif`: "name:id;name:id", each entry split at its last ':'. */
function parseEventId(desc: string, path: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of desc.split(';')) {
    const k = m.lastIndexOf(':');
    const id = Number(m.slice(k + 1));
    if (k < 0 || !Number.isInteger(id)) throw badFile(path, 'event_id description', `cannot parse ${JSON.stringify(m)} as name:id`);
    out[m.slice(0, k)] = id;
  }
  return out;
}

/** The epochs block of a FIF file as `mne.read_epochs` reads it: tmin = first/sfreq, data × cal (no range), events. */
function fifEpochs(
  path: string,
  base: RecordingHeader,
  ep: { first?: number; last?: number; data?: TagHead; bmin?: number; bmax?: number; events?: Int32Array; eventId?: string },
  cal: number[],
  fileSize: number,
): FifInfo {
  if (ep.first === undefined || ep.last === undefined) throw badFile(path, 'FIFF_FIRST_SAMPLE', 'the epochs block has no first/last sample');
  if (!ep.events) throw badFile(path, 'FIFF_MNE_EVENT_LIST', 'the epochs file has no events');
  const tag = ep.data as TagHead;
  const type = tag.type & ~FIFFT_MATRIX;
  const et = EPOCH_TYPES[type];
  if (!(tag.type & FIFFT_MATRIX) || !et) throw unsupported(path, 'FIFF_EPOCH type', `cannot handle epoch data of type ${tag.type}`);
  const nTimes = ep.last - ep.first + 1;
  const count = ep.events.length / 3;
  if (count === 0) throw badFile(path, 'FIFF_MNE_EVENT_LIST', 'the epochs file holds no epochs');
  const nchan = base.channels.length;
  if (nTimes <= 0) throw badFile(path, 'FIFF_LAST_SAMPLE', `last sample ${ep.last} before first ${ep.first}`);
  const expected = count * nchan * nTimes;
  const actual = Math.floor(tag.size / et.bytes) - Math.floor(16 / et.bytes);
  if (actual !== expected)
    throw badFile(
      path,
      'FIFF_EPOCH',
      `${actual} values, but ${count} epochs × ${nchan} channels × ${nTimes} samples need ${expected} (incorrect number of samples)`,
    );
  const samples = new Int32Array(count),
    codes = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    samples[k] = ep.events[3 * k];
    codes[k] = ep.events[3 * k + 2];
  }
  let eventId: Record<string, number>;
  if (ep.eventId !== undefined) eventId = parseEventId(ep.eventId, path);
  else {
    eventId = {};
    for (const c of [...new Set(codes)].sort((a, b) => a - b)) eventId[String(c)] = c;
  }
  const baseline: EpochsHeader['baseline'] = ep.bmin !== undefined || ep.bmax !== undefined ? [ep.bmin ?? null, ep.bmax ?? null] : null;
  const epochs: EpochsHeader = { count, nTimes, tmin: ep.first / base.sfreq, eventId, samples, codes, baseline };
  const header: RecordingHeader = { ...base, nTimes: count * nTimes, epochs };
  return { header, cals: Float64Array.from(cal), buffers: [], fileSize, epochData: { tag, cals: Float64Array.from(cal) } };
}

async function withFile<T>(path: string, fn: (fh: FileHandle, size: number) => Promise<T>): Promise<T> {
  let fh: FileHandle;
  try {
    fh = await open(path, 'r');
  } catch {
    throw new XBrainError('not_found', `${path}: file not found`, { path, field: 'file' });
  }
  try {
    return await fn(fh, (await fh.stat()).size);
  } finally {
    await fh.close();
  }
}

async function readFif(path: string, window?: SampleWindow): Promise<RawContent> {
  return withFile(path, async (fh, size) => {
    const info = await scan(fh, path, size);
    if (info.epochData) return readFifEpochs(fh, path, info, window);
    const { nTimes, channels } = info.header;
    const nchan = channels.length;
    const { start, stop } = clampWindow(window, nTimes, path);
    const data = Array.from({ length: nchan }, () => new Float32Array(stop - start));
    const acc = window ? undefined : new StatsAccumulator(nchan);
    for (const b of info.buffers) {
      const lo = Math.max(start, b.first);
      const hi = Math.min(stop, b.first + b.nsamp);
      if (hi <= lo) continue;
      if (!b.tag) {
        // a skip: zeros, as MNE fills them
        if (acc) for (let c = 0; c < nchan; c++) for (let t = lo; t < hi; t++) acc.add(c, 0);
        continue;
      }
      const bt = BUFFER_TYPES[b.tag.type];
      const rowBytes = bt.step * nchan;
      const bytes = await readAt(fh, b.tag.pos + (lo - b.first) * rowBytes, (hi - lo) * rowBytes, path, 'FIFF_DATA_BUFFER');
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let t = lo; t < hi; t++) {
        const base = (t - lo) * rowBytes;
        for (let c = 0; c < nchan; c++) {
          const x = bt.get(view, base + c * bt.step) * info.cals[c];
          data[c][t - start] = x;
          acc?.add(c, x);
        }
      }
    }
    return readerResult(info.header, data, window, start, acc?.result());
  });
}

/** An epochs file's data as the epochs back to back per channel ([window] over that concatenation), SI units. */
async function readFifEpochs(fh: FileHandle, path: string, info: FifInfo, window?: SampleWindow): Promise<RawContent> {
  const { tag, cals } = info.epochData as NonNullable<FifInfo['epochData']>;
  const e = info.header.epochs as EpochsHeader;
  const nchan = info.header.channels.length;
  const et = EPOCH_TYPES[tag.type & ~FIFFT_MATRIX];
  const { start, stop } = clampWindow(window, info.header.nTimes, path);
  const data = Array.from({ length: nchan }, () => new Float32Array(stop - start));
  const acc = window ? undefined : new StatsAccumulator(nchan);
  const k0 = Math.floor(start / e.nTimes),
    k1 = Math.ceil(stop / e.nTimes);
  // one epoch (nchan × nTimes values) at a time: C order epochs × channels × times
  const epochBytes = nchan * e.nTimes * et.bytes;
  for (let k = k0; k < k1; k++) {
    const bytes = await readAt(fh, tag.pos + k * epochBytes, epochBytes, path, 'FIFF_EPOCH');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const lo = Math.max(start, k * e.nTimes),
      hi = Math.min(stop, (k + 1) * e.nTimes);
    for (let c = 0; c < nchan; c++) {
      const row = c * e.nTimes * et.bytes;
      for (let g = lo; g < hi; g++) {
        const x = et.get(view, row + (g - k * e.nTimes) * et.bytes) * cals[c];
        data[c][g - start] = x;
        acc?.add(c, x);
      }
    }
  }
  return readerResult(info.header, data, window, start, acc?.result());
}

/**
 * FIF raw (Neuromag/MNE): measurement info (channels, sfreq, meas date), raw data buffers of every type MNE reads
 * (short, DAU pack16, int, float, double, complex → real part), data skips as zeros, MNE annotations. Values are
 * stored × cal × range as MNE. Split files (continuation in a second file) are read up to the first file's end.
 * An epochs file (`-epo.fif`, FIFFB_MNE_EPOCHS) is read as `mne.read_epochs` reads it: header.epochs (events, event_id,
 * tmin = first/sfreq, baseline as stored) and data[c] holding the epochs back to back (stored × cal).
 */
export const fifReader: FormatReader = {
  format: 'FIF',
  extensions: ['.fif'],
  readHeader: (path: string) => withFile(path, async (fh, size) => (await scan(fh, path, size)).header),
  read: readFif,
};
