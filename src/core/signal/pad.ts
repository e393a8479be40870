/**
 * MNE's `_smart_pad(x, (nLeft, nRight), 'reflect_limited')`: odd (point-symmetric) reflection about the edge samples,
 * 2·x[0] − x[k], with zeros beyond when the signal is shorter than the pad. Returns a new float64 array.
 */
export function reflectLimitedPad(x: ArrayLike<number>, nLeft: number, nRight: number): Float64Array {
  const n = x.length;
  const out = new Float64Array(n + nLeft + nRight);
  const lz = Math.max(nLeft - n + 1, 0);
  const rz = Math.max(nRight - n + 1, 0);
  const x0 = x[0],
    xl = x[n - 1];
  // left: x[nLeft:0:-1] reflected → positions lz .. nLeft-1 hold 2·x0 − x[k] for k = nLeft-lz … 1
  let o = lz;
  for (let k = nLeft - lz; k >= 1; k--) out[o++] = 2 * x0 - x[k];
  for (let i = 0; i < n; i++) out[nLeft + i] = x[i];
  // right: x[-2:-nRight-2:-1] → x[n-2], x[n-3], … (nRight − rz values)
  o = nLeft + n;
  for (let k = 0; k < nRight - rz; k++) out[o++] = 2 * xl - x[n - 2 - k];
  return out;
}

/** SciPy's `odd_ext(x, n)`: 2·x[0] − x[n..1] · x · 2·x[-1] − x[-2..-n-1]. */
export function oddExtension(x: ArrayLike<number>, n: number): Float64Array {
  const len = x.length;
  const out = new Float64Array(len + 2 * n);
  const x0 = x[0],
    xl = x[len - 1];
  for (let k = 0; k < n; k++) out[k] = 2 * x0 - x[n - k];
  for (let i = 0; i < len; i++) out[n + i] = x[i];
  for (let k = 0; k < n; k++) out[n + len + k] = 2 * xl - x[len - 2 - k];
  return out;
}
