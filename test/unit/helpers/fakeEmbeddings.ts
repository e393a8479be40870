import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the server answers one /v1/embeddings request. */
export type EmbeddingsMode =
  | 'ok'
  /** 401 invalid_api_key */
  | 'unauthorized'
  /** 404 model_not_found */
  | 'no-model'
  /** 429 with retry-after-ms: 10 (the SDK retries) */
  | 'rate-limited'
  /** one embedding fewer than inputs */
  | 'short'
  /** vectors of different lengths */
  | 'ragged'
  /** 200 with a body that is not JSON */
  | 'garbage'
  /** answers after `slowMs` */
  | 'slow';

/**
 * Deterministic "semantic" embeddings: a hashed bag of words (lower-cased, stop words dropped, plural s stripped)
 * plus hashed character trigrams of each word at a lower weight, sqrt term frequency, L2-normalised. Texts that
 * share words or word stems land close; nothing is learnt and nothing is downloaded.
 */
export function fakeEmbedding(text: string, dims = 384): number[] {
  const v = new Float64Array(dims);
  const counts = new Map<number, number>();
  const add = (t: string, w: number) => {
    const b = fnv(t) % dims;
    counts.set(b, (counts.get(b) ?? 0) + w);
  };
  for (const raw of text.toLowerCase().match(/[a-z][a-z0-9]+|\d+/g) ?? []) {
    if (STOP.has(raw)) continue;
    const w = raw.length > 4 ? raw.replace(/s$/, '') : raw;
    add(`w:${w}`, 1);
    const padded = `^${w}$`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`c:${padded.slice(i, i + 3)}`, 0.25);
  }
  for (const [b, c] of counts) v[b] = Math.sqrt(c);
  const norm = Math.hypot(...v) || 1;
  return Array.from(v, (x) => x / norm);
}

const STOP = new Set([
  'the',
  'a',
  'an',
  'is',
  'are',
  'of',
  'to',
  'in',
  'and',
  'or',
  'for',
  'it',
  'on',
  'be',
  'with',
  'as',
  'by',
  'at',
  'this',
  'that',
  'what',
  'how',
  'why',
  'do',
  'does',
  'my',
  'should',
  'can',
  'which',
  'when',
  'from',
  'you',
  'your',
]);

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A real local HTTP server speaking OpenAI's POST /v1/embeddings (float vectors, `dimensions`), with error modes
 * scripted per request (the last mode repeats). Records every request body. Also mounted by FakeOpenAi so one
 * server can serve both chat and embeddings.
 */
export class FakeEmbeddings {
  readonly requests: { model: string; input: string[]; dimensions?: number }[] = [];
  /** models the server knows; any other gets 404 model_not_found */
  models = new Set(['text-embedding-3-small', 'text-embedding-3-large', 'nomic-embed-text']);
  slowMs = 2000;
  private server: Server | null = null;
  private i = 0;
  private readonly pending: ServerResponse[] = [];

  constructor(public modes: EmbeddingsMode[] = ['ok']) {}

  /** Starts a standalone server; returns its base URL (…/v1). */
  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    for (const r of this.pending) r.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  /** Requests of the given model (a test can count what one index build cost). */
  count(model?: string): number {
    return this.requests.filter((r) => !model || r.model === model).length;
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const c of req) raw += c;
    if (req.url !== '/v1/embeddings' || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    this.handle(JSON.parse(raw) as Record<string, unknown>, req, res);
  }

  /** Answers one parsed /v1/embeddings request. */
  handle(body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse): void {
    const input = (Array.isArray(body.input) ? body.input : [body.input]).map(String);
    const model = String(body.model);
    const dimensions = typeof body.dimensions === 'number' ? body.dimensions : undefined;
    this.requests.push({ model, input, dimensions });
    const mode = this.modes[Math.min(this.i++, this.modes.length - 1)];
    const json = (status: number, payload: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
    };
    const error = (status: number, code: string, message: string, headers?: Record<string, string>): void =>
      json(status, { error: { message, type: 'invalid_request_error', code } }, headers);
    if (mode === 'unauthorized' || req.headers.authorization === 'Bearer revoked') return error(401, 'invalid_api_key', 'Incorrect API key provided.');
    if (mode === 'no-model' || !this.models.has(model)) return error(404, 'model_not_found', `The model '${model}' does not exist`);
    if (mode === 'rate-limited') return error(429, 'rate_limit_exceeded', 'Rate limit reached', { 'retry-after-ms': '10' });
    if (mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": [');
      return;
    }
    const dims = dimensions ?? (model === 'text-embedding-3-large' ? 512 : 384);
    let data = input.map((t, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(t, dims) }));
    if (mode === 'short') data = data.slice(0, -1);
    if (mode === 'ragged') data = data.map((d, i) => (i === data.length - 1 ? { ...d, embedding: d.embedding.slice(1) } : d));
    const send = () => json(200, { object: 'list', data, model, usage: { prompt_tokens: input.join(' ').length, total_tokens: input.join(' ').length } });
    if (mode === 'slow') {
      this.pending.push(res);
      setTimeout(() => !res.destroyed && send(), this.slowMs);
    } else send();
  }
}
