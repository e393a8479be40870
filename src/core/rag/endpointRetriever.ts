import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Retriever } from '../agent/controller';
import { KbRetriever, KB_INDEX_FORMAT, indexExists, kbChunkTexts, writeKbIndex, type KbSection } from './knowledgeBase';
import { OpenAiEmbedder, toEmbeddingError, type EmbeddingError } from './openaiEmbedder';

/** An OpenAI-compatible /embeddings endpoint the knowledge base can be indexed with. */
export interface EmbeddingEndpoint {
  baseURL: string;
  apiKey: string;
  /** embedding model at the endpoint, e.g. text-embedding-3-small or nomic-embed-text */
  model: string;
  dimensions?: number;
  /** inputs per request while building the index (default 64) */
  batchSize?: number;
  /** per build request, ms (default 30 s), and the SDK's retries on 429/5xx/timeouts (default 2) */
  timeout?: number;
  maxRetries?: number;
  /** per query request, ms (default 10 s, 1 retry): a slow endpoint delays a chat turn by at most about this */
  queryTimeout?: number;
  queryMaxRetries?: number;
}

export interface AgentRetrieverOptions {
  /** the offline index shipped with the package (dist/kb, built by scripts/build-kb.mjs) */
  offlineDir: string;
  /** when set (with cacheDir), the knowledge base is indexed with the endpoint's embeddings */
  endpoint?: EmbeddingEndpoint;
  /** where endpoint indexes are kept between sessions (extension globalStorage, CLI cache dir) */
  cacheDir?: string;
  /** one line per event worth knowing: index built or reused, and why the endpoint embeddings are not used */
  log?: (line: string) => void;
}

export interface AgentRetrieverStatus {
  /** endpoint: the endpoint's embeddings (offline per query when a query fails); offline: the shipped index; none: no index */
  mode: 'endpoint' | 'offline' | 'none';
  /** id of the embedder whose index answers */
  embedder?: string;
  /** why the endpoint embeddings are not used, when an endpoint was configured */
  fallbackReason?: string;
  /** the endpoint index folder, and whether it was reused from the cache */
  indexDir?: string;
  cached?: boolean;
  /** /embeddings requests the build sent (0 when the cache was reused) */
  buildRequests: number;
}

/** Written last into an endpoint index folder: a folder without it is an interrupted build and is not used. */
const MARKER = 'xbrain-kb.json';

interface Marker {
  format: string;
  embedder: string;
  kbHash: string;
  model: string;
  dims: number;
  sections: number;
  chunks: number;
  requests: number;
  builtAt: string;
}

/** Content hash of the sections (uri, title, source, text), independent of catalog order. */
export function kbContentHash(sections: readonly KbSection[]): string {
  const h = createHash('sha256');
  for (const s of [...sections].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0)))
    h.update(JSON.stringify([s.uri, s.title, s.source, s.text])).update('\n');
  return h.digest('hex');
}

/** The cache folder of one (embedder, knowledge-base content, index format): any change gives a new folder. */
export function endpointIndexDir(cacheDir: string, embedderId: string, kbHash: string): string {
  return join(cacheDir, 'kb', `${embedderId}-${kbHash.slice(0, 16)}-${KB_INDEX_FORMAT}`);
}

/**
 * The agent's knowledge-base retriever. Without an endpoint it is the shipped offline index. With one, the same
 * sections are indexed once with the endpoint's embeddings into `cacheDir` (prefetched: ⌈chunks / batch⌉ requests)
 * and the folder is reused while the embedder, the knowledge base and the index format stay the same. Any failure
 * (unreachable, 401, unknown model, malformed answer, timeout) falls back to the offline index with one logged
 * reason; it never throws. Queries that fail on the endpoint are answered offline.
 */
export async function openAgentRetriever(o: AgentRetrieverOptions): Promise<{ retriever: Retriever | undefined; status: AgentRetrieverStatus }> {
  const log = o.log ?? (() => undefined);
  if (!indexExists(o.offlineDir)) {
    if (o.endpoint) log(`knowledge base: no offline index in ${o.offlineDir}; answering without retrieval`);
    return { retriever: undefined, status: { mode: 'none', buildRequests: 0 } };
  }
  let offline: KbRetriever;
  try {
    offline = await KbRetriever.open(o.offlineDir);
  } catch (e) {
    log(`knowledge base: cannot open ${o.offlineDir} (${e instanceof Error ? e.message : String(e)}); answering without retrieval`);
    return { retriever: undefined, status: { mode: 'none', buildRequests: 0 } };
  }
  const offlineStatus = (fallbackReason?: string): AgentRetrieverStatus => ({ mode: 'offline', embedder: 'offline', fallbackReason, buildRequests: 0 });
  if (!o.endpoint) return { retriever: offline, status: offlineStatus() };
  if (!o.cacheDir) {
    const reason = 'no cache folder for the endpoint index';
    log(`knowledge base: offline embeddings (${reason})`);
    return { retriever: offline, status: offlineStatus(reason) };
  }

  const e = o.endpoint;
  const builder = new OpenAiEmbedder({
    baseURL: e.baseURL,
    apiKey: e.apiKey,
    model: e.model,
    dimensions: e.dimensions,
    batchSize: e.batchSize,
    timeout: e.timeout,
    maxRetries: e.maxRetries,
  });
  const queries = new OpenAiEmbedder({
    baseURL: e.baseURL,
    apiKey: e.apiKey,
    model: e.model,
    dimensions: e.dimensions,
    timeout: e.queryTimeout ?? 10_000,
    maxRetries: e.queryMaxRetries ?? 1,
  });
  let built: { dir: string; marker: Marker; cached: boolean; requests: number };
  try {
    built = await endpointIndex(offline.sections, builder, o.cacheDir);
  } catch (err) {
    const reason = toEmbeddingError(err).message;
    log(`knowledge base: offline embeddings (endpoint embeddings ${e.model} at ${e.baseURL} unavailable: ${reason})`);
    return { retriever: offline, status: { ...offlineStatus(reason), buildRequests: builder.requests } };
  }
  queries.dims = built.marker.dims;
  let primary: KbRetriever;
  try {
    primary = await KbRetriever.open(built.dir, queries);
  } catch (err) {
    const reason = `cannot open the endpoint index ${built.dir}: ${err instanceof Error ? err.message : String(err)}`;
    log(`knowledge base: offline embeddings (${reason})`);
    return { retriever: offline, status: { ...offlineStatus(reason), buildRequests: built.requests } };
  }
  log(
    built.cached
      ? `knowledge base: ${e.model} embeddings at ${e.baseURL} (index reused from ${built.dir})`
      : `knowledge base: ${e.model} embeddings at ${e.baseURL} (${built.marker.chunks} chunks indexed in ${built.requests} requests into ${built.dir})`,
  );
  return {
    retriever: new FallbackRetriever(primary, offline, queries, log),
    status: { mode: 'endpoint', embedder: builder.id, indexDir: built.dir, cached: built.cached, buildRequests: built.requests },
  };
}

/** Builds in this process at most once per folder at a time (concurrent chats share one build). */
const building = new Map<string, Promise<{ dir: string; marker: Marker; cached: boolean; requests: number }>>();

async function endpointIndex(
  sections: readonly KbSection[],
  embedder: OpenAiEmbedder,
  cacheDir: string,
): Promise<{ dir: string; marker: Marker; cached: boolean; requests: number }> {
  const kbHash = kbContentHash(sections);
  const dir = endpointIndexDir(cacheDir, embedder.id, kbHash);
  const reuse = await readMarker(dir, embedder.id, kbHash);
  if (reuse) return { dir, marker: reuse, cached: true, requests: 0 };
  let p = building.get(dir);
  if (!p) {
    p = buildInto(dir, sections, kbHash, embedder).finally(() => building.delete(dir));
    building.set(dir, p);
  }
  return p;
}

async function readMarker(dir: string, embedderId: string, kbHash: string): Promise<Marker | undefined> {
  const file = join(dir, MARKER);
  if (!existsSync(file)) return undefined;
  try {
    const m = JSON.parse(await readFile(file, 'utf8')) as Marker;
    return m.format === KB_INDEX_FORMAT && m.embedder === embedderId && m.kbHash === kbHash && m.dims > 0 && existsSync(join(dir, 'index.json'))
      ? m
      : undefined;
  } catch {
    return undefined;
  }
}

/** Prefetches every chunk in ⌈chunks / batch⌉ requests, writes the index into a temporary folder, then renames it into place. */
async function buildInto(
  dir: string,
  sections: readonly KbSection[],
  kbHash: string,
  embedder: OpenAiEmbedder,
): Promise<{ dir: string; marker: Marker; cached: boolean; requests: number }> {
  const tmp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const before = embedder.requests;
  try {
    const chunks = await kbChunkTexts(sections, `${tmp}-chunks`, embedder.maxTokens);
    await embedder.prefetch(chunks);
    await writeKbIndex(sections, embedder, tmp);
    const marker: Marker = {
      format: KB_INDEX_FORMAT,
      embedder: embedder.id,
      kbHash,
      model: embedder.model,
      dims: embedder.dims ?? 0,
      sections: sections.length,
      chunks: chunks.length,
      requests: embedder.requests - before,
      builtAt: new Date().toISOString(),
    };
    await writeFile(join(tmp, MARKER), JSON.stringify(marker, null, 2));
    await rm(dir, { recursive: true, force: true });
    try {
      await rename(tmp, dir);
    } catch (err) {
      // another process renamed its build into place first: use that one
      const other = await readMarker(dir, embedder.id, kbHash);
      if (!other) throw err;
      return { dir, marker: other, cached: true, requests: marker.requests };
    }
    return { dir, marker, cached: false, requests: marker.requests };
  } finally {
    embedder.clearMemo();
    await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Endpoint retrieval with the offline index behind it: a query whose embedding fails is answered offline (each
 * distinct reason logged once); after a permanent failure (key revoked, model removed) the endpoint is not asked again.
 */
export class FallbackRetriever implements Retriever {
  /** queries answered offline because the endpoint failed */
  fallbacks = 0;
  private disabled: EmbeddingError | undefined;
  private readonly logged = new Set<string>();

  constructor(
    private readonly primary: Retriever,
    private readonly offline: Retriever,
    private readonly embedder: OpenAiEmbedder,
    private readonly log: (line: string) => void,
  ) {}

  correctSpelling(text: string): string {
    return this.offline.correctSpelling?.(text) ?? text;
  }

  async retrieve(query: string, k: number): Promise<{ title: string; source: string; text: string; score: number; uri?: string }[]> {
    if (!this.disabled) {
      this.embedder.lastError = undefined;
      try {
        return await this.primary.retrieve(query, k);
      } catch (err) {
        const e = this.embedder.lastError ?? toEmbeddingError(err);
        this.fallbacks++;
        if (e.permanent) this.disabled = e;
        if (!this.logged.has(e.message)) {
          this.logged.add(e.message);
          this.log(`knowledge base: query answered with offline embeddings (${e.message})${e.permanent ? '; endpoint embeddings off for this session' : ''}`);
        }
      }
    } else this.fallbacks++;
    return this.offline.retrieve(query, k).catch(() => []);
  }
}
