import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawn, spawnSync } from 'node:child_process';
import { buildCliPackage } from './cliBundle';
import { repoRoot, testDataDir } from '../helpers/paths';
import { serializeNotebook } from '../../../src/core/notebook/format';

let cli = '';
const run = (args: string[], cwd = repoRoot) => spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });

function notebookFile(cells: { kind: 'code' | 'markdown'; source: string }[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'xbrain-run-'));
  const file = join(dir, 'analysis.xbrain');
  writeFileSync(file, serializeNotebook({ version: 1, metadata: {}, cells: cells.map((c) => ({ ...c, outputs: [], metadata: {} })) }));
  return file;
}

describe('xbrain run', () => {
  beforeAll(async () => {
    cli = await buildCliPackage();
  });

  it('--json runs the cells on a fresh Study and prints {ok, cells: [{index, results}]}', () => {
    const file = notebookFile([
      { kind: 'markdown', source: '# listing' },
      { kind: 'code', source: 'list_files(directory=".", pattern="*.edf")  # the EDF runs\nget_study_state()' },
    ]);
    const r = run(['run', file, '--json', '--workspace', testDataDir]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.ok).toBe(true);
    expect(out.cells.map((c: { index: number }) => c.index)).toEqual([1]);
    const [files, state] = out.cells[0].results;
    expect(files).toMatchObject({ type: 'data', tool: 'list_files' });
    expect(files.meta.files.map((f: { name: string }) => f.name)).toEqual(
      readdirSync(testDataDir)
        .filter((f) => f.endsWith('.edf'))
        .sort(),
    );
    expect(state.tool).toBe('get_study_state');
    expect(state.meta.stage ?? state.content).toBeTruthy();
  });

  it('exits 1 with one stderr line naming the cell and tool when a call fails', () => {
    const file = notebookFile([
      { kind: 'code', source: 'get_study_state()' },
      { kind: 'code', source: 'start_training()' },
    ]);
    const ws = mkdtempSync(join(tmpdir(), 'xbrain-ws-'));
    const r = run(['run', file, '--json', '--workspace', ws]);
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^xbrain: cell 2, start_training: Tool 'start_training' is not available in the current stage 'empty'/);
    expect(JSON.parse(r.stdout).ok).toBe(false);
  });

  it('reports a syntax error with cell, line and column, and a malformed file by name', () => {
    const ws = mkdtempSync(join(tmpdir(), 'xbrain-ws-'));
    const syntax = run(['run', notebookFile([{ kind: 'code', source: '\nlist_files(directory=".", pattern=*.edf)' }]), '--workspace', ws]);
    expect(syntax.status).toBe(1);
    expect(syntax.stderr).toMatch(/cell 1, notebook: expected a JSON value but found '\*' at line 2, column 35/);

    const bad = join(ws, 'broken.xbrain');
    writeFileSync(bad, '{"version": 1, "cells": [{"kind": "code", "source": 3}]}');
    const r = run(['run', bad, '--workspace', ws]);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(`xbrain: ${bad}: cells[0].source must be a string`);

    const missing = run(['run', join(ws, 'nope.xbrain')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('nope.xbrain');
    expect(run(['run']).status).toBe(2);
  });

  it('writes the Study of the run into the workspace it was given', () => {
    const ws = mkdtempSync(join(tmpdir(), 'xbrain-ws-'));
    const r = run(['run', notebookFile([{ kind: 'code', source: 'get_study_state()' }]), '--workspace', ws]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('✓ get_study_state');
    // nothing mutated: nothing to write
    expect(existsSync(join(ws, '.xbrain', 'study.json'))).toBe(false);
  });

  it('Ctrl+C stops a running training, rolls the cell back, saves that and exits 130', async () => {
    const ws = mkdtempSync(join(tmpdir(), 'xbrain-ws-'));
    symlinkSync(join(testDataDir, 'S001R04.edf'), join(ws, 'S001R04.edf'));
    const file = notebookFile([
      {
        kind: 'code',
        source: 'load_data(paths=["S001R04.edf"])\nselect_channels(channels=["C3", "Cz", "C4"])\nepoch_data(t_min=0, t_max=2, event_id=["T1", "T2"])',
      },
      { kind: 'code', source: 'generate_dataset(seed=1)\nset_model(model_name="EEGNet")\nconfigure_training(epoch=2000, batch_size=8, learning_rate=0.001)' },
      { kind: 'code', source: 'start_training()' },
    ]);
    const child = spawn(process.execPath, [cli, 'run', file, '--yes', '--workspace', ws], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const t0 = Date.now();
    // wait until the third cell runs and the trainer has reported at least one epoch on stderr
    while (!(out.includes('[cell 3]') && err.length > 0) && Date.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 100));
    expect(out).toContain('[cell 3]');
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(code).toBe(130);
    expect(err.trim().split('\n').pop()).toMatch(/^xbrain: cell 3, notebook: Interrupted; the cell was rolled back\.$/);
    const state = JSON.parse(run(['state', '--json', '--workspace', ws]).stdout);
    expect(state.stage).toBe('dataset_ready');
  });
});
