/**
 * Data-parallel gradient computation over worker_threads. Each worker holds a replica of the model and a copy of
 * the training set; per step the main thread sends the current state and each worker's share of the batch indices,
 * computes its own share meanwhile, then sums the gradients. Every BatchNorm sums its statistics over the shards
 * (batchSync.ts), so the step equals PyTorch's single-device step on the whole batch; running statistics are then
 * identical on every shard.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { createSyncBuffer, SharedBatchSync } from './batchSync';
import type { InputNorm } from './inputNorm';
import type { Model, NamedTensor } from './models';

export interface ShardResult {
  /** sum of per-sample losses of the shard */
  lossSum: number;
  correct: number;
  /** shard × nClasses softmax outputs */
  probs: Float32Array;
}

export interface WorkerInit {
  type: 'init';
  model: string;
  spec: Model['spec'];
  params: Model['params'];
  inputNorm: InputNorm | null;
  seed: number;
  /** shared BatchNorm statistics: this worker is shard `rank` of `parties` */
  sync: { buffer: SharedArrayBuffer; rank: number; parties: number; maxLen: number };
  x: Float32Array;
  labels: Int32Array;
}

export interface WorkerStep {
  type: 'step';
  state: Float32Array;
  indices: Int32Array;
  /** samples in the whole batch: the loss is the mean over it */
  total: number;
}

export interface WorkerReply {
  type: 'result';
  grads: Float32Array;
  lossSum: number;
  correct: number;
  probs: Float32Array;
}

/** A state tensor's or gradient's values (float32 in training, float64 in gradient checks). */
type FloatArray = NamedTensor['data'];

/** Calls `fn` with each array and where it starts when the arrays are laid end to end in order. */
function eachSlot(arrays: readonly FloatArray[], fn: (a: FloatArray, offset: number) => void): void {
  let off = 0;
  for (const a of arrays) {
    fn(a, off);
    off += a.length;
  }
}

/** The arrays end to end in one Float32Array. */
function pack(arrays: readonly FloatArray[]): Float32Array {
  const out = new Float32Array(arrays.reduce((n, a) => n + a.length, 0));
  eachSlot(arrays, (a, off) => out.set(a, off));
  return out;
}

/** Flattens every state tensor (parameters and buffers) in state-dict order. */
export function packState(model: Model): Float32Array {
  return pack(model.stateDict().map((t) => t.data));
}

/** Copies a packState of an identical model back into the model's tensors. */
export function unpackState(model: Model, flat: Float32Array): void {
  eachSlot(
    model.stateDict().map((t) => t.data),
    (a, off) => a.set(flat.subarray(off, off + a.length)),
  );
}

/** Flattens every parameter's gradient in parameter order. */
export function packGrads(model: Model): Float32Array {
  return pack(model.parameters().map((p) => p.grad));
}

/** Adds a shard's packGrads into the gradients of `params` (the model's parameters(), in order). */
export function addPackedGrads(params: readonly { grad: FloatArray }[], flat: Float32Array): void {
  eachSlot(
    params.map((p) => p.grad),
    (g, off) => {
      for (let i = 0; i < g.length; i++) g[i] += flat[off + i];
    },
  );
}

/**
 * Where the bundled worker lives: next to the running bundle (dist/trainWorker.js), or XBRAIN_TRAIN_WORKER.
 * Returns null when not found (e.g. under vitest, running from sources), and training then stays single-threaded.
 */
export function findWorkerScript(explicit?: string): string | null {
  const candidates = [explicit, process.env.XBRAIN_TRAIN_WORKER];
  if (typeof __dirname !== 'undefined') candidates.push(path.join(__dirname, 'trainWorker.js'));
  for (const c of candidates) if (c && existsSync(c)) return c;
  return null;
}

/** A pool of replicas, one per extra thread. */
export class WorkerPool {
  private readonly workers: Worker[] = [];
  private failure: Error | null = null;

  /** shard 0 (the main thread) of the pool's BatchNorm synchronisation */
  readonly sync: SharedBatchSync;

  private constructor(sync: SharedBatchSync) {
    this.sync = sync;
  }

  /** `maxLen`: the model's batchSyncSize(). */
  static async start(script: string, count: number, init: Omit<WorkerInit, 'type' | 'seed' | 'sync'>, seed: number, maxLen: number): Promise<WorkerPool> {
    const parties = count + 1;
    const len = Math.max(1, maxLen);
    const buffer = createSyncBuffer(parties, len);
    const pool = new WorkerPool(new SharedBatchSync(buffer, 0, parties, len));
    for (let i = 0; i < count; i++) {
      const w = new Worker(script);
      w.on('error', (e) => {
        pool.failure = e;
        pool.sync.abort();
      });
      pool.workers.push(w);
      const msg: WorkerInit = { type: 'init', ...init, seed: (seed + 7919 * (i + 1)) >>> 0, sync: { buffer, rank: i + 1, parties, maxLen: len } };
      w.postMessage(msg);
    }
    await Promise.all(
      pool.workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            w.once('message', (m: { type: string; message?: string }) =>
              m.type === 'ready' ? resolve() : reject(new Error(m.message ?? 'worker failed to start')),
            );
            w.once('error', reject);
          }),
      ),
    );
    return pool;
  }

  get size(): number {
    return this.workers.length;
  }

  /** Sends one step to worker i; resolves with its gradients. */
  run(i: number, step: WorkerStep): Promise<WorkerReply> {
    if (this.failure) return Promise.reject(this.failure);
    const w = this.workers[i];
    return new Promise((resolve, reject) => {
      const onMessage = (m: WorkerReply | { type: 'error'; message: string }): void => {
        w.off('error', onError);
        if (m.type === 'error') reject(new Error(`training worker: ${m.message}`));
        else resolve(m);
      };
      const onError = (e: Error): void => {
        w.off('message', onMessage);
        reject(e);
      };
      w.once('message', onMessage);
      w.once('error', onError);
      w.postMessage(step);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers.length = 0;
  }
}
