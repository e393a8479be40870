/**
 * Input standardisation fitted on the training fold and carried by the model.
 *
 * Why: EEG epochs arrive in volts (sd ~1e-5). Every model starts with a linear convolution followed by BatchNorm
 * whose eps (1e-5) then dwarfs the batch variance (~1e-11), so BatchNorm no longer normalises, activations stay
 * ~1e-3 and the network barely learns (PyTorch behaves the same). Standardising the inputs makes training
 * independent of the unit. The statistics come from the training fold only (no leakage from validation or test);
 * they travel with the weights (`inputNorm` in the weights index) and are the first operations of the exported ONNX
 * graph, so evaluation, saliency and inference on new recordings see the same scaling as training.
 *
 * What: per-channel mean (removes DC offsets that would otherwise dominate) and one scale for all channels (the
 * pooled SD after centring). A single scale keeps the relative channel amplitudes, i.e. the spatial patterns the
 * spatial filters and saliency topographies rely on, and cannot blow up a flat or dead channel. On data that are
 * already z-scored it is close to the identity.
 */
export interface InputNorm {
  /** per-channel value subtracted first */
  mean: Float32Array;
  /** per-channel divisor (all equal for the pooled scale) */
  std: Float32Array;
}

/** Fits the statistics on n × C × T training epochs (C order). */
export function fitInputNorm(x: Float32Array, nChannels: number, nTimes: number): InputNorm {
  const per = nChannels * nTimes;
  const n = x.length / per;
  if (!Number.isInteger(n) || n < 1) throw new Error(`fitInputNorm: ${x.length} values are not a positive multiple of C×T = ${per}`);
  const mean = new Float32Array(nChannels);
  const sum = new Float64Array(nChannels);
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < nChannels; c++) {
      const base = i * per + c * nTimes;
      let s = 0;
      for (let t = 0; t < nTimes; t++) s += x[base + t];
      sum[c] += s;
    }
  }
  const count = n * nTimes;
  for (let c = 0; c < nChannels; c++) mean[c] = sum[c] / count;
  let ss = 0;
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < nChannels; c++) {
      const base = i * per + c * nTimes;
      const m = mean[c];
      for (let t = 0; t < nTimes; t++) {
        const d = x[base + t] - m;
        ss += d * d;
      }
    }
  }
  const sd = Math.sqrt(ss / (count * nChannels));
  // Constant input: nothing to scale (dividing by 0 would give NaN).
  const scale = sd > 0 && Number.isFinite(sd) ? sd : 1;
  return { mean, std: new Float32Array(nChannels).fill(scale) };
}

/** out[i, c, t] = (x[i, c, t] − mean[c]) / std[c]; out may be x. */
export function applyInputNorm(
  norm: InputNorm,
  x: Float32Array | Float64Array,
  nChannels: number,
  nTimes: number,
  out: Float32Array | Float64Array = x,
): Float32Array | Float64Array {
  const per = nChannels * nTimes;
  const n = x.length / per;
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < nChannels; c++) {
      const base = i * per + c * nTimes;
      const m = norm.mean[c];
      const inv = 1 / norm.std[c];
      for (let t = 0; t < nTimes; t++) out[base + t] = (x[base + t] - m) * inv;
    }
  }
  return out;
}

/** The JSON form kept in a weights index. */
export interface InputNormJson {
  method: 'train-fold channel mean, pooled sd';
  mean: number[];
  std: number[];
}

export const inputNormToJson = (n: InputNorm): InputNormJson => ({
  method: 'train-fold channel mean, pooled sd',
  mean: Array.from(n.mean),
  std: Array.from(n.std),
});

/** Reads the JSON form, checking it fits nChannels; `where` names the file for the error. */
export function inputNormFromJson(j: unknown, nChannels: number, where: string): InputNorm {
  const o = j as Partial<InputNormJson> | null;
  const ok = (a: unknown): a is number[] => Array.isArray(a) && a.length === nChannels && a.every((v) => typeof v === 'number' && Number.isFinite(v));
  if (!o || !ok(o.mean) || !ok(o.std) || o.std.some((v) => v <= 0)) {
    throw new Error(`${where}: inputNorm must hold ${nChannels} finite means and ${nChannels} positive SDs`);
  }
  return { mean: Float32Array.from(o.mean), std: Float32Array.from(o.std) };
}
