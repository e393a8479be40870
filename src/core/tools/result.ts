import type { ErrorCode } from '../errors';

/** The one result shape every front end sees (docs/architecture.md §3, contract). */
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

export const text = (tool: string, content: string, meta: Record<string, unknown> = {}): ToolResult => ({ type: 'text', content, meta, tool });
export const data = (tool: string, content: string, meta: Record<string, unknown> = {}): ToolResult => ({ type: 'data', content, meta, tool });
/** A plot result: its meta carries a typed render request (mime.ts renderOf) or is itself a payload (MimeMeta). */
export const plot = (tool: string, content: string, meta: object = {}): ToolResult => ({ type: 'plot', content, meta: meta as Record<string, unknown>, tool });
export const errorResult = (tool: string, code: ErrorCode, message: string, meta: Record<string, unknown> = {}): ToolResult => ({
  type: 'error',
  content: message,
  meta,
  tool,
  error: { code, message },
});
