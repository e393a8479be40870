import type { Retriever } from '../agent/controller';

/** Opens the shipped knowledge-base index; undefined when none was built. */
export async function openRetriever(_packageRoot: string): Promise<Retriever | undefined> {
  return undefined;
}
