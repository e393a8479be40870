import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeEmbeddings } from '../helpers/fakeEmbeddings';

/** What the server does for one /v1/chat/completions request. */
export type Scripted =
  | {
      kind: 'json';
      message: { content?: string | null; tool_calls?: { id: string; name: string; arguments: string }[] };
      usage?: { prompt_tokens: number; completion_tokens: number };
    }
  | { kind: 'sse'; content?: string[]; tool_calls?: { id: string; name: string; argumentChunks: string[] }[] }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body: unknown }
  | { kind: 'hang' }
  | { kind: 'raw'; body: string };

/**
 * A real local HTTP server speaking OpenAI's /v1/chat/completions (JSON and SSE streaming, tool_calls), answering
 * from a per-test script. Records every request body so tests can check what went over the wire.
 */
export class FakeOpenAi {
  readonly requests: Record<string, any>[] = [];
  private server: Server | null = null;
  private i = 0;
  private readonly hung: ServerResponse[] = [];

  /** `embeddings`: also serve POST /v1/embeddings from that fake (its own request log and modes) */
  constructor(
    private readonly script: (Scripted | ((body: Record<string, any>) => Scripted))[],
    private readonly embeddings?: FakeEmbeddings,
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    for (const r of this.hung) r.destroy();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const c of req) raw += c;
    if (this.embeddings && req.url === '/v1/embeddings' && req.method === 'POST') {
      this.embeddings.handle(JSON.parse(raw) as Record<string, unknown>, req, res);
      return;
    }
    if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as Record<string, any>;
    this.requests.push(body);
    const entry = this.script[Math.min(this.i++, this.script.length - 1)];
    const s = typeof entry === 'function' ? entry(body) : entry;
    const id = `chatcmpl-${this.i}`;
    const model = body.model ?? 'fake';
    switch (s.kind) {
      case 'hang':
        this.hung.push(res);
        return;
      case 'status':
        res.writeHead(s.status, { 'content-type': 'application/json', ...(s.headers ?? {}) }).end(JSON.stringify(s.body));
        return;
      case 'raw':
        res.writeHead(200, { 'content-type': 'application/json' }).end(s.body);
        return;
      case 'json': {
        const tool_calls = s.message.tool_calls?.map((t) => ({ id: t.id, type: 'function', function: { name: t.name, arguments: t.arguments } }));
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created: 0,
            model,
            choices: [
              {
                index: 0,
                finish_reason: tool_calls ? 'tool_calls' : 'stop',
                message: { role: 'assistant', content: s.message.content ?? null, ...(tool_calls ? { tool_calls } : {}) },
              },
            ],
            usage: { ...(s.usage ?? { prompt_tokens: 100, completion_tokens: 10 }), total_tokens: 0 },
          }),
        );
        return;
      }
      case 'sse': {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const send = (delta: unknown, finish: string | null = null) =>
          res.write(
            `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
          );
        send({ role: 'assistant' });
        for (const c of s.content ?? []) send({ content: c });
        (s.tool_calls ?? []).forEach((t, index) => {
          send({ tool_calls: [{ index, id: t.id, type: 'function', function: { name: t.name, arguments: '' } }] });
          for (const a of t.argumentChunks) send({ tool_calls: [{ index, function: { arguments: a } }] });
        });
        send({}, s.tool_calls?.length ? 'tool_calls' : 'stop');
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model, choices: [], usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 } })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
        return;
      }
    }
  }
}
