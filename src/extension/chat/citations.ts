import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** What the knowledge-base retriever returns per section (src/core/rag/knowledgeBase.ts). */
export interface RetrievedHit {
  title: string;
  source: string;
  uri?: string;
}

/**
 * The knowledge_base files a Q&A answer drew on, in retrieval order, once each: the controller answers questions
 * from the primer, the model guide and the tool reference (few-shot examples serve operations and are not cited).
 * The first `limit` such sections are the ones the controller put in the prompt. Only files that ship with the extension are returned, so every reference opens.
 */
export function citedSources(hits: readonly RetrievedHit[], packageRoot: string, limit = 4): { source: string; path: string; titles: string[] }[] {
  const out = new Map<string, { source: string; path: string; titles: string[] }>();
  for (const h of hits.filter((x) => !/examples/i.test(x.source)).slice(0, limit)) {
    const path = join(packageRoot, 'knowledge_base', h.source);
    const entry = out.get(h.source) ?? { source: h.source, path, titles: [] };
    if (!entry.titles.includes(h.title)) entry.titles.push(h.title);
    out.set(h.source, entry);
  }
  return [...out.values()].filter((e) => existsSync(e.path));
}
