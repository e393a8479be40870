import * as vscode from 'vscode';
import { XBrainNotebookSerializer } from './serializer';
import { XBrainNotebookController } from './controller';
import { registerLanguageFeatures } from './languageFeatures';
import { registerNotebookCommands } from './commands';
import { NOTEBOOK_TYPE } from './convert';
import { resolveSession, type GetSession, type NotebookSessionSource } from './session';

export { exportChatToNotebook, setChatTurnsProvider, openNotebook } from './commands';
export { NOTEBOOK_TYPE } from './convert';
export type { ChatTurnCalls } from '../../core/notebook/exportChat';
export type { GetSession, NotebookSessionSource };

/**
 * Everything `.xbrain` notebooks need in VS Code: the serializer (outputs kept, so a saved notebook shows what it
 * produced), the controller running cells on the workspace Study, language features for `xbrain` cells, and the
 * `XBrain: New Analysis Notebook` / `XBrain: Export Chat to Notebook` commands.
 */
export function registerNotebook(context: vscode.ExtensionContext, getSession: GetSession): XBrainNotebookController {
  const controller = new XBrainNotebookController(getSession);
  // Diagnostics ask the registry which tools this build implements once a session is there.
  let implemented: ((tool: string) => boolean) | undefined;
  void Promise.resolve(getSession()).then(
    (s) => (implemented = resolveSession(s).isImplemented),
    () => undefined,
  );
  context.subscriptions.push(
    vscode.workspace.registerNotebookSerializer(NOTEBOOK_TYPE, new XBrainNotebookSerializer(), { transientOutputs: false }),
    controller,
    ...registerLanguageFeatures(() => implemented),
    ...registerNotebookCommands(),
  );
  return controller;
}
