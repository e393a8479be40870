/**
 * Weights on disk: `<stem>.bin` holds every state-dict tensor as little-endian float32, back to back, and
 * `<stem>.json` the index (model name, input spec, hyper-parameters, and per tensor its name, shape and offset).
 * The names are PyTorch state_dict names, so bench/reference/train_ref.py can load the same files.
 */
import { mkdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import * as path from 'node:path';
import { XBrainError } from '../errors';
import { inputNormFromJson, inputNormToJson, type InputNorm, type InputNormJson } from './inputNorm';
import { createModel, type InputSpec, type Model, type ModelName, type ModelParams } from './models';

export interface WeightsIndexEntry {
  name: string;
  shape: number[];
  /** offset in float32 elements */
  offset: number;
  length: number;
  trainable: boolean;
}

export interface WeightsIndex {
  format: 'xbrain-weights';
  version: 1;
  model: ModelName;
  spec: InputSpec;
  params: ModelParams;
  dtype: 'float32-le';
  tensors: WeightsIndexEntry[];
  /** input standardisation the model applies before its first layer (absent: none, as XBrainLab) */
  inputNorm?: InputNormJson;
  /** free-form provenance (epoch, selection rule, seed…) */
  meta?: Record<string, unknown>;
}

function atomicWrite(file: string, data: string | Uint8Array): void {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/** Writes `<stem>.bin` and `<stem>.json`; returns the path of the JSON index. */
export function saveWeights(stem: string, model: Model, meta?: Record<string, unknown>): string {
  mkdirSync(path.dirname(stem), { recursive: true });
  const state = model.stateDict();
  const total = state.reduce((s, t) => s + t.data.length, 0);
  const flat = new Float32Array(total);
  const tensors: WeightsIndexEntry[] = [];
  let off = 0;
  for (const t of state) {
    flat.set(t.data, off);
    tensors.push({ name: t.name, shape: t.shape, offset: off, length: t.data.length, trainable: t.trainable });
    off += t.data.length;
  }
  const index: WeightsIndex = {
    format: 'xbrain-weights',
    version: 1,
    model: model.name,
    spec: model.spec,
    params: model.params,
    dtype: 'float32-le',
    tensors,
    ...(model.inputNorm ? { inputNorm: inputNormToJson(model.inputNorm) } : {}),
    meta,
  };
  atomicWrite(`${stem}.bin`, new Uint8Array(flat.buffer));
  atomicWrite(`${stem}.json`, JSON.stringify(index, null, 1));
  return `${stem}.json`;
}

/** Reads an index written by saveWeights (path of the .json, or the stem) with its tensors. */
export function readWeights(file: string): { index: WeightsIndex; tensors: Array<{ name: string; shape: number[]; data: Float32Array }> } {
  const stem = file.endsWith('.json') ? file.slice(0, -5) : file;
  let index: WeightsIndex;
  try {
    index = JSON.parse(readFileSync(`${stem}.json`, 'utf8')) as WeightsIndex;
  } catch (e) {
    throw new XBrainError('bad_file', `Cannot read weights index ${stem}.json: ${(e as Error).message}`, { file: `${stem}.json` });
  }
  if (index.format !== 'xbrain-weights') throw new XBrainError('bad_file', `${stem}.json is not an XBrain weights index.`, { file: `${stem}.json` });
  let bytes: Buffer;
  try {
    bytes = readFileSync(`${stem}.bin`);
  } catch (e) {
    throw new XBrainError('bad_file', `Cannot read weights ${stem}.bin: ${(e as Error).message}`, { file: `${stem}.bin` });
  }
  const flat = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const tensors = index.tensors.map((t) => {
    if (t.offset + t.length > flat.length) throw new XBrainError('bad_file', `${stem}.bin is too short for tensor ${t.name}.`, { file: `${stem}.bin` });
    return { name: t.name, shape: t.shape, data: flat.subarray(t.offset, t.offset + t.length) };
  });
  return { index, tensors };
}

/** The input standardisation of a weights index, or null when it has none. */
export function weightsInputNorm(index: WeightsIndex, file: string): InputNorm | null {
  if (index.inputNorm === undefined) return null;
  try {
    return inputNormFromJson(index.inputNorm, index.spec.nChannels, file);
  } catch (e) {
    throw new XBrainError('bad_file', (e as Error).message, { file, field: 'inputNorm' });
  }
}

/** Rebuilds the model a weights file describes and loads its weights. */
export function loadModel(file: string): Model {
  const { index, tensors } = readWeights(file);
  const model = createModel(index.model, index.spec, index.params);
  model.loadStateDict(tensors);
  model.inputNorm = weightsInputNorm(index, file);
  return model;
}
