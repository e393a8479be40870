// The channel-pair sosfiltfilt on WebAssembly SIMD sweeps (iirSimd.ts, the two channels as the lanes of an f64x2)
// gives the same bits as the JS pair sweeps of rows.ts, for 1, 2, 4 and 5 sections (runs of four plus a remainder)
// and rows of float32 and float64; iirRows takes it for pairs of equal length and the JS path for an odd last row.
import { describe, expect, it } from 'vitest';
import { designButterworth, sosfiltZi } from '../../../src/core/signal/iir';
import { iirSimdAvailable } from '../../../src/core/signal/iirSimd';
import { iirRows, sosfiltfiltInto, sosfiltfiltPairInto } from '../../../src/core/signal/rows';

const noise = (n: number, seed: number): Float64Array => {
  let s = seed >>> 0 || 1;
  return Float64Array.from({ length: n }, () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) / 4294967296 - 0.5) * 1e-4;
  });
};

describe('SIMD IIR sweeps', () => {
  it('are available in this Node', () => {
    expect(iirSimdAvailable()).toBe(true);
  });

  for (const [label, order, lo, hi] of [
    ['order-2 high-pass (1 section)', 2, 1, null],
    ['order-4 low-pass (2 sections)', 4, null, 30],
    ['Butterworth-4 band-pass 8–30 Hz (4 sections)', 4, 8, 30],
    ['order-5 band-pass 1–40 Hz (5 sections)', 5, 1, 40],
  ] as const) {
    it(`${label}: iirRows equals the JS pair sweeps bit for bit`, () => {
      const design = designButterworth(order, lo, hi, 250);
      const zi = sosfiltZi(design.sos);
      for (const Ctor of [Float32Array, Float64Array]) {
        const n = 1500;
        const rows = [1, 2, 3].map((s) => Ctor.from(noise(n, s)));
        const out = rows.map(() => new Ctor(n));
        iirRows(rows, out, design);
        const padlen = Math.min(design.padlen, n - 1);
        const ea = new Float64Array(n + 2 * padlen),
          eb = new Float64Array(n + 2 * padlen);
        const refA = new Ctor(n),
          refB = new Ctor(n),
          refC = new Ctor(n);
        sosfiltfiltPairInto(design.sos, rows[0], rows[1], padlen, zi, ea, eb, refA, refB);
        sosfiltfiltInto(design.sos, rows[2], padlen, zi, new Float64Array(n + 2 * padlen), refC);
        expect(Array.from(out[0])).toEqual(Array.from(refA));
        expect(Array.from(out[1])).toEqual(Array.from(refB));
        expect(Array.from(out[2])).toEqual(Array.from(refC));
        expect(refA.some((v) => v !== 0)).toBe(true);
      }
    });
  }
});
