import { join } from 'node:path';
import type { Retriever } from '../agent/controller';
import { KbRetriever, indexExists } from './knowledgeBase';

/** Opens the knowledge-base index shipped in dist/kb (built by scripts/build-kb.mjs); undefined when absent. */
export async function openRetriever(packageRoot: string): Promise<Retriever | undefined> {
  const dir = join(packageRoot, 'dist', 'kb');
  return indexExists(dir) ? KbRetriever.open(dir) : undefined;
}
