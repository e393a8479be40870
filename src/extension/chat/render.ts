import * as vscode from 'vscode';
import type { ToolResult } from '../../core/tools/result';
import { panelForTool } from '../panels/kinds';

/** A tool result as text for a language model (content plus the compact meta it may reason about). */
export function formatResult(r: ToolResult): string {
  if (r.type === 'error') return `ERROR (${r.error?.code ?? 'error'}): ${r.content}`;
  if (r.type === 'confirm') return `NEEDS CONFIRMATION (nothing happened yet; the user was shown a button): ${r.content}`;
  return r.content;
}

/** Streams one tool result: text, a confirmation with a Run button, or a plot with a button that opens its panel. */
export function renderResult(r: ToolResult, stream: vscode.ChatResponseStream): void {
  switch (r.type) {
    case 'error':
      stream.markdown(`\n\n**${r.tool} failed** (${r.error?.code ?? 'error'}): ${r.content}\n\n`);
      return;
    case 'confirm':
      stream.markdown(`\n\n**Confirm ${r.tool}:** ${r.content}\n\n`);
      stream.button({ command: 'xbrain.confirmTool', title: `Run ${r.tool}`, arguments: [r.tool, (r.meta.arguments as Record<string, unknown> | undefined) ?? {}] });
      return;
    default: {
      // Short results read better as text lines; long ones (state dumps) go in a block.
      const lines = r.content.split('\n');
      stream.markdown(lines.length > 12 ? `\n\n\`\`\`text\n${r.content}\n\`\`\`\n\n` : `\n\n${lines.map(escapeMd).join('  \n')}\n\n`);
      const panel = panelForTool(r.tool);
      if (panel && (r.type === 'plot' || r.tool === 'start_training' || r.tool === 'evaluate')) {
        stream.button({ command: 'xbrain.openPanel', title: `Open ${panel}`, arguments: [panel] });
      }
    }
  }
}

const escapeMd = (line: string): string => line.replace(/([\\`*_[\]<>#|])/g, '\\$1');
