/**
 * A sweep: the cross product of a parameter grid × dataset folds × repeats, one trainer job per task.
 * Grid keys are configure_training / set_model parameter names; values are lists.
 */
import { XBrainError } from '../../errors';

export type GridValue = number | string | boolean;
export type Grid = Record<string, GridValue[]>;

/** Parameters a grid may vary: training settings and model hyper-parameters. */
export const GRID_TRAINING_KEYS = ['epoch', 'batch_size', 'learning_rate', 'optimizer', 'selection'] as const;
export const GRID_MODEL_KEYS = ['model_name', 'F1', 'F2', 'D', 'dropout', 'Ns', 'pool_len', 'pool_stride'] as const;
const ALLOWED: readonly string[] = [...GRID_TRAINING_KEYS, ...GRID_MODEL_KEYS];

export interface SweepTask {
  /** 0-based; also the Slurm array task id */
  index: number;
  /** index of the grid point (tasks of one point are aggregated together) */
  pointIndex: number;
  point: Record<string, GridValue>;
  /** index into the dataset's splits */
  fold: number;
  repeat: number;
  seed: number;
}

/** Largest sweep XBrain starts at once (a typo like 1e4 values should not submit ten thousand jobs). */
export const MAX_SWEEP_TASKS = 1000;

export function checkGrid(grid: Grid): void {
  const keys = Object.keys(grid);
  if (!keys.length) throw new XBrainError('invalid_arguments', 'grid is empty: give at least one parameter with a list of values.', { field: 'grid' });
  for (const k of keys) {
    if (!ALLOWED.includes(k)) {
      throw new XBrainError('invalid_arguments', `grid parameter "${k}" cannot be swept; use one of ${ALLOWED.join(', ')}.`, { field: `grid.${k}` });
    }
    const v = grid[k];
    if (!Array.isArray(v) || v.length === 0)
      throw new XBrainError('invalid_arguments', `grid.${k} must be a non-empty list of values.`, { field: `grid.${k}` });
  }
}

/**
 * Grid points in a stable order (keys sorted, last key varying fastest). An empty grid is one point ({}) only when
 * `allowEmpty` (start_training on slurm: every split × repeat of the current configuration as one array job).
 */
export function gridPoints(grid: Grid, allowEmpty = false): Array<Record<string, GridValue>> {
  if (!(allowEmpty && Object.keys(grid).length === 0)) checkGrid(grid);
  const keys = Object.keys(grid).sort();
  let points: Array<Record<string, GridValue>> = [{}];
  for (const k of keys) points = points.flatMap((p) => grid[k].map((v) => ({ ...p, [k]: v })));
  return points;
}

/**
 * Tasks = points × folds × repeats. Seeds are baseSeed + repeat, the same for every point and fold, so grid points
 * are compared on identical initialisations (the repeat's seed is recorded with each run).
 */
export function planSweep(grid: Grid, folds: number, repeats: number, baseSeed: number, allowEmpty = false): SweepTask[] {
  const points = gridPoints(grid, allowEmpty);
  const total = points.length * folds * repeats;
  if (total > MAX_SWEEP_TASKS) {
    throw new XBrainError(
      'invalid_arguments',
      `The sweep would start ${total} runs (${points.length} grid points × ${folds} folds × ${repeats} repeats); the limit is ${MAX_SWEEP_TASKS}.`,
      { field: 'grid', runs: total },
    );
  }
  const tasks: SweepTask[] = [];
  points.forEach((point, pointIndex) => {
    for (let fold = 0; fold < folds; fold++) {
      for (let repeat = 0; repeat < repeats; repeat++) tasks.push({ index: tasks.length, pointIndex, point, fold, repeat, seed: baseSeed + repeat });
    }
  });
  return tasks;
}

export const describePoint = (point: Record<string, GridValue>): string =>
  Object.entries(point)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ') || 'current configuration';
