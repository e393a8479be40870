/**
 * Re-referencing (MNE `set_eeg_reference`): subtract, at every sample, the mean of the reference channels from the
 * EEG channels. "average" uses all EEG channels (x − x.mean(axis=0)); a list uses those channels (a single reference
 * channel becomes flat zero, as in MNE). Non-EEG channels are left as they are.
 */
export function rereference(
  data: readonly ArrayLike<number>[], refIdx: readonly number[], applyTo: readonly number[], nTimes: number,
): Float64Array {
  // returns the reference signal (float64) so callers can subtract it while writing their own output type
  const ref = new Float64Array(nTimes);
  for (const r of refIdx) {
    const row = data[r];
    for (let i = 0; i < nTimes; i++) ref[i] += row[i];
  }
  const inv = 1 / refIdx.length;
  for (let i = 0; i < nTimes; i++) ref[i] *= inv;
  void applyTo;
  return ref;
}

/** New rows: row − ref for the channels in applyTo, the same row object otherwise (rows are immutable). */
export function subtractReference<T extends Float32Array | Float64Array>(
  data: readonly T[], ref: Float64Array, applyTo: readonly number[], make: (n: number) => T,
): T[] {
  const set = new Set(applyTo);
  return data.map((row, c) => {
    if (!set.has(c)) return row;
    const out = make(row.length);
    for (let i = 0; i < row.length; i++) out[i] = row[i] - ref[i];
    return out;
  });
}
