/**
 * Saliency (XBRAINLAB.md §1.8, captum semantics): attributions of the target logit to the input, target = true
 * label. gradient = captum Saliency(abs=False); gradient_x_input; smoothgrad / smoothgrad_sq / vargrad = NoiseTunnel
 * over Saliency with Gaussian noise of absolute standard deviation `stdev` (captum's `stdevs`, default 1.0) and
 * `nSamples` draws (default 5): mean, mean of squares and variance (E[g²] − E[g]²) of the noisy gradients;
 * integrated_gradients = captum IntegratedGradients (zero baseline, Gauss–Legendre, 50 steps by default), which
 * XBrainLab lacks. Views: per-class mean maps (channel × time), scipy.signal.stft spectrograms (nperseg = int(sfreq),
 * noverlap = nperseg // 2 as integers, the XBrainLab fix), and per-channel topomap values.
 */
import { fftPlan } from '../signal/fft';
import { inputGradients, Rng, type Model } from '../training';

export const SALIENCY_METHODS = ['gradient', 'gradient_x_input', 'smoothgrad', 'smoothgrad_sq', 'vargrad', 'integrated_gradients'] as const;
export type SaliencyMethod = (typeof SALIENCY_METHODS)[number];

export interface SaliencyOptions {
  method: SaliencyMethod;
  /** NoiseTunnel draws (captum nt_samples) */
  nSamples?: number;
  /** NoiseTunnel noise standard deviation in data units (captum stdevs) */
  stdev?: number;
  /** Integrated Gradients steps (captum n_steps) */
  steps?: number;
  /** Integrated Gradients baseline, one epoch (C × T) or the whole set; zeros when omitted */
  baseline?: Float32Array;
  seed?: number;
  /**
   * `x` is a block of a larger set: its first value is value `offset` of the set's `total` (both in samples, C × T
   * per row). The NoiseTunnel draws and a whole-set baseline are then those of the set, so attributing a set block by
   * block gives what attributing it whole gives. Absent: `x` is the whole set.
   */
  block?: { offset: number; total: number };
}

/**
 * A generator whose next normal() is draw `index` of `new Rng(seed)`'s normal() sequence. Box–Muller makes draws 2p
 * and 2p + 1 from uniforms 2p and 2p + 1, which are skipped, not drawn (mulberry32 steps its state by a constant);
 * exact unless a uniform of 0 was redrawn before `index` (probability 2⁻³² per pair).
 */
export function normalsFrom(seed: number, index: number): Rng {
  const rng = new Rng(seed);
  rng.skip(2 * Math.floor(index / 2));
  if (index % 2 === 1) rng.normal(); // the pair's first draw; its second, draw `index`, comes next
  return rng;
}

/** Gauss–Legendre nodes and weights on [0, 1] (captum's default integration for IG). */
export function gaussLegendre01(m: number): { nodes: Float64Array; weights: Float64Array } {
  const nodes = new Float64Array(m);
  const weights = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let x = Math.cos((Math.PI * (i + 0.75)) / (m + 0.5));
    let dp = 0;
    for (let iter = 0; iter < 100; iter++) {
      let p0 = 1;
      let p1 = x;
      for (let k = 2; k <= m; k++) {
        const p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
        p0 = p1;
        p1 = p2;
      }
      const pm = m === 1 ? x : p1;
      const pm1 = m === 1 ? 1 : p0;
      dp = (m * (x * pm - pm1)) / (x * x - 1);
      const dx = pm / dp;
      x -= dx;
      if (Math.abs(dx) < 1e-15) break;
    }
    nodes[i] = (1 - x) / 2;
    weights[i] = 1 / ((1 - x * x) * dp * dp);
  }
  return { nodes, weights };
}

/** n × C × T attributions of logit[target] for every row of x. */
export function attribute(model: Model, x: Float32Array, targets: ArrayLike<number>, opts: SaliencyOptions): Float32Array {
  const len = x.length;
  const { offset, total } = opts.block ?? { offset: 0, total: len };
  switch (opts.method) {
    case 'gradient':
      return inputGradients(model, x, targets);
    case 'gradient_x_input': {
      const g = inputGradients(model, x, targets);
      for (let i = 0; i < len; i++) g[i] *= x[i];
      return g;
    }
    case 'smoothgrad':
    case 'smoothgrad_sq':
    case 'vargrad': {
      const ns = Math.max(1, opts.nSamples ?? 5);
      const sd = opts.stdev ?? 1.0;
      const sum = new Float64Array(len);
      const sq = new Float64Array(len);
      const noisy = new Float32Array(len);
      for (let s = 0; s < ns; s++) {
        // draw s · total + offset + i of one seeded sequence: the whole set's noise, whichever block x is
        const rng = normalsFrom(opts.seed ?? 0, s * total + offset);
        for (let i = 0; i < len; i++) noisy[i] = x[i] + (sd === 0 ? 0 : sd * rng.normal());
        const g = inputGradients(model, noisy, targets);
        for (let i = 0; i < len; i++) {
          sum[i] += g[i];
          sq[i] += g[i] * g[i];
        }
      }
      const out = new Float32Array(len);
      for (let i = 0; i < len; i++) {
        const m = sum[i] / ns;
        out[i] = opts.method === 'smoothgrad' ? m : opts.method === 'smoothgrad_sq' ? sq[i] / ns : sq[i] / ns - m * m;
      }
      return out;
    }
    case 'integrated_gradients': {
      const steps = Math.max(1, opts.steps ?? 50);
      const per = model.inputSize;
      const base = opts.baseline;
      // a whole-set baseline is indexed like the set; offset is a whole number of rows, so i % per is the same
      const b = (i: number): number => (base ? base[base.length === total ? offset + i : i % per] : 0);
      const { nodes, weights } = gaussLegendre01(steps);
      const acc = new Float64Array(len);
      const point = new Float32Array(len);
      for (let k = 0; k < steps; k++) {
        for (let i = 0; i < len; i++) point[i] = b(i) + nodes[k] * (x[i] - b(i));
        const g = inputGradients(model, point, targets);
        for (let i = 0; i < len; i++) acc[i] += weights[k] * g[i];
      }
      const out = new Float32Array(len);
      for (let i = 0; i < len; i++) out[i] = (x[i] - b(i)) * acc[i];
      return out;
    }
    default:
      throw new Error(`unknown saliency method ${String(opts.method)}`);
  }
}

export interface ClassMap {
  class: string;
  /** trials of this class that were averaged */
  n: number;
  /** C × T row-major mean attribution (|s| when absolute) */
  map: Float64Array;
}

/** Per-class trial means of the attributions (signed, or of |s| with `absolute`, XBrainLab's toggle). */
export function perClassMaps(attr: Float32Array, labels: ArrayLike<number>, classes: readonly string[], per: number, absolute: boolean): ClassMap[] {
  const sums = new ClassMapSums(classes, per, absolute);
  sums.add(attr, labels);
  return sums.means();
}

/** {@link perClassMaps} over trials given block by block: the same sums in the same order, so the same means. */
export class ClassMapSums {
  private readonly out: ClassMap[];

  constructor(
    classes: readonly string[],
    private readonly per: number,
    private readonly absolute: boolean,
  ) {
    this.out = classes.map((c) => ({ class: c, n: 0, map: new Float64Array(per) }));
  }

  /** Trials `attr` (n × per) with their labels. */
  add(attr: Float32Array, labels: ArrayLike<number>): void {
    const per = this.per;
    for (let i = 0; i < labels.length; i++) {
      const m = this.out[labels[i]];
      m.n++;
      const off = i * per;
      for (let j = 0; j < per; j++) m.map[j] += this.absolute ? Math.abs(attr[off + j]) : attr[off + j];
    }
  }

  /** The per-class means of the trials added (the sums are divided in place: call once). */
  means(): ClassMap[] {
    for (const m of this.out) if (m.n > 0) for (let j = 0; j < this.per; j++) m.map[j] /= m.n;
    return this.out;
  }
}

export interface Stft {
  freqs: Float64Array;
  times: Float64Array;
  /** |Z| nFreqs × nTimes */
  magnitude: Float64Array;
}

/**
 * scipy.signal.stft(x, fs, window='hann', nperseg, noverlap, boundary='zeros', padded=True, scaling='spectrum')
 * magnitudes, averaged over `rows` (trials × channels) given as consecutive segments of length nTimes.
 */
export function stftMagnitudeMean(
  rows: ArrayLike<number>,
  nRows: number,
  nTimes: number,
  fs: number,
  nperseg = Math.trunc(fs),
  noverlap = Math.floor(nperseg / 2),
): Stft {
  const acc = new StftMagnitudeSum(nTimes, fs, nperseg, noverlap);
  acc.add(rows, nRows);
  return acc.mean();
}

/** {@link stftMagnitudeMean} over rows given a few at a time: the same sums in the same order, so the same mean. */
export class StftMagnitudeSum {
  private readonly L: number;
  private readonly step: number;
  private readonly half: number;
  private readonly nSeg: number;
  private readonly nF: number;
  private readonly win: Float64Array;
  private readonly wsum: number;
  private readonly plan: ReturnType<typeof fftPlan>;
  private readonly buf: Float64Array;
  private readonly mag: Float64Array;
  private nRows = 0;

  constructor(
    private readonly nTimes: number,
    private readonly fs: number,
    nperseg = Math.trunc(fs),
    noverlap = Math.floor(nperseg / 2),
  ) {
    const L = (this.L = nperseg);
    const step = (this.step = L - noverlap);
    this.half = Math.floor(L / 2);
    let padded = nTimes + 2 * this.half;
    const nadd = (((-(padded - L) % step) + step) % step) % L;
    padded += nadd;
    this.nSeg = Math.floor((padded - L) / step) + 1;
    this.nF = Math.floor(L / 2) + 1;
    this.win = new Float64Array(L);
    let wsum = 0;
    for (let i = 0; i < L; i++) wsum += this.win[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / L);
    this.wsum = wsum;
    this.plan = fftPlan(L);
    this.buf = new Float64Array(2 * L);
    this.mag = new Float64Array(this.nF * this.nSeg);
  }

  /** `nRows` consecutive segments of length nTimes. */
  add(rows: ArrayLike<number>, nRows: number): void {
    const { L, step, half, nSeg, nF, win, wsum, plan, buf, mag, nTimes } = this;
    for (let r = 0; r < nRows; r++) {
      const off = r * nTimes;
      for (let s = 0; s < nSeg; s++) {
        const start = s * step - half; // position in the unpadded signal
        for (let i = 0; i < L; i++) {
          const t = start + i;
          buf[2 * i] = t >= 0 && t < nTimes ? rows[off + t] * win[i] : 0;
          buf[2 * i + 1] = 0;
        }
        plan.forward(buf);
        for (let f = 0; f < nF; f++) mag[f * nSeg + s] += Math.hypot(buf[2 * f], buf[2 * f + 1]) / wsum;
      }
    }
    this.nRows += nRows;
  }

  /** The mean magnitude over the rows added (the sums are divided in place: call once). */
  mean(): Stft {
    const { mag, nRows, nF, nSeg, L, step, fs } = this;
    if (nRows > 0) for (let i = 0; i < mag.length; i++) mag[i] /= nRows;
    return {
      freqs: Float64Array.from({ length: nF }, (_, f) => (f * fs) / L),
      times: Float64Array.from({ length: nSeg }, (_, s) => (s * step) / fs),
      magnitude: mag,
    };
  }
}

/** Per-channel mean over time of a C × T map (the topomap values). */
export function channelMeans(map: Float64Array, nChannels: number, nTimes: number): Float64Array {
  const out = new Float64Array(nChannels);
  for (let c = 0; c < nChannels; c++) {
    let s = 0;
    for (let t = 0; t < nTimes; t++) s += map[c * nTimes + t];
    out[c] = s / nTimes;
  }
  return out;
}

/**
 * MNE's 2-D topomap layout of 3-D positions: azimuthal equidistant projection about the head-sphere origin
 * (XBrainLab plots with sphere=(0, −0.02, 0, 0.12)): r = polar angle from +z, (x, y) = r (cos φ, sin φ).
 */
export function projectTopomap(xyz: readonly [number, number, number], origin: readonly [number, number, number] = [0, -0.02, 0]): [number, number] {
  const x = xyz[0] - origin[0];
  const y = xyz[1] - origin[1];
  const z = xyz[2] - origin[2];
  const r = Math.hypot(x, y, z);
  if (r === 0) return [0, 0];
  const theta = Math.acos(Math.max(-1, Math.min(1, z / r)));
  const phi = Math.atan2(y, x);
  return [theta * Math.cos(phi), theta * Math.sin(phi)];
}
