import { describe, expect, it } from 'vitest';
import { combineParityOutputs, meanCi95, type ParityOutput, signTest } from '../../../bench/parityStats';

const config = {
  commonInit: true,
  defaults: false,
  epochs: 40,
  batch: 8,
  lr: 0.001,
  selection: 'last_epoch',
  normalize: 'none',
  folds: 2,
  threads: 1,
  files: [],
  perSubject: false,
};
const output = (firstSeed: number, cells: ParityOutput['cells'], extra: Record<string, unknown> = {}): ParityOutput => ({
  config: { ...config, ...extra, firstSeed },
  cells,
});
const cell = (dataset: string, model: string, backend: string, accuracy: Array<Array<number | null>>): ParityOutput['cells'][number] => ({
  dataset,
  model,
  backend,
  accuracy,
});

describe('signTest and meanCi95', () => {
  it('gives the exact two-sided binomial p of the non-zero differences', () => {
    expect(signTest([1, 1, 1, 1, 1])).toEqual({ plus: 5, minus: 0, ties: 0, p: 2 / 32 });
    expect(signTest([0.2, -0.1, 0, 0])).toEqual({ plus: 1, minus: 1, ties: 2, p: 1 });
    expect(signTest([0, 0]).p).toBe(1);
  });

  it('uses Student t with n − 1 degrees of freedom', () => {
    const ci = meanCi95([0, 2]);
    expect(ci.mean).toBe(1);
    expect(ci.hi - ci.mean).toBeCloseTo(12.706, 6);
  });
});

describe('combineParityOutputs', () => {
  it('pools seeds of separate runs into one set of (seed, fold) pairs', () => {
    const a = output(0, [cell('ff', 'EEGNet', 'local', [[0.5, 1]]), cell('ff', 'EEGNet', 'pytorch', [[0.5, 0.5]])]);
    const b = output(1, [
      cell('ff', 'EEGNet', 'local', [
        [1, 1],
        [0.5, 0.5],
      ]),
      cell('ff', 'EEGNet', 'pytorch', [
        [0.5, 0.5],
        [1, 0.5],
      ]),
    ]);
    const [s] = combineParityOutputs([
      { name: 'a', output: a },
      { name: 'b', output: b },
    ]);
    expect(s).toMatchObject({ dataset: 'ff', model: 'EEGNet', pair: ['local', 'pytorch'], seeds: [0, 100, 200], pairs: 6 });
    // diffs (seed, fold order): 0, 0.5, 0.5, 0.5, −0.5, 0
    expect(s.meanA).toBeCloseTo(4.5 / 6, 12);
    expect(s.meanB).toBeCloseTo(3.5 / 6, 12);
    expect(s.meanDiff).toBeCloseTo(1 / 6, 12);
    expect(s.signTest).toMatchObject({ plus: 3, minus: 1, ties: 2 });
  });

  it('counts a seed run twice with the same accuracies once, and refuses one that differs', () => {
    const run = output(0, [cell('lr', 'SCCNet', 'local', [[1, 0.5]]), cell('lr', 'SCCNet', 'pytorch', [[0.5, 0.5]])]);
    const [s] = combineParityOutputs([
      { name: 'a', output: run },
      { name: 'b', output: run },
    ]);
    expect(s.pairs).toBe(2);
    const other = output(0, [cell('lr', 'SCCNet', 'local', [[1, 1]]), cell('lr', 'SCCNet', 'pytorch', [[0.5, 0.5]])]);
    expect(() =>
      combineParityOutputs([
        { name: 'a', output: run },
        { name: 'b', output: other },
      ]),
    ).toThrow(/lr SCCNet local seed 0 fold 1 is 0.5 in a but 1 in b/);
  });

  it('refuses outputs trained with different settings', () => {
    const a = output(0, [cell('ff', 'EEGNet', 'local', [[1, 1]]), cell('ff', 'EEGNet', 'pytorch', [[1, 1]])]);
    const b = output(1, a.cells, { epochs: 20 });
    expect(() =>
      combineParityOutputs([
        { name: 'a', output: a },
        { name: 'b', output: b },
      ]),
    ).toThrow(/b has epochs = 20 but a has 40/);
    // another epoch window does not pool; an output from before the window was a flag ran the PhysioNet one (0–4 s)
    const w = output(1, a.cells, { events: ['769', '770'], tmin: 0.5, tmax: 4.5, band: [8, 30] });
    expect(() =>
      combineParityOutputs([
        { name: 'a', output: a },
        { name: 'w', output: w },
      ]),
    ).toThrow(/w has events = \["769","770"\] but a has \["T1","T2"\]/);
    const now = output(1, a.cells, { events: ['T1', 'T2'], tmin: 0, tmax: 4, band: [8, 30] });
    expect(
      combineParityOutputs([
        { name: 'a', output: a },
        { name: 'now', output: now },
      ])[0].pairs,
    ).toBe(4);
  });

  it('pairs only the keys both backends have, compares replicas with their engine and pools a family over datasets', () => {
    const run = output(0, [
      cell('ff', 'EEGNet', 'local', [[1, 0.5]]),
      cell('ff', 'EEGNet', 'pytorch', [[0.5, null]]),
      cell('ff', 'EEGNet', 'local:1', [[1, 1]]),
      cell('lr', 'EEGNet', 'local', [[0.5, 0.5]]),
      cell('lr', 'EEGNet', 'pytorch', [[1, 0.5]]),
    ]);
    const out = combineParityOutputs([{ name: 'a', output: run }]);
    const find = (dataset: string, b: string) => out.find((s) => s.dataset === dataset && s.pair[1] === b)!;
    expect(find('ff', 'pytorch')).toMatchObject({ pairs: 1, meanDiff: 0.5 });
    expect(find('ff', 'local:1')).toMatchObject({ pair: ['local', 'local:1'], pairs: 2, meanDiff: -0.25 });
    expect(find('lr', 'pytorch')).toMatchObject({ pairs: 2, meanDiff: -0.25 });
    // ff contributes its one pair, lr its two: (0.5 − 0.5 + 0) / 3
    expect(find('all', 'pytorch')).toMatchObject({ model: 'EEGNet', pairs: 3, meanDiff: 0 });
    expect(find('all', 'local:1').pairs).toBe(2);
  });
});
