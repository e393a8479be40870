import { describe, it, expect } from 'vitest';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binomialChanceThreshold, significanceText } from '../../../src/core/evaluation/metrics';
import { XBrainSession } from '../../../src/core/session';
import { repoRoot, testDataDir } from '../helpers/paths';

/**
 * Messages that help (issue 18). At 220fa39 evaluate on 3 test trials said "above 133.3% is significant", and
 * epoch_data(t_min=0.5, t_max=2.5) failed on "baseline: start 0.5 must not be after end 0", a baseline never passed.
 */
describe('honest messages', () => {
  it('a test set too small for significance says so instead of a threshold above 100 %', () => {
    expect(binomialChanceThreshold(3, 0.5)).toBeNull();
    const chance = { uniform: 0.5, majority: 2 / 3, significant: binomialChanceThreshold(3, 0.5) };
    const t = significanceText(chance, 3, 2);
    expect(t).toMatch(/3 test trials are too few for any accuracy to be significant at p < 0.05 with 2 classes \(even all correct has p = 0\.13\)/);
    expect(t).not.toMatch(/\d{3}\.\d%/);
    // where a threshold exists it is still given, and never above 100 %
    expect(significanceText({ uniform: 0.5, majority: 0.5, significant: binomialChanceThreshold(100, 0.5) }, 100, 2)).toBe(
      'above 59.0% is significant at p < 0.05 for 100 trials',
    );
    for (let n = 1; n <= 60; n++)
      for (const p of [0.5, 1 / 3, 0.25]) {
        const s = binomialChanceThreshold(n, p);
        if (s !== null) expect(s).toBeLessThanOrEqual(1);
      }
  });

  it('epoch_data without 0 s in the window works without the default baseline and says so', async () => {
    const ws = mkdtempSync(join(tmpdir(), 'xb-msg-'));
    copyFileSync(join(testDataDir, 'S001R04.edf'), join(ws, 'S001R04.edf'));
    const s = XBrainSession.inMemory({ workspace: ws, packageRoot: repoRoot, trusted: true });
    await s.invoke('load_data', { paths: ['S001R04.edf'] });
    const r = await s.invoke('epoch_data', { t_min: 0.5, t_max: 2.5 });
    expect(r.type).toBe('text');
    expect(r.content).toContain('baseline none');
    expect(r.content).toMatch(/No baseline correction: the default baseline .* needs 0 s inside the epoch 0.5 … 2.5 s/);
    expect(s.study.state.epochs?.baseline).toBeNull();
    // a baseline the user did pass is still checked and named
    await s.invoke('reset_preprocessing', {}, { confirmed: true });
    const bad = await s.invoke('epoch_data', { t_min: 0.5, t_max: 2.5, baseline: [1, 0.6] });
    expect(bad.type).toBe('error');
    expect(bad.content).toMatch(/baseline/);
  });
});
