import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { predictLogits, runOnnx } from '../../../src/core/training';
import { classificationReport } from '../../../src/core/evaluation/metrics';
import { subset } from '../../../src/core/evaluation/cspLda';
import { trainedStudy, type TrainedStudy } from './trainedStudy';
import { EPOCH_CHUNK_BYTES, epochsFile, epochStreaming, spillDir, spillEpochs, spillReads } from '../../../src/core/signal/spill';
import type { Epochs } from '../../../src/core/signal/types';
import { Study } from '../../../src/core/study/study';

let t: TrainedStudy;
beforeAll(async () => {
  t = await trainedStudy();
}, 120_000);

describe('evaluate tool (ONNX Runtime) through the Study', () => {
  it('reports the ONNX model figures, mean ± SD over folds and the CSP+LDA baseline', async () => {
    expect(t.study.stage).toBe('trained');
    const reg = new ToolRegistry();
    const r = await reg.invoke('evaluate', { split: 'test' }, t.ctx);
    expect(r.type).toBe('data');
    const m = r.meta as Record<string, any>;
    expect(m.classes).toEqual(['left', 'right']);
    // per run: identical to the TS engine's own logits on the same epochs (ONNX parity ≤ 1e-4 ⇒ same report)
    const e = t.study.state.epochs!;
    const splits = t.study.state.dataset!.splits;
    for (const [k, run] of (m.runs as any[]).entries()) {
      const split = splits[k];
      expect(run.set).toBe('test'); // k-fold: the fold is the test set
      const x = subset(e.data, e.nChannels, e.nTimes, split.test);
      const ref = classificationReport(
        Array.from(split.test, (i) => e.labels[i]),
        predictLogits(t.models[k], x.data as Float32Array),
        ['left', 'right'],
      );
      expect(run.accuracy).toBeCloseTo(ref.accuracy, 10);
      expect(run.confusion).toEqual(ref.confusion);
      // logits agree to ~1e-4, which may swap one near-tied pair in the AUC ranking (1/400 here)
      expect(Math.abs(run.auc - ref.auc)).toBeLessThanOrEqual(2 / 400 + 1e-12);
    }
    const accs = (m.runs as any[]).map((x) => x.accuracy);
    expect(m.accuracy).toBeCloseTo((accs[0] + accs[1]) / 2, 12);
    expect(m.summary.accuracy.n).toBe(2);
    expect(m.summary.accuracy.sd).toBeCloseTo(Math.abs(accs[0] - accs[1]) / Math.SQRT2, 12);
    for (const key of ['balancedAccuracy', 'kappa', 'macroF1', 'auc']) expect(typeof m[key]).toBe('number');
    expect(m.confusion.flat().reduce((a: number, v: number) => a + v, 0)).toBe(splits[0].test.length + splits[1].test.length);
    expect(m.perClass.map((c: any) => c.class)).toEqual(['left', 'right']);
    expect(m.chance.uniform).toBe(0.5);
    // the rhythm is spatially separable: the trained net and CSP+LDA both beat chance clearly
    expect(m.accuracy).toBeGreaterThan(0.75);
    expect(m.baseline.method).toBe('CSP+LDA');
    expect(m.baseline.accuracy).toBeGreaterThan(0.9);
    expect(m.baseline.splits).toHaveLength(2);
    expect(r.content).toMatch(/CSP\+LDA baseline/);
    // a network that learned gets no chance-level warning
    expect(m.diagnosis).toBeNull();
    expect(r.content).not.toMatch(/Warning/);
    expect(t.study.state.evaluations).toHaveLength(1);
    expect(t.study.state.evaluations[0].runIds).toEqual(['run-0', 'run-1']);
  });
});

describe('compute_saliency tool', () => {
  it('gives per-class channel × time maps, STFT spectrograms and topomap values with montage positions', async () => {
    const reg = new ToolRegistry();
    const e = t.study.state.epochs!;
    const r = await reg.invoke('compute_saliency', { method: 'gradient', absolute: true }, t.ctx);
    expect(r.type).toBe('plot');
    const m = r.meta as Record<string, any>;
    expect(m.mime).toBe('application/vnd.xbrain.saliency+json');
    expect(m.classes).toEqual(['left', 'right']);
    expect(m.maps).toHaveLength(2);
    const nTest = t.study.state.dataset!.splits.reduce((a, s) => a + s.test.length, 0);
    expect(m.maps[0].n + m.maps[1].n).toBe(nTest);
    expect(m.maps[0].map).toHaveLength(e.nChannels);
    expect(m.maps[0].map[0]).toHaveLength(e.nTimes);
    // spectrogram: nperseg = sfreq = 64, 50% overlap → 33 frequencies, (96 + 64 − 64) / 32 + 1 = 4 segments
    expect(m.spectrogram.nperseg).toBe(64);
    expect(m.spectrogram.noverlap).toBe(32);
    expect(m.spectrogram.freqs).toHaveLength(33);
    expect(m.spectrogram.times).toEqual([0, 0.5, 1, 1.5]);
    expect(m.topomap.montage).toBe('standard_1020');
    expect(Object.keys(m.topomap.positions).sort()).toEqual([...e.channels].sort());
    // the class-specific rhythm lives on C3 (left) and Cz (right): the absolute saliency peaks on a pattern channel
    const topChannel = (values: number[]): string => e.channels[values.indexOf(Math.max(...values))];
    expect(['C3', 'FC3', 'CP3', 'Cz', 'Pz']).toContain(topChannel(m.topomap.perClass[0].values));
    expect(m.topomap.perClass[0].values.every((v: number) => v >= 0)).toBe(true);
    expect(t.study.state.runs[0].artefacts.saliency_gradient_abs).toBe(m.file);
  });
});

describe('export_model tool', () => {
  it('writes the ONNX model and a card; the exported model reproduces the run’s logits', async () => {
    const reg = new ToolRegistry();
    const r = await reg.invoke('export_model', { path: 'export', run_id: 'run-0' }, t.ctx);
    expect(r.type).toBe('text');
    const card = JSON.parse(readFileSync(join(t.workspace, 'export', 'model.card.json'), 'utf8'));
    const e = t.study.state.epochs!;
    expect(card.classes).toEqual(['left', 'right']);
    expect(card.input).toMatchObject({ channels: e.channels, nChannels: 8, nTimes: 96, sfreq: 64 });
    expect(card.preprocessing[0].description).toBe('Filtering 8.0 ~ 30.0 Hz');
    expect(card.model.name).toBe('SCCNet');
    expect(card.metrics.evaluation.accuracy).toBeCloseTo((t.study.state.evaluations[0].metrics.runs as any[])[0].accuracy, 12);
    const x = e.data.subarray(0, 4 * e.nChannels * e.nTimes);
    const onnx = await runOnnx(join(t.workspace, 'export', 'model.onnx'), x, { nChannels: e.nChannels, nTimes: e.nTimes });
    const ref = predictLogits(t.models[0], x);
    for (let i = 0; i < ref.length; i++) expect(Math.abs(onnx[i] - ref[i])).toBeLessThan(1e-4);
    const bad = await reg.invoke('export_model', { path: 'export2', run_id: 'nope' }, t.ctx);
    expect(bad.error?.code).toBe('not_found');
    expect(bad.content).toMatch(/run_id/);
  });
});

describe('evaluate and compute_saliency on epochs kept on disk (issue 20)', () => {
  it('read only the evaluated splits’ rows from the spill file and give the in-memory results', async () => {
    const reg = new ToolRegistry();
    const e = t.study.state.epochs!;
    const studyWith = (epochs: Epochs) => {
      const study = new Study({ ...t.study.state, epochs });
      return { study, env: t.ctx.env };
    };
    const mem = studyWith(e);
    const disk = studyWith(spillEpochs(spillDir(t.workspace), e));
    expect(epochsFile(disk.study.state.epochs!)).toBeDefined();
    const splits = t.study.state.dataset!.splits;
    expect(Math.min(...splits.map((s) => s.test.length))).toBeGreaterThan(4);
    for (const [tool, args] of [
      ['evaluate', { split: 'test' }],
      ['compute_saliency', { method: 'gradient', absolute: true }],
      // seeded noise over the whole evaluation set: the same draws whatever the block size
      ['compute_saliency', { method: 'smoothgrad', n_samples: 2, stdev: 0.5 }],
    ] as const) {
      const want = await reg.invoke(tool, args, mem);
      Object.assign(spillReads, { epochsSets: 0, epochRows: 0, largestEpochRead: 0 });
      // chunks of 4 epochs: evaluate's ONNX scoring and CSP+LDA baseline, and saliency's gradients, read a split
      // block by block (the in-memory call above walked it in one block: the figures do not depend on the size)
      epochStreaming.chunkBytes = 4 * e.nChannels * e.nTimes * 4;
      const got = await reg.invoke(tool, args, disk).finally(() => (epochStreaming.chunkBytes = EPOCH_CHUNK_BYTES));
      expect(got.type).toBe(want.type);
      // the same figures (the saliency file's name carries the time it was written)
      const stamp = /\d{8}T\d{9}Z/g;
      expect({ ...got.meta, file: undefined }).toEqual({ ...want.meta, file: undefined });
      expect(got.content.replace(stamp, '')).toBe(want.content.replace(stamp, ''));
      // never the whole file nor a whole split: a chunk at a time
      expect(spillReads.epochsSets).toBe(0);
      expect(spillReads.largestEpochRead).toBeGreaterThan(0);
      expect(spillReads.largestEpochRead).toBeLessThanOrEqual(4);
      expect(spillReads.largestEpochRead).toBeLessThan(e.nEpochs);
    }
  });
});

describe('failure leaves the Study unchanged', () => {
  it('a missing ONNX file is a typed error naming it, and the Study is unchanged', async () => {
    const reg = new ToolRegistry();
    const before = t.study.state;
    rmSync(join(t.workspace, '.xbrain', 'runs', 'run-1', 'model.onnx'));
    const r = await reg.invoke('evaluate', {}, t.ctx);
    expect(r.type).toBe('error');
    expect(r.error?.code).toBe('not_found');
    expect(r.content).toMatch(/run-1.*model\.onnx/);
    expect(t.study.state).toBe(before);
  });
});
