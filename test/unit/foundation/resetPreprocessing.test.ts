// reset_preprocessing on a real EDF: it asks for confirmation naming what is lost, restores the samples exactly as
// loaded (re-read from disk, not a second copy kept in memory), and leaves the Study unchanged when the file is gone.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecording } from '../../../src/core/io/read';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { testDataDir } from '../helpers/paths';

const tmp = mkdtempSync(path.join(tmpdir(), 'xbrain-reset-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('reset_preprocessing (real EDF)', () => {
  it('restores the recording as loaded after filtering and epoching', async () => {
    const file = path.join(tmp, 'S001R04.edf');
    copyFileSync(path.join(testDataDir, 'S001R04.edf'), file);
    const study = new Study();
    const reg = new ToolRegistry();
    const ctx = { study, env: { workspace: tmp, packageRoot: tmp, trusted: true } };
    expect((await reg.invoke('load_data', { paths: [file] }, ctx)).type).not.toBe('error');
    const loaded = study.state.recordings[0];
    expect((await reg.invoke('apply_bandpass_filter', { low_freq: 8, high_freq: 30 }, ctx)).type).not.toBe('error');
    expect((await reg.invoke('epoch_data', { t_min: 0, t_max: 4, event_id: ['T1', 'T2'] }, ctx)).type).not.toBe('error');
    const filtered = study.state.recordings[0].data[10];
    expect(filtered).not.toEqual(loaded.data[10]);

    const ask = await reg.invoke('reset_preprocessing', {}, ctx);
    expect(ask.type).toBe('confirm');
    expect(ask.content).toMatch(/2 preprocessing step\(s\) \(bandpass_filter, epoch_data\), 15 epochs/);
    const r = await reg.invoke('reset_preprocessing', {}, ctx, { confirmed: true });
    expect(r.type, r.content).not.toBe('error');
    const s = study.state;
    expect(s.history).toEqual([]);
    expect(s.epochs).toBeNull();
    expect(study.stage).toBe('data_loaded');
    const fresh = await readRecording(file);
    for (const c of [0, 10, 63]) expect(s.recordings[0].data[c]).toEqual(fresh.data[c]);
    expect(s.recordings[0].events).toBe(loaded.events); // the events as loaded (attach_labels may have set them)
  });

  it('leaves the Study unchanged when a recording can no longer be read', async () => {
    const file = path.join(tmp, 'gone.edf');
    copyFileSync(path.join(testDataDir, 'S001R04.edf'), file);
    const study = new Study();
    const reg = new ToolRegistry();
    const ctx = { study, env: { workspace: tmp, packageRoot: tmp, trusted: true } };
    await reg.invoke('load_data', { paths: [file] }, ctx);
    await reg.invoke('apply_notch_filter', { freq: 50 }, ctx);
    rmSync(file);
    const before = study.state;
    const r = await reg.invoke('reset_preprocessing', {}, ctx, { confirmed: true });
    expect(r.type).toBe('error');
    expect(r.content).toContain('gone.edf');
    expect(study.state).toBe(before);
  });
});
