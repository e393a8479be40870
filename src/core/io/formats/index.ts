/** Registry of file-format readers, keyed by lower-case extension (XBrainLab's factory does the same). */
import { extname } from 'node:path';
import { XBrainError } from '../../errors';
import { bdfReader, edfReader } from './edf';
import { brainVisionReader } from './brainvision';
import { cntReader } from './cnt';
import { eeglabReader } from './eeglab';
import { egiReader } from './egi';
import { fifReader } from './fif';
import { gdfReader } from './gdf';
import { matReader } from './mat';
import { npyReader } from './npy';
import type { FormatReader } from './reader';

// One entry per format file in src/core/io/formats/ (a new reader: import its FormatReader and add it here).
const READERS: FormatReader[] = [edfReader, bdfReader, gdfReader, eeglabReader, brainVisionReader, fifReader, cntReader, egiReader, matReader, npyReader];

export function supportedExtensions(): string[] {
  return [...new Set(READERS.flatMap((r) => r.extensions))].sort();
}

/** The reader for a file, or a typed error naming the file and the supported extensions. */
export function readerFor(path: string): FormatReader {
  const ext = extname(path).toLowerCase();
  const reader = READERS.find((r) => r.extensions.includes(ext));
  if (!reader) {
    throw new XBrainError('bad_file', `${path}: unsupported file type "${ext || '(none)'}" (supported: ${supportedExtensions().join(', ')})`, {
      path,
      field: 'extension',
    });
  }
  return reader;
}
