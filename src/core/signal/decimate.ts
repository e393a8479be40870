/**
 * Decimation of sample rows for drawing, the one home of both kinds a figure needs:
 * - `minMaxDecimate` keeps the min and the max of each bucket, each at its own time, so peaks survive; every row gets
 *   its own x (the panels draw each channel as its own trace);
 * - `strideDecimate` keeps every `step`-th sample, so all rows of a figure share one time axis (the notebook's
 *   EpochsPayload carries a single `times`).
 */

/** Min/max decimation of one row to at most `maxPoints` points (pairs of min and max per bucket). */
export function minMaxDecimate(row: ArrayLike<number>, t0: number, dt: number, maxPoints: number): { x: number[]; y: number[] } {
  const n = row.length;
  if (n <= maxPoints) {
    const x = new Array<number>(n),
      y = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      x[i] = t0 + i * dt;
      y[i] = row[i];
    }
    return { x, y };
  }
  const buckets = Math.floor(maxPoints / 2);
  const size = n / buckets;
  const x: number[] = [],
    y: number[] = [];
  for (let b = 0; b < buckets; b++) {
    const s = Math.floor(b * size),
      e = Math.min(n, Math.floor((b + 1) * size));
    let lo = s,
      hi = s;
    for (let i = s; i < e; i++) {
      if (row[i] < row[lo]) lo = i;
      if (row[i] > row[hi]) hi = i;
    }
    const [a, c] = lo < hi ? [lo, hi] : [hi, lo];
    x.push(t0 + a * dt, t0 + c * dt);
    y.push(row[a], row[c]);
  }
  return { x, y };
}

/** The step that brings `n` samples to at most `maxPoints`. */
export function decimationStep(n: number, maxPoints: number): number {
  return Math.max(1, Math.ceil(n / maxPoints));
}

/** `value` of samples start, start + step, … of `row` (the first `n` from `start`). */
export function strideDecimate(row: ArrayLike<number>, start: number, n: number, step: number, value: (v: number) => number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i += step) out.push(value(row[start + i]));
  return out;
}
