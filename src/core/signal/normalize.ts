import { meanStd } from './numeric';

/** XBrainLab's normalisation: z-score (x − mean) / (std + eps) or min-max (x − min) / (max − min + eps), eps 1e-12. */
export type NormalizeMethod = 'z-score' | 'min-max';
export const NORMALIZE_EPS = 1e-12;

/** Normalise src[start, start+len) into dst at the same offsets (float64 statistics). */
export function normalizeSegment(src: ArrayLike<number>, dst: { [i: number]: number }, start: number, len: number, method: NormalizeMethod): void {
  if (method === 'z-score') {
    const { mean, std } = meanStd(src, start, len);
    const inv = 1 / (std + NORMALIZE_EPS);
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
