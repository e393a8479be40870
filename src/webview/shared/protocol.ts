/**
 * The typed host ↔ page protocol of the XBrain panels (imported type-only by both bundles). The host computes
 * figure specs from the Study (decimated); the page only draws them with Plotly.react and reports user choices.
 */
export type PanelKind = 'epochs' | 'training' | 'evaluation' | 'saliency';

/** A plotly figure as plain JSON (the page adds theme colours). */
export interface FigureSpec {
  data: Record<string, unknown>[];
  layout: Record<string, unknown>;
}

/** The controls a panel offers and their current values. */
export interface PanelView {
  /** e.g. 'traces' | 'erp' | 'psd' for epochs; 'loss' | 'accuracy' | 'auc' for training */
  mode: string;
  modes: string[];
  /** epoch (or run, or class) index the figure shows, when the mode has one */
  index: number;
  count: number;
  /** channel index for per-channel modes */
  channel: number;
  channels: string[];
}

export type HostToPage =
  | {
      type: 'figure';
      kind: PanelKind;
      title: string;
      summary: string;
      figure: FigureSpec;
      view: PanelView;
      table?: { columns: string[]; rows: (string | number)[][] };
    }
  | { type: 'empty'; kind: PanelKind; message: string };

export type PageToHost = { type: 'ready'; view?: Partial<PanelView> } | { type: 'setView'; view: Partial<PanelView> } | { type: 'runCommand'; command: string };

/** What the page keeps in vscode.setState (restored after hide/show and reload). */
export interface PanelPageState {
  kind: PanelKind;
  last?: HostToPage;
}

export function isPageToHost(m: unknown): m is PageToHost {
  if (!m || typeof m !== 'object') return false;
  const t = (m as { type?: unknown }).type;
  return t === 'ready' || t === 'setView' || t === 'runCommand';
}
