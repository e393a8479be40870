/** The training curves every view draws: plot_training's payload, a training cell's live output and the Training panel. */
import type { RunRecord } from '../study/types';
import type { TrainingPayload, TrainingSeries } from '../mime';

/** What a training curve can show: a per-split figure (loss, accuracy, AUC) or the run's learning rate. */
export const CURVE_METRICS = ['loss', 'accuracy', 'auc', 'lr'] as const;
export type CurveMetric = (typeof CURVE_METRICS)[number];

const SPLITS = ['train', 'val', 'test'] as const;

/**
 * The curves of the runs, in run order: the learning rate once per run (split 'all'), each other metric once per split
 * that every epoch of the run has (a run without epochs has none). Series name their metric only when several are
 * asked for (TrainingSeries.metric); within a run, split by split, metrics in the order given.
 */
export function trainingSeries(runs: readonly RunRecord[], metrics: readonly CurveMetric[]): TrainingSeries[] {
  const tagged = metrics.length > 1;
  const series: TrainingSeries[] = [];
  for (const r of runs) {
    const label = `${r.splitName} r${r.repeat}`;
    const x = r.metrics.map((m) => m.epoch);
    if (metrics.includes('lr')) series.push({ runId: r.id, label, split: 'all', ...(tagged ? { metric: 'lr' } : {}), x, y: r.metrics.map((m) => m.lr) });
    for (const split of SPLITS) {
      if (x.length === 0 || !r.metrics.every((m) => m[split])) continue;
      for (const metric of metrics) {
        if (metric === 'lr') continue;
        series.push({ runId: r.id, label: `${label} ${split}`, split, ...(tagged ? { metric } : {}), x, y: r.metrics.map((m) => m[split]![metric]) });
      }
    }
  }
  return series;
}

/**
 * Curves of the given runs (the Study's RunRecords), live while any of them is still running: loss and accuracy by
 * default (a training cell's live output), or the one metric plot_training was asked for (then also its y label).
 */
export function trainingPayload(runs: readonly RunRecord[], metrics: readonly CurveMetric[] = ['loss', 'accuracy']): TrainingPayload {
  return {
    metric: metrics[0],
    xLabel: 'epoch',
    ...(metrics.length === 1 ? { yLabel: metrics[0] } : {}),
    series: trainingSeries(runs, metrics),
    runs: runs.map((r) => ({ id: r.id, splitName: r.splitName, repeat: r.repeat, seed: r.seed, status: r.status, model: r.model.name })),
    live: runs.some((r) => r.status === 'running'),
  };
}
