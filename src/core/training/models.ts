/**
 * EEGNet, SCCNet and ShallowConvNet built exactly as XBrainLab builds them (backend/model_base/*.py): input (B, C, T)
 * is treated as (B, 1, C, T); kernels depend on the sampling rate; too-short epochs are refused with the minimum.
 * Parameter and buffer names are PyTorch state_dict names of XBrainLab's modules, so weights can be exchanged.
 */
import { XBrainError } from '../errors';
import type { FloatArray, FloatArrayCtor } from './floatArray';
import { AvgPool2d, BatchNorm2d, Conv2d, Dropout, Elu, Linear, SafeLog, Square, type Layer, type Param, type Shape3 } from './layers';
import type { BatchSync } from './batchSync';
import { applyInputNorm, type InputNorm } from './inputNorm';
import { Rng } from './rng';

export type ModelName = 'EEGNet' | 'SCCNet' | 'ShallowConvNet';
export const MODEL_NAMES: readonly ModelName[] = ['EEGNet', 'SCCNet', 'ShallowConvNet'];

export interface InputSpec {
  nChannels: number;
  nTimes: number;
  sfreq: number;
  nClasses: number;
}

/** Constructor keyword arguments (XBrainLab's names) plus `dropout` to override every dropout probability. */
export type ModelParams = Record<string, number>;

export interface ModelOptions {
  /** seed for initial weights and dropout masks */
  seed?: number;
  /** float64 is for gradient checks; training uses float32 */
  dtype?: 'float32' | 'float64';
}

/** A tensor of the state dict: trainable parameter or buffer, by its PyTorch name. */
export interface NamedTensor {
  name: string;
  shape: number[];
  data: FloatArray;
  trainable: boolean;
}

const ALLOWED_PARAMS: Record<ModelName, string[]> = {
  EEGNet: ['F1', 'F2', 'D', 'dropout'],
  SCCNet: ['Ns', 'dropout'],
  ShallowConvNet: ['pool_len', 'pool_stride', 'dropout'],
};

/** XBrainLab's minimum number of samples per epoch for a model at a sampling rate. */
export function minSamples(name: ModelName, sfreq: number, params: ModelParams = {}): number {
  switch (name) {
    case 'EEGNet': {
      const half = Math.floor(sfreq / 2);
      return half + 4 + Math.floor(half / 4) * 4 + 32;
    }
    case 'SCCNet':
      return Math.trunc(sfreq / 2) + 1;
    case 'ShallowConvNet':
      return Math.ceil(sfreq * 0.1) + (params.pool_len ?? 75);
  }
}

function checkName(name: string): ModelName {
  if ((MODEL_NAMES as readonly string[]).includes(name)) return name as ModelName;
  throw new XBrainError('invalid_arguments', `Unknown model "${name}" (model_name); choose one of ${MODEL_NAMES.join(', ')}.`, { field: 'model_name' });
}

function checkInput(name: ModelName, spec: InputSpec, params: ModelParams): void {
  for (const key of ['nChannels', 'nTimes', 'nClasses'] as const) {
    const v = spec[key];
    if (!Number.isInteger(v) || v < 1) throw new XBrainError('invalid_arguments', `${key} must be a positive integer, got ${v}.`, { field: key });
  }
  if (spec.nClasses < 2)
    throw new XBrainError('invalid_arguments', `At least 2 classes are needed to train ${name}, got ${spec.nClasses}.`, { field: 'nClasses' });
  if (!(spec.sfreq > 0)) throw new XBrainError('invalid_arguments', `sfreq must be positive, got ${spec.sfreq}.`, { field: 'sfreq' });
  for (const [k, v] of Object.entries(params)) {
    if (!ALLOWED_PARAMS[name].includes(k)) {
      throw new XBrainError('invalid_arguments', `${name} has no parameter "${k}"; its parameters are ${ALLOWED_PARAMS[name].join(', ')}.`, { field: k });
    }
    const ok = k === 'dropout' ? v >= 0 && v < 1 : Number.isInteger(v) && v >= 1;
    if (!ok) throw new XBrainError('invalid_arguments', `${name} parameter ${k}=${v} is out of range.`, { field: k });
  }
  const need = minSamples(name, spec.sfreq, params);
  if (spec.nTimes < need) {
    const secs = (spec.nTimes / spec.sfreq).toFixed(3);
    const needSecs = need / spec.sfreq;
    throw new XBrainError(
      'invalid_arguments',
      `Epoch duration is too short for ${name}. Current: ${spec.nTimes} samples (${secs}s at ${spec.sfreq}Hz). ` +
        `Minimum required: ${need} samples (${needSecs.toFixed(3)}s). Increase the epoch length (t_max - t_min) to at least ` +
        `${needSecs.toFixed(2)}s or use a lower sampling frequency.`,
      { field: 'nTimes', model: name, minSamples: need, minSeconds: needSecs, samples: spec.nTimes },
    );
  }
}

interface Entry {
  /** state_dict prefix, e.g. "conv1.0" */
  prefix: string;
  layer: Layer;
}

/** A feed-forward network of layers with PyTorch-named state. */
export class Model {
  readonly nClasses: number;
  readonly nChannels: number;
  readonly nTimes: number;
  readonly inputSize: number;
  /**
   * Input standardisation applied before the first layer (fitted on the training fold by the trainer; see
   * inputNorm.ts). Not part of the state dict, so weights stay exchangeable with XBrainLab's modules.
   */
  inputNorm: InputNorm | null = null;
  private readonly ctor: FloatArrayCtor;
  private normBuf: FloatArray;

  constructor(
    readonly name: ModelName,
    readonly spec: InputSpec,
    readonly params: ModelParams,
    readonly layers: Entry[],
    ctor: FloatArrayCtor,
  ) {
    this.nClasses = spec.nClasses;
    this.nChannels = spec.nChannels;
    this.nTimes = spec.nTimes;
    this.inputSize = spec.nChannels * spec.nTimes;
    this.ctor = ctor;
    this.normBuf = new ctor(0);
    // A BatchNorm right after a convolution and before another layer may write its output over its input and its
    // input gradient over dy (see BatchNorm2d.inPlace): every BatchNorm of the three models is placed so.
    layers.forEach(({ layer }, i) => {
      if (layer instanceof BatchNorm2d) layer.inPlace = i > 0 && layers[i - 1].layer instanceof Conv2d && i < layers.length - 1;
    });
  }

  get dtype(): 'float32' | 'float64' {
    return this.ctor === Float64Array ? 'float64' : 'float32';
  }

  /** x: n × C × T; returns the n × nClasses logits (a reused buffer: copy it to keep it). */
  forward(x: FloatArray, n: number, training: boolean): FloatArray {
    let h = x;
    if (this.inputNorm) {
      // grown to the largest batch and viewed for smaller ones, as the layers' buffers
      if (this.normBuf.length < n * this.inputSize) this.normBuf = new this.ctor(n * this.inputSize);
      h = applyInputNorm(this.inputNorm, x.subarray(0, n * this.inputSize), this.nChannels, this.nTimes, this.normBuf.subarray(0, n * this.inputSize));
    }
    for (const { layer } of this.layers) h = layer.forward(h, n, training);
    return h;
  }

  /** Back-propagates d(loss)/d(logits) of the last forward, accumulating into every Param.grad; returns d/dx. */
  backward(dLogits: FloatArray, needInputGrad = true): FloatArray {
    let g = dLogits;
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const into = i > 0 ? (this.layers[i - 1].layer.dyBuffer?.() ?? undefined) : undefined;
      g = this.layers[i].layer.backward(g, i > 0 || needInputGrad, into);
    }
    if (needInputGrad && this.inputNorm) {
      // d/dx of (x − mean)/std: the gradient reaching the standardised input, divided by the channel's std.
      const { std } = this.inputNorm;
      const T = this.nTimes;
      for (let r = 0; r < g.length / T; r++) {
        const inv = 1 / std[r % this.nChannels];
        for (let t = r * T; t < (r + 1) * T; t++) g[t] *= inv;
      }
    }
    return g;
  }

  /**
   * Bytes of the working buffers the layers and the input standardisation hold now: what forward and backward keep
   * between calls, sized by the largest batch seen (not the parameters, gradients or optimiser state).
   */
  workingBytes(): number {
    return this.layers.reduce((s, { layer }) => s + layer.workingBytes(), this.normBuf.byteLength);
  }

  /** Trainable parameters with PyTorch names, in state_dict order. */
  parameters(): Array<Param & { fullName: string }> {
    const out: Array<Param & { fullName: string }> = [];
    for (const { prefix, layer } of this.layers) for (const p of layer.params) out.push(Object.assign(p, { fullName: `${prefix}.${p.name}` }));
    return out;
  }

  /** Synchronises every BatchNorm's batch statistics over data-parallel shards (null: this shard alone). */
  setBatchSync(sync: BatchSync | null): void {
    for (const { layer } of this.layers) if (layer instanceof BatchNorm2d) layer.sync = sync;
  }

  /** Longest vector a BatchNorm of this model reduces over shards (2 × channels + 1); 0 without BatchNorm. */
  batchSyncSize(): number {
    let m = 0;
    for (const { layer } of this.layers) if (layer instanceof BatchNorm2d) m = Math.max(m, 2 * layer.inShape[0] + 1);
    return m;
  }

  zeroGrad(): void {
    for (const { layer } of this.layers) for (const p of layer.params) p.grad.fill(0);
  }

  /** Parameters and buffers in PyTorch state_dict order (the arrays are the live ones, not copies). */
  stateDict(): NamedTensor[] {
    const out: NamedTensor[] = [];
    for (const { prefix, layer } of this.layers) {
      for (const p of layer.params) out.push({ name: `${prefix}.${p.name}`, shape: p.shape, data: p.data, trainable: true });
      for (const b of layer.buffers) out.push({ name: `${prefix}.${b.name}`, shape: b.shape, data: b.data, trainable: false });
    }
    return out;
  }

  /** Copies values in by name; every tensor of the model must be present with the same size. */
  loadStateDict(tensors: Iterable<{ name: string; data: ArrayLike<number> }>): void {
    const byName = new Map<string, ArrayLike<number>>();
    for (const t of tensors) byName.set(t.name, t.data);
    for (const t of this.stateDict()) {
      const src = byName.get(t.name);
      if (!src) throw new XBrainError('bad_file', `Weights for ${this.name} lack "${t.name}".`, { field: t.name });
      if (src.length !== t.data.length) {
        throw new XBrainError('bad_file', `Weights "${t.name}" have ${src.length} values; ${this.name} needs ${t.data.length} (shape ${t.shape.join('×')}).`, {
          field: t.name,
        });
      }
      t.data.set(src);
    }
  }

  parameterCount(): number {
    return this.parameters().reduce((s, p) => s + p.data.length, 0);
  }

  /** One line per layer: name, kind, output shape, parameter count (a torchinfo-like summary). */
  summary(): Array<{ name: string; kind: string; outShape: number[]; params: number }> {
    return this.layers.map(({ prefix, layer }) => ({
      name: prefix,
      kind: layer.kind,
      outShape: [...layer.outShape],
      params: layer.params.reduce((s, p) => s + p.data.length, 0),
    }));
  }
}

/** Builds a model; throws XBrainError for unknown names or parameters and for epochs shorter than the minimum. */
export function createModel(name: string, spec: InputSpec, params: ModelParams = {}, options: ModelOptions = {}): Model {
  const model = checkName(name);
  checkInput(model, spec, params);
  const ctor: FloatArrayCtor = options.dtype === 'float64' ? Float64Array : Float32Array;
  const rng = new Rng(options.seed ?? 0);
  const dropRng = new Rng(rng.fork());
  const C = spec.nChannels;
  const T = spec.nTimes;
  const sf = spec.sfreq;
  const layers: Entry[] = [];
  let shape: Shape3 = [1, C, T];
  const add = (prefix: string, layer: Layer): void => {
    layers.push({ prefix, layer });
    shape = layer.outShape;
  };
  switch (model) {
    case 'EEGNet': {
      const F1 = params.F1 ?? 8;
      const F2 = params.F2 ?? 16;
      const D = params.D ?? 2;
      const p = params.dropout ?? 0.5;
      const half = Math.floor(sf / 2);
      add('conv1.0', new Conv2d(shape, { inChannels: 1, outChannels: F1, kernel: [1, half] }, ctor, rng));
      add('conv1.1', new BatchNorm2d(shape, ctor));
      add('conv2.0', new Conv2d(shape, { inChannels: F1, outChannels: D * F1, kernel: [C, 1], groups: F1 }, ctor, rng));
      add('conv2.1', new BatchNorm2d(shape, ctor));
      add('conv2.2', new Elu(shape, ctor));
      add('conv2.3', new AvgPool2d(shape, [1, 4], [1, 4], ctor));
      add('conv2.4', new Dropout(shape, ctor, p, dropRng));
      add('conv3.0', new Conv2d(shape, { inChannels: D * F1, outChannels: D * F1, kernel: [1, Math.floor(half / 4)], groups: D * F1 }, ctor, rng));
      add('conv3.1', new Conv2d(shape, { inChannels: D * F1, outChannels: F2, kernel: [1, 1] }, ctor, rng));
      add('conv3.2', new BatchNorm2d(shape, ctor));
      add('conv3.3', new Elu(shape, ctor));
      add('conv3.4', new AvgPool2d(shape, [1, 8], [1, 8], ctor));
      add('conv3.5', new Dropout(shape, ctor, p, dropRng));
      add('classifier', new Linear(shape, spec.nClasses, ctor, rng));
      break;
    }
    case 'SCCNet': {
      const Ns = params.Ns ?? 22;
      const p = params.dropout ?? 0.5;
      const oct = Math.floor(sf * 0.1);
      const pad = Math.ceil((oct - 1) / 2);
      add('conv1', new Conv2d(shape, { inChannels: 1, outChannels: Ns, kernel: [C, 1], bias: true }, ctor, rng));
      add('Bn1', new BatchNorm2d(shape, ctor));
      add('conv2', new Conv2d(shape, { inChannels: Ns, outChannels: 20, kernel: [1, oct], padding: [0, pad], bias: true }, ctor, rng));
      add('Bn2', new BatchNorm2d(shape, ctor));
      add('square', new Square(shape, ctor));
      add('Drop1', new Dropout(shape, ctor, p, dropRng));
      add('AvgPool1', new AvgPool2d(shape, [1, Math.trunc(sf / 2)], [1, oct], ctor));
      add('log', new SafeLog(shape, ctor));
      add('classifier', new Linear(shape, spec.nClasses, ctor, rng));
      break;
    }
    case 'ShallowConvNet': {
      const poolLen = params.pool_len ?? 75;
      const poolStride = params.pool_stride ?? 15;
      const p = params.dropout ?? 0.5;
      const k = Math.ceil(sf * 0.1);
      add('conv1', new Conv2d(shape, { inChannels: 1, outChannels: 40, kernel: [1, k] }, ctor, rng));
      add('conv2', new Conv2d(shape, { inChannels: 40, outChannels: 40, kernel: [C, 1] }, ctor, rng));
      add('Bn1', new BatchNorm2d(shape, ctor));
      add('square', new Square(shape, ctor));
      add('AvgPool1', new AvgPool2d(shape, [1, poolLen], [1, poolStride], ctor));
      add('log', new SafeLog(shape, ctor));
      add('Drop1', new Dropout(shape, ctor, p, dropRng));
      add('classifier', new Linear(shape, spec.nClasses, ctor, rng));
      break;
    }
  }
  const net = new Model(model, spec, params, layers, ctor);
  if (model === 'EEGNet') {
    // XBrainLab sizes EEGNet's classifier by running a training-mode forward pass on ones(2, 1, C, T) in the
    // constructor, which updates every BatchNorm's running statistics once; do the same so eval mode matches.
    net.forward(new ctor(2 * C * T).fill(1), 2, true);
  }
  return net;
}
