import { toolArgsSummary } from '../tools/argsText';
import type { AgentEvent } from './events';

/** One line per event for terminals (the CLI's stderr and the demo). Streaming chunks are not echoed. */
export function renderEvent(e: AgentEvent): string | null {
  switch (e.type) {
    case 'plan_start':
      return e.steps.length > 1 ? `Plan: ${e.steps.map((s, i) => `${i + 1}. ${s.tool}`).join('  ')}` : null;
    case 'action_start':
      return `→ ${e.tool}(${toolArgsSummary(e.arguments)})`;
    case 'exec_result':
      return `  ${e.result.type === 'error' ? '✗' : e.result.type === 'confirm' ? '?' : '✓'} ${e.result.content.split('\n')[0]}`;
    case 'confirm_request':
      return `  needs confirmation: ${e.question.split('\n')[0]}`;
    case 'error':
      return `! ${e.code}: ${e.message}`;
    default:
      return null;
  }
}
