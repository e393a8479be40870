import { describe, expect, it } from 'vitest';
import { bluesteinLength, fftPlan } from '../../../src/core/signal/fft';

function naiveDft(x: Float64Array): Float64Array {
  const n = x.length / 2;
  const out = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    let re = 0,
      im = 0;
    for (let j = 0; j < n; j++) {
      const a = (-2 * Math.PI * ((j * k) % n)) / n;
      re += x[2 * j] * Math.cos(a) - x[2 * j + 1] * Math.sin(a);
      im += x[2 * j] * Math.sin(a) + x[2 * j + 1] * Math.cos(a);
    }
    out[2 * k] = re;
    out[2 * k + 1] = im;
  }
  return out;
}

function seeded(n: number, seed: number): Float64Array {
  let s = seed >>> 0;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    s = (s * 1664525 + 1013904223) >>> 0;
    out[i] = s / 2 ** 32 - 0.5;
  }
  return out;
}

describe('fft (mixed radix + Bluestein)', () => {
  // lengths covering radix 4, 2, 3, 5, 7, 13, 37, Bluestein over a prime length (101) and Bluestein passes for large
  // prime factors inside a mixed-radix plan (2·643, 3·5·311, 71·89)
  for (const n of [1, 2, 3, 4, 5, 8, 12, 16, 30, 32, 49, 64, 100, 512, 2048, 8 * 9 * 5, 13 * 37, 101, 2 * 643, 7700 / 4, 3 * 5 * 311, 71 * 89]) {
    it(`matches the naive DFT for n=${n}`, () => {
      const x = seeded(2 * n, n);
      const want = naiveDft(x);
      const got = x.slice();
      fftPlan(n).forward(got);
      let err = 0,
        scale = 0;
      for (let i = 0; i < got.length; i++) {
        err = Math.max(err, Math.abs(got[i] - want[i]));
        scale = Math.max(scale, Math.abs(want[i]));
      }
      expect(err / scale).toBeLessThan(1e-12);
      fftPlan(n).inverse(got);
      for (let i = 0; i < got.length; i++) expect(Math.abs(got[i] - x[i])).toBeLessThan(1e-12);
    });
  }
});

describe('bluesteinLength', () => {
  const smooth = (v: number) => {
    for (const p of [2, 3, 5]) while (v % p === 0) v /= p;
    return v === 1;
  };
  it('is the smallest 2^a·3^b·5^c at or above n', () => {
    for (let n = 1; n <= 3000; n++) {
      const m = bluesteinLength(n);
      expect(m).toBeGreaterThanOrEqual(n);
      expect(smooth(m)).toBe(true);
      for (let v = n; v < m; v++) expect(smooth(v)).toBe(false);
    }
    // the 250 Hz hour-long resample: 2·900200 − 1 and 2·460902 − 1
    expect(bluesteinLength(1800399)).toBe(1822500);
    expect(bluesteinLength(921803)).toBe(933120);
  });
});
