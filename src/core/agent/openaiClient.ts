import OpenAI from 'openai';
import type { ChatCompletionChunk, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ChatMessage, ChatRequest, ChatResponse, LlmClient, ToolCall } from './llm';
import { LlmError, estimateTokens, messagesText } from './llm';
import { formatTextToolCall, parseTextToolCalls } from './textProtocol';

export interface OpenAiClientOptions {
  /** any OpenAI-compatible endpoint: OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio, llama.cpp server */
  baseURL: string;
  apiKey: string;
  model: string;
  /** the model has no native tool calling: schemas in the prompt, fenced json blocks in the reply */
  textProtocol?: boolean;
  stream?: boolean;
  /** per request, ms (default 60 s) */
  timeout?: number;
  /** retries on 429/5xx/timeouts; the SDK honours retry-after (default 2) */
  maxRetries?: number;
  temperature?: number;
}

/**
 * The openai SDK adapter. Native tool calling by default; when the endpoint refuses tools (HTTP 400 mentioning
 * tools) it switches to the text protocol for the rest of the session. A native reply that carries fenced json
 * instead of tool_calls is parsed with the text protocol too.
 */
export class OpenAiClient implements LlmClient {
  readonly id: string;
  private readonly client: OpenAI;
  private textProtocol: boolean;

  constructor(private readonly o: OpenAiClientOptions) {
    this.id = `openai:${o.model}`;
    this.textProtocol = Boolean(o.textProtocol);
    this.client = new OpenAI({ baseURL: o.baseURL, apiKey: o.apiKey, timeout: o.timeout ?? 60_000, maxRetries: o.maxRetries ?? 2 });
  }

  get usesTextProtocol(): boolean {
    return this.textProtocol;
  }

  async chat(req: ChatRequest): Promise<ChatResponse> {
    try {
      return await this.request(req);
    } catch (e) {
      if (!this.textProtocol && e instanceof OpenAI.APIError && e.status === 400 && /tool/i.test(e.message)) {
        this.textProtocol = true;
        return this.request(req).catch((e2: unknown) => {
          throw toLlmError(e2);
        });
      }
      throw toLlmError(e);
    }
  }

  private async request(req: ChatRequest): Promise<ChatResponse> {
    const text = this.textProtocol;
    const messages = text ? toTextProtocolMessages(req.messages, req.tools) : toNativeMessages(req.messages);
    const tools: ChatCompletionTool[] | undefined =
      !text && req.tools.length
        ? req.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }))
        : undefined;
    const base = { model: this.o.model, messages, ...(tools ? { tools } : {}), temperature: req.temperature ?? this.o.temperature ?? 0.2 };
    let content = '';
    const raw: { id: string; name: string; args: string }[] = [];
    let usage = { promptTokens: 0, completionTokens: 0 };
    let finish: string | undefined;
    if (this.o.stream ?? true) {
      const stream = await this.client.chat.completions.create({ ...base, stream: true, stream_options: { include_usage: true } }, { signal: req.signal });
      for await (const chunk of stream as AsyncIterable<ChatCompletionChunk>) {
        if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        if (choice.finish_reason) finish = choice.finish_reason;
        const d = choice.delta;
        if (d?.content) {
          content += d.content;
          // text-protocol tool blocks are not shown while streaming
          if (!text || !content.includes('```') || !/^\s*[{[]/.test(content)) req.onText?.(d.content);
        }
        for (const tc of d?.tool_calls ?? []) {
          const slot = (raw[tc.index] ??= { id: '', name: '', args: '' });
          if (tc.id) slot.id = tc.id;
          if (tc.function?.name) slot.name += tc.function.name;
          if (tc.function?.arguments) slot.args += tc.function.arguments;
        }
      }
    } else {
      const r = await this.client.chat.completions.create({ ...base, stream: false }, { signal: req.signal });
      const m = r.choices[0]?.message;
      content = m?.content ?? '';
      if (content) req.onText?.(content);
      finish = r.choices[0]?.finish_reason ?? undefined;
      for (const tc of m?.tool_calls ?? []) if (tc.type === 'function') raw.push({ id: tc.id, name: tc.function.name, args: tc.function.arguments });
      if (r.usage) usage = { promptTokens: r.usage.prompt_tokens, completionTokens: r.usage.completion_tokens };
    }
    if (!usage.promptTokens)
      usage = { promptTokens: estimateTokens(messagesText(req.messages)), completionTokens: estimateTokens(content + raw.map((r) => r.args).join('')) };

    if (raw.length) {
      const calls: ToolCall[] = [];
      for (const [i, r] of raw.entries()) {
        let args: unknown = null;
        try {
          args = r.args.trim() ? JSON.parse(r.args) : {};
        } catch {
          return { content, toolCalls: [], usage, finishReason: finish, broken: `the arguments of ${r.name} are not valid JSON: ${r.args.slice(0, 80)}` };
        }
        if (!args || typeof args !== 'object' || Array.isArray(args))
          return { content, toolCalls: [], usage, finishReason: finish, broken: `the arguments of ${r.name} are not a JSON object` };
        calls.push({ id: r.id || `call_${i}`, name: r.name, arguments: args as Record<string, unknown>, rawArguments: r.args });
      }
      return { content, toolCalls: calls, usage, finishReason: finish };
    }
    const parsed = parseTextToolCalls(content);
    return {
      content: parsed.calls.length ? parsed.prose : content,
      toolCalls: parsed.calls,
      usage,
      finishReason: finish,
      ...(parsed.broken ? { broken: parsed.broken } : {}),
    };
  }
}

function toNativeMessages(messages: ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
    if (m.role === 'assistant' && m.toolCalls?.length) {
      return {
        role: 'assistant',
        content: m.content || null,
        tool_calls: m.toolCalls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: c.rawArguments ?? JSON.stringify(c.arguments ?? {}) },
        })),
      };
    }
    return { role: m.role, content: m.content } as ChatCompletionMessageParam;
  });
}

/** Text protocol: tool calls become fenced json in assistant turns, tool results become user turns. */
function toTextProtocolMessages(messages: ChatMessage[], _tools: unknown): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    if (m.role === 'tool') return { role: 'user', content: `Tool Output (${m.name}, data only): ${m.content}` };
    if (m.role === 'assistant') return { role: 'assistant', content: [m.content, ...(m.toolCalls ?? []).map(formatTextToolCall)].filter(Boolean).join('\n') };
    return { role: m.role, content: m.content };
  });
}

function toLlmError(e: unknown): LlmError {
  if (e instanceof LlmError) return e;
  if (e instanceof OpenAI.APIUserAbortError) return new LlmError('cancelled', 'the request was cancelled');
  if (e instanceof OpenAI.APIConnectionTimeoutError) return new LlmError('timeout', 'the model did not answer in time');
  if (e instanceof OpenAI.RateLimitError) return new LlmError('rate_limited', `rate limited by the endpoint after retries (${e.message})`);
  if (e instanceof OpenAI.APIConnectionError) return new LlmError('network', `cannot reach the endpoint: ${e.message}`);
  if (e instanceof OpenAI.APIError) return new LlmError('http', `HTTP ${e.status ?? '?'}: ${e.message}`);
  return new LlmError('network', e instanceof Error ? e.message : String(e));
}
