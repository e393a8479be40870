import { describe, it, expect } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildKbIndex, KbRetriever } from '../../../src/core/rag/knowledgeBase';
import { citedSources } from '../../../src/extension/chat/citations';
import { repoRoot } from '../helpers/paths';

describe('chat citations of knowledge_base files', () => {
  it('a real retrieval for a question cites shipped knowledge_base files, not the few-shot examples', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xbrain-kb-cite-'));
    await buildKbIndex(join(repoRoot, 'knowledge_base'), dir);
    const kb = await KbRetriever.open(dir);
    const hits = await kb.retrieve('What does a notch filter remove and which frequency should I use?', 8);
    const cited = citedSources(hits, repoRoot);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.length).toBeLessThanOrEqual(4);
    for (const c of cited) {
      expect(c.path).toBe(join(repoRoot, 'knowledge_base', c.source));
      expect(c.source).not.toMatch(/examples/);
      expect(c.titles.length).toBeGreaterThan(0);
    }
    expect(cited.flatMap((c) => c.titles).join(' ')).toMatch(/notch|line noise/i);
    // a package without knowledge_base/ cites nothing rather than links that do not open
    expect(citedSources(hits, dir)).toEqual([]);
  });
});
