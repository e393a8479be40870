import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildKbIndex, KbRetriever } from '../../../src/core/rag/knowledgeBase';
import { glossaryTerms } from '../../../src/core/rag/glossary';
import { repoRoot } from '../helpers/paths';

/**
 * Fresh questions (h14-kbretrieve, written before reading dev11's failures), each naming the section that must come
 * first: paradigms (MI, P300/ERP, SSVEP, resting state), artifacts (EOG, EMG, line-noise harmonics, bad and flat
 * channels), montages and channel names, trials and class imbalance, small computations, XBrain against MNE, EEGLAB,
 * braindecode and XBrainLab, one-word questions, what a number means, one-line English and Taiwanese lab chat.
 * On main 31ff5ab the named section came first for 28 and in the top 3 for 41 of the 68.
 */
const table: { q: string; first: string }[] = JSON.parse(readFileSync(join(__dirname, 'firstPassageH14.json'), 'utf8'));
let retriever: KbRetriever;

/** The passages as the controller takes them: ten sections, few-shot examples dropped, the first five kept. */
async function passages(q: string): Promise<string[]> {
  const hits = await retriever.retrieve(retriever.correctSpelling(q), 10);
  return hits
    .filter((h) => !/examples/i.test(h.source))
    .slice(0, 5)
    .map((h) => h.title);
}

describe('the section that answers comes first (h14 table: paradigms, artifacts, channels, other tools)', () => {
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xbrain-kb-first14-'));
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
    console.log(`h14 first-passage table: first ${first}/${table.length}, top 3 ${top3}/${table.length}`);
    // floors below what this branch measures (docs/agent.md, h14-kbretrieve: 43 and 60 of 68), above main's 28 and 41
    expect(first / table.length).toBeGreaterThanOrEqual(0.6);
    expect(top3 / table.length).toBeGreaterThanOrEqual(0.85);
  }, 120_000);

  it('artifact, bad-channel, paradigm and other-tool words reach their English terms in both languages', () => {
    expect(glossaryTerms('眨眼偽跡很多')).toMatch(/EOG/);
    expect(glossaryTerms('jaw clenching in the temporal channels')).toMatch(/EMG/);
    expect(glossaryTerms('市電的諧波也要濾嗎')).toMatch(/harmonics/);
    expect(glossaryTerms('one of my channels is flat')).toMatch(/bad channels/);
    expect(glossaryTerms('壞掉的電極要丟掉嗎')).toMatch(/bad channels/);
    expect(glossaryTerms('which paradigm is easier, MI or SSVEP')).toMatch(/paradigms/);
    expect(glossaryTerms('靜息態資料可以分類嗎')).toMatch(/resting state/);
    expect(glossaryTerms('why not just use MNE?')).toMatch(/MNE-Python EEGLAB braindecode/);
    expect(glossaryTerms('跟 EEGLAB 比起來呢')).toMatch(/braindecode/);
    expect(glossaryTerms('what is different from XBrainLab')).toMatch(/adds to XBrainLab/);
    // naming a tool is not a comparison: a question about loading an EEGLAB file stays a format question
    expect(glossaryTerms('can I load an EEGLAB .set file')).not.toMatch(/braindecode/);
    expect(glossaryTerms('the beta rebound after imagery')).not.toMatch(/frequency bands/);
  });
});
