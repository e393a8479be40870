import * as vscode from 'vscode';
import { SessionHost } from './sessionHost';
import { registerStageCommands } from './commands/stageCommands';
import { runTool } from './commands/runTool';
import { StudyTreeProvider } from './views/studyTree';
import { createStatusBar } from './views/statusBar';
import { registerParticipant, latestChatTurns, warmUpRetriever } from './chat/participant';
import { registerNotebook, setChatTurnsProvider } from './notebook';
import { registerLanguageModelTools } from './chat/lmTools';
import { ANSWER_CONFIRMATION_COMMAND, SHOW_TEXT_COMMAND, answerChatConfirmation, showResultText } from './chat/render';
import { OfflineModelProvider, EndpointModelProvider, OFFLINE_VENDOR, ENDPOINT_VENDOR } from './chat/modelProviders';
import { PanelManager } from './panels/panelManager';
import { PANEL_KINDS, panelCommand, panelForSwitch, panelForTool, panelViewForTool, type PanelKind } from './panels/kinds';
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
/** when this bundle finished loading (the activation log line compares against it) */
const loadedAt = Date.now();

export async function activate(context: vscode.ExtensionContext): Promise<XBrainApi> {
  const out = vscode.window.createOutputChannel('XBrain');
  const since = (t: number) => `${Date.now() - t} ms`;
  // Models first: a chat message sent right after start-up must find them (vscode-e2e README).
  const lm = vscode.lm as Partial<typeof vscode.lm>;
  let modelsResolved: Promise<unknown> = Promise.resolve();
  if (typeof lm.registerLanguageModelChatProvider === 'function') {
    context.subscriptions.push(lm.registerLanguageModelChatProvider(OFFLINE_VENDOR, new OfflineModelProvider(() => activeHost?.session.study.state)));
    const endpoint = new EndpointModelProvider(context.secrets);
    context.subscriptions.push(endpoint, lm.registerLanguageModelChatProvider(ENDPOINT_VENDOR, endpoint));
    // VS Code asks a provider for its models only when someone selects them: until then the chat's model picker
    // is empty and the first @xbrain message fails inside VS Code ("Language model unavailable") before it reaches
    // the participant. Selecting them now fills the picker, which then picks XBrain Offline by itself.
    modelsResolved = resolveOwnModels(out).then(() => out.appendLine(`[activate] chat models ready ${since(loadedAt)} after the bundle loaded`));
  }

  // The participant is there before the Study has loaded: a first message waits for it instead of missing @xbrain.
  const opening = SessionHost.open(context);
  if (typeof vscode.chat?.createChatParticipant === 'function') context.subscriptions.push(registerParticipant(opening));
  const host = await opening;
  activeHost = host;
  // the status bar item appears once chat can answer: "XBrain: …" in the status bar means @xbrain is ready
  await modelsResolved;
  const panels = new PanelManager(context, host);
  context.subscriptions.push(
    out,
    host,
    panels,
    host.onDidResult((r) => panels.noteResult(r)),
  );

  const tree = new StudyTreeProvider(host);
  context.subscriptions.push(tree, vscode.window.createTreeView('xbrain.study', { treeDataProvider: tree, showCollapseAll: true }));
  context.subscriptions.push(createStatusBar(host));
  context.subscriptions.push(...registerStageCommands(host, out));

  // UI requests from tools (switch_panel) open our panels.
  context.subscriptions.push(
    new vscode.Disposable(
      host.session.study.onUiRequest((req) => {
        const kind = req.panel ? panelForSwitch(req.panel) : null;
        if (kind) panels.open(kind, req.viewMode ? { mode: req.viewMode, index: 0 } : {});
      }).dispose,
    ),
  );

  context.subscriptions.push(
    // openPanel(kind, view?): chat buttons and the run_protocol palette command pass the view to show
    vscode.commands.registerCommand('xbrain.openPanel', (kind?: PanelKind, view?: { mode?: string; index?: number }) => {
      if (kind && PANEL_KINDS.includes(kind)) return void panels.open(kind, view && typeof view === 'object' ? view : {});
      return vscode.window.showQuickPick([...PANEL_KINDS], { title: 'XBrain: open panel' }).then((k) => k && void panels.open(k as PanelKind));
    }),
    ...PANEL_KINDS.map((k) => vscode.commands.registerCommand(panelCommand(k), () => void panels.open(k))),
    vscode.commands.registerCommand('xbrain.panelSnapshot', (kind: PanelKind) => panels.posted.get(kind)),
    vscode.commands.registerCommand('xbrain.confirmTool', async (tool: string, args: Record<string, unknown>, question?: string) => {
      const r = await runTool(host, out, tool, args ?? {}, { confirmed: true, confirmedQuestion: question });
      const panel = panelForTool(tool);
      if (panel && r.type !== 'error') panels.open(panel, panelViewForTool(tool));
      return r;
    }),
    vscode.commands.registerCommand('xbrain.showBackends', () => showBackends(host, out)),
    // chat buttons (not in the palette): Run / Cancel of a confirmation asked in the turn, and a long result's full text
    vscode.commands.registerCommand(ANSWER_CONFIRMATION_COMMAND, (id: string, ok: boolean) => answerChatConfirmation(id, ok)),
    vscode.commands.registerCommand(SHOW_TEXT_COMMAND, (tool: string, content: string) => showResultText(tool, content)),
    vscode.commands.registerCommand('xbrain.setApiKey', async () => {
      const key = await vscode.window.showInputBox({
        title: 'XBrain: API key for the OpenAI-compatible endpoint',
        password: true,
        ignoreFocusOut: true,
        prompt: 'Stored in the OS keychain (SecretStorage), never in settings. Leave empty to delete.',
      });
      if (key === undefined) return;
      if (key === '') await context.secrets.delete(API_KEY_SECRET);
      else await context.secrets.store(API_KEY_SECRET, key);
      void vscode.window.showInformationMessage(key ? 'XBrain: API key stored.' : 'XBrain: API key deleted.');
    }),
    vscode.commands.registerCommand('xbrain.openAnalysisNotebook', () => openNotebook(studyToNotebook(host.session.study.state))),
  );

  registerNotebook(context, () => host);
  context.subscriptions.push(setChatTurnsProvider(latestChatTurns));
  if (host.trusted) context.subscriptions.push(...registerLanguageModelTools(host));
  else {
    // Agent tools appear only once the user trusts the workspace.
    context.subscriptions.push(vscode.workspace.onDidGrantWorkspaceTrust(() => context.subscriptions.push(...registerLanguageModelTools(host))));
    void vscode.window.showInformationMessage(
      'XBrain: this workspace is not trusted. XBrain can show the study but will not load, preprocess, train or run agent tools until you trust it.',
    );
  }
  // No MCP server definition here: inside VS Code the agent-mode tools are the in-process LM tools above, on this
  // Study. A `xbrain mcp` child would hold a second copy of the workspace Study (a second writer), duplicate every
  // tool in agent mode and hold up the first chat turn while it starts. External MCP clients run `xbrain mcp`.

  out.appendLine(`[activate] ${new Date(loadedAt).toISOString()} bundle loaded; activated in ${since(loadedAt)}`);
  // after start-up work, off the activation path
  setTimeout(warmUpRetriever, 2000).unref?.();
  return { host, panels };
}

/** Has VS Code resolve XBrain's own chat models (a failure is logged: chat then fills the picker on first use). */
async function resolveOwnModels(out: vscode.OutputChannel): Promise<void> {
  try {
    const models = (await Promise.all([OFFLINE_VENDOR, ENDPOINT_VENDOR].map((vendor) => vscode.lm.selectChatModels({ vendor })))).flat();
    out.appendLine(`[chat] models ready: ${models.map((m) => m.name).join(', ') || 'none'}`);
  } catch (e) {
    out.appendLine(`[chat] could not resolve the XBrain models: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** VS Code awaits this: the session's pending background saves are flushed before the host exits. */
export async function deactivate(): Promise<void> {
  const host = activeHost;
  activeHost = undefined;
  await host?.close();
}
