import type { RunRecord } from '../study/types';
import type { TrainingPayload, TrainingSeries } from '../mime';

/** Loss and accuracy curves of the given runs (the Study's RunRecords), live while any of them is still running. */
export function trainingPayload(runs: readonly RunRecord[]): TrainingPayload {
  const series: TrainingSeries[] = [];
  for (const r of runs) {
    const x = r.metrics.map((m) => m.epoch);
    for (const split of ['train', 'val', 'test'] as const) {
      if (x.length === 0 || !r.metrics.every((m) => m[split])) continue;
      for (const metric of ['loss', 'accuracy'] as const) {
        series.push({ runId: r.id, label: `${r.splitName} r${r.repeat} ${split}`, split, metric, x, y: r.metrics.map((m) => m[split]![metric]) });
      }
    }
  }
  return {
    metric: 'loss',
    xLabel: 'epoch',
    series,
    runs: runs.map((r) => ({ id: r.id, splitName: r.splitName, repeat: r.repeat, seed: r.seed, status: r.status, model: r.model.name })),
    live: runs.some((r) => r.status === 'running'),
  };
}
