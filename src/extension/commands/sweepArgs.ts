import { checkGrid, type Grid } from '../../core/training/sweep/plan';
import type { BackendAvailability } from '../../core/training/backends';

/**
 * Checks the JSON typed into the Run Sweep grid box before the tool sees it: JSON, then the core's own grid check
 * (keys it can sweep, non-empty lists). Returns the message to show, or null.
 */
export function checkSweepGrid(text: string): string | null {
  let grid: unknown;
  try {
    grid = JSON.parse(text);
  } catch {
    return 'grid must be JSON, e.g. {"learning_rate": [0.001, 0.0005], "batch_size": [32, 64]}';
  }
  if (!grid || typeof grid !== 'object' || Array.isArray(grid)) return 'grid must be a JSON object mapping parameter names to lists of values';
  try {
    checkGrid(grid as Grid);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Number of runs a sweep starts: grid points × folds × repeats. */
export function sweepRunCount(grid: Record<string, unknown[]>, folds: number, repeats: number): number {
  return Object.values(grid).reduce((n, v) => n * v.length, 1) * folds * repeats;
}

/** Quick-pick rows for the backend choice (or the Show Trainer Backends list): available first, the reason otherwise. */
export function backendItems(list: readonly BackendAvailability[]): { label: string; description: string; detail: string; name: string; available: boolean }[] {
  return [...list]
    .sort((a, b) => Number(b.available) - Number(a.available))
    .map((b) => ({
      label: `${b.available ? '$(check)' : '$(circle-slash)'} ${b.name}`,
      description: b.available ? 'available' : 'unavailable',
      detail: b.detail,
      name: b.name,
      available: b.available,
    }));
}
