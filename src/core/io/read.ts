import { stat } from 'node:fs/promises';
import type { SampleWindow, RawContent } from './formats/reader';
import { readerFor } from './formats/index';
import { readEdf, readEdfSource } from './formats/edf';
import { canBackBySource, sourceFileOf, type SourceFile } from './sourceFile';
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

/**
 * A recording file whose header has been read, for a caller that looks at every header before it reads samples
 * (load_data weighs them against the memory budget and decides whether the study stays on disk): an EDF/BDF header
 * read here is passed on, so the file's header is read once whether its samples are then read into memory or left in
 * the file. Other formats read their header again with their samples (their readers parse both in one go).
 */
export interface OpenedRecording {
  header: RecordingHeader;
  /** the samples left in the file, for a source-backed recording (EDF/BDF); null for other formats */
  source: SourceFile | null;
  /** the whole recording in memory, as readRecording gives it */
  read(naming?: NamingRule): Promise<Recording>;
}

export async function openRecording(path: string): Promise<OpenedRecording> {
  if (!canBackBySource(path)) {
    const header = await readHeader(path);
    return { header, source: null, read: (naming) => readRecording(path, { naming }) };
  }
  const edf = await readEdfSource(path);
  const { header, source } = sourceFileOf(edf);
  return {
    header,
    source,
    read: async (naming) => {
      // the layout read above, unless the file changed since (then readEdf reads its header again)
      const now = await stat(path).catch(() => null);
      const same = now !== null && now.size === edf.size && now.mtimeMs === edf.mtimeMs;
      return toRecording(await readEdf(path, undefined, same ? edf.layout : undefined), naming);
    },
  };
}

/** Samples [start, stop) of every channel without reading the rest of the file (the epochs viewer's access path). */
export async function readWindow(path: string, start: number, stop: number): Promise<RawContent> {
  return readerFor(path).read(path, { start, stop });
}
