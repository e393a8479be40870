/**
 * worker_threads entry of the row-parallel signal operations (bundled to dist/signalWorker.js). Stateless: every
 * task names its op and its shared input/output slots; FFT plans stay cached in this thread between tasks.
 */
import { parentPort } from 'node:worker_threads';
import type { Row } from '../rows';
import { applyRowOp } from './rowOp';
import type { ElementType, RowTask, WorkerReply } from './protocol';

function rows(buf: SharedArrayBuffer, type: ElementType, count: number, n: number): Row[] {
  const all = type === 'float32' ? new Float32Array(buf, 0, count * n) : new Float64Array(buf, 0, count * n);
  return Array.from({ length: count }, (_, i) => all.subarray(i * n, (i + 1) * n));
}

const port = parentPort;
if (!port) throw new Error('signal worker: not started as a worker thread');
port.on('message', (t: RowTask) => {
  let reply: WorkerReply;
  try {
    applyRowOp(t.op, rows(t.input, t.inputType, t.count, t.nIn), rows(t.output, t.outputType, t.count, t.nOut));
    reply = { type: 'done', slot: t.slot };
  } catch (e) {
    const err = e as Error & { code?: string };
    reply = { type: 'error', slot: t.slot, message: err.message, code: err.code };
  }
  port.postMessage(reply);
});
