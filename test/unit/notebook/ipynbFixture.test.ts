import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths';
import {
  XBRAIN_MIME,
  XBRAIN_MIMES,
  type EpochsPayload,
  type MetricsPayload,
  type ProtocolPayload,
  type SaliencyPayload,
  type TrainingPayload,
} from '../../../src/core/mime';
import {
  confusionFigure,
  epochTracesFigure,
  erpFigure,
  metricRows,
  protocolFigure,
  saliencyMapFigure,
  saliencySpectrogramFigure,
  saliencyTopomapFigure,
  trainingFigure,
  type Figure,
} from '../../../src/webview/renderer/figures';

interface IpynbOutput {
  output_type: string;
  data: Record<string, unknown>;
}
const nb = JSON.parse(readFileSync(join(repoRoot, 'test/notebook/fixtures/xbrain-outputs.ipynb'), 'utf8')) as {
  nbformat: number;
  cells: { cell_type: string; outputs?: IpynbOutput[] }[];
};
const outputs = nb.cells.flatMap((c) => c.outputs ?? []);
const payloads = (mime: string) => outputs.filter((o) => mime in o.data).map((o) => o.data[mime]);

/** Every numeric array a figure draws must be finite (NaN/undefined would draw nothing without an error). */
function drawable(f: Figure): void {
  expect(f.data.length).toBeGreaterThan(0);
  for (const d of f.data) {
    for (const key of ['x', 'y', 'z'] as const) {
      const v = (d as Record<string, unknown>)[key];
      if (v === undefined) continue;
      const all = (v as unknown[]).flat(2);
      if (all.every((x) => typeof x === 'string')) continue; // a categorical axis (class or channel names)
      const flat = all.filter((x) => x !== null);
      expect(flat.length).toBeGreaterThan(0);
      expect(flat.every((x) => typeof x === 'number' && Number.isFinite(x))).toBe(true);
    }
  }
}

describe('Jupyter notebook with XBrain outputs (real tool payloads on S001R04)', () => {
  it('is an nbformat 4 notebook holding every XBrain MIME type as display_data', () => {
    expect(nb.nbformat).toBe(4);
    for (const mime of XBRAIN_MIMES) expect(payloads(mime).length, mime).toBeGreaterThan(0);
    expect(outputs.every((o) => o.output_type === 'display_data' && 'text/plain' in o.data)).toBe(true);
  });

  it('renders epochs: traces with event markers and ERP per class', () => {
    const p = payloads(XBRAIN_MIME.epochs)[0] as EpochsPayload;
    expect(p.channels).toEqual(['C3..', 'Cz..', 'C4..']); // PhysioNet EDF labels
    drawable(epochTracesFigure(p));
    const erp = erpFigure(p, 2);
    drawable(erp);
    expect(erp.data.map((d) => String(d.name).split(' ')[0])).toEqual(['T1', 'T2']);
  });

  it('renders both training payloads (the live/start_training curve and plot_training)', () => {
    const ps = payloads(XBRAIN_MIME.training) as TrainingPayload[];
    expect(ps).toHaveLength(2);
    for (const p of ps) {
      const f = trainingFigure(p);
      drawable(f);
      expect(f.data.every((d) => (d.x as number[]).length === 3)).toBe(true);
    }
  });

  it('renders metrics: confusion counts sum to the test set and headline rows exist', () => {
    const p = payloads(XBRAIN_MIME.metrics)[0] as MetricsPayload;
    const f = confusionFigure(p);
    drawable(f);
    const total = p.confusion.flat().reduce((a, b) => a + b, 0);
    expect((f.layout.annotations as { text: string }[]).reduce((a, x) => a + Number(x.text), 0)).toBe(total);
    expect(metricRows(p).map((r) => r[0])).toContain('accuracy');
  });

  it('renders saliency: map per class, spectrogram and topomap on montage positions', () => {
    const p = payloads(XBRAIN_MIME.saliency)[0] as SaliencyPayload;
    expect(p.maps.map((m) => m.class)).toEqual(['T1', 'T2']);
    drawable(saliencyMapFigure(p, 1));
    drawable(saliencySpectrogramFigure(p)!);
    const topo = saliencyTopomapFigure(p)!;
    expect((topo.data[1] as { text: string[] }).text).toHaveLength(8);
  });

  it('renders the run_protocol figure: a score per subject and pipeline, mean and chance', () => {
    const p = payloads(XBRAIN_MIME.protocol)[0] as ProtocolPayload;
    expect(p.pipelines).toEqual(['CSP+LDA', 'TS+LR']);
    expect(p.subjects).toEqual(['001']);
    const f = protocolFigure(p);
    drawable(f);
    expect(f.data).toHaveLength(1 + 2);
  });
});
