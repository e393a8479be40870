import * as vscode from 'vscode';
import type { ChatRequest, ChatResponse, LlmClient, ToolCall } from '../../core/agent/llm';
import { estimateTokens, messagesText } from '../../core/agent/llm';

/**
 * The agent's LLM port over a VS Code chat model (request.model, XBrain Endpoint, Copilot…). The LM API has no
 * system role, so the system prompt goes first as a user message (language-model guide).
 */
export class VscodeLmClient implements LlmClient {
  readonly id: string;

  constructor(
    private readonly model: vscode.LanguageModelChat,
    private readonly token: vscode.CancellationToken,
  ) {
    this.id = `vscode:${model.vendor}/${model.id}`;
  }

  async chat(req: ChatRequest): Promise<ChatResponse> {
    const messages = req.messages.map((m) => {
      switch (m.role) {
        case 'system':
          return vscode.LanguageModelChatMessage.User(m.content);
        case 'user':
          return vscode.LanguageModelChatMessage.User(m.content);
        case 'assistant':
          return vscode.LanguageModelChatMessage.Assistant([
            ...(m.content ? [new vscode.LanguageModelTextPart(m.content)] : []),
            ...(m.toolCalls ?? []).map((c) => new vscode.LanguageModelToolCallPart(c.id, c.name, c.arguments ?? {})),
          ]);
        case 'tool':
          return vscode.LanguageModelChatMessage.User([new vscode.LanguageModelToolResultPart(m.toolCallId, [new vscode.LanguageModelTextPart(m.content)])]);
      }
    });
    const tools = req.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.parameters }));
    const response = await this.model.sendRequest(
      messages,
      { tools, justification: 'XBrain plans the EEG analysis steps you asked for.', modelOptions: { xbrainResultsShown: true } },
      this.token,
    );
    let content = '';
    const toolCalls: ToolCall[] = [];
    for await (const part of response.stream) {
      if (part instanceof vscode.LanguageModelTextPart) {
        content += part.value;
        req.onText?.(part.value);
      } else if (part instanceof vscode.LanguageModelToolCallPart) {
        const args = part.input && typeof part.input === 'object' && !Array.isArray(part.input) ? (part.input as Record<string, unknown>) : null;
        toolCalls.push({ id: part.callId, name: part.name.replace(/^xbrain_/, ''), arguments: args, rawArguments: JSON.stringify(part.input) });
      }
    }
    return {
      content,
      toolCalls,
      usage: { promptTokens: estimateTokens(messagesText(req.messages)), completionTokens: estimateTokens(content) },
      finishReason: toolCalls.length ? 'tool_calls' : 'stop',
    };
  }
}
