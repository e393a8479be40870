import * as vscode from 'vscode';
import type { SessionHost } from '../sessionHost';
import type { ToolResult } from '../../core/tools/result';
import type { ChangeKind } from '../../core/study/types';
import { PANEL_KINDS, PANEL_TITLES, viewType, type PanelKind } from './kinds';
import { panelMessage } from './figures';
import { isPageToHost, type HostToPage, type PanelPageState, type PanelView } from '../../webview/shared/protocol';
import { panelHtml } from './html';

/**
 * The Study parts each panel's figure is computed from (./figures): a change elsewhere leaves the panel as it is, so
 * per-epoch training progress does not recompute the epochs viewer's traces, ERP or PSD. Evaluations are committed as
 * 'runs'; the saliency panel draws the last compute_saliency result, refreshed through noteResult.
 */
const PANEL_INPUTS: Record<PanelKind, readonly ChangeKind[]> = {
  epochs: ['recordings', 'preprocessing', 'epochs'],
  training: ['runs', 'training'],
  evaluation: ['runs'],
  saliency: [],
};

/**
 * One webview panel per kind. Panels redraw when the Study parts they draw change (throttled, so live training does not flood the
 * page), restore after a reload through a serializer, and never compute analysis: figures come from ./figures.
 */
export class PanelManager implements vscode.Disposable {
  private readonly panels = new Map<PanelKind, { panel: vscode.WebviewPanel; view: Partial<PanelView> }>();
  private readonly lastResults = new Map<string, ToolResult>();
  private readonly disposables: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly pending = new Set<PanelKind>();
  /** the last message posted per kind (tests read it through the xbrain.panelSnapshot command) */
  readonly posted = new Map<PanelKind, HostToPage>();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly host: SessionHost,
  ) {
    this.disposables.push(host.onDidChange((c) => this.scheduleRefresh(PANEL_KINDS.filter((k) => PANEL_INPUTS[k].some((x) => c.kinds.includes(x))))));
    for (const kind of PANEL_KINDS) {
      this.disposables.push(
        vscode.window.registerWebviewPanelSerializer(viewType(kind), {
          deserializeWebviewPanel: async (panel, state: PanelPageState | undefined) => this.adopt(kind, panel, state),
        }),
      );
    }
  }

  /** Remember plot-like results (saliency maps travel in the result meta, not in the Study). */
  noteResult(r: ToolResult): void {
    if (r.type !== 'error' && r.type !== 'confirm') {
      this.lastResults.set(r.tool, r);
      if (r.tool === 'compute_saliency') this.scheduleRefresh(['saliency']);
    }
  }

  open(kind: PanelKind, view: Partial<PanelView> = {}): vscode.WebviewPanel {
    const existing = this.panels.get(kind);
    if (existing) {
      existing.view = { ...existing.view, ...view };
      existing.panel.reveal();
      this.post(kind);
      return existing.panel;
    }
    const panel = vscode.window.createWebviewPanel(viewType(kind), PANEL_TITLES[kind], vscode.ViewColumn.Active, this.options());
    this.adopt(kind, panel, undefined, view);
    return panel;
  }

  private options(): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'webview')] };
  }

  private adopt(kind: PanelKind, panel: vscode.WebviewPanel, state: PanelPageState | undefined, view: Partial<PanelView> = {}): void {
    panel.webview.options = this.options();
    const restoredView = state?.last?.type === 'figure' ? state.last.view : {};
    this.panels.set(kind, { panel, view: { ...restoredView, ...view } });
    panel.webview.html = panelHtml(panel.webview, this.context.extensionUri, kind);
    panel.webview.onDidReceiveMessage(
      (m: unknown) => {
        if (!isPageToHost(m)) return;
        const entry = this.panels.get(kind);
        if (!entry) return;
        if (m.type === 'ready' || m.type === 'setView') {
          entry.view = { ...entry.view, ...(m.view ?? {}) };
          this.post(kind);
        } else if (m.type === 'runCommand' && m.command.startsWith('xbrain.')) {
          void vscode.commands.executeCommand(m.command);
        }
      },
      undefined,
      this.disposables,
    );
    panel.onDidDispose(() => this.panels.delete(kind), undefined, this.disposables);
    // Messages posted before the page runs are queued by VS Code; the page's 'ready' asks again with its restored view.
    this.post(kind);
  }

  private post(kind: PanelKind): void {
    const entry = this.panels.get(kind);
    if (!entry) return;
    let msg: HostToPage;
    try {
      msg = panelMessage(kind, this.host.session.study.state, entry.view, this.lastResults);
    } catch (e) {
      msg = { type: 'empty', kind, message: `Could not draw this panel: ${e instanceof Error ? e.message : String(e)}` };
    }
    this.posted.set(kind, msg);
    void entry.panel.webview.postMessage(msg);
  }

  /** Redraws the given panels soon; the kinds of several changes within 250 ms are collected into one redraw. */
  private scheduleRefresh(kinds: readonly PanelKind[]): void {
    for (const k of kinds) if (this.panels.has(k)) this.pending.add(k);
    if (this.timer || this.pending.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const due = [...this.pending];
      this.pending.clear();
      for (const kind of due) this.post(kind);
    }, 250);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const { panel } of this.panels.values()) panel.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
