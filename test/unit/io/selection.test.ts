import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { selectFiles } from '../../../src/core/io/selection';
import { simulateFiles } from '../../../src/core/io/simulateFiles';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { XBrainError } from '../../../src/core/errors';
import { repoRoot } from '../helpers/paths';

const physionet = Array.from({ length: 12 }, (_, s) => [4, 8, 12].map((r) => `/d/S${String(s + 1).padStart(3, '0')}R${String(r).padStart(2, '0')}.edf`)).flat();

describe('load_data selection by subject and run', () => {
  it('"subjects 2 to 10, runs 4, 8 and 12" on PhysioNet names, zero padding ignored', () => {
    const got = selectFiles(physionet, { subjects: ['2-10'], runs: [4, 8, 12] }).map((f) => basename(f));
    expect(got).toHaveLength(9 * 3);
    expect(got[0]).toBe('S002R04.edf');
    expect(got.at(-1)).toBe('S010R12.edf');
    expect(selectFiles(physionet, { subjects: [3, '011'], runs: ['08'] }).map((f) => basename(f))).toEqual(['S003R08.edf', 'S011R08.edf']);
    expect(selectFiles(physionet, {})).toEqual(physionet);
  });

  it('matches BIDS and BCI IV labels exactly, and a subject_pattern rule', () => {
    const bids = ['/b/sub-01_ses-01_task-mi_eeg.edf', '/b/sub-02_ses-02_task-mi_eeg.edf', '/b/sub-ctl03_ses-01_task-mi_eeg.edf'];
    expect(selectFiles(bids, { subjects: ['ctl03'] }).map((f) => basename(f))).toEqual(['sub-ctl03_ses-01_task-mi_eeg.edf']);
    expect(selectFiles(bids, { runs: [1] })).toHaveLength(2);
    expect(selectFiles(['/c/A01T.gdf', '/c/A01E.gdf', '/c/A02T.gdf'], { runs: ['T'] }).map((f) => basename(f))).toEqual(['A01T.gdf', 'A02T.gdf']);
    const rule = { mode: 'regex' as const, pattern: 'p(?<subject>\\d+)_r(?<session>\\d+)' };
    expect(selectFiles(['/x/p7_r1.edf', '/x/p8_r1.edf'], { subjects: [8], naming: rule }).map((f) => basename(f))).toEqual(['p8_r1.edf']);
  });

  it('no match or a backwards range is a typed error naming the parameter', () => {
    const err = (f: () => unknown): XBrainError => {
      try {
        f();
      } catch (e) {
        return e as XBrainError;
      }
      throw new Error('no error');
    };
    expect(err(() => selectFiles(physionet, { subjects: [40] })).details.parameter).toBe('subjects');
    expect(err(() => selectFiles(physionet, { runs: [5] })).details.parameter).toBe('runs');
    expect(err(() => selectFiles(physionet, { runs: [5] })).message).toMatch(/runs 04, 08, 12/);
    expect(err(() => selectFiles(physionet, { subjects: ['9-2'] })).details.parameter).toBe('subjects');
  });

  it('load_data on a folder reads only the selected files, and a bad selection leaves the study unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-sel-'));
    simulateFiles({ out: dir, subjects: 3, runs: 3, seed: 2, duration: 20, trials: 2 });
    const study = new Study();
    const ctx = { study, env: { workspace: dir, packageRoot: repoRoot, trusted: true } };
    const reg = new ToolRegistry();
    const bad = await reg.invoke('load_data', { paths: [dir], subjects: [7] }, ctx);
    expect(bad.type).toBe('error');
    expect(bad.meta.parameter).toBe('subjects');
    expect(study.state.recordings).toHaveLength(0);
    const r = await reg.invoke('load_data', { paths: [dir], subjects: ['2-3'], runs: [1, 3] }, ctx);
    expect(r.type, r.content).toBe('data');
    expect(study.state.recordings.map((x) => `${x.subject}/${x.session}`)).toEqual(['002/01', '002/03', '003/01', '003/03']);
  }, 60_000);
});
