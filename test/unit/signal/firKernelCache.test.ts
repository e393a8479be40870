// cachedFirKernel (firApply.ts): a copy of the same taps for the same row length gets the same kernel (the signal
// workers receive the taps anew with every group of rows); other taps or another length get their own, equal to
// firKernel's; a caller mutating its taps afterwards does not change the cached kernel.
import { describe, expect, it } from 'vitest';
import { cachedFirKernel, firKernel } from '../../../src/core/signal/firApply';

describe('cachedFirKernel', () => {
  it('hits on equal taps and length, misses otherwise, and keeps its own copy of the taps', () => {
    const taps = Float64Array.from({ length: 101 }, (_, i) => Math.sin(i) / 101);
    const a = cachedFirKernel(taps, 5000);
    expect(cachedFirKernel(Float64Array.from(taps), 5000)).toBe(a);
    expect(Array.from(a.spectrum)).toEqual(Array.from(firKernel(taps, 5000).spectrum));
    const other = cachedFirKernel(taps, 70000);
    expect(other).not.toBe(a);
    expect(other.nfft).toBe(firKernel(taps, 70000).nfft);
    const changed = Float64Array.from(taps);
    changed[50] += 1e-9;
    expect(cachedFirKernel(changed, 5000)).not.toBe(a);
    taps[0] = 42;
    expect(a.taps[0]).toBe(Math.sin(0) / 101);
  });
});
