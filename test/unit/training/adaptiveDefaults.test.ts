// The training options a user leaves unset adapt to the training set (src/core/training/adaptiveDefaults.ts);
// every option the user set is kept as set.
import { describe, expect, it } from 'vitest';
import {
  ADAPTIVE_RULE,
  adaptationText,
  adaptedBatchSize,
  adaptedEpochs,
  fullBatchWarning,
  resolveTraining,
  userSetOptions,
} from '../../../src/core/training/adaptiveDefaults';
import { DEFAULT_TRAINING } from '../../../src/core/training/defaults';
import type { TrainingConfig } from '../../../src/core/study/types';

const folds = (train: number, k = 5) => ({ trainSizes: Array<number>(k).fill(train) });

describe('adapted training defaults', () => {
  it('give a 24-trial training set batch 8 and 100 epochs (3 steps each: 300 optimiser steps); selection stays last_epoch', () => {
    const { config, adapted } = resolveTraining(null, folds(24));
    expect(config).toMatchObject({ batch_size: 8, epoch: 100, selection: 'last_epoch', learning_rate: DEFAULT_TRAINING.learning_rate });
    expect(Math.ceil(24 / config.batch_size) * config.epoch).toBe(ADAPTIVE_RULE.minSteps);
    expect(adapted.map((a) => [a.option, a.from, a.to])).toEqual([
      ['batch_size', 32, 8],
      ['epoch', 10, 100],
    ]);
    expect(adaptationText(adapted)).toMatch(
      /^Defaults adapted to the training set .*batch 32 → 8 \(24 training trials: batch 8 gives 3 optimiser steps per epoch \(batch 32 gave 1\)\); epochs 10 → 100 \(100 epochs × 3 steps = 300 optimiser steps/,
    );
  });

  it("keep XBrainLab's batch 32 from 128 trials up and never go below its 10 epochs", () => {
    expect([8, 24, 40, 64, 100, 128, 500].map(adaptedBatchSize)).toEqual([8, 8, 8, 16, 16, 32, 32]);
    expect(adaptedEpochs(200, 32)).toBe(43); // 7 steps per epoch
    expect(adaptedEpochs(5000, 32)).toBe(10);
    expect(adaptedEpochs(1, 8)).toBe(ADAPTIVE_RULE.maxEpochs);
    const big = resolveTraining(null, folds(5000));
    expect(big.config).toMatchObject({ batch_size: 32, epoch: 10 });
    expect(big.adapted).toEqual([]);
  });

  it('let the smallest training split decide, so every fold trains with the same settings', () => {
    const { config } = resolveTraining(null, { trainSizes: [30, 29, 64] });
    expect(config.batch_size).toBe(8);
    expect(config.epoch).toBe(75); // 29 trials: 4 steps per epoch
  });

  it('never change an option the user set, even when it equals the default', () => {
    const user: TrainingConfig = { ...DEFAULT_TRAINING, epoch: 10, batch_size: 32, selection: 'last_epoch', set_by_user: ['batch_size', 'epoch', 'selection'] };
    const r = resolveTraining(user, folds(24));
    expect(r.config).toEqual(user);
    expect(r.adapted).toEqual([]);
    // only the unset ones move: a batch the user chose sets the steps the epochs are counted from
    const some = resolveTraining({ ...DEFAULT_TRAINING, batch_size: 4, set_by_user: ['batch_size'] }, folds(24));
    expect(some.config).toMatchObject({ batch_size: 4, epoch: 50, selection: 'last_epoch' });
  });

  it('leave a configuration saved before set_by_user was recorded as it was (every option counts as set)', () => {
    const legacy = { ...DEFAULT_TRAINING };
    expect(userSetOptions(legacy).has('batch_size')).toBe(true);
    const r = resolveTraining(legacy, folds(24));
    expect(r.adapted).toEqual([]);
    expect(r.config).toEqual({ ...legacy, set_by_user: Object.keys(legacy).sort() });
    expect(userSetOptions(null).size).toBe(0);
  });

  it('warn, without refusing, when a batch is at least the smallest training split (one full-batch step per epoch)', () => {
    expect(fullBatchWarning({ batch_size: 64, epoch: 40 }, [36, 27, 36])).toMatch(
      /batch 64 ≥ the 27 trials .*\(40 epochs = 40 steps\).*batch 8 would make 4 steps/,
    );
    expect(fullBatchWarning({ batch_size: 27, epoch: 10 }, [27])).toMatch(/the 27 trials/);
    expect(fullBatchWarning({ batch_size: 26, epoch: 10 }, [27])).toBe('');
    expect(fullBatchWarning({ batch_size: 64, epoch: 10 }, [])).toBe('');
  });
});
