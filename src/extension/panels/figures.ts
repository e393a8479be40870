import type { StudyState } from '../../core/study/types';
import type { EvaluationMetrics } from '../../core/evaluation/storedEvaluation';
import type { ToolResult } from '../../core/tools/result';
import { welchPsd } from '../../core/signal/psd';
import { minMaxDecimate } from '../../core/signal/decimate';
import { epochChunks, epochRows } from '../../core/signal/spill';
import { CURVE_METRICS, trainingSeries, type CurveMetric } from '../../core/training/curves';
import { formatMeanSd, sweepRows } from './sweepTable';
import { protocolMessage, protocolsLatestFirst } from './protocolView';
import type { FigureSpec, HostToPage, PanelKind, PanelView } from '../../webview/shared/protocol';

/** Max points per trace sent to the page: min/max decimation keeps peaks, so 64 ch × 10 min stays light. */
const MAX_POINTS = 2000;

function stackedTraces(rows: ArrayLike<number>[], names: string[], t0: number, dt: number): FigureSpec {
  // Spacing from the median channel range: one noisy channel must not flatten the other 63.
  const ranges: number[] = [];
  for (const r of rows) {
    let lo = Infinity,
      hi = -Infinity;
    for (let i = 0; i < r.length; i++) {
      if (r[i] < lo) lo = r[i];
      if (r[i] > hi) hi = r[i];
    }
    if (Number.isFinite(hi - lo)) ranges.push(hi - lo);
  }
  ranges.sort((a, b) => a - b);
  const spread = ranges.length ? ranges[Math.floor(ranges.length / 2)] : 0;
  const step = spread > 0 ? spread : 1;
  const data = rows.map((r, c) => {
    const d = minMaxDecimate(r, t0, dt, MAX_POINTS);
    const off = (rows.length - 1 - c) * step;
    return { type: 'scatter', mode: 'lines', name: names[c], x: d.x, y: d.y.map((v) => v + off), line: { width: 1 }, hoverinfo: 'name+x' };
  });
  return {
    data,
    layout: {
      showlegend: false,
      margin: { l: 70, r: 10, t: 10, b: 40 },
      xaxis: { title: { text: 'time (s)' } },
      yaxis: { tickvals: rows.map((_, c) => (rows.length - 1 - c) * step), ticktext: names, zeroline: false },
    },
  };
}

function clampView(v: Partial<PanelView>, modes: string[], count: number, channels: string[]): PanelView {
  const mode = v.mode && modes.includes(v.mode) ? v.mode : modes[0];
  const index = Math.max(0, Math.min(count - 1, Math.trunc(v.index ?? 0)));
  const channel = Math.max(0, Math.min(channels.length - 1, Math.trunc(v.channel ?? 0)));
  return { mode, modes, index, count, channel, channels };
}

/** The Epochs viewer: one epoch's traces with its label, the ERP per class for a channel, or the Welch PSD. Raw traces before epoching. */
export function epochsMessage(s: Readonly<StudyState>, req: Partial<PanelView>): HostToPage {
  const e = s.epochs;
  if (!e) {
    const r = s.recordings[0];
    if (!r) return { type: 'empty', kind: 'epochs', message: 'No data yet: run “XBrain: Load EEG Files…”.' };
    const view = clampView(
      req,
      ['traces', 'psd'],
      1,
      r.channels.map((c) => c.name),
    );
    const dur = Math.min(r.nTimes, Math.round(10 * r.sfreq));
    const rows = r.data.map((d) => d.subarray(0, dur));
    const names = Object.fromEntries(Object.entries(r.events.eventId).map(([k, v]) => [v, k]));
    const figure = view.mode === 'psd' ? psdFigure(rows, r.sfreq, view.channels) : stackedTraces(rows, view.channels, 0, 1 / r.sfreq);
    if (view.mode === 'traces') {
      const shapes: Record<string, unknown>[] = [];
      const annotations: Record<string, unknown>[] = [];
      for (let i = 0; i < r.events.samples.length; i++) {
        const x = r.events.samples[i] / r.sfreq;
        if (r.events.samples[i] >= dur) break;
        shapes.push({ type: 'line', x0: x, x1: x, yref: 'paper', y0: 0, y1: 1, line: { dash: 'dot', width: 1 } });
        annotations.push({ x, yref: 'paper', y: 1, text: names[r.events.codes[i]] ?? String(r.events.codes[i]), showarrow: false, yanchor: 'bottom' });
      }
      Object.assign(figure.layout, { shapes, annotations });
    }
    return {
      type: 'figure',
      kind: 'epochs',
      title: 'Raw data (first 10 s)',
      summary: `${r.path.split(/[\\/]/).pop()}: ${r.channels.length} channels at ${r.sfreq} Hz, ${r.events.codes.length} events`,
      figure,
      view,
    };
  }
  const classNames = Object.entries(e.eventId)
    .sort((a, b) => a[1] - b[1])
    .map(([k]) => k);
  const view = clampView(req, ['traces', 'erp', 'psd'], e.nEpochs, e.channels);
  const per = e.nChannels * e.nTimes;
  const dt = 1 / e.sfreq;
  if (view.mode === 'traces') {
    const one = epochRows(e, [view.index]);
    const rows = Array.from({ length: e.nChannels }, (_, c) => one.subarray(c * e.nTimes, (c + 1) * e.nTimes));
    const label = classNames[e.labels[view.index]] ?? String(e.labels[view.index]);
    const figure = stackedTraces(rows, e.channels, e.tmin, dt);
    Object.assign(figure.layout, { shapes: e.tmin < 0 ? [{ type: 'line', x0: 0, x1: 0, yref: 'paper', y0: 0, y1: 1, line: { dash: 'dot', width: 1 } }] : [] });
    return {
      type: 'figure',
      kind: 'epochs',
      title: `Epoch ${view.index + 1} of ${e.nEpochs} — ${label}`,
      summary: epochSummary(e.nEpochs, e.nChannels, e.nTimes, e.sfreq, classNames, e.labels),
      figure,
      view,
    };
  }
  if (view.mode === 'erp') {
    // one channel's class means over blocks of epochs (a disk-backed set is never read whole)
    const means = classNames.map(() => new Float64Array(e.nTimes));
    const counts = classNames.map(() => 0);
    for (const { block, start, count } of epochChunks(e)) {
      for (let i = 0; i < count; i++) {
        const k = e.labels[start + i];
        if (!(k >= 0 && k < means.length)) continue;
        counts[k]++;
        const mean = means[k];
        const off = i * per + view.channel * e.nTimes;
        for (let t = 0; t < e.nTimes; t++) mean[t] += block[off + t];
      }
    }
    const data = classNames.map((name, k) => {
      const mean = means[k];
      const n = counts[k];
      for (let t = 0; t < e.nTimes; t++) mean[t] /= Math.max(1, n);
      const d = minMaxDecimate(mean, e.tmin, dt, MAX_POINTS);
      return { type: 'scatter', mode: 'lines', name: `${name} (n=${n})`, x: d.x, y: d.y };
    });
    return {
      type: 'figure',
      kind: 'epochs',
      title: `ERP per class — ${e.channels[view.channel]}`,
      summary: epochSummary(e.nEpochs, e.nChannels, e.nTimes, e.sfreq, classNames, e.labels),
      figure: { data, layout: { margin: { l: 70, r: 10, t: 10, b: 40 }, xaxis: { title: { text: 'time (s)' } }, yaxis: { title: { text: 'V' } } } },
      view,
    };
  }
  const one = epochRows(e, [view.index]);
  const rows = Array.from({ length: e.nChannels }, (_, c) => one.subarray(c * e.nTimes, (c + 1) * e.nTimes));
  return {
    type: 'figure',
    kind: 'epochs',
    title: `PSD — epoch ${view.index + 1}`,
    summary: epochSummary(e.nEpochs, e.nChannels, e.nTimes, e.sfreq, classNames, e.labels),
    figure: psdFigure(rows, e.sfreq, e.channels),
    view,
  };
}

function epochSummary(n: number, ch: number, t: number, sfreq: number, classes: string[], labels: Int32Array): string {
  const counts = classes.map((c, k) => `${c}: ${labels.filter((l) => l === k).length}`);
  return `${n} epochs × ${ch} channels × ${t} samples at ${sfreq} Hz (${counts.join(', ')})`;
}

function psdFigure(rows: ArrayLike<number>[], sfreq: number, names: string[]): FigureSpec {
  const p = welchPsd(rows, sfreq);
  const freqs = Array.from(p.freqs);
  return {
    data: p.psd.map((row, c) => ({
      type: 'scatter',
      mode: 'lines',
      name: names[c],
      x: freqs,
      y: Array.from(row, (v) => 10 * Math.log10(Math.max(v, 1e-30))),
      line: { width: 1 },
    })),
    layout: { margin: { l: 70, r: 10, t: 10, b: 40 }, xaxis: { title: { text: 'frequency (Hz)' } }, yaxis: { title: { text: 'dB (unit²/Hz)' } } },
  };
}

/** Training dashboard: one curve per run, split and metric, live while runs come in. */
export function trainingMessage(s: Readonly<StudyState>, req: Partial<PanelView>): HostToPage {
  if (s.runs.length === 0) return { type: 'empty', kind: 'training', message: 'No training runs yet: run “XBrain: Train…”.' };
  const sweeps = sweepRows(s.runs);
  const view = clampView(req, [...CURVE_METRICS, ...(sweeps.length ? ['sweep'] : [])], s.runs.length, []);
  if (view.mode === 'sweep') return sweepMessage(s, sweeps, view);
  const metric = view.mode as CurveMetric;
  const data = trainingSeries(s.runs, [metric]).map((c) => ({
    type: 'scatter',
    mode: c.split === 'all' ? 'lines' : 'lines+markers',
    name: c.label,
    x: c.x,
    y: c.y,
  }));
  const running = s.runs.filter((r) => r.status === 'running').length;
  return {
    type: 'figure',
    kind: 'training',
    title: `Training — ${metric}`,
    view,
    summary: `${s.runs.length} run(s): ${running} running, ${s.runs.filter((r) => r.status === 'done').length} done`,
    figure: { data, layout: { margin: { l: 60, r: 10, t: 10, b: 40 }, xaxis: { title: { text: 'epoch' } }, yaxis: { title: { text: metric } } } },
    table: { columns: ['run', 'split', 'repeat', 'status', 'epochs'], rows: s.runs.map((r) => [r.id, r.splitName, r.repeat, r.status, r.metrics.length]) },
  };
}

/** The dashboard's sweep view: one row per grid point (mean ± SD over folds × repeats), bars of the mean val/test accuracy. */
function sweepMessage(s: Readonly<StudyState>, rows: ReturnType<typeof sweepRows>, view: PanelView): HostToPage {
  const x = rows.map((r) => (new Set(rows.map((q) => q.sweepId)).size > 1 ? `${r.sweepId}: ${r.label}` : r.label));
  const bars = (key: 'valAccuracy' | 'testAccuracy', name: string) => ({
    type: 'bar',
    name,
    x,
    y: rows.map((r) => r[key]?.mean ?? null),
    error_y: { type: 'data', array: rows.map((r) => r[key]?.sd ?? 0), visible: true },
  });
  const sweepsDone = rows.reduce((n, r) => n + r.done, 0);
  return {
    type: 'figure',
    kind: 'training',
    title: 'Sweep — mean ± SD per grid point',
    view,
    summary: `${rows.length} grid point(s) in ${new Set(rows.map((r) => r.sweepId)).size} sweep(s): ${sweepsDone} of ${rows.reduce((n, r) => n + r.runs, 0)} run(s) done, ${rows.reduce((n, r) => n + r.failed, 0)} failed; ${s.runs.filter((r) => r.status === 'running').length} running`,
    figure: {
      data: [bars('valAccuracy', 'val accuracy'), bars('testAccuracy', 'test accuracy')],
      layout: { barmode: 'group', margin: { l: 60, r: 10, t: 10, b: 80 }, yaxis: { title: { text: 'accuracy' }, range: [0, 1] } },
    },
    table: {
      columns: ['sweep', 'point', 'runs', 'done', 'failed', 'val accuracy (mean ± SD)', 'test accuracy (mean ± SD)'],
      rows: rows.map((r) => [r.sweepId, r.label, r.runs, r.done, r.failed, formatMeanSd(r.valAccuracy), formatMeanSd(r.testAccuracy)]),
    },
  };
}

/** The `evaluate` tool's stored metrics (evaluation/evaluateRuns.ts EvaluationMetrics); the panel draws whatever part is present. */
type EvaluationMetaView = Partial<EvaluationMetrics>;

const HEADLINE: [key: 'accuracy' | 'balancedAccuracy' | 'kappa' | 'macroF1' | 'auc', label: string][] = [
  ['accuracy', 'accuracy'],
  ['balancedAccuracy', 'balanced accuracy'],
  ['kappa', 'kappa'],
  ['macroF1', 'macro-F1'],
  ['auc', 'AUC'],
];
const r4 = (v: number): number => Number(v.toFixed(4));

/**
 * Evaluation: headline metrics (mean ± SD over runs) with chance and the CSP+LDA baseline, the pooled confusion matrix
 * and per-class bars; or (mode 'protocol') a run_protocol result's per-subject figure and table (./protocolView).
 */
export function evaluationMessage(s: Readonly<StudyState>, req: Partial<PanelView>): HostToPage {
  const ev = s.evaluations[s.evaluations.length - 1];
  const protocols = protocolsLatestFirst(s);
  if (!ev && !protocols.length) return { type: 'empty', kind: 'evaluation', message: 'No evaluation yet: run “XBrain: Evaluate” or run_protocol.' };
  // the newer of the two kinds of result is shown first
  const protocolFirst = protocols.length > 0 && (!ev || protocols[0].createdAt >= ev.createdAt);
  const modes = protocolFirst ? ['protocol', ...(ev ? ['metrics'] : [])] : ['metrics', ...(protocols.length ? ['protocol'] : [])];
  const mode = req.mode && modes.includes(req.mode) ? req.mode : modes[0];
  if (mode === 'protocol') {
    const v = clampView({ ...req, mode }, modes, protocols.length, []);
    return protocolMessage(protocols[v.index], v);
  }
  if (!ev) throw new Error('unreachable: metrics mode without an evaluation');
  const m = ev.metrics as EvaluationMetaView;
  const cm = Array.isArray(m.confusion) ? m.confusion : undefined;
  const classes = m.classes ?? cm?.map((_, i) => String(i)) ?? [];
  const data: Record<string, unknown>[] = [];
  if (cm) data.push({ type: 'heatmap', z: cm, x: classes, y: classes, colorscale: 'Blues', xaxis: 'x', yaxis: 'y', showscale: false, texttemplate: '%{z}' });
  for (const metric of ['precision', 'recall', 'f1'] as const) {
    if (!m.perClass?.length) break;
    data.push({ type: 'bar', name: metric, x: m.perClass.map((p) => p.class), y: m.perClass.map((p) => p[metric]), xaxis: 'x2', yaxis: 'y2' });
  }
  const rows: (string | number)[][] = [];
  for (const [key, label] of HEADLINE) {
    const v = m[key];
    if (typeof v !== 'number') continue;
    const sd = m.summary?.[key];
    const base = m.baseline?.summary?.[key]?.mean ?? m.baseline?.[key as 'accuracy' | 'kappa'];
    rows.push([label, r4(v), sd && sd.n > 1 ? r4(sd.sd) : '', typeof base === 'number' ? r4(base) : '']);
  }
  if (m.chance) {
    rows.push(['chance (1 / classes)', r4(m.chance.uniform), '', '']);
    rows.push(['majority class', r4(m.chance.majority), '', '']);
    rows.push(['significant above (p < 0.05)', m.chance.significant === null ? 'test set too small' : r4(m.chance.significant), '', '']);
  }
  for (const p of m.perClass ?? [])
    rows.push([`${p.class}: precision / recall / F1 (n=${p.support})`, `${r4(p.precision)} / ${r4(p.recall)} / ${r4(p.f1)}`, '', '']);
  const pct = (v: number): string => `${(100 * v).toFixed(1)}%`;
  const acc = m.summary?.accuracy;
  const parts = [
    typeof m.accuracy === 'number' ? `accuracy ${pct(m.accuracy)}${acc && acc.n > 1 ? ` ± ${pct(acc.sd)}` : ''}` : '',
    typeof m.kappa === 'number' ? `kappa ${m.kappa.toFixed(3)}` : '',
    m.chance
      ? `chance ${pct(m.chance.uniform)} (${m.chance.significant === null ? 'test set too small for significance' : `significant above ${pct(m.chance.significant)}`})`
      : '',
    m.baseline?.summary?.accuracy ? `${m.baseline.method} baseline ${pct(m.baseline.summary.accuracy.mean)}` : '',
  ].filter(Boolean);
  const view = clampView({ mode: 'metrics' }, modes, 1, []);
  return {
    type: 'figure',
    kind: 'evaluation',
    title: `Evaluation on ${ev.split} (${ev.runIds.length} run(s))`,
    view,
    summary: parts.join(' · '),
    figure: {
      data,
      layout: {
        grid: { rows: 1, columns: 2, pattern: 'independent' },
        margin: { l: 60, r: 10, t: 20, b: 40 },
        yaxis: { autorange: 'reversed', title: { text: 'true' } },
        xaxis: { title: { text: 'predicted' } },
      },
    },
    table: { columns: ['metric', 'value', 'SD over runs', m.baseline?.method ?? 'baseline'], rows },
  };
}

/** Saliency: the channel × time map of the last compute_saliency result (per class), plus its topomap values as bars. */
export function saliencyMessage(last: ToolResult | undefined, req: Partial<PanelView>): HostToPage {
  const meta = last?.meta as { classes?: string[]; channels?: string[]; times?: number[]; maps?: number[][][] } | undefined;
  if (!meta?.maps || !meta.channels) return { type: 'empty', kind: 'saliency', message: 'No saliency yet: run “XBrain: Explain Model (Saliency)…”.' };
  const classes = meta.classes ?? meta.maps.map((_, i) => String(i));
  const view = clampView(req, ['map', 'channels'], classes.length, meta.channels);
  const map = meta.maps[view.index];
  const figure: FigureSpec =
    view.mode === 'map'
      ? {
          data: [{ type: 'heatmap', z: map, x: meta.times, y: meta.channels, colorscale: 'RdBu', reversescale: true }],
          layout: { margin: { l: 70, r: 10, t: 10, b: 40 }, xaxis: { title: { text: 'time (s)' } } },
        }
      : {
          data: [{ type: 'bar', x: meta.channels, y: map.map((row) => row.reduce((a, b) => a + Math.abs(b), 0) / row.length) }],
          layout: { margin: { l: 60, r: 10, t: 10, b: 60 }, yaxis: { title: { text: 'mean |saliency|' } } },
        };
  return { type: 'figure', kind: 'saliency', title: `Saliency — ${classes[view.index]}`, summary: last!.content.split('\n')[0], figure, view };
}

export function panelMessage(kind: PanelKind, s: Readonly<StudyState>, req: Partial<PanelView>, lastResults: Map<string, ToolResult>): HostToPage {
  switch (kind) {
    case 'epochs':
      return epochsMessage(s, req);
    case 'training':
      return trainingMessage(s, req);
    case 'evaluation':
      return evaluationMessage(s, req);
    case 'saliency':
      return saliencyMessage(lastResults.get('compute_saliency'), req);
  }
}
