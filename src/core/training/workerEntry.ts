/**
 * worker_threads entry of the data-parallel trainer (bundled to dist/trainWorker.js). Holds a model replica and
 * the training set; answers each step with the gradients of its shard.
 */
import { parentPort } from 'node:worker_threads';
import { SharedBatchSync } from './batchSync';
import { packGrads, unpackState, type WorkerInit, type WorkerReply, type WorkerStep } from './dataParallel';
import { createModel, type Model } from './models';
import { ShardRunner } from './shard';

let model: Model | null = null;
let runner: ShardRunner | null = null;
let sync: SharedBatchSync | null = null;

parentPort?.on('message', (msg: WorkerInit | WorkerStep) => {
  try {
    if (msg.type === 'init') {
      model = createModel(msg.model, msg.spec, msg.params, { seed: msg.seed });
      model.inputNorm = msg.inputNorm;
      sync = new SharedBatchSync(msg.sync.buffer, msg.sync.rank, msg.sync.parties, msg.sync.maxLen);
      model.setBatchSync(sync);
      runner = new ShardRunner(model, msg.x, msg.labels);
      parentPort!.postMessage({ type: 'ready' });
      return;
    }
    if (!model || !runner) throw new Error('step before init');
    unpackState(model, msg.state);
    model.zeroGrad();
    const r = runner.run(msg.indices, msg.total);
    const reply: WorkerReply = { type: 'result', grads: packGrads(model), lossSum: r.lossSum, correct: r.correct, probs: r.probs.slice() };
    parentPort!.postMessage(reply, [reply.grads.buffer as ArrayBuffer, reply.probs.buffer as ArrayBuffer]);
  } catch (e) {
    // Shards waiting for this one at a BatchNorm barrier must not wait forever.
    sync?.abort();
    parentPort!.postMessage({ type: 'error', message: (e as Error).stack ?? String(e) });
  }
});
