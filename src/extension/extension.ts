import * as vscode from 'vscode';
import { SessionHost } from './sessionHost';
import { registerStageCommands } from './commands/stageCommands';
import { runTool } from './commands/runTool';
import { StudyTreeProvider } from './views/studyTree';
import { createStatusBar } from './views/statusBar';
import { registerParticipant, latestChatTurns } from './chat/participant';
import { registerNotebook, setChatTurnsProvider } from './notebook';
import { registerLanguageModelTools, registerMcpProvider } from './chat/lmTools';
import { OfflineModelProvider, EndpointModelProvider, OFFLINE_VENDOR, ENDPOINT_VENDOR } from './chat/modelProviders';
import { PanelManager } from './panels/panelManager';
import { PANEL_KINDS, panelCommand, panelForSwitch, panelForTool, type PanelKind } from './panels/kinds';
import { API_KEY_SECRET } from './config';
import { showBackends } from './commands/backendCommands';
import { studyToNotebook } from '../core/notebook/studyNotebook';
import { openNotebook } from './notebook/commands';

/** What activate() returns: integration tests and other extensions reach the session through it. */
export interface XBrainApi {
  host: SessionHost;
  panels: PanelManager;
}

let activeHost: SessionHost | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<XBrainApi> {
  const out = vscode.window.createOutputChannel('XBrain');
  // Models first: a chat message sent right after start-up must find them (vscode-e2e README).
  const lm = vscode.lm as Partial<typeof vscode.lm>;
  if (typeof lm.registerLanguageModelChatProvider === 'function') {
    context.subscriptions.push(lm.registerLanguageModelChatProvider(OFFLINE_VENDOR, new OfflineModelProvider(() => activeHost?.session.study.state)));
    context.subscriptions.push(lm.registerLanguageModelChatProvider(ENDPOINT_VENDOR, new EndpointModelProvider(context.secrets)));
  }

  const host = await SessionHost.open(context);
  activeHost = host;
  const panels = new PanelManager(context, host);
  context.subscriptions.push(out, host, panels, host.onDidResult((r) => panels.noteResult(r)));

  const tree = new StudyTreeProvider(host);
  context.subscriptions.push(tree, vscode.window.createTreeView('xbrain.study', { treeDataProvider: tree, showCollapseAll: true }));
  context.subscriptions.push(createStatusBar(host));
  context.subscriptions.push(...registerStageCommands(host, out));

  // UI requests from tools (switch_panel) open our panels.
  context.subscriptions.push(new vscode.Disposable(host.session.study.onUiRequest((req) => {
    const kind = req.panel ? panelForSwitch(req.panel) : null;
    if (kind) panels.open(kind);
  }).dispose));

  context.subscriptions.push(
    vscode.commands.registerCommand('xbrain.openPanel', (kind?: PanelKind) => {
      if (kind && PANEL_KINDS.includes(kind)) return void panels.open(kind);
      return vscode.window.showQuickPick([...PANEL_KINDS], { title: 'XBrain: open panel' }).then((k) => k && void panels.open(k as PanelKind));
    }),
    ...PANEL_KINDS.map((k) => vscode.commands.registerCommand(panelCommand(k), () => void panels.open(k))),
    vscode.commands.registerCommand('xbrain.panelSnapshot', (kind: PanelKind) => panels.posted.get(kind)),
    vscode.commands.registerCommand('xbrain.confirmTool', async (tool: string, args: Record<string, unknown>) => {
      const r = await runTool(host, out, tool, args ?? {}, { confirmed: true });
      const panel = panelForTool(tool);
      if (panel && r.type !== 'error') panels.open(panel);
      return r;
    }),
    vscode.commands.registerCommand('xbrain.showBackends', () => showBackends(host, out)),
    vscode.commands.registerCommand('xbrain.setApiKey', async () => {
      const key = await vscode.window.showInputBox({ title: 'XBrain: API key for the OpenAI-compatible endpoint', password: true, ignoreFocusOut: true, prompt: 'Stored in the OS keychain (SecretStorage), never in settings. Leave empty to delete.' });
      if (key === undefined) return;
      if (key === '') await context.secrets.delete(API_KEY_SECRET);
      else await context.secrets.store(API_KEY_SECRET, key);
      void vscode.window.showInformationMessage(key ? 'XBrain: API key stored.' : 'XBrain: API key deleted.');
    }),
    vscode.commands.registerCommand('xbrain.openAnalysisNotebook', () => openNotebook(studyToNotebook(host.session.study.state))),
  );

  registerNotebook(context, () => host);
  context.subscriptions.push(setChatTurnsProvider(latestChatTurns));
  if (typeof vscode.chat?.createChatParticipant === 'function') context.subscriptions.push(registerParticipant(host));
  if (host.trusted) context.subscriptions.push(...registerLanguageModelTools(host));
  else {
    // Agent tools appear only once the user trusts the workspace.
    context.subscriptions.push(vscode.workspace.onDidGrantWorkspaceTrust(() => context.subscriptions.push(...registerLanguageModelTools(host))));
    void vscode.window.showInformationMessage('XBrain: this workspace is not trusted. XBrain can show the study but will not load, preprocess, train or run agent tools until you trust it.');
  }
  if (typeof lm.registerMcpServerDefinitionProvider === 'function') context.subscriptions.push(registerMcpProvider(context, host));

  return { host, panels };
}

/** VS Code awaits this: the session's pending background saves are flushed before the host exits. */
export async function deactivate(): Promise<void> {
  const host = activeHost;
  activeHost = undefined;
  await host?.close();
}
