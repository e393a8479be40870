import type { EpochMetrics, RunRecord } from '../../core/study/types';
import { meanSd, type MeanSd } from '../../core/training/sweep/aggregate';

/** One row of the dashboard's sweep view: the runs of one grid point of one sweep (folds × repeats). */
export interface SweepPointRow {
  sweepId: string;
  pointIndex: number;
  label: string;
  runs: number;
  done: number;
  failed: number;
  valAccuracy: MeanSd | null;
  testAccuracy: MeanSd | null;
}

/** The epoch a run reports, by its own selection rule (as evaluation and export pick it); the last one otherwise. */
export function selectedEpoch(run: Pick<RunRecord, 'metrics' | 'config'>): EpochMetrics | undefined {
  const m = run.metrics;
  if (m.length === 0) return undefined;
  const best = (score: (e: EpochMetrics) => number | undefined, lower: boolean): EpochMetrics => {
    let pick = m[m.length - 1];
    let bestScore: number | undefined;
    for (const e of m) {
      const s = score(e);
      if (s === undefined || !Number.isFinite(s)) continue;
      if (bestScore === undefined || (lower ? s < bestScore : s > bestScore)) {
        bestScore = s;
        pick = e;
      }
    }
    return pick;
  };
  switch (run.config?.selection) {
    case 'best_val_loss':
      return best((e) => e.val?.loss, true);
    case 'best_val_accuracy':
      return best((e) => e.val?.accuracy, false);
    case 'best_test_accuracy':
      return best((e) => e.test?.accuracy, false);
    default:
      return m[m.length - 1];
  }
}

/**
 * Runs that carry `sweep` grouped per sweep and grid point, with mean ± SD (sample SD, ddof = 1) of the selected
 * epoch's validation and test accuracy over the point's finished runs. Sweeps keep the order they started in.
 */
export function sweepRows(runs: readonly RunRecord[]): SweepPointRow[] {
  const groups = new Map<string, RunRecord[]>();
  for (const r of runs) {
    if (!r.sweep) continue;
    const key = `${r.sweep.id}\u0000${r.sweep.pointIndex}`;
    const g = groups.get(key);
    if (g) g.push(r);
    else groups.set(key, [r]);
  }
  const rows: SweepPointRow[] = [];
  for (const g of groups.values()) {
    const s = g[0].sweep!;
    const done = g.filter((r) => r.status === 'done');
    const sel = done.map(selectedEpoch).filter((e): e is EpochMetrics => e !== undefined);
    rows.push({
      sweepId: s.id,
      pointIndex: s.pointIndex,
      label:
        Object.entries(s.point)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(', ') || '(defaults)',
      runs: g.length,
      done: done.length,
      failed: g.filter((r) => r.status === 'failed').length,
      valAccuracy: meanSd(sel.map((e) => e.val?.accuracy ?? NaN)),
      testAccuracy: meanSd(sel.map((e) => e.test?.accuracy ?? NaN)),
    });
  }
  const order = [...new Set(rows.map((r) => r.sweepId))];
  return rows.sort((a, b) => order.indexOf(a.sweepId) - order.indexOf(b.sweepId) || a.pointIndex - b.pointIndex);
}

export const formatMeanSd = (m: MeanSd | null): string => (m ? `${(100 * m.mean).toFixed(1)}% ± ${(100 * m.sd).toFixed(1)}% (n=${m.n})` : '—');
