/**
 * The trainer job file: a JSON description of one training run, with the arrays in binary files next to it
 * (epochs float32-le n×C×T, labels int32-le, split indices int32-le), so nothing large travels as JSON.
 */
import { copyFileSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readEpochRows } from '../signal/spill';
import * as path from 'node:path';
import { XBrainError } from '../errors';
import type { InputSpec, ModelName, ModelParams } from './models';
import type { OptimizerName, OptimizerOptions } from './optim';
import type { SelectionRule } from './train';

export interface TrainerJob {
  version: 1;
  model: { name: ModelName; params: ModelParams };
  spec: InputSpec;
  config: {
    epochs: number;
    batchSize: number;
    learningRate: number;
    optimizer: OptimizerName;
    optimizerOptions?: Omit<OptimizerOptions, 'lr'>;
    selection: SelectionRule;
    checkpointEvery: number;
    threads: number;
    /**
     * Input standardisation: 'train_fold' (default when absent) fits a channel mean and a pooled SD on the training
     * split and stores them with the model (inputNorm.ts); 'none' trains on the data as given, as XBrainLab does.
     */
    inputNorm?: 'train_fold' | 'none';
    /** false: the training split in its stored order every epoch (default true: a seeded permutation per epoch) */
    shuffle?: boolean;
  };
  /** seeds weight init, dropout and shuffling; recorded for repeats */
  seed: number;
  /**
   * order (optional): int32 file of epochs × nTrain positions into the training split, one permutation per epoch,
   * used instead of the trainer's own shuffling, so two engines can see the same batches (bench/parity.ts
   * --common-init).
   */
  data: { x: string; labels: string; train: string; val?: string; test?: string; order?: string };
  outDir: string;
  /** optional initial weights (a weights JSON index) */
  initialWeights?: string;
}

export interface TrainerJobInput {
  model: ModelName;
  params?: ModelParams;
  spec: InputSpec;
  config: Partial<TrainerJob['config']> & Pick<TrainerJob['config'], 'epochs' | 'batchSize' | 'learningRate'>;
  seed: number;
  /** n × C × T, or an epochs file already written by an earlier job (repeats and folds share one copy) */
  x: Float32Array | { file: string };
  labels: ArrayLike<number> | { file: string };
  splits: { train: ArrayLike<number>; val?: ArrayLike<number>; test?: ArrayLike<number> };
  outDir: string;
  initialWeights?: string;
  /** batch order: epochs × nTrain positions into splits.train, a permutation per epoch (TrainerJob.data.order) */
  order?: ArrayLike<number>;
}

const writeI32 = (file: string, a: ArrayLike<number>): string => {
  const v = Int32Array.from(a);
  writeFileSync(file, new Uint8Array(v.buffer));
  return file;
};

const writeF32 = (file: string, a: Float32Array): string => {
  writeFileSync(file, new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  return file;
};

const EPOCHS_FILE = 'epochs.f32';
const LABELS_FILE = 'labels.i32';

/**
 * Writes the epochs (float32) and labels (int32) into dir; the returned file references can be passed as x / labels
 * to any number of writeTrainerJob calls (repeats, folds and sweep tasks share one copy).
 */
export function writeSharedArrays(
  dir: string,
  x: Float32Array | { file: string },
  labels: ArrayLike<number>,
): { x: { file: string }; labels: { file: string } } {
  mkdirSync(dir, { recursive: true });
  const xFile = path.join(dir, EPOCHS_FILE);
  if (x instanceof Float32Array) writeF32(xFile, x);
  else linkOrCopy(x.file, xFile);
  return { x: { file: xFile }, labels: { file: writeI32(path.join(dir, LABELS_FILE), labels) } };
}

/**
 * Epochs already in a file with the trainer's layout (a disk-backed epochs set, signal/spill.ts): hard-linked, so
 * nothing is copied and the job keeps its data even when the spill file is later removed; copied across devices.
 */
function linkOrCopy(from: string, to: string): void {
  rmSync(to, { force: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** Writes the arrays and job.json into dir; returns the job file path. */
export function writeTrainerJob(dir: string, input: TrainerJobInput): string {
  mkdirSync(dir, { recursive: true });
  // Arrays given inline are written next to job.json, under the same names writeSharedArrays uses.
  const x = input.x instanceof Float32Array ? writeF32(path.join(dir, EPOCHS_FILE), input.x) : input.x.file;
  const labels =
    'file' in input.labels && typeof input.labels.file === 'string'
      ? input.labels.file
      : writeI32(path.join(dir, LABELS_FILE), input.labels as ArrayLike<number>);
  const data: TrainerJob['data'] = { x, labels, train: path.join(dir, 'train.i32') };
  writeI32(data.train, input.splits.train);
  for (const k of ['val', 'test'] as const) {
    const s = input.splits[k];
    if (s && s.length) {
      data[k] = path.join(dir, `${k}.i32`);
      writeI32(data[k]!, s);
    }
  }
  if (input.order) data.order = writeI32(path.join(dir, 'order.i32'), input.order);
  const job: TrainerJob = {
    version: 1,
    model: { name: input.model, params: input.params ?? {} },
    spec: input.spec,
    config: {
      optimizer: 'adam',
      selection: 'last_epoch',
      checkpointEvery: 0,
      threads: 2,
      ...input.config,
    },
    seed: input.seed,
    data,
    outDir: input.outDir,
    initialWeights: input.initialWeights,
  };
  const file = path.join(dir, 'job.json');
  writeFileSync(file, JSON.stringify(job, null, 1));
  return file;
}

const readI32 = (file: string): Int32Array => {
  const b = readFileSync(file);
  if (b.byteLength % 4) throw new XBrainError('bad_file', `${file} is not an int32 array (${b.byteLength} bytes).`, { file });
  return new Int32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
};

export interface LoadedJob {
  job: TrainerJob;
  /**
   * Rows of the epochs file by index (n × C × T), read with positional reads: the trainer holds the epochs of the
   * run's training rows and reads its validation and test rows a block at a time at each evaluation, never the whole
   * file (a subject's fold of a many-subject study reads a fraction of it). `shared` allocates them in a
   * SharedArrayBuffer, which the training worker threads then share instead of copying; `into` reads them into that
   * array (its start) when it is large enough.
   */
  rows: (idx: ArrayLike<number>, shared?: boolean, into?: Float32Array) => Float32Array;
  labels: Int32Array;
  splits: { train: Int32Array; val?: Int32Array; test?: Int32Array };
  /** the job's batch order (data.order), one permutation of 0..nTrain-1 per epoch, when it has one */
  order?: Int32Array;
}

/** Reads and checks a job file, its labels and split indices; the epochs file is checked by size and read by rows. */
export function readTrainerJob(file: string): LoadedJob {
  let job: TrainerJob;
  try {
    job = JSON.parse(readFileSync(file, 'utf8')) as TrainerJob;
  } catch (e) {
    throw new XBrainError('bad_file', `Cannot read trainer job ${file}: ${(e as Error).message}`, { file });
  }
  if (job.version !== 1) throw new XBrainError('bad_file', `${file}: unsupported job version ${String(job.version)}.`, { file });
  const labels = readI32(job.data.labels);
  const per = job.spec.nChannels * job.spec.nTimes;
  let bytes: number;
  try {
    bytes = statSync(job.data.x).size;
  } catch (e) {
    throw new XBrainError('bad_file', `Cannot read the epochs file ${job.data.x}: ${(e as Error).message}`, { file: job.data.x });
  }
  if (bytes !== labels.length * per * 4) {
    throw new XBrainError(
      'bad_file',
      `${job.data.x} holds ${bytes / 4} values; ${labels.length} labels × ${job.spec.nChannels} channels × ${job.spec.nTimes} samples expected.`,
      { file: job.data.x },
    );
  }
  const info = { file: job.data.x, nEpochs: labels.length, nChannels: job.spec.nChannels, nTimes: job.spec.nTimes };
  const rows = (idx: ArrayLike<number>, shared = false, into?: Float32Array): Float32Array => readEpochRows(info, idx, { shared, into });
  const splits: LoadedJob['splits'] = { train: readI32(job.data.train) };
  if (job.data.val) splits.val = readI32(job.data.val);
  if (job.data.test) splits.test = readI32(job.data.test);
  for (const [k, idx] of Object.entries(splits)) {
    for (const i of idx as Int32Array) {
      if (i < 0 || i >= labels.length)
        throw new XBrainError('bad_file', `${k} split index ${i} is outside 0..${labels.length - 1}.`, { file: (job.data as Record<string, string>)[k] });
    }
  }
  if (!job.data.order) return { job, rows, labels, splits };
  return { job, rows, labels, splits, order: readOrder(job.data.order, job.config.epochs, splits.train.length) };
}

/** A batch order file: one permutation of 0..nTrain-1 for every epoch, else a bad_file error naming it. */
function readOrder(file: string, epochs: number, nTrain: number): Int32Array {
  const order = readI32(file);
  if (order.length !== epochs * nTrain)
    throw new XBrainError('bad_file', `${file} holds ${order.length} positions; ${epochs} epochs × ${nTrain} training epochs expected.`, { file });
  const seen = new Uint8Array(nTrain);
  for (let e = 0; e < epochs; e++) {
    seen.fill(0);
    for (let i = e * nTrain; i < (e + 1) * nTrain; i++) {
      const v = order[i];
      if (!(v >= 0 && v < nTrain) || seen[v]) throw new XBrainError('bad_file', `${file}: epoch ${e + 1} is not a permutation of 0..${nTrain - 1}.`, { file });
      seen[v] = 1;
    }
  }
  return order;
}
