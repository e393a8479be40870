import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRecording } from '../../../src/core/io/read';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { fitCspLda, cspLdaScores, subset } from '../../../src/core/evaluation/cspLda';
import { classificationReport, summarizeReports } from '../../../src/core/evaluation/metrics';
import { repoRoot, testDataDir } from '../helpers/paths';

/** Real PhysioNet S001 data through the Study: read → band-pass 8–30 Hz → epochs 0–4 s → k-fold → CSP+LDA per fold. */
async function cspKfold(runs: string[], folds: number) {
  const study = new Study();
  const recordings = await Promise.all(runs.map((f) => readRecording(join(testDataDir, f))));
  study.commit({ recordings, loadedEvents: recordings.map((r) => r.events) }, ['recordings']);
  const reg = new ToolRegistry();
  const ctx = { study, env: { workspace: mkdtempSync(join(tmpdir(), 'xb-physio-')), packageRoot: repoRoot, trusted: true } };
  for (const [tool, args] of [
    ['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }],
    ['epoch_data', { t_min: 0, t_max: 4, event_id: ['T1', 'T2'], baseline: null }],
    ['generate_dataset', { test_ratio: 0.2, val_ratio: 0, split_strategy: 'trial', training_mode: 'group', unit: 'kfold', folds }],
  ] as const) {
    const r = await reg.invoke(tool, args as Record<string, unknown>, ctx);
    if (r.type === 'error') throw new Error(`${tool}: ${r.content}`);
  }
  const e = study.state.epochs!;
  const reports = study.state.dataset!.splits.map((sp) => {
    const m = fitCspLda(
      subset(e.data, e.nChannels, e.nTimes, sp.train),
      Array.from(sp.train, (i) => e.labels[i]),
    );
    const scores = cspLdaScores(m, subset(e.data, e.nChannels, e.nTimes, sp.test));
    return classificationReport(
      Array.from(sp.test, (i) => e.labels[i]),
      scores,
      ['T1', 'T2'],
    );
  });
  return { e, splits: study.state.dataset!.splits, summary: summarizeReports(reports), reports };
}

export { cspKfold };

describe('CSP+LDA on PhysioNet S001 (real EDF files)', () => {
  it('runs 10/14 (imagined fists vs feet), 5-fold by trial: high accuracy', async () => {
    const { e, splits, summary } = await cspKfold(['S001R10.edf', 'S001R14.edf'], 5);
    expect(e.nChannels).toBe(64);
    expect(e.nTimes).toBe(641); // 0–4 s at 160 Hz, both ends included as MNE
    expect(e.nEpochs).toBe(30);
    expect(splits.map((s) => s.name)).toEqual(['Fold_0', 'Fold_1', 'Fold_2', 'Fold_3', 'Fold_4']);
    expect(splits.flatMap((s) => Array.from(s.test)).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    console.log(
      `S001 R10+R14 CSP+LDA 5-fold accuracy ${summary.accuracy.mean.toFixed(3)} ± ${summary.accuracy.sd.toFixed(3)}, kappa ${summary.kappa.mean.toFixed(3)}`,
    );
    expect(summary.accuracy.mean).toBeGreaterThanOrEqual(0.9);
  }, 60_000);
});
