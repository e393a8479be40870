import { describe, it, expect } from 'vitest';
import { sweepRows, selectedEpoch } from '../../../src/extension/panels/sweepTable';
import { trainingMessage } from '../../../src/extension/panels/figures';
import { emptyState } from '../../../src/core/study/study';
import type { EpochMetrics, RunRecord } from '../../../src/core/study/types';

const ep = (epoch: number, val: number, test: number, valLoss = 1 - val): EpochMetrics => ({
  epoch,
  seconds: 1,
  lr: 0.001,
  train: { loss: 0.5, accuracy: 0.8, auc: 0.8 },
  val: { loss: valLoss, accuracy: val, auc: val },
  test: { loss: 1 - test, accuracy: test, auc: test },
});

function run(id: string, pointIndex: number, lr: number, status: RunRecord['status'], metrics: EpochMetrics[], selection = 'last_epoch'): RunRecord {
  return {
    id,
    splitId: 's0',
    splitName: 'fold 1',
    repeat: 0,
    seed: 0,
    model: { name: 'EEGNet' } as RunRecord['model'],
    config: {
      epoch: 2,
      batch_size: 32,
      learning_rate: lr,
      repeat: 1,
      device: 'cpu',
      optimizer: 'adam',
      save_checkpoints_every: 0,
      selection: selection as RunRecord['config']['selection'],
      backend: 'local',
      seed: 0,
    },
    status,
    metrics,
    artefacts: {},
    startedAt: '2026-01-01T00:00:00Z',
    sweep: { id: 'sw1', pointIndex, point: { learning_rate: lr } },
  };
}

describe('training dashboard sweep view', () => {
  it('groups sweep runs per grid point with mean ± SD of the selected epoch, ignoring unfinished runs', () => {
    const runs = [
      run('a', 0, 0.001, 'done', [ep(1, 0.5, 0.5), ep(2, 0.7, 0.6)]),
      run('b', 0, 0.001, 'done', [ep(1, 0.6, 0.6), ep(2, 0.9, 0.8)]),
      run('c', 1, 0.01, 'done', [ep(1, 0.8, 0.7, 0.1), ep(2, 0.6, 0.5, 0.4)], 'best_val_loss'),
      run('d', 1, 0.01, 'failed', []),
      { ...run('e', 0, 0.001, 'done', [ep(1, 1, 1)]), sweep: undefined },
    ];
    expect(selectedEpoch(runs[2])?.epoch).toBe(1);
    const rows = sweepRows(runs);
    expect(rows.map((r) => [r.pointIndex, r.label, r.runs, r.done, r.failed])).toEqual([
      [0, 'learning_rate=0.001', 2, 2, 0],
      [1, 'learning_rate=0.01', 2, 1, 1],
    ]);
    expect(rows[0].valAccuracy!.mean).toBeCloseTo(0.8, 12);
    expect(rows[0].valAccuracy!.sd).toBeCloseTo(Math.SQRT2 * 0.1, 12); // sample SD of 0.7 and 0.9
    expect(rows[0].testAccuracy!.mean).toBeCloseTo(0.7, 12);
    expect(rows[1].valAccuracy).toEqual({ mean: 0.8, sd: 0, n: 1 });

    const m = trainingMessage({ ...emptyState(), runs }, { mode: 'sweep' });
    expect(m.type).toBe('figure');
    if (m.type !== 'figure') return;
    expect(m.view.modes).toContain('sweep');
    expect(m.table!.rows[0]).toEqual(['sw1', 'learning_rate=0.001', 2, 2, 0, '80.0% ± 14.1% (n=2)', '70.0% ± 14.1% (n=2)']);
    const plain = trainingMessage({ ...emptyState(), runs: [runs[4]] }, { mode: 'sweep' });
    expect(plain.type === 'figure' && plain.view.modes).toEqual(['loss', 'accuracy', 'auc', 'lr']);
  });
});
