import { toolArgsSummary } from '../tools/argsText';
import type { ToolResult } from '../tools/result';

export interface AgentCall {
  tool: string;
  arguments: Record<string, unknown>;
  result: ToolResult;
}

/** The summary agent: a short, factual account of a run (what ran, with which parameters, key numbers). */
export function summarizeRun(calls: AgentCall[], stage: string, stopped?: string): string {
  const lines: string[] = [];
  for (const c of calls) {
    const head = `${c.tool}(${toolArgsSummary(c.arguments)})`;
    const first = firstLine(c.result.content);
    if (c.result.type === 'error') lines.push(`✗ ${head}: ${first}`);
    else if (c.result.meta.rejected)
      lines.push(`✗ ${head}: not run — the user did not confirm (${firstLine(c.result.content).replace(/^The user rejected \w+: /, '')})`);
    else if (c.result.type === 'confirm') lines.push(`? ${head}: waiting for confirmation — ${first}`);
    else lines.push(`✓ ${head}${first ? ` → ${first}` : ''}`);
  }
  if (stopped) lines.push(`Stopped: ${stopped}`);
  lines.push(`Stage: ${stage}.`);
  return lines.join('\n');
}

function firstLine(s: string): string {
  const l = s.split('\n').find((x) => x.trim()) ?? '';
  return l.length > 200 ? l.slice(0, 197) + '…' : l;
}
