import { AgentController, type AgentRunResult, type Retriever } from './controller';
import { OfflinePlanner } from './offlinePlanner';
import { simulatedCase } from './simulatedStudy';
import { definitionByName } from '../tools/definitions';
import type { LlmClient } from './llm';
import type { Stage } from '../study/types';
import type { ToolEnv } from '../tools/types';

/** One question of the knowledge-base evaluation set (test/kb-eval/*.jsonl). */
export interface KbEvalItem {
  id: string;
  lang: string;
  category: string;
  question: string;
  reference?: string;
  /** every group must be matched by one of its alternatives */
  must_mention?: string[][];
  expect: 'answer' | 'decline' | 'not_covered';
  /** false: the question must leave the Study unchanged */
  acts?: boolean;
}

export interface KbEvalOutcome {
  id: string;
  lang: string;
  category: string;
  expect: KbEvalItem['expect'];
  right: boolean;
  /** what the agent did: answered, declined, not_covered or llm_failed */
  grounding: string;
  /** must_mention groups the answer missed */
  missing: string[][];
  cited: number;
  citedWithFacts: number;
  /** the top 3 retrieved passages together contain every must_mention group */
  recallAt3: boolean | null;
  /** all five passages the answer was composed from together contain every must_mention group */
  inPassages: boolean | null;
  /** passages retrieved for the answer (0: the turn was handled as a request and asked the knowledge base nothing) */
  passages: number;
  acted: boolean;
  /** tools that changed the Study for this question (empty unless acted) */
  actedTools: string[];
  answer: string;
}

export interface KbEvalScores {
  n: number;
  /** right answers (all must_mention groups; or declined / not covered when that is expected) */
  accuracy: number;
  /** cited passages that contain a must_mention fact, over all cited passages of answered (answer, not_covered) questions */
  citationPrecision: number;
  citations: number;
  /** questions to answer (answer, not_covered) whose top 3 retrieved passages contain every must_mention group */
  recallAt3: number;
  /** questions that changed the Study or ran a tool that changes it */
  acted: number;
  /** how often each tool ran for a question (the part's questions are not shown: the test part stays unread) */
  actedTools: Record<string, number>;
  byExpect: Record<string, { n: number; right: number }>;
  byLang: Record<string, { n: number; right: number }>;
  byCategory: Record<string, { n: number; right: number }>;
  outcomes: KbEvalOutcome[];
}

/** Lower case, NFKC (full-width → half-width), one kind of dash, no spaces: "8–30 Hz" matches "8-30hz". */
export function normalizeForMatch(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‐‑‒–—−]/g, '-')
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, '');
}

/** The answer without its Sources line (a title there is not an answer). */
/** The answer without its Sources line (a line that starts with "Sources:", not "source:" inside a sentence). */
export function answerBody(answer: string): string {
  return answer.replace(/(?:^|\n)[ \t]*Sources?:[\s\S]*$/i, '');
}

export function missingGroups(text: string, groups: string[][] = []): string[][] {
  const t = normalizeForMatch(text);
  const spaced = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‐‑‒–—−]/g, '-')
    .replace(/[’‘]/g, "'");
  return groups.filter((g) => !g.some((alt) => mentions(t, spaced, alt)));
}

/**
 * Whether the answer mentions one alternative. Text is compared without spaces ("8–30 Hz" = "8-30hz"), but an
 * alternative that starts or ends with a digit is a number and must stand as one: "0.6" is not in "0.695", "22" is
 * not in "220" or "122", "6" is not in "0.6"; "0.5" is in "0.50" and "50" in "50.0" (trailing zeros after a point).
 */
function mentions(t: string, spaced: string, alt: string): boolean {
  const a = normalizeForMatch(alt);
  if (!a || !t.includes(a)) return false;
  if (!/^\d|\d$/.test(a)) return true;
  const chars = [...a].map((c) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('\\s*');
  const before = /^\d/.test(a) ? '(?<!\\d)(?<!\\d\\.)' : '';
  const after = !/\d$/.test(a) ? '' : a.includes('.') ? '(?!0*[1-9])' : '(?!\\d)(?!\\.0*[1-9])';
  return new RegExp(before + chars + after).test(spaced);
}

const DECLINED = /outside xbrain's scope|超出 xbrain 的範圍|i (?:only )?answer questions about eeg/i;
const NOT_COVERED = /does not cover|not covered|沒有涵蓋|未涵蓋/i;

/** Scores one agent result against one item. */
export function scoreOutcome(item: KbEvalItem, r: AgentRunResult, acted: boolean, actedTools: string[] = []): KbEvalOutcome {
  const grounding = r.grounding ?? (DECLINED.test(r.answer) ? 'declined' : NOT_COVERED.test(r.answer) ? 'not_covered' : 'answered');
  const body = answerBody(r.answer);
  const missing = missingGroups(body, item.must_mention);
  // right = the expected behaviour and every must_mention group (the set's README: a decline names XBrain's
  // domain, a "not covered" says XBrain does not do it and where to go instead)
  let right: boolean;
  if (item.expect === 'decline') right = (grounding === 'declined' || DECLINED.test(r.answer)) && missing.length === 0;
  else if (item.expect === 'not_covered') right = grounding !== 'declined' && grounding !== 'llm_failed' && missing.length === 0;
  else right = grounding === 'answered' && missing.length === 0;
  const groups = item.must_mention ?? [];
  const cited = item.expect !== 'decline' && grounding === 'answered' ? (r.citations ?? []) : [];
  const citedWithFacts = cited.filter((c) => groups.some((g) => missingGroups(c.text, [g]).length === 0)).length;
  const top3 = (r.retrieved ?? [])
    .slice(0, 3)
    .map((h) => h.text)
    .join('\n');
  const recallAt3 = item.expect !== 'decline' && groups.length ? missingGroups(top3, groups).length === 0 : null;
  const all = (r.retrieved ?? []).map((h) => h.text).join('\n');
  const inPassages = item.expect !== 'decline' && groups.length ? missingGroups(all, groups).length === 0 : null;
  return {
    id: item.id,
    lang: item.lang,
    category: item.category,
    expect: item.expect,
    right,
    grounding,
    missing,
    cited: cited.length,
    citedWithFacts,
    recallAt3,
    inPassages,
    passages: r.retrieved?.length ?? 0,
    acted,
    actedTools,
    answer: r.answer,
  };
}

export interface KbEvalOptions {
  env: ToolEnv;
  retriever?: Retriever;
  makeLlm?: () => LlmClient;
  /** the simulated Study's stage (default trained: every tool could run) */
  stage?: Stage;
}

/** The tools of a turn's calls that ran and may have changed the Study: not proposed, not refused, not read-only. */
export function toolsThatRan(calls: readonly { tool: string; result: { type: string } }[]): string[] {
  return calls.filter((c) => c.result.type !== 'confirm' && c.result.type !== 'error' && definitionByName.get(c.tool)?.mutates !== false).map((c) => c.tool);
}

/** Asks every question on a fresh simulated Study (no confirmation is given) and scores the answers. */
export async function runKbEval(items: KbEvalItem[], o: KbEvalOptions): Promise<KbEvalScores> {
  const outcomes: KbEvalOutcome[] = [];
  for (const item of items) {
    const { session, close } = await simulatedCase(o.env, o.stage ?? 'trained');
    const before = session.study.state;
    const agent = new AgentController({ llm: (o.makeLlm ?? (() => new OfflinePlanner()))(), session, retriever: o.retriever, confirm: async () => false });
    const r = await agent.run(item.question);
    const ran = toolsThatRan(r.calls);
    outcomes.push(scoreOutcome(item, r, session.study.state !== before || ran.length > 0, ran));
    await close();
  }
  return summarize(outcomes);
}

export function summarize(outcomes: KbEvalOutcome[]): KbEvalScores {
  const tally = (key: (o: KbEvalOutcome) => string) => {
    const out: Record<string, { n: number; right: number }> = {};
    for (const o of outcomes) {
      const t = (out[key(o)] ??= { n: 0, right: 0 });
      t.n++;
      if (o.right) t.right++;
    }
    return out;
  };
  const cited = outcomes.reduce((a, o) => a + o.cited, 0);
  const withFacts = outcomes.reduce((a, o) => a + o.citedWithFacts, 0);
  const recall = outcomes.filter((o) => o.recallAt3 !== null);
  return {
    n: outcomes.length,
    accuracy: outcomes.length ? outcomes.filter((o) => o.right).length / outcomes.length : 0,
    citationPrecision: cited ? withFacts / cited : 0,
    citations: cited,
    recallAt3: recall.length ? recall.filter((o) => o.recallAt3).length / recall.length : 0,
    acted: outcomes.filter((o) => o.acted).length,
    actedTools: outcomes.flatMap((o) => o.actedTools).reduce<Record<string, number>>((a, t) => ((a[t] = (a[t] ?? 0) + 1), a), {}),
    byExpect: tally((o) => o.expect),
    byLang: tally((o) => o.lang),
    byCategory: tally((o) => o.category),
    outcomes,
  };
}

/** Parses a JSONL evaluation file; a malformed line is an error naming the file, line and field. */
export function parseKbEvalSet(text: string, file: string): KbEvalItem[] {
  const items: KbEvalItem[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim() || line.trim().startsWith('//')) return;
    let v: KbEvalItem;
    try {
      v = JSON.parse(line) as KbEvalItem;
    } catch (e) {
      throw new Error(`${file}:${i + 1}: not valid JSON (${(e as Error).message})`);
    }
    if (typeof v.question !== 'string' || !v.question.trim()) throw new Error(`${file}:${i + 1}: field 'question' must be a non-empty string`);
    if (!['answer', 'decline', 'not_covered'].includes(v.expect))
      throw new Error(`${file}:${i + 1}: field 'expect' must be answer, decline or not_covered (got ${JSON.stringify(v.expect)})`);
    if (
      v.must_mention !== undefined &&
      !(Array.isArray(v.must_mention) && v.must_mention.every((g) => Array.isArray(g) && g.every((a) => typeof a === 'string')))
    ) {
      throw new Error(`${file}:${i + 1}: field 'must_mention' must be a list of lists of strings`);
    }
    items.push({ ...v, id: String(v.id ?? `${file}:${i + 1}`), lang: String(v.lang ?? 'en'), category: String(v.category ?? 'general') });
  });
  return items;
}
