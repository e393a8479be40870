/**
 * XBrainLab's dataset splitting (XBRAINLAB.md §1.4, classic `DatasetGenerator` + `Epochs.pick_*`), re-created:
 * test first, then validation from the remainder, the rest is training. Selection is deterministic: a balanced
 * round-robin over (session, subject, label) cells that always takes the *last* available epoch (trial) or the group
 * of the last available epoch (session/subject) of the least-used cell. Counts use int() truncation on the number of
 * epochs (trial) or unique groups (session/subject). Cross-validation loops K folds over the test pool, the K-fold
 * remainder going to the first folds.
 *
 * Fixed on purpose (XBrainLab bugs): an "independent" first-level test splitter no longer discards every non-test
 * epoch (which left training empty); it drops the remaining epochs that share the held-out subject (session
 * strategy) or subject and session (trial strategy). K-fold values are validated as integers ≥ 2 and ≤ #groups.
 */
import { XBrainError } from '../errors';
import type { Epochs } from '../signal/types';
import { mulberry32 } from '../signal/numeric';

export type SplitBy = 'trial' | 'session' | 'subject';
export type SplitUnit = 'ratio' | 'number' | 'kfold';

export interface Splitter {
  by: SplitBy;
  unit: SplitUnit;
  /** ratio in [0, 1], a count, or the number of folds */
  value: number;
  /** drop the rest of the held-out group instead of returning it to training (XBrainLab "(Independent)") */
  independent?: boolean;
}

export interface SplitPlan {
  trainingMode: 'group' | 'individual';
  /** cross-validation: the first test splitter must use unit kfold */
  crossValidation: boolean;
  /** applied in order, each selecting within the previous one's selection (XBrainLab's splitter list) */
  test: Splitter[];
  val: Splitter[];
  /** 0 reproduces XBrainLab exactly; another value permutes which epoch counts as "last" within a cell */
  seed: number;
}

export interface GeneratedSplit {
  name: string;
  train: Int32Array;
  val: Int32Array;
  test: Int32Array;
  /** epochs in scope but in no set (independent variants) */
  discarded: Int32Array;
}

/** Per-epoch integer codes in first-seen order (XBrainLab's subject/session maps). */
export function firstSeenCodes(values: readonly string[]): { codes: Int32Array; names: string[] } {
  const map = new Map<string, number>();
  const codes = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    let c = map.get(values[i]);
    if (c === undefined) {
      c = map.size;
      map.set(values[i], c);
    }
    codes[i] = c;
  }
  return { codes, names: [...map.keys()] };
}

type Mask = Uint8Array;

const any = (m: Mask): boolean => m.some((v) => v !== 0);
const count = (m: Mask): number => m.reduce((a, v) => a + v, 0);
const indicesOf = (m: Mask): Int32Array => {
  const out = new Int32Array(count(m));
  let k = 0;
  for (let i = 0; i < m.length; i++) if (m[i]) out[k++] = i;
  return out;
};

/** The optional tie-break permutation: a Fisher–Yates shuffle drawn from mulberry32. */
function permutationRanks(n: number, seed: number): Int32Array {
  const rank = Int32Array.from({ length: n }, (_, i) => i);
  if (seed === 0) return rank;
  const rnd = mulberry32(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    const t = rank[i];
    rank[i] = rank[j];
    rank[j] = t;
  }
  return rank;
}

class Picker {
  readonly subject: Int32Array;
  readonly session: Int32Array;
  readonly label: Int32Array;
  readonly subjectNames: string[];
  readonly sessionNames: string[];
  private readonly nLabels: number;
  private readonly rank: Int32Array;

  constructor(e: Epochs, seed: number) {
    const sub = firstSeenCodes(e.subject);
    const ses = firstSeenCodes(e.session);
    this.subject = sub.codes;
    this.subjectNames = sub.names;
    this.session = ses.codes;
    this.sessionNames = ses.names;
    this.label = e.labels;
    let maxLabel = -1;
    for (let i = 0; i < e.labels.length; i++) maxLabel = Math.max(maxLabel, e.labels[i]);
    this.nLabels = maxLabel + 1;
    this.rank = permutationRanks(e.nEpochs, seed);
  }

  get n(): number {
    return this.label.length;
  }

  groupOf(by: SplitBy): Int32Array | null {
    return by === 'subject' ? this.subject : by === 'session' ? this.session : null;
  }

  /** How many epochs (trial) or groups to take: XBrainLab's _get_real_num with int() truncation. */
  private realNum(s: Splitter, target: number, groupIdx: number): number {
    let num: number;
    if (s.unit === 'kfold') {
      num = Math.floor(target / s.value) + (target % s.value > groupIdx ? 1 : 0);
    } else if (s.unit === 'ratio') {
      num = s.value * target;
    } else {
      num = s.by === 'trial' ? s.value : Math.min(s.value, target);
    }
    return Math.trunc(num + 1e-9);
  }

  /**
   * One pick: returns the selected epochs and the rest of `mask`. `clean` (the whole scope) sets the count for
   * the first test splitter so every CV fold is sized against the full pool.
   */
  pick(s: Splitter, mask: Mask, clean: Mask | null, groupIdx: number): { selected: Mask; rest: Mask } {
    const rest = mask.slice();
    const selected = new Uint8Array(this.n);
    const groups = this.groupOf(s.by);
    const basis = clean ?? mask;
    let target: number;
    if (groups) {
      const seen = new Set<number>();
      for (let i = 0; i < basis.length; i++) if (basis[i]) seen.add(groups[i]);
      target = seen.size;
    } else {
      target = count(basis);
    }
    let num = this.realNum(s, target, groupIdx);
    // cells (session, subject, label) in XBrainLab's iteration order; members sorted by rank so the last is "last"
    const nSub = this.subjectNames.length;
    const nLab = this.nLabels;
    const nCells = this.sessionNames.length * nSub * nLab;
    const cellOf = (i: number): number => (this.session[i] * nSub + this.subject[i]) * nLab + this.label[i];
    const members: number[][] = Array.from({ length: nCells }, () => []);
    for (let i = 0; i < this.n; i++) if (mask[i]) members[cellOf(i)].push(i);
    for (const m of members) m.sort((a, b) => this.rank[a] - this.rank[b]);
    const used = new Float64Array(nCells);
    const lastAvailable = (c: number): number => {
      const m = members[c];
      while (m.length > 0 && !rest[m[m.length - 1]]) m.pop();
      return m.length > 0 ? m[m.length - 1] : -1;
    };
    while (num > 0) {
      let best = -1;
      let bestCount = Infinity;
      for (let c = 0; c < nCells; c++) {
        if (used[c] < bestCount && lastAvailable(c) >= 0) {
          best = c;
          bestCount = used[c];
        }
      }
      if (best < 0) break;
      const last = lastAvailable(best);
      if (groups) {
        const g = groups[last];
        for (let i = 0; i < this.n; i++) {
          if (rest[i] && groups[i] === g) {
            selected[i] = 1;
            rest[i] = 0;
            used[cellOf(i)]++;
          }
        }
      } else {
        selected[last] = 1;
        rest[last] = 0;
        used[best]++;
      }
      num--;
    }
    return { selected, rest };
  }
}

function checkSplitter(s: Splitter, role: 'test' | 'val', index: number): void {
  const where = `${role} splitter ${index + 1}`;
  if (!['trial', 'session', 'subject'].includes(s.by))
    throw new XBrainError('invalid_arguments', `${where}: split_strategy must be trial, session or subject (got ${String(s.by)})`);
  if (!Number.isFinite(s.value) || s.value < 0) throw new XBrainError('invalid_arguments', `${where}: value must be a non-negative number (got ${s.value})`);
  if (s.unit === 'ratio' && s.value > 1) throw new XBrainError('invalid_arguments', `${where}: a ratio must lie in [0, 1] (got ${s.value})`);
  if (s.unit === 'number' && !Number.isInteger(s.value))
    throw new XBrainError('invalid_arguments', `${where}: unit number needs an integer count (got ${s.value})`);
  if (s.unit === 'kfold') {
    if (role !== 'test' || index !== 0) throw new XBrainError('invalid_arguments', `${where}: k-fold is only allowed on the first test splitter`);
    if (!Number.isInteger(s.value) || s.value < 2)
      throw new XBrainError('invalid_arguments', `folds: k-fold needs an integer number of folds ≥ 2 (got ${s.value})`);
  }
}

/** Generates the splits of a plan (pure; throws XBrainError on a plan that cannot work). */
export function generateSplits(e: Epochs, plan: SplitPlan): GeneratedSplit[] {
  if (e.nEpochs === 0) throw new XBrainError('invalid_state', 'there are no epochs to split');
  plan.test.forEach((s, i) => checkSplitter(s, 'test', i));
  plan.val.forEach((s, i) => checkSplitter(s, 'val', i));
  if (plan.crossValidation && plan.test[0]?.unit !== 'kfold') {
    throw new XBrainError('invalid_arguments', 'cross-validation needs unit kfold on the test split');
  }
  if (!plan.crossValidation && plan.test.some((s) => s.unit === 'kfold')) {
    throw new XBrainError('invalid_arguments', 'unit kfold needs cross-validation');
  }
  const p = new Picker(e, plan.seed);
  const out: GeneratedSplit[] = [];
  const scopes: Array<{ prefix: string; scope: Mask }> = [];
  if (plan.trainingMode === 'individual') {
    p.subjectNames.forEach((name, s) => {
      const scope = new Uint8Array(p.n);
      for (let i = 0; i < p.n; i++) scope[i] = p.subject[i] === s ? 1 : 0;
      scopes.push({ prefix: `Subject-${name}`, scope });
    });
  } else {
    scopes.push({ prefix: 'Fold', scope: new Uint8Array(p.n).fill(1) });
  }
  for (const { prefix, scope } of scopes) {
    if (plan.crossValidation) {
      const k = plan.test[0].value;
      const groups = p.groupOf(plan.test[0].by);
      const nGroups = groups ? new Set(Array.from(indicesOf(scope), (i) => groups[i])).size : count(scope);
      if (k > nGroups) {
        throw new XBrainError(
          'invalid_arguments',
          `folds: ${k} folds need at least ${k} ${plan.test[0].by === 'trial' ? 'epochs' : `${plan.test[0].by}s`} in ${prefix === 'Fold' ? 'the data' : prefix}, found ${nGroups}`,
        );
      }
    }
    out.push(...splitScope(p, plan, prefix, scope));
  }
  return out;
}

function dropSharing(p: Picker, by: SplitBy, held: Mask, remaining: Mask): void {
  // the held-out group of a level-0 independent split: its subject (session strategy) or subject+session (trial)
  if (by === 'subject') return;
  const key = (i: number): number => (by === 'session' ? p.subject[i] : p.subject[i] * 1_000_003 + p.session[i]);
  const keys = new Set<number>();
  for (let i = 0; i < held.length; i++) if (held[i]) keys.add(key(i));
  for (let i = 0; i < remaining.length; i++) if (remaining[i] && !held[i] && keys.has(key(i))) remaining[i] = 0;
}

function splitScope(p: Picker, plan: SplitPlan, prefix: string, scope: Mask): GeneratedSplit[] {
  const out: GeneratedSplit[] = [];
  let poolForNextFold: Mask | null = null;
  for (let groupIdx = 0; poolForNextFold === null || (plan.crossValidation && any(poolForNextFold)); groupIdx++) {
    const remaining = scope.slice();
    const clean = scope.slice();
    let mask: Mask = poolForNextFold ?? scope.slice();
    let next: Mask = mask.slice();
    let level = 0;
    const test = new Uint8Array(p.n);
    for (const s of plan.test) {
      const { selected, rest } = p.pick(s, mask, level === 0 ? clean : null, groupIdx);
      let excluded: Mask;
      if (level === 0) {
        next = rest;
        excluded = new Uint8Array(p.n);
      } else {
        excluded = rest;
      }
      mask = selected;
      if (!any(mask)) break;
      if (s.independent) {
        if (level === 0) dropSharing(p, s.by, mask, remaining);
        else for (let i = 0; i < p.n; i++) if (excluded[i]) remaining[i] = 0;
      }
      level++;
    }
    if (level > 0) {
      for (let i = 0; i < p.n; i++) {
        if (mask[i] && remaining[i]) test[i] = 1;
        if (mask[i]) remaining[i] = 0;
      }
    } else {
      next = new Uint8Array(p.n);
    }
    poolForNextFold = next;
    // validation from what is left in this dataset
    const val = new Uint8Array(p.n);
    if (plan.val.length > 0) {
      let vmask: Mask = remaining.slice();
      for (const s of plan.val) vmask = p.pick(s, vmask, null, groupIdx).selected;
      for (let i = 0; i < p.n; i++) {
        if (vmask[i] && remaining[i]) val[i] = 1;
        if (vmask[i]) remaining[i] = 0;
      }
    }
    const discarded = new Uint8Array(p.n);
    for (let i = 0; i < p.n; i++) if (scope[i] && !remaining[i] && !test[i] && !val[i]) discarded[i] = 1;
    out.push({ name: `${prefix}_${groupIdx}`, train: indicesOf(remaining), val: indicesOf(val), test: indicesOf(test), discarded: indicesOf(discarded) });
    if (groupIdx > 10_000) throw new XBrainError('internal', 'dataset generation did not converge');
  }
  return out;
}
