/**
 * Synchronised BatchNorm statistics for data-parallel training. PyTorch (XBrainLab) normalises each BatchNorm over
 * the whole mini-batch; when the batch is split over threads, every shard must therefore use the batch's mean and
 * variance, not its own (per-shard "ghost" statistics are noisier, and averaging per-shard variances under-estimates
 * the running variance used in evaluation). Each BatchNorm layer sums its per-channel partial sums over the shards
 * through a SharedArrayBuffer with a barrier, so every shard sees identical sums, added in the same shard order.
 */

/** Sums a vector element-wise over all shards of the current batch, in place. */
export interface BatchSync {
  allReduce(values: Float64Array): void;
}

/** Words of the control block: arrivals, generation, abort flag. */
const ARRIVED = 0;
const GENERATION = 1;
const ABORT = 2;
const CTRL_BYTES = 16;
/** How long a shard waits for the others at one barrier before giving up (a worker that died never arrives). */
const STALL_MS = 300_000;
const SLICE_MS = 100;

/** The shared memory of one pool: a control block and two alternating sets of per-shard slots. */
export function createSyncBuffer(parties: number, maxLen: number): SharedArrayBuffer {
  return new SharedArrayBuffer(CTRL_BYTES + 2 * parties * maxLen * 8);
}

export class SharedBatchSync implements BatchSync {
  private readonly ctrl: Int32Array;
  private readonly slots: Float64Array;
  private calls = 0;

  constructor(
    readonly buffer: SharedArrayBuffer,
    readonly rank: number,
    readonly parties: number,
    readonly maxLen: number,
  ) {
    this.ctrl = new Int32Array(buffer, 0, 4);
    this.slots = new Float64Array(buffer, CTRL_BYTES, 2 * parties * maxLen);
  }

  /** Tells every shard waiting at a barrier to throw (a shard failed). */
  abort(): void {
    Atomics.store(this.ctrl, ABORT, 1);
    Atomics.notify(this.ctrl, GENERATION);
  }

  allReduce(values: Float64Array): void {
    if (values.length > this.maxLen) throw new Error(`BatchSync: ${values.length} values exceed the slot size ${this.maxLen}`);
    // Two slot sets used alternately: a shard can run at most one call ahead of the slowest (the barrier holds it),
    // so it never overwrites a slot another shard is still reading.
    const set = this.calls++ & 1;
    this.slots.set(values, (set * this.parties + this.rank) * this.maxLen);
    this.barrier();
    values.fill(0);
    for (let r = 0; r < this.parties; r++) {
      const base = (set * this.parties + r) * this.maxLen;
      for (let i = 0; i < values.length; i++) values[i] += this.slots[base + i];
    }
  }

  private barrier(): void {
    const { ctrl } = this;
    const gen = Atomics.load(ctrl, GENERATION);
    if (Atomics.add(ctrl, ARRIVED, 1) === this.parties - 1) {
      Atomics.store(ctrl, ARRIVED, 0);
      Atomics.add(ctrl, GENERATION, 1);
      Atomics.notify(ctrl, GENERATION);
      return;
    }
    const t0 = Date.now();
    while (Atomics.load(ctrl, GENERATION) === gen) {
      if (Atomics.load(ctrl, ABORT)) throw new Error('BatchSync: another training shard failed');
      if (Date.now() - t0 > STALL_MS) throw new Error(`BatchSync: shards did not meet within ${STALL_MS / 1000} s`);
      Atomics.wait(ctrl, GENERATION, gen, SLICE_MS);
    }
  }
}
