import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNotebook } from '../../../src/core/notebook/runner';
import { studyToNotebook } from '../../../src/core/notebook/studyNotebook';
import { XBrainSession } from '../../../src/core/session';
import { repoRoot, testDataDir } from '../helpers/paths';

function session(): XBrainSession {
  const ws = mkdtempSync(join(tmpdir(), 'xbrain-studynb-'));
  symlinkSync(join(testDataDir, 'S001R04.edf'), join(ws, 'S001R04.edf'));
  return XBrainSession.inMemory({ workspace: ws, packageRoot: repoRoot, trusted: true });
}

describe('Open Analysis as Notebook', () => {
  it('writes cells that reproduce the preprocessing and epoching on a fresh Study (real EDF)', async () => {
    const a = session();
    for (const [tool, args] of [
      ['load_data', { paths: ['S001R04.edf'] }],
      ['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }],
      ['apply_notch_filter', { freq: 50 }],
      ['resample_data', { rate: 128 }],
      ['epoch_data', { t_min: 0, t_max: 2, event_id: ['T1', 'T2'], baseline: null }],
    ] as const) {
      const r = await a.invoke(tool, { ...args }, { confirmed: true });
      expect(r.type, `${tool}: ${r.content}`).not.toBe('error');
    }
    const nb = studyToNotebook(a.study.state);
    expect(nb.cells.filter((c) => c.kind === 'code')).toHaveLength(5);

    const b = session();
    const report = await runNotebook(nb, b, { confirm: true });
    expect(report.cells.filter((c) => c.outcome !== 'ok').flatMap((c) => c.results.map((r) => `${r.tool}: ${r.content}`))).toEqual([]);
    const ops = (s: typeof a) => [...s.study.state.history, ...s.study.state.epochHistory].map((h) => [h.op, h.params, h.shape]);
    expect(ops(b)).toEqual(ops(a));
    expect(Array.from(b.study.state.epochs!.data.subarray(0, 1000))).toEqual(Array.from(a.study.state.epochs!.data.subarray(0, 1000)));
  }, 60_000);
});
