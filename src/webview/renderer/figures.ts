// Pure figure builders: payload (src/core/mime.ts) → plotly data + layout. No DOM, no plotly import, so
// tests assert the figure spec and the renderer only draws. Colours come from the theme at draw time.
import type { EpochsPayload, MetricsPayload, ProtocolPayload, SaliencyPayload, TrainingPayload } from '../../core/mime';

export interface Figure {
  data: Record<string, unknown>[];
  layout: Record<string, unknown>;
}

export interface Theme {
  foreground: string;
  fontFamily: string;
  grid: string;
  palette: string[];
}

export const FALLBACK_THEME: Theme = {
  foreground: '#cccccc',
  fontFamily: 'sans-serif',
  grid: 'rgba(128,128,128,0.25)',
  palette: ['#3794ff', '#f14c4c', '#89d185', '#cca700', '#d18616', '#b180d7'],
};

export function themedLayout(layout: Record<string, unknown>, theme: Theme): Record<string, unknown> {
  const axis = (a: unknown) => ({ gridcolor: theme.grid, zerolinecolor: theme.grid, ...(a as object) });
  const out: Record<string, unknown> = {
    ...layout,
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: 'rgba(0,0,0,0)',
    font: { color: theme.foreground, family: theme.fontFamily, size: 12 },
    colorway: theme.palette,
  };
  for (const k of Object.keys(layout)) if (/^[xy]axis\d*$/.test(k)) out[k] = axis(layout[k]);
  return out;
}

const BASE = { margin: { l: 60, r: 20, t: 36, b: 44 }, showlegend: true, legend: { orientation: 'h', y: -0.2 } };

function peakToPeak(rows: number[][]): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of rows)
    for (const v of r) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  return Number.isFinite(hi - lo) && hi > lo ? hi - lo : 1;
}

/** One epoch, channels stacked with a common offset (butterfly would hide the channel layout), event markers as lines. */
export function epochTracesFigure(p: EpochsPayload, epochIndex = 0, maxChannels = 16): Figure {
  const tr = p.traces[Math.min(epochIndex, p.traces.length - 1)];
  if (!tr) return { data: [], layout: { ...BASE, title: { text: 'No epochs' } } };
  const n = Math.min(maxChannels, p.channels.length);
  const offset = peakToPeak(tr.data.slice(0, n)) * 0.8;
  const data = tr.data.slice(0, n).map((row, c) => ({
    type: 'scatter',
    mode: 'lines',
    name: p.channels[c],
    x: p.times,
    y: row.map((v) => v - c * offset),
    line: { width: 1 },
    hovertemplate: `${p.channels[c]} %{x:.3f} s<extra></extra>`,
  }));
  const shapes = p.markers.map((m) => ({ type: 'line', xref: 'x', yref: 'paper', x0: m.time, x1: m.time, y0: 0, y1: 1, line: { dash: 'dot', width: 1 } }));
  const annotations = p.markers.map((m) => ({ xref: 'x', yref: 'paper', x: m.time, y: 1, text: m.label, showarrow: false, yanchor: 'bottom' }));
  return {
    data,
    layout: {
      ...BASE,
      showlegend: false,
      title: { text: `Epoch ${tr.epoch + 1} · ${tr.label}${n < p.channels.length ? ` · first ${n} of ${p.channels.length} channels` : ''}` },
      xaxis: { title: { text: 'time (s)' } },
      yaxis: { tickmode: 'array', tickvals: data.map((_, c) => -c * offset), ticktext: p.channels.slice(0, n), title: { text: `${p.unit}` } },
      shapes,
      annotations,
    },
  };
}

/** Mean per class for one channel, with the number of epochs averaged in the legend. */
export function erpFigure(p: EpochsPayload, channel = 0): Figure {
  const c = Math.min(Math.max(0, channel), p.channels.length - 1);
  const data = p.erp.map((e) => ({ type: 'scatter', mode: 'lines', name: `${e.label} (n=${e.count})`, x: p.times, y: e.mean[c] }));
  const shapes = p.markers.map((m) => ({ type: 'line', xref: 'x', yref: 'paper', x0: m.time, x1: m.time, y0: 0, y1: 1, line: { dash: 'dot', width: 1 } }));
  return {
    data,
    layout: {
      ...BASE,
      title: { text: `ERP per class · ${p.channels[c] ?? ''}` },
      xaxis: { title: { text: 'time (s)' } },
      yaxis: { title: { text: p.unit } },
      shapes,
    },
  };
}

/**
 * Training curves: one panel per metric (a live cell carries loss and accuracy, plot_training one metric), train solid,
 * validation dashed, test dotted; one legend entry per run and split.
 */
export function trainingFigure(p: TrainingPayload, palette: readonly string[] = FALLBACK_THEME.palette): Figure {
  const metrics = [...new Set(p.series.map((s) => s.metric ?? p.metric))];
  // One colour per curve label, the same in every panel.
  const labels = [...new Set(p.series.map((s) => s.label))];
  const data = p.series.map((s) => {
    const k = metrics.indexOf(s.metric ?? p.metric);
    const color = palette[labels.indexOf(s.label) % palette.length];
    return {
      type: 'scatter',
      mode: 'lines+markers',
      name: s.label,
      legendgroup: s.label,
      showlegend: k === 0,
      x: s.x,
      y: s.y,
      xaxis: k === 0 ? 'x' : `x${k + 1}`,
      yaxis: k === 0 ? 'y' : `y${k + 1}`,
      line: { dash: s.split === 'val' ? 'dash' : s.split === 'test' ? 'dot' : 'solid', width: 1.5, color },
      marker: { size: 4, color },
    };
  });
  const running = p.runs.filter((r) => r.status === 'running').length;
  const layout: Record<string, unknown> = { ...BASE, title: { text: `Training${p.live ? ` · live (${running} running)` : ''}` } };
  const n = Math.max(1, metrics.length);
  const gap = 0.06;
  const w = (1 - gap * (n - 1)) / n;
  metrics.forEach((m, k) => {
    const sfx = k === 0 ? '' : String(k + 1);
    layout[`xaxis${sfx}`] = { title: { text: p.xLabel ?? 'epoch' }, domain: [k * (w + gap), k * (w + gap) + w], anchor: `y${sfx}` };
    layout[`yaxis${sfx}`] = { title: { text: n === 1 ? (p.yLabel ?? m) : m }, anchor: `x${sfx}`, ...(m === 'accuracy' ? { range: [0, 1] } : {}) };
  });
  return { data, layout };
}

/** Confusion matrix as a heatmap with the counts written in the cells (rows: true class, columns: predicted). */
export function confusionFigure(p: MetricsPayload): Figure {
  const k = p.classes.length;
  const annotations = [];
  let max = 0;
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) max = Math.max(max, p.confusion[i]?.[j] ?? 0);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const v = p.confusion[i]?.[j] ?? 0;
      annotations.push({ x: p.classes[j], y: p.classes[i], text: String(v), showarrow: false, font: { color: v > max / 2 ? '#ffffff' : undefined } });
    }
  return {
    data: [
      {
        type: 'heatmap',
        x: p.classes,
        y: p.classes,
        z: p.confusion,
        colorscale: 'Blues',
        showscale: false,
        hovertemplate: 'true %{y} → predicted %{x}: %{z}<extra></extra>',
      },
    ],
    layout: {
      ...BASE,
      showlegend: false,
      title: { text: `Confusion matrix · ${p.split}` },
      xaxis: { title: { text: 'predicted' }, type: 'category' },
      yaxis: { title: { text: 'true' }, type: 'category', autorange: 'reversed' },
      annotations,
      width: undefined,
    },
  };
}

/** Seconds of each sample of a saliency map. */
export function saliencyTimes(p: SaliencyPayload): number[] {
  return Array.from({ length: p.nTimes }, (_, i) => Number((p.tmin + i / p.sfreq).toFixed(6)));
}

/** Attribution over channels × time for one class. */
export function saliencyMapFigure(p: SaliencyPayload, classIndex = 0): Figure {
  const m = p.maps[Math.min(classIndex, p.maps.length - 1)];
  if (!m) return { data: [], layout: { ...BASE, title: { text: 'No saliency' } } };
  return {
    data: [{ type: 'heatmap', x: saliencyTimes(p), y: p.channels, z: m.map, colorscale: 'Viridis', colorbar: { thickness: 10 } }],
    layout: {
      ...BASE,
      showlegend: false,
      title: { text: `Saliency (${p.method}) · ${m.class} (n=${m.n})` },
      xaxis: { title: { text: 'time (s)' } },
      yaxis: { type: 'category', autorange: 'reversed' },
    },
  };
}

/** Mean spectrogram of the attribution for one class (frequency × time). */
export function saliencySpectrogramFigure(p: SaliencyPayload, classIndex = 0): Figure | null {
  const sp = p.spectrogram;
  const v = sp?.perClass[Math.min(classIndex, sp.perClass.length - 1)];
  if (!sp || !v) return null;
  return {
    data: [{ type: 'heatmap', x: sp.times, y: sp.freqs, z: v.values, colorscale: 'Viridis', colorbar: { thickness: 10 } }],
    layout: {
      ...BASE,
      showlegend: false,
      title: { text: `Spectrogram · ${v.class}` },
      xaxis: { title: { text: 'time (s)' } },
      yaxis: { title: { text: 'frequency (Hz)' } },
    },
  };
}

/** Topomap of one class from the payload's named positions (channels the montage does not know are left out). */
export function saliencyTopomapFigure(p: SaliencyPayload, classIndex = 0): Figure | null {
  const t = p.topomap;
  const v = t?.perClass[Math.min(classIndex, t.perClass.length - 1)];
  if (!t || !v) return null;
  const names: string[] = [];
  const pos: [number, number][] = [];
  const vals: number[] = [];
  p.channels.forEach((ch, i) => {
    const xy = t.positions[ch];
    if (xy && Number.isFinite(v.values[i])) {
      names.push(ch);
      pos.push(xy);
      vals.push(v.values[i]);
    }
  });
  if (pos.length < 3) return null;
  // Positions come in layout units; scale them into the unit head circle.
  const r = Math.max(...pos.map(([x, y]) => Math.hypot(x, y))) || 1;
  return topomapFigure(
    pos.map(([x, y]) => [(x / r) * 0.95, (y / r) * 0.95]),
    vals,
    v.class,
    names,
  );
}

/**
 * A scalp map: per-channel values interpolated onto a grid inside the head circle by inverse-distance weighting,
 * drawn as a contour, with the sensors and the head outline on top.
 */
export function topomapFigure(positions: [number, number][], values: number[], label: string, channels: string[], grid = 40): Figure {
  const xs: number[] = [];
  for (let i = 0; i < grid; i++) xs.push(-1 + (2 * i) / (grid - 1));
  const z: (number | null)[][] = xs.map((y) =>
    xs.map((x) => {
      if (x * x + y * y > 1) return null;
      let num = 0;
      let den = 0;
      for (let s = 0; s < positions.length; s++) {
        const dx = x - positions[s][0];
        const dy = y - positions[s][1];
        const d2 = dx * dx + dy * dy;
        if (d2 < 1e-12) return values[s];
        const w = 1 / (d2 * d2);
        num += w * values[s];
        den += w;
      }
      return den > 0 ? num / den : null;
    }),
  );
  const circle = Array.from({ length: 65 }, (_, i) => (2 * Math.PI * i) / 64);
  return {
    data: [
      {
        type: 'contour',
        x: xs,
        y: xs,
        z,
        colorscale: 'RdBu',
        reversescale: true,
        contours: { coloring: 'heatmap' },
        line: { width: 0.5 },
        colorbar: { thickness: 10 },
        connectgaps: false,
      },
      {
        type: 'scatter',
        mode: 'markers',
        x: positions.map((p) => p[0]),
        y: positions.map((p) => p[1]),
        text: channels,
        marker: { size: 4, color: '#000000' },
        hovertemplate: '%{text}<extra></extra>',
        showlegend: false,
      },
      {
        type: 'scatter',
        mode: 'lines',
        x: [...circle.map(Math.cos), -0.1, 0, 0.1],
        y: [...circle.map(Math.sin), 0.995, 1.1, 0.995],
        line: { width: 1.5 },
        hoverinfo: 'skip',
        showlegend: false,
      },
    ],
    layout: {
      ...BASE,
      showlegend: false,
      title: { text: `Topomap · ${label}` },
      xaxis: { visible: false, range: [-1.15, 1.15], scaleanchor: 'y' },
      yaxis: { visible: false, range: [-1.15, 1.2] },
    },
  };
}

const HEADLINE = ['accuracy', 'balancedAccuracy', 'kappa', 'macroF1', 'auc'] as const;

function fmtMetric(k: string, v: number): string {
  if (/acc|recall|precision|chance/i.test(k) && v >= 0 && v <= 1) return `${(v * 100).toFixed(1)} %`;
  return Number.isInteger(v) ? String(v) : v.toFixed(3);
}

/** The metrics table rows, formatted (accuracies as %, others with 3 decimals), baseline last. */
export function metricRows(p: MetricsPayload): [string, string][] {
  const rows: [string, string][] = [];
  for (const k of HEADLINE) {
    const v = p[k];
    if (typeof v === 'number' && Number.isFinite(v)) rows.push([k, fmtMetric(k, v)]);
  }
  // evaluate sends the chance levels as an object; the table read it as a number and never showed them
  const c = p.chance;
  if (c && Number.isFinite(c.uniform)) rows.push(['chance (1 / classes)', fmtMetric('chance', c.uniform)]);
  if (c && typeof c.significant === 'number') rows.push(['significant above (p < 0.05)', fmtMetric('chance', c.significant)]);
  for (const [k, v] of Object.entries(p.metrics ?? {})) if (typeof v === 'number') rows.push([k, fmtMetric(k, v)]);
  const b = p.baseline;
  if (b && typeof b.accuracy === 'number') rows.push([`baseline ${b.method} accuracy`, fmtMetric('accuracy', b.accuracy)]);
  return rows;
}

/**
 * Per-subject scores of several pipelines (run_protocol): pipelines side by side on the x axis, one grey line per
 * subject joining its paired points, the mean ± SD per pipeline as a coloured marker with error bar, chance dashed.
 */
export function protocolFigure(p: ProtocolPayload, palette: readonly string[] = FALLBACK_THEME.palette): Figure {
  const data: Record<string, unknown>[] = p.subjects.map((subject, s) => ({
    type: 'scatter',
    mode: 'lines+markers',
    name: subject,
    legendgroup: 'subjects',
    showlegend: false,
    x: p.pipelines,
    y: p.pipelines.map((_, k) => p.scores[k]?.[s] ?? null),
    line: { color: 'rgba(128,128,128,0.5)', width: 1 },
    marker: { size: 6, color: 'rgba(128,128,128,0.8)' },
    hovertemplate: `subject ${subject}<br>%{x}: %{y:.3f}<extra></extra>`,
  }));
  p.pipelines.forEach((name, k) =>
    data.push({
      type: 'scatter',
      mode: 'markers',
      name: `${name} mean ± SD`,
      x: [name],
      y: [p.mean[k]],
      error_y: { type: 'data', array: [p.sd[k]], visible: true, color: palette[k % palette.length] },
      marker: { size: 12, symbol: 'diamond', color: palette[k % palette.length] },
    }),
  );
  const layout: Record<string, unknown> = {
    ...BASE,
    title: { text: `${p.protocol.replace('_', '-')}: ${p.metric} per subject (${p.subjects.length} subject${p.subjects.length === 1 ? '' : 's'})` },
    xaxis: { title: { text: 'pipeline' }, type: 'category' },
    yaxis: { title: { text: p.metric } },
    shapes: [{ type: 'line', xref: 'paper', x0: 0, x1: 1, y0: p.chance, y1: p.chance, line: { dash: 'dash', width: 1, color: 'rgba(128,128,128,0.8)' } }],
  };
  return { data, layout };
}
