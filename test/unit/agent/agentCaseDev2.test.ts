import { describe, it, expect } from 'vitest';
import { STAGES } from '../../../src/core/study/types';
import type { EvalCase } from '../../../src/core/agent/evaluation';
import { checkExpect, checkLanguage, expectCompleteConversations, loadAgentCases } from './caseExpectChecks';

// The third agent case set, test/agent-cases/dev2.jsonl (README.md there, "Third set"): a development set written
// independently of the planner. Schema only: every case must be one the scorer can score — real tool names, real
// parameter names with values their schema accepts, valid stages, well-formed ids and conversations. It has no
// dev/test split, so no split rule is checked.

const CATEGORIES = ['vocabulary', 'units', 'secondary', 'conversation', 'precedence', 'safety', 'compound', 'plain'];
const ID = /^d2-(?:([a-z]+)-(en|zh|mix)-\d{3}|conv-(en|zh|mix)-\d{3}-t(\d+))$/;

const cases = loadAgentCases('dev2.jsonl');

const language = (id: string): string => {
  const m = ID.exec(id);
  return m ? (m[2] ?? m[3]) : '?';
};
/** A conversation's id without its turn: d2-conv-zh-004-t2 → d2-conv-zh-004. */
const conversation = (id: string): string | null => (/^d2-conv-.*-t\d+$/.test(id) ? id.replace(/-t\d+$/, '') : null);
const fullText = new Map<string, string>();
for (const c of cases) {
  const unit = conversation(c.id) ?? c.id;
  if (c.turns.join(' ').length > (fullText.get(unit)?.length ?? -1)) fullText.set(unit, c.turns.join(' '));
}

/** The tool's schema without `required`, so a subset of the arguments is checked for names, types and enums. */

/** Every problem of one case, as messages naming the case and the field. */
function problems(c: EvalCase): string[] {
  const out: string[] = [];
  const say = (m: string) => out.push(`${c.id}: ${m}`);
  const m = ID.exec(c.id);
  if (!m) say('id must be d2-<category>-<en|zh|mix>-<nnn> or d2-conv-<en|zh|mix>-<nnn>-t<k>');
  else if (m[1] && m[1] !== c.category) say(`id names category ${m[1]}, the case has ${c.category}`);
  if (!CATEGORIES.includes(c.category)) say(`unknown category ${c.category}`);
  if (!(STAGES as readonly string[]).includes(c.stage)) say(`unknown stage ${c.stage}`);
  if (!Array.isArray(c.turns) || c.turns.length === 0 || c.turns.some((t) => typeof t !== 'string' || !t.trim())) say('turns must be non-empty strings');
  if (m && !m[4] && c.turns.length !== 1) say('a single-turn id with several turns');
  if (m?.[4] && Number(m[4]) !== c.turns.length) say(`turn t${m[4]} holds ${c.turns.length} turns`);
  if (c.confirm !== undefined && typeof c.confirm !== 'boolean') say('confirm must be a boolean');
  const known = new Set(['id', 'category', 'stage', 'turns', 'expect', 'confirm']);
  for (const k of Object.keys(c)) if (!known.has(k)) say(`${k} is not a field of EvalCase`);
  const e = c.expect;
  if (!e || typeof e !== 'object') return [...out, `${c.id}: no expect`];
  if (Object.keys(e).length === 0) say('expect checks nothing');
  checkExpect(c, say);
  const lang = language(c.id);
  const text = fullText.get(conversation(c.id) ?? c.id) ?? c.turns.join(' ');
  checkLanguage(lang, text, c.turns[c.turns.length - 1], say);
  return out;
}

describe('agent case set dev2 (test/agent-cases/dev2.jsonl)', () => {
  it('every case parses and names real tools, real parameters with valid values, and valid stages', () => {
    expect(cases.flatMap(problems)).toEqual([]);
  });

  it('ids are unique and conversations of 2–4 turns are complete prefixes of each other', () => {
    expectCompleteConversations(cases, conversation);
  });

  it('meets the brief: ≥ 260 cases, ≥ 35% Traditional Chinese, ≥ 25 conversations, every category', () => {
    expect(cases.length).toBeGreaterThanOrEqual(260);
    expect(cases.filter((c) => language(c.id) === 'zh').length / cases.length).toBeGreaterThanOrEqual(0.35);
    expect(new Set(cases.map((c) => conversation(c.id)).filter(Boolean)).size).toBeGreaterThanOrEqual(25);
    expect(CATEGORIES.filter((cat) => !cases.some((c) => c.category === cat))).toEqual([]);
  });

  it('the checker catches a wrong tool, a wrong parameter name, a value outside its schema and a bad id', () => {
    const bad: EvalCase = {
      id: 'd2-plain-fr-999',
      category: 'plain',
      stage: 'data_loaded',
      turns: ['x'],
      expect: { tools: ['apply_bandpass_filter', 'load_dat', 'apply_notch_filter'], args: [{ low: 8 }, null, { freq: 'sixty' }] },
    };
    const found = problems(bad).join('\n');
    expect(found).toContain('id must be');
    expect(found).toContain('no tool load_dat');
    expect(found).toContain('has no parameter low');
    expect(found).toContain("'freq' must be number");
  });
});
