import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { harness, driveTo } from './fixtures';

describe('state tools', () => {
  it('list_files lists a workspace folder, filters by glob, marks folders and skips dot files', async () => {
    const ws = mkdtempSync(join(tmpdir(), 'xbrain-ls-'));
    writeFileSync(join(ws, 'S001R04.edf'), Buffer.alloc(2048));
    writeFileSync(join(ws, 'S001R08.EDF'), Buffer.alloc(10));
    writeFileSync(join(ws, 'notes.txt'), 'x');
    writeFileSync(join(ws, '.hidden.edf'), 'x');
    mkdirSync(join(ws, 'sub'));
    const h = harness(ws);
    const all = await h.call('list_files', { directory: '.' });
    expect((all.meta.files as { name: string }[]).map((f) => f.name)).toEqual(['S001R04.edf', 'S001R08.EDF', 'notes.txt', 'sub']);
    expect(all.content).toContain('sub/');
    expect(all.content).toContain('S001R04.edf (2.0 KB)');
    const edf = await h.call('list_files', { directory: ws, pattern: '*.edf' });
    expect((edf.meta.files as { name: string }[]).map((f) => f.name)).toEqual(['S001R04.edf', 'S001R08.EDF']);
    const one = await h.call('list_files', { directory: ws, pattern: 'S001R0?.edf' });
    expect((one.meta.files as unknown[]).length).toBe(2);
  });

  it('list_files refuses folders outside the workspace and names a missing directory', async () => {
    const h = harness(mkdtempSync(join(tmpdir(), 'xbrain-ls-')));
    h.ctx.env.dataFolders = [];
    const sys = await h.call('list_files', { directory: '/etc' });
    expect(sys.error?.code).toBe('outside_workspace');
    expect(sys.meta.parameter).toBe('directory');
    const missing = await h.call('list_files', { directory: 'no/such/folder' });
    expect(missing.error?.code).toBe('not_found');
    expect(missing.content).toContain("'no/such/folder'");
  });

  it('get_dataset_info and get_study_state describe the study without samples', async () => {
    const h = harness();
    expect((await h.call('get_dataset_info')).content).toContain('No recordings are loaded');
    await driveTo(h, 'dataset_ready');
    const info = await h.call('get_dataset_info');
    expect(info.content).toMatch(/a\.edf: 4 ch, 100 Hz, 20\.0 s, subject 0, session 0; Events: 8 \(Unique: 2\) T1=4 T2=4/);
    expect(info.content).toContain('Fold_1: train 6, val 1, test 1');
    const st = await h.call('get_study_state');
    expect(st.meta.stage).toBe('dataset_ready');
    expect(st.content).toContain('Stage: dataset_ready');
    expect(st.content).toContain('Epochs: 8 × 4 ch × 100 samples (T1: 4, T2: 4)');
    // before configure_training there is no configuration to report; after it, the reply names it (the result's
    // fields are unchanged: the summary carried the configuration already)
    expect(st.content).not.toContain('Training:');
    await h.call('configure_training', { epoch: 7, batch_size: 4, learning_rate: 0.002 });
    const configured = await h.call('get_study_state');
    expect(configured.content).toMatch(/^Training: 7 epochs, batch size 4, learning rate 0\.002, optimizer \w+/m);
    expect(Object.keys(configured.meta).sort()).toEqual(Object.keys(st.meta).sort());
    // No sample values anywhere in what an LLM could see.
    expect(JSON.stringify(st)).not.toMatch(/\d\.\d{6,}e-/);
  });
});
