import * as vscode from 'vscode';
import type { SessionHost } from '../sessionHost';
import { STAGE_COMMANDS } from './table';
import { definitionByName } from '../../core/tools/definitions';
import { promptArguments, PromptCancelled } from './argPrompts';
import { runTool } from './runTool';
import { readSettings } from '../config';
import { promptSweep } from './backendCommands';
import type { ToolResult } from '../../core/tools/result';
import { panelViewForTool } from '../panels/kinds';

/**
 * Registers one command per stage action. Called with an argument object (tests, other extensions, chat buttons)
 * the command skips the prompts: `executeCommand('xbrain.bandpass', {low_freq: 8, high_freq: 30})`. A second
 * argument `{confirmed: true}` answers the confirmation (the chat's button already asked the user).
 */
export function registerStageCommands(host: SessionHost, out: vscode.OutputChannel): vscode.Disposable[] {
  return STAGE_COMMANDS.map((c) =>
    vscode.commands.registerCommand(
      c.id,
      async (given?: Record<string, unknown>, opts?: { confirmed?: boolean; quiet?: boolean }): Promise<ToolResult | undefined> => {
        const def = definitionByName.get(c.tool)!;
        if (!host.trusted && def.mutates) {
          void vscode.window.showWarningMessage(
            'XBrain: this workspace is not trusted, so XBrain only reads. Trust the workspace to load, preprocess or train.',
          );
          return undefined;
        }
        let args: Record<string, unknown>;
        if (given && typeof given === 'object' && !Array.isArray(given)) args = given;
        else {
          try {
            args = c.tool === 'run_sweep' ? await promptSweep(host) : await promptArguments(def, host.session.study.state, c.ask, readSettings().dataFolders);
          } catch (e) {
            if (e instanceof PromptCancelled) return undefined;
            throw e;
          }
        }
        const r = await runTool(host, out, c.tool, args, opts);
        // the protocol's per-subject figure and table open in the evaluation panel
        if (c.tool === 'run_protocol' && r.type === 'plot') void vscode.commands.executeCommand('xbrain.openPanel', 'evaluation', panelViewForTool(c.tool));
        return r;
      },
    ),
  );
}
