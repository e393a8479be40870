// Notebook renderer (ES module, contributes.notebookRenderer "xbrain-renderer") for the XBrain MIME types of
// docs/architecture.md §4. It only draws: payloads arrive already computed and downsampled by core. plotly (cartesian
// bundle, SVG traces, no eval) is imported on the first render, themed from VS Code's CSS variables, re-themed on a
// theme switch and purged when VS Code disposes the output.
import type { ActivationFunction, OutputItem } from 'vscode-notebook-renderer';
import type { EpochsPayload, MetricsPayload, ProtocolPayload, SaliencyPayload, TrainingPayload } from '../../core/mime';
import {
  confusionFigure,
  epochTracesFigure,
  erpFigure,
  FALLBACK_THEME,
  metricRows,
  protocolFigure,
  saliencyMapFigure,
  saliencySpectrogramFigure,
  saliencyTopomapFigure,
  themedLayout,
  trainingFigure,
  type Figure,
  type Theme,
} from './figures';

type PlotlyApi = typeof import('plotly.js-cartesian-dist-min').default;

let plotly: Promise<PlotlyApi> | null = null;
function loadPlotly(): Promise<PlotlyApi> {
  plotly ??= import('plotly.js-cartesian-dist-min').then((m) => (m as { default: PlotlyApi }).default ?? (m as unknown as PlotlyApi));
  return plotly;
}

function readTheme(): Theme {
  const css = getComputedStyle(document.body);
  const v = (name: string) => css.getPropertyValue(name).trim();
  const palette = [
    '--vscode-charts-blue',
    '--vscode-charts-red',
    '--vscode-charts-green',
    '--vscode-charts-yellow',
    '--vscode-charts-orange',
    '--vscode-charts-purple',
  ].map(v);
  return {
    foreground: v('--vscode-editor-foreground') || v('--vscode-foreground') || FALLBACK_THEME.foreground,
    fontFamily: v('--vscode-font-family') || FALLBACK_THEME.fontFamily,
    grid: v('--vscode-editorWidget-border') || v('--vscode-panel-border') || FALLBACK_THEME.grid,
    palette: palette.every(Boolean) ? palette : FALLBACK_THEME.palette,
  };
}

const STYLE = `
.xbrain-out { font-family: var(--vscode-font-family); color: var(--vscode-editor-foreground); }
.xbrain-out .bar { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 4px 0; }
.xbrain-out select { background: var(--vscode-dropdown-background); color: var(--vscode-dropdown-foreground); border: 1px solid var(--vscode-dropdown-border); }
.xbrain-out .plot { width: 100%; height: 340px; }
.xbrain-out .row { display: flex; gap: 12px; flex-wrap: wrap; }
.xbrain-out .row > .plot { flex: 1 1 320px; }
.xbrain-out table { border-collapse: collapse; margin: 6px 0; }
.xbrain-out td, .xbrain-out th { border: 1px solid var(--vscode-panel-border, #555); padding: 2px 8px; text-align: left; }
.xbrain-out .live { color: var(--vscode-charts-green, #89d185); font-weight: 600; }
`;

/** One rendered output: its plots (re-themed together) and how to redraw them. */
interface Mounted {
  root: HTMLElement;
  plots: { el: HTMLElement; fig: (theme: Theme) => Figure }[];
  observer: MutationObserver;
}

const mounted = new Map<string, Mounted>();

async function draw(m: Mounted): Promise<void> {
  const P = await loadPlotly();
  const theme = readTheme();
  for (const p of m.plots) {
    const fig = p.fig(theme);
    await P.react(p.el, fig.data, themedLayout(fig.layout, theme), { displaylogo: false, responsive: true });
  }
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function select(label: string, options: string[], onChange: (i: number) => void): HTMLElement {
  const wrap = el('label', undefined, `${label} `);
  const s = el('select');
  s.setAttribute('aria-label', label);
  options.forEach((o, i) => {
    const opt = el('option', undefined, o);
    opt.value = String(i);
    s.appendChild(opt);
  });
  s.addEventListener('change', () => onChange(Number(s.value)));
  wrap.appendChild(s);
  return wrap;
}

/** Builds the DOM for one payload and returns the plots to draw; controls redraw through `redraw`. */
function build(mime: string, value: unknown, root: HTMLElement, redraw: () => void): Mounted['plots'] {
  const plot = (parent: HTMLElement) => parent.appendChild(el('div', 'plot'));
  switch (mime) {
    case 'application/vnd.xbrain.epochs+json': {
      const p = value as EpochsPayload;
      const state = { epoch: 0, channel: 0 };
      const bar = root.appendChild(el('div', 'bar'));
      if (p.traces.length > 1)
        bar.appendChild(
          select(
            'epoch',
            p.traces.map((t) => `${t.epoch + 1} (${t.label})`),
            (i) => ((state.epoch = i), redraw()),
          ),
        );
      if (p.erp.length > 0 && p.channels.length > 1) bar.appendChild(select('ERP channel', p.channels, (i) => ((state.channel = i), redraw())));
      const row = root.appendChild(el('div', 'row'));
      // plot_epochs sends traces (raw or epochs), ERPs, or both: draw what is there.
      const plots: Mounted['plots'] = [];
      if (p.traces.length > 0) plots.push({ el: plot(row), fig: () => epochTracesFigure(p, state.epoch) });
      if (p.erp.length > 0) plots.push({ el: plot(row), fig: () => erpFigure(p, state.channel) });
      return plots;
    }
    case 'application/vnd.xbrain.training+json': {
      const p = value as TrainingPayload;
      if (p.live) root.appendChild(el('div', 'live', '● training in progress'));
      return [{ el: plot(root), fig: (theme) => trainingFigure(p, theme.palette) }];
    }
    case 'application/vnd.xbrain.metrics+json': {
      const p = value as MetricsPayload;
      const row = root.appendChild(el('div', 'row'));
      const table = el('table');
      for (const [k, v] of metricRows(p)) {
        const tr = table.appendChild(el('tr'));
        tr.appendChild(el('th', undefined, k));
        tr.appendChild(el('td', undefined, v));
      }
      const side = row.appendChild(el('div'));
      side.appendChild(el('div', undefined, `Split: ${p.split} · classes: ${p.classes.join(', ')}`));
      side.appendChild(table);
      return [{ el: plot(row), fig: () => confusionFigure(p) }];
    }
    case 'application/vnd.xbrain.saliency+json': {
      const p = value as SaliencyPayload;
      const state = { cls: 0 };
      const bar = root.appendChild(el('div', 'bar'));
      if (p.maps.length > 1)
        bar.appendChild(
          select(
            'class',
            p.maps.map((m) => m.class),
            (i) => ((state.cls = i), redraw()),
          ),
        );
      const row = root.appendChild(el('div', 'row'));
      const plots: Mounted['plots'] = [{ el: plot(row), fig: () => saliencyMapFigure(p, state.cls) }];
      if (saliencyTopomapFigure(p)) plots.push({ el: plot(row), fig: () => saliencyTopomapFigure(p, state.cls) as Figure });
      if (saliencySpectrogramFigure(p)) plots.push({ el: plot(row), fig: () => saliencySpectrogramFigure(p, state.cls) as Figure });
      return plots;
    }
    case 'application/vnd.xbrain.protocol+json': {
      const p = value as ProtocolPayload;
      return [{ el: plot(root), fig: (theme) => protocolFigure(p, theme.palette) }];
    }
    default:
      root.appendChild(el('div', undefined, `XBrain renderer: unknown output type ${mime}`));
      return [];
  }
}

function dispose(id: string): void {
  const m = mounted.get(id);
  if (!m) return;
  m.observer.disconnect();
  void loadPlotly().then((P) => m.plots.forEach((p) => P.purge(p.el)));
  mounted.delete(id);
}

export const activate: ActivationFunction = () => {
  if (!document.getElementById('xbrain-renderer-style')) {
    const style = el('style', undefined, STYLE);
    style.id = 'xbrain-renderer-style';
    document.head.appendChild(style);
  }
  return {
    async renderOutputItem(item: OutputItem, element: HTMLElement, signal: AbortSignal) {
      // A live training output is replaced per epoch under the same id: start from a clean element each time.
      dispose(item.id);
      element.replaceChildren();
      const root = element.appendChild(el('div', 'xbrain-out'));
      let value: unknown;
      try {
        value = item.json();
      } catch (e) {
        root.textContent = `XBrain renderer: the output is not valid JSON (${e instanceof Error ? e.message : String(e)})`;
        return;
      }
      const m: Mounted = { root, plots: [], observer: new MutationObserver(() => void draw(m)) };
      m.plots = build(item.mime, value, root, () => void draw(m));
      mounted.set(item.id, m);
      // VS Code switches themes by changing body classes; redraw with the new colours.
      m.observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
      if (signal.aborted) return;
      await draw(m);
    },
    disposeOutputItem(id?: string) {
      if (id) dispose(id);
      else [...mounted.keys()].forEach(dispose);
    },
  };
};
