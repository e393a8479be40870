/** Python's round() for floats: halves go to the even neighbour (numpy.round and MNE's int(round(x)) do the same). */
export function pyRound(x: number): number {
  const r = Math.round(x);
  // Math.round sends halves up; correct the exact-half case to even
  if (Math.abs(x - Math.trunc(x)) === 0.5 && r % 2 !== 0) return r - 1;
  return r;
}

/** Mean and population std (ddof=0) of a strided slice, computed in float64 with a two-pass formula. */
export function meanStd(a: ArrayLike<number>, start = 0, length = a.length - start): { mean: number; std: number } {
  let s = 0;
  for (let i = 0; i < length; i++) s += a[start + i];
  const mean = s / length;
  let v = 0;
  for (let i = 0; i < length; i++) {
    const d = a[start + i] - mean;
    v += d * d;
  }
  return { mean, std: Math.sqrt(v / length) };
}

/** Format like Python's '%0.2f'. */
export function f2(x: number): string {
  const t = Math.abs(x) * 100;
  if (Number.isInteger(t * 2) && !Number.isInteger(t)) {
    // exact tie: Python rounds half to even, toFixed rounds half up
    const lo = Math.floor(t);
    const v = (lo % 2 === 0 ? lo : lo + 1) / 100;
    return (x < 0 ? '-' : '') + v.toFixed(2);
  }
  return x.toFixed(2);
}

/**
 * mulberry32: a small, fast generator of uniforms in [0, 1), seeded as given. The simulated recordings, the dataset
 * split's tie-break permutation and the protocols' shuffles draw from it (training/rng.ts's Rng mixes its seed first).
 */
export function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
