// start_training's confirmation warns when the epochs are still in volts, were never normalised and the trainer is
// told not to standardise them (input_norm none), and stays quiet for normalised data or the default input_norm.
import { describe, expect, it } from 'vitest';
import type { Epochs } from '../../../src/core/signal/types';
import { Study } from '../../../src/core/study/study';
import { DEFAULT_TRAINING } from '../../../src/core/training/defaults';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { toyData } from './toyData';

function study(scale: number, normalised: boolean, inputNorm: 'none' | 'train_fold' | null = 'none'): Study {
  const n = 20;
  const { x, labels } = toyData(n, 4, 160, 64, 3);
  for (let i = 0; i < x.length; i++) x[i] *= scale;
  const epochs: Epochs = {
    data: x,
    nEpochs: n,
    nChannels: 4,
    nTimes: 160,
    channels: ['C3', 'Cz', 'C4', 'Pz'],
    sfreq: 64,
    tmin: 0,
    eventId: { T1: 0, T2: 1 },
    labels,
    subject: Array(n).fill('S1'),
    session: Array(n).fill('R1'),
    recording: new Int32Array(n),
    eventSample: Int32Array.from({ length: n }, (_, i) => i),
    baseline: null,
  };
  const s = new Study();
  const idx = (a: number, b: number): Int32Array => Int32Array.from({ length: b - a }, (_, i) => a + i);
  s.commit(
    {
      epochs,
      epochHistory: normalised ? [{ op: 'normalize', params: { method: 'z-score' }, shape: [[n, 4, 160]], description: 'z-score', at: '' }] : [],
      dataset: {
        config: { test_ratio: 0.2, val_ratio: 0, split_strategy: 'trial', training_mode: 'group' },
        splits: [{ id: 'a', name: 'Fold_0', train: idx(0, 16), val: idx(0, 0), test: idx(16, 20) }],
        audit: { overlap: 0, warnings: [] },
        createdAt: '',
      },
    },
    ['epochs', 'datasets'],
  );
  if (inputNorm) s.commit({ training: { ...DEFAULT_TRAINING, input_norm: inputNorm } }, ['training']);
  return s;
}

describe('start_training scale warning', () => {
  const ctx = (s: Study) => ({ study: s, env: { workspace: '/nonexistent', packageRoot: '/nonexistent', trusted: true } });
  it('warns for data in volts without normalisation when the trainer must not standardise (input_norm none)', async () => {
    const r = await new ToolRegistry().invoke('start_training', {}, ctx(study(2e-5, false)));
    expect(r.type).toBe('confirm');
    expect(r.content).toMatch(/not normalised \(std ≈ [0-9.]+e-5, volts\) and input_norm is none.*input_norm="train_fold".*normalize_data/);
  });
  it('is quiet for unit-scale or normalised data, and for volts the trainer standardises (the default)', async () => {
    for (const s of [study(1, false), study(2e-5, true), study(2e-5, false, 'train_fold'), study(2e-5, false, null)]) {
      const r = await new ToolRegistry().invoke('start_training', {}, ctx(s));
      expect(r.type).toBe('confirm');
      expect(r.content).not.toMatch(/normalised/);
    }
  });
});
