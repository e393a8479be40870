/**
 * Rows of an epochs set for the classical baselines and ONNX scoring, one block at a time (issue 20): a disk-backed
 * set is read a chunk at a time ({@link epochChunks}), so fitting CSP+LDA or TS+LR on a large training split, or
 * scoring a model on its test rows, holds one chunk of samples, not the split.
 */
import { epochChunks } from '../signal/spill';
import type { Epochs } from '../signal/types';
import { runOnnx, openOnnx } from '../training/onnx/run';

export interface EpochSet {
  /** n × C × T, C order */
  data: Float32Array | Float64Array;
  n: number;
  nChannels: number;
  nTimes: number;
}

/** A block of rows: `x.n` epochs, the first being row `start` of the whole. */
export interface EpochBlock {
  x: EpochSet;
  start: number;
}

/** n rows of C × T samples that can be walked block by block, as often as a fit needs (each pass re-reads them). */
export interface EpochBlocks {
  readonly n: number;
  readonly nChannels: number;
  readonly nTimes: number;
  /** A fresh pass over the rows in order; a block is valid until the next one is asked for. */
  blocks(): Iterable<EpochBlock>;
}

/** Rows `idx` of an epochs set, in that order, as blocks of at most `chunk` epochs (default: the streaming chunk). */
export function epochBlocks(e: Epochs, idx: ArrayLike<number>, chunk?: number): EpochBlocks {
  return {
    n: idx.length,
    nChannels: e.nChannels,
    nTimes: e.nTimes,
    *blocks() {
      for (const c of epochChunks(e, { idx, chunk })) {
        yield { x: { data: c.block, n: c.count, nChannels: e.nChannels, nTimes: e.nTimes }, start: c.start };
      }
    },
  };
}

/** An EpochSet in memory is a single block. */
export function asBlocks(x: EpochSet | EpochBlocks): EpochBlocks {
  if ('blocks' in x) return x;
  return { n: x.n, nChannels: x.nChannels, nTimes: x.nTimes, blocks: () => [{ x, start: 0 }] };
}

/** Logits (n × nClasses) of an exported model on rows `idx`, scored block by block on one session. */
export async function onnxLogits(source: string | Uint8Array, e: Epochs, idx: ArrayLike<number>): Promise<Float32Array> {
  const session = await openOnnx(source);
  let out: Float32Array | undefined;
  let per = 0;
  for (const { x, start } of epochBlocks(e, idx).blocks()) {
    const logits = await runOnnx(session, x.data as Float32Array, { nChannels: e.nChannels, nTimes: e.nTimes });
    if (!out) {
      per = logits.length / x.n;
      out = new Float32Array(idx.length * per);
    }
    if (logits.length !== x.n * per) throw new Error(`ONNX model gave ${logits.length / x.n} outputs per epoch after ${per}`);
    out.set(logits, start * per);
  }
  return out ?? new Float32Array(0);
}
