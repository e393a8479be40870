import { beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { predictLogits } from '../../../src/core/training';
import { classificationReport } from '../../../src/core/evaluation/metrics';
import { subset } from '../../../src/core/evaluation/cspLda';
import { trainedStudy, type TrainedStudy } from './trainedStudy';

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
      const ref = classificationReport(Array.from(split.test, (i) => e.labels[i]), predictLogits(t.models[k], x.data as Float32Array), ['left', 'right']);
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
    expect(t.study.state.evaluations).toHaveLength(1);
    expect(t.study.state.evaluations[0].runIds).toEqual(['run-0', 'run-1']);
  });

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
