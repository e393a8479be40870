/**
 * ONNX inference with onnxruntime-node (CPU). The package is loaded lazily and stays external to the bundles.
 */
import type { InferenceSession } from 'onnxruntime-node';

type Ort = typeof import('onnxruntime-node');
let ortPromise: Promise<Ort> | null = null;
const loadOrt = (): Promise<Ort> => (ortPromise ??= import('onnxruntime-node'));

/** Opens an ONNX model (bytes or file path) for repeated inference. */
export async function openOnnx(source: Uint8Array | string): Promise<InferenceSession> {
  const ort = await loadOrt();
  return typeof source === 'string' ? ort.InferenceSession.create(source) : ort.InferenceSession.create(source);
}

/**
 * Runs a model exported by exportOnnx on n × C × T inputs and returns the n × nClasses logits.
 * nChannels and nTimes give the shape of one input row.
 */
export async function runOnnx(
  source: Uint8Array | string | InferenceSession,
  x: Float32Array,
  shape: { nChannels: number; nTimes: number },
): Promise<Float32Array> {
  const ort = await loadOrt();
  const session = typeof source === 'object' && !(source instanceof Uint8Array) ? source : await openOnnx(source);
  const per = shape.nChannels * shape.nTimes;
  const n = x.length / per;
  if (!Number.isInteger(n)) throw new Error(`input has ${x.length} values, not a multiple of C×T = ${per}`);
  const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', x, [n, shape.nChannels, shape.nTimes]) };
  const out = await session.run(feeds);
  const logits = out[session.outputNames[0]];
  return Float32Array.from(logits.data as Float32Array);
}
