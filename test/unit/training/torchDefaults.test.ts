// What the deterministic PyTorch parity tests (test/unit/backends) leave out, because they start from one set of
// weights, turn dropout off and fix the batches: the engine's initial-weight distribution, dropout and shuffling
// must follow PyTorch's definitions too, or the two backends learn differently on average (issue 13).
import { describe, expect, it } from 'vitest';
import { Dropout } from '../../../src/core/training/layers';
import { createModel, type ModelName } from '../../../src/core/training/models';
import { Rng } from '../../../src/core/training/rng';
import { shuffleRng, trainModel } from '../../../src/core/training/train';
import { toyData } from './toyData';

const mean = (a: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return s / a.length;
};
const sd = (a: ArrayLike<number>): number => {
  const m = mean(a);
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] - m) ** 2;
  return Math.sqrt(s / (a.length - 1));
};

describe('initial weights: torch defaults (kaiming_uniform_(a=√5) weights, U(±1/√fan_in) biases, BN 1/0)', () => {
  // the real-data shape of the parity benchmark: PhysioNet 64 channels, 4 s at 160 Hz
  const spec = { nChannels: 64, nTimes: 641, sfreq: 160, nClasses: 2 };
  for (const name of ['EEGNet', 'SCCNet', 'ShallowConvNet'] as ModelName[]) {
    it(`${name}: every Conv/Linear tensor is U(±1/√fan_in): in bounds, mean 0, SD 1/√(3·fan_in) (pooled over 4 seeds)`, () => {
      const pooled = new Map<string, { values: number[]; bound: number }>();
      for (let seed = 0; seed < 4; seed++) {
        const state = createModel(name, spec, {}, { seed }).stateDict();
        const fanIn = new Map<string, number>();
        for (const t of state)
          if (t.name.endsWith('.weight') && t.shape.length >= 2)
            fanIn.set(
              t.name.slice(0, -'.weight'.length),
              t.shape.slice(1).reduce((a, b) => a * b, 1),
            );
        for (const t of state) {
          const layer = t.name.replace(/\.(weight|bias)$/, '');
          const f = fanIn.get(layer);
          if (!t.trainable || f === undefined) continue;
          const e = pooled.get(t.name) ?? { values: [], bound: 1 / Math.sqrt(f) };
          for (const v of t.data) e.values.push(v);
          pooled.set(t.name, e);
        }
      }
      expect(pooled.size).toBeGreaterThanOrEqual(4);
      for (const [tensor, { values, bound }] of pooled) {
        const want = bound / Math.sqrt(3);
        expect(
          values.reduce((m, v) => Math.max(m, Math.abs(v)), 0),
          tensor,
        ).toBeLessThanOrEqual(bound);
        // sampling error of a uniform's mean: SD/√n; of its SD: about 0.45·SD/√n
        expect(Math.abs(mean(values)), tensor).toBeLessThan((5 * want) / Math.sqrt(values.length));
        expect(Math.abs(sd(values) - want), tensor).toBeLessThan((3 * want) / Math.sqrt(values.length) + 1e-9);
      }
    });
  }

  it('BatchNorm starts at weight 1, bias 0, running_mean 0, running_var 1 (EEGNet: after its sizing pass on ones, as XBrainLab)', () => {
    for (const name of ['SCCNet', 'ShallowConvNet', 'EEGNet'] as ModelName[]) {
      const state = createModel(name, spec, {}, { seed: 1 }).stateDict();
      const bns = [...new Set(state.filter((t) => t.name.endsWith('running_var')).map((t) => t.name.replace(/\.running_var$/, '')))];
      expect(bns.length).toBeGreaterThan(0);
      for (const bn of bns) {
        const get = (k: string): number[] => Array.from(state.find((t) => t.name === `${bn}.${k}`)!.data);
        expect(get('weight').every((v) => v === 1)).toBe(true);
        expect(get('bias').every((v) => v === 0)).toBe(true);
        // torch: one training-mode pass on constant input: batch variance 0, so running_var = 0.9·1 + 0.1·0
        expect(get('running_var').every((v) => Math.abs(v - (name === 'EEGNet' ? 0.9 : 1)) < 1e-6)).toBe(true);
        if (name !== 'EEGNet') expect(get('running_mean').every((v) => v === 0)).toBe(true);
      }
    }
  });
});

describe('dropout: torch.nn.Dropout (elementwise, survivors scaled by 1/(1−p), identity in eval)', () => {
  for (const ctor of [Float32Array, Float64Array]) {
    it(`${ctor.name}: zeroes a fraction p, scales the rest by 1/(1−p), draws a fresh mask every call, passes the mask back`, () => {
      const p = 0.5;
      const shape: [number, number, number] = [4, 8, 64];
      const n = 8;
      const len = n * 4 * 8 * 64;
      const drop = new Dropout(shape, ctor, p, new Rng(9));
      const x = new ctor(len);
      for (let i = 0; i < len; i++) x[i] = 1 + (i % 7);
      const y1 = Array.from(drop.forward(x, n, true));
      const dx = drop.backward(new ctor(len).fill(1), true);
      let zeros = 0;
      let badScale = 0;
      let badGrad = 0;
      for (let i = 0; i < len; i++) {
        if (y1[i] === 0) zeros++;
        else if (Math.abs(y1[i] - x[i] / (1 - p)) > 1e-5) badScale++;
        if (dx[i] !== (y1[i] === 0 ? 0 : 1 / (1 - p))) badGrad++;
      }
      expect(badScale).toBe(0);
      expect(badGrad).toBe(0);
      // binomial(len, p): 5 SD either side
      expect(Math.abs(zeros - p * len)).toBeLessThan(5 * Math.sqrt(len * p * (1 - p)));
      // unbiased: E[y] = x
      expect(Math.abs(mean(y1) / mean(x) - 1)).toBeLessThan(0.03);
      const y2 = Array.from(drop.forward(x, n, true));
      let same = 0;
      for (let i = 0; i < len; i++) if ((y1[i] === 0) === (y2[i] === 0)) same++;
      // independent masks agree on about half the elements, not on all
      expect(Math.abs(same / len - 0.5)).toBeLessThan(0.03);
      const evalOut = drop.forward(x, n, false);
      expect(Array.from(evalOut)).toEqual(Array.from(x));
    });
  }
});

describe('shuffling: a fresh permutation every epoch, from a stream apart from the weight init', () => {
  it('the shuffle stream of a seed is not the stream createModel draws the initial weights from', () => {
    for (const seed of [0, 7, 100, 1000]) {
      const init = new Rng(seed);
      const shuffle = shuffleRng(seed);
      const a = Array.from({ length: 8 }, () => init.next());
      const b = Array.from({ length: 8 }, () => shuffle.next());
      expect(b).not.toEqual(a);
      const p1 = shuffle.permutation(40);
      const p2 = shuffle.permutation(40);
      expect(Array.from(p2)).not.toEqual(Array.from(p1));
      expect([...p1].sort((u, v) => u - v)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    }
  });

  it("trainModel's shuffled epochs are shuffleRng's successive permutations (checked by replaying them as a batch order)", async () => {
    const spec = { nChannels: 4, nTimes: 160, sfreq: 64, nClasses: 2 };
    const data = toyData(20, spec.nChannels, spec.nTimes, spec.sfreq, 1);
    const cfg = { epochs: 3, batchSize: 8, learningRate: 0.01, optimizer: 'adam' as const, seed: 5, threads: 1 };
    const run = async (batchOrder?: (epoch: number) => Int32Array): Promise<number[]> => {
      const losses: number[] = [];
      await trainModel(
        createModel('EEGNet', spec, { dropout: 0 }, { seed: 2 }),
        { train: data },
        { ...cfg, batchOrder },
        { onStep: (_s, l) => losses.push(l) },
      );
      return losses;
    };
    const rng = shuffleRng(cfg.seed);
    const orders = Array.from({ length: cfg.epochs }, () => rng.permutation(20));
    const shuffled = await run();
    expect(await run((e) => orders[e - 1])).toEqual(shuffled);
    // and the init stream's permutations (the order before the streams were separated) give other batches
    const initStream = new Rng(cfg.seed);
    const initOrders = Array.from({ length: cfg.epochs }, () => initStream.permutation(20));
    expect(await run((e) => initOrders[e - 1])).not.toEqual(shuffled);
  });
});
