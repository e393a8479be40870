import { createHash } from 'node:crypto';
import OpenAI from 'openai';
import type { EmbeddingsResult } from './embedder';
import { chunkKey } from './knowledgeBase';

export interface OpenAiEmbedderOptions {
  /** any OpenAI-compatible endpoint serving /embeddings (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio, llama.cpp) */
  baseURL: string;
  apiKey: string;
  /** default text-embedding-3-small */
  model?: string;
  /** requested vector size, for models that support shortening (text-embedding-3-*) */
  dimensions?: number;
  /** per request, ms (default 30 s) */
  timeout?: number;
  /** retries on 429/5xx/timeouts; the SDK honours retry-after (default 2) */
  maxRetries?: number;
  /** inputs per /embeddings request (default 64) */
  batchSize?: number;
}

export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';

/** Why an embedding request failed, in words a log line can carry (status code first when there is one). */
export class EmbeddingError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    /** retrying in the same session is pointless: bad key, unknown model, bad request */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'EmbeddingError';
  }
}

const memoKey = chunkKey;

/**
 * Embeddings over the openai SDK (`embeddings.create`), usable as vectra's EmbeddingsModel. Its `id` names the
 * model, the requested dimensions and the endpoint, so an index built with one server's vectors is never queried
 * with another's. `prefetch` embeds many texts in a few batched requests and memoises them, so building an index
 * costs ⌈chunks / batchSize⌉ requests rather than one per document.
 */
export class OpenAiEmbedder {
  readonly maxTokens = 8000;
  readonly id: string;
  readonly model: string;
  /** /embeddings requests sent (successful or not) */
  requests = 0;
  /** vector length: the first answer sets it (or the index it queries, through expectDims); any other length is malformed */
  dims: number | undefined;
  /** the last failure createEmbeddings reported (vectra keeps only its message) */
  lastError: EmbeddingError | undefined;
  private readonly client: OpenAI;
  private readonly memo = new Map<string, number[]>();

  constructor(private readonly o: OpenAiEmbedderOptions) {
    this.model = o.model ?? DEFAULT_EMBEDDING_MODEL;
    const endpoint = createHash('sha256').update(o.baseURL.replace(/\/+$/, '')).digest('hex').slice(0, 8);
    this.id = `openai-${this.model}${o.dimensions ? `-d${o.dimensions}` : ''}-${endpoint}`.toLowerCase().replace(/[^a-z0-9._-]+/g, '_');
    this.client = new OpenAI({ baseURL: o.baseURL, apiKey: o.apiKey, timeout: o.timeout ?? 30_000, maxRetries: o.maxRetries ?? 2 });
  }

  /** Embeds texts in batches; throws EmbeddingError on any failure (after the SDK's retries). */
  async embedMany(texts: string[]): Promise<number[][]> {
    const out: number[][] = new Array<number[]>(texts.length);
    const missing: number[] = [];
    texts.forEach((t, i) => {
      // looked up by chunkKey (whitespace-insensitive), the key kbChunkTexts recorded the build's chunks under
      const hit = this.memo.get(memoKey(t));
      if (hit) out[i] = hit;
      else missing.push(i);
    });
    const size = Math.max(1, this.o.batchSize ?? 64);
    for (let s = 0; s < missing.length; s += size) {
      const idx = missing.slice(s, s + size);
      const vectors = await this.request(idx.map((i) => texts[i]));
      idx.forEach((i, j) => (out[i] = vectors[j]));
    }
    return out;
  }

  /** Embeds and memoises texts that an index build is about to ask for. */
  async prefetch(texts: string[]): Promise<void> {
    const unique = [...new Set(texts.map(memoKey))];
    const vectors = await this.embedMany(unique);
    unique.forEach((t, i) => this.memo.set(t, vectors[i]));
  }

  /** Forgets prefetched vectors (after a build; queries are not memoised). */
  clearMemo(): void {
    this.memo.clear();
  }

  /** vectra's EmbeddingsModel entry point: never throws, reports failures as a status with the reason. */
  async createEmbeddings(inputs: string | string[]): Promise<EmbeddingsResult> {
    try {
      return { status: 'success', output: await this.embedMany(Array.isArray(inputs) ? inputs : [inputs]) };
    } catch (e) {
      const err = toEmbeddingError(e);
      this.lastError = err;
      return { status: err.status === 429 ? 'rate_limited' : 'error', message: err.message };
    }
  }

  private async request(input: string[]): Promise<number[][]> {
    this.requests++;
    let res: OpenAI.Embeddings.CreateEmbeddingResponse;
    try {
      // float: the base64 default of the SDK is not served by every OpenAI-compatible server
      res = await this.client.embeddings.create({
        model: this.model,
        input,
        encoding_format: 'float',
        ...(this.o.dimensions ? { dimensions: this.o.dimensions } : {}),
      });
    } catch (e) {
      throw toEmbeddingError(e);
    }
    const data = Array.isArray(res?.data) ? [...res.data].sort((a, b) => a.index - b.index) : [];
    if (data.length !== input.length) throw new EmbeddingError(`the endpoint returned ${data.length} embeddings for ${input.length} inputs`, undefined, true);
    const dims = data[0]?.embedding?.length ?? 0;
    for (const d of data) {
      if (!Array.isArray(d.embedding) || d.embedding.length === 0 || d.embedding.length !== dims || d.embedding.some((x) => !Number.isFinite(x))) {
        throw new EmbeddingError(`the endpoint returned a malformed embedding (index ${d.index})`, undefined, true);
      }
    }
    if (this.dims !== undefined && dims !== this.dims)
      throw new EmbeddingError(`the endpoint returned ${dims}-dimensional embeddings where ${this.dims} were expected`, undefined, true);
    this.dims = dims;
    return data.map((d) => d.embedding);
  }
}

export function toEmbeddingError(e: unknown): EmbeddingError {
  if (e instanceof EmbeddingError) return e;
  if (e instanceof OpenAI.APIConnectionTimeoutError) return new EmbeddingError('the embeddings endpoint did not answer in time', undefined, false);
  if (e instanceof OpenAI.APIConnectionError) return new EmbeddingError(`cannot reach the embeddings endpoint: ${e.message}`, undefined, false);
  if (e instanceof OpenAI.APIError) {
    const status = e.status;
    const permanent = status === 400 || status === 401 || status === 403 || status === 404;
    const what =
      status === 429
        ? 'rate limited after retries'
        : status === 401 || status === 403
          ? 'not authorised (check the API key)'
          : status === 404
            ? 'model or route not found'
            : 'request failed';
    return new EmbeddingError(`embeddings ${what}: HTTP ${status ?? '?'} ${e.message}`, status, permanent);
  }
  return new EmbeddingError(e instanceof Error ? e.message : String(e), undefined, false);
}
