import * as vscode from 'vscode';
import { chatToNotebook, type ChatTurnCalls } from '../../core/notebook/exportChat';
import { starterNotebook } from '../../core/notebook/starter';
import type { XBrainNotebook } from '../../core/notebook/format';
import { NOTEBOOK_TYPE, toNotebookData } from './convert';

export async function openNotebook(nb: XBrainNotebook): Promise<vscode.NotebookEditor> {
  const doc = await vscode.workspace.openNotebookDocument(NOTEBOOK_TYPE, toNotebookData(nb));
  return vscode.window.showNotebookDocument(doc);
}

/** Where the palette command finds the current chat's tool calls (the chat participant registers it). */
let chatTurns: (() => readonly ChatTurnCalls[] | undefined) | null = null;

/** Called by the chat participant so `XBrain: Export Chat to Notebook` from the palette knows the session's turns. */
export function setChatTurnsProvider(provider: () => readonly ChatTurnCalls[] | undefined): vscode.Disposable {
  chatTurns = provider;
  return new vscode.Disposable(() => {
    if (chatTurns === provider) chatTurns = null;
  });
}

/**
 * Opens a chat session as an untitled `.xbrain` notebook: each request as markdown, the tool calls the agent executed
 * for it as a code cell. The chat participant can call this directly or run the command with the turns as argument.
 */
export async function exportChatToNotebook(turns: readonly ChatTurnCalls[]): Promise<vscode.NotebookEditor> {
  return openNotebook(chatToNotebook(turns, { exportedAt: new Date().toISOString() }));
}

export function registerNotebookCommands(): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('xbrain.newAnalysisNotebook', () => openNotebook(starterNotebook())),
    vscode.commands.registerCommand('xbrain.exportChatToNotebook', async (turns?: readonly ChatTurnCalls[]) => {
      const list = Array.isArray(turns) ? turns : chatTurns?.();
      if (!list || list.length === 0) {
        void vscode.window.showInformationMessage('XBrain: no chat tool calls to export yet. Ask @xbrain something first.');
        return undefined;
      }
      return exportChatToNotebook(list);
    }),
  ];
}
