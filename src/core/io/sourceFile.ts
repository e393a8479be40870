/**
 * Recordings whose samples a Study reads back from their own source file instead of a copy (issue 20, like MNE's
 * preload=False): a study kept on disk (signal/spill.ts) does not write a loaded EDF/BDF recording to a spill file, it
 * keeps the file's layout and decodes the samples where its rows are touched (the first filter, a plot, an export).
 *
 * The source must not change while the Study refers to it: its size and modification time are taken when it is opened
 * and checked at every read; a changed file is a typed bad_file error naming it (never other samples than the ones
 * loaded). Formats without a synchronous decoder here (everything but EDF/BDF) are copied to a spill file as before.
 */
import { closeSync, fstatSync, openSync } from 'node:fs';
import { extname } from 'node:path';
import { XBrainError } from '../errors';
import { readEdfSamplesSync, readEdfSource, type EdfSource } from './formats/edf';
import type { RecordingHeader } from './types';

/** A recording's samples in its source file: what a source-backed view needs to decode them and to check the file. */
export interface SourceFile {
  /** absolute path of the recording's file */
  path: string;
  /** size in bytes and modification time when the recording was loaded */
  size: number;
  mtimeMs: number;
  nChannels: number;
  nTimes: number;
  /** every channel's samples (as readRecording gives them); bad_file when the file changed since it was opened */
  read(): Float32Array[];
}

const SOURCE_EXTENSIONS = new Set(['.edf', '.bdf']);

/** True when recordings of this file can stay backed by it (a synchronous decoder exists for its format). */
export const canBackBySource = (path: string): boolean => SOURCE_EXTENSIONS.has(extname(path).toLowerCase());

/** The header of `path` and its samples as a {@link SourceFile}, or null for a format that cannot back a recording. */
export async function openSourceFile(path: string): Promise<{ header: RecordingHeader; source: SourceFile } | null> {
  if (!canBackBySource(path)) return null;
  return sourceFileOf(await readEdfSource(path));
}

/** The {@link SourceFile} of an EDF/BDF file whose header {@link readEdfSource} read (nothing is read here). */
export function sourceFileOf(edf: EdfSource): { header: RecordingHeader; source: SourceFile } {
  const { header, layout, size, mtimeMs } = edf;
  const path = layout.path;
  const source: SourceFile = {
    path,
    size,
    mtimeMs,
    nChannels: layout.dataSignals.length,
    nTimes: layout.nTimes,
    read() {
      let fd: number;
      try {
        fd = openSync(path, 'r');
      } catch {
        throw new XBrainError('bad_file', `${path}: the study reads this recording's samples from the file, and it is gone or not readable; load it again`, {
          path,
        });
      }
      try {
        checkUnchanged(source, fstatSync(fd));
        return readEdfSamplesSync(layout, fd);
      } finally {
        closeSync(fd);
      }
    },
  };
  return { header, source };
}

/** bad_file naming the file when its size or modification time differ from when the recording was loaded. */
export function checkUnchanged(src: Pick<SourceFile, 'path' | 'size' | 'mtimeMs'>, now: { size: number; mtimeMs: number }): void {
  if (now.size === src.size && now.mtimeMs === src.mtimeMs) return;
  const what =
    now.size !== src.size ? `${src.size} bytes when loaded, ${now.size} now` : `modified ${new Date(now.mtimeMs).toISOString()}, after it was loaded`;
  throw new XBrainError(
    'bad_file',
    `${src.path}: the file changed since it was loaded (${what}); the study reads this recording's samples from it — load it again (clear_dataset, then load_data)`,
    { path: src.path, field: 'source' },
  );
}
