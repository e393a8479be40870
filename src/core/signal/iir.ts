/**
 * Butterworth IIR design as SciPy 1.10 builds it (`butter(N, Wn, btype, fs=…, output='sos')`: buttap → lp2bp/lp2lp/
 * lp2hp → bilinear → zpk2sos with 'nearest' pairing), `sosfilt`, `sosfiltfilt` (odd padding, sosfilt_zi initial
 * conditions) and MNE's `estimate_ringing_samples` padlen rule used by `filter_data(method='iir')`.
 */
import { XBrainError } from '../errors';
import { oddExtension } from './pad';
import { checkBand, checkBelowNyquist, signalArgError } from './params';

type C = [number, number];
const cadd = (a: C, b: C): C => [a[0] + b[0], a[1] + b[1]];
const csub = (a: C, b: C): C => [a[0] - b[0], a[1] - b[1]];
const cmul = (a: C, b: C): C => [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
const cdiv = (a: C, b: C): C => {
  const d = b[0] * b[0] + b[1] * b[1];
  return [(a[0] * b[0] + a[1] * b[1]) / d, (a[1] * b[0] - a[0] * b[1]) / d];
};
const cscale = (a: C, s: number): C => [a[0] * s, a[1] * s];
const cabs = (a: C): number => Math.hypot(a[0], a[1]);
/** principal square root, as numpy's */
function csqrt(a: C): C {
  const r = cabs(a);
  if (r === 0) return [0, 0];
  const re = Math.sqrt((r + a[0]) / 2);
  const im = Math.sqrt(Math.max((r - a[0]) / 2, 0));
  return [re, a[1] < 0 ? -im : im];
}

export type IirBtype = 'bandpass' | 'lowpass' | 'highpass';

/** Second-order sections, n × [b0, b1, b2, a0, a1, a2]. */
export type Sos = Float64Array[];

interface Zpk {
  z: C[];
  p: C[];
  k: number;
}

function buttap(N: number): Zpk {
  const p: C[] = [];
  for (let m = -N + 1; m < N; m += 2) {
    const a = (Math.PI * m) / (2 * N);
    p.push([-Math.cos(a), -Math.sin(a)]);
  }
  return { z: [], p, k: 1 };
}

function prodC(xs: C[]): C {
  let acc: C = [1, 0];
  for (const x of xs) acc = cmul(acc, x);
  return acc;
}

function bilinear({ z, p, k }: Zpk, fs: number): Zpk {
  const fs2: C = [2 * fs, 0];
  const zz = z.map((v) => cdiv(cadd(fs2, v), csub(fs2, v)));
  const pz = p.map((v) => cdiv(cadd(fs2, v), csub(fs2, v)));
  for (let i = 0; i < p.length - z.length; i++) zz.push([-1, 0]);
  const kz = k * cdiv(prodC(z.map((v) => csub(fs2, v))), prodC(p.map((v) => csub(fs2, v))))[0];
  return { z: zz, p: pz, k: kz };
}

function lp2bp({ z, p, k }: Zpk, wo: number, bw: number): Zpk {
  const degree = p.length - z.length;
  const shift = (v: C): [C, C] => {
    const lp = cscale(v, bw / 2);
    const r = csqrt(csub(cmul(lp, lp), [wo * wo, 0]));
    return [cadd(lp, r), csub(lp, r)];
  };
  const zs = z.map(shift),
    ps = p.map(shift);
  const zbp = [...zs.map((x) => x[0]), ...zs.map((x) => x[1])];
  const pbp = [...ps.map((x) => x[0]), ...ps.map((x) => x[1])];
  for (let i = 0; i < degree; i++) zbp.push([0, 0]);
  return { z: zbp, p: pbp, k: k * bw ** degree };
}

function lp2lp({ z, p, k }: Zpk, wo: number): Zpk {
  const degree = p.length - z.length;
  return { z: z.map((v) => cscale(v, wo)), p: p.map((v) => cscale(v, wo)), k: k * wo ** degree };
}

function lp2hp({ z, p, k }: Zpk, wo: number): Zpk {
  const degree = p.length - z.length;
  const zh = z.map((v) => cdiv([wo, 0], v));
  const ph = p.map((v) => cdiv([wo, 0], v));
  for (let i = 0; i < degree; i++) zh.push([0, 0]);
  const kh = k * cdiv(prodC(z.map((v) => cscale(v, -1))), prodC(p.map((v) => cscale(v, -1))))[0];
  return { z: zh, p: ph, k: kh };
}

const EPS = 2.220446049250313e-16;
const isReal = (v: C) => v[1] === 0;

/** scipy `_cplxreal`: complex values with positive imaginary part (pairs averaged), then the reals, both sorted. */
function cplxreal(zs: C[]): C[] {
  if (zs.length === 0) return [];
  const tol = 100 * EPS;
  const sorted = zs.slice().sort((a, b) => a[0] - b[0] || Math.abs(a[1]) - Math.abs(b[1]));
  const reals: C[] = [],
    pos: C[] = [],
    neg: C[] = [];
  for (const v of sorted) {
    if (Math.abs(v[1]) <= tol * cabs(v)) reals.push([v[0], 0]);
    else if (v[1] > 0) pos.push(v);
    else neg.push(v);
  }
  if (pos.length !== neg.length) throw new XBrainError('internal', 'Array contains complex value with no matching conjugate.');
  // runs of equal real part sorted by |imag| (stable for our designs: distinct reals)
  const out: C[] = pos.map((v, i) => [(v[0] + neg[i][0]) / 2, (v[1] - neg[i][1]) / 2]);
  return [...out, ...reals];
}

function polyReal(roots: C[]): number[] {
  let c: C[] = [[1, 0]];
  for (const r of roots) {
    const next: C[] = Array.from({ length: c.length + 1 }, () => [0, 0] as C);
    for (let i = 0; i < c.length; i++) {
      next[i] = cadd(next[i], c[i]);
      next[i + 1] = csub(next[i + 1], cmul(c[i], r));
    }
    c = next;
  }
  return c.map((v) => v[0]);
}

function singleSos(z: C[], p: C[]): Float64Array {
  const sos = new Float64Array(6);
  const b = polyReal(z),
    a = polyReal(p);
  sos.set(b, 3 - b.length);
  sos.set(a, 6 - a.length);
  return sos;
}

function nearestIdx(fro: C[], to: C, which: 'real' | 'complex' | 'any'): number {
  const order = fro
    .map((v, i) => [cabs(csub(v, to)), i] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map((x) => x[1]);
  if (which === 'any') return order[0];
  const hit = order.find((i) => (which === 'real' ? isReal(fro[i]) : !isReal(fro[i])));
  if (hit === undefined) throw new XBrainError('internal', `zpk2sos: no ${which} zero left`);
  return hit;
}

/** scipy.signal.zpk2sos(z, p, k) with the digital default pairing 'nearest'. */
function zpk2sos(zIn: C[], pIn: C[], k: number): Sos {
  let z = zIn.slice(),
    p = pIn.slice();
  while (p.length < z.length) p.push([0, 0]);
  while (z.length < p.length) z.push([0, 0]);
  const nSections = Math.floor((Math.max(p.length, z.length) + 1) / 2);
  if (p.length % 2 === 1) {
    p.push([0, 0]);
    z.push([0, 0]);
  }
  z = cplxreal(z);
  p = cplxreal(p);
  const worst = (arr: C[]) => {
    let bi = 0,
      bv = Infinity;
    arr.forEach((v, i) => {
      const d = Math.abs(1 - cabs(v));
      if (d < bv) {
        bv = d;
        bi = i;
      }
    });
    return bi;
  };
  const sos: Sos = Array.from({ length: nSections }, () => new Float64Array(6));
  const take = (arr: C[], i: number) => arr.splice(i, 1)[0];
  for (let si = nSections - 1; si >= 0; si--) {
    const p1 = take(p, worst(p));
    const nRealP = p.filter(isReal).length;
    if (isReal(p1) && nRealP === 0) {
      const z1 = take(z, nearestIdx(z, p1, 'real'));
      sos[si] = singleSos([z1, [0, 0]], [p1, [0, 0]]);
    } else if (p.length + 1 === z.length && !isReal(p1) && nRealP === 1 && z.filter(isReal).length === 1) {
      const z1 = take(z, nearestIdx(z, p1, 'complex'));
      sos[si] = singleSos([z1, [z1[0], -z1[1]]], [p1, [p1[0], -p1[1]]]);
    } else {
      let p2: C;
      if (isReal(p1)) {
        const realIdx = p.map((v, i) => [v, i] as const).filter(([v]) => isReal(v));
        const j = worst(realIdx.map(([v]) => v));
        p2 = take(p, realIdx[j][1]);
      } else {
        p2 = [p1[0], -p1[1]];
      }
      if (z.length > 0) {
        const z1 = take(z, nearestIdx(z, p1, 'any'));
        if (!isReal(z1)) sos[si] = singleSos([z1, [z1[0], -z1[1]]], [p1, p2]);
        else if (z.length > 0) {
          const z2 = take(z, nearestIdx(z, p1, 'real'));
          sos[si] = singleSos([z1, z2], [p1, p2]);
        } else sos[si] = singleSos([z1], [p1, p2]);
      } else sos[si] = singleSos([], [p1, p2]);
    }
  }
  for (let i = 0; i < 3; i++) sos[0][i] *= k;
  return sos;
}

/**
 * scipy.signal.butter(order, freqs, btype, fs=sfreq, output='sos'). `freqs` is [low, high] for band-pass, a single
 * cut-off otherwise. Refusals name the kernel's `{low}` / `{high}` / `{order}` (signal/params.ts).
 */
export function butterSos(order: number, freqs: number[], btype: IirBtype, sfreq: number): Sos {
  if (!Number.isInteger(order) || order < 1) throw signalArgError('order', `{order} must be a positive integer, got ${order}`);
  if (btype === 'bandpass') checkBand(sfreq, freqs[0], freqs[1]);
  else checkBelowNyquist(btype === 'highpass' ? 'low' : 'high', sfreq, freqs[0]);
  const Wn = freqs.map((f) => (2 * f) / sfreq);
  const fsD = 2;
  const warped = Wn.map((w) => 2 * fsD * Math.tan((Math.PI * w) / fsD));
  let zpk = buttap(order);
  if (btype === 'bandpass') {
    zpk = lp2bp(zpk, Math.sqrt(warped[0] * warped[1]), warped[1] - warped[0]);
  } else if (btype === 'lowpass') zpk = lp2lp(zpk, warped[0]);
  else zpk = lp2hp(zpk, warped[0]);
  const d = bilinear(zpk, fsD);
  return zpk2sos(d.z, d.p, d.k);
}

/** scipy `sosfilt` (direct form II transposed per section) in place on a float64 array, with optional initial state. */
export function sosfiltInPlace(sos: Sos, x: Float64Array, zi?: Float64Array): void {
  const n = x.length;
  for (let s = 0; s < sos.length; s++) {
    const [b0, b1, b2, a0, a1r, a2r] = sos[s];
    const inv = 1 / a0;
    const B0 = b0 * inv,
      B1 = b1 * inv,
      B2 = b2 * inv,
      A1 = a1r * inv,
      A2 = a2r * inv;
    let z0 = zi ? zi[2 * s] : 0,
      z1 = zi ? zi[2 * s + 1] : 0;
    for (let i = 0; i < n; i++) {
      const xi = x[i];
      const y = B0 * xi + z0;
      z0 = B1 * xi - A1 * y + z1;
      z1 = B2 * xi - A2 * y;
      x[i] = y;
    }
    if (zi) {
      zi[2 * s] = z0;
      zi[2 * s + 1] = z1;
    }
  }
}

/** scipy `sosfilt_zi`: steady-state initial conditions for a unit step, per section (2 values each). */
export function sosfiltZi(sos: Sos): Float64Array {
  const zi = new Float64Array(2 * sos.length);
  let scale = 1;
  for (let s = 0; s < sos.length; s++) {
    const a0 = sos[s][3];
    const [b0, b1, b2] = [sos[s][0] / a0, sos[s][1] / a0, sos[s][2] / a0];
    const [a1, a2] = [sos[s][4] / a0, sos[s][5] / a0];
    const B0 = b1 - a1 * b0,
      B1 = b2 - a2 * b0;
    const z0 = (B0 + B1) / (1 + a1 + a2);
    const z1 = B1 - a2 * z0;
    zi[2 * s] = scale * z0;
    zi[2 * s + 1] = scale * z1;
    scale *= (b0 + b1 + b2) / (1 + a1 + a2);
  }
  return zi;
}

/** scipy's default sosfiltfilt padlen: 3·(2·n_sections + 1 − min(#b2 == 0, #a2 == 0)). */
export function defaultSosPadlen(sos: Sos): number {
  const nb = sos.filter((r) => r[2] === 0).length;
  const na = sos.filter((r) => r[5] === 0).length;
  return 3 * (2 * sos.length + 1 - Math.min(nb, na));
}

/** scipy.signal.sosfiltfilt(sos, x, padtype='odd', padlen) on one channel; returns a new float64 array. */
export function sosfiltfilt(sos: Sos, x: ArrayLike<number>, padlen: number, zi: Float64Array = sosfiltZi(sos)): Float64Array {
  const n = x.length;
  if (n <= padlen)
    throw new XBrainError('invalid_arguments', `The length of the input vector x must be greater than padlen, which is ${padlen}.`, { parameter: 'padlen' });
  const ext = padlen > 0 ? oddExtension(x, padlen) : Float64Array.from(x);
  const state = new Float64Array(zi.length);
  const x0 = ext[0];
  for (let i = 0; i < zi.length; i++) state[i] = zi[i] * x0;
  sosfiltInPlace(sos, ext, state);
  ext.reverse();
  const y0 = ext[0];
  for (let i = 0; i < zi.length; i++) state[i] = zi[i] * y0;
  sosfiltInPlace(sos, ext, state);
  ext.reverse();
  return padlen > 0 ? ext.slice(padlen, padlen + n) : ext;
}

/** MNE `estimate_ringing_samples(sos)`: where the impulse response falls below 0.1 % of its running peak. */
export function estimateRingingSamples(sos: Sos, maxTry = 100000): number {
  const chunk = 1000;
  const nChunks = Math.ceil(maxTry / chunk);
  const x = new Float64Array(chunk);
  const state = new Float64Array(2 * sos.length);
  let lastGood = chunk;
  let thresh = 0;
  for (let ii = 0; ii < nChunks; ii++) {
    const h = new Float64Array(chunk);
    if (ii === 0) h[0] = 1;
    sosfiltInPlace(sos, h, state);
    let mx = 0;
    for (let i = 0; i < chunk; i++) {
      h[i] = Math.abs(h[i]);
      if (h[i] > mx) mx = h[i];
    }
    thresh = Math.max(0.001 * mx, thresh);
    let last = -1;
    for (let i = 0; i < chunk; i++) if (h[i] > thresh) last = i;
    if (last >= 0) lastGood = last;
    else return (ii - 1) * chunk + lastGood;
  }
  void x;
  return chunk * nChunks;
}

export interface IirDesign {
  method: 'iir';
  ftype: 'butter';
  order: number;
  btype: IirBtype;
  sos: Sos;
  /** MNE's padlen (estimate_ringing_samples), capped at n_times − 1 when applied */
  padlen: number;
  padtype: 'odd';
  phase: 'zero';
  log: string;
}

/** `mne.filter.create_filter(..., method='iir', iir_params=dict(order, ftype='butter', output='sos'))`. */
export function designButterworth(order: number, lFreq: number | null, hFreq: number | null, sfreq: number): IirDesign {
  checkBand(sfreq, lFreq, hFreq);
  let btype: IirBtype, freqs: number[];
  if (lFreq !== null && hFreq !== null) {
    btype = 'bandpass';
    freqs = [lFreq, hFreq];
  } else if (lFreq !== null) {
    btype = 'highpass';
    freqs = [lFreq];
  } else {
    btype = 'lowpass';
    freqs = [hFreq as number];
  } // checkBand: one edge at least
  const sos = butterSos(order, freqs, btype, sfreq);
  const padlen = estimateRingingSamples(sos);
  const log = [
    '',
    'IIR filter parameters',
    '---------------------',
    `Butterworth ${btype} zero-phase (two-pass forward and reverse) non-causal filter:`,
    `- Filter order ${2 * order * freqs.length} (effective, after forward-backward)`,
    `- Cutoff${freqs.length > 1 ? 's' : ''} at ${freqs.map((f) => f.toFixed(2)).join(', ')} Hz`,
    '',
  ].join('\n');
  return { method: 'iir', ftype: 'butter', order, btype, sos, padlen, padtype: 'odd', phase: 'zero', log };
}
