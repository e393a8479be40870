// bench/parity.ts is a library when imported (its pieces are exported) and a command only as the entry point that
// scripts/bench.mjs bundles: importing it must neither read the command line nor start a parity run.
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParityOutput } from '../../../bench/parityStats';

const argv = process.argv;
afterEach(() => {
  process.argv = argv;
  vi.restoreAllMocks();
});

/** A --json output of one seed, 2 folds, local and pytorch (what --combine reads). */
const output = (): ParityOutput => ({
  config: {
    commonInit: false,
    defaults: false,
    epochs: 40,
    batch: 8,
    lr: 0.001,
    selection: 'last_epoch',
    normalize: 'none',
    folds: 2,
    threads: 1,
    files: [],
    perSubject: false,
    firstSeed: 0,
  },
  cells: [
    { dataset: 'ff', model: 'EEGNet', backend: 'local', accuracy: [[0.5, 0.75]] },
    { dataset: 'ff', model: 'EEGNet', backend: 'pytorch', accuracy: [[0.5, 0.5]] },
  ],
});

describe('bench/parity.ts', () => {
  it('runs nothing when imported, whatever the command line says', async () => {
    // a command line that, run, would fail at once (the --combine file does not exist) and exit the process
    process.argv = [argv[0], 'parity.js', '--combine', join(tmpdir(), 'xbrain-no-such-parity-output.json')];
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const mod = await import('../../../bench/parity');
    // let a started run reach its failure (a rejected promise settles within a few ticks)
    await new Promise((r) => setTimeout(r, 50));
    expect(exit).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(typeof mod.runParity).toBe('function');
  });

  it('parses its flags from the argv it is given, with the documented defaults and refusals', async () => {
    const { parseParityArgs } = await import('../../../bench/parity');
    const { cfg } = parseParityArgs(['--models', 'EEGNet, SCCNet', '--seeds', '2', '--json']);
    expect(cfg).toMatchObject({ models: ['EEGNet', 'SCCNet'], seeds: 2, json: true, backends: ['local', 'pytorch'], epochs: 40, folds: 5 });
    // the recordings default to the checkout's test/data, also when imported from source
    expect(cfg.dataDir).toBe(join(__dirname, '..', '..', 'data'));
    expect(() => parseParityArgs(['--backends', 'local,local:1'])).toThrow(/local:1: a replica .* needs --common-init/);
    // --common-init pairs the engines at the chat's resolved defaults too (both train what start_training resolves)
    expect(parseParityArgs(['--common-init', '--defaults']).cfg).toMatchObject({ commonInit: true, defaults: true });
    // the pipeline's paradigm: PhysioNet's events, window and band unless a recording of another paradigm needs others
    expect(cfg).toMatchObject({ events: ['T1', 'T2'], tmin: 0, tmax: 4, band: [8, 30], baselineOnly: false });
    const gdf = parseParityArgs(['--files', 'sample.gdf', '--events', '769,770', '--tmin', '0.5', '--tmax', '4.5', '--band', '6,32', '--baseline-only']).cfg;
    expect(gdf).toMatchObject({ files: ['sample.gdf'], events: ['769', '770'], tmin: 0.5, tmax: 4.5, band: [6, 32], baselineOnly: true });
    expect(() => parseParityArgs(['--band', '30,8'])).toThrow(/--band 30,8/);
    expect(() => parseParityArgs(['--tmin', '2', '--tmax', '1'])).toThrow(/window is empty/);
  });

  it('--help prints the usage; --combine pools earlier outputs without training', async () => {
    const { runParity } = await import('../../../bench/parity');
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(((s: string) => out.push(s)) as never);
    await runParity(['--help']);
    expect(out.join('')).toMatch(/^usage:\n {2}npm run -s eval:parity -- /);
    out.length = 0;
    const file = join(mkdtempSync(join(tmpdir(), 'xbrain-parity-test-')), 'a.json');
    writeFileSync(file, JSON.stringify(output()));
    await runParity(['--combine', file, '--json']);
    const combined = JSON.parse(out.join('')) as { files: string[]; summaries: Array<{ dataset: string; pair: string[]; pairs: number; meanDiff: number }> };
    expect(combined.files).toEqual([file]);
    const ff = combined.summaries.find((s) => s.dataset === 'ff');
    expect(ff).toMatchObject({ pair: ['local', 'pytorch'], pairs: 2, meanDiff: 0.125 });
  });
});

describe('bench/parity.ts --protocol', () => {
  it('cuts the recordings with --events, --tmin/--tmax and --band, not PhysioNet T1/T2 always', { timeout: 300_000 }, async () => {
    const { runParity } = await import('../../../bench/parity');
    // BioSig's Graz motor-imagery sample: its cues are 769/770, it has no T1/T2 (a hard-coded pipeline fails on it)
    const dir = mkdtempSync(join(tmpdir(), 'xbrain-parity-protocol-test-'));
    copyFileSync(join(__dirname, '..', '..', 'data', 'sample.gdf'), join(dir, 'sample.gdf'));
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(((s: string) => out.push(s)) as never);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const argv = ['--protocol', 'within_session', '--data', dir, '--events', '769,770', '--tmin', '0.5', '--tmax', '4.5', '--band', '6,32'];
    // no backend: only the CSP+LDA reference runs (no training)
    await runParity([...argv, '--backends', '', '--json']);
    const report = JSON.parse(out.join('')) as { config: Record<string, unknown>; baseline: Record<string, number> };
    expect(report.config).toMatchObject({ protocol: 'within_session', events: ['769', '770'], tmin: 0.5, tmax: 4.5, band: [6, 32] });
    const accuracies = Object.values(report.baseline);
    expect(accuracies.length).toBe(1);
    expect(accuracies[0]).toBeGreaterThanOrEqual(0);
    expect(accuracies[0]).toBeLessThanOrEqual(1);
  });
});
