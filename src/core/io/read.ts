import { XBrainError } from '../tools/result';
import type { Recording } from './types';

/** Reads any supported EEG file into a Recording (SI units, events extracted). Implemented by the I/O issue. */
export async function readRecording(path: string): Promise<Recording> {
  throw new XBrainError('not_implemented', `${path}: EEG readers are not available in this build yet`);
}
