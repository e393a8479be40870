// Builds the knowledge-base index (vectra LocalDocumentIndex, offline hashed TF-IDF embedder) into dist/kb, which
// ships with the extension and the CLI. Run by scripts/build.mjs after the bundles.
import { resolve, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTs } from './load-ts.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { buildKbIndex } = await loadTs(join(root, 'src/core/rag/knowledgeBase.ts'));
const r = await buildKbIndex(join(root, 'knowledge_base'), join(root, 'dist', 'kb'));
console.log(`knowledge base: ${r.sections} sections indexed (${r.embedder}) → dist/kb`);
