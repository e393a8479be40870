/**
 * Row-parallel execution of the FIR / IIR / resample row operations over worker_threads. Rows travel through small
 * shared slots (a few rows each, two slots per worker so a worker never waits for the main thread): the main thread
 * copies a group of input rows in, the worker writes the group's outputs into the slot's output buffer, the main
 * thread copies them into the caller's output rows. No copy of the whole recording is ever made, and the Study's
 * arrays stay ordinary (non-shared) typed arrays.
 *
 * Groups are even-aligned runs of rows given to the same `applyRowOp` the main thread would run, so the results are
 * bit-identical to the single-thread path. Small inputs, a missing worker bundle or a single core run on the main
 * thread.
 */
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { XBrainError, type ErrorCode } from '../../errors';
import type { Row } from '../rows';
import { applyRowOp, type RowOp } from './rowOp';
import type { ElementType, RowTask, WorkerReply } from './protocol';

/** Below this many input samples (rows × length) the thread hand-off costs more than it saves. */
export const DEFAULT_MIN_PARALLEL_SAMPLES = 1 << 20;
/** Aim for at least this many samples per task, so message latency stays small against the work. */
const TARGET_TASK_SAMPLES = 1 << 18;
const SLOTS_PER_WORKER = 2;

let explicitScript: string | null | undefined;
let shared: SignalPool | null | undefined;

/**
 * Where the bundled worker lives: the path set by setSignalWorkerScript, XBRAIN_SIGNAL_WORKER, or next to the running
 * bundle (dist/signalWorker.js, also from dist/bench/). Null when not found (e.g. under vitest, running from sources).
 */
export function findSignalWorker(): string | null {
  if (explicitScript !== undefined) return explicitScript && existsSync(explicitScript) ? explicitScript : null;
  const candidates = [process.env.XBRAIN_SIGNAL_WORKER];
  if (typeof __dirname !== 'undefined') candidates.push(path.join(__dirname, 'signalWorker.js'), path.join(__dirname, '..', 'signalWorker.js'));
  for (const c of candidates) if (c && existsSync(c)) return c;
  return null;
}

/** Use this worker script (null: main thread only; undefined: search again). Closes the current pool. */
export async function setSignalWorkerScript(script: string | null | undefined): Promise<void> {
  explicitScript = script;
  const old = shared;
  shared = undefined;
  if (old) await old.close();
}

/** The process-wide pool, started on first use; null when there is no worker bundle or only one core. */
export function signalPool(): SignalPool | null {
  if (shared === undefined) {
    const script = findSignalWorker();
    const size = Math.min(2, availableParallelism());
    shared = script && size >= 2 ? new SignalPool(script, size) : null;
  }
  return shared;
}

export interface RunRowsOptions {
  /** inputs with fewer samples in total run on the main thread (default DEFAULT_MIN_PARALLEL_SAMPLES) */
  minParallelSamples?: number;
}

/** Apply `op` to every row, on the worker pool when it pays, else on this thread. Same result either way. */
export async function runRows(op: RowOp, input: readonly Row[], output: readonly Row[], opts: RunRowsOptions = {}): Promise<void> {
  const total = input.reduce((s, r) => s + r.length, 0);
  const pool =
    total >= (opts.minParallelSamples ?? DEFAULT_MIN_PARALLEL_SAMPLES) && input.length >= 4 && uniform(input) && uniform(output) ? signalPool() : null;
  if (!pool) {
    applyRowOp(op, input, output);
    return;
  }
  await pool.run(op, input, output);
}

/** Same length and element type for every row: the slots hold rows back to back. */
function uniform(rows: readonly Row[]): boolean {
  if (rows.length === 0) return false;
  const n = rows[0].length,
    f32 = rows[0] instanceof Float32Array;
  return rows.every((r) => r.length === n && r instanceof Float32Array === f32);
}

const typeOf = (r: Row): ElementType => (r instanceof Float32Array ? 'float32' : 'float64');
const view = (buf: SharedArrayBuffer, t: ElementType): Row => (t === 'float32' ? new Float32Array(buf) : new Float64Array(buf));

interface Slot {
  worker: Worker;
  index: number;
  input: SharedArrayBuffer | null;
  output: SharedArrayBuffer | null;
  /** first row of the group in flight */
  first: number;
  count: number;
}

export class SignalPool {
  private readonly workers: Worker[] = [];
  private readonly slots: Slot[] = [];
  private onReply: ((slot: Slot, r: WorkerReply) => void) | null = null;
  private onFailure: ((e: Error) => void) | null = null;
  private broken: Error | null = null;
  /** row groups computed by the workers so far (tests check the pool really ran) */
  tasksDone = 0;
  /** jobs run one at a time; later calls wait for the earlier ones */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    script: string,
    readonly size: number,
  ) {
    for (let i = 0; i < size; i++) {
      const w = new Worker(script);
      w.unref();
      w.on('message', (r: WorkerReply) => this.onReply?.(this.slots[r.slot], r));
      w.on('error', (e) => this.fail(e));
      w.on('exit', (code) => this.fail(new Error(`signal worker exited (code ${code})`)));
      this.workers.push(w);
      for (let k = 0; k < SLOTS_PER_WORKER; k++) this.slots.push({ worker: w, index: this.slots.length, input: null, output: null, first: 0, count: 0 });
    }
  }

  private fail(e: Error): void {
    if (this.broken) return;
    this.broken = e;
    this.onFailure?.(e);
  }

  run(op: RowOp, input: readonly Row[], output: readonly Row[]): Promise<void> {
    const job = this.queue.then(() => this.runNow(op, input, output));
    this.queue = job.catch(() => undefined);
    return job;
  }

  private runNow(op: RowOp, input: readonly Row[], output: readonly Row[]): Promise<void> {
    if (this.broken) {
      // a dead pool must not fail the user's operation: compute here instead
      applyRowOp(op, input, output);
      return Promise.resolve();
    }
    const nRows = input.length,
      nIn = input[0].length,
      nOut = output[0].length;
    const inType = typeOf(input[0]),
      outType = typeOf(output[0]);
    // even-sized groups keep firRows / resampleRows pairing rows (2k, 2k + 1) exactly as one call over all rows does
    const byLatency = Math.floor(nRows / (2 * this.slots.length * 2));
    const bySize = Math.ceil(TARGET_TASK_SAMPLES / (2 * nIn));
    const groupRows = 2 * Math.max(1, Math.min(byLatency, bySize));
    const inBytes = groupRows * nIn * (inType === 'float32' ? 4 : 8),
      outBytes = groupRows * nOut * (outType === 'float32' ? 4 : 8);
    let next = 0,
      inFlight = 0;
    return new Promise<void>((resolve, reject) => {
      const finish = (e?: Error) => {
        this.onReply = null;
        this.onFailure = null;
        for (const w of this.workers) w.unref();
        if (e) reject(e);
        else resolve();
      };
      const dispatch = (slot: Slot): void => {
        if (next >= nRows) return;
        const first = next,
          count = Math.min(groupRows, nRows - first);
        next += count;
        if (!slot.input || slot.input.byteLength < inBytes) slot.input = new SharedArrayBuffer(inBytes);
        if (!slot.output || slot.output.byteLength < outBytes) slot.output = new SharedArrayBuffer(outBytes);
        const inView = view(slot.input, inType);
        for (let i = 0; i < count; i++) inView.set(input[first + i], i * nIn);
        slot.first = first;
        slot.count = count;
        inFlight++;
        const task: RowTask = {
          type: 'task',
          slot: slot.index,
          op,
          input: slot.input,
          inputType: inType,
          output: slot.output,
          outputType: outType,
          count,
          nIn,
          nOut,
        };
        slot.worker.postMessage(task);
      };
      this.onFailure = (e) => finish(e);
      this.onReply = (slot, r) => {
        inFlight--;
        if (r.type === 'error') {
          // replies of the other groups in flight must not reach a later job: retire the pool
          this.broken = new Error(r.message);
          finish(r.code ? new XBrainError(r.code as ErrorCode, r.message) : new Error(r.message));
          return;
        }
        this.tasksDone++;
        const outView = view(slot.output!, outType);
        for (let i = 0; i < slot.count; i++) output[slot.first + i].set(outView.subarray(i * nOut, (i + 1) * nOut));
        dispatch(slot);
        if (inFlight === 0 && next >= nRows) finish();
      };
      for (const w of this.workers) w.ref();
      for (const s of this.slots) dispatch(s);
    });
  }

  /** Stop the workers (tests; the process-wide pool is unref'd and never keeps the process alive). */
  async close(): Promise<void> {
    this.broken ??= new Error('signal pool closed');
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
