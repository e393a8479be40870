/**
 * A recording loaded into a Study kept on disk without copying its samples (issue 20): its header, events and
 * metadata as readRecording gives them, its `data` decoded from the file where it is touched (spill.ts sourceRows).
 */
import type { NamingRule } from '../io/naming';
import { toRecording } from '../io/read';
import { openSourceFile, type SourceFile } from '../io/sourceFile';
import type { Recording, RecordingHeader } from '../io/types';
import { sourceRows } from './spill';

/**
 * `path` as a source-backed recording, or null when its format cannot back one (the caller reads and spills it).
 * Nothing of the samples is read unless the events come from a stim channel (those are decoded once, then cached).
 */
export async function readSourceBacked(path: string, naming?: NamingRule): Promise<Recording | null> {
  const opened = await openSourceFile(path);
  if (!opened) return null;
  return sourceBacked(opened.header, opened.source, naming);
}

/** The source-backed recording of a file whose header was read already (io/read.ts openRecording). */
export function sourceBacked(header: RecordingHeader, source: SourceFile, naming?: NamingRule): Recording {
  return toRecording({ ...header, data: sourceRows(source) }, naming);
}
