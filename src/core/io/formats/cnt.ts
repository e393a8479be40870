import type { Annotation, ChannelInfo, RecordingHeader } from '../types';
import { mneAnnotations } from './annotationOrder';
import { ByteReader, badFile, checkCount, clampWindow, fileSize, latin1CString, readRange, utf8Field } from './binary';
import { isoUtc } from './measDate';
import { StatsAccumulator } from '../stats';
import { readerResult, type FormatReader, type RawContent, type SampleWindow } from './reader';

/** Neuroscan CNT layout (mne/io/cnt/cnt.py): 900-byte SETUP header, 75 bytes per electrode, samples, event table. */
const SETUP = 900;
const ELECTRODE = 75;

interface CntInfo {
  header: RecordingHeader;
  nBytes: 2 | 4;
  /** samples per channel per interleaved chunk (1 = plain multiplexed) */
  chunk: number;
  baselines: Int16Array;
  cals: Float64Array;
  size: number;
}

/** The SETUP date "mm/dd/yy" + "hh:mm:ss" as MNE parses it (naive, reported as UTC); null when it does not parse. */
function sessionDate(date: string, time: string): string | null {
  const d = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/.exec(date.trim());
  const t = /^(\d{1,2}):(\d{1,2}):(\d{1,2})$/.exec(time.trim());
  if (!d || !t) return null;
  const yy = Number(d[3]);
  return isoUtc(yy < 69 ? 2000 + yy : 1900 + yy, Number(d[1]), Number(d[2]), Number(t[1]), Number(t[2]), Number(t[3]));
}

async function readCntHeader(path: string): Promise<CntInfo> {
  const size = await fileSize(path, 'CNT file');
  if (size < SETUP) throw badFile(path, 'SETUP header', `file has ${size} bytes, the header needs ${SETUP}`);
  const head = new ByteReader(await readRange(path, 0, SETUP, 'SETUP header'), path);
  const nChannels = head.u16('nchannels', 370);
  const sfreq = head.u16('rate', 376);
  let nSamples = head.i32('numsamples', 864);
  if (nChannels === 0) throw badFile(path, 'nchannels', 'zero channels');
  if (sfreq === 0) throw badFile(path, 'rate', 'zero sampling rate');
  checkCount(path, 'nchannels', SETUP + ELECTRODE * nChannels, size);
  // MNE: files over 2 GB overflow the stored event table position; it is recomputed (int32 samples assumed)
  const eventPos = size < 2e9 ? head.i32('event table position', 886) : SETUP + ELECTRODE * nChannels + 4 * nChannels * nSamples;
  const dataStart = SETUP + ELECTRODE * nChannels;
  const dataSize = eventPos < SETUP ? nSamples * nChannels : eventPos - dataStart;
  let nBytes: 2 | 4;
  const per = nSamples > 0 ? Math.floor(dataSize / (nSamples * nChannels)) : 0;
  if (nSamples === 0 || (per !== 2 && per !== 4)) {
    // MNE: "Could not define the number of bytes automatically. Defaulting to 2."
    nBytes = 2;
    nSamples = Math.floor(dataSize / (2 * nChannels));
  } else {
    nBytes = per;
  }
  if (nSamples <= 0) throw badFile(path, 'numsamples', `no samples (header ${head.i32('numsamples', 864)}, event table at ${eventPos})`);
  if (dataStart + nSamples * nChannels * nBytes > size) {
    throw badFile(path, 'numsamples', `${nSamples} samples x ${nChannels} channels x ${nBytes} bytes run past the end of the ${size}-byte file`);
  }
  let chunk = head.i32('channeloffset', 894);
  chunk = chunk > 1 ? Math.floor(chunk / nBytes) : 1;
  if (chunk < 1 || chunk > nSamples + 1) throw badFile(path, 'channeloffset', `invalid block size ${chunk}`);

  const el = new ByteReader(await readRange(path, SETUP, ELECTRODE * nChannels, 'electrode table'), path);
  const channels: ChannelInfo[] = [];
  const baselines = new Int16Array(nChannels);
  const cals = new Float64Array(nChannels);
  for (let i = 0; i < nChannels; i++) {
    const o = ELECTRODE * i;
    const name = utf8Field(el.slice(10, `electrode ${i + 1} label`, o), path, `electrode ${i + 1} label`, false);
    baselines[i] = el.i16(`electrode ${i + 1} baseline`, o + 47);
    const sensitivity = el.f32(`electrode ${i + 1} sensitivity`, o + 59);
    const calib = el.f32(`electrode ${i + 1} calib`, o + 71);
    cals[i] = (calib * sensitivity * 1e-6) / 204.8;
    channels.push({ name, type: 'eeg', unit: 'V' });
  }

  const measDate = sessionDate(latin1CString(head.slice(10, 'session date', 225)), latin1CString(head.slice(12, 'session time', 235)));
  const annotations = await readEvents(path, size, eventPos, nChannels, nBytes, sfreq);
  const header: RecordingHeader = {
    format: 'CNT',
    path,
    sfreq,
    nTimes: nSamples,
    channels,
    measDate,
    annotations: mneAnnotations(annotations, nSamples, sfreq),
  };
  return { header, nBytes, chunk, baselines, cals, size };
}

/** The TEEG event table: type 1 (8-byte events) or 2/3 (19-byte events); onsets from file offsets as MNE computes them. */
async function readEvents(path: string, size: number, pos: number, nChannels: number, nBytes: number, sfreq: number): Promise<Annotation[]> {
  if (pos < SETUP || pos + 9 > size) return [];
  const teeg = new ByteReader(await readRange(path, pos, 9, 'event table header'), path);
  const type = teeg.u8('event table type', 0);
  const total = teeg.i32('event table size', 1);
  if (type < 1 || type > 3) throw badFile(path, 'event table type', `unknown CNT event type ${type}`);
  checkCount(path, 'event table size', total, size - pos - 9);
  const recSize = type === 1 ? 8 : 19;
  const r = new ByteReader(await readRange(path, pos + 9, total, 'event table'), path);
  const out: Annotation[] = [];
  for (let k = 0; k + recSize <= total; k += recSize) {
    const stim = r.u16('event StimType', k);
    let offset = r.i32('event Offset', k + 4);
    const latency = type === 1 ? 0 : r.f32('event Latency', k + 12);
    if (type === 3) offset *= nBytes * nChannels;
    const sample = Math.floor((offset - SETUP - ELECTRODE * nChannels) / (nChannels * nBytes)) - 1;
    out.push({ onset: sample / sfreq, duration: latency, description: String(stim) });
  }
  return out;
}

async function readCnt(path: string, window?: SampleWindow): Promise<RawContent> {
  const info = await readCntHeader(path);
  const { nTimes, channels } = info.header;
  const n = channels.length;
  const { start, stop } = clampWindow(window, nTimes, path);
  const { chunk, nBytes, baselines, cals } = info;
  const data = Array.from({ length: n }, () => new Float32Array(stop - start));
  const acc = window ? undefined : new StatsAccumulator(n);
  if (stop > start) {
    const chunkBytes = chunk * n * nBytes;
    const k0 = Math.floor(start / chunk);
    const k1 = Math.ceil(stop / chunk);
    const from = SETUP + ELECTRODE * n + k0 * chunkBytes;
    // MNE reads whole chunks; a partial last chunk takes its values from the bytes that follow (the event table)
    const want = (k1 - k0) * chunkBytes;
    const bytes = await readRange(path, from, Math.min(want, info.size - from), 'samples');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let t = start; t < stop; t++) {
      const k = Math.floor(t / chunk);
      const j = t - k * chunk;
      for (let c = 0; c < n; c++) {
        const o = (((k - k0) * n + c) * chunk + j) * nBytes;
        if (o + nBytes > bytes.length) {
          acc?.add(c, 0);
          continue;
        } // beyond the file: left at 0
        const raw = nBytes === 2 ? view.getInt16(o, true) : view.getInt32(o, true);
        const x = (raw - baselines[c]) * cals[c];
        data[c][t - start] = x;
        acc?.add(c, x);
      }
    }
  }
  return readerResult(info.header, data, window, start, acc?.result());
}

/** Neuroscan .cnt (continuous): int16/int32 samples detected as MNE does, (value − baseline) × calib × sensitivity / 204.8 µV. */
export const cntReader: FormatReader = {
  format: 'CNT',
  extensions: ['.cnt'],
  readHeader: async (path: string) => (await readCntHeader(path)).header,
  read: readCnt,
};
