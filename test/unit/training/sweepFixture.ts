// A Study with epochs (toy data, 4 channels) and a 2-fold dataset, with the registry and a tool context whose package
// root holds the trainer bundle: the setup of the run_sweep tests, local (test/unit/training) and slurm (backends).
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { Epochs } from '../../../src/core/signal/types';
import { Study } from '../../../src/core/study/study';
import type { Dataset } from '../../../src/core/study/types';
import { ToolRegistry } from '../../../src/core/tools/registry';
import type { ToolContext } from '../../../src/core/tools/types';
import { toyData } from './toyData';

const range = (a: number, b: number): Int32Array => Int32Array.from({ length: b - a }, (_, i) => a + i);

export function sweepSetup(tmp: string, packageRoot: string, name: string): { study: Study; reg: ToolRegistry; ctx: ToolContext; progress: string[] } {
  const n = 40;
  const { x, labels } = toyData(n, 4, 160, 64, 9);
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
    subject: Array(n).fill('S001'),
    session: Array(n).fill('R04'),
    recording: new Int32Array(n),
    eventSample: range(0, n),
    baseline: null,
  };
  const dataset: Dataset = {
    config: { test_ratio: 0.2, val_ratio: 0.1, split_strategy: 'trial', training_mode: 'group' },
    splits: [
      { id: 'f1', name: 'Fold_1', train: range(0, 28), val: range(28, 32), test: range(32, 40) },
      { id: 'f2', name: 'Fold_2', train: range(12, 40), val: range(8, 12), test: range(0, 8) },
    ],
    audit: { overlap: 0, warnings: [] },
    createdAt: new Date(0).toISOString(),
  };
  const workspace = path.join(tmp, name);
  mkdirSync(workspace, { recursive: true });
  const study = new Study();
  study.commit({ epochs, dataset }, ['epochs', 'datasets']);
  const progress: string[] = [];
  return {
    study,
    reg: new ToolRegistry(),
    ctx: { study, env: { workspace, packageRoot, trusted: true }, progress: (m) => progress.push(m), awaitLongJobs: true },
    progress,
  };
}
