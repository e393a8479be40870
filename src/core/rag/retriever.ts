import { join } from 'node:path';
import type { Retriever } from '../agent/controller';
import { openAgentRetriever, type EmbeddingEndpoint } from './endpointRetriever';

export type { EmbeddingEndpoint } from './endpointRetriever';

/**
 * The agent's knowledge-base retriever: the index shipped in dist/kb (built by scripts/build-kb.mjs), or, with an
 * embeddings endpoint and a cache folder, an index built once with the endpoint's embeddings (falling back to
 * dist/kb, with the reason logged, whenever the endpoint fails). Undefined when no index ships.
 */
export async function openRetriever(
  packageRoot: string,
  o: { endpoint?: EmbeddingEndpoint; cacheDir?: string; log?: (line: string) => void } = {},
): Promise<Retriever | undefined> {
  return (await openAgentRetriever({ offlineDir: join(packageRoot, 'dist', 'kb'), ...o })).retriever;
}

/** Reads an embeddings endpoint from the environment (CLI): a model must be named, the rest follows the chat endpoint. */
export function embeddingEndpointFromEnv(env: Record<string, string | undefined>, model = env.XBRAIN_EMBEDDING_MODEL): EmbeddingEndpoint | undefined {
  if (!model?.trim()) return undefined;
  return {
    baseURL: env.XBRAIN_EMBEDDING_BASE_URL ?? env.XBRAIN_LLM_BASE_URL ?? env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
    apiKey: env.XBRAIN_EMBEDDING_API_KEY ?? env.XBRAIN_LLM_API_KEY ?? env.OPENAI_API_KEY ?? 'none',
    model: model.trim(),
  };
}
