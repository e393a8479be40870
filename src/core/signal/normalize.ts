/** XBrainLab's normalisation: z-score (x − mean) / (std + eps) or min-max (x − min) / (max − min + eps), eps 1e-12. */
export type NormalizeMethod = 'z-score' | 'min-max';
export const NORMALIZE_EPS = 1e-12;

/** Normalise src[start, start+len) into dst at the same offsets (float64 statistics). */
export function normalizeSegment(src: ArrayLike<number>, dst: { [i: number]: number }, start: number, len: number, method: NormalizeMethod): void {
  if (method === 'z-score') {
    let s = 0;
    for (let i = 0; i < len; i++) s += src[start + i];
    const mean = s / len;
    let v = 0;
    for (let i = 0; i < len; i++) {
      const d = src[start + i] - mean;
      v += d * d;
    }
    const inv = 1 / (Math.sqrt(v / len) + NORMALIZE_EPS);
    for (let i = 0; i < len; i++) dst[start + i] = (src[start + i] - mean) * inv;
  } else {
    let mn = Infinity,
      mx = -Infinity;
    for (let i = 0; i < len; i++) {
      const x = src[start + i];
      if (x < mn) mn = x;
      if (x > mx) mx = x;
    }
    const inv = 1 / (mx - mn + NORMALIZE_EPS);
    for (let i = 0; i < len; i++) dst[start + i] = (src[start + i] - mn) * inv;
  }
}
