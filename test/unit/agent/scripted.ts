import type { ChatRequest, ChatResponse, LlmClient, ToolCall } from '../../../src/core/agent/llm';

/** An in-process model that replies from a script (controller tests; the wire tests use fakeOpenAi.ts). */
export class ScriptedLlm implements LlmClient {
  readonly id = 'scripted';
  readonly requests: ChatRequest[] = [];
  private i = 0;
  constructor(private readonly script: ((req: ChatRequest) => Partial<ChatResponse>)[]) {}
  async chat(req: ChatRequest): Promise<ChatResponse> {
    this.requests.push(structuredClone({ ...req, signal: undefined, onText: undefined }));
    const step = this.script[Math.min(this.i++, this.script.length - 1)];
    return { content: '', toolCalls: [], usage: { promptTokens: 10, completionTokens: 5 }, ...step(req) };
  }
}

let n = 0;
export const call = (name: string, args: Record<string, unknown> = {}): ToolCall => ({ id: `c${++n}`, name, arguments: args });
