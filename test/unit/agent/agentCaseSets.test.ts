import { describe, it, expect } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { TOOL_DEFINITIONS } from '../../../src/core/tools/definitions';
import { STAGES } from '../../../src/core/study/types';
import type { EvalCase } from '../../../src/core/agent/evaluation';
import { mockSession } from '../../../src/core/agent/simulatedStudy';
import { caseLanguage, splitSides, splitUnit } from '../../agent-cases/split';
import { repoRoot } from '../helpers/paths';
import { checkExpect, checkLanguage, expectCompleteConversations, loadAgentCases } from './caseExpectChecks';

// The held-out agent cases (test/agent-cases/dev.jsonl and test.jsonl, README.md there): every case must be one the
// scorer can score — real tool names, real parameter names with values their schema accepts, valid stages — and
// each case must sit on the side the documented split rule puts it.

const CATEGORIES = ['vocabulary', 'units', 'secondary', 'conversation', 'precedence', 'safety', 'compound', 'plain'];
const dev = loadAgentCases('dev.jsonl');
const test = loadAgentCases('test.jsonl');
const all = [...dev, ...test];
/** A conversation's language is that of all its turns (its first turn of a mix conversation may be English only). */
const fullText = new Map<string, string>();
for (const c of all) if (c.turns.join(' ').length > (fullText.get(splitUnit(c.id))?.length ?? -1)) fullText.set(splitUnit(c.id), c.turns.join(' '));

/** The tool's schema without `required`, so a subset of the arguments is checked for names, types and enums. */

/** Every problem of one case, as messages naming the case and the field. */
function problems(c: EvalCase): string[] {
  const out: string[] = [];
  const say = (m: string) => out.push(`${c.id}: ${m}`);
  if (!/^[a-z]+-(en|zh|mix)-\d{3}(-t\d+)?$/.test(c.id)) say('id must be <category>-<en|zh|mix>-<nnn>[-t<k>]');
  if (!CATEGORIES.includes(c.category)) say(`unknown category ${c.category}`);
  if (!(STAGES as readonly string[]).includes(c.stage)) say(`unknown stage ${c.stage}`);
  if (!Array.isArray(c.turns) || c.turns.length === 0 || c.turns.some((t) => typeof t !== 'string' || !t.trim())) say('turns must be non-empty strings');
  const e = c.expect;
  if (!e || typeof e !== 'object') return [...out, `${c.id}: no expect`];
  checkExpect(c, say);
  // The language is in the id; check it against the text (a mix conversation may switch language between turns).
  const lang = caseLanguage(c.id);
  const text = fullText.get(splitUnit(c.id)) ?? c.turns.join(' ');
  checkLanguage(lang, text, c.turns[c.turns.length - 1], say);
  return out;
}

describe('held-out agent cases (test/agent-cases/dev.jsonl, test.jsonl)', () => {
  it('every case parses and names real tools, real parameters with valid values, and valid stages', () => {
    expect(all.flatMap(problems)).toEqual([]);
  });

  it('ids are unique across both parts and conversations are complete prefixes of each other', () => {
    // this older set has no bound on a conversation's length
    const n = expectCompleteConversations(all, (id) => (splitUnit(id) !== id ? splitUnit(id) : null), { min: 1, max: Infinity });
    expect(n).toBeGreaterThanOrEqual(60);
  });

  it('meets the issue-14 size: ≥ 420 cases, ≥ 30% Traditional Chinese, every category on both sides', () => {
    expect(all.length).toBeGreaterThanOrEqual(420);
    expect(all.filter((c) => caseLanguage(c.id) === 'zh').length / all.length).toBeGreaterThanOrEqual(0.3);
    for (const cat of CATEGORIES) {
      expect(
        dev.some((c) => c.category === cat),
        `dev ${cat}`,
      ).toBe(true);
      expect(
        test.some((c) => c.category === cat),
        `test ${cat}`,
      ).toBe(true);
    }
    const used = new Set(all.flatMap((c) => c.expect.tools ?? []));
    expect(TOOL_DEFINITIONS.filter((d) => !used.has(d.name) && d.name !== 'run_protocol').map((d) => d.name)).toEqual([]);
  });

  it('each case is on the side the split rule assigns, and the sides are within 10% of each other', () => {
    const side = splitSides(all);
    expect(dev.filter((c) => side.get(c.id) !== 'dev').map((c) => c.id)).toEqual([]);
    expect(test.filter((c) => side.get(c.id) !== 'test').map((c) => c.id)).toEqual([]);
    expect(Math.abs(dev.length - test.length) / all.length).toBeLessThan(0.1);
  });

  /** Cases whose expected calls the oracle cannot replay as written on the real tools, and why (no case was changed). */
  const REPLAY_LIMITS: Record<string, string> = {
    'sec-en-007': 'fixes unit=number and the test share; the validation share it leaves open gets the 0.2 default, which number refuses',
    'sec-en-026': 'run_sweep(folds=3) on the one-split dataset the dataset_ready stage has',
    'prec-en-008': 'plot_training while the training stage has not finished its first epoch',
    'plain-en-022': 'plot_training while the training stage has not finished its first epoch',
  };

  it('the expected calls, run on the simulated Study, succeed and reach the expected stage', async () => {
    // The oracle: each case's expected calls (earlier turns' too) with the required arguments a subset leaves out
    // filled from the tool defaults. Numeric event ids (769/770) do not exist in the simulated Study, so those
    // calls may fail; a load whose path the case leaves open cannot be replayed.
    const env = { workspace: mkdtempSync(join(tmpdir(), 'xbrain-casesets-')), packageRoot: repoRoot, trusted: true };
    const byId = new Map(all.map((c) => [c.id, c]));
    const fill = (tool: string, a: Record<string, unknown> | null | undefined) =>
      tool === 'configure_training' ? { epoch: 10, batch_size: 32, learning_rate: 0.001, ...a } : (a ?? {});
    // The simulated Study holds the files its table lists (docs/agent.md); a case about a file or folder it does not
    // hold (S003R08.edf, raw/, a label file) replays into not_found on the real tools and proves nothing here.
    const wrong: string[] = [];
    let replayed = 0;
    for (const c of all.filter((x) => x.expect.tools)) {
      const m = /^(conv-.*)-t(\d+)$/.exec(c.id);
      const turns = m ? Array.from({ length: Number(m[2]) }, (_, k) => byId.get(`${m[1]}-t${k + 1}`)!) : [c];
      if (turns.some((t) => t.expect.tools!.some((tool, i) => tool === 'load_data' && !t.expect.args?.[i]))) continue;
      const session = await mockSession(env, c.stage);
      const found: string[] = [];
      let missing = false;
      for (const t of turns) {
        for (const [i, tool] of t.expect.tools!.entries()) {
          const a = t.expect.args?.[i];
          const r = await session.invoke(tool, fill(tool, a), { confirmed: c.confirm ?? true, awaitLongJobs: true });
          if (r.error?.code === 'not_found') missing = true;
          if (r.type === 'error' && t === c && !/"\d{3,}"/.test(JSON.stringify(a))) found.push(`${c.id} ${tool}: ${r.content}`);
        }
      }
      if (missing || REPLAY_LIMITS[c.id]) continue;
      replayed++;
      wrong.push(...found);
      if (c.expect.stage && session.study.stage !== c.expect.stage) wrong.push(`${c.id}: stage ${session.study.stage}, expected ${c.expect.stage}`);
    }
    expect(wrong).toEqual([]);
    expect(replayed).toBeGreaterThan(all.length / 2);
  }, 900_000);

  it('the checker catches a wrong tool, a wrong parameter name and a value outside its schema', () => {
    const bad: EvalCase = {
      id: 'plain-en-999',
      category: 'plain',
      stage: 'data_loaded',
      turns: ['x'],
      expect: { tools: ['apply_bandpass_filter', 'load_dat', 'apply_notch_filter'], args: [{ low: 8 }, null, { freq: 'sixty' }] },
    };
    const found = problems(bad).join('\n');
    expect(found).toContain('no tool load_dat');
    expect(found).toContain('has no parameter low');
    expect(found).toContain("'freq' must be number");
  });
});
