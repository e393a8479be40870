import { describe, it, expect } from 'vitest';
import { evaluationMessage } from '../../../src/extension/panels/figures';
import { evaluationMeta } from '../../../src/core/tools/impl/analysis';
import { classificationReport, summarizeReports } from '../../../src/core/evaluation/metrics';
import type { EvaluationResult, RunReport } from '../../../src/core/evaluation/evaluateRuns';
import { emptyState } from '../../../src/core/study/study';

/** Two runs' real classification reports (sklearn-defined metrics) put through the evaluate tool's own meta builder. */
function realEvaluation(): Record<string, unknown> {
  const classes = ['T1', 'T2'];
  const yTrue = [0, 0, 0, 1, 1, 1, 0, 1];
  const run = (scores: number[], i: number): RunReport => ({
    ...classificationReport(yTrue, scores, classes),
    runId: `run-${i}`,
    splitId: 's0',
    splitName: 'fold 1',
    repeat: i,
    seed: i,
    set: 'test',
  });
  // logits per trial (T1, T2): run 0 gets 7 of 8 right (trial 5 wrong), run 1 and the baseline 6 of 8
  const scores0 = [2, 0, 2, 0, 2, 0, 0, 2, 0, 2, 2, 0, 2, 0, 0, 2];
  const scores1 = [2, 0, 0, 2, 2, 0, 0, 2, 0, 2, 2, 0, 2, 0, 0, 2];
  const runs = [run(scores0, 0), run(scores1, 1)];
  const pooled = classificationReport([...yTrue, ...yTrue], [...scores0, ...scores1], classes);
  const baselineReport = {
    ...classificationReport(yTrue, [2, 0, 2, 0, 0, 2, 2, 0, 0, 2, 0, 2, 2, 0, 0, 2], classes),
    splitId: 's0',
    splitName: 'fold 1',
    set: 'test' as const,
  };
  const res: EvaluationResult = {
    classes,
    runs,
    summary: summarizeReports(runs),
    folds: [{ splitId: 's0', splitName: 'fold 1', runs: 2, summary: summarizeReports(runs) }],
    pooled,
    baseline: { method: 'CSP+LDA', nComponents: 4, splits: [baselineReport], summary: summarizeReports([baselineReport]) },
  };
  return evaluationMeta(res, 'test');
}

describe('evaluation panel on the evaluate tool result', () => {
  it('shows the headline metrics with SD, chance, baseline, the pooled confusion matrix and per-class bars', () => {
    const metrics = realEvaluation();
    const state = { ...emptyState(), evaluations: [{ runIds: ['run-0', 'run-1'], split: 'test', metrics, createdAt: new Date().toISOString() }] };
    const m = evaluationMessage(state as never, {});
    expect(m.type).toBe('figure');
    if (m.type !== 'figure') return;
    const row = (label: string) => m.table!.rows.find((r) => r[0] === label);
    expect(row('accuracy')?.[1]).toBeCloseTo((7 / 8 + 6 / 8) / 2, 4);
    expect(row('accuracy')?.[2]).toBeCloseTo(Math.SQRT1_2 * (1 / 8), 4); // SD of 0.875 and 0.75
    expect(row('accuracy')?.[3]).toBeCloseTo(6 / 8, 4); // baseline: 6 of 8
    for (const label of ['balanced accuracy', 'kappa', 'macro-F1', 'AUC']) expect(row(label)).toBeDefined();
    expect(row('chance (1 / classes)')?.[1]).toBe(0.5);
    expect(m.table!.columns[3]).toBe('CSP+LDA');
    // the pooled confusion matrix (rows true, columns predicted) and per-class precision/recall/F1 from perClass
    const heat = m.figure.data.find((d) => d.type === 'heatmap') as { z: number[][]; x: string[] };
    expect(heat.x).toEqual(['T1', 'T2']);
    expect(heat.z.flat().reduce((a, b) => a + b, 0)).toBe(16);
    expect(heat.z[0][0] + heat.z[1][1]).toBe(13);
    const bars = m.figure.data.filter((d) => d.type === 'bar') as { name: string; x: string[]; y: number[] }[];
    expect(bars.map((b) => b.name)).toEqual(['precision', 'recall', 'f1']);
    expect(bars[0].x).toEqual(['T1', 'T2']);
    for (const b of bars) for (const v of b.y) expect(v).toBeGreaterThan(0.5);
    expect(m.summary).toMatch(/accuracy 81\.3% ± 8\.8%.*chance 50\.0%.*CSP\+LDA baseline 75\.0%/);
  });
});
