import { createHash } from 'node:crypto';
import type { EvalCase } from '../../src/core/agent/evaluation';

/**
 * The deterministic dev/test split of the held-out agent cases (dev.jsonl, test.jsonl; see README.md).
 * Ids are `<category>-<lang>-<nnn>` for single turns and `conv-<lang>-<nnn>-t<k>` for the turns of one conversation,
 * so the language and the conversation can be read from the id alone.
 */

export type CaseLanguage = 'en' | 'zh' | 'mix';

/** The language written into the id's second segment (en, zh = Traditional Chinese, mix = both in one request). */
export function caseLanguage(id: string): CaseLanguage {
  const lang = id.split('-')[1];
  if (lang !== 'en' && lang !== 'zh' && lang !== 'mix') throw new Error(`case id ${id}: the second segment must be en, zh or mix`);
  return lang;
}

/** The unit that is never split: a conversation's id prefix (without -t<k>), or the case's own id. */
export function splitUnit(id: string): string {
  return /^conv-.*-t\d+$/.test(id) ? id.replace(/-t\d+$/, '') : id;
}

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/**
 * Stratum = category + language. Inside a stratum the units are ordered by sha256(unit) and dealt alternately to
 * dev and test; which side gets the first unit is sha256(stratum)'s first hex digit (even → dev), so odd-sized strata
 * do not all lean the same way. Every turn of a conversation goes where its unit goes.
 */
export function splitSides(cases: readonly EvalCase[]): Map<string, 'dev' | 'test'> {
  const strata = new Map<string, Set<string>>();
  for (const c of cases) {
    const key = `${c.category}/${caseLanguage(c.id)}`;
    if (!strata.has(key)) strata.set(key, new Set());
    strata.get(key)!.add(splitUnit(c.id));
  }
  const side = new Map<string, 'dev' | 'test'>();
  for (const [key, units] of strata) {
    const first = parseInt(sha(key)[0], 16) % 2 === 0 ? 0 : 1;
    [...units].sort((a, b) => (sha(a) < sha(b) ? -1 : sha(a) > sha(b) ? 1 : 0)).forEach((u, i) => side.set(u, (i + first) % 2 === 0 ? 'dev' : 'test'));
  }
  const byCase = new Map<string, 'dev' | 'test'>();
  for (const c of cases) byCase.set(c.id, side.get(splitUnit(c.id))!);
  return byCase;
}
