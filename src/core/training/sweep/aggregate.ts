/** Mean ± SD per grid point over the finished tasks of a sweep (folds × repeats). */
import type { ProgressEvent } from '../protocol';
import { describePoint, type GridValue, type SweepTask } from './plan';

export type SweepTaskStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

export interface SweepTaskResult {
  task: SweepTask;
  status: SweepTaskStatus;
  /** the selected epoch's metrics (or the last epoch's) */
  final?: ProgressEvent;
  selectedEpoch?: number;
  error?: string;
}

export interface MeanSd {
  mean: number;
  sd: number;
  n: number;
}

export interface PointSummary {
  pointIndex: number;
  point: Record<string, GridValue>;
  label: string;
  done: number;
  failed: number;
  trainLoss: MeanSd | null;
  valAccuracy: MeanSd | null;
  testAccuracy: MeanSd | null;
  testAuc: MeanSd | null;
}

/** Sample SD (ddof = 1, as results across folds/repeats are usually reported); 0 for one value. */
export function meanSd(values: number[]): MeanSd | null {
  const v = values.filter((x) => Number.isFinite(x));
  if (!v.length) return null;
  const mean = v.reduce((s, x) => s + x, 0) / v.length;
  const sd = v.length > 1 ? Math.sqrt(v.reduce((s, x) => s + (x - mean) ** 2, 0) / (v.length - 1)) : 0;
  return { mean, sd, n: v.length };
}

export function aggregateSweep(results: SweepTaskResult[]): PointSummary[] {
  const byPoint = new Map<number, SweepTaskResult[]>();
  for (const r of results) {
    const list = byPoint.get(r.task.pointIndex) ?? [];
    list.push(r);
    byPoint.set(r.task.pointIndex, list);
  }
  return [...byPoint.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([pointIndex, list]) => {
      const done = list.filter((r) => r.status === 'done' && r.final);
      const point = list[0].task.point;
      return {
        pointIndex,
        point,
        label: describePoint(point),
        done: done.length,
        failed: list.filter((r) => r.status === 'failed').length,
        trainLoss: meanSd(done.map((r) => r.final!.train.loss)),
        valAccuracy: meanSd(done.flatMap((r) => (r.final!.val ? [r.final!.val.accuracy] : []))),
        testAccuracy: meanSd(done.flatMap((r) => (r.final!.test ? [r.final!.test.accuracy] : []))),
        testAuc: meanSd(done.flatMap((r) => (r.final!.test ? [r.final!.test.auc] : []))),
      };
    });
}

/** The progress event of the selected epoch (falls back to the last one). */
export function finalMetrics(progress: ProgressEvent[], selectedEpoch: number | undefined): ProgressEvent | undefined {
  return progress.find((p) => p.epoch === selectedEpoch) ?? progress[progress.length - 1];
}
