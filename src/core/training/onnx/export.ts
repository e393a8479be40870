/**
 * ONNX export of a trained model in eval mode, written by hand (opset 13, IR version 7): input `x` [batch, C, T]
 * float32 with a symbolic batch dimension, output `logits` [batch, nClasses]. A model's input standardisation comes
 * first (Sub, Div by per-channel constants). Dropout is omitted (identity in eval),
 * BatchNorm is exported as BatchNormalization with the running statistics, square as Mul(x, x), the clamped log
 * as Log(Max(x, 1e-7)), the classifier as Flatten + Gemm.
 */
import { writeFileSync } from 'node:fs';
import type { FloatArray } from '../floatArray';
import { AvgPool2d, BatchNorm2d, Conv2d, Dropout, Elu, Linear, SafeLog, Square } from '../layers';
import type { Model } from '../models';
import { ProtoWriter } from './protobuf';

const FLOAT = 1;
const INT64 = 7;
const ATTR_FLOAT = 1;
const ATTR_INT = 2;
const ATTR_INTS = 7;

type Attr = { name: string; f?: number; i?: number; ints?: number[] };

function tensor(name: string, dims: number[], values: FloatArray | number[], type: 'float' | 'int64' = 'float'): ProtoWriter {
  const t = new ProtoWriter();
  for (const d of dims) t.varint(1, d);
  t.varint(2, type === 'float' ? FLOAT : INT64);
  t.string(8, name);
  if (type === 'float') {
    const f = Float32Array.from(values as ArrayLike<number>);
    t.bytes(9, new Uint8Array(f.buffer));
  } else {
    const b = new BigInt64Array((values as number[]).map((v) => BigInt(v)));
    t.bytes(9, new Uint8Array(b.buffer));
  }
  return t;
}

function attribute(a: Attr): ProtoWriter {
  const w = new ProtoWriter().string(1, a.name);
  if (a.f !== undefined) w.float(2, a.f).varint(20, ATTR_FLOAT);
  else if (a.i !== undefined) w.varint(3, a.i).varint(20, ATTR_INT);
  else if (a.ints) {
    for (const v of a.ints) w.varint(8, v);
    w.varint(20, ATTR_INTS);
  }
  return w;
}

function node(op: string, inputs: string[], outputs: string[], name: string, attrs: Attr[] = []): ProtoWriter {
  const w = new ProtoWriter();
  for (const i of inputs) w.string(1, i);
  for (const o of outputs) w.string(2, o);
  w.string(3, name);
  w.string(4, op);
  for (const a of attrs) w.message(5, attribute(a));
  return w;
}

function valueInfo(name: string, dims: Array<number | string>): ProtoWriter {
  const shape = new ProtoWriter();
  for (const d of dims) shape.message(1, typeof d === 'number' ? new ProtoWriter().varint(1, d) : new ProtoWriter().string(2, d));
  const tensorType = new ProtoWriter().varint(1, FLOAT).message(2, shape);
  return new ProtoWriter().string(1, name).message(2, new ProtoWriter().message(1, tensorType));
}

/** Serialises the model (its current weights, eval mode) as an ONNX ModelProto. */
export function exportOnnx(model: Model, opts: { producer?: string; docString?: string } = {}): Uint8Array {
  const graph = new ProtoWriter();
  const nodes: ProtoWriter[] = [];
  const inits: ProtoWriter[] = [];
  let input = 'x';
  if (model.inputNorm) {
    // The training fold's standardisation (inputNorm.ts) is part of the model: (x − mean[c]) / std[c].
    const shape = [model.nChannels, 1];
    inits.push(tensor('input_norm.mean', shape, model.inputNorm.mean), tensor('input_norm.std', shape, model.inputNorm.std));
    nodes.push(node('Sub', ['x', 'input_norm.mean'], ['x_centred'], 'input_norm_sub'));
    nodes.push(node('Div', ['x_centred', 'input_norm.std'], ['x_standardised'], 'input_norm_div'));
    input = 'x_standardised';
  }
  let cur = 'x_4d';
  inits.push(tensor('unsqueeze_axes', [1], [1], 'int64'));
  nodes.push(node('Unsqueeze', [input, 'unsqueeze_axes'], [cur], 'unsqueeze'));
  let counter = 0;
  for (const { prefix, layer } of model.layers) {
    const out = `${prefix}_out${counter++}`;
    if (layer instanceof Conv2d) {
      const w = `${prefix}.weight`;
      inits.push(tensor(w, layer.weight.shape, layer.weight.data));
      const inputs = [cur, w];
      if (layer.bias) {
        inits.push(tensor(`${prefix}.bias`, layer.bias.shape, layer.bias.data));
        inputs.push(`${prefix}.bias`);
      }
      nodes.push(
        node('Conv', inputs, [out], prefix, [
          { name: 'kernel_shape', ints: [layer.kh, layer.kw] },
          { name: 'strides', ints: [layer.sh, layer.sw] },
          { name: 'pads', ints: [layer.ph, layer.pw, layer.ph, layer.pw] },
          { name: 'dilations', ints: [1, 1] },
          { name: 'group', i: layer.groups },
        ]),
      );
    } else if (layer instanceof BatchNorm2d) {
      const names = ['weight', 'bias', 'running_mean', 'running_var'].map((s) => `${prefix}.${s}`);
      const c = layer.inShape[0];
      [layer.weight.data, layer.bias.data, layer.runningMean.data, layer.runningVar.data].forEach((d, i) => inits.push(tensor(names[i], [c], d)));
      nodes.push(node('BatchNormalization', [cur, ...names], [out], prefix, [{ name: 'epsilon', f: layer.eps }]));
    } else if (layer instanceof Elu) {
      nodes.push(node('Elu', [cur], [out], prefix, [{ name: 'alpha', f: 1 }]));
    } else if (layer instanceof AvgPool2d) {
      nodes.push(
        node('AveragePool', [cur], [out], prefix, [
          { name: 'kernel_shape', ints: layer.kernel },
          { name: 'strides', ints: layer.stride },
        ]),
      );
    } else if (layer instanceof Square) {
      nodes.push(node('Mul', [cur, cur], [out], prefix));
    } else if (layer instanceof SafeLog) {
      const floor = `${prefix}.clamp_min`;
      inits.push(tensor(floor, [], [layer.min]));
      nodes.push(node('Max', [cur, floor], [`${out}_clamped`], `${prefix}_clamp`));
      nodes.push(node('Log', [`${out}_clamped`], [out], prefix));
    } else if (layer instanceof Dropout) {
      continue;
    } else if (layer instanceof Linear) {
      nodes.push(node('Flatten', [cur], [`${prefix}_flat`], `${prefix}_flatten`, [{ name: 'axis', i: 1 }]));
      inits.push(tensor(`${prefix}.weight`, layer.weight.shape, layer.weight.data));
      inits.push(tensor(`${prefix}.bias`, layer.bias.shape, layer.bias.data));
      nodes.push(node('Gemm', [`${prefix}_flat`, `${prefix}.weight`, `${prefix}.bias`], [out], prefix, [{ name: 'transB', i: 1 }]));
    } else {
      throw new Error(`ONNX export: unsupported layer ${layer.kind}`);
    }
    cur = out;
  }
  nodes.push(node('Identity', [cur], ['logits'], 'output'));
  for (const n of nodes) graph.message(1, n);
  graph.string(2, `xbrain_${model.name}`);
  for (const t of inits) graph.message(5, t);
  graph.message(11, valueInfo('x', ['batch', model.nChannels, model.nTimes]));
  graph.message(12, valueInfo('logits', ['batch', model.nClasses]));
  const m = new ProtoWriter();
  m.varint(1, 7);
  m.string(2, opts.producer ?? 'xbrain');
  m.string(3, '0.1.0');
  if (opts.docString) m.string(6, opts.docString);
  m.message(7, graph);
  m.message(8, new ProtoWriter().string(1, '').varint(2, 13));
  return m.finish();
}

/** Writes exportOnnx(model) to a file. */
export function writeOnnx(model: Model, file: string, opts: { producer?: string; docString?: string } = {}): void {
  writeFileSync(file, exportOnnx(model, opts));
}
