import { describe, expect, it } from 'vitest';
import {
  confusionFigure,
  epochTracesFigure,
  erpFigure,
  metricRows,
  protocolFigure,
  saliencyMapFigure,
  saliencySpectrogramFigure,
  saliencyTopomapFigure,
  saliencyTimes,
  themedLayout,
  topomapFigure,
  trainingFigure,
  FALLBACK_THEME,
} from '../../../src/webview/renderer/figures';
import type { EpochsPayload, MetricsPayload, ProtocolPayload, SaliencyPayload, TrainingPayload } from '../../../src/core/mime';

const epochs: EpochsPayload = {
  sfreq: 100,
  times: [-0.1, 0, 0.1, 0.2],
  channels: ['C3', 'Cz', 'C4'],
  unit: 'µV',
  traces: [
    {
      epoch: 0,
      label: 'T1',
      data: [
        [1, 2, 3, 4],
        [0, 0, 10, 0],
        [-5, 5, -5, 5],
      ],
    },
  ],
  markers: [{ time: 0, label: 'T1' }],
  erp: [
    {
      label: 'T1',
      count: 3,
      mean: [
        [1, 1, 1, 1],
        [2, 2, 2, 2],
        [3, 3, 3, 3],
      ],
    },
    {
      label: 'T2',
      count: 2,
      mean: [
        [0, 1, 0, 1],
        [5, 5, 5, 5],
        [6, 6, 6, 6],
      ],
    },
  ],
};

describe('renderer figures', () => {
  it('stacks the channels of an epoch with a common offset and draws event markers', () => {
    const f = epochTracesFigure(epochs);
    expect(f.data).toHaveLength(3);
    // peak-to-peak over the shown channels is 15 µV, offset 0.8 × 15 = 12
    expect((f.data[1] as { y: number[] }).y).toEqual([-12, -12, -2, -12]);
    expect((f.layout.yaxis as { ticktext: string[] }).ticktext).toEqual(['C3', 'Cz', 'C4']);
    expect(f.layout.shapes).toEqual([expect.objectContaining({ x0: 0, x1: 0 })]);
    expect(epochTracesFigure(epochs, 0, 2).data).toHaveLength(2);
  });

  it('plots the ERP of every class for the chosen channel with counts in the legend', () => {
    const f = erpFigure(epochs, 1);
    expect(f.data.map((d) => d.name)).toEqual(['T1 (n=3)', 'T2 (n=2)']);
    expect(f.data.map((d) => (d as { y: number[] }).y)).toEqual([
      [2, 2, 2, 2],
      [5, 5, 5, 5],
    ]);
    expect((f.layout.title as { text: string }).text).toContain('Cz');
  });

  it('puts each metric of the training curves in its own panel, val dashed', () => {
    const p: TrainingPayload = {
      metric: 'loss',
      live: true,
      runs: [{ id: 'r1', splitName: 'Fold_1', repeat: 0, status: 'running' }],
      series: [
        { runId: 'r1', label: 'Fold_1 r0 train', split: 'train', metric: 'loss', x: [1, 2], y: [1, 0.5] },
        { runId: 'r1', label: 'Fold_1 r0 train', split: 'train', metric: 'accuracy', x: [1, 2], y: [0.5, 0.7] },
        { runId: 'r1', label: 'Fold_1 r0 val', split: 'val', metric: 'loss', x: [1, 2], y: [1.2, 0.9] },
      ],
    };
    const f = trainingFigure(p);
    expect(f.data.map((d) => [d.xaxis, d.yaxis])).toEqual([
      ['x', 'y'],
      ['x2', 'y2'],
      ['x', 'y'],
    ]);
    expect((f.data[2].line as { dash: string }).dash).toBe('dash');
    // the same run/split has the same colour in both panels
    expect((f.data[0].line as { color: string }).color).toBe((f.data[1].line as { color: string }).color);
    expect((f.data[0].line as { color: string }).color).not.toBe((f.data[2].line as { color: string }).color);
    expect((f.layout.yaxis2 as { range: number[] }).range).toEqual([0, 1]);
    expect((f.layout.title as { text: string }).text).toBe('Training · live (1 running)');
    // plot_training's single-metric payload: one panel labelled by yLabel
    const single = trainingFigure({ metric: 'accuracy', yLabel: 'accuracy', runs: [], series: [p.series[1]].map((s) => ({ ...s, metric: undefined })) });
    expect(single.layout.xaxis2).toBeUndefined();
  });

  it('writes the counts into the confusion matrix and formats the headline metrics', () => {
    const p: MetricsPayload = {
      split: 'test',
      classes: ['T1', 'T2'],
      confusion: [
        [8, 2],
        [3, 7],
      ],
      accuracy: 0.75,
      kappa: 0.5,
      chance: { uniform: 0.5, majority: 0.5, significant: 0.75 },
      baseline: { method: 'CSP+LDA', accuracy: 0.7 },
    };
    const f = confusionFigure(p);
    expect((f.layout.annotations as { text: string }[]).map((a) => a.text)).toEqual(['8', '2', '3', '7']);
    expect(metricRows(p)).toEqual([
      ['accuracy', '75.0 %'],
      ['kappa', '0.500'],
      ['chance (1 / classes)', '50.0 %'],
      ['significant above (p < 0.05)', '75.0 %'],
      ['baseline CSP+LDA accuracy', '70.0 %'],
    ]);
  });

  it('draws saliency maps, spectrogram and a topomap that keeps channel values at the sensors', () => {
    const p: SaliencyPayload = {
      method: 'gradient',
      classes: ['T1', 'T2'],
      channels: ['C3', 'Cz', 'C4', 'X'],
      sfreq: 10,
      tmin: 0,
      nTimes: 3,
      maps: [
        {
          class: 'T1',
          n: 4,
          map: [
            [1, 2, 3],
            [4, 5, 6],
            [7, 8, 9],
            [0, 0, 0],
          ],
        },
        {
          class: 'T2',
          n: 5,
          map: [
            [0, 0, 0],
            [1, 1, 1],
            [2, 2, 2],
            [3, 3, 3],
          ],
        },
      ],
      spectrogram: {
        freqs: [1, 2],
        times: [0, 0.1],
        perClass: [
          {
            class: 'T1',
            values: [
              [1, 2],
              [3, 4],
            ],
          },
        ],
      },
      topomap: {
        montage: 'standard_1020',
        positions: { C3: [-0.5, 0], Cz: [0, 0], C4: [0.5, 0] },
        missing: ['X'],
        perClass: [
          { class: 'T1', values: [1, 2, 3, 99] },
          { class: 'T2', values: [3, 2, 1, 99] },
        ],
      },
    };
    expect(saliencyTimes(p)).toEqual([0, 0.1, 0.2]);
    expect((saliencyMapFigure(p, 1).data[0] as { z: number[][] }).z).toEqual(p.maps[1].map);
    expect(saliencySpectrogramFigure(p)!.data[0]).toMatchObject({ x: [0, 0.1], y: [1, 2] });
    const topo = saliencyTopomapFigure(p, 1)!;
    const sensors = topo.data[1] as { x: number[]; text: string[] };
    expect(sensors.text).toEqual(['C3', 'Cz', 'C4']);
    expect(sensors.x).toEqual([-0.95, 0, 0.95]);
    const z = (topo.data[0] as { z: (number | null)[][] }).z;
    // grid point nearest the centre sensor (Cz = 2) interpolates close to 2; corners outside the head are empty
    expect(z[0][0]).toBeNull();
    const mid = Math.floor(z.length / 2);
    expect(z[mid][mid]!).toBeGreaterThan(1.5);
    expect(z[mid][mid]!).toBeLessThan(2.5);
    expect(saliencyTopomapFigure({ ...p, topomap: undefined })).toBeNull();
  });

  it('reproduces a sensor value exactly when a grid point falls on the sensor', () => {
    const f = topomapFigure(
      [
        [0, 0],
        [0.5, 0.5],
        [-0.5, -0.5],
      ],
      [7, 1, 1],
      'x',
      ['a', 'b', 'c'],
      41,
    );
    const z = (f.data[0] as { z: (number | null)[][] }).z;
    expect(z[20][20]).toBe(7);
  });

  it('themes layouts from VS Code colours with transparent backgrounds', () => {
    const l = themedLayout({ xaxis: { title: 't' }, yaxis2: {} }, { ...FALLBACK_THEME, foreground: '#123456' });
    expect(l).toMatchObject({ paper_bgcolor: 'rgba(0,0,0,0)', font: { color: '#123456' }, xaxis: { title: 't', gridcolor: FALLBACK_THEME.grid } });
    expect(l.yaxis2).toMatchObject({ gridcolor: FALLBACK_THEME.grid });
  });

  it('draws run_protocol scores as paired points per subject with the pipelines side by side', () => {
    const p: ProtocolPayload = {
      protocol: 'cross_subject',
      metric: 'ROC-AUC',
      pipelines: ['CSP+LDA', 'TS+LR'],
      subjects: ['002', '003', '004'],
      scores: [
        [0.6, 0.7, null],
        [0.65, 0.8, 0.9],
      ],
      mean: [0.65, 0.783],
      sd: [0.07, 0.125],
      chance: 0.5,
    };
    const f = protocolFigure(p);
    // one line per subject (its paired points) plus one mean ± SD marker per pipeline
    expect(f.data).toHaveLength(3 + 2);
    expect(f.data[1]).toMatchObject({ name: '003', x: ['CSP+LDA', 'TS+LR'], y: [0.7, 0.8], mode: 'lines+markers' });
    expect((f.data[2] as { y: unknown[] }).y).toEqual([null, 0.9]);
    expect(f.data[4]).toMatchObject({ x: ['TS+LR'], y: [0.783], error_y: expect.objectContaining({ array: [0.125] }) });
    expect(f.layout.shapes).toEqual([expect.objectContaining({ y0: 0.5, y1: 0.5 })]);
    expect((f.layout.xaxis as { type: string }).type).toBe('category');
  });
});
