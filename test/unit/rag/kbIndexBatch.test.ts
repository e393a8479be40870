import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDocumentIndex } from 'vectra';
import { HashedTfIdfEmbedder } from '../../../src/core/rag/embedder';
import { KB_CHUNKING, readKnowledgeBase, writeKbIndex } from '../../../src/core/rag/knowledgeBase';
import { repoRoot } from '../helpers/paths';

interface IndexFile {
  items: { metadata: { documentId: string; startPos: number; endPos: number; title: string }; vector: number[] }[];
}
interface CatalogFile {
  count: number;
  idToUri: Record<string, string>;
}

/** The index's chunks without vectra's random ids: document uri, position, title, vector — in insertion order. */
function chunksOf(dir: string): unknown[] {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as IndexFile;
  const catalog = JSON.parse(readFileSync(join(dir, 'catalog.json'), 'utf8')) as CatalogFile;
  expect(catalog.count).toBe(new Set(index.items.map((i) => i.metadata.documentId)).size);
  return index.items.map((i) => [catalog.idToUri[i.metadata.documentId], i.metadata.startPos, i.metadata.endPos, i.metadata.title, i.vector]);
}

// writeKbIndex adds every section in one vectra update (one commit instead of one per section, which made the build
// quadratic); the index it writes must be the one vectra's own per-document upserts write.
describe('the knowledge-base index is written in one update', () => {
  it('holds the same chunks, vectors and catalog as one upsert per section', async () => {
    const sections = (await readKnowledgeBase(join(repoRoot, 'knowledge_base'))).slice(0, 40);
    const embedder = new HashedTfIdfEmbedder();
    embedder.fit(sections.map((s) => s.text));
    const batched = mkdtempSync(join(tmpdir(), 'xbrain-kb-batched-'));
    await writeKbIndex(sections, embedder, batched);
    const single = mkdtempSync(join(tmpdir(), 'xbrain-kb-single-'));
    const index = new LocalDocumentIndex({ folderPath: single, embeddings: embedder, chunkingConfig: { ...KB_CHUNKING } });
    await index.createIndex({ version: 1, deleteIfExists: true });
    for (const s of sections) await index.upsertDocument(s.uri, s.text, 'md', { title: s.title, source: s.source });
    const want = chunksOf(single);
    expect(want.length).toBeGreaterThan(sections.length - 1);
    expect(chunksOf(batched)).toEqual(want);
    // and vectra reads it back: every section is a document it can find by its uri
    const reread = new LocalDocumentIndex({ folderPath: batched, embeddings: embedder });
    for (const s of sections) expect(await reread.getDocumentId(s.uri), s.uri).toBeTruthy();
  });
});
