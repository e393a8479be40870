// The hand-written ONNX exporter: onnxruntime-node loads the file and reproduces the TS engine's eval-mode logits.
import { describe, expect, it } from 'vitest';
import { createModel } from '../../../src/core/training/models';
import { exportOnnx } from '../../../src/core/training/onnx/export';
import { runOnnx } from '../../../src/core/training/onnx/run';
import { predictLogits } from '../../../src/core/training/evaluate';
import { trainModel } from '../../../src/core/training/train';
import { Rng } from '../../../src/core/training/rng';

function randomSet(n: number, C: number, T: number, k: number, seed: number): { x: Float32Array; labels: Int32Array } {
  const rng = new Rng(seed);
  const x = new Float32Array(n * C * T).map(() => rng.normal());
  const labels = Int32Array.from({ length: n }, (_, i) => i % k);
  return { x, labels };
}

describe('ONNX export + onnxruntime-node', () => {
  const spec = { nChannels: 5, nTimes: 300, sfreq: 100, nClasses: 3 };
  for (const name of ['EEGNet', 'SCCNet', 'ShallowConvNet']) {
    it(`${name}: ORT logits equal the engine's eval output to 1e-4, any batch size`, async () => {
      const model = createModel(name, spec, {}, { seed: 4 });
      const train = randomSet(12, spec.nChannels, spec.nTimes, spec.nClasses, 1);
      // a short training run so BN running stats and weights are not at their initial values
      await trainModel(model, { train }, { epochs: 1, batchSize: 6, learningRate: 1e-2, optimizer: 'adam', seed: 1 });
      const bytes = exportOnnx(model);
      for (const n of [1, 7]) {
        const x = randomSet(n, spec.nChannels, spec.nTimes, spec.nClasses, 10 + n).x;
        const ref = predictLogits(model, x);
        const got = await runOnnx(bytes, x, spec);
        expect(got.length).toBe(n * spec.nClasses);
        let worst = 0;
        for (let i = 0; i < ref.length; i++) worst = Math.max(worst, Math.abs(got[i] - ref[i]));
        expect(worst).toBeLessThanOrEqual(1e-4);
      }
    });
  }
});
