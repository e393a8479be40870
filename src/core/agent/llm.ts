/**
 * The LLM port. Every backend (offline planner, openai SDK, vscode.lm in the extension) implements `LlmClient`;
 * the controller only speaks this. Messages follow the OpenAI chat shape because every backend can map to it.
 */
export interface ToolCall {
  id: string;
  name: string;
  /** parsed arguments; `null` when the model produced arguments that are not a JSON object */
  arguments: Record<string, unknown> | null;
  /** the raw argument text as the model produced it (for error feedback) */
  rawArguments?: string;
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

/** A tool as the model sees it (name, description, JSON Schema parameters). */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools: ToolSpec[];
  signal?: AbortSignal;
  /** called with each streamed text chunk (think_chunk events) */
  onText?: (chunk: string) => void;
  temperature?: number;
}

export interface ChatResponse {
  content: string;
  toolCalls: ToolCall[];
  usage: TokenUsage;
  /** the reply could not be understood (unparsable tool block or arguments): the controller asks again */
  broken?: string;
  finishReason?: string;
  /** the model found no tool for the request (the offline planner's "I could not map …"): a question may answer it */
  unmapped?: boolean;
}

export interface LlmClient {
  /** e.g. "offline-planner", "openai:gpt-4o-mini" */
  readonly id: string;
  /** the client speaks the fenced-json text protocol (the prompt must then carry the schemas) */
  readonly usesTextProtocol?: boolean;
  chat(req: ChatRequest): Promise<ChatResponse>;
}

/** A typed failure of an LLM backend (rate limit after retries, timeout, HTTP error). */
export class LlmError extends Error {
  constructor(
    public readonly kind: 'rate_limited' | 'timeout' | 'http' | 'cancelled' | 'network',
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

/** Rough token estimate for backends that do not report usage (≈ 4 characters per token). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function messagesText(messages: ChatMessage[]): string {
  return messages.map((m) => m.content + ('toolCalls' in m && m.toolCalls ? JSON.stringify(m.toolCalls) : '')).join('\n');
}
