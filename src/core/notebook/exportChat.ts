import { formatCall } from './cellParser';
import { NOTEBOOK_VERSION, type NotebookCell, type XBrainNotebook } from './format';

export interface ChatTurnCalls {
  /** what the user asked */
  request: string;
  /** the tool calls the agent executed for it, in order */
  toolCalls: { tool: string; arguments: Record<string, unknown> }[];
}

/**
 * A chat session as a notebook: per turn, the user's request as a markdown cell and the executed tool calls as one
 * code cell. Turns without tool calls keep their request so the notebook still reads as the conversation did.
 */
export function chatToNotebook(turns: readonly ChatTurnCalls[], metadata: Record<string, unknown> = {}): XBrainNotebook {
  const cells: NotebookCell[] = [];
  for (const t of turns) {
    const req = t.request.trim();
    if (req)
      cells.push({
        kind: 'markdown',
        source: req
          .split('\n')
          .map((l) => `> ${l}`)
          .join('\n'),
        outputs: [],
        metadata: {},
      });
    if (t.toolCalls.length > 0)
      cells.push({ kind: 'code', source: t.toolCalls.map((c) => formatCall(c.tool, c.arguments ?? {})).join('\n'), outputs: [], metadata: {} });
  }
  return { version: NOTEBOOK_VERSION, metadata: { source: 'chat', ...metadata }, cells };
}
