import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseKbEvalSet } from '../../../src/core/agent/kbEvaluation';
import { repoRoot } from '../helpers/paths';

// The held-out question sets test/kb-eval/test2|3|4|5|6.jsonl, dev6.jsonl written with test6, dev7.jsonl, dev8.jsonl, dev9.jsonl, dev10.jsonl, dev11.jsonl, dev12.jsonl, dev13.jsonl and dev14.jsonl (README.md there).
// Schema only, never answers: each file must stay scorable by `npm run eval:kb -- --part NAME` and keep the composition
// the README states, and each reference must satisfy its own must_mention items, so that an item cannot fail a correct
// answer because it asks for wording the reference itself does not use.

const CATEGORIES = [
  'tools_params',
  'models',
  'filtering',
  'referencing',
  'resampling_nyquist',
  'epoching_baseline',
  'splits_leakage',
  'metrics',
  'chance_significance',
  'saliency',
  'formats',
  'backends_gpu',
  'troubleshooting',
  'not_supported',
  'own_study',
  'off_topic',
];

interface Question {
  id: string;
  lang: string;
  category: string;
  question: string;
  reference: string;
  must_mention: string[][];
  expect: string;
  acts: boolean;
}

/** Composition floors the README states for each set. */
interface HeldOutSet {
  name: string;
  idPrefix: string;
  questions: number;
  notCovered: number;
  /** not_supported rows, every one expecting not_covered */
  notSupported: number;
  ownStudy: number;
}

const SETS: HeldOutSet[] = [
  { name: 'test2', idPrefix: 't2', questions: 130, notCovered: 10, notSupported: 0, ownStudy: 15 },
  { name: 'test3', idPrefix: 't3', questions: 180, notCovered: 12, notSupported: 12, ownStudy: 20 },
  { name: 'test4', idPrefix: 't4', questions: 180, notCovered: 12, notSupported: 12, ownStudy: 20 },
  { name: 'test5', idPrefix: 't5', questions: 200, notCovered: 12, notSupported: 12, ownStudy: 20 },
  { name: 'test6', idPrefix: 't6', questions: 200, notCovered: 12, notSupported: 12, ownStudy: 20 },
  { name: 'dev6', idPrefix: 'd6', questions: 100, notCovered: 12, notSupported: 12, ownStudy: 12 },
  { name: 'dev7', idPrefix: 'd7', questions: 160, notCovered: 10, notSupported: 10, ownStudy: 25 },
  { name: 'dev8', idPrefix: 'd8', questions: 180, notCovered: 10, notSupported: 10, ownStudy: 28 },
  { name: 'dev9', idPrefix: 'd9', questions: 185, notCovered: 11, notSupported: 11, ownStudy: 30 },
  { name: 'dev10', idPrefix: 'd10', questions: 180, notCovered: 12, notSupported: 12, ownStudy: 28 },
  { name: 'dev11', idPrefix: 'd11', questions: 180, notCovered: 11, notSupported: 11, ownStudy: 31 },
  { name: 'dev12', idPrefix: 'd12', questions: 180, notCovered: 11, notSupported: 11, ownStudy: 28 },
  { name: 'dev13', idPrefix: 'd13', questions: 175, notCovered: 11, notSupported: 11, ownStudy: 26 },
  { name: 'dev14', idPrefix: 'd14', questions: 185, notCovered: 11, notSupported: 11, ownStudy: 29 },
];

describe.each(SETS)('question set $name (test/kb-eval/$name.jsonl)', (set) => {
  const file = join(repoRoot, `test/kb-eval/${set.name}.jsonl`);
  const text = readFileSync(file, 'utf8');
  const questions: Question[] = text
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l) as Question;
      } catch {
        throw new Error(`${set.name}.jsonl:${i + 1} is not JSON`);
      }
    });
  const count = (pred: (q: Question) => boolean) => questions.filter(pred).length;

  it('is accepted by the parser eval:kb uses, with every line kept', () => {
    expect(parseKbEvalSet(text, file)).toHaveLength(questions.length);
  });

  it('numbers its ids consecutively', () => {
    expect(questions.map((q) => q.id)).toEqual(questions.map((_, i) => `${set.idPrefix}-${String(i + 1).padStart(3, '0')}`));
  });

  it('fills every field with an allowed value and never expects an action', () => {
    for (const q of questions) {
      expect(['en', 'zh-Hant'], q.id).toContain(q.lang);
      expect(CATEGORIES, q.id).toContain(q.category);
      expect(['answer', 'decline', 'not_covered'], q.id).toContain(q.expect);
      expect(q.acts, q.id).toBe(false);
      expect(q.question.trim().length, q.id).toBeGreaterThan(0);
      expect(q.reference.trim().length, q.id).toBeGreaterThan(0);
      expect(q.must_mention.length, q.id).toBeGreaterThan(0);
      for (const alternatives of q.must_mention) {
        expect(alternatives.length, q.id).toBeGreaterThan(0);
        for (const a of alternatives) expect(a.trim().length, q.id).toBeGreaterThan(0);
      }
    }
    expect(new Set(questions.map((q) => q.question)).size).toBe(questions.length);
  });

  it('has references that satisfy their own must_mention items (case-insensitive substring)', () => {
    const unmet = questions
      .filter((q) => q.expect !== 'decline')
      .flatMap((q) =>
        q.must_mention.filter((alts) => !alts.some((a) => q.reference.toLowerCase().includes(a.toLowerCase()))).map((alts) => `${q.id}: ${alts.join(' | ')}`),
      );
    expect(unmet).toEqual([]);
  });

  it('keeps the composition the README states', () => {
    expect(questions.length).toBeGreaterThanOrEqual(set.questions);
    expect(count((q) => q.lang === 'zh-Hant') / questions.length).toBeGreaterThanOrEqual(0.4);
    expect(new Set(questions.map((q) => q.category))).toEqual(new Set(CATEGORIES));
    expect(count((q) => q.expect === 'decline')).toBeGreaterThanOrEqual(10);
    expect(count((q) => q.expect === 'decline')).toBe(count((q) => q.category === 'off_topic'));
    expect(count((q) => q.expect === 'not_covered')).toBeGreaterThanOrEqual(set.notCovered);
    expect(count((q) => q.category === 'not_supported')).toBeGreaterThanOrEqual(set.notSupported);
    expect(count((q) => q.category === 'not_supported' && q.expect !== 'not_covered')).toBe(0);
    expect(count((q) => q.category === 'own_study')).toBeGreaterThanOrEqual(set.ownStudy);
  });

  it('writes each Traditional Chinese question in Chinese and each English one without Chinese characters', () => {
    const han = /[\u4e00-\u9fff]/;
    const wrong = questions.filter((q) => han.test(q.question) !== (q.lang === 'zh-Hant')).map((q) => q.id);
    expect(wrong).toEqual([]);
  });
});
