/**
 * A row operation as plain data (what a worker thread receives) and its application to rows. The main thread and the
 * workers run the very same function on even-aligned groups of rows, so the channel pairs that share one complex FFT
 * are the same whichever thread computes them and the outputs are bit-identical.
 */
import { firRows, iirRows, resampleRows, type Row } from '../rows';

export type RowOp =
  { kind: 'fir'; taps: Float64Array } | { kind: 'iir'; sos: Float64Array[]; padlen: number } | { kind: 'resample'; up: number; down: number; npad: number };

export function applyRowOp(op: RowOp, input: readonly Row[], output: readonly Row[]): void {
  if (op.kind === 'fir') firRows(input, output, op);
  else if (op.kind === 'iir') iirRows(input, output, op);
  else resampleRows(input, output, op.up, op.down, op.npad);
}
