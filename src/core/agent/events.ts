import type { ToolResult } from '../tools/result';
import type { PlannedCall } from '../study/stateManager';

/** Every phase of an agent run, typed; the chat, webviews and CLI render them. */
export type AgentEvent =
  | { type: 'step_start'; step: number; stage: string }
  | { type: 'step_end'; step: number; stage: string }
  | { type: 'think_chunk'; text: string }
  | { type: 'plan_start'; steps: PlannedCall[] }
  | { type: 'plan_end'; completed: number; total: number; failed?: string }
  | { type: 'action_start'; tool: string; arguments: Record<string, unknown> }
  | { type: 'exec_result'; tool: string; result: ToolResult }
  | { type: 'observation'; tool: string; text: string }
  | { type: 'confirm_request'; tool: string; arguments: Record<string, unknown>; question: string }
  | { type: 'error'; code: AgentErrorCode; message: string };

export type AgentErrorCode = 'broken_output' | 'tool_failures' | 'loop' | 'max_steps' | 'llm' | 'rejected' | 'cancelled';

export type AgentEventListener = (e: AgentEvent) => void;
