import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulateFiles } from '../../../src/core/io/simulateFiles';
import { CSV_COLUMNS } from '../../../src/core/evaluation/protocolRun';
import type { ProtocolResult } from '../../../src/core/evaluation/protocolResult';
import { loadStudy, saveStudy } from '../../../src/core/study/persistence';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import type { ToolContext } from '../../../src/core/tools/types';
import { repoRoot, testDataDir } from '../helpers/paths';

const reg = new ToolRegistry();
const CHANNELS = ['Fc3.', 'Fc4.', 'C3..', 'Cz..', 'C4..', 'Cp3.', 'Cp4.', 'Pz..'];

async function prepared(
  paths: string[],
  epoch: { t_min: number; t_max: number },
  workspace = mkdtempSync(join(tmpdir(), 'xb-protocol-')),
): Promise<ToolContext> {
  const study = new Study();
  const ctx: ToolContext = { study, env: { workspace, packageRoot: repoRoot, trusted: true } };
  for (const [tool, args] of [
    ['load_data', { paths }],
    ['select_channels', { channels: CHANNELS }],
    ['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }],
    ['epoch_data', { ...epoch, event_id: ['T1', 'T2'], baseline: null }],
  ] as const) {
    const r = await reg.invoke(tool, args as Record<string, unknown>, ctx, { confirmed: true });
    if (r.type === 'error') throw new Error(`${tool}: ${r.content}`);
  }
  return ctx;
}

describe('run_protocol on simulated subjects', () => {
  let ctx: ToolContext;
  beforeAll(async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'xb-protocol-'));
    const dir = join(workspace, 'sim'); // inside the workspace: load_data reads only there and in the data folders
    simulateFiles({ out: dir, subjects: 3, runs: 2, seed: 5, duration: 90, trials: 10 });
    ctx = await prepared([dir], { t_min: 0.5, t_max: 2.5 }, workspace);
  }, 120_000);

  it('asks for confirmation first and leaves the study unchanged', async () => {
    const before = ctx.study.state;
    const r = await reg.invoke('run_protocol', { protocol: 'within_session', folds: 5 }, ctx);
    expect(r.type).toBe('confirm');
    expect(r.content).toContain('30 fold(s)'); // 3 subjects × 2 runs × 5 folds
    expect(r.content).toContain('CSP+LDA, TS+LR');
    expect(ctx.study.state).toBe(before);
  });

  it('within_session: CSP+LDA and TS+LR on identical folds, MOABB table, statistics, stored and written', async () => {
    const r = await reg.invoke('run_protocol', { protocol: 'within_session', folds: 5, seed: 1, export_path: 'out/within.csv' }, ctx, { confirmed: true });
    expect(r.type, r.content).toBe('plot');
    const stored = ctx.study.state.protocols!;
    expect(stored).toHaveLength(1);
    const res: ProtocolResult = stored[0];
    expect(res.rows).toHaveLength(3 * 2 * 5 * 2);
    // identical folds: the same fold names and test sizes for both pipelines
    const key = (p: string): string[] => res.rows.filter((x) => x.pipeline === p).map((x) => `${x.fold_name}:${x.n_test}:${x.n_train}`);
    expect(key('CSP+LDA')).toEqual(key('TS+LR'));
    expect(res.subjects.map((s) => s.subject)).toEqual(['001', '002', '003', '001', '002', '003']);
    expect(res.scoreMetric).toBe('roc_auc');
    for (const row of res.rows) {
      expect(row.score).toBe(row.roc_auc);
      expect(row.samples).toBe(row.n_train);
      expect(row.channels).toBe(8);
      expect(row.n_sessions).toBe(2);
    }
    // simulated ERD under C3/C4: both baselines far above chance
    expect(res.summary['CSP+LDA'].accuracy.mean).toBeGreaterThan(0.7);
    expect(res.summary['TS+LR'].accuracy.mean).toBeGreaterThan(0.7);
    expect(res.comparisons).toHaveLength(1);
    expect(res.comparisons[0].subjects).toBe(3);
    expect(r.content).toContain('Paired Wilcoxon');
    // the per-subject figure for the notebook renderer: paired scores per subject, pipelines side by side
    const fig = r.meta.render as { mime: string; data: { pipelines: string[]; subjects: string[]; scores: number[][]; mean: number[]; chance: number } };
    expect(fig.mime).toBe('application/vnd.xbrain.protocol+json');
    expect(fig.data.pipelines).toEqual(['CSP+LDA', 'TS+LR']);
    expect(fig.data.subjects).toEqual(['001', '002', '003']);
    expect(fig.data.scores[1][2]).toBe(res.subjects.find((x) => x.pipeline === 'TS+LR' && x.subject === '003')!.score);
    expect(fig.data.mean[0]).toBeCloseTo(res.summary['CSP+LDA'].score.mean, 12);
    expect(fig.data.chance).toBe(0.5);
    const csv = readFileSync(join(ctx.env.workspace, 'out/within.csv'), 'utf8').trim().split('\n');
    expect(csv[0].split(',').slice(0, 9)).toEqual(['score', 'time', 'samples', 'subject', 'session', 'channels', 'n_sessions', 'dataset', 'pipeline']);
    expect(csv[0]).toBe(CSV_COLUMNS.join(','));
    expect(csv).toHaveLength(1 + res.rows.length);
    expect(existsSync(join(ctx.env.workspace, '.xbrain', res.files!.json))).toBe(true);
    // survives a save and reload
    await saveStudy(ctx.env.workspace, ctx.study.state);
    const loaded = await loadStudy(ctx.env.workspace);
    expect(loaded.protocols).toHaveLength(1);
    expect(loaded.protocols![0].rows).toEqual(res.rows);
  }, 180_000);

  it('bad input is a typed error naming the parameter, and the study is unchanged', async () => {
    const before = ctx.study.state;
    const r1 = await reg.invoke('run_protocol', { protocol: 'cross_subject', n_test_subjects: 3 }, ctx, { confirmed: true });
    expect(r1.type).toBe('error');
    expect(r1.meta.parameter).toBe('n_test_subjects');
    const r2 = await reg.invoke('run_protocol', { protocol: 'within_session', folds: 9 }, ctx, { confirmed: true });
    expect(r2.meta.parameter).toBe('folds');
    const r3 = await reg.invoke('run_protocol', { protocol: 'within_session', export_path: 'x.txt' }, ctx, { confirmed: true });
    expect(r3.meta.parameter).toBe('export_path');
    const r4 = await reg.invoke('run_protocol', { protocol: 'sideways' }, ctx, { confirmed: true });
    expect(r4.type).toBe('error');
    expect(r4.meta.parameter).toBe('protocol');
    expect(ctx.study.state).toBe(before);
  });

  it('a cancelled call stores nothing: the registry answers cancelled and the study is unchanged', async () => {
    const before = ctx.study.state;
    const ac = new AbortController();
    ac.abort();
    const r = await reg.invoke('run_protocol', { protocol: 'cross_subject' }, { ...ctx, signal: ac.signal }, { confirmed: true });
    expect(r.type).toBe('error');
    expect(r.error?.code).toBe('cancelled');
    expect(ctx.study.state).toBe(before);
  });

  it('model runs adapt the training options the user left unset to the smallest training fold, as start_training does', async () => {
    const args = { protocol: 'within_session', folds: 5, pipelines: ['EEGNet'] };
    const settings = async (): Promise<{ epochs: number; batch: number }> => {
      const c = await reg.invoke('run_protocol', args, ctx);
      expect(c.type).toBe('confirm');
      const m = /(\d+) epochs each, batch (\d+)/.exec(c.content);
      expect(m, c.content).not.toBeNull();
      return { epochs: Number(m![1]), batch: Number(m![2]) };
    };
    // nothing configured: a within-session fold of one run holds a handful of trials, so batch 8 and many epochs
    expect(ctx.study.state.training).toBeNull();
    const free = await settings();
    expect(free.batch).toBe(8);
    expect(free.epochs).toBeGreaterThan(10);
    // a value the user set is kept; the other one still adapts
    expect((await reg.invoke('configure_training', { batch_size: 16 }, ctx, { confirmed: true })).type).toBe('text');
    const pinned = await settings();
    expect(pinned.batch).toBe(16);
    // fewer steps per epoch at batch 16 (or the same 300-epoch cap on these tiny folds): never more epochs than at batch 8
    expect(pinned.epochs).toBeGreaterThanOrEqual(10);
    expect(pinned.epochs).toBeLessThanOrEqual(free.epochs);
  });

  it('cross_subject: EEGNet trains in the child process on the same folds as CSP+LDA; confirmation counts the trainings', async () => {
    for (const [tool, args] of [
      ['normalize_data', { method: 'z-score' }],
      ['configure_training', { epoch: 2, batch_size: 16, learning_rate: 0.001, repeat: 1 }],
    ] as const) {
      const r = await reg.invoke(tool, args as Record<string, unknown>, ctx, { confirmed: true });
      if (r.type === 'error') throw new Error(`${tool}: ${r.content}`);
    }
    const args = { protocol: 'cross_subject', pipelines: ['CSP+LDA', 'EEGNet'], seed: 2 };
    const c = await reg.invoke('run_protocol', args, ctx);
    expect(c.type).toBe('confirm');
    expect(c.content).toContain('starts 3 training run(s)');
    const n = ctx.study.state.protocols?.length ?? 0;
    const r = await reg.invoke('run_protocol', args, ctx, { confirmed: true });
    expect(r.type, r.content).toBe('plot');
    const res = ctx.study.state.protocols![n];
    expect(res.protocol).toBe('cross_subject');
    expect(res.rows).toHaveLength(3 * 2);
    expect(res.training).toMatchObject({ epoch: 2, batch_size: 16, selection: 'last_epoch' });
    // per-subject scores in natural subject order, whatever order the shuffled folds tested them in
    expect(res.subjects.filter((x) => x.pipeline === 'EEGNet').map((x) => x.subject)).toEqual(['001', '002', '003']);
    for (const s of ['001', '002', '003']) {
      const rows = res.rows.filter((x) => x.subject === s);
      expect(rows.map((x) => x.pipeline).sort()).toEqual(['CSP+LDA', 'EEGNet']);
      expect(rows[0].n_test).toBe(rows[1].n_test);
      expect(rows[0].n_train).toBe(rows[1].n_train);
      // the test subject's epochs are all tested and none trained on
      expect(rows[0].n_train + rows[0].n_test).toBe(ctx.study.state.epochs!.nEpochs);
    }
    for (const row of res.rows) {
      expect(row.accuracy).toBeGreaterThanOrEqual(0);
      expect(row.accuracy).toBeLessThanOrEqual(1);
      expect(Number.isFinite(row.roc_auc)).toBe(true);
    }
    // no training run records: the protocol's trainings are its own
    expect(ctx.study.state.runs).toHaveLength(0);
  }, 300_000);
});

describe('run_protocol hands the trainer the input scaling the user chose', () => {
  it('input_norm "none" reaches every protocol job (and the result records it); unset, the trainer standardises', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'xb-protocol-norm-'));
    const dir = join(workspace, 'sim');
    simulateFiles({ out: dir, subjects: 2, runs: 1, seed: 7, duration: 60, trials: 8 });
    const ctx = await prepared([dir], { t_min: 0.5, t_max: 2.5 }, workspace);
    const jobsSeen = async (inputNorm?: string): Promise<{ norms: unknown[]; training: Record<string, unknown> | null }> => {
      const args = { epoch: 1, batch_size: 8, learning_rate: 0.001, ...(inputNorm ? { input_norm: inputNorm } : {}) };
      expect((await reg.invoke('configure_training', args, ctx, { confirmed: true })).type).toBe('text');
      const norms: unknown[] = [];
      // while a model trains, its job file is on disk under .xbrain/protocols/jobs-*/
      ctx.progress = () => {
        const root = join(workspace, '.xbrain', 'protocols');
        for (const jobs of existsSync(root) ? readdirSync(root).filter((d) => d.startsWith('jobs-')) : [])
          for (const run of readdirSync(join(root, jobs)).filter((d) => d !== 'shared')) {
            const file = join(root, jobs, run, 'job.json');
            if (existsSync(file)) norms.push((JSON.parse(readFileSync(file, 'utf8')) as { config: { inputNorm?: string } }).config.inputNorm);
          }
      };
      const r = await reg.invoke('run_protocol', { protocol: 'cross_subject', pipelines: ['EEGNet'], seed: 1 }, ctx, { confirmed: true });
      expect(r.type, r.content).toBe('plot');
      const stored = ctx.study.state.protocols!;
      return { norms, training: stored[stored.length - 1].training };
    };
    const none = await jobsSeen('none');
    expect(none.norms.length).toBeGreaterThan(0);
    expect(new Set(none.norms)).toEqual(new Set(['none']));
    expect(none.training).toMatchObject({ input_norm: 'none' });
    const fold = await jobsSeen('train_fold');
    expect(new Set(fold.norms)).toEqual(new Set(['train_fold']));
    expect(fold.training).toMatchObject({ input_norm: 'train_fold' });
  }, 300_000);
});

describe('run_protocol on real PhysioNet S001 runs', () => {
  it('cross_session on R04 + R08 (imagined left vs right fist): each run tested once, single subject refused for cross_subject', async () => {
    const ctx = await prepared([join(testDataDir, 'S001R04.edf'), join(testDataDir, 'S001R08.edf')], { t_min: 0.5, t_max: 2.5 });
    const bad = await reg.invoke('run_protocol', { protocol: 'cross_subject' }, ctx, { confirmed: true });
    expect(bad.type).toBe('error');
    expect(bad.meta.parameter).toBe('protocol');
    expect(bad.content).toContain('two subjects');
    const r = await reg.invoke('run_protocol', { protocol: 'cross_session' }, ctx, { confirmed: true });
    expect(r.type, r.content).toBe('plot');
    const res = ctx.study.state.protocols![0];
    expect(res.rows.map((x) => `${x.pipeline} ${x.session}`)).toEqual(['CSP+LDA 04', 'TS+LR 04', 'CSP+LDA 08', 'TS+LR 08']);
    expect(res.rows.every((x) => x.n_train + x.n_test === ctx.study.state.epochs!.nEpochs)).toBe(true);
    expect(res.comparisons[0].note).toMatch(/fewer than two subjects/);
  }, 120_000);
});
