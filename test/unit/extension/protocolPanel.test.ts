// The evaluation panel's protocol view draws a run_protocol result with the notebook renderer's own figure builder
// (protocolPayload → protocolFigure: one implementation), plus the subject × pipeline table and the paired tests.
import { describe, expect, it } from 'vitest';
import { protocolPayload, runProtocol } from '../../../src/core/evaluation/protocolRun';
import type { ProtocolResult } from '../../../src/core/evaluation/protocolResult';
import type { Epochs } from '../../../src/core/signal/types';
import { emptyState } from '../../../src/core/study/study';
import { evaluationMessage } from '../../../src/extension/panels/figures';
import { panelForTool, panelViewForTool } from '../../../src/extension/panels/kinds';
import { protocolFigure } from '../../../src/webview/renderer/figures';

/** 4 subjects × 24 epochs, 4 channels; class 1 has more power on channel 0, class 0 on channel 1 (learnable by CSP). */
function epochs(): Epochs {
  const nCh = 4,
    nT = 64,
    perSubject = 24,
    subjects = 4;
  const n = subjects * perSubject;
  const data = new Float32Array(n * nCh * nT);
  let seed = 7;
  const rnd = (): number => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 4294967296 - 0.5;
  };
  const labels = new Int32Array(n);
  const subject: string[] = [];
  for (let i = 0; i < n; i++) {
    labels[i] = i % 2;
    subject.push(String(1 + Math.floor(i / perSubject)).padStart(3, '0'));
    for (let c = 0; c < nCh; c++) {
      const gain = (c === 0 && labels[i] === 1) || (c === 1 && labels[i] === 0) ? 3 : 1;
      for (let t = 0; t < nT; t++) data[(i * nCh + c) * nT + t] = gain * rnd();
    }
  }
  return {
    data,
    nEpochs: n,
    nChannels: nCh,
    nTimes: nT,
    channels: ['C3', 'C4', 'Cz', 'Pz'],
    sfreq: 64,
    tmin: 0,
    eventId: { T1: 0, T2: 1 },
    labels,
    subject,
    session: subject.map(() => '01'),
    recording: new Int32Array(n),
    eventSample: new Int32Array(n),
    baseline: null,
  };
}

async function result(now: Date): Promise<ProtocolResult> {
  return runProtocol(epochs(), { protocol: 'cross_subject', pipelines: ['CSP+LDA', 'TS+LR'], dataset: 'sim', seed: 3, now });
}

describe('evaluation panel: run_protocol results', () => {
  it('draws the renderer figure of the newest protocol, a subject × pipeline table with mean ± SD and the Wilcoxon test', async () => {
    const older = await result(new Date('2026-01-01T00:00:00Z'));
    const newer = { ...older, id: 'newer', protocol: 'within_session' as const, createdAt: '2026-01-02T00:00:00Z' };
    const state = { ...emptyState(), protocols: [older, newer] };
    const m = evaluationMessage(state as never, {});
    expect(m.type).toBe('figure');
    if (m.type !== 'figure') return;
    expect(m.view.mode).toBe('protocol');
    expect(m.view.modes).toEqual(['protocol']);
    expect(m.view.count).toBe(2);
    expect(m.title).toContain('within-session');
    expect(m.title).toContain('1 of 2, latest first');
    // one implementation: exactly the notebook renderer's figure for the same payload
    expect(m.figure).toEqual(protocolFigure(protocolPayload(newer)));
    expect(m.figure.data).toHaveLength(4 + 2); // a line of paired points per subject + a mean ± SD marker per pipeline
    expect(m.table!.columns).toEqual(['subject', 'CSP+LDA ROC-AUC', 'CSP+LDA accuracy', 'TS+LR ROC-AUC', 'TS+LR accuracy']);
    expect(m.table!.rows.map((r) => r[0])).toEqual(['001', '002', '003', '004', 'mean ± SD']);
    const s2 = older.subjects.find((s) => s.subject === '002' && s.pipeline === 'TS+LR')!;
    expect(m.table!.rows[1][3]).toBe(s2.score.toFixed(3));
    expect(m.table!.rows[4][1]).toBe(`${older.summary['CSP+LDA'].score.mean.toFixed(3)} ± ${older.summary['CSP+LDA'].score.sd.toFixed(3)}`);
    expect(m.summary).toContain('CSP+LDA vs TS+LR');
    expect(m.summary).toContain(older.comparisons[0].p === null ? older.comparisons[0].note! : `p = ${older.comparisons[0].p.toPrecision(3)}`);
    // index 1: the older result
    const m1 = evaluationMessage(state as never, { mode: 'protocol', index: 1 });
    expect(m1.type === 'figure' && m1.title).toContain('cross-subject');
  });

  it('offers both views when there is an evaluation too, the newer one first; run_protocol opens the protocol view', async () => {
    const p = await result(new Date('2026-01-02T00:00:00Z'));
    const ev = { runIds: ['r'], split: 'test', metrics: { accuracy: 0.8, classes: ['T1', 'T2'] }, createdAt: '2026-01-01T00:00:00Z' };
    const state = { ...emptyState(), protocols: [p], evaluations: [ev] };
    const m = evaluationMessage(state as never, {});
    expect(m.type === 'figure' && m.view.modes).toEqual(['protocol', 'metrics']);
    const metrics = evaluationMessage(state as never, { mode: 'metrics' });
    expect(metrics.type === 'figure' && metrics.title).toContain('Evaluation on test');
    const later = evaluationMessage({ ...state, evaluations: [{ ...ev, createdAt: '2026-01-03T00:00:00Z' }] } as never, {});
    expect(later.type === 'figure' && later.view.modes).toEqual(['metrics', 'protocol']);
    expect(panelForTool('run_protocol')).toBe('evaluation');
    expect(panelViewForTool('run_protocol')).toEqual({ mode: 'protocol', index: 0 });
    expect(evaluationMessage(emptyState() as never, {}).type).toBe('empty');
  });
});
