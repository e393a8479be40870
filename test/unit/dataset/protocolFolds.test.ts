import { describe, expect, it } from 'vitest';
import { protocolFolds, type ProtocolEpochs } from '../../../src/core/dataset/protocolFolds';
import { XBrainError } from '../../../src/core/errors';

/** subjects × sessions × trials per class, labels alternating (classes 0/1, or 3 classes) */
function layout(subjects: number, sessions: number, perClass: number, classes = 2): ProtocolEpochs {
  const subject: string[] = [];
  const session: string[] = [];
  const labels: number[] = [];
  for (let s = 1; s <= subjects; s++) {
    for (let r = 1; r <= sessions; r++) {
      for (let t = 0; t < perClass * classes; t++) {
        subject.push(`S${String(s).padStart(3, '0')}`);
        session.push(`R${String(r).padStart(2, '0')}`);
        labels.push(t % classes);
      }
    }
  }
  return { subject, session, labels: Int32Array.from(labels) };
}

const disjoint = (a: Int32Array, b: Int32Array): boolean => {
  const s = new Set(a);
  return Array.from(b).every((i) => !s.has(i));
};

describe('evaluation protocol folds', () => {
  it('within_session: stratified k-fold inside each subject × session, every epoch tested once, no leakage', () => {
    const e = layout(3, 2, 7);
    const plan = protocolFolds(e, { protocol: 'within_session', folds: 5, seed: 1 });
    expect(plan.folds).toHaveLength(3 * 2 * 5);
    const tested = new Map<number, number>();
    for (const f of plan.folds) {
      expect(disjoint(f.train, f.test)).toBe(true);
      const scope = new Set([...f.train, ...f.test].map((i) => `${e.subject[i]}/${e.session[i]}`));
      expect(scope).toEqual(new Set([`${f.testSubjects[0]}/${f.session}`]));
      expect(f.train.length + f.test.length).toBe(14);
      // stratified: 7 per class over 5 folds → 1 or 2 of each class in every test fold
      for (const c of [0, 1]) {
        const k = Array.from(f.test).filter((i) => e.labels[i] === c).length;
        expect(k === 1 || k === 2).toBe(true);
      }
      for (const i of f.test) tested.set(i, (tested.get(i) ?? 0) + 1);
    }
    expect(tested.size).toBe(e.labels.length);
    expect([...tested.values()].every((v) => v === 1)).toBe(true);
  });

  it('within_session with pooled sessions folds over all runs of a subject', () => {
    const e = layout(2, 3, 4);
    const plan = protocolFolds(e, { protocol: 'within_session', folds: 4, poolSessions: true });
    expect(plan.folds).toHaveLength(2 * 4);
    for (const f of plan.folds) {
      expect(f.session).toBeNull();
      expect(f.train.length + f.test.length).toBe(24);
      expect(new Set(Array.from(f.test, (i) => e.session[i])).size).toBeGreaterThan(1);
    }
  });

  it('is deterministic for a seed and changes with it', () => {
    const e = layout(2, 1, 10);
    const a = protocolFolds(e, { protocol: 'within_session', seed: 7 });
    const b = protocolFolds(e, { protocol: 'within_session', seed: 7 });
    const c = protocolFolds(e, { protocol: 'within_session', seed: 8 });
    expect(a.folds.map((f) => Array.from(f.test))).toEqual(b.folds.map((f) => Array.from(f.test)));
    expect(a.folds.map((f) => Array.from(f.test))).not.toEqual(c.folds.map((f) => Array.from(f.test)));
    const s1 = protocolFolds(layout(6, 1, 2), { protocol: 'cross_subject', seed: 3 }).folds.map((f) => f.testSubjects[0]);
    const s2 = protocolFolds(layout(6, 1, 2), { protocol: 'cross_subject', seed: 3 }).folds.map((f) => f.testSubjects[0]);
    expect(s1).toEqual(s2);
  });

  it('cross_session: per subject, leave one session out; single-session subjects are skipped', () => {
    const e = layout(2, 3, 3);
    // a third subject with a single session
    const extra = layout(1, 1, 3);
    const all: ProtocolEpochs = {
      subject: [...e.subject, ...extra.subject.map(() => 'S009')],
      session: [...e.session, ...extra.session],
      labels: Int32Array.from([...Array.from(e.labels), ...Array.from(extra.labels)]),
    };
    const plan = protocolFolds(all, { protocol: 'cross_session' });
    expect(plan.folds).toHaveLength(2 * 3);
    expect(plan.skipped).toEqual(['S009 (one session)']);
    for (const f of plan.folds) {
      expect(disjoint(f.train, f.test)).toBe(true);
      expect(new Set(Array.from(f.test, (i) => all.session[i]))).toEqual(new Set([f.session]));
      expect(Array.from(f.train).every((i) => all.session[i] !== f.session && all.subject[i] === f.testSubjects[0])).toBe(true);
      expect(Array.from(f.test).every((i) => all.subject[i] === f.testSubjects[0])).toBe(true);
    }
  });

  it('cross_subject: leave-one-subject-out and leave-N-out never train on a test subject; each subject tested once', () => {
    const e = layout(5, 2, 3);
    for (const nTest of [1, 2]) {
      const plan = protocolFolds(e, { protocol: 'cross_subject', nTestSubjects: nTest, seed: 4 });
      expect(plan.folds).toHaveLength(Math.ceil(5 / nTest));
      const seen: string[] = [];
      for (const f of plan.folds) {
        const testSubs = new Set(Array.from(f.test, (i) => e.subject[i]));
        expect(testSubs).toEqual(new Set(f.testSubjects));
        expect(Array.from(f.train).some((i) => testSubs.has(e.subject[i]))).toBe(false);
        expect(f.train.length + f.test.length).toBe(e.labels.length);
        seen.push(...f.testSubjects);
      }
      expect(seen.sort()).toEqual(['S001', 'S002', 'S003', 'S004', 'S005']);
    }
  });

  it('bad input is a typed error naming the parameter', () => {
    const one = layout(1, 2, 3);
    const err = (f: () => unknown): XBrainError => {
      try {
        f();
      } catch (x) {
        return x as XBrainError;
      }
      throw new Error('no error');
    };
    expect(err(() => protocolFolds(one, { protocol: 'cross_subject' })).details.parameter).toBe('protocol');
    expect(err(() => protocolFolds(layout(3, 1, 3), { protocol: 'cross_subject', nTestSubjects: 3 })).details.parameter).toBe('n_test_subjects');
    expect(err(() => protocolFolds(layout(2, 1, 3), { protocol: 'cross_session' })).details.parameter).toBe('protocol');
    expect(err(() => protocolFolds(layout(2, 1, 3), { protocol: 'within_session', folds: 4 })).details.parameter).toBe('folds');
    expect(err(() => protocolFolds(layout(2, 1, 3), { protocol: 'within_session', folds: 1 })).details.parameter).toBe('folds');
    expect(err(() => protocolFolds(layout(2, 1, 3), { protocol: 'nope' as never })).details.parameter).toBe('protocol');
    expect(err(() => protocolFolds(layout(2, 1, 3, 1), { protocol: 'within_session', folds: 2 })).details.parameter).toBe('protocol');
  });
});
