import { describe, it, expect } from 'vitest';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XBrainSession } from '../../../src/core/session';
import { globMatch } from '../../../src/core/tools/impl/state';
import { validateArgs } from '../../../src/core/tools/validate';
import { definitionByName } from '../../../src/core/tools/definitions';
import { repoRoot, testDataDir } from '../helpers/paths';

/**
 * Budgets before work (issue 18). At 220fa39: window_epoch overlap 0.9999999 ended in a 5 GB heap abort; notch
 * freq 5e-324 took 2.6 GB then "Invalid array length"; freq 1.5 notched every 1.5 Hz up to Nyquist without a word;
 * a list_files pattern of many `*` blocked the event loop for 13–20 s.
 */
function session(memoryBudgetMB?: number) {
  const ws = mkdtempSync(join(tmpdir(), 'xb-budget-'));
  copyFileSync(join(testDataDir, 'S001R04.edf'), join(ws, 'S001R04.edf'));
  return XBrainSession.inMemory({ workspace: ws, packageRoot: repoRoot, trusted: true, memoryBudgetMB });
}

describe('physical sense before allocation', () => {
  it('window_epoch refuses windows that start less than one sample apart, before allocating', async () => {
    const s = session();
    await s.invoke('load_data', { paths: ['S001R04.edf'] });
    const r = await s.invoke('window_epoch', { duration: 1, overlap: 0.9999999 });
    expect(r.error?.code).toBe('invalid_arguments');
    expect(r.meta.parameter).toBe('overlap');
    expect(r.content).toMatch(/less than one sample/);
    expect(s.study.state.epochs).toBeNull();
    expect((await s.invoke('window_epoch', { duration: 1, overlap: 0.9 })).type).toBe('text');
  });

  it('apply_notch_filter keeps freq inside (0, Nyquist) with a bounded number of harmonics, and says when notches hit EEG bands', async () => {
    const s = session();
    await s.invoke('load_data', { paths: ['S001R04.edf'] });
    const tiny = await s.invoke('apply_notch_filter', { freq: 5e-324 });
    expect(tiny.error?.code).toBe('invalid_arguments');
    expect(tiny.meta.parameter).toBe('freq');
    expect(tiny.content).not.toMatch(/Invalid array length/);
    const low = await s.invoke('apply_notch_filter', { freq: 1.5 });
    expect(low.error?.code).toBe('invalid_arguments');
    expect(low.content).toMatch(/would notch 52 harmonics/);
    expect(s.study.state.history).toHaveLength(0);
    const twenty = await s.invoke('apply_notch_filter', { freq: 20 });
    expect(twenty.type).toBe('text');
    expect(twenty.content).toMatch(/Warning: freq 20 Hz is not a mains frequency.*20, 40 Hz fall inside the EEG bands/);
    const fifty = await s.invoke('apply_notch_filter', { freq: 50 });
    expect(fifty.content).not.toMatch(/Warning/);
  });

  it('numbers that are not finite are refused by the schema step, naming the parameter', () => {
    const v = validateArgs(definitionByName.get('apply_notch_filter')!, { freq: Infinity });
    expect(v).toMatchObject({ ok: false, parameter: 'freq' });
  });
});

describe('the memory budget', () => {
  it('refuses a call whose estimate is above the budget, naming the parameter and the estimate; the Study is unchanged', async () => {
    const tight = session(4); // S001R04: 64 channels × 20000 samples × 4 bytes ≈ 4.9 MB
    const load = await tight.invoke('load_data', { paths: ['S001R04.edf'] });
    expect(load.error?.code).toBe('over_budget');
    expect(load.meta.parameter).toBe('paths');
    expect(load.content).toMatch(/would need about 4\.9 MB, above the memory budget of 4\.0 MB/);
    expect(tight.study.state.recordings).toHaveLength(0);

    const s = session(12);
    await s.invoke('load_data', { paths: ['S001R04.edf'] });
    const win = await s.invoke('window_epoch', { duration: 1, overlap: 0.99 });
    expect(win.error?.code).toBe('over_budget');
    expect(win.meta.parameter).toBe('overlap');
    expect(win.meta.estimateBytes).toBeGreaterThan(12 * 2 ** 20);
    const rs = await s.invoke('resample_data', { rate: 2000 });
    expect(rs.error?.code).toBe('over_budget');
    expect(rs.meta.parameter).toBe('rate');
    const ep = await s.invoke('epoch_data', { t_min: 0, t_max: 60 });
    expect(ep.error?.code).toBe('over_budget');
    expect(ep.meta.parameter).toBe('t_max');
    expect(s.study.state.epochs).toBeNull();
    expect(s.study.state.history).toHaveLength(0);
  });
});

describe('list_files patterns are globs matched without backtracking blow-up', () => {
  it('matches * and ? like a glob', () => {
    expect(globMatch('*.edf', 'S001R04.EDF')).toBe(true);
    expect(globMatch('S001R0?.edf', 'S001R04.edf')).toBe(true);
    expect(globMatch('S001R0?.edf', 'S001R104.edf')).toBe(false);
    expect(globMatch('*a*b*c', 'xxaxxbxxc')).toBe(true);
    expect(globMatch('*a*b*c', 'xxaxxcxxb')).toBe(false);
    expect(globMatch('', '')).toBe(true);
    expect(globMatch('***', 'anything')).toBe(true);
  });

  it('a pattern of many * against long names answers (no exponential backtracking)', async () => {
    const s = session();
    writeFileSync(join(s.env.workspace, 'a'.repeat(200)), '');
    // as a regular expression this pattern backtracks for far longer than the test's timeout
    const r = await s.invoke('list_files', { directory: '.', pattern: `${'*a'.repeat(120)}b` });
    expect(r.type).toBe('data');
    expect(r.meta.files).toEqual([]);
  });

  it('a subject_pattern with nested repetition is refused before it can run', async () => {
    const s = session();
    const r = await s.invoke('load_data', { paths: ['S001R04.edf'], subject_pattern: '(?<subject>(a+)+)$' });
    expect(r.error?.code).toBe('invalid_arguments');
    expect(r.content).toMatch(/nested repetition/);
  });
});
