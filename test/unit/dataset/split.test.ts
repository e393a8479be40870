import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSplits, buildDataset, auditSplits, type SplitPlan } from '../../../src/core/dataset';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { repoRoot } from '../helpers/paths';
import { blockEpochs } from './fixtures';

const sorted = (a: Int32Array): number[] => Array.from(a).sort((x, y) => x - y);
const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

function expectPartition(n: number, sp: { train: Int32Array; val: Int32Array; test: Int32Array }, discarded = 0): void {
  const all = [...sp.train, ...sp.val, ...sp.test];
  expect(new Set(all).size).toBe(all.length);
  expect(all.length + discarded).toBe(n);
}

describe('XBrainLab deterministic balanced splitting', () => {
  // 2 subjects × 2 sessions × 20 epochs, labels alternate: blocks A-s1 0..19, A-s2 20..39, B-s1 40..59, B-s2 60..79
  const e = blockEpochs({ subjects: ['A', 'B'], sessions: ['s1', 's2'], perBlock: 20 });

  it('trial split takes the last epochs of each (session, subject, label) cell, test first then validation', () => {
    const d = buildDataset(e, { test_ratio: 0.2, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group' });
    expect(d.splits).toHaveLength(1);
    const sp = d.splits[0];
    expect(sp.name).toBe('Fold_0');
    expect(sp.test).toBeInstanceOf(Int32Array);
    // int(0.2 × 80) = 16 = 2 per cell: the last two of each label in every block
    expect(sorted(sp.test)).toEqual([0, 20, 40, 60].flatMap((b) => [b + 16, b + 17, b + 18, b + 19]));
    // int(0.2 × 64) = 12: one per cell in session→subject→label order, then the four session-s1 cells again
    expect(sorted(sp.val)).toEqual([12, 13, 14, 15, 34, 35, 52, 53, 54, 55, 74, 75]);
    expect(sp.train.length).toBe(52);
    expectPartition(80, sp);
    expect(d.audit).toEqual({ overlap: 0, warnings: [] });
  });

  it('subject split holds out whole subjects in XBrainLab order and leaves none in train', () => {
    const e10 = blockEpochs({ subjects: range(0, 10).map((i) => `S${i}`), sessions: ['1'], perBlock: 6 });
    const d = buildDataset(e10, { test_ratio: 0.2, val_ratio: 0.25, split_strategy: 'subject', training_mode: 'group' });
    const sp = d.splits[0];
    const subj = (idx: Int32Array): string[] => [...new Set(Array.from(idx, (i) => e10.subject[i]))].sort();
    expect(subj(sp.test)).toEqual(['S0', 'S1']); // int(0.2 × 10) = 2; least-used cells come in first-seen order
    expect(subj(sp.val)).toEqual(['S2', 'S3']); // int(0.25 × 8) = 2 of the remaining subjects
    expect(sp.train.length).toBe(36);
    expectPartition(60, sp);
    expect(d.audit.warnings).toEqual([]);
  });

  it('k-fold by subject gives K disjoint test folds covering every subject, named Fold_k', () => {
    const e5 = blockEpochs({ subjects: ['a', 'b', 'c', 'd', 'e'], sessions: ['1'], perBlock: 4 });
    const d = buildDataset(e5, { test_ratio: 0.2, val_ratio: 0, split_strategy: 'subject', training_mode: 'group', unit: 'kfold', folds: 5 });
    expect(d.splits.map((s) => s.name)).toEqual(['Fold_0', 'Fold_1', 'Fold_2', 'Fold_3', 'Fold_4']);
    const tests = d.splits.map((s) => [...new Set(Array.from(s.test, (i) => e5.subject[i]))]);
    expect(tests.every((t) => t.length === 1)).toBe(true);
    expect(tests.flat().sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    for (const s of d.splits) expectPartition(20, s);
  });

  it('k-fold by trial distributes the remainder to the first folds', () => {
    const e10 = blockEpochs({ subjects: ['A'], sessions: ['1'], perBlock: 10 });
    const g = generateSplits(e10, { trainingMode: 'group', crossValidation: true, test: [{ by: 'trial', unit: 'kfold', value: 3 }], val: [], seed: 0 });
    expect(g.map((s) => s.test.length)).toEqual([4, 3, 3]);
    expect(g.flatMap((s) => Array.from(s.test)).sort((a, b) => a - b)).toEqual(range(0, 10));
    // balanced: fold 0 takes the last two of each label
    expect(sorted(g[0].test)).toEqual([6, 7, 8, 9]);
  });

  it('individual mode makes one dataset per subject named Subject-<name>_k within that subject', () => {
    const d = buildDataset(e, { test_ratio: 0.25, val_ratio: 0, split_strategy: 'trial', training_mode: 'individual' });
    expect(d.splits.map((s) => s.name)).toEqual(['Subject-A_0', 'Subject-B_0']);
    for (const [k, sp] of d.splits.entries()) {
      const all = [...sp.train, ...sp.test];
      expect(all.every((i) => e.subject[i] === (k === 0 ? 'A' : 'B'))).toBe(true);
      expect(sp.test.length).toBe(10); // int(0.25 × 40)
    }
  });

  it('rejects unworkable plans with typed errors naming the parameter', () => {
    expect(() => buildDataset(e, { test_ratio: 0.2, val_ratio: 0, split_strategy: 'subject', training_mode: 'group', unit: 'kfold', folds: 3 })).toThrow(
      /folds: 3 folds need at least 3 subjects/,
    );
    expect(() => buildDataset(e, { test_ratio: 0.2, val_ratio: 0, split_strategy: 'trial', training_mode: 'group', unit: 'kfold' })).toThrow(/folds/);
    expect(() => buildDataset(e, { test_ratio: 1, val_ratio: 0, split_strategy: 'trial', training_mode: 'group' })).toThrow(/no training epochs/);
    expect(() =>
      generateSplits(e, { trainingMode: 'group', crossValidation: true, test: [{ by: 'trial', unit: 'kfold', value: 2.5 }], val: [], seed: 0 }),
    ).toThrow(/integer number of folds/);
  });

  it('multi-level test split: the held-out subject returns to training (audit warns) unless independent', () => {
    const plan = (independent: boolean): SplitPlan => ({
      trainingMode: 'group',
      crossValidation: false,
      seed: 0,
      val: [],
      test: [
        { by: 'subject', unit: 'number', value: 1 },
        { by: 'session', unit: 'number', value: 1, independent },
      ],
    });
    const leaky = generateSplits(e, plan(false))[0];
    const subjectsOf = (idx: Int32Array): string[] => [...new Set(Array.from(idx, (i) => e.subject[i]))].sort();
    expect(subjectsOf(leaky.test)).toEqual(['A']);
    expect(subjectsOf(leaky.train)).toEqual(['A', 'B']);
    expect(auditSplits(e, [leaky], 'subject').warnings.join('\n')).toMatch(/subject A is in both train and test/);
    const ind = generateSplits(e, plan(true))[0];
    expect(subjectsOf(ind.train)).toEqual(['B']); // as XBrainLab's test: one subject fewer remains
    expect(ind.discarded.length).toBe(20);
    expectPartition(80, ind, 20);
    expect(auditSplits(e, [ind], 'subject').warnings).toEqual([]);
  });

  it('independent session split drops the rest of the held-out subject', () => {
    const e3 = blockEpochs({ subjects: ['A', 'B', 'C'], sessions: (s) => [`${s}1`, `${s}2`], perBlock: 4 });
    const d = buildDataset(e3, { test_ratio: 0.2, val_ratio: 0, split_strategy: 'session', training_mode: 'group', independent: true });
    const sp = d.splits[0];
    const testSubjects = new Set(Array.from(sp.test, (i) => e3.subject[i]));
    expect(testSubjects.size).toBe(1);
    expect(Array.from(sp.train).some((i) => testSubjects.has(e3.subject[i]))).toBe(false);
    expect(d.audit.warnings.join('\n')).toMatch(/dropped by the independent split/);
  });

  it('a seed changes which epochs are taken but keeps the cell balance; seed 0 is reproducible', () => {
    const a = buildDataset(e, { test_ratio: 0.2, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group', seed: 0 });
    const b = buildDataset(e, { test_ratio: 0.2, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group', seed: 0 });
    const c = buildDataset(e, { test_ratio: 0.2, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group', seed: 7 });
    expect(sorted(a.splits[0].test)).toEqual(sorted(b.splits[0].test));
    expect(sorted(c.splits[0].test)).not.toEqual(sorted(a.splits[0].test));
    const perCell = (idx: Int32Array): number[] => {
      const n = new Array(8).fill(0);
      for (const i of idx) n[e.recording[i] * 2 + e.labels[i]]++;
      return n;
    };
    expect(perCell(c.splits[0].test)).toEqual(new Array(8).fill(2));
  });
});

describe('generate_dataset tool through the Study', () => {
  it('moves epoched → dataset_ready, and a bad call leaves the Study unchanged', async () => {
    const study = new Study();
    const e = blockEpochs({ subjects: ['A', 'B'], sessions: ['s1', 's2'], perBlock: 20 });
    study.commit({ epochs: e }, ['epochs']);
    expect(study.stage).toBe('preprocessed');
    const reg = new ToolRegistry();
    const ctx = { study, env: { workspace: mkdtempSync(join(tmpdir(), 'xb-ds-')), packageRoot: repoRoot, trusted: true } };
    const bad = await reg.invoke('generate_dataset', { split_strategy: 'subject', unit: 'kfold', folds: 5 }, ctx);
    expect(bad.type).toBe('error');
    expect(bad.content).toMatch(/folds/);
    expect(study.state.dataset).toBeNull();
    expect(study.stage).toBe('preprocessed');
    const r = await reg.invoke('generate_dataset', { test_ratio: 0.2, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group' }, ctx);
    expect(r.type).toBe('text');
    expect(study.stage).toBe('dataset_ready');
    expect(study.state.dataset?.splits[0].test.length).toBe(16);
    expect((r.meta.splits as Array<{ train: number }>)[0].train).toBe(52);
    expect(r.meta.audit).toEqual({ overlap: 0, warnings: [] });
  });
});

describe('generate_dataset persistence and regeneration', () => {
  it('splits survive a save/load round trip as Int32Array; regenerating after training asks first and clears runs', async () => {
    const { saveStudy, loadStudy } = await import('../../../src/core/study/persistence');
    const workspace = mkdtempSync(join(tmpdir(), 'xb-ds-persist-'));
    const study = new Study();
    study.commit({ epochs: blockEpochs({ subjects: ['A', 'B'], sessions: ['1'], perBlock: 10 }) }, ['epochs']);
    const reg = new ToolRegistry();
    const ctx = { study, env: { workspace, packageRoot: repoRoot, trusted: true } };
    await reg.invoke('generate_dataset', { split_strategy: 'subject', unit: 'kfold', folds: 2, val_ratio: 0 }, ctx);
    await saveStudy(workspace, study.state);
    const loaded = await loadStudy(workspace);
    expect(loaded.dataset!.splits.map((s) => s.name)).toEqual(['Fold_0', 'Fold_1']);
    expect(loaded.dataset!.splits[1].test).toBeInstanceOf(Int32Array);
    expect(Array.from(loaded.dataset!.splits[1].test)).toEqual(Array.from(study.state.dataset!.splits[1].test));
    expect(loaded.dataset!.audit).toEqual(study.state.dataset!.audit);
    // a finished run exists → regenerating needs confirmation, then clears the runs
    const run = {
      id: 'r1',
      splitId: study.state.dataset!.splits[0].id,
      splitName: 'Fold_0',
      repeat: 1,
      seed: 0,
      model: { name: 'EEGNet' as const, params: {} },
      config: {} as never,
      status: 'done' as const,
      metrics: [],
      artefacts: {},
      startedAt: '',
    };
    study.commit({ runs: [run] }, ['runs']);
    expect(study.stage).toBe('trained');
    const ask = await reg.invoke('generate_dataset', { split_strategy: 'trial' }, ctx);
    expect(ask.type).toBe('confirm');
    expect(ask.content).toMatch(/clears 1 training run/);
    expect(study.state.runs).toHaveLength(1);
    const done = await reg.invoke('generate_dataset', { split_strategy: 'trial' }, ctx, { confirmed: true });
    expect(done.type).toBe('text');
    expect(study.state.runs).toHaveLength(0);
    expect(study.stage).toBe('dataset_ready');
  });
});
