// The checks of an EvalCase's `expect` against the tool definitions, shared by the validators of every case file.
import { expect } from 'vitest';
import { readJsonl } from '../helpers/jsonl';
import { definitionByName } from '../../../src/core/tools/definitions';
import { validateArgs } from '../../../src/core/tools/validate';
import { STAGES } from '../../../src/core/study/types';
import type { EvalCase } from '../../../src/core/agent/evaluation';
import type { ToolDefinition } from '../../../src/core/tools/types';

/** Expected arguments are a subset: nothing is required of them (a distinct name keeps the validator's cache apart). */
const partial = (d: ToolDefinition): ToolDefinition => ({ ...d, name: `${d.name}#expected-subset`, parameters: { ...d.parameters, required: [] } });

/** Reports through `say` every problem of `c.expect` (known fields, route, stage, tool names, argument names and values, availability at the start stage). */
export function checkExpect(c: EvalCase, say: (m: string) => void): void {
  const e = c.expect;
  const known = new Set(['route', 'tools', 'args', 'stage', 'error']);
  for (const k of Object.keys(e)) if (!known.has(k)) say(`expect.${k} is not a field of EvalCase.expect`);
  if (e.route !== undefined && e.route !== 'qa' && e.route !== 'operation') say(`route ${e.route}`);
  if (e.stage !== undefined && !(STAGES as readonly string[]).includes(e.stage)) say(`expect.stage ${e.stage}`);
  const tools = e.tools ?? [];
  for (const t of tools) if (!definitionByName.has(t)) say(`no tool ${t}`);
  if (e.args) {
    if (!e.tools) say('args without tools');
    if (e.args.length > tools.length) say('more args than tools');
    e.args.forEach((a, i) => {
      const def = definitionByName.get(tools[i]);
      if (a === null || !def) return;
      for (const k of Object.keys(a)) if (!(k in def.parameters.properties)) say(`${def.name} has no parameter ${k}`);
      const v = validateArgs(partial(def), a);
      if (!v.ok) say(v.message);
    });
  }
  // A single-turn case's first tool must be offered at the stage the case starts from.
  if (c.turns.length === 1 && tools.length > 0 && !definitionByName.get(tools[0])?.stages.includes(c.stage)) say(`${tools[0]} is not available at ${c.stage}`);
}

/**
 * Ids are unique, and the turns of every conversation (`bounds` cases, 2–4 unless given, whose ids end -t1, -t2 …) are
 * complete prefixes of each other with one stage, category and confirmation. `conversation` maps a case id to its
 * conversation, or null. Returns how many conversations there are.
 */
export function expectCompleteConversations(
  cases: readonly EvalCase[],
  conversation: (id: string) => string | null,
  bounds: { min: number; max: number } = { min: 2, max: 4 },
): number {
  expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  const convs = new Map<string, EvalCase[]>();
  for (const c of cases) {
    const unit = conversation(c.id);
    if (!unit) continue;
    if (!convs.has(unit)) convs.set(unit, []);
    convs.get(unit)!.push(c);
  }
  for (const [id, turns] of convs) {
    turns.sort((a, b) => a.turns.length - b.turns.length);
    const full = turns[turns.length - 1];
    expect(turns.length, id).toBeGreaterThanOrEqual(bounds.min);
    expect(turns.length, id).toBeLessThanOrEqual(bounds.max);
    expect(
      turns.map((t) => Number(/-t(\d+)$/.exec(t.id)![1])),
      id,
    ).toEqual(turns.map((_, i) => i + 1));
    turns.forEach((t, k) => {
      expect(t.turns, t.id).toEqual(full.turns.slice(0, k + 1));
      expect([t.stage, t.category, t.confirm], t.id).toEqual([full.stage, full.category, full.confirm]);
    });
  }
  return convs.size;
}

/** The cases of `test/agent-cases/<file>`, one JSON object per line; a line that is not JSON names its file and line. */
export function loadAgentCases(file: string): EvalCase[] {
  return readJsonl<EvalCase>(`test/agent-cases/${file}`);
}

/**
 * Reports through `say` a case whose text does not match the language its id names: `text` is the whole unit (a mix
 * conversation may switch language between turns), `scoredTurn` the turn the case scores.
 */
export function checkLanguage(lang: string, text: string, scoredTurn: string, say: (m: string) => void): void {
  const hasCjk = /[\u4e00-\u9fff]/.test(text);
  const hasEnglishWord = /[A-Za-z]{3,}/.test(text.replace(/\S+\.(edf|bdf|gdf)\b/gi, ''));
  if (lang === 'zh' && !/[\u4e00-\u9fff]/.test(scoredTurn)) say('a zh case whose scored turn has no Chinese');
  if (lang === 'en' && hasCjk) say('an en case with Chinese in it');
  if (lang === 'mix' && (!hasCjk || !hasEnglishWord)) say('a mix case must mix Chinese and English words');
}
