import { freemem } from 'node:os';
import { XBrainError } from '../errors';
import type { ToolEnv } from './types';

/**
 * The memory budget a single tool call may allocate, checked *before* the allocation from the call's parameters
 * (window_epoch's windows, epoch_data's epochs, resample_data's output, load_data's recordings). Above it the call is
 * refused with `over_budget` naming the parameter and the estimate, and the Study is left as it was.
 * Configurable: ToolEnv.memoryBudgetMB, else XBRAIN_MEMORY_BUDGET_MB, else half of the memory free at call time
 * (never below 256 MB).
 */
export const MEMORY_BUDGET_ENV = 'XBRAIN_MEMORY_BUDGET_MB';
export const DEFAULT_BUDGET_SHARE = 0.5;
const FLOOR = 256 * 2 ** 20;

export function memoryBudget(env: ToolEnv): number {
  const fromEnv = Number(process.env[MEMORY_BUDGET_ENV]);
  const mb = env.memoryBudgetMB ?? (Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : undefined);
  if (mb !== undefined) return mb * 2 ** 20;
  return Math.max(FLOOR, DEFAULT_BUDGET_SHARE * freemem());
}

export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return 'an unbounded amount of memory';
  if (n >= 2 ** 30) return `${(n / 2 ** 30).toFixed(1)} GB`;
  if (n >= 2 ** 20) return `${(n / 2 ** 20).toFixed(1)} MB`;
  return `${Math.ceil(n / 1024)} KB`;
}

/** Throws `over_budget` when `bytes` (an estimate of what the call would allocate) is above the budget. */
export function checkBudget(env: ToolEnv, bytes: number, parameter: string, what: string): void {
  const budget = memoryBudget(env);
  if (bytes <= budget && Number.isFinite(bytes)) return;
  throw new XBrainError(
    'over_budget',
    `${parameter}: ${what} would need about ${formatBytes(bytes)}, above the memory budget of ${formatBytes(budget)}; nothing was changed. Choose a smaller ${parameter}, or raise the budget (${MEMORY_BUDGET_ENV}) if the machine has the memory.`,
    { parameter, estimateBytes: Number.isFinite(bytes) ? bytes : null, budgetBytes: budget },
  );
}

/**
 * Throws `over_budget` when writing `bytes` of spill files (samples kept on disk, signal/spill.ts) would leave less
 * than 5 % of `free` (the bytes free on the workspace's disk) — checked before the first file is written.
 */
export function checkDiskSpace(bytes: number, free: number, parameter: string, what: string): void {
  if (bytes <= free * 0.95) return;
  throw new XBrainError(
    'over_budget',
    `${parameter}: ${what} would write about ${formatBytes(bytes)} to .xbrain/spill/, but the workspace's disk has ${formatBytes(free)} free; nothing was changed. Free some space or choose a smaller ${parameter}.`,
    { parameter, estimateBytes: bytes, freeBytes: free },
  );
}
