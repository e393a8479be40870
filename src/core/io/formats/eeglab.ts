import { basename, dirname, join } from 'node:path';
import type { Annotation, ChannelInfo, ChannelType, EpochsHeader, RecordingHeader } from '../types';
import { mneAnnotations } from './annotationOrder';
import { badFile, clampWindow, fileSize, readRange, readWhole, unsupported } from './binary';
import { matNumber, parseMat, type MatFile, type MatValue } from './mat';
import { StatsAccumulator } from '../stats';
import { pyRound } from '../../signal/numeric';
import { readerResult, type FormatReader, type RawContent, type SampleWindow } from './reader';
import { companionInside } from './companion';

/** EEGLAB values are microvolts; MNE multiplies by 1e-6 (CAL in mne/io/eeglab/eeglab.py). */
const CAL = 1e-6;
/** MNE's default montage_units="mm": chanlocs X/Y/Z are millimetres. */
const LOC_SCALE = 1e-3;

const OWN_TYPES = new Set<ChannelType>(['eeg', 'eog', 'emg', 'ecg', 'stim', 'misc', 'resp', 'bio', 'mag', 'grad', 'ref_meg', 'seeg', 'ecog', 'syst']);
/** MNE's _PICK_TYPES_KEYS that XBrain has no own type for: kept as misc rather than silently called EEG. */
const OTHER_MNE_TYPES = new Set(['meg', 'csd', 'chpi', 'exci', 'ias', 'dipole', 'gof', 'fnirs', 'dbs', 'temperature', 'gsr']);

interface SetFile {
  header: RecordingHeader;
  /** data stored in the .set itself (µV, channels × times column-major) */
  inline?: Float64Array | Float32Array;
  /** companion .fdt/.dat path */
  dataFile?: string;
  nbchan: number;
}

function fieldsOf(mat: MatFile, path: string): Record<string, MatValue> {
  if ('ALLEEG' in mat.variables) throw unsupported(path, 'ALLEEG', 'files holding an ALLEEG array are not supported');
  let fields: Record<string, MatValue> = mat.variables;
  for (let i = 0; i < 2; i++) {
    const eeg = fields.EEG;
    if (!eeg) break;
    if (eeg.kind !== 'struct' || eeg.elements.length !== 1) throw badFile(path, 'EEG', 'expected a 1x1 struct');
    fields = eeg.elements[0];
  }
  return fields;
}

function scalar(fields: Record<string, MatValue>, name: string, path: string): number {
  const v = fields[name];
  if (!v) throw badFile(path, `EEG.${name}`, 'missing');
  if (v.kind !== 'numeric' || v.data.length < 1) throw badFile(path, `EEG.${name}`, 'expected a number');
  return v.data[0];
}

function text(v: MatValue | undefined): string | undefined {
  if (v?.kind === 'char') return v.rows.join('');
  return undefined;
}

/** `str(x)` as Python prints the value SciPy's loadmat(squeeze_me=True, mat_dtype=False) hands MNE: integers as
 * stored (MATLAB saves integral doubles compactly) print bare, floats print with ".0". */
function pyStr(v: MatValue): string {
  if (v.kind === 'char') return v.rows.join('');
  if (v.kind === 'numeric') {
    if (v.data.length === 0) return '[]';
    const x = v.data[0];
    if (v.storedAsInteger || (v.className !== 'double' && v.className !== 'single')) return String(x);
    if (Number.isInteger(x) && Math.abs(x) < 1e16) return `${x}.0`;
    if (Number.isNaN(x)) return 'nan';
    if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
    return String(x).replace(/e([+-])(\d)$/, 'e$10$2');
  }
  return '';
}

function structElements(v: MatValue | undefined): Record<string, MatValue>[] {
  if (v?.kind === 'struct') return v.elements;
  return [];
}

function channelType(chanloc: Record<string, MatValue>): ChannelType {
  const t = text(chanloc.type);
  if (t === undefined) return 'eeg';
  const k = t.trim().toLowerCase();
  if (OWN_TYPES.has(k as ChannelType)) return k as ChannelType;
  if (OTHER_MNE_TYPES.has(k)) return 'misc';
  return 'eeg';
}

function location(chanloc: Record<string, MatValue>): [number, number, number] | undefined {
  const xyz = ['X', 'Y', 'Z'].map((k) => {
    const v = chanloc[k];
    return v?.kind === 'numeric' && v.data.length > 0 ? v.data[0] : NaN;
  });
  if (!xyz.every(Number.isFinite)) return undefined;
  // MNE: pos = [-Y, X, Z] * scale_units
  return [-xyz[1] * LOC_SCALE, xyz[0] * LOC_SCALE, xyz[2] * LOC_SCALE];
}

function readEvents(fields: Record<string, MatValue>, srate: number, path: string): Annotation[] {
  const ev = fields.event;
  if (!ev || ev.kind !== 'struct') return [];
  const hasDuration = ev.fieldNames.includes('duration');
  return ev.elements.map((e, i) => {
    const lat = e.latency;
    if (!lat || lat.kind !== 'numeric' || lat.data.length < 1) throw badFile(path, `EEG.event(${i + 1}).latency`, 'missing or not a number');
    let duration = 0;
    if (hasDuration) {
      const d = e.duration;
      duration = d?.kind === 'numeric' && d.data.length > 0 ? d.data[0] / srate : 0;
    }
    const type = e.type ? pyStr(e.type) : '';
    return { onset: (lat.data[0] - 1) / srate, duration, description: type };
  });
}

/** Python's `str()` of an EEG.epoch(k).eventtype as MNE builds the event name: a cell of several types joins them with "/". */
function epochTypeName(v: MatValue): { name: string; count: number } {
  if (v.kind === 'cell') {
    if (v.cells.length === 1) return { name: pyStr(v.cells[0]), count: 1 };
    return { name: v.cells.map(pyStr).join('/'), count: v.cells.length };
  }
  return { name: pyStr(v), count: 1 };
}

/**
 * Events of an epoched dataset as `mne.read_epochs_eeglab` builds them: one per trial, named by EEG.epoch(k).eventtype
 * (several types joined by "/"), sample = int(EEG.event(i).latency) of the trial's first event, ids 1..n in first-seen
 * order. Without EEG.epoch, the events carrying an `epoch` field give each trial's types the same way.
 */
function epochEvents(f: Record<string, MatValue>, trials: number, pnts: number, srate: number, path: string): EpochsHeader {
  const events = structElements(f.event);
  const latency = (i: number): number => {
    const lat = events[i]?.latency;
    if (!lat || lat.kind !== 'numeric' || lat.data.length < 1) throw badFile(path, `EEG.event(${i + 1}).latency`, 'missing or not a number');
    return Math.trunc(lat.data[0]);
  };
  const names: string[] = [];
  const samples = new Int32Array(trials);
  const epochs = structElements(f.epoch);
  if (epochs.length > 0) {
    if (epochs.length !== trials) throw badFile(path, 'EEG.epoch', `${epochs.length} epochs described for EEG.trials = ${trials}`);
    let ev = 0;
    epochs.forEach((e, k) => {
      if (!e.eventtype) throw badFile(path, `EEG.epoch(${k + 1}).eventtype`, 'missing');
      const t = epochTypeName(e.eventtype);
      names.push(t.name);
      samples[k] = latency(ev);
      ev += t.count;
    });
  } else {
    const perTrial: { types: string[]; first: number }[] = Array.from({ length: trials }, () => ({ types: [], first: -1 }));
    events.forEach((e, i) => {
      const k = matNumber(e.epoch);
      if (k === undefined) return;
      if (!Number.isInteger(k) || k < 1 || k > trials) throw badFile(path, `EEG.event(${i + 1}).epoch`, `epoch ${k} outside 1..${trials}`);
      const slot = perTrial[k - 1];
      slot.types.push(e.type ? pyStr(e.type) : '');
      if (slot.first < 0) slot.first = i;
    });
    perTrial.forEach((t, k) => {
      if (t.first < 0) throw badFile(path, 'EEG.epoch', `no EEG.epoch table and no EEG.event has epoch = ${k + 1}: the trial's event type is unknown`);
      names.push(t.types.join('/'));
      samples[k] = latency(t.first);
    });
  }
  const eventId: Record<string, number> = {};
  for (const n of names) if (!(n in eventId)) eventId[n] = Object.keys(eventId).length + 1;
  const xmin = matNumber(f.xmin) ?? 0;
  return {
    count: trials,
    nTimes: pnts,
    tmin: pyRound(xmin * srate) / srate,
    eventId,
    samples,
    codes: Int32Array.from(names, (n) => eventId[n]),
    baseline: null,
  };
}

async function readSet(path: string): Promise<SetFile> {
  const mat = parseMat(await readWhole(path, '.set file'), path);
  const f = fieldsOf(mat, path);
  const trials = scalar(f, 'trials', path);
  const nbchan = scalar(f, 'nbchan', path);
  const pnts = scalar(f, 'pnts', path);
  const srate = scalar(f, 'srate', path);
  if (!Number.isSafeInteger(trials) || trials <= 0) throw badFile(path, 'EEG.trials', `invalid epoch count ${trials}`);
  if (!Number.isSafeInteger(nbchan) || nbchan <= 0 || nbchan > 100_000) throw badFile(path, 'EEG.nbchan', `invalid channel count ${nbchan}`);
  if (!Number.isSafeInteger(pnts) || pnts <= 0) throw badFile(path, 'EEG.pnts', `invalid sample count ${pnts}`);
  if (!Number.isFinite(srate) || srate <= 0) throw badFile(path, 'EEG.srate', `invalid sampling rate ${srate}`);
  // an epoched dataset (trials > 1) stores nbchan × pnts × trials: read as the epochs back to back
  const epochs = trials > 1 ? epochEvents(f, trials, pnts, srate, path) : undefined;
  const total = pnts * trials;

  const chanlocs = structElements(f.chanlocs);
  let channels: ChannelInfo[];
  if (chanlocs.length > 0) {
    if (chanlocs.length !== nbchan) throw badFile(path, 'EEG.chanlocs', `${chanlocs.length} channel locations for ${nbchan} channels`);
    channels = chanlocs.map((c, i) => {
      const name = text(c.labels);
      if (name === undefined) throw badFile(path, `EEG.chanlocs(${i + 1}).labels`, 'missing channel label');
      const type = channelType(c);
      const loc = location(c);
      return { name, type, unit: type === 'stim' || type === 'misc' ? 'NA' : 'V', ...(loc ? { loc } : {}) };
    });
  } else {
    channels = Array.from({ length: nbchan }, (_, i) => ({ name: `EEG ${String(i).padStart(3, '0')}`, type: 'eeg' as const, unit: 'V' }));
  }

  const header: RecordingHeader = {
    format: 'EEGLAB',
    path,
    sfreq: srate,
    nTimes: total,
    channels,
    measDate: null,
    // epochs carry their events; MNE's EpochsEEGLAB keeps no annotations
    annotations: epochs ? [] : mneAnnotations(readEvents(f, srate, path), pnts, srate),
    ...(epochs ? { epochs } : {}),
  };
  const data = f.data;
  if (!data) throw badFile(path, 'EEG.data', 'missing');
  if (data.kind === 'char') {
    const name = basename(data.rows.join('').replace(/\\/g, '/'));
    const dataFile = companionInside(path, join(dirname(path), name), 'EEG.data');
    const size = await fileSize(dataFile, `EEG.data companion file ${name}`);
    if (size < nbchan * total * 4) {
      throw badFile(
        dataFile,
        'EEG.data',
        `${size} bytes, but ${nbchan} channels x ${pnts} samples${trials > 1 ? ` x ${trials} epochs` : ''} of float32 need ${nbchan * total * 4}`,
      );
    }
    return { header, dataFile, nbchan };
  }
  if (data.kind !== 'numeric') throw badFile(path, 'EEG.data', `expected a numeric array or a file name, found ${data.kind}`);
  if (data.data.length !== nbchan * total)
    throw badFile(path, 'EEG.data', `${data.dims.join('x')} values for ${nbchan} channels x ${pnts} samples${trials > 1 ? ` x ${trials} epochs` : ''}`);
  return { header, inline: data.data, nbchan };
}

async function readEeglab(path: string, window?: SampleWindow): Promise<RawContent> {
  const set = await readSet(path);
  const { nbchan } = set;
  const { start, stop } = clampWindow(window, set.header.nTimes, path);
  const n = stop - start;
  const data = Array.from({ length: nbchan }, () => new Float32Array(n));
  // float64 statistics of the whole record (float32 storage loses digits MNE keeps)
  const acc = window ? undefined : new StatsAccumulator(nbchan);
  if (set.dataFile) {
    // float32 little-endian, one value per channel per time point (MATLAB column-major channels × times [× trials],
    // so an epoched file reads as its epochs back to back)
    const bytes = await readRange(set.dataFile, start * nbchan * 4, n * nbchan * 4, 'EEG.data');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let t = 0; t < n; t++) {
      const base = t * nbchan * 4;
      for (let c = 0; c < nbchan; c++) {
        const x = view.getFloat32(base + 4 * c, true) * CAL;
        data[c][t] = x;
        acc?.add(c, x);
      }
    }
  } else if (set.inline) {
    const src = set.inline;
    for (let t = 0; t < n; t++) {
      const base = (start + t) * nbchan;
      for (let c = 0; c < nbchan; c++) {
        const x = src[base + c] * CAL;
        data[c][t] = x;
        acc?.add(c, x);
      }
    }
  }
  return readerResult(set.header, data, window, start, acc?.result());
}

/**
 * EEGLAB .set (MAT v5) with data inside the .set or in the companion .fdt/.dat; events become annotations (latency − 1).
 * An epoched dataset (EEG.trials > 1) is read as `mne.read_epochs_eeglab` reads it: header.epochs (events per trial
 * from EEG.epoch, tmin = EEG.xmin, no baseline) and data[c] holding the epochs back to back.
 */
export const eeglabReader: FormatReader = {
  format: 'EEGLAB',
  extensions: ['.set'],
  readHeader: async (path: string) => (await readSet(path)).header,
  read: readEeglab,
};
