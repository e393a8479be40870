/** What `xbrain inspect FILE --json` prints (ARCHITECTURE.md §6, contract). */
import { readerFor } from './formats/index';
import { channelStats } from './stats';
import type { Annotation, ChannelStats } from './types';

export interface InspectReport {
  format: string;
  sfreq: number;
  nTimes: number;
  channels: { name: string; type: string; unit: string }[];
  measDate: string | null;
  annotations: Annotation[];
  /** per channel, SI units, std with ddof=0, over the whole record (what `raw.get_data()` gives) */
  stats: ChannelStats;
}

export async function inspectFile(path: string): Promise<InspectReport> {
  const raw = await readerFor(path).read(path);
  return {
    format: raw.format,
    sfreq: raw.sfreq,
    nTimes: raw.nTimes,
    channels: raw.channels.map((c) => ({ name: c.name, type: c.type, unit: c.unit })),
    measDate: raw.measDate,
    annotations: raw.annotations.map((a) => ({ onset: a.onset, duration: a.duration, description: a.description })),
    stats: raw.exactStats ?? channelStats(raw.data),
  };
}
