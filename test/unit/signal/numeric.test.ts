import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/core/signal/numeric';
import { rng } from '../../../src/core/io/simulate';

describe('mulberry32: the one seeded generator of the simulator, the dataset split and the protocols', () => {
  it('draws the reference sequence (the plain 32-bit mulberry32, seed used as given)', () => {
    const draws = (seed: number) => {
      const r = mulberry32(seed);
      return [r(), r(), r()];
    };
    expect(draws(0)).toEqual([0.26642920868471265, 0.0003297457005828619, 0.2232720274478197]);
    expect(draws(42)).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
    // the seed is taken modulo 2^32
    expect(draws(2 ** 32 + 42)).toEqual(draws(42));
    expect(draws(-1)).toEqual([0.8964226141106337, 0.189478256739676, 0.7156526781618595]);
    expect(rng).toBe(mulberry32);
  });
});
