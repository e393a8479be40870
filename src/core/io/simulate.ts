/**
 * Synthetic motor-imagery EEG in the layout of the PhysioNet EEG Motor Movement/Imagery runs (64 channels with
 * BCI2000's dotted labels, 160 Hz, T0 rest / T1 left fist / T2 right fist annotations of 4.2 / 4.1 s). It is the
 * built-in sample data (no third-party recordings ship with XBrain) and the large-file benchmark input.
 *
 * Model, all seeded: spatially correlated 1/f background (shared pink sources mixed by scalp distance plus a
 * per-channel part); occipital alpha; sensorimotor mu (9–12 Hz, per subject) and beta (18–24 Hz) generators under
 * C3 and C4 whose amplitude drops during imagery of the contralateral hand (event-related desynchronisation, with a
 * smaller ipsilateral increase) and rebounds after; frontal eye blinks; a little 60 Hz line noise.
 */
import { fitMontage } from '../signal/montage';
import { mulberry32 } from '../signal/numeric';
import type { Annotation, ChannelInfo } from './types';

export const PHYSIONET_CHANNELS = [
  'Fc5.',
  'Fc3.',
  'Fc1.',
  'Fcz.',
  'Fc2.',
  'Fc4.',
  'Fc6.',
  'C5..',
  'C3..',
  'C1..',
  'Cz..',
  'C2..',
  'C4..',
  'C6..',
  'Cp5.',
  'Cp3.',
  'Cp1.',
  'Cpz.',
  'Cp2.',
  'Cp4.',
  'Cp6.',
  'Fp1.',
  'Fpz.',
  'Fp2.',
  'Af7.',
  'Af3.',
  'Afz.',
  'Af4.',
  'Af8.',
  'F7..',
  'F5..',
  'F3..',
  'F1..',
  'Fz..',
  'F2..',
  'F4..',
  'F6..',
  'F8..',
  'Ft7.',
  'Ft8.',
  'T7..',
  'T8..',
  'T9..',
  'T10.',
  'Tp7.',
  'Tp8.',
  'P7..',
  'P5..',
  'P3..',
  'P1..',
  'Pz..',
  'P2..',
  'P4..',
  'P6..',
  'P8..',
  'Po7.',
  'Po3.',
  'Poz.',
  'Po4.',
  'Po8.',
  'O1..',
  'Oz..',
  'O2..',
  'Iz..',
] as const;

export interface SimulateOptions {
  seed: number;
  /** 1-based subject number: sets the subject's rhythm frequencies, amplitudes and ERD strength */
  subject?: number;
  /** 1-based run number: a different trial order and noise within the same subject */
  run?: number;
  sfreq?: number;
  /** T1/T2 cues in the run (PhysioNet: 15, alternating with T0 rest) */
  trials?: number;
  /** total length in seconds; default: the trials plus 0.5 s (PhysioNet's 125 s for 15 trials) */
  duration?: number;
}

export interface SimulatedRun {
  channels: ChannelInfo[];
  sfreq: number;
  data: Float32Array[];
  annotations: Annotation[];
  measDate: string;
}

function gauss(u: () => number): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    let a = 0;
    while (a === 0) a = u();
    const r = Math.sqrt(-2 * Math.log(a)),
      th = 2 * Math.PI * u();
    spare = r * Math.sin(th);
    return r * Math.cos(th);
  };
}

/**
 * 1/f noise at any sampling rate: white noise through a bank of one-pole low-passes with corners spread
 * logarithmically from 0.2 to 40 Hz, each weighted by 1/√corner so the power of their sum falls as 1/f in between
 * (all branches are low-passes with phases within 0..−90°, so they add without cancelling); unit std.
 */
const PINK_CORNERS = [0.2, 0.5, 1.2, 3, 7, 16, 40];

function pink(n: number, g: () => number, sfreq: number): Float32Array {
  const out = new Float32Array(n);
  const a = PINK_CORNERS.map((fc) => Math.exp((-2 * Math.PI * fc) / sfreq));
  const w = PINK_CORNERS.map((fc, k) => (1 - a[k]) / Math.sqrt(fc));
  const y = new Float64Array(PINK_CORNERS.length);
  let s2 = 0;
  for (let i = -Math.round(5 * sfreq); i < n; i++) {
    const e = g();
    let v = 0;
    for (let k = 0; k < y.length; k++) {
      y[k] = a[k] * y[k] + w[k] * e;
      v += y[k];
    }
    if (i >= 0) {
      out[i] = v;
      s2 += v * v;
    }
  }
  const k = 1 / Math.sqrt(s2 / n);
  for (let i = 0; i < n; i++) out[i] *= k;
  return out;
}

/** Narrow-band oscillation: white noise through a two-pole resonator at f Hz (bandwidth ≈ bw Hz), unit std. */
function resonator(n: number, f: number, bw: number, sfreq: number, g: () => number): Float32Array {
  const r = Math.exp((-Math.PI * bw) / sfreq);
  const a1 = 2 * r * Math.cos((2 * Math.PI * f) / sfreq),
    a2 = -r * r;
  const out = new Float32Array(n);
  let y1 = 0,
    y2 = 0,
    s2 = 0;
  for (let i = -500; i < n; i++) {
    const y = a1 * y1 + a2 * y2 + g();
    y2 = y1;
    y1 = y;
    if (i >= 0) {
      out[i] = y;
      s2 += y * y;
    }
  }
  const k = 1 / Math.sqrt(s2 / n);
  for (let i = 0; i < n; i++) out[i] *= k;
  return out;
}

/** Smooth 0→1→0 window over [a, b] seconds with raised-cosine ramps of `ramp` seconds. */
function envelopeAt(t: number, a: number, b: number, ramp: number): number {
  if (t <= a || t >= b + ramp) return 0;
  if (t < a + ramp) return 0.5 - 0.5 * Math.cos((Math.PI * (t - a)) / ramp);
  if (t <= b) return 1;
  return 0.5 + 0.5 * Math.cos((Math.PI * (t - b)) / ramp);
}

function positions(): [number, number, number][] {
  const fit = fitMontage('standard_1005', [...PHYSIONET_CHANNELS]);
  return PHYSIONET_CHANNELS.map((n) => fit.positions[n] ?? [0, 0, 0.09]);
}

const dist = (a: [number, number, number], b: [number, number, number]): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** mulberry32, seeded (signal/numeric.ts); the fuzzers and test helpers draw from it through this name. */
export const rng = mulberry32;

/** One simulated run (volts). Same options → same samples. */
export function simulateRun(opts: SimulateOptions): SimulatedRun {
  const subject = opts.subject ?? 1,
    run = opts.run ?? 1;
  const sfreq = opts.sfreq ?? 160;
  const trials = opts.trials ?? 15;
  // subject traits come from (seed, subject) only, so every run of a subject shares them
  const su = rng((opts.seed * 7919 + subject * 104729) >>> 0);
  const muF = 9 + 3 * su(),
    betaF = 18 + 6 * su(),
    alphaF = 9.5 + 2 * su();
  const muAmp = (7 + 4 * su()) * 1e-6,
    betaAmp = (3 + 2 * su()) * 1e-6,
    alphaAmp = (8 + 6 * su()) * 1e-6;
  const erdDepth = 0.55 + 0.2 * su();
  const u = rng((opts.seed * 2654435761 + subject * 40503 + run * 9973) >>> 0);
  const g = gauss(u);

  // PhysioNet timing: T0 rest 4.2 s and a cue of 4.1 s alternate, starting with rest; balanced random cue order
  const cues: ('T1' | 'T2')[] = [];
  for (let i = 0; i < trials; i++) cues.push(i % 2 === 0 ? 'T1' : 'T2');
  for (let i = cues.length - 1; i > 0; i--) {
    const j = Math.floor(u() * (i + 1));
    [cues[i], cues[j]] = [cues[j], cues[i]];
  }
  const annotations: Annotation[] = [];
  let t = 0;
  for (const cue of cues) {
    annotations.push({ onset: t, duration: 4.2, description: 'T0' });
    t += 4.2;
    annotations.push({ onset: t, duration: 4.1, description: cue });
    t += 4.1;
  }
  annotations.push({ onset: t, duration: 4.2, description: 'T0' });
  const duration = opts.duration ?? Math.round((t + 0.5) * 10) / 10;
  const n = Math.round(duration * sfreq);
  const kept = annotations
    .filter((a) => a.onset < n / sfreq)
    .map((a) => ({ ...a, duration: Math.min(a.duration, Math.round((n / sfreq - a.onset) * 1e6) / 1e6) }));
  for (const a of kept) {
    a.onset = Math.round(a.onset * 1e6) / 1e6;
  }

  // ERD gain over time for the left (C3) and right (C4) motor generators
  const gainL = new Float32Array(n).fill(1),
    gainR = new Float32Array(n).fill(1);
  for (const a of kept) {
    if (a.description === 'T0') continue;
    const contra = a.description === 'T1' ? gainR : gainL; // left-hand imagery desynchronises the right hemisphere
    const ipsi = a.description === 'T1' ? gainL : gainR;
    const i0 = Math.floor(a.onset * sfreq),
      i1 = Math.min(n, Math.ceil((a.onset + a.duration + 2) * sfreq));
    for (let i = i0; i < i1; i++) {
      const tt = i / sfreq;
      const erd = envelopeAt(tt, a.onset + 0.3, a.onset + a.duration - 0.3, 0.5);
      const rebound = envelopeAt(tt, a.onset + a.duration, a.onset + a.duration + 0.8, 0.6);
      contra[i] *= 1 - erdDepth * erd + 0.3 * rebound;
      ipsi[i] *= 1 + 0.15 * erd;
    }
  }

  const pos = positions();
  const nCh = pos.length;
  const c3 = pos[PHYSIONET_CHANNELS.indexOf('C3..')],
    c4 = pos[PHYSIONET_CHANNELS.indexOf('C4..')];
  const oz = pos[PHYSIONET_CHANNELS.indexOf('Oz..')],
    fpz = pos[PHYSIONET_CHANNELS.indexOf('Fpz.')];
  // sources: shared background, alpha, mu/beta left and right, blinks
  const nShared = 6;
  const sharedPos: [number, number, number][] = Array.from({ length: nShared }, () => pos[Math.floor(u() * nCh)]);
  const shared = sharedPos.map(() => pink(n, g, sfreq));
  const alpha = resonator(n, alphaF, 1.5, sfreq, g);
  const muL = resonator(n, muF, 1.2, sfreq, g),
    muR = resonator(n, muF + 0.3, 1.2, sfreq, g);
  const betaL = resonator(n, betaF, 3, sfreq, g),
    betaR = resonator(n, betaF - 0.5, 3, sfreq, g);
  for (let i = 0; i < n; i++) {
    muL[i] *= gainL[i];
    betaL[i] *= gainL[i];
    muR[i] *= gainR[i];
    betaR[i] *= gainR[i];
  }
  const blink = new Float32Array(n);
  for (let s = (1 + 3 * u()) * sfreq; s < n; s += (2.5 + 4 * u()) * sfreq) {
    const amp = (80 + 70 * u()) * 1e-6,
      width = (0.08 + 0.05 * u()) * sfreq,
      c0 = Math.floor(s);
    for (let i = Math.max(0, Math.floor(c0 - 4 * width)); i < Math.min(n, Math.ceil(c0 + 6 * width)); i++) {
      const x = (i - c0) / width;
      blink[i] += amp * (x < 0 ? Math.exp(-0.5 * x * x) : Math.exp(-0.5 * (x / 1.6) ** 2));
    }
  }
  const lineSin = new Float32Array(n),
    lineCos = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    lineSin[i] = Math.sin((2 * Math.PI * 60 * i) / sfreq);
    lineCos[i] = Math.cos((2 * Math.PI * 60 * i) / sfreq);
  }
  const data: Float32Array[] = [];
  for (let c = 0; c < nCh; c++) {
    const p = pos[c];
    const own = pink(n, g, sfreq);
    const wShared = sharedPos.map((q) => 6e-6 * Math.exp(-dist(p, q) / 0.06));
    const wAlpha = alphaAmp * Math.exp(-((dist(p, oz) / 0.07) ** 2));
    const wMuL = muAmp * Math.exp(-((dist(p, c3) / 0.035) ** 2)),
      wMuR = muAmp * Math.exp(-((dist(p, c4) / 0.035) ** 2));
    const wBetaL = betaAmp * Math.exp(-((dist(p, c3) / 0.03) ** 2)),
      wBetaR = betaAmp * Math.exp(-((dist(p, c4) / 0.03) ** 2));
    const wBlink = Math.exp(-((dist(p, fpz) / 0.05) ** 2));
    const wLine = 1.5e-6 * (0.5 + u()),
      phase = 2 * Math.PI * u();
    const ls = wLine * Math.cos(phase),
      lc = wLine * Math.sin(phase);
    const x = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      let v =
        5e-6 * own[i] +
        wAlpha * alpha[i] +
        wMuL * muL[i] +
        wMuR * muR[i] +
        wBetaL * betaL[i] +
        wBetaR * betaR[i] +
        wBlink * blink[i] +
        ls * lineSin[i] +
        lc * lineCos[i];
      for (let k = 0; k < nShared; k++) v += wShared[k] * shared[k][i];
      x[i] = v;
    }
    data.push(x);
  }
  const channels: ChannelInfo[] = PHYSIONET_CHANNELS.map((name) => ({ name, type: 'eeg', unit: 'V' }));
  const day = new Date(Date.UTC(2009, 7, 12, 16, 15, 0) + (((subject - 1) * 7 + (run - 1)) * 86400000) / 24);
  return { channels, sfreq, data, annotations: kept, measDate: day.toISOString() };
}
