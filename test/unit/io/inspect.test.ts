import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectFile, type InspectReport } from '../../../src/core/io/inspect';
import { repoRoot } from '../helpers/paths';
import { dataFile, expectClose, loadTruth, truthFiles, type Truth } from './truth';

function compare(file: string, r: InspectReport, truth: Truth): void {
  expect(
    r.channels.map((c) => c.name),
    `${file} channel names`,
  ).toEqual(truth.ch_names);
  expect(
    r.channels.map((c) => c.type),
    `${file} channel types`,
  ).toEqual(truth.ch_types);
  expect(r.sfreq, `${file} sfreq`).toBe(truth.sfreq);
  expect(r.nTimes, `${file} nTimes`).toBe(truth.n_times);
  expect(
    r.annotations.map((a) => a.description),
    `${file} annotation descriptions and order`,
  ).toEqual(truth.annotations.map((a) => a.description));
  r.annotations.forEach((a, i) => {
    if (Math.abs(a.onset - truth.annotations[i].onset) > 1e-6) expect.fail(`${file} annotation ${i} onset ${a.onset} vs ${truth.annotations[i].onset}`);
    if (Math.abs(a.duration - truth.annotations[i].duration) > 1e-6)
      expect.fail(`${file} annotation ${i} duration ${a.duration} vs ${truth.annotations[i].duration}`);
  });
  truth.fingerprint.mean.forEach((m, c) => {
    expectClose(r.stats.mean[c], m, 1e-6, truth.fingerprint.std[c] * 1e-3, `${file} ${truth.ch_names[c]} mean`);
    expectClose(r.stats.std[c], truth.fingerprint.std[c], 1e-6, 0, `${file} ${truth.ch_names[c]} std`);
  });
}

describe('inspect agrees with the MNE truth for every test file', () => {
  const files = truthFiles();
  it('finds the truth files of every format (test/data has 16)', () => expect(files.length).toBeGreaterThanOrEqual(16));
  for (const file of files) {
    it(file, async () => {
      const truth = loadTruth(file);
      if (truth.format === 'MAT') {
        // a bare MAT array: rows are channels, values as stored (no rate in the file)
        const r = await inspectFile(dataFile(file));
        const v = (truth as unknown as { mat: { variables: { shape: number[]; row_mean: number[]; row_std: number[] }[] } }).mat.variables[0];
        expect(r.channels.length, `${file} rows`).toBe(v.shape[0]);
        expect(r.nTimes, `${file} columns`).toBe(v.shape[1]);
        v.row_mean.forEach((m, c) => {
          expectClose(r.stats.mean[c], m, 1e-6, v.row_std[c] * 1e-3, `${file} row ${c} mean`);
          expectClose(r.stats.std[c], v.row_std[c], 1e-6, 0, `${file} row ${c} std`);
        });
        return;
      }
      // a missing reader fails here with "unsupported file type" naming the file: no silent skips
      const r = await inspectFile(dataFile(file));
      compare(file, r, truth);
    });
  }
});

describe('xbrain inspect / simulate (CLI)', () => {
  let cli = '';
  beforeAll(async () => {
    spawnSync(process.execPath, ['scripts/gen-cli-index.mjs'], { cwd: repoRoot });
    cli = join(mkdtempSync(join(tmpdir(), 'xbrain-inspect-')), 'cli.js');
    await esbuild.build({
      entryPoints: [join(repoRoot, 'src/cli/main.ts')],
      outfile: cli,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      external: ['onnxruntime-node', 'vscode'],
      logLevel: 'error',
    });
  }, 60_000);

  it('--json prints the §6 contract for S001R04.edf', () => {
    const r = spawnSync(process.execPath, [cli, 'inspect', dataFile('S001R04.edf'), '--json'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as InspectReport;
    expect(Object.keys(out).sort()).toEqual(['annotations', 'channels', 'format', 'measDate', 'nTimes', 'sfreq', 'stats'].sort());
    expect(Object.keys(out.channels[0]).sort()).toEqual(['name', 'type', 'unit']);
    expect(out.channels[0].unit).toBe('V');
    compare('S001R04.edf', out, loadTruth('S001R04.edf'));
  });

  it('simulate --out FILE.edf writes a recording that inspect reads back; a bad flag is one line naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xbrain-sim-cli-'));
    const r = spawnSync(process.execPath, [cli, 'simulate', '--out', join(dir, 'demo.edf'), '--seed', '3', '--json'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ files: [join(dir, 'demo.edf')] });
    const i = spawnSync(process.execPath, [cli, 'inspect', join(dir, 'demo.edf'), '--json'], { encoding: 'utf8' });
    const out = JSON.parse(i.stdout) as InspectReport;
    expect([out.format, out.sfreq, out.nTimes, out.channels.length]).toEqual(['EDF+', 160, 20000, 64]);
    expect(new Set(out.annotations.map((a) => a.description))).toEqual(new Set(['T0', 'T1', 'T2']));
    const bad = spawnSync(process.execPath, [cli, 'simulate', '--out', join(dir, 'x.edf'), '--subjects', 'two'], { encoding: 'utf8' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('--subjects');
  });

  it('a broken or missing file is one line on stderr naming the file and a non-zero exit', () => {
    const r = spawnSync(process.execPath, [cli, 'inspect', '/nonexistent/x.edf', '--json'], { encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('/nonexistent/x.edf');
    const bad = spawnSync(process.execPath, [cli, 'inspect', join(repoRoot, 'package.json')], { encoding: 'utf8' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('package.json');
  });
});
