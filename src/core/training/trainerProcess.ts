/**
 * The trainer child process (bundled to dist/trainer.js): `node trainer.js <job.json>`.
 * Reads the job and its binary arrays, trains with trainModel, writes one NDJSON TrainerEvent per line on stdout
 * (docs/architecture.md §4), stops between batches when stdin says `{"type":"stop"}` (or closes), and writes the last
 * and selected weights, the ONNX of the selected weights and metrics.jsonl into the job's outDir.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { XBrainError } from '../errors';
import { readWeights, saveWeights, weightsInputNorm } from './checkpoint';
import { fitInputNorm } from './inputNorm';
import { findWorkerScript } from './dataParallel';
import { readTrainerJob } from './job';
import { createModel } from './models';
import { exportOnnx } from './onnx/export';
import { outputsIn, type DoneEvent, type ProgressEvent, type TrainerEvent } from './protocol';
import { trainModel } from './train';
import type { StreamedSet } from './evaluate';

function emit(e: TrainerEvent): void {
  process.stdout.write(`${JSON.stringify(e)}\n`);
}

/** Resolves once stdout has flushed everything written so far (a pipe may buffer). */
const drained = (): Promise<void> => new Promise((resolve) => process.stdout.write('', () => resolve()));

export async function runTrainerJob(jobFile: string, signal: AbortSignal): Promise<DoneEvent> {
  const { job, rows, labels, splits, order } = readTrainerJob(jobFile);
  const model = createModel(job.model.name, job.spec, job.model.params, { seed: job.seed });
  if (job.initialWeights) {
    const w = readWeights(job.initialWeights);
    model.loadStateDict(w.tensors);
    // Weights learned on standardised inputs keep their statistics: the same weights on other scaling are wrong.
    model.inputNorm = weightsInputNorm(w.index, job.initialWeights);
  }
  mkdirSync(job.outDir, { recursive: true });
  const files = outputsIn(job.outDir, path.join);
  writeFileSync(files.metrics, '');
  // Diagnostics go to stderr: the launcher shows its last lines when the run fails.
  process.stderr.write(
    `trainer ${process.pid}: ${job.model.name} on ${splits.train.length} training epochs, ${job.config.epochs} epochs, ${job.config.threads} threads, seed ${job.seed}\n`,
  );

  // Only the split's rows are read from the epochs file (positional reads), never the whole file. The training rows
  // are held in shared memory, so the data-parallel worker threads read them in place instead of each receiving a
  // copy; the validation and test rows are read a block at a time at each evaluation (from the page cache, as a
  // rule) into one reused buffer, so of the split only the training rows stay in memory (issue 20).
  const labelsOf = (idx: Int32Array): Int32Array => Int32Array.from(idx, (i) => labels[i]);
  const streamed = (idx: Int32Array): StreamedSet => {
    let buf: Float32Array | undefined;
    return {
      labels: labelsOf(idx),
      rows: (start, count) => {
        const x = rows(idx.subarray(start, start + count), false, buf);
        if (!buf || x.length > buf.length) buf = x;
        return x;
      },
    };
  };
  if (splits.train.length === 0) throw new XBrainError('invalid_arguments', `${job.data.train}: the training split is empty.`, { file: job.data.train });
  const sets = {
    train: { x: rows(splits.train, true), labels: labelsOf(splits.train) },
    val: splits.val && splits.val.length ? streamed(splits.val) : undefined,
    test: splits.test && splits.test.length ? streamed(splits.test) : undefined,
  };
  // Fitted on the training split only: validation and test epochs never inform the scaling.
  if (!model.inputNorm && (job.config.inputNorm ?? 'train_fold') === 'train_fold')
    model.inputNorm = fitInputNorm(sets.train.x, job.spec.nChannels, job.spec.nTimes);
  const result = await trainModel(
    model,
    sets,
    {
      epochs: job.config.epochs,
      batchSize: job.config.batchSize,
      learningRate: job.config.learningRate,
      optimizer: job.config.optimizer,
      optimizerOptions: job.config.optimizerOptions,
      seed: job.seed,
      shuffle: job.config.shuffle,
      // the job's batch order (positions into the training split), else the trainer's own seeded shuffling
      ...(order ? { batchOrder: (epoch: number) => order.subarray((epoch - 1) * splits.train.length, epoch * splits.train.length) } : {}),
      threads: job.config.threads,
      workerScript: findWorkerScript() ?? undefined,
      selection: job.config.selection,
      checkpointEvery: job.config.checkpointEvery,
      checkpointDir: job.outDir,
    },
    {
      signal,
      log: (message) => emit({ type: 'log', message }),
      onEpoch: (rec) => {
        const ev: ProgressEvent = { type: 'progress', epochs: job.config.epochs, ...rec };
        appendFileSync(files.metrics, `${JSON.stringify(ev)}\n`);
        emit(ev);
      },
    },
  );
  const stem = (f: string): string => f.slice(0, -'.json'.length);
  const meta = { seed: job.seed, selection: result.selection, epochs: result.epochs.length };
  saveWeights(stem(files.lastWeights), model, { ...meta, epoch: result.epochs.length });
  if (result.selectedState.length) model.loadStateDict(result.selectedState);
  saveWeights(stem(files.selectedWeights), model, { ...meta, epoch: result.selectedEpoch });
  writeFileSync(files.onnx, exportOnnx(model, { docString: `${job.model.name} selected by ${result.selection} (epoch ${result.selectedEpoch})` }));
  return {
    type: 'done',
    epochs: result.epochs.length,
    stopped: result.stopped,
    selection: result.selection,
    selectedEpoch: result.selectedEpoch,
    seed: job.seed,
    threads: result.threads,
    files,
  };
}

async function main(): Promise<void> {
  const jobFile = process.argv[2];
  const controller = new AbortController();
  const stdin = createInterface({ input: process.stdin });
  stdin.on('line', (line) => {
    try {
      if ((JSON.parse(line) as { type?: string }).type === 'stop') controller.abort();
    } catch {
      // ignore anything that is not a command
    }
  });
  // The launcher went away: stop rather than train for nobody. Batch tasks (Slurm) have no launcher on stdin and
  // set XBRAIN_TRAINER_DETACHED=1; they are stopped by signals (scancel) instead.
  if (process.env.XBRAIN_TRAINER_DETACHED !== '1') stdin.on('close', () => controller.abort());
  let code = 0;
  try {
    if (!jobFile) throw new XBrainError('invalid_arguments', 'usage: trainer.js <job.json>');
    emit(await runTrainerJob(path.resolve(jobFile), controller.signal));
  } catch (e) {
    const err = e as Error;
    emit({ type: 'error', message: err.message, code: e instanceof XBrainError ? e.code : 'internal' });
    process.stderr.write(`${err.stack ?? err.message}\n`);
    code = 1;
  }
  stdin.close();
  await drained();
  process.exit(code);
}

if (require.main === module) void main();
