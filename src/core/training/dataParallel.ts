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
import type { Model } from './models';

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

/** Flattens every state tensor (parameters and buffers) in state-dict order. */
export function packState(model: Model): Float32Array {
  const state = model.stateDict();
  const out = new Float32Array(state.reduce((s, t) => s + t.data.length, 0));
  let off = 0;
  for (const t of state) {
    out.set(t.data, off);
    off += t.data.length;
  }
  return out;
}

export function unpackState(model: Model, flat: Float32Array): void {
  let off = 0;
  for (const t of model.stateDict()) {
    t.data.set(flat.subarray(off, off + t.data.length));
    off += t.data.length;
  }
}

export function packGrads(model: Model): Float32Array {
  const ps = model.parameters();
  const out = new Float32Array(ps.reduce((s, p) => s + p.grad.length, 0));
  let off = 0;
  for (const p of ps) {
    out.set(p.grad, off);
    off += p.grad.length;
  }
  return out;
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
    await Promise.all(pool.workers.map((w) => new Promise<void>((resolve, reject) => {
      w.once('message', (m: { type: string; message?: string }) => (m.type === 'ready' ? resolve() : reject(new Error(m.message ?? 'worker failed to start'))));
      w.once('error', reject);
    })));
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
