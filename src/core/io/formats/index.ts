/** Registry of file-format readers, keyed by lower-case extension (XBrainLab's factory does the same). */
import { extname } from 'node:path';
import { XBrainError } from '../../tools/result';
import { bdfReader, edfReader } from './edf';
import { brainVisionReader } from './brainvision';
import { cntReader } from './cnt';
import { eeglabReader } from './eeglab';
import { fifReader } from './fif';
import { gdfReader } from './gdf';
import { matReader } from './mat';
import type { FormatReader } from './reader';

// Readers of the second I/O area register here (one import and one list entry per file in src/core/io/formats/).
// LEAD: when egi.ts and npy.ts land, import their FormatReader exports (egiReader, npyReader …) and add them below.
const READERS: FormatReader[] = [edfReader, bdfReader, gdfReader, eeglabReader, brainVisionReader, fifReader, cntReader, matReader];

export function registeredReaders(): readonly FormatReader[] {
  return READERS;
}

export function supportedExtensions(): string[] {
  return [...new Set(READERS.flatMap((r) => r.extensions))].sort();
}

/** The reader for a file, or a typed error naming the file and the supported extensions. */
export function readerFor(path: string): FormatReader {
  const ext = extname(path).toLowerCase();
  const reader = READERS.find((r) => r.extensions.includes(ext));
  if (!reader) {
    throw new XBrainError('bad_file', `${path}: unsupported file type "${ext || '(none)'}" (supported: ${supportedExtensions().join(', ')})`, { path, field: 'extension' });
  }
  return reader;
}
