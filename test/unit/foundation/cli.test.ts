import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import { repoRoot } from '../helpers/paths';
import { TOOL_DEFINITIONS } from '../../../src/core/tools/definitions';

let cli = '';
const run = (args: string[], cwd = repoRoot) => spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });

describe('xbrain CLI (foundation commands)', () => {
  beforeAll(async () => {
    spawnSync(process.execPath, ['scripts/gen-cli-index.mjs'], { cwd: repoRoot });
    cli = join(mkdtempSync(join(tmpdir(), 'xbrain-cli-')), 'cli.js');
    await esbuild.build({
      entryPoints: [join(repoRoot, 'src/cli/main.ts')],
      outfile: cli,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      external: ['onnxruntime-node', 'vscode'],
      logLevel: 'error',
    });
  });

  it('tools --json lists every tool with stages and JSON Schema parameters', () => {
    const r = run(['tools', '--json']);
    expect(r.status).toBe(0);
    const { tools } = JSON.parse(r.stdout);
    expect(tools.map((t: { name: string }) => t.name)).toEqual(TOOL_DEFINITIONS.map((d) => d.name));
    const bp = tools.find((t: { name: string }) => t.name === 'apply_bandpass_filter');
    expect(bp.stages).toContain('data_loaded');
    expect(bp.parameters).toMatchObject({ type: 'object', required: ['low_freq', 'high_freq'] });
  });

  it('state --json reports an empty study in a fresh folder, and a corrupt study.json is a one-line error', () => {
    const ws = mkdtempSync(join(tmpdir(), 'xbrain-ws-'));
    const r = run(['state', '--json', '--workspace', ws]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).stage).toBe('empty');
    spawnSync('mkdir', ['-p', join(ws, '.xbrain')]);
    writeFileSync(join(ws, '.xbrain', 'study.json'), 'not json');
    const bad = run(['state', '--json', '--workspace', ws]);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('study.json');
  });

  it('--help lists the commands; unknown commands and bad folders fail with one stderr line', () => {
    const h = run(['--help']);
    expect(h.status).toBe(0);
    expect(h.stdout).toContain('tools [--json]');
    const u = run(['frobnicate']);
    expect(u.status).not.toBe(0);
    expect(u.stderr).toBe("xbrain: unknown command 'frobnicate' (try xbrain --help)\n");
    const w = run(['state', '--workspace', '/nonexistent/folder']);
    expect(w.status).not.toBe(0);
    expect(w.stderr).toContain('--workspace');
  });
});
