// The README's main command: `xbrain demo` runs the offline agent end to end on simulated data (no network, no key)
// and its EEGNet must beat chance on the held-out trials (the simulator's ERD is learnable; CSP+LDA is the reference).
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/paths';

describe('xbrain demo', () => {
  it('goes from simulated files to an evaluated EEGNet that beats chance', () => {
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), 'demo'], {
      encoding: 'utf8',
      timeout: 240_000,
      env: { ...process.env, OPENAI_API_KEY: '' },
    });
    expect(r.status, r.stderr).toBe(0);
    for (const step of ['load_data', 'apply_bandpass_filter', 'epoch_data', 'normalize_data', 'generate_dataset', 'start_training', 'evaluate'])
      expect(r.stdout).toContain(`→ ${step}(`);
    expect(r.stdout).toContain('Stage: trained');
    const acc = Number(/EEGNet on the test set: accuracy ([0-9.]+)/.exec(r.stdout)?.[1]);
    const threshold = Number(/above ([0-9.]+) is better than chance/.exec(r.stdout)?.[1]);
    expect(threshold).toBeGreaterThan(0.5);
    expect(acc).toBeGreaterThan(threshold);
  }, 240_000);
});
