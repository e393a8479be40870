// The WebAssembly SIMD odd-radix passes (fftSimd.ts) against the JS passes of fft.ts, for every generic radix and
// for the lengths of the 160 → 128 Hz resample: the same operations in the same order as radixOdd (the same numbers),
// and within rounding of radix5 for the 5-point passes of those plans (other cosines of the same angles). The
// radix-8 SIMD pass gives radix8's numbers bit for bit (plans with 8 and no generic odd radix, FIR block lengths).
import { describe, expect, it } from 'vitest';
import { makePlan } from '../../../src/core/signal/fft';
import { simdFftAvailable } from '../../../src/core/signal/fftSimd';

function seeded(n: number, seed: number): Float64Array {
  let s = seed >>> 0;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    s = (s * 1664525 + 1013904223) >>> 0;
    out[i] = s / 2 ** 32 - 0.5;
  }
  return out;
}

const maxDiff = (a: Float64Array, b: Float64Array) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);
/** index of the first value that differs (Object.is), or −1 */
const firstDiff = (a: Float64Array, b: Float64Array) => a.findIndex((v, i) => !Object.is(v, b[i]));

describe('fft radix-8 pass in WebAssembly SIMD', () => {
  // one pass (p = 0 only), passes after and before JS passes, 2^17 (the longest radix-8 plan), 8 with 3 and 5
  for (const n of [8, 64, 16, 8 * 2, 8 * 4, 4096, 8192, 1 << 17, 8 * 8 * 3 * 5, 8 * 25]) {
    it(`gives radix8's transform and inverse bit for bit for n=${n}`, () => {
      const x = seeded(2 * n, n + 1);
      const simd = x.slice(),
        js = x.slice();
      makePlan(n, true).forward(simd);
      makePlan(n, false).forward(js);
      expect(js.some((v) => v !== 0)).toBe(true);
      expect(firstDiff(simd, js)).toBe(-1);
      makePlan(n, true).inverse(simd);
      makePlan(n, false).inverse(js);
      expect(firstDiff(simd, js)).toBe(-1);
    });
  }
});

describe("staged transforms (the FIR blocks written into the plan's own buffer)", () => {
  for (const n of [4096, 8192, 8 * 13]) {
    it(`forwardStaged equals forward for n=${n}`, () => {
      const plan = makePlan(n, true);
      const x = seeded(2 * n, 3 * n);
      const staged = plan.stagedInput!()!;
      expect(staged.length).toBe(2 * n);
      staged.set(x);
      const viaStage = plan.forwardStaged!().slice();
      const direct = x.slice();
      plan.forward(direct);
      expect(firstDiff(viaStage, direct)).toBe(-1);
      expect(makePlan(n, false).stagedInput!()).toBeNull();
    });
  }
});

describe('fft odd-radix passes in WebAssembly SIMD', () => {
  it('is available in this Node (so fftPlan takes the SIMD path the other signal tests exercise)', () => {
    expect(simdFftAvailable()).toBe(true);
  });

  // single passes (p = 0 only: no twiddles), odd passes after JS passes (twiddles), an odd pass first (copied into
  // the WebAssembly memory), two odd radices in a row, the largest Stockham prime (67), and 96200 / 76960
  const lengths = [7, 11, 13, 37, 67, 13 * 37, 7 * 11 * 4, 3 * 5 * 13 * 2, 59 * 8, 61 * 53, 8 * 7 * 7, 96200, 76960];
  for (const n of lengths) {
    it(`gives the JS passes' transform and inverse for n=${n}`, () => {
      const x = seeded(2 * n, n);
      const simd = x.slice(),
        js = x.slice();
      makePlan(n, true).forward(simd);
      makePlan(n, false).forward(js);
      const scale = js.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
      expect(scale).toBeGreaterThan(0);
      expect(maxDiff(simd, js)).toBeLessThanOrEqual(1e-14 * scale);
      makePlan(n, true).inverse(simd);
      makePlan(n, false).inverse(js);
      expect(maxDiff(simd, js)).toBeLessThanOrEqual(1e-14);
      expect(maxDiff(simd, x)).toBeLessThan(1e-12);
    });
  }
});
