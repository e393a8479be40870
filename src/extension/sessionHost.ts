import * as vscode from 'vscode';
import { XBrainSession, type SessionInvokeOptions } from '../core/session';
import type { ToolResult } from '../core/tools/result';
import type { Stage } from '../core/study/types';
import type { StudyChange } from '../core/study/study';
import { readSettings } from './config';
import type { ToolEnv } from '../core/tools/types';

/**
 * Owns the one XBrainSession of the workspace (first folder) and mirrors its stage and the workspace trust into
 * the context keys `xbrain.stage` / `xbrain.trusted` that when-clauses read. Every UI calls tools through here.
 */
export class SessionHost implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<StudyChange>();
  readonly onDidChange = this.changed.event;
  private readonly results = new vscode.EventEmitter<ToolResult>();
  /** every tool result, whichever front end asked (panels keep plot results that live outside the Study) */
  readonly onDidResult = this.results.event;
  private readonly disposables: vscode.Disposable[] = [this.changed, this.results];

  private constructor(
    readonly session: XBrainSession,
    /** secrets and globalStorage for what the session's front ends keep outside the workspace (the knowledge-base index) */
    readonly context: Pick<vscode.ExtensionContext, 'extensionPath' | 'globalStorageUri' | 'secrets'>,
  ) {
    // every result of the session's one door, whichever front end called it (chat's agent calls the session itself)
    this.disposables.push(new vscode.Disposable(session.onDidInvoke((e) => this.results.fire(e.result))));
    this.disposables.push(
      new vscode.Disposable(
        session.study.onDidChange((c) => {
          void this.syncContext();
          this.changed.fire(c);
        }).dispose,
      ),
    );
    // the tools read the python interpreter and the default trainer threads from the session's env: keep them current
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('xbrain.python') || e.affectsConfiguration('xbrain.training.threads') || e.affectsConfiguration('xbrain.data.folders')) {
          delete session.env.python;
          delete session.env.trainerThreads;
          delete session.env.dataFolders;
          Object.assign(session.env, frontEndEnv());
        }
      }),
    );
    this.disposables.push(
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        session.env.trusted = true;
        void this.syncContext();
        this.changed.fire({ kinds: ['stage'], stage: session.study.stage, previousStage: session.study.stage });
      }),
    );
  }

  static async open(context: vscode.ExtensionContext): Promise<SessionHost> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? context.globalStorageUri.fsPath;
    await vscode.workspace.fs.createDirectory(vscode.Uri.file(folder));
    const env: ToolEnv = { workspace: folder, packageRoot: context.extensionPath, trusted: vscode.workspace.isTrusted, ...frontEndEnv() };
    let session: XBrainSession;
    try {
      session = await XBrainSession.open(env, { owner: 'VS Code (XBrain extension)' });
    } catch (e) {
      // A damaged .xbrain/study.json must not take the whole extension down: start empty and say why.
      void vscode.window.showWarningMessage(`XBrain: could not restore the study in ${folder}: ${e instanceof Error ? e.message : String(e)}. Starting empty.`);
      session = await XBrainSession.open(env, { fresh: true, owner: 'VS Code (XBrain extension)' });
    }
    const host = new SessionHost(session, context);
    await host.syncContext();
    return host;
  }

  get stage(): Stage {
    return this.session.study.stage;
  }

  get trusted(): boolean {
    return this.session.env.trusted;
  }

  invoke(tool: string, args: unknown, opts: SessionInvokeOptions = {}): Promise<ToolResult> {
    return this.session.invoke(tool, args, opts);
  }

  /** Flushes the session's background saves (deactivate awaits it). */
  async close(): Promise<void> {
    this.dispose();
    await this.session.dispose();
  }

  async syncContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', 'xbrain.stage', this.stage);
    await vscode.commands.executeCommand('setContext', 'xbrain.trusted', this.trusted);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/** The settings the tools read from their ToolEnv. */
function frontEndEnv(): Pick<ToolEnv, 'python' | 'trainerThreads' | 'dataFolders'> {
  const { python, trainerThreads, dataFolders } = readSettings();
  // xbrain.data.folders: the folders besides the workspace that tools may read (unset: XBRAIN_DATA_FOLDERS)
  return { ...(python ? { python } : {}), ...(trainerThreads >= 1 ? { trainerThreads } : {}), ...(dataFolders.length ? { dataFolders } : {}) };
}
