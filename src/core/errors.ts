/**
 * The floor every layer may import (docs/architecture.md §1): the typed failure XBrain raises for bad input, a missing
 * file or a refused call. Nothing here imports anything, so signal, io, training … can name an error without reaching
 * up into the tools.
 */
export type ErrorCode =
  | 'invalid_arguments'
  | 'unknown_tool'
  | 'stage_unavailable'
  | 'not_implemented'
  | 'not_found'
  | 'bad_file'
  | 'invalid_state'
  | 'cancelled'
  | 'untrusted'
  /** a path resolves (symbolic links followed) outside the workspace and the configured data folders */
  | 'outside_workspace'
  /** another process holds the workspace's Study lock (.xbrain/study.lock) */
  | 'study_locked'
  /** the call would allocate more memory than the budget allows (src/core/tools/budget.ts) */
  | 'over_budget'
  | 'unavailable'
  | 'internal';

/** A typed failure that names what was wrong; tools throw it, the registry turns it into an error result. */
export class XBrainError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'XBrainError';
  }
}
