// Browser side of the XBrain panels: draws the host's figure specs with plotly (SVG traces, no eval) and sends the
// user's view choices back. State (the last message) survives hide/show and reload via vscode.setState.
import Plotly from 'plotly.js-cartesian-dist-min';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import type { HostToPage, PageToHost, PanelPageState, PanelView, PanelKind } from '../shared/protocol';

interface VsCodeApi {
  postMessage(m: PageToHost): void;
  getState(): PanelPageState | undefined;
  setState(s: PanelPageState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const kind = (document.body.dataset.kind ?? 'epochs') as PanelKind;
const $ = (id: string) => document.getElementById(id)!;
const plotEl = $('plot');

const style = document.createElement('style');
style.textContent = `
  body { color: var(--vscode-editor-foreground); font-family: var(--vscode-font-family); padding: 0 12px; }
  #bar { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
  #controls { display: flex; gap: 8px; align-items: center; }
  #plot { width: 100%; height: 70vh; }
  table { border-collapse: collapse; margin-top: 8px; }
  td, th { border: 1px solid var(--vscode-panel-border, #555); padding: 2px 8px; text-align: left; }
`;
document.head.appendChild(style);

function themed(layout: Record<string, unknown>): Record<string, unknown> {
  const css = getComputedStyle(document.body);
  const fg = css.getPropertyValue('--vscode-editor-foreground').trim() || '#ccc';
  return {
    ...layout,
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: 'rgba(0,0,0,0)',
    font: { color: fg, family: css.getPropertyValue('--vscode-font-family').trim() || 'sans-serif' },
  };
}

function send(view: Partial<PanelView>): void {
  vscode.postMessage({ type: 'setView', view });
}

function select(options: string[], value: string, onChange: (v: string) => void, label: string): HTMLElement {
  const sel = document.createElement('vscode-single-select') as HTMLElement & { value: string };
  sel.setAttribute('aria-label', label);
  sel.id = `select-${label}`;
  for (const o of options) {
    const opt = document.createElement('vscode-option');
    opt.textContent = o;
    opt.setAttribute('value', o);
    if (o === value) opt.setAttribute('selected', '');
    sel.appendChild(opt);
  }
  sel.addEventListener('change', () => onChange(sel.value));
  return sel;
}

function button(text: string, id: string, onClick: () => void, disabled = false): HTMLElement {
  const b = document.createElement('vscode-button');
  b.textContent = text;
  b.id = id;
  if (disabled) b.setAttribute('disabled', '');
  b.addEventListener('click', onClick);
  return b;
}

function controls(v: PanelView): void {
  const box = $('controls');
  box.replaceChildren();
  if (v.modes.length > 1) box.appendChild(select(v.modes, v.mode, (mode) => send({ mode }), 'mode'));
  if (v.count > 1) {
    box.appendChild(button('◀', 'prev', () => send({ index: v.index - 1 }), v.index <= 0));
    const pos = document.createElement('span');
    pos.id = 'position';
    pos.textContent = `${v.index + 1} / ${v.count}`;
    box.appendChild(pos);
    box.appendChild(button('▶', 'next', () => send({ index: v.index + 1 }), v.index >= v.count - 1));
  }
  if (v.channels.length > 1 && v.mode === 'erp')
    box.appendChild(select(v.channels, v.channels[v.channel], (c) => send({ channel: v.channels.indexOf(c) }), 'channel'));
}

function table(t: { columns: string[]; rows: (string | number)[][] } | undefined): void {
  const el = $('table');
  el.replaceChildren();
  if (!t) return;
  const tbl = document.createElement('table');
  const head = tbl.createTHead().insertRow();
  for (const c of t.columns) head.appendChild(Object.assign(document.createElement('th'), { textContent: c }));
  const body = tbl.createTBody();
  for (const r of t.rows) {
    const tr = body.insertRow();
    for (const cell of r) tr.insertCell().textContent = String(cell);
  }
  el.appendChild(tbl);
}

async function render(m: HostToPage): Promise<void> {
  vscode.setState({ kind, last: m });
  const empty = $('empty');
  if (m.type === 'empty') {
    $('title').textContent = `XBrain ${kind}`;
    $('summary').textContent = '';
    $('controls').replaceChildren();
    table(undefined);
    Plotly.purge(plotEl);
    plotEl.hidden = true;
    empty.hidden = false;
    empty.textContent = m.message;
    return;
  }
  empty.hidden = true;
  plotEl.hidden = false;
  $('title').textContent = m.title;
  $('summary').textContent = m.summary;
  controls(m.view);
  table(m.table);
  await Plotly.react(plotEl, m.figure.data, themed(m.figure.layout), { displaylogo: false, responsive: true });
  plotEl.dataset.traces = String(m.figure.data.length);
}

window.addEventListener('message', (e: MessageEvent<HostToPage>) => void render(e.data));

// Theme switches change the CSS variables: redraw the colours.
new MutationObserver(() => {
  const last = vscode.getState()?.last;
  if (last?.type === 'figure') void Plotly.relayout(plotEl, themed({}));
}).observe(document.body, { attributes: true, attributeFilter: ['class'] });

const restored = vscode.getState();
if (restored?.last) void render(restored.last);
vscode.postMessage({ type: 'ready', view: restored?.last?.type === 'figure' ? restored.last.view : undefined });
