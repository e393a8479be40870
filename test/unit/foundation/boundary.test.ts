import { describe, it, expect } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import type { ToolContext } from '../../../src/core/tools/types';
import { contains, insideWorkspace, realTarget } from '../../../src/core/tools/boundary';
import { domainCheck } from '../../../src/core/agent/validators';
import { readRecording } from '../../../src/core/io/read';
import { repoRoot, testDataDir } from '../helpers/paths';
import { cliEnv } from '../../../src/cli/env';

/**
 * The workspace boundary (issue 18): checked on real paths for reads, listings and writes. At 220fa39 a link inside
 * the workspace let list_files list, load_data read and export_epochs write outside it, and `..hidden.edf` was refused.
 */
function setup(dataFolders: string[] = []) {
  const ws = mkdtempSync(join(tmpdir(), 'xb-bound-ws-'));
  const outside = mkdtempSync(join(tmpdir(), 'xb-bound-out-'));
  copyFileSync(join(testDataDir, 'S001R04.edf'), join(outside, 'secret.edf'));
  writeFileSync(join(outside, 'private.txt'), 'not for XBrain');
  const study = new Study();
  const reg = new ToolRegistry();
  const ctx: ToolContext = { study, env: { workspace: ws, packageRoot: repoRoot, trusted: true, dataFolders } };
  const call = (name: string, args: Record<string, unknown>) => reg.invoke(name, args, ctx, { confirmed: true });
  return { ws, outside, study, call };
}

describe('workspace boundary on real paths', () => {
  it('a link inside the workspace that leads outside cannot be listed, read or written through', async () => {
    const { ws, outside, study, call } = setup();
    symlinkSync(outside, join(ws, 'escape'));
    const listed = await call('list_files', { directory: 'escape' });
    expect(listed.error?.code).toBe('outside_workspace');
    expect(listed.meta.parameter).toBe('directory');
    expect(listed.content).toContain('symbolic link');
    const read = await call('load_data', { paths: ['escape/secret.edf'] });
    expect(read.error?.code).toBe('outside_workspace');
    expect(read.meta.parameter).toBe('paths');
    expect(study.state.recordings).toHaveLength(0);

    // a legitimate load, then an export through the link
    copyFileSync(join(testDataDir, 'S001R04.edf'), join(ws, 'S001R04.edf'));
    expect((await call('load_data', { paths: ['S001R04.edf'] })).type).not.toBe('error');
    expect((await call('epoch_data', { t_min: 0, t_max: 1 })).type).not.toBe('error');
    const wrote = await call('export_epochs', { path: 'escape/out' });
    expect(wrote.error?.code).toBe('outside_workspace');
    expect(existsSync(join(outside, 'out'))).toBe(false);
    // a dangling link to a folder that does not exist yet would create it when written through
    symlinkSync(join(outside, 'made-by-xbrain'), join(ws, 'dangling'));
    expect((await call('export_epochs', { path: 'dangling' })).error?.code).toBe('outside_workspace');
    expect(existsSync(join(outside, 'made-by-xbrain'))).toBe(false);
    // absolute paths and ../ are judged the same way
    expect((await call('list_files', { directory: outside })).error?.code).toBe('outside_workspace');
    expect((await call('list_files', { directory: '../' })).error?.code).toBe('outside_workspace');
  });

  it('links that stay inside keep working; names that start with dots are names', async () => {
    const { ws, study, call } = setup();
    mkdirSync(join(ws, 'raw'));
    copyFileSync(join(testDataDir, 'S001R04.edf'), join(ws, 'raw', '..hidden.edf'));
    symlinkSync(join(ws, 'raw'), join(ws, 'linked'));
    const r = await call('load_data', { paths: ['linked/..hidden.edf'] });
    expect(r.type).toBe('data');
    expect(study.state.recordings).toHaveLength(1);
    expect((await call('list_files', { directory: 'linked' })).type).toBe('data');
    expect((await call('epoch_data', { t_min: 0, t_max: 1 })).type).not.toBe('error');
    const out = await call('export_epochs', { path: 'linked/export' });
    expect(out.type).toBe('text');
    expect(existsSync(join(ws, 'raw', 'export', 'X.npy'))).toBe(true);
  });

  it('a folder listing leaves out links that lead outside; folder loading skips them', async () => {
    const { ws, outside, study, call } = setup();
    copyFileSync(join(testDataDir, 'S001R04.edf'), join(ws, 'a.edf'));
    symlinkSync(join(outside, 'secret.edf'), join(ws, 'b.edf'));
    const ls = await call('list_files', { directory: '.' });
    expect((ls.meta.files as { name: string }[]).map((f) => f.name)).toEqual(['a.edf']);
    await call('load_data', { paths: ['.'] });
    expect(study.state.recordings.map((r) => r.path)).toEqual([join(ws, 'a.edf')]);
    const labels = await call('attach_labels', { mapping: { 'a.edf': join(outside, 'private.txt') } });
    expect(labels.error?.code).toBe('outside_workspace');
    expect(labels.meta.parameter).toBe('mapping');
  });

  it('configured data folders may be read and listed, never written', async () => {
    const ws0 = mkdtempSync(join(tmpdir(), 'xb-bound-data-'));
    copyFileSync(join(testDataDir, 'S001R04.edf'), join(ws0, 'S001R04.edf'));
    const { call, study } = setup([ws0]);
    expect((await call('list_files', { directory: ws0 })).type).toBe('data');
    expect((await call('load_data', { paths: [join(ws0, 'S001R04.edf')] })).type).toBe('data');
    await call('epoch_data', { t_min: 0, t_max: 1 });
    expect(study.state.epochs).not.toBeNull();
    const w = await call('export_epochs', { path: join(ws0, 'export') });
    expect(w.error?.code).toBe('outside_workspace');
    expect(w.content).toContain('writes only inside the workspace');
    expect(existsSync(join(ws0, 'export'))).toBe(false);
  });

  it('the agent/MCP pre-check is the same function (no text comparison)', () => {
    const { ws, outside } = setup();
    symlinkSync(outside, join(ws, 'escape'));
    const env = { workspace: ws, packageRoot: repoRoot, trusted: true, dataFolders: [] };
    const empty = new Study().state;
    expect(domainCheck('load_data', { paths: ['escape/secret.edf'] }, empty, env)).toMatch(/outside the workspace/);
    expect(domainCheck('load_data', { paths: ['..hidden.edf'] }, empty, env)).toBeNull();
    expect(domainCheck('export_epochs', { path: 'escape/x' }, empty, env)).toMatch(/outside the workspace/);
    // a wrong type is left to the schema, never a Node type error
    expect(domainCheck('load_data', { paths: 42 }, empty, env)).toBeNull();
    expect(domainCheck('load_data', { paths: [1] }, empty, env)).toBeNull();
  });

  it('realTarget resolves new paths through their nearest existing ancestor; contains() compares path steps', () => {
    const { ws, outside } = setup();
    symlinkSync(outside, join(ws, 'escape'));
    expect(realTarget(join(ws, 'escape', 'new', 'deeper'))).toBe(join(realTarget(outside), 'new', 'deeper'));
    expect(contains('/a/b', '/a/b/..c')).toBe(true);
    expect(contains('/a/b', '/a/bc')).toBe(false);
    expect(contains('/a/b', '/a')).toBe(false);
    expect(() => insideWorkspace({ workspace: ws, packageRoot: ws, trusted: true }, 'a\0b', 'read', 'paths')).toThrow(/NUL/);
  });

  it('a BrainVision header cannot send the reader outside its folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-bound-vhdr-'));
    const vhdr = readFileSync(join(testDataDir, 'test.vhdr'), 'latin1').replace(/^DataFile=.*$/m, 'DataFile=../../etc/passwd');
    writeFileSync(join(dir, 'evil.vhdr'), vhdr, 'latin1');
    await expect(readRecording(join(dir, 'evil.vhdr'))).rejects.toMatchObject({
      code: 'bad_file',
      message: expect.stringMatching(/DataFile.*outside the header's folder/),
    });
  });

  it('the CLI takes data folders from --data-folder (checked to exist) plus XBRAIN_DATA_FOLDERS', () => {
    const ws = mkdtempSync(join(tmpdir(), 'xb-bound-cli-'));
    const data = mkdtempSync(join(tmpdir(), 'xb-bound-cli-data-'));
    const env = cliEnv({ workspace: ws, 'data-folder': data });
    expect(env.dataFolders?.[0]).toBe(data);
    expect(insideWorkspace(env, join(data, 'x.edf'), 'read', 'paths')).toBe(join(data, 'x.edf'));
    expect(() => insideWorkspace(env, join(data, 'x'), 'write', 'path')).toThrow(/writes only inside the workspace/);
    expect(() => cliEnv({ workspace: ws, 'data-folder': join(data, 'missing') })).toThrow(/--data-folder/);
  });
});
