import * as vscode from 'vscode';
import type { SessionHost } from '../sessionHost';
import type { ToolResult } from '../../core/tools/result';
import { definitionByName } from '../../core/tools/definitions';
import { confirmedQuestionOf } from '../../core/tools/registry';

export interface RunToolOptions {
  /** skip the modal and treat the call as confirmed (tests; the chat's confirmation button already asked) */
  confirmed?: boolean;
  /** the question the user said yes to (a chat button): the call asks again if the Study has changed since */
  confirmedQuestion?: string;
  /** do not show the result as a notification */
  quiet?: boolean;
}

/**
 * Calls a tool through the session with a cancellable progress notification. A `confirm` result becomes a modal
 * dialog naming what will change; only "Run" repeats the call as confirmed. Errors are shown and returned.
 */
export async function runTool(
  host: SessionHost,
  out: vscode.OutputChannel,
  tool: string,
  args: Record<string, unknown>,
  opts: RunToolOptions = {},
): Promise<ToolResult> {
  const title = `XBrain: ${definitionByName.get(tool)?.summary ?? tool}`;
  const call = (confirmed: boolean, confirmedQuestion?: string) =>
    vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
      const ac = new AbortController();
      const sub = token.onCancellationRequested(() => ac.abort());
      return host
        .invoke(tool, args, {
          confirmed,
          confirmedQuestion,
          signal: ac.signal,
          progress: (message) => {
            progress.report({ message });
            out.appendLine(`[${tool}] ${message}`);
          },
        })
        .finally(() => sub.dispose());
    });
  let result = await call(opts.confirmed ?? false, opts.confirmedQuestion);
  // the yes is bound to the question in the dialog: if the Study changed before it ran, the dialog asks again
  for (let round = 0; result.type === 'confirm' && round < 3; round++) {
    const answer = await vscode.window.showWarningMessage(result.content, { modal: true }, 'Run');
    if (answer !== 'Run') {
      out.appendLine(`[${tool}] not confirmed: nothing changed`);
      return result;
    }
    result = await call(true, confirmedQuestionOf(result));
  }
  out.appendLine(`[${tool}] ${result.type}: ${result.content}`);
  if (!opts.quiet) {
    const first = result.content.split('\n')[0];
    if (result.type === 'error') void vscode.window.showErrorMessage(`${title}: ${result.content}`);
    else void vscode.window.showInformationMessage(`${title}: ${first}`);
  }
  return result;
}
