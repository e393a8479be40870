import { describe, it, expect } from 'vitest';
import { STAGES } from '../../../src/core/study/types';
import type { EvalCase } from '../../../src/core/agent/evaluation';
import { checkExpect, checkLanguage, expectCompleteConversations, loadAgentCases } from './caseExpectChecks';

// The agent case sets of the newer schema (test/agent-cases/README.md, "dev3 and test2", "test3.jsonl", "test4.jsonl",
// "dev4.jsonl"): dev3.jsonl, a development set; test2.jsonl, written independently of dev3; test3.jsonl and test4.jsonl,
// later held-out sets (the last three only ever scored); and dev4.jsonl, a development set of probes. Schema only, as for dev2: every case must be
// one the scorer can score — real tool names, real parameter names with values their schema accepts, valid stages,
// well-formed ids and conversations — and each set must meet the size and language mix of its brief.

const CATEGORIES = ['vocabulary', 'units', 'secondary', 'conversation', 'precedence', 'safety', 'compound', 'plain'];

interface CaseSet {
  file: string;
  prefix: string;
  minCases: number;
  minConversations: number;
}
const SETS: CaseSet[] = [
  { file: 'dev3.jsonl', prefix: 'd3', minCases: 220, minConversations: 25 },
  { file: 'test2.jsonl', prefix: 't2', minCases: 200, minConversations: 25 },
  // The sixth set (README, "test3.jsonl"): held out, written without reading the planner, only ever scored.
  { file: 'test3.jsonl', prefix: 't3', minCases: 240, minConversations: 30 },
  // The seventh set (README, "test4.jsonl"): held out, written by an independent author who read no planner code, only ever scored.
  { file: 'test4.jsonl', prefix: 't4', minCases: 300, minConversations: 40 },
  // dev4: probes of the categories the held-out sets score lowest on (README, "dev4.jsonl")
  { file: 'dev4.jsonl', prefix: 'd4', minCases: 120, minConversations: 15 },
  // dev5: paraphrase probes of every category written before the h4 planner changes (README, "dev5.jsonl")
  { file: 'dev5.jsonl', prefix: 'd5', minCases: 160, minConversations: 20 },
];

const idPattern = (prefix: string) => new RegExp(`^${prefix}-(?:([a-z]+)-(en|zh|mix)-\\d{3}|conv-(en|zh|mix)-\\d{3}-t(\\d+))$`);

/** Every problem of every case of one set, as messages naming the case and the field. */
function problemsOf(set: CaseSet, cases: EvalCase[]): string[] {
  const ID = idPattern(set.prefix);
  const conversation = (id: string): string | null => (ID.exec(id)?.[4] ? id.replace(/-t\d+$/, '') : null);
  const fullText = new Map<string, string>();
  for (const c of cases) {
    const unit = conversation(c.id) ?? c.id;
    if (c.turns.join(' ').length > (fullText.get(unit)?.length ?? -1)) fullText.set(unit, c.turns.join(' '));
  }
  const out: string[] = [];
  for (const c of cases) {
    const say = (m: string) => out.push(`${c.id}: ${m}`);
    const m = ID.exec(c.id);
    if (!m) say(`id must be ${set.prefix}-<category>-<en|zh|mix>-<nnn> or ${set.prefix}-conv-<en|zh|mix>-<nnn>-t<k>`);
    else if (m[1] && m[1] !== c.category) say(`id names category ${m[1]}, the case has ${c.category}`);
    if (!CATEGORIES.includes(c.category)) say(`unknown category ${c.category}`);
    if (!(STAGES as readonly string[]).includes(c.stage)) say(`unknown stage ${c.stage}`);
    if (!Array.isArray(c.turns) || c.turns.length === 0 || c.turns.some((t) => typeof t !== 'string' || !t.trim())) {
      say('turns must be non-empty strings');
      continue;
    }
    if (m && !m[4] && c.turns.length !== 1) say('a single-turn id with several turns');
    if (m?.[4] && Number(m[4]) !== c.turns.length) say(`turn t${m[4]} holds ${c.turns.length} turns`);
    if (c.confirm !== undefined && typeof c.confirm !== 'boolean') say('confirm must be a boolean');
    const known = new Set(['id', 'category', 'stage', 'turns', 'expect', 'confirm']);
    for (const k of Object.keys(c)) if (!known.has(k)) say(`${k} is not a field of EvalCase`);
    const e = c.expect;
    if (!e || typeof e !== 'object') {
      say('no expect');
      continue;
    }
    if (Object.keys(e).length === 0) say('expect checks nothing');
    checkExpect(c, say);
    const lang = m ? (m[2] ?? m[3]) : '?';
    const text = fullText.get(conversation(c.id) ?? c.id) ?? c.turns.join(' ');
    checkLanguage(lang, text, c.turns[c.turns.length - 1], say);
  }
  return out;
}

for (const set of SETS) {
  describe(`agent case set ${set.file}`, () => {
    const cases = loadAgentCases(set.file);
    const ID = idPattern(set.prefix);
    const language = (id: string) => {
      const m = ID.exec(id);
      return m ? (m[2] ?? m[3]) : '?';
    };
    const conversation = (id: string): string | null => (ID.exec(id)?.[4] ? id.replace(/-t\d+$/, '') : null);

    it('every case parses and names real tools, real parameters with valid values, and valid stages', () => {
      expect(problemsOf(set, cases)).toEqual([]);
    });

    it('ids are unique and conversations of 2–4 turns are complete prefixes of each other', () => {
      expectCompleteConversations(cases, conversation);
    });

    it(`meets the brief: ≥ ${set.minCases} cases, ≥ 35% Traditional Chinese, ≥ ${set.minConversations} conversations, every category`, () => {
      expect(cases.length).toBeGreaterThanOrEqual(set.minCases);
      expect(cases.filter((c) => language(c.id) === 'zh').length / cases.length).toBeGreaterThanOrEqual(0.35);
      expect(new Set(cases.map((c) => conversation(c.id)).filter(Boolean)).size).toBeGreaterThanOrEqual(set.minConversations);
      expect(CATEGORIES.filter((cat) => !cases.some((c) => c.category === cat))).toEqual([]);
    });
  });
}

describe('the dev3/test2 checker', () => {
  it('catches a bad id, a wrong tool, a wrong parameter name, a value outside its schema and a wrong language', () => {
    const set = SETS[0];
    const bad: EvalCase[] = [
      {
        id: `${set.prefix}-plain-fr-999`,
        category: 'plain',
        stage: 'data_loaded',
        turns: ['x'],
        expect: { tools: ['apply_bandpass_filter', 'load_dat', 'apply_notch_filter'], args: [{ low: 8 }, null, { freq: 'sixty' }] },
      },
      { id: `${set.prefix}-plain-en-998`, category: 'plain', stage: 'empty', turns: ['載入 S001R04.edf'], expect: { tools: ['evaluate'] } },
    ];
    const found = problemsOf(set, bad).join('\n');
    expect(found).toContain('id must be');
    expect(found).toContain('no tool load_dat');
    expect(found).toContain('has no parameter low');
    expect(found).toContain("'freq' must be number");
    expect(found).toContain('an en case with Chinese in it');
    expect(found).toContain('evaluate is not available at empty');
  });
});
