import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseKbEvalSet } from '../../../src/core/agent/kbEvaluation';
import { repoRoot } from '../helpers/paths';

// The held-out question set test/kb-eval/test4.jsonl (README.md there, "Held-out set test4.jsonl"). Schema only,
// never answers: the file must stay scorable by `npm run eval:kb -- --part test4` and keep the composition the README
// states, and each reference must satisfy its own must_mention items, so that an item cannot fail a correct answer
// because it asks for wording the reference itself does not use.

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

const file = join(repoRoot, 'test/kb-eval/test4.jsonl');
const text = readFileSync(file, 'utf8');
const lines = text.split('\n').filter((l) => l.trim());
const questions: Question[] = lines.map((l, i) => {
  try {
    return JSON.parse(l) as Question;
  } catch {
    throw new Error(`test4.jsonl:${i + 1} is not JSON`);
  }
});
const count = (pred: (q: Question) => boolean) => questions.filter(pred).length;

describe('held-out question set test4 (test/kb-eval/test4.jsonl)', () => {
  it('is accepted by the parser eval:kb uses, with every line kept', () => {
    expect(parseKbEvalSet(text, file)).toHaveLength(questions.length);
  });

  it('numbers its ids t4-001… consecutively', () => {
    expect(questions.map((q) => q.id)).toEqual(questions.map((_, i) => `t4-${String(i + 1).padStart(3, '0')}`));
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
    expect(questions.length).toBeGreaterThanOrEqual(180);
    expect(count((q) => q.lang === 'zh-Hant') / questions.length).toBeGreaterThanOrEqual(0.4);
    expect(new Set(questions.map((q) => q.category))).toEqual(new Set(CATEGORIES));
    expect(count((q) => q.expect === 'decline')).toBeGreaterThanOrEqual(10);
    expect(count((q) => q.expect === 'decline')).toBe(count((q) => q.category === 'off_topic'));
    expect(count((q) => q.category === 'not_supported')).toBeGreaterThanOrEqual(12);
    expect(count((q) => q.category === 'not_supported' && q.expect !== 'not_covered')).toBe(0);
    expect(count((q) => q.category === 'own_study')).toBeGreaterThanOrEqual(20);
  });

  it('writes each Traditional Chinese question in Chinese and each English one without Chinese characters', () => {
    const han = /[\u4e00-\u9fff]/;
    const wrong = questions.filter((q) => han.test(q.question) !== (q.lang === 'zh-Hant')).map((q) => q.id);
    expect(wrong).toEqual([]);
  });
});
