import * as vscode from 'vscode';
import { randomUUID } from 'node:crypto';
import type { ToolResult } from '../../core/tools/result';
import type { RunRecord } from '../../core/study/types';
import { panelForTool, panelViewForTool } from '../panels/kinds';
import { callMarkdown, trainingCurveMarkdown } from './callView';

/** A tool result as text for a language model (content plus the compact meta it may reason about). */
export function formatResult(r: ToolResult): string {
  if (r.type === 'error') return `ERROR (${r.error?.code ?? 'error'}): ${r.content}`;
  if (r.type === 'confirm') return `NEEDS CONFIRMATION (nothing happened yet; the user was shown a button): ${r.content}`;
  return r.content;
}

export const SHOW_TEXT_COMMAND = 'xbrain.showResultText';
export const ANSWER_CONFIRMATION_COMMAND = 'xbrain.answerChatConfirmation';

/**
 * Streams one finished call: the call line with its result (once), a button for the whole text when the preview is
 * cut, and a button opening the panel that shows it (plots, training, evaluation).
 */
export function renderCall(r: ToolResult, args: Record<string, unknown>, stream: vscode.ChatResponseStream): void {
  if (r.type === 'confirm' && r.meta.rejected) {
    stream.markdown(`\n\n– **${r.tool}** not run: not confirmed.\n\n`);
    return;
  }
  const { markdown, hiddenLines } = callMarkdown(r, args);
  stream.markdown(`\n\n${markdown}\n\n`);
  if (hiddenLines > 0) stream.button({ command: SHOW_TEXT_COMMAND, title: 'Show full result', arguments: [r.tool, r.content] });
  const panel = r.type === 'error' ? null : panelForTool(r.tool);
  if (panel && (r.type === 'plot' || r.tool === 'evaluate'))
    stream.button({ command: 'xbrain.openPanel', title: `Open ${panel}`, arguments: [panel, panelViewForTool(r.tool)] });
}

/** The closing curve of a training run from chat, with the dashboard one click away. */
export function renderTrainingEnd(runs: readonly RunRecord[], stream: vscode.ChatResponseStream): void {
  const curve = trainingCurveMarkdown(runs);
  if (curve) stream.markdown(`\n\n${curve}\n\n`);
  stream.button({ command: 'xbrain.openPanel', title: 'Open training dashboard', arguments: ['training'] });
}

const pending = new Map<string, (ok: boolean) => void>();

/**
 * Asks in the chat turn, as agent mode does: the question with Run / Cancel buttons; the turn waits for the click
 * (or for the user to stop the response, which declines). Resolves true only on Run.
 */
export function confirmInChat(
  r: Pick<ToolResult, 'tool' | 'content'>,
  args: Record<string, unknown>,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<boolean> {
  const id = randomUUID();
  stream.markdown(`\n\n${callMarkdown({ type: 'confirm', tool: r.tool, content: r.content, meta: {} }, args).markdown}\n\n`);
  stream.button({ command: ANSWER_CONFIRMATION_COMMAND, title: `Run ${r.tool}`, arguments: [id, true] });
  stream.button({ command: ANSWER_CONFIRMATION_COMMAND, title: 'Cancel', arguments: [id, false] });
  return new Promise<boolean>((resolve) => {
    const sub = token.onCancellationRequested(() => settle(false));
    function settle(ok: boolean): void {
      pending.delete(id);
      sub.dispose();
      resolve(ok);
    }
    pending.set(id, settle);
  });
}

/** The Run / Cancel buttons' command. A button of a turn that has ended says so instead of running anything. */
export function answerChatConfirmation(id: string, ok: boolean): boolean {
  const settle = pending.get(id);
  if (!settle) {
    void vscode.window.showInformationMessage('XBrain: this confirmation belongs to a chat turn that has ended; ask again.');
    return false;
  }
  settle(ok);
  return true;
}

/** "Show full result": the whole text of a long result in a read-only-looking untitled editor. */
export async function showResultText(tool: string, content: string): Promise<void> {
  const doc = await vscode.workspace.openTextDocument({ content: `${tool}\n\n${content}\n`, language: 'plaintext' });
  await vscode.window.showTextDocument(doc, { preview: true });
}
