import type { SampleWindow, RawContent } from './formats/reader';
import { readerFor } from './formats/index';
import { extractEvents } from './events';
import { subjectSessionFromPath, type NamingRule } from './naming';
import type { Recording, RecordingHeader } from './types';

export interface ReadOptions {
  /** only these samples [start, stop) at the recording's rate; events keep whole-file sample indices */
  window?: SampleWindow;
  /** how subject/session are taken from the file name (default: recognise common layouts, else "0") */
  naming?: NamingRule;
}

/** Reads any supported EEG file into a Recording (SI units, events extracted with XBrainLab's precedence). */
export async function readRecording(path: string, opts: ReadOptions = {}): Promise<Recording> {
  const raw = await readerFor(path).read(path, opts.window);
  return toRecording(raw, opts.naming);
}

export function toRecording(raw: RawContent, naming?: NamingRule): Recording {
  const { subject, session } = subjectSessionFromPath(raw.path, naming);
  const ep = raw.epochs;
  // XBrainLab's precedence: an epoched file's own events first
  const events = ep
    ? { samples: ep.samples, codes: ep.codes, eventId: { ...ep.eventId }, source: 'epochs' as const }
    : extractEvents(raw.channels, raw.data, raw.annotations, raw.sfreq);
  if (raw.firstSample) {
    // stim events were found in the window: report them in whole-file samples like the annotations
    if (events.source === 'stim' && !ep) events.samples = events.samples.map((s) => s + (raw.firstSample ?? 0));
  }
  return {
    format: raw.format,
    path: raw.path,
    sfreq: raw.sfreq,
    nTimes: raw.nTimes,
    channels: raw.channels,
    measDate: raw.measDate,
    annotations: raw.annotations,
    data: raw.data,
    events,
    subject,
    session,
    ...(ep ? { epochs: ep } : {}),
  };
}

/** Header only: channels, rate, length, annotations. Never reads sample data. */
export async function readHeader(path: string): Promise<RecordingHeader> {
  return readerFor(path).readHeader(path);
}

/** Samples [start, stop) of every channel without reading the rest of the file (the epochs viewer's access path). */
export async function readWindow(path: string, start: number, stop: number): Promise<RawContent> {
  return readerFor(path).read(path, { start, stop });
}
