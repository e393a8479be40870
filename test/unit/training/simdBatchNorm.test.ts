// BatchNorm2d's float32 training passes in WebAssembly SIMD (simdBatchNorm.ts) give the same bits as its JS loops:
// outputs, running statistics, parameter gradients and input gradients, over two steps and two batch sizes.
import { describe, expect, it } from 'vitest';
import { BatchNorm2d, type Shape3 } from '../../../src/core/training/layers';
import { Rng } from '../../../src/core/training/rng';
import { batchNormSimdAvailable } from '../../../src/core/training/simdBatchNorm';

const same = (a: ArrayLike<number>, b: ArrayLike<number>, what: string): void => {
  expect(a.length, what).toBe(b.length);
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) expect(a[i], `${what}[${i}]`).toBe(b[i]);
};

describe('SIMD BatchNorm2d', () => {
  it('is available in this Node', () => {
    expect(batchNormSimdAvailable()).toBe(true);
  });

  for (const shape of [
    [3, 1, 1000],
    [2, 4, 9],
    [5, 1, 4],
  ] as Shape3[]) {
    it(`${shape.join('×')}: output, running stats and gradients equal the JS loops bit for bit`, () => {
      const simd = new BatchNorm2d(shape, Float32Array);
      const js = new BatchNorm2d(shape, Float32Array, { simd: false });
      const rng = new Rng(5);
      for (const l of [simd, js]) {
        l.weight.data.set([1.5, -0.7, 0.3, 2, 1].slice(0, shape[0]));
        l.bias.data.set([0.1, 0.2, -0.3, 0, 4].slice(0, shape[0]));
      }
      const per = shape[0] * shape[1] * shape[2];
      for (const [step, n] of [
        [0, 3],
        [1, 3],
        [2, 2],
      ]) {
        const x = Float32Array.from({ length: n * per }, () => rng.normal() * 3 + 1);
        const dy = Float32Array.from({ length: n * per }, () => rng.normal());
        same(simd.forward(x, n, true), js.forward(x, n, true), `step ${step} y`);
        same(simd.runningMean.data, js.runningMean.data, `step ${step} running mean`);
        same(simd.runningVar.data, js.runningVar.data, `step ${step} running var`);
        same(simd.backward(dy, true), js.backward(dy, true), `step ${step} dx`);
        same(simd.weight.grad, js.weight.grad, `step ${step} dγ`);
        same(simd.bias.grad, js.bias.grad, `step ${step} dβ`);
      }
      // without the input gradient the parameter gradients still accumulate
      const x = Float32Array.from({ length: 2 * per }, () => rng.normal());
      simd.forward(x, 2, true);
      js.forward(x, 2, true);
      expect(simd.backward(x, false).length).toBe(js.backward(x, false).length);
      same(simd.weight.grad, js.weight.grad, 'dγ without dx');
    });
  }
});
