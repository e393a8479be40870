/**
 * MOABB's evaluation protocols as train/test folds over epochs labelled with subject and session (XBrain's session is
 * the run for PhysioNet names, SxxxRyy):
 * - within_session: stratified k-fold inside each subject × session (sklearn StratifiedKFold with shuffling: each
 *   class's epochs are shuffled with the seed and dealt to the folds in turn); `poolSessions` runs it over all sessions
 *   of a subject at once (MOABB's PhysioNet layout: one session made of several runs).
 * - cross_session: per subject, leave one session out (subjects with a single session are skipped and reported).
 * - cross_subject: leave N subjects out (N = 1: leave-one-subject-out); subjects are shuffled with the seed and taken
 *   N at a time, so every subject is tested exactly once.
 * Pure and deterministic: the same epochs, options and seed give the same folds, and every pipeline uses them.
 */
import { XBrainError } from '../errors';
import { mulberry32 } from '../signal/numeric';

export const PROTOCOLS = ['within_session', 'cross_session', 'cross_subject'] as const;
export type ProtocolName = (typeof PROTOCOLS)[number];

export interface ProtocolEpochs {
  subject: readonly string[];
  session: readonly string[];
  labels: ArrayLike<number>;
}

export interface ProtocolOptions {
  protocol: ProtocolName;
  /** within_session: number of folds (default 5) */
  folds?: number;
  /** cross_subject: subjects held out per fold (default 1) */
  nTestSubjects?: number;
  seed?: number;
  /** within_session over all sessions of a subject */
  poolSessions?: boolean;
}

export interface ProtocolFold {
  /** e.g. "S001/R04 fold 2", "S001 leaves R08 out", "test S003+S004" */
  name: string;
  /** fold number within its group (subject × session, subject, or the whole cross-subject loop), from 0 */
  fold: number;
  /** the subjects whose epochs are tested */
  testSubjects: string[];
  /** within_session: the session (null when pooled); cross_session: the held-out session; cross_subject: null */
  session: string | null;
  train: Int32Array;
  test: Int32Array;
}

export interface ProtocolPlan {
  protocol: ProtocolName;
  folds: ProtocolFold[];
  /** subjects not evaluated and why (cross_session with one session) */
  skipped: string[];
}

function shuffle<T>(a: T[], rnd: () => number): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** Distinct values in first-seen order. */
const distinct = (v: readonly string[]): string[] => [...new Set(v)];

/** Stratified k-fold over `idx`: per class, shuffled, dealt round-robin continuing where the previous class stopped. */
function stratifiedKFold(
  idx: number[],
  labels: ArrayLike<number>,
  k: number,
  rnd: () => number,
  where: string,
): Array<{ train: Int32Array; test: Int32Array }> {
  const byClass = new Map<number, number[]>();
  for (const i of idx) {
    const l = labels[i];
    if (!byClass.has(l)) byClass.set(l, []);
    byClass.get(l)!.push(i);
  }
  if (byClass.size < 2)
    throw new XBrainError(
      'invalid_arguments',
      `protocol: ${where} has epochs of ${byClass.size} class only; within-session folds need at least two classes there`,
      { parameter: 'protocol' },
    );
  const smallest = Math.min(...[...byClass.values()].map((v) => v.length));
  if (smallest < k) {
    throw new XBrainError(
      'invalid_arguments',
      `folds: ${k} stratified folds need at least ${k} epochs of every class in ${where}, the smallest class has ${smallest}`,
      { parameter: 'folds' },
    );
  }
  const foldOf = new Map<number, number>();
  let next = 0;
  for (const cls of [...byClass.keys()].sort((a, b) => a - b)) {
    for (const i of shuffle([...byClass.get(cls)!], rnd)) {
      foldOf.set(i, next);
      next = (next + 1) % k;
    }
  }
  const sorted = [...idx].sort((a, b) => a - b);
  return Array.from({ length: k }, (_, f) => ({
    train: Int32Array.from(sorted.filter((i) => foldOf.get(i) !== f)),
    test: Int32Array.from(sorted.filter((i) => foldOf.get(i) === f)),
  }));
}

export function protocolFolds(e: ProtocolEpochs, o: ProtocolOptions): ProtocolPlan {
  const n = e.labels.length;
  if (n === 0) throw new XBrainError('invalid_state', 'there are no epochs to evaluate');
  if (e.subject.length !== n || e.session.length !== n) throw new XBrainError('internal', 'protocol: subject/session labels do not match the epochs');
  if (!(PROTOCOLS as readonly string[]).includes(o.protocol)) {
    throw new XBrainError('invalid_arguments', `protocol must be one of ${PROTOCOLS.join(', ')} (got ${String(o.protocol)})`, { parameter: 'protocol' });
  }
  const seed = o.seed ?? 0;
  if (!Number.isInteger(seed)) throw new XBrainError('invalid_arguments', `seed must be an integer (got ${seed})`, { parameter: 'seed' });
  const rnd = mulberry32(seed);
  const subjects = distinct(e.subject);
  const bySubject = new Map<string, number[]>(subjects.map((s) => [s, []]));
  for (let i = 0; i < n; i++) bySubject.get(e.subject[i])!.push(i);
  const folds: ProtocolFold[] = [];
  const skipped: string[] = [];

  if (o.protocol === 'within_session') {
    const k = o.folds ?? 5;
    if (!Number.isInteger(k) || k < 2) throw new XBrainError('invalid_arguments', `folds must be an integer ≥ 2 (got ${k})`, { parameter: 'folds' });
    for (const s of subjects) {
      const idx = bySubject.get(s)!;
      const groups = o.poolSessions
        ? [{ session: null as string | null, idx }]
        : distinct(idx.map((i) => e.session[i])).map((ses) => ({ session: ses as string | null, idx: idx.filter((i) => e.session[i] === ses) }));
      for (const g of groups) {
        const where = g.session === null ? `subject ${s}` : `subject ${s} session ${g.session}`;
        stratifiedKFold(g.idx, e.labels, k, rnd, where).forEach((f, j) => {
          folds.push({ name: `${g.session === null ? s : `${s}/${g.session}`} fold ${j + 1}`, fold: j, testSubjects: [s], session: g.session, ...f });
        });
      }
    }
  } else if (o.protocol === 'cross_session') {
    for (const s of subjects) {
      const idx = bySubject.get(s)!;
      const sessions = distinct(idx.map((i) => e.session[i]));
      if (sessions.length < 2) {
        skipped.push(`${s} (one session)`);
        continue;
      }
      sessions.forEach((ses, j) => {
        folds.push({
          name: `${s} leaves ${ses} out`,
          fold: j,
          testSubjects: [s],
          session: ses,
          train: Int32Array.from(idx.filter((i) => e.session[i] !== ses)),
          test: Int32Array.from(idx.filter((i) => e.session[i] === ses)),
        });
      });
    }
    if (folds.length === 0) {
      throw new XBrainError(
        'invalid_arguments',
        `protocol: cross_session needs a subject with at least two sessions (runs); every one of the ${subjects.length} subject(s) has one`,
        { parameter: 'protocol' },
      );
    }
  } else {
    const nTest = o.nTestSubjects ?? 1;
    if (subjects.length < 2) {
      throw new XBrainError(
        'invalid_arguments',
        `protocol: cross_subject needs at least two subjects, the epochs come from one (${subjects[0]}); load more subjects or use within_session`,
        { parameter: 'protocol' },
      );
    }
    if (!Number.isInteger(nTest) || nTest < 1 || nTest > subjects.length - 1) {
      throw new XBrainError(
        'invalid_arguments',
        `n_test_subjects must be an integer from 1 to ${subjects.length - 1} (one fewer than the ${subjects.length} subjects), got ${nTest}`,
        { parameter: 'n_test_subjects' },
      );
    }
    const order = shuffle([...subjects], rnd);
    for (let j = 0; j * nTest < order.length; j++) {
      const test = new Set(order.slice(j * nTest, (j + 1) * nTest));
      const testSubjects = subjects.filter((s) => test.has(s));
      const tr: number[] = [];
      const te: number[] = [];
      for (let i = 0; i < n; i++) (test.has(e.subject[i]) ? te : tr).push(i);
      folds.push({ name: `test ${testSubjects.join('+')}`, fold: j, testSubjects, session: null, train: Int32Array.from(tr), test: Int32Array.from(te) });
    }
  }
  for (const f of folds) {
    const classes = new Set(Array.from(f.train, (i) => e.labels[i]));
    if (classes.size < 2) throw new XBrainError('invalid_arguments', `protocol: fold "${f.name}" trains on one class only`, { parameter: 'protocol' });
  }
  return { protocol: o.protocol, folds, skipped };
}
