/**
 * Neural-network layers with explicit forward and backward passes over flat typed arrays.
 *
 * Layout is channels-first per sample, batch outermost: (N, C, H, W) in C order, as PyTorch. Every layer knows its
 * per-sample input shape at construction, so a forward call only needs the batch size. Layers keep a reference to
 * their input (or what backward needs) from the last forward call; backward must follow the forward it belongs to.
 *
 * Arrays are Float32Array in training; the same code runs in Float64Array for finite-difference gradient checks.
 * Output and gradient buffers are reused between calls of the same batch size (no allocation in the hot path), so
 * a caller must copy a layer's output if it needs it after the next forward. Inside a Model a BatchNorm may also
 * write over its input and its dy, and hand out views of its own WebAssembly memory (BatchNorm2d.inPlace, dyBuffer).
 */
import type { BatchSync } from './batchSync';
import { Rng } from './rng';
import { corr, corrGrad } from './rowConv';
import { BatchNormSimd, batchNormSimdAvailable } from './simdBatchNorm';
import { binaryF32, dropoutMask, elementwiseSimdAvailable } from './simdElementwise';
import { gemmAvailable, GemmConv } from './simdGemm';
import type { FloatArray, FloatArrayCtor } from './floatArray';

export type Shape3 = [c: number, h: number, w: number];

/** A trainable tensor with its gradient accumulator. */
export interface Param {
  /** PyTorch state_dict name suffix ("weight", "bias") */
  name: string;
  shape: number[];
  data: FloatArray;
  grad: FloatArray;
}

/** A non-trainable state tensor (BatchNorm running statistics). */
export interface Buffer {
  name: string;
  shape: number[];
  data: FloatArray;
}

export interface Layer {
  readonly kind: string;
  readonly inShape: Shape3;
  readonly outShape: Shape3;
  readonly params: Param[];
  readonly buffers: Buffer[];
  forward(x: FloatArray, n: number, training: boolean): FloatArray;
  /**
   * Accumulates parameter gradients and returns the gradient with respect to the input.
   * With needInputGrad false a layer may skip computing it (the first layer in training) and return an empty array.
   * `into`: the previous layer's dyBuffer(), where the input gradient may be written instead of a buffer of this
   * layer's (a layer may ignore it).
   */
  backward(dy: FloatArray, needInputGrad: boolean, into?: FloatArray): FloatArray;
  /**
   * Where the next layer's backward may write this layer's dy (its input gradient) after a training forward, saving
   * this layer a copy and the next one a buffer; absent or null when it does not matter.
   */
  dyBuffer?(): FloatArray | null;
  /** Bytes of the working buffers the layer holds now (outputs, gradients, saved tensors), for memory accounting. */
  workingBytes(): number;
}

const size3 = (s: Shape3): number => s[0] * s[1] * s[2];

/**
 * Reusable per-batch buffer: it grows to the largest batch asked for and gives a view of its start for smaller ones.
 * (Reallocating at every change of batch size — a training shard, an evaluation batch, a last partial batch — left
 * the previous buffers to the garbage collector: with EEGNet at 64 × 641 hundreds of MB per training epoch, which
 * is what made the trainer's peak grow with the number of batches; issue 20.) Each sample's values sit at the same
 * offsets whatever the batch size, and every layer writes all of its output, so a view is as good as a new array.
 */
class Scratch {
  private buf: FloatArray;
  constructor(private readonly ctor: FloatArrayCtor) {
    this.buf = new ctor(0);
  }
  get(len: number): FloatArray {
    if (this.buf.length < len) this.buf = new this.ctor(len);
    return len === this.buf.length ? this.buf : this.buf.subarray(0, len);
  }
  get bytes(): number {
    return this.buf.byteLength;
  }
}

const bytesOf = (...scratches: Scratch[]): number => scratches.reduce((s, b) => s + b.bytes, 0);

function newParam(ctor: FloatArrayCtor, name: string, shape: number[]): Param {
  const len = shape.reduce((a, b) => a * b, 1);
  return { name, shape, data: new ctor(len), grad: new ctor(len) };
}

/**
 * db[oc] += Σ dy over each (sample, output map) plane, one plane after another: each plane's sum is a sequential
 * chain of double additions (latency-bound), so four planes are summed side by side — the same sums, four chains
 * in flight.
 */
function biasGrad(db: FloatArray, dy: FloatArray, n: number, outC: number, plane: number): void {
  const rows = n * outC;
  let r = 0;
  for (; r + 4 <= rows; r += 4) {
    const b0 = r * plane;
    const b1 = b0 + plane;
    const b2 = b1 + plane;
    const b3 = b2 + plane;
    let s0 = 0,
      s1 = 0,
      s2 = 0,
      s3 = 0;
    for (let i = 0; i < plane; i++) {
      s0 += dy[b0 + i];
      s1 += dy[b1 + i];
      s2 += dy[b2 + i];
      s3 += dy[b3 + i];
    }
    db[r % outC] += s0;
    db[(r + 1) % outC] += s1;
    db[(r + 2) % outC] += s2;
    db[(r + 3) % outC] += s3;
  }
  for (; r < rows; r++) {
    const base = r * plane;
    let s = 0;
    for (let i = 0; i < plane; i++) s += dy[base + i];
    db[r % outC] += s;
  }
}

export interface Conv2dOptions {
  inChannels: number;
  outChannels: number;
  kernel: [number, number];
  stride?: [number, number];
  padding?: [number, number];
  groups?: number;
  bias?: boolean;
}

/** 2-D convolution (cross-correlation, as torch.nn.Conv2d) with stride, zero padding and groups. */
export class Conv2d implements Layer {
  readonly kind = 'Conv2d';
  readonly outShape: Shape3;
  readonly params: Param[] = [];
  readonly buffers: Buffer[] = [];
  readonly weight: Param;
  readonly bias: Param | null;
  readonly kh: number;
  readonly kw: number;
  readonly sh: number;
  readonly sw: number;
  readonly ph: number;
  readonly pw: number;
  readonly groups: number;
  private x: FloatArray | null = null;
  private n = 0;
  private readonly yBuf: Scratch;
  private readonly dxBuf: Scratch;
  /** one zero-padded input row (pw zeros each side) and one dy row padded by kw-1 zeros, for the stride-1 path */
  private readonly xPad: FloatArray;
  private readonly dyPad: FloatArray;
  private readonly wFlip: FloatArray;
  /** the SIMD matrix-product path (float32, stride 1, no height padding, ≥ 2 output maps per group) */
  private readonly gemm: GemmConv | null;

  constructor(
    readonly inShape: Shape3,
    o: Conv2dOptions,
    ctor: FloatArrayCtor,
    rng: Rng,
  ) {
    [this.kh, this.kw] = o.kernel;
    [this.sh, this.sw] = o.stride ?? [1, 1];
    [this.ph, this.pw] = o.padding ?? [0, 0];
    this.groups = o.groups ?? 1;
    if (inShape[0] !== o.inChannels) throw new Error(`Conv2d: input has ${inShape[0]} channels, expected ${o.inChannels}`);
    if (o.inChannels % this.groups || o.outChannels % this.groups) throw new Error('Conv2d: channels must divide by groups');
    const outH = Math.floor((inShape[1] + 2 * this.ph - this.kh) / this.sh) + 1;
    const outW = Math.floor((inShape[2] + 2 * this.pw - this.kw) / this.sw) + 1;
    if (outH < 1 || outW < 1) throw new Error(`Conv2d: kernel ${this.kh}×${this.kw} larger than padded input ${inShape[1]}×${inShape[2]}`);
    this.outShape = [o.outChannels, outH, outW];
    const icg = o.inChannels / this.groups;
    this.weight = newParam(ctor, 'weight', [o.outChannels, icg, this.kh, this.kw]);
    this.params.push(this.weight);
    // PyTorch default: kaiming_uniform_(a=√5) → U(±1/√fan_in); bias U(±1/√fan_in).
    const bound = 1 / Math.sqrt(icg * this.kh * this.kw);
    for (let i = 0; i < this.weight.data.length; i++) this.weight.data[i] = rng.uniform(-bound, bound);
    if (o.bias) {
      this.bias = newParam(ctor, 'bias', [o.outChannels]);
      for (let i = 0; i < o.outChannels; i++) this.bias.data[i] = rng.uniform(-bound, bound);
      this.params.push(this.bias);
    } else this.bias = null;
    this.yBuf = new Scratch(ctor);
    this.dxBuf = new Scratch(ctor);
    this.xPad = new ctor(this.pw > 0 ? inShape[2] + 2 * this.pw : 0);
    this.dyPad = new ctor(outW + 2 * (this.kw - 1));
    this.wFlip = new ctor(this.weight.data.length);
    const useGemm = ctor === Float32Array && this.sh === 1 && this.sw === 1 && this.ph === 0 && o.outChannels / this.groups >= 2 && gemmAvailable();
    this.gemm = useGemm ? new GemmConv({ inShape, outShape: this.outShape, kh: this.kh, kw: this.kw, pw: this.pw, groups: this.groups }) : null;
  }

  workingBytes(): number {
    return bytesOf(this.yBuf, this.dxBuf) + this.xPad.byteLength + this.dyPad.byteLength + this.wFlip.byteLength;
  }

  /** The input row at xRow, zero-padded when pw > 0: [array, offset of padded column 0]. */
  private paddedRow(x: FloatArray, xRow: number): [FloatArray, number] {
    if (this.pw === 0) return [x, xRow];
    const inW = this.inShape[2];
    this.xPad.set(x.subarray(xRow, xRow + inW), this.pw);
    return [this.xPad, 0];
  }

  /** Output columns ow whose input column ow*sw + kj - pw lies inside the input. */
  private owRange(kj: number): [number, number] {
    const inW = this.inShape[2];
    const outW = this.outShape[2];
    const lo = Math.max(0, Math.ceil((this.pw - kj) / this.sw));
    const hi = Math.min(outW, Math.floor((inW - 1 - kj + this.pw) / this.sw) + 1);
    return [lo, hi];
  }

  forward(x: FloatArray, n: number, _training: boolean): FloatArray {
    this.x = x;
    this.n = n;
    const [inC, inH, inW] = this.inShape;
    const [outC, outH, outW] = this.outShape;
    const { kh, kw, sh, sw, ph, pw, groups } = this;
    const icg = inC / groups;
    const ocg = outC / groups;
    const w = this.weight.data;
    const y = this.yBuf.get(n * outC * outH * outW);
    const outPlane = outH * outW;
    const inPlane = inH * inW;
    if (this.gemm && x instanceof Float32Array && y instanceof Float32Array && w instanceof Float32Array) {
      this.gemm.forward(x, n, w, this.bias ? (this.bias.data as Float32Array) : null, y);
      return y;
    }
    if (sw === 1) {
      // Stride 1 along time (every model's convolutions): one register-tiled row correlation per kernel row.
      for (let b = 0; b < n; b++) {
        for (let oc = 0; oc < outC; oc++) {
          const g = Math.floor(oc / ocg);
          const yBase = (b * outC + oc) * outPlane;
          y.fill(this.bias ? this.bias.data[oc] : 0, yBase, yBase + outPlane);
          for (let icl = 0; icl < icg; icl++) {
            const xBase = (b * inC + g * icg + icl) * inPlane;
            const wBase = (oc * icg + icl) * kh * kw;
            for (let ki = 0; ki < kh; ki++) {
              for (let oh = 0; oh < outH; oh++) {
                const ih = oh * sh + ki - ph;
                if (ih < 0 || ih >= inH) continue;
                const [src, so] = this.paddedRow(x, xBase + ih * inW);
                corr(y, yBase + oh * outW, outW, src, so, w, wBase + ki * kw, kw);
              }
            }
          }
        }
      }
      return y;
    }
    for (let b = 0; b < n; b++) {
      for (let oc = 0; oc < outC; oc++) {
        const g = Math.floor(oc / ocg);
        const yBase = (b * outC + oc) * outPlane;
        y.fill(this.bias ? this.bias.data[oc] : 0, yBase, yBase + outPlane);
        for (let icl = 0; icl < icg; icl++) {
          const xBase = (b * inC + g * icg + icl) * inPlane;
          const wBase = (oc * icg + icl) * kh * kw;
          for (let ki = 0; ki < kh; ki++) {
            for (let oh = 0; oh < outH; oh++) {
              const ih = oh * sh + ki - ph;
              if (ih < 0 || ih >= inH) continue;
              const yRow = yBase + oh * outW;
              const xRow = xBase + ih * inW;
              for (let kj = 0; kj < kw; kj++) {
                const wv = w[wBase + ki * kw + kj];
                const [lo, hi] = this.owRange(kj);
                const off = xRow + kj - pw;
                for (let ow = lo; ow < hi; ow++) y[yRow + ow] += wv * x[off + ow * sw];
              }
            }
          }
        }
      }
    }
    return y;
  }

  /**
   * The walk both backward paths share, in one order: batch, output channel, input channel of its group, kernel row,
   * output row (rows that fall in the padding skipped). `row` gets the dy row, the input row it reads and the first
   * weight of that kernel row.
   */
  private eachRow(n: number, row: (yRow: number, xRow: number, wRow: number) => void): void {
    const [inC, inH, inW] = this.inShape;
    const [outC, outH, outW] = this.outShape;
    const { kh, kw, sh, ph, groups } = this;
    const icg = inC / groups;
    const ocg = outC / groups;
    const outPlane = outH * outW;
    const inPlane = inH * inW;
    for (let b = 0; b < n; b++) {
      for (let oc = 0; oc < outC; oc++) {
        const g = Math.floor(oc / ocg);
        const yBase = (b * outC + oc) * outPlane;
        for (let icl = 0; icl < icg; icl++) {
          const xBase = (b * inC + g * icg + icl) * inPlane;
          const wBase = (oc * icg + icl) * kh * kw;
          for (let ki = 0; ki < kh; ki++) {
            for (let oh = 0; oh < outH; oh++) {
              const ih = oh * sh + ki - ph;
              if (ih < 0 || ih >= inH) continue;
              row(yBase + oh * outW, xBase + ih * inW, wBase + ki * kw);
            }
          }
        }
      }
    }
  }

  backward(dy: FloatArray, needInputGrad: boolean, into?: FloatArray): FloatArray {
    const x = this.x;
    if (!x) throw new Error('Conv2d.backward before forward');
    const n = this.n;
    const [inC, inH, inW] = this.inShape;
    const [outC, outH, outW] = this.outShape;
    const { kw, sw, pw } = this;
    const w = this.weight.data;
    const dw = this.weight.grad;
    const dxLen = n * inC * inH * inW;
    // The previous layer's buffer when it offers one of the right kind (a BatchNorm's SIMD memory), else this layer's.
    const dx = !needInputGrad ? this.dxBuf.get(0) : into && into.length === dxLen && into.constructor === x.constructor ? into : this.dxBuf.get(dxLen);
    if (needInputGrad) dx.fill(0);
    const outPlane = outH * outW;
    if (this.bias) biasGrad(this.bias.grad, dy, n, outC, outPlane);
    if (this.gemm && x instanceof Float32Array && dy instanceof Float32Array && w instanceof Float32Array && dw instanceof Float32Array) {
      this.gemm.backward(x, dy, n, w, dw, needInputGrad ? (dx as Float32Array) : null);
      return dx;
    }
    if (sw === 1) {
      // dW: row correlation of dy with the (padded) input row; dX: full correlation of dy with the flipped kernel.
      const wf = this.wFlip;
      for (let r = 0; r < w.length; r += kw) for (let k = 0; k < kw; k++) wf[r + k] = w[r + kw - 1 - k];
      const dyp = this.dyPad;
      this.eachRow(n, (yRow, xRow, wRow) => {
        const [src, so] = this.paddedRow(x, xRow);
        corrGrad(dw, wRow, kw, dy, yRow, outW, src, so);
        if (needInputGrad) {
          if (kw === 1 && pw === 0) corr(dx, xRow, inW, dy, yRow, wf, wRow, 1);
          else {
            dyp.set(dy.subarray(yRow, yRow + outW), kw - 1);
            corr(dx, xRow, inW, dyp, pw, wf, wRow, kw);
          }
        }
      });
      return dx;
    }
    this.eachRow(n, (yRow, xRow, wRow) => {
      for (let kj = 0; kj < kw; kj++) {
        const wi = wRow + kj;
        const [lo, hi] = this.owRange(kj);
        const off = xRow + kj - pw;
        let s = 0;
        for (let ow = lo; ow < hi; ow++) s += dy[yRow + ow] * x[off + ow * sw];
        if (needInputGrad) {
          const wv = w[wi];
          for (let ow = lo; ow < hi; ow++) dx[off + ow * sw] += wv * dy[yRow + ow];
        }
        dw[wi] += s;
      }
    });
    return dx;
  }
}

/** Σ x[from..to) in doubles, four interleaved partial sums (the reductions are latency-bound otherwise). */
function sumRange(x: FloatArray, from: number, to: number): number {
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0;
  let i = from;
  for (; i + 4 <= to; i += 4) {
    s0 += x[i];
    s1 += x[i + 1];
    s2 += x[i + 2];
    s3 += x[i + 3];
  }
  for (; i < to; i++) s0 += x[i];
  return s0 + s1 + s2 + s3;
}

/** Σ (x[i] − mean)² over [from, to), as sumRange. */
function sqDevRange(x: FloatArray, from: number, to: number, mean: number): number {
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0;
  let i = from;
  for (; i + 4 <= to; i += 4) {
    const d0 = x[i] - mean;
    const d1 = x[i + 1] - mean;
    const d2 = x[i + 2] - mean;
    const d3 = x[i + 3] - mean;
    s0 += d0 * d0;
    s1 += d1 * d1;
    s2 += d2 * d2;
    s3 += d3 * d3;
  }
  for (; i < to; i++) {
    const d = x[i] - mean;
    s0 += d * d;
  }
  return s0 + s1 + s2 + s3;
}

/** [Σ dy, Σ dy·x̂] over [from, to) into out[0], out[1] (added), as sumRange. */
function dotRange(dy: FloatArray, xhat: FloatArray, from: number, to: number, out: Float64Array): void {
  let a0 = 0,
    a1 = 0,
    b0 = 0,
    b1 = 0;
  let i = from;
  for (; i + 2 <= to; i += 2) {
    const d0 = dy[i];
    const d1 = dy[i + 1];
    a0 += d0;
    a1 += d1;
    b0 += d0 * xhat[i];
    b1 += d1 * xhat[i + 1];
  }
  for (; i < to; i++) {
    a0 += dy[i];
    b0 += dy[i] * xhat[i];
  }
  out[0] += a0 + a1;
  out[1] += b0 + b1;
}

export interface BatchNormOptions {
  eps?: number;
  momentum?: number;
  /** false: the JS loops even where the SIMD passes could run (they give the same bits; tests compare the two) */
  simd?: boolean;
}

/**
 * BatchNorm2d with PyTorch semantics: training normalises with the biased batch variance and updates
 * running_var with the unbiased one, running = (1 - momentum)·running + momentum·batch; eval uses running stats.
 */
export class BatchNorm2d implements Layer {
  readonly kind = 'BatchNorm2d';
  readonly outShape: Shape3;
  readonly params: Param[];
  readonly buffers: Buffer[];
  readonly weight: Param;
  readonly bias: Param;
  readonly runningMean: Buffer;
  readonly runningVar: Buffer;
  readonly numBatchesTracked: Buffer;
  readonly eps: number;
  readonly momentum: number;
  /**
   * Data-parallel training: when set, the batch statistics (and the gradient sums of backward) are summed over all
   * shards of the batch, so every shard normalises with the whole batch's mean and variance, as PyTorch does.
   */
  sync: BatchSync | null = null;
  /**
   * Set by the Model where it is safe (issue 20): the input is the previous Conv2d's output, which nothing reads once
   * this layer has normalised it (a convolution's backward needs its input, not its output), and dy is the next
   * layer's input-gradient buffer, which nothing reads once this layer has used it. Training then writes the output
   * over the input and the input gradient over dy, and the layer holds no output or input-gradient buffer of its own:
   * at 64 × 641, EEGNet's first BatchNorm would otherwise add two 1.15 MB per-sample tensors to the two it keeps.
   */
  inPlace = false;
  /** x̂ of the last training forward (JS loops); with the SIMD passes it stays in the module memory instead */
  private xhat: FloatArray | null = null;
  private count = 0;
  private red: Float64Array;
  private xEval: FloatArray | null = null;
  private invStd: Float64Array;
  private readonly acc = new Float64Array(2);
  private n = 0;
  private training = false;
  private readonly yBuf: Scratch;
  private readonly xhatBuf: Scratch;
  private readonly dxBuf: Scratch;
  /** float32 training passes in WebAssembly SIMD (planes of a multiple of 4 floats) */
  private readonly simdOk: boolean;
  /** this layer's SIMD passes and their memory (made on first use) */
  private simd: BatchNormSimd | null = null;
  /** whether the last training forward ran the SIMD passes (its x̂ is then in their memory) */
  private simdForward = false;

  constructor(
    readonly inShape: Shape3,
    ctor: FloatArrayCtor,
    o: BatchNormOptions = {},
  ) {
    this.outShape = [...inShape];
    const c = inShape[0];
    this.eps = o.eps ?? 1e-5;
    this.momentum = o.momentum ?? 0.1;
    this.weight = newParam(ctor, 'weight', [c]);
    this.weight.data.fill(1);
    this.bias = newParam(ctor, 'bias', [c]);
    this.params = [this.weight, this.bias];
    this.runningMean = { name: 'running_mean', shape: [c], data: new ctor(c) };
    this.runningVar = { name: 'running_var', shape: [c], data: new ctor(c).fill(1) };
    this.numBatchesTracked = { name: 'num_batches_tracked', shape: [], data: new ctor(1) };
    this.buffers = [this.runningMean, this.runningVar, this.numBatchesTracked];
    this.invStd = new Float64Array(c);
    this.red = new Float64Array(2 * c + 1);
    this.yBuf = new Scratch(ctor);
    this.xhatBuf = new Scratch(ctor);
    this.dxBuf = new Scratch(ctor);
    this.simdOk = o.simd !== false && ctor === Float32Array && (inShape[1] * inShape[2]) % 4 === 0 && batchNormSimdAvailable();
  }

  /** The SIMD passes laid out for a batch of n float32 samples, or null (JS loops). */
  private simdFor(n: number, x: FloatArray): BatchNormSimd | null {
    if (!this.simdOk || !(x instanceof Float32Array)) return null;
    this.simd ??= new BatchNormSimd(this.inShape[0], this.inShape[1] * this.inShape[2]);
    return this.simd.batch(n);
  }

  workingBytes(): number {
    return bytesOf(this.yBuf, this.xhatBuf, this.dxBuf) + (this.simd?.bytes ?? 0);
  }

  /**
   * After a training forward with the SIMD passes: region 0 of their memory, where backward stages dy anyway. A
   * Conv2d after this layer then writes its input gradient there, and neither a JS buffer for it nor the copy is
   * needed (the staged input the region held is no longer needed: the output was copied out).
   */
  dyBuffer(): FloatArray | null {
    return this.training && this.simdForward ? this.simd!.batch(this.n).view(0) : null;
  }

  forward(x: FloatArray, n: number, training: boolean): FloatArray {
    const [c, h, w] = this.inShape;
    const plane = h * w;
    const len = n * c * plane;
    this.n = n;
    this.training = training;
    const gamma = this.weight.data;
    const beta = this.bias.data;
    const simd = this.simdFor(n, x);
    if (!training) {
      // Evaluation keeps no x̂: the output goes where x̂ is kept in training (a view of the SIMD memory, valid until a
      // larger batch; or the JS x̂ buffer), so evaluating allocates nothing that training did not.
      const y = simd ? simd.view(1) : this.xhatBuf.get(len);
      for (let ch = 0; ch < c; ch++) {
        const inv = 1 / Math.sqrt(this.runningVar.data[ch] + this.eps);
        const scale = gamma[ch] * inv;
        const shift = beta[ch] - this.runningMean.data[ch] * scale;
        for (let b = 0; b < n; b++) {
          const base = (b * c + ch) * plane;
          for (let i = 0; i < plane; i++) y[base + i] = x[base + i] * scale + shift;
        }
      }
      this.xhat = null;
      this.xEval = x;
      return y;
    }
    const y = this.inPlace ? x : this.yBuf.get(len);
    const xhat = simd ? null : this.xhatBuf.get(len);
    // Per-channel sums, summed over the shards of the batch when synchronised: [Σx per channel, count].
    const red = this.red;
    simd?.put(0, x as Float32Array);
    for (let ch = 0; ch < c; ch++) {
      let s = 0;
      if (simd) s = simd.sum(0, ch);
      else
        for (let b = 0; b < n; b++) {
          const base = (b * c + ch) * plane;
          s += sumRange(x, base, base + plane);
        }
      red[ch] = s;
    }
    red[c] = n * plane;
    this.sync?.allReduce(red.subarray(0, c + 1));
    const count = red[c];
    this.count = count;
    // the means move to the tail of the scratch, the head then collects the squared deviations
    const means = red.subarray(c + 1, 2 * c + 1);
    means.set(red.subarray(0, c));
    for (let ch = 0; ch < c; ch++) {
      const mean = means[ch] / count;
      let ss = 0;
      if (simd) ss = simd.sqdev(0, ch, mean);
      else
        for (let b = 0; b < n; b++) {
          const base = (b * c + ch) * plane;
          ss += sqDevRange(x, base, base + plane, mean);
        }
      red[ch] = ss;
    }
    this.sync?.allReduce(red.subarray(0, c));
    for (let ch = 0; ch < c; ch++) {
      const mean = means[ch] / count;
      const ss = red[ch];
      const varBiased = ss / count;
      const inv = 1 / Math.sqrt(varBiased + this.eps);
      this.invStd[ch] = inv;
      const g = gamma[ch];
      const bt = beta[ch];
      if (simd) simd.norm(0, 1, 0, ch, mean, inv, g, bt);
      else
        for (let b = 0; b < n; b++) {
          const base = (b * c + ch) * plane;
          for (let i = 0; i < plane; i++) {
            const xh = (x[base + i] - mean) * inv;
            xhat![base + i] = xh;
            y[base + i] = xh * g + bt;
          }
        }
      const m = this.momentum;
      const varUnbiased = count > 1 ? ss / (count - 1) : varBiased;
      this.runningMean.data[ch] = (1 - m) * this.runningMean.data[ch] + m * mean;
      this.runningVar.data[ch] = (1 - m) * this.runningVar.data[ch] + m * varUnbiased;
    }
    simd?.take(0, y);
    this.numBatchesTracked.data[0] += 1;
    this.xhat = xhat;
    this.simdForward = simd !== null;
    return y;
  }

  backward(dy: FloatArray, needInputGrad: boolean): FloatArray {
    const [c, h, w] = this.inShape;
    const plane = h * w;
    const n = this.n;
    const gamma = this.weight.data;
    const dGamma = this.weight.grad;
    const dBeta = this.bias.grad;
    const dx = !needInputGrad ? this.dxBuf.get(0) : this.inPlace ? dy : this.dxBuf.get(n * c * plane);
    if (!this.training) {
      // Eval mode is a per-channel affine map (used for saliency on a trained model).
      const x = this.xEval!;
      for (let ch = 0; ch < c; ch++) {
        const inv = 1 / Math.sqrt(this.runningVar.data[ch] + this.eps);
        const scale = gamma[ch] * inv;
        const mean = this.runningMean.data[ch];
        let sDy = 0;
        let sDyX = 0;
        for (let b = 0; b < n; b++) {
          const base = (b * c + ch) * plane;
          for (let i = 0; i < plane; i++) {
            sDy += dy[base + i];
            sDyX += dy[base + i] * (x[base + i] - mean) * inv;
          }
        }
        dGamma[ch] += sDyX;
        dBeta[ch] += sDy;
        if (needInputGrad) {
          for (let b = 0; b < n; b++) {
            const base = (b * c + ch) * plane;
            for (let i = 0; i < plane; i++) dx[base + i] = dy[base + i] * scale;
          }
        }
      }
      return dx;
    }
    const count = this.count;
    // [Σdy, Σdy·x̂] per channel: this shard's sums go into the parameter gradients (the shards' gradients are
    // summed afterwards); the input gradient needs the whole batch's sums.
    const red = this.red;
    const acc = this.acc;
    // x̂ is where the forward pass left it: in the SIMD memory's region 1, or the JS buffer. dy goes to region 0 (the
    // output staged there is no longer needed) and dx is computed over it.
    const simd = this.simdForward ? this.simd!.batch(n) : null;
    const xhat = this.xhat!;
    // dy already there when the next layer wrote it into dyBuffer()
    if (simd && !simd.isRegion(0, dy)) simd.put(0, dy);
    for (let ch = 0; ch < c; ch++) {
      acc[0] = 0;
      acc[1] = 0;
      if (simd) simd.dot(0, 1, ch, acc);
      else
        for (let b = 0; b < n; b++) {
          const base = (b * c + ch) * plane;
          dotRange(dy, xhat, base, base + plane, acc);
        }
      const sDy = acc[0];
      const sDyX = acc[1];
      dGamma[ch] += sDyX;
      dBeta[ch] += sDy;
      red[ch] = sDy;
      red[c + ch] = sDyX;
    }
    if (!needInputGrad) return dx;
    this.sync?.allReduce(red.subarray(0, 2 * c));
    for (let ch = 0; ch < c; ch++) {
      const sDy = red[ch];
      const sDyX = red[c + ch];
      const k = (gamma[ch] * this.invStd[ch]) / count;
      if (simd) simd.dx(0, 1, 0, ch, count, sDy, sDyX, k);
      else
        for (let b = 0; b < n; b++) {
          const base = (b * c + ch) * plane;
          for (let i = 0; i < plane; i++) {
            dx[base + i] = k * (count * dy[base + i] - sDy - xhat[base + i] * sDyX);
          }
        }
    }
    if (simd && !simd.isRegion(0, dx)) simd.take(0, dx);
    return dx;
  }
}

/** Elementwise layers share their shape handling. */
abstract class Elementwise implements Layer {
  abstract readonly kind: string;
  readonly outShape: Shape3;
  readonly params: Param[] = [];
  readonly buffers: Buffer[] = [];
  protected x: FloatArray | null = null;
  protected y: FloatArray | null = null;
  protected readonly yBuf: Scratch;
  protected readonly dxBuf: Scratch;
  constructor(
    readonly inShape: Shape3,
    ctor: FloatArrayCtor,
  ) {
    this.outShape = [...inShape];
    this.yBuf = new Scratch(ctor);
    this.dxBuf = new Scratch(ctor);
  }
  abstract forward(x: FloatArray, n: number, training: boolean): FloatArray;
  abstract backward(dy: FloatArray, needInputGrad: boolean): FloatArray;
  workingBytes(): number {
    return bytesOf(this.yBuf, this.dxBuf);
  }
}

/** ELU with alpha = 1 (torch.nn.ELU default). */
export class Elu extends Elementwise {
  readonly kind = 'ELU';
  forward(x: FloatArray, n: number): FloatArray {
    const len = n * size3(this.inShape);
    const y = this.yBuf.get(len);
    for (let i = 0; i < len; i++) {
      const v = x[i];
      y[i] = v > 0 ? v : Math.expm1(v);
    }
    this.y = y;
    return y;
  }
  backward(dy: FloatArray, needInputGrad: boolean): FloatArray {
    if (!needInputGrad) return this.dxBuf.get(0);
    const y = this.y!;
    const dx = this.dxBuf.get(y.length);
    // dy · (y > 0 ? 1 : y + 1) without a branch on the sign (mispredicted half the time): y + 1 > 1 exactly when y > 0.
    for (let i = 0; i < y.length; i++) dx[i] = dy[i] * Math.min(1, y[i] + 1);
    return dx;
  }
}

/** x² (ShallowConvNet's and SCCNet's power nonlinearity). */
export class Square extends Elementwise {
  readonly kind = 'Square';
  /** float32 in WebAssembly SIMD (the same roundings) */
  private readonly simd: boolean;
  constructor(inShape: Shape3, ctor: FloatArrayCtor) {
    super(inShape, ctor);
    this.simd = ctor === Float32Array && elementwiseSimdAvailable();
  }
  forward(x: FloatArray, n: number): FloatArray {
    const len = n * size3(this.inShape);
    const y = this.yBuf.get(len);
    let i = 0;
    if (this.simd && x instanceof Float32Array && y instanceof Float32Array) i = binaryF32('square', x, null, y, len);
    for (; i < len; i++) y[i] = x[i] * x[i];
    this.x = x;
    return y;
  }
  backward(dy: FloatArray, needInputGrad: boolean): FloatArray {
    if (!needInputGrad) return this.dxBuf.get(0);
    const x = this.x!;
    const dx = this.dxBuf.get(x.length);
    let i = 0;
    if (this.simd && x instanceof Float32Array && dy instanceof Float32Array && dx instanceof Float32Array) i = binaryF32('squareGrad', x, dy, dx, x.length);
    for (; i < x.length; i++) dx[i] = 2 * x[i] * dy[i];
    return dx;
  }
}

/** log(clamp(x, min)); the gradient is zero where the clamp is active (as torch.clamp). */
export class SafeLog extends Elementwise {
  readonly kind = 'SafeLog';
  constructor(
    inShape: Shape3,
    ctor: FloatArrayCtor,
    readonly min = 1e-7,
  ) {
    super(inShape, ctor);
  }
  forward(x: FloatArray, n: number): FloatArray {
    const len = n * size3(this.inShape);
    const y = this.yBuf.get(len);
    const m = this.min;
    for (let i = 0; i < len; i++) y[i] = Math.log(x[i] < m ? m : x[i]);
    this.x = x;
    return y;
  }
  backward(dy: FloatArray, needInputGrad: boolean): FloatArray {
    if (!needInputGrad) return this.dxBuf.get(0);
    const x = this.x!;
    const dx = this.dxBuf.get(x.length);
    const m = this.min;
    for (let i = 0; i < x.length; i++) dx[i] = x[i] >= m ? dy[i] / x[i] : 0;
    return dx;
  }
}

/** Inverted dropout, as torch.nn.Dropout: zero with probability p, scale survivors by 1/(1-p); identity in eval. */
export class Dropout extends Elementwise {
  readonly kind = 'Dropout';
  private mask: FloatArray | null = null;
  private readonly maskBuf: Scratch;
  /** float32 masks and products by the SIMD kernels (the same draws) */
  private readonly simd: boolean;
  constructor(
    inShape: Shape3,
    ctor: FloatArrayCtor,
    readonly p: number,
    private readonly rng: Rng,
  ) {
    super(inShape, ctor);
    if (!(p >= 0 && p < 1)) throw new Error(`Dropout: p must be in [0, 1), got ${p}`);
    this.maskBuf = new Scratch(ctor);
    this.simd = ctor === Float32Array && elementwiseSimdAvailable();
  }
  override workingBytes(): number {
    return super.workingBytes() + this.maskBuf.bytes;
  }
  forward(x: FloatArray, n: number, training: boolean): FloatArray {
    if (!training || this.p === 0) {
      this.mask = null;
      return x;
    }
    const len = n * size3(this.inShape);
    const y = this.yBuf.get(len);
    const mask = this.maskBuf.get(len);
    const keep = 1 - this.p;
    const scale = 1 / keep;
    // u / 2³² < keep ⇔ u < ⌈keep·2³²⌉ for the generator's 32-bit integer u; the SIMD kernel compares integers
    const thr = Math.ceil(keep * 4294967296);
    let i = 0;
    if (this.simd && x instanceof Float32Array && y instanceof Float32Array && mask instanceof Float32Array && thr < 4294967296) {
      i = dropoutMask(x, y, mask, len, this.rng.skip(len - (len % 4)), thr, scale);
    }
    this.rng.fillBernoulli(mask.subarray(i), len - i, keep, scale);
    for (; i < len; i++) y[i] = x[i] * mask[i];
    this.mask = mask;
    return y;
  }
  backward(dy: FloatArray, needInputGrad: boolean): FloatArray {
    if (!needInputGrad) return this.dxBuf.get(0);
    const mask = this.mask;
    if (!mask) return dy;
    const dx = this.dxBuf.get(mask.length);
    let i = 0;
    if (this.simd && dy instanceof Float32Array && mask instanceof Float32Array && dx instanceof Float32Array) i = binaryF32('mul', dy, mask, dx, mask.length);
    for (; i < mask.length; i++) dx[i] = dy[i] * mask[i];
    return dx;
  }
}

/** Average pooling without padding, floor mode (torch.nn.AvgPool2d defaults). */
export class AvgPool2d implements Layer {
  readonly kind = 'AvgPool2d';
  readonly outShape: Shape3;
  readonly params: Param[] = [];
  readonly buffers: Buffer[] = [];
  /** window width from which rows are pooled through running sums */
  static readonly RUNNING_SUM_MIN = 16;
  private n = 0;
  private readonly yBuf: Scratch;
  private readonly dxBuf: Scratch;
  private cum = new Float64Array(0);
  workingBytes(): number {
    return bytesOf(this.yBuf, this.dxBuf) + this.cum.byteLength;
  }
  /** running sums (or their differences) of four rows, inW + 1 doubles each */
  private cumBuf(inW: number): Float64Array {
    if (this.cum.length !== 4 * (inW + 1)) this.cum = new Float64Array(4 * (inW + 1));
    return this.cum;
  }
  constructor(
    readonly inShape: Shape3,
    readonly kernel: [number, number],
    readonly stride: [number, number],
    ctor: FloatArrayCtor,
  ) {
    const outH = Math.floor((inShape[1] - kernel[0]) / stride[0]) + 1;
    const outW = Math.floor((inShape[2] - kernel[1]) / stride[1]) + 1;
    if (outH < 1 || outW < 1) throw new Error(`AvgPool2d: kernel ${kernel.join('×')} larger than input ${inShape[1]}×${inShape[2]}`);
    this.outShape = [inShape[0], outH, outW];
    this.yBuf = new Scratch(ctor);
    this.dxBuf = new Scratch(ctor);
  }
  forward(x: FloatArray, n: number): FloatArray {
    this.n = n;
    const [c, inH, inW] = this.inShape;
    const [, outH, outW] = this.outShape;
    const [kh, kw] = this.kernel;
    const [sh, sw] = this.stride;
    const y = this.yBuf.get(n * c * outH * outW);
    const inv = 1 / (kh * kw);
    if (kh === 1 && kw >= AvgPool2d.RUNNING_SUM_MIN) {
      // Long windows (ShallowConvNet's 75, SCCNet's ⌊sfreq/2⌋): each window sum as a difference of running sums in
      // doubles instead of kw additions per output.
      // A row's running sum is a sequential chain of double additions: four rows side by side keep four in flight.
      const cum = this.cumBuf(inW);
      const W1 = inW + 1;
      const rows = n * c * inH;
      for (let j = 0; j < 4; j++) cum[j * W1] = 0;
      for (let r = 0; r < rows; r += 4) {
        const q = Math.min(4, rows - r);
        if (q === 4) {
          const x0 = r * inW;
          let a0 = 0,
            a1 = 0,
            a2 = 0,
            a3 = 0;
          for (let i = 0; i < inW; i++) {
            cum[i + 1] = a0 += x[x0 + i];
            cum[W1 + i + 1] = a1 += x[x0 + inW + i];
            cum[2 * W1 + i + 1] = a2 += x[x0 + 2 * inW + i];
            cum[3 * W1 + i + 1] = a3 += x[x0 + 3 * inW + i];
          }
        } else {
          for (let j = 0; j < q; j++) {
            const xBase = (r + j) * inW;
            let acc = 0;
            for (let i = 0; i < inW; i++) cum[j * W1 + i + 1] = acc += x[xBase + i];
          }
        }
        for (let j = 0; j < q; j++) {
          const cb = j * W1;
          const yBase = (r + j) * outW;
          for (let ow = 0; ow < outW; ow++) y[yBase + ow] = (cum[cb + ow * sw + kw] - cum[cb + ow * sw]) * inv;
        }
      }
      return y;
    }
    for (let bc = 0; bc < n * c; bc++) {
      const xBase = bc * inH * inW;
      const yBase = bc * outH * outW;
      for (let oh = 0; oh < outH; oh++) {
        for (let ow = 0; ow < outW; ow++) {
          let s = 0;
          for (let i = 0; i < kh; i++) {
            const row = xBase + (oh * sh + i) * inW + ow * sw;
            for (let j = 0; j < kw; j++) s += x[row + j];
          }
          y[yBase + oh * outW + ow] = s * inv;
        }
      }
    }
    return y;
  }
  backward(dy: FloatArray, needInputGrad: boolean): FloatArray {
    if (!needInputGrad) return this.dxBuf.get(0);
    const n = this.n;
    const [c, inH, inW] = this.inShape;
    const [, outH, outW] = this.outShape;
    const [kh, kw] = this.kernel;
    const [sh, sw] = this.stride;
    const dx = this.dxBuf.get(n * c * inH * inW);
    dx.fill(0);
    const inv = 1 / (kh * kw);
    if (kh === 1 && kw >= AvgPool2d.RUNNING_SUM_MIN) {
      // Each window adds g to kw inputs: mark +g at its start and −g past its end, then one running sum per row.
      // The running sums of four rows side by side, as in forward.
      const diff = this.cumBuf(inW);
      const W1 = inW + 1;
      const rows = n * c * inH;
      for (let r = 0; r < rows; r += 4) {
        const q = Math.min(4, rows - r);
        diff.fill(0);
        for (let j = 0; j < q; j++) {
          const db = j * W1;
          const yBase = (r + j) * outW;
          for (let ow = 0; ow < outW; ow++) {
            const g = dy[yBase + ow] * inv;
            diff[db + ow * sw] += g;
            diff[db + ow * sw + kw] -= g;
          }
        }
        if (q === 4) {
          const x0 = r * inW;
          let a0 = 0,
            a1 = 0,
            a2 = 0,
            a3 = 0;
          for (let i = 0; i < inW; i++) {
            dx[x0 + i] = a0 += diff[i];
            dx[x0 + inW + i] = a1 += diff[W1 + i];
            dx[x0 + 2 * inW + i] = a2 += diff[2 * W1 + i];
            dx[x0 + 3 * inW + i] = a3 += diff[3 * W1 + i];
          }
        } else {
          for (let j = 0; j < q; j++) {
            const xBase = (r + j) * inW;
            let acc = 0;
            for (let i = 0; i < inW; i++) dx[xBase + i] = acc += diff[j * W1 + i];
          }
        }
      }
      return dx;
    }
    for (let bc = 0; bc < n * c; bc++) {
      const xBase = bc * inH * inW;
      const yBase = bc * outH * outW;
      for (let oh = 0; oh < outH; oh++) {
        for (let ow = 0; ow < outW; ow++) {
          const g = dy[yBase + oh * outW + ow] * inv;
          for (let i = 0; i < kh; i++) {
            const row = xBase + (oh * sh + i) * inW + ow * sw;
            for (let j = 0; j < kw; j++) dx[row + j] += g;
          }
        }
      }
    }
    return dx;
  }
}

/** Fully connected layer y = x·Wᵀ + b over the flattened sample (Flatten is implicit in the C-order layout). */
export class Linear implements Layer {
  readonly kind = 'Linear';
  readonly outShape: Shape3;
  readonly params: Param[];
  readonly buffers: Buffer[] = [];
  readonly weight: Param;
  readonly bias: Param;
  readonly inFeatures: number;
  private x: FloatArray | null = null;
  private n = 0;
  private readonly yBuf: Scratch;
  private readonly dxBuf: Scratch;
  constructor(
    readonly inShape: Shape3,
    readonly outFeatures: number,
    ctor: FloatArrayCtor,
    rng: Rng,
  ) {
    this.inFeatures = size3(inShape);
    this.outShape = [outFeatures, 1, 1];
    this.weight = newParam(ctor, 'weight', [outFeatures, this.inFeatures]);
    this.bias = newParam(ctor, 'bias', [outFeatures]);
    const bound = 1 / Math.sqrt(this.inFeatures);
    for (let i = 0; i < this.weight.data.length; i++) this.weight.data[i] = rng.uniform(-bound, bound);
    for (let i = 0; i < outFeatures; i++) this.bias.data[i] = rng.uniform(-bound, bound);
    this.params = [this.weight, this.bias];
    this.yBuf = new Scratch(ctor);
    this.dxBuf = new Scratch(ctor);
  }
  workingBytes(): number {
    return bytesOf(this.yBuf, this.dxBuf);
  }
  forward(x: FloatArray, n: number): FloatArray {
    this.x = x;
    this.n = n;
    const I = this.inFeatures;
    const O = this.outFeatures;
    const w = this.weight.data;
    const y = this.yBuf.get(n * O);
    for (let b = 0; b < n; b++) {
      for (let o = 0; o < O; o++) {
        let s = this.bias.data[o];
        const wb = o * I;
        const xb = b * I;
        for (let i = 0; i < I; i++) s += w[wb + i] * x[xb + i];
        y[b * O + o] = s;
      }
    }
    return y;
  }
  backward(dy: FloatArray, needInputGrad: boolean): FloatArray {
    const x = this.x!;
    const n = this.n;
    const I = this.inFeatures;
    const O = this.outFeatures;
    const w = this.weight.data;
    const dw = this.weight.grad;
    const db = this.bias.grad;
    const dx = this.dxBuf.get(needInputGrad ? n * I : 0);
    if (needInputGrad) dx.fill(0);
    for (let b = 0; b < n; b++) {
      for (let o = 0; o < O; o++) {
        const g = dy[b * O + o];
        db[o] += g;
        const wb = o * I;
        const xb = b * I;
        for (let i = 0; i < I; i++) dw[wb + i] += g * x[xb + i];
        if (needInputGrad) for (let i = 0; i < I; i++) dx[xb + i] += g * w[wb + i];
      }
    }
    return dx;
  }
}

/**
 * Mean softmax cross-entropy over the batch (torch.nn.functional.cross_entropy, reduction 'mean').
 * Writes softmax probabilities into probs and d(loss)/d(logits) into dLogits when given.
 */
export function softmaxCrossEntropy(
  logits: ArrayLike<number>,
  labels: ArrayLike<number>,
  n: number,
  k: number,
  probs: FloatArray,
  dLogits: FloatArray | null,
  scale = 1 / n,
): { loss: number; correct: number } {
  let loss = 0;
  let correct = 0;
  for (let b = 0; b < n; b++) {
    let mx = -Infinity;
    let arg = 0;
    for (let j = 0; j < k; j++) {
      const v = logits[b * k + j];
      if (v > mx) {
        mx = v;
        arg = j;
      }
    }
    let z = 0;
    for (let j = 0; j < k; j++) z += Math.exp(logits[b * k + j] - mx);
    const lz = Math.log(z);
    const y = labels[b];
    loss -= logits[b * k + y] - mx - lz;
    if (arg === y) correct++;
    for (let j = 0; j < k; j++) {
      const p = Math.exp(logits[b * k + j] - mx - lz);
      probs[b * k + j] = p;
      if (dLogits) dLogits[b * k + j] = (p - (j === y ? 1 : 0)) * scale;
    }
  }
  return { loss: loss / n, correct };
}
