import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildKbIndex, KbRetriever } from '../../../src/core/rag/knowledgeBase';
import { glossaryTerms } from '../../../src/core/rag/glossary';
import { repoRoot } from '../helpers/paths';

/**
 * Fresh questions (h13-kbretrieve, written before reading any development set's failures), each naming the section that
 * must come first: wrong premises, hyper-parameters, statistics across folds and subjects, protocols, units, events,
 * file formats, plots, XBrain's limits, resampling and Nyquist, lab-chat Chinese and one-line English.
 */
const table: { q: string; first: string }[] = JSON.parse(readFileSync(join(__dirname, 'firstPassage.json'), 'utf8'));
let retriever: KbRetriever;

/** The passages as the controller takes them: ten sections, few-shot examples dropped, the first five kept. */
async function passages(q: string): Promise<string[]> {
  const hits = await retriever.retrieve(retriever.correctSpelling(q), 10);
  return hits
    .filter((h) => !/examples/i.test(h.source))
    .slice(0, 5)
    .map((h) => h.title);
}

describe('the section that answers comes first (fresh questions, both languages)', () => {
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xbrain-kb-first-'));
    await buildKbIndex(join(repoRoot, 'knowledge_base'), dir);
    retriever = await KbRetriever.open(dir);
  }, 180_000);

  it('the table is fresh and bilingual, and every named section exists', () => {
    expect(table.length).toBeGreaterThanOrEqual(60);
    expect(table.filter((t) => /[\u4e00-\u9fff]/.test(t.q)).length).toBeGreaterThanOrEqual(20);
    for (const t of table)
      expect(
        retriever.sections.some((s) => s.title.startsWith(t.first)),
        t.first,
      ).toBe(true);
  });

  it('the named section is first for most questions and in the top 3 for nearly all', async () => {
    let first = 0;
    let top3 = 0;
    for (const t of table) {
      const rank = (await passages(t.q)).findIndex((title) => title.startsWith(t.first)) + 1;
      if (rank === 1) first++;
      if (rank >= 1 && rank <= 3) top3++;
    }
    console.log(`first-passage table: first ${first}/${table.length}, top 3 ${top3}/${table.length}`);
    // floors below what this branch measures (see docs/agent.md, h13-kbretrieve), far above chance (1 of ~290 sections)
    expect(first / table.length).toBeGreaterThanOrEqual(0.6);
    expect(top3 / table.length).toBeGreaterThanOrEqual(0.85);
  }, 120_000);

  it('a named method XBrain lacks finds its own not-offered section, not a section on the same signals', async () => {
    expect((await passages('xDAWN spatial filtering for my ERPs?'))[0]).toMatch(/^Not available: xDAWN/);
    expect((await passages('P300 可以用 xDAWN 嗎'))[0]).toMatch(/^Not available: xDAWN/);
  });

  it('Chinese protocol and device words reach their English terms', () => {
    expect(glossaryTerms('跨受試者比受試者內低很多')).toMatch(/cross-subject/);
    expect(glossaryTerms('跨受試者比受試者內低很多')).toMatch(/within-subject/);
    expect(glossaryTerms('第二天的資料跨天測試')).toMatch(/cross-session/);
    expect(glossaryTerms('MacBook 可以用 GPU 嗎')).toMatch(/MPS/);
    // M1/M2 are mastoid electrodes, not Apple chips
    expect(glossaryTerms('reference to M1 M2')).not.toMatch(/MPS/);
  });
});
