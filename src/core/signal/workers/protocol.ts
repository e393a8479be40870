/** Messages between the main thread and the signal workers (src/core/signal/workers/entry.ts). */
import type { RowOp } from './rowOp';

export type ElementType = 'float32' | 'float64';

/**
 * One group of rows: `count` input rows of `nIn` samples laid out back to back in `input`, written as `count` rows of
 * `nOut` samples into `output`. Both buffers are shared slots owned by the main thread and reused between tasks.
 */
export interface RowTask {
  type: 'task';
  slot: number;
  /** small (taps or SOS): sent with every task, so a worker keeps no state between tasks */
  op: RowOp;
  input: SharedArrayBuffer;
  inputType: ElementType;
  output: SharedArrayBuffer;
  outputType: ElementType;
  count: number;
  nIn: number;
  nOut: number;
}

export type WorkerReply = { type: 'done'; slot: number } | { type: 'error'; slot: number; message: string; code?: string };
