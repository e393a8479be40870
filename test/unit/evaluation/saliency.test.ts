import { describe, expect, it } from 'vitest';
import {
  attribute,
  ClassMapSums,
  gaussLegendre01,
  normalsFrom,
  stftMagnitudeMean,
  StftMagnitudeSum,
  projectTopomap,
  perClassMaps,
  type SaliencyOptions,
} from '../../../src/core/evaluation/saliency';
import { Rng } from '../../../src/core/training/rng';
import { createModel, predictLogits, inputGradients } from '../../../src/core/training';
import { rhythmEpochs } from './trainedStudy';

const e = rhythmEpochs(6, 3);
const spec = { nChannels: e.nChannels, nTimes: e.nTimes, sfreq: e.sfreq, nClasses: 2 };
const model = createModel('SCCNet', spec, {}, { seed: 4 });
const x = e.data;
const targets = Array.from(e.labels);
const per = e.nChannels * e.nTimes;
const maxAbs = (a: ArrayLike<number>): number => {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]));
  return m;
};

describe('saliency methods (captum semantics)', () => {
  it('gradient is d logit[target] / dx (central finite differences)', () => {
    const g = attribute(model, x, targets, { method: 'gradient' });
    const logit = (xx: Float32Array, i: number): number => predictLogits(model, xx.subarray(i * per, (i + 1) * per))[targets[i]];
    for (const j of [5, 200, 517]) {
      const xp = x.slice();
      const xm = x.slice();
      const h = 1e-2;
      xp[j] += h;
      xm[j] -= h;
      const fd = (logit(xp, 0) - logit(xm, 0)) / (2 * h);
      expect(Math.abs(fd - g[j])).toBeLessThan(1e-2 * Math.max(1, Math.abs(fd)) + 1e-3);
    }
  });

  it('gradient × input multiplies elementwise', () => {
    const g = inputGradients(model, x, targets);
    const gx = attribute(model, x, targets, { method: 'gradient_x_input' });
    for (let i = 0; i < x.length; i += 97) expect(gx[i]).toBeCloseTo(g[i] * x[i], 6);
  });

  it('SmoothGrad with sigma 0 equals the gradient; SmoothGrad² its square; VarGrad is 0', () => {
    const g = inputGradients(model, x, targets);
    const sg = attribute(model, x, targets, { method: 'smoothgrad', stdev: 0, nSamples: 3 });
    const sq = attribute(model, x, targets, { method: 'smoothgrad_sq', stdev: 0, nSamples: 3 });
    const vg = attribute(model, x, targets, { method: 'vargrad', stdev: 0, nSamples: 3 });
    for (let i = 0; i < x.length; i++) {
      expect(sg[i]).toBeCloseTo(g[i], 6);
      expect(sq[i]).toBeCloseTo(g[i] * g[i], 6);
    }
    expect(maxAbs(vg)).toBeLessThan(1e-6 * Math.max(1, maxAbs(sq)));
  });

  it('SmoothGrad with noise differs from the gradient, is seeded, and VarGrad = E[g²] − E[g]²', () => {
    const a = attribute(model, x, targets, { method: 'smoothgrad', stdev: 0.5, nSamples: 4, seed: 1 });
    const b = attribute(model, x, targets, { method: 'smoothgrad', stdev: 0.5, nSamples: 4, seed: 1 });
    const sq = attribute(model, x, targets, { method: 'smoothgrad_sq', stdev: 0.5, nSamples: 4, seed: 1 });
    const vg = attribute(model, x, targets, { method: 'vargrad', stdev: 0.5, nSamples: 4, seed: 1 });
    const g = inputGradients(model, x, targets);
    expect(Array.from(a)).toEqual(Array.from(b));
    let diff = 0;
    for (let i = 0; i < x.length; i++) {
      diff = Math.max(diff, Math.abs(a[i] - g[i]));
      expect(vg[i]).toBeCloseTo(sq[i] - a[i] * a[i], 5);
      expect(vg[i]).toBeGreaterThanOrEqual(-1e-6);
    }
    expect(diff).toBeGreaterThan(1e-4);
  });

  it('Integrated Gradients is complete: Σ attributions ≈ f(x) − f(baseline)', () => {
    const ig = attribute(model, x, targets, { method: 'integrated_gradients', steps: 64 });
    const fx = predictLogits(model, x);
    const f0 = predictLogits(model, new Float32Array(x.length));
    for (let i = 0; i < e.nEpochs; i++) {
      let s = 0;
      for (let j = 0; j < per; j++) s += ig[i * per + j];
      const delta = fx[i * 2 + targets[i]] - f0[i * 2 + targets[i]];
      expect(Math.abs(s - delta)).toBeLessThan(0.02 * Math.abs(delta) + 1e-3);
    }
  });

  it('a set attributed block by block (attribute `block`) gives the whole set’s attributions, to the bit', () => {
    const baseline = Float32Array.from(x, (_, i) => 0.1 * Math.sin(i)); // a whole-set baseline
    const methods: SaliencyOptions[] = [
      { method: 'gradient' },
      { method: 'smoothgrad', stdev: 0.5, nSamples: 3, seed: 7 },
      { method: 'vargrad', stdev: 0.5, nSamples: 2, seed: 7 },
      { method: 'integrated_gradients', steps: 5, baseline },
    ];
    for (const opts of methods) {
      const whole = attribute(model, x, targets, opts);
      const pieces = new Float32Array(x.length);
      for (const [a, b] of [
        [0, 1],
        [1, 4],
        [4, 6],
      ]) {
        const part = attribute(model, x.subarray(a * per, b * per), targets.slice(a, b), { ...opts, block: { offset: a * per, total: x.length } });
        pieces.set(part, a * per);
      }
      expect(Array.from(pieces), opts.method).toEqual(Array.from(whole));
    }
  });

  it('normalsFrom(seed, k) continues the seeded normal sequence at draw k, odd or even', () => {
    const rng = new Rng(11);
    const draws = Array.from({ length: 9 }, () => rng.normal());
    for (let k = 0; k < 8; k++) {
      const at = normalsFrom(11, k);
      expect([at.normal(), at.normal()]).toEqual([draws[k], draws[k + 1]]);
    }
  });

  it('class maps and spectrograms summed over pieces of the trials equal the whole, to the bit', () => {
    const attr = attribute(model, x, targets, { method: 'gradient' });
    const sums = new ClassMapSums(['a', 'b'], per, true);
    sums.add(attr.subarray(0, 2 * per), targets.slice(0, 2));
    sums.add(attr.subarray(2 * per), targets.slice(2));
    expect(sums.means()).toEqual(perClassMaps(attr, targets, ['a', 'b'], per, true));
    const acc = new StftMagnitudeSum(e.nTimes, e.sfreq);
    acc.add(attr.subarray(0, 3 * e.nTimes), 3);
    acc.add(attr.subarray(3 * e.nTimes), x.length / e.nTimes - 3);
    expect(acc.mean()).toEqual(stftMagnitudeMean(attr, x.length / e.nTimes, e.nTimes, e.sfreq));
  });

  it('Gauss–Legendre nodes integrate polynomials exactly', () => {
    const { nodes, weights } = gaussLegendre01(5);
    const integ = (p: number): number => nodes.reduce((s, t, i) => s + weights[i] * t ** p, 0);
    for (let p = 0; p <= 9; p++) expect(integ(p)).toBeCloseTo(1 / (p + 1), 12);
  });

  it('per-class means average signed or absolute attributions over the trials of each class', () => {
    const attr = Float32Array.from([1, -2, 3, -4, 5, -6]); // 3 trials × 2 values
    const maps = perClassMaps(attr, [0, 1, 0], ['a', 'b'], 2, false);
    expect(Array.from(maps[0].map)).toEqual([3, -4]);
    expect(maps[0].n).toBe(2);
    expect(Array.from(perClassMaps(attr, [0, 1, 0], ['a', 'b'], 2, true)[0].map)).toEqual([3, 4]);
  });
});

describe('spectrogram and topomap helpers', () => {
  it('STFT like scipy.signal.stft (hann, boundary zeros, padded, spectrum scaling)', () => {
    const fs = 64;
    const n = 128;
    const A = 2;
    const sig = Float64Array.from({ length: n }, (_, t) => A * Math.cos((2 * Math.PI * 10 * t) / fs));
    const s = stftMagnitudeMean(sig, 1, n, fs);
    expect(s.freqs).toHaveLength(33);
    expect(s.freqs[10]).toBe(10);
    expect(Array.from(s.times)).toEqual([0, 0.5, 1, 1.5, 2]);
    const nS = s.times.length;
    // interior segment: a bin-centred cosine of amplitude A gives |Z| = A/2 with spectrum scaling
    expect(s.magnitude[10 * nS + 2]).toBeCloseTo(A / 2, 10);
    // hann leakage only reaches the neighbouring bins
    expect(s.magnitude[12 * nS + 2]).toBeLessThan(1e-10);
    expect(s.magnitude[11 * nS + 2]).toBeCloseTo(A / 4, 10);
    // odd sfreq: nperseg = int(sfreq), noverlap = nperseg // 2 (integers: XBrainLab's float noverlap bug fixed)
    const odd = stftMagnitudeMean(new Float64Array(300), 1, 300, 100.5);
    expect(odd.freqs).toHaveLength(51);
    expect(odd.times[1]).toBeCloseTo(50 / 100.5, 12);
  });

  it('topomap projection: vertex at the centre, points on the sphere equator at radius π/2', () => {
    expect(projectTopomap([0, -0.02, 0.09])).toEqual([0, 0]);
    const [px, py] = projectTopomap([0.09, -0.02, 0]);
    expect(px).toBeCloseTo(Math.PI / 2, 12);
    expect(py).toBeCloseTo(0, 12);
    const [, fy] = projectTopomap([0, 0.07, 0]); // front
    expect(fy).toBeCloseTo(Math.PI / 2, 12);
  });
});
