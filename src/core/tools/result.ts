/** The one result shape every front end sees (ARCHITECTURE.md §4, contract). */
export type ToolResultType = 'text' | 'data' | 'plot' | 'confirm' | 'error';

export interface ToolError {
  code: ErrorCode;
  message: string;
}

export interface ToolResult {
  type: ToolResultType;
  content: string;
  meta: Record<string, unknown>;
  tool: string;
  error?: ToolError;
}

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
  constructor(public readonly code: ErrorCode, message: string, public readonly details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'XBrainError';
  }
}

export const text = (tool: string, content: string, meta: Record<string, unknown> = {}): ToolResult => ({ type: 'text', content, meta, tool });
export const data = (tool: string, content: string, meta: Record<string, unknown> = {}): ToolResult => ({ type: 'data', content, meta, tool });
export const plot = (tool: string, content: string, meta: Record<string, unknown> = {}): ToolResult => ({ type: 'plot', content, meta, tool });
export const errorResult = (tool: string, code: ErrorCode, message: string, meta: Record<string, unknown> = {}): ToolResult => ({
  type: 'error', content: message, meta, tool, error: { code, message },
});
