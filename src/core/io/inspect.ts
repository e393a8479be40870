/** What `xbrain inspect FILE --json` prints (docs/architecture.md §5, contract). */
import { extname } from 'node:path';
import { XBrainError } from '../errors';
import { countEvents } from './events';
import { readerFor } from './formats/index';
import { firstNumericVariable, readMat } from './formats/mat';
import { channelStats } from './stats';
import type { Annotation, ChannelStats, EpochsHeader } from './types';

export interface InspectReport {
  format: string;
  /** null only for a bare MAT array that stores no rate */
  sfreq: number | null;
  nTimes: number;
  channels: { name: string; type: string; unit: string }[];
  measDate: string | null;
  annotations: Annotation[];
  /** per channel, SI units, std with ddof=0, over the whole record (what `raw.get_data()` gives; for an epoched file
   * over every sample of every epoch, what `epochs.get_data()` gives) */
  stats: ChannelStats;
  /** epoched files only (EEGLAB trials > 1, -epo.fif); `nTimes` above is then count × samples per epoch */
  epochs?: InspectEpochs;
}

export interface InspectEpochs {
  count: number;
  /** samples per epoch */
  nTimes: number;
  tmin: number;
  tmax: number;
  /** `epochs.event_id` */
  eventId: Record<string, number>;
  /** epochs per event name */
  counts: Record<string, number>;
  baseline: [number | null, number | null] | null;
}

export async function inspectFile(path: string): Promise<InspectReport> {
  let raw;
  try {
    raw = await readerFor(path).read(path);
  } catch (e) {
    // a MAT file with an array but no rate is still inspectable: rows as channels, values as stored, no rate
    if (e instanceof XBrainError && e.details.field === 'sfreq' && extname(path).toLowerCase() === '.mat') return inspectMatArray(path);
    throw e;
  }
  return {
    format: raw.format,
    sfreq: raw.sfreq,
    nTimes: raw.nTimes,
    channels: raw.channels.map((c) => ({ name: c.name, type: c.type, unit: c.unit })),
    measDate: raw.measDate,
    annotations: raw.annotations.map((a) => ({ onset: a.onset, duration: a.duration, description: a.description })),
    stats: raw.exactStats ?? channelStats(raw.data),
    ...(raw.epochs ? { epochs: inspectEpochs(raw.epochs, raw.sfreq) } : {}),
  };
}

function inspectEpochs(e: EpochsHeader, sfreq: number): InspectEpochs {
  const counts = countEvents(e.codes, e.eventId);
  return { count: e.count, nTimes: e.nTimes, tmin: e.tmin, tmax: e.tmin + (e.nTimes - 1) / sfreq, eventId: e.eventId, counts, baseline: e.baseline };
}

/** The first numeric variable of a MAT file as channels × times (transposed when taller than wide), values as stored. */
async function inspectMatArray(path: string): Promise<InspectReport> {
  const v = firstNumericVariable(await readMat(path));
  if (!v || v.value.dims.length !== 2) throw new XBrainError('bad_file', `${path}: no 2-D numeric variable to inspect`, { path, field: 'variables' });
  const [rows, cols] = v.value.dims;
  const tall = rows > cols;
  const nCh = tall ? cols : rows,
    nT = tall ? rows : cols;
  const x = v.value.data;
  const mean: number[] = [],
    std: number[] = [];
  for (let c = 0; c < nCh; c++) {
    // column-major: element (r, k) is at k·rows + r
    const at = (t: number): number => (tall ? x[c * rows + t] : x[t * rows + c]);
    let s = 0;
    for (let t = 0; t < nT; t++) s += at(t);
    const m = s / nT;
    let q = 0;
    for (let t = 0; t < nT; t++) {
      const d = at(t) - m;
      q += d * d;
    }
    mean.push(m);
    std.push(Math.sqrt(q / nT));
  }
  return {
    format: 'MAT',
    sfreq: null,
    nTimes: nT,
    channels: Array.from({ length: nCh }, (_, c) => ({ name: `${v.name}[${c + 1}]`, type: 'misc', unit: 'NA' })),
    measDate: null,
    annotations: [],
    stats: { mean, std },
  };
}
