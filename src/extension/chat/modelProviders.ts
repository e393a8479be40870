import * as vscode from 'vscode';
import OpenAI from 'openai';
import { readSettings, API_KEY_SECRET } from '../config';
import { OfflinePlanner } from '../../core/agent/offlinePlanner';
import type { StudyState } from '../../core/study/types';
import { offlineReply, type OfflineInMessage } from './offlineTurn';

export const OFFLINE_VENDOR = 'xbrain-offline';
export const ENDPOINT_VENDOR = 'xbrain-endpoint';

const partText = (p: unknown): string => (p instanceof vscode.LanguageModelTextPart ? p.value : '');

/** The model the participant uses when VS Code gives none: the configured endpoint, else XBrain Offline. */
export async function selectFallbackModel(): Promise<vscode.LanguageModelChat | undefined> {
  const s = readSettings();
  const order = s.offlineByDefault || !s.endpointUrl ? [OFFLINE_VENDOR] : [ENDPOINT_VENDOR, OFFLINE_VENDOR];
  for (const vendor of order) {
    const [m] = await vscode.lm.selectChatModels({ vendor });
    if (m) return m;
  }
  return undefined;
}

/** "XBrain Offline": the agent's OfflinePlanner as a tool-calling model, so @xbrain and agent mode work without a service. */
export class OfflineModelProvider implements vscode.LanguageModelChatProvider {
  private readonly planner = new OfflinePlanner();

  /** `state` reads the Study (undefined until the session is open) so agent-mode requests get the stage and tools. */
  constructor(private readonly state: () => Readonly<StudyState> | undefined) {}

  provideLanguageModelChatInformation(): vscode.LanguageModelChatInformation[] {
    return [
      {
        id: 'xbrain-offline',
        name: 'XBrain Offline',
        family: 'xbrain-offline',
        version: '1',
        maxInputTokens: 100_000,
        maxOutputTokens: 4_000,
        tooltip: 'Rule-based planner that runs locally (English and Traditional Chinese); understands the XBrain pipeline steps.',
        capabilities: { toolCalling: true },
      },
    ];
  }

  async provideLanguageModelChatResponse(
    _m: vscode.LanguageModelChatInformation,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
  ): Promise<void> {
    const last = messages[messages.length - 1];
    const toolResults = last?.content.filter((p): p is vscode.LanguageModelToolResultPart => p instanceof vscode.LanguageModelToolResultPart) ?? [];
    if (toolResults.length > 0) {
      // The plan was emitted whole; after its results the planner has nothing to add. @xbrain already streamed
      // them; elsewhere (agent mode) they are the answer.
      const shown = (options.modelOptions as { xbrainResultsShown?: boolean } | undefined)?.xbrainResultsShown;
      progress.report(new vscode.LanguageModelTextPart(shown ? 'Done.' : toolResults.map((r) => r.content.map(partText).join('')).join('\n\n')));
      return;
    }
    const reply = await offlineReply(
      this.planner,
      messages.map(toOfflineMessage),
      (options.tools ?? []).map((t) => t.name),
      this.state(),
    );
    if (reply.text || reply.calls.length === 0)
      progress.report(new vscode.LanguageModelTextPart(reply.text || 'XBrain Offline could not plan anything for that request.'));
    for (const c of reply.calls) progress.report(new vscode.LanguageModelToolCallPart(c.id, c.name, c.input));
  }

  async provideTokenCount(_m: vscode.LanguageModelChatInformation, text: string | vscode.LanguageModelChatRequestMessage): Promise<number> {
    return Math.ceil((typeof text === 'string' ? text : JSON.stringify(text.content)).length / 4);
  }
}

/** "XBrain Endpoint": the configured OpenAI-compatible endpoint (key in SecretStorage) with tool calling. */
export class EndpointModelProvider implements vscode.LanguageModelChatProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** the picker re-reads the model list when the endpoint settings change */
  readonly onDidChangeLanguageModelChatInformation = this.changed.event;
  private readonly configSub: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.configSub = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('xbrain.llm')) this.changed.fire();
    });
  }

  dispose(): void {
    this.configSub.dispose();
    this.changed.dispose();
  }

  provideLanguageModelChatInformation(): vscode.LanguageModelChatInformation[] {
    const s = readSettings();
    if (!s.endpointUrl || !s.model) return [];
    return [
      {
        id: `xbrain-endpoint:${s.model}`,
        name: `XBrain Endpoint (${s.model})`,
        family: s.model,
        version: '1',
        maxInputTokens: 128_000,
        maxOutputTokens: 8_000,
        tooltip: s.endpointUrl,
        capabilities: { toolCalling: true },
      },
    ];
  }

  async provideLanguageModelChatResponse(
    _m: vscode.LanguageModelChatInformation,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const s = readSettings();
    const client = new OpenAI({ baseURL: s.endpointUrl, apiKey: (await this.secrets.get(API_KEY_SECRET)) ?? 'none' });
    const ac = new AbortController();
    const sub = token.onCancellationRequested(() => ac.abort());
    try {
      const stream = await client.chat.completions.create(
        {
          model: s.model,
          stream: true,
          messages: toOpenAi(messages),
          tools: options.tools?.length
            ? options.tools.map((t) => ({
                type: 'function' as const,
                function: {
                  name: t.name,
                  description: t.description,
                  parameters: (t.inputSchema ?? { type: 'object', properties: {} }) as Record<string, unknown>,
                },
              }))
            : undefined,
        },
        { signal: ac.signal },
      );
      const calls = new Map<number, { id: string; name: string; args: string }>();
      for await (const chunk of stream) {
        const d = chunk.choices[0]?.delta;
        if (d?.content) progress.report(new vscode.LanguageModelTextPart(d.content));
        for (const tc of d?.tool_calls ?? []) {
          const c = calls.get(tc.index) ?? { id: tc.id ?? `call-${tc.index}`, name: '', args: '' };
          if (tc.function?.name) c.name += tc.function.name;
          if (tc.function?.arguments) c.args += tc.function.arguments;
          calls.set(tc.index, c);
        }
      }
      for (const c of calls.values()) progress.report(new vscode.LanguageModelToolCallPart(c.id, c.name, c.args ? JSON.parse(c.args) : {}));
    } finally {
      sub.dispose();
    }
  }

  async provideTokenCount(_m: vscode.LanguageModelChatInformation, text: string | vscode.LanguageModelChatRequestMessage): Promise<number> {
    return Math.ceil((typeof text === 'string' ? text : JSON.stringify(text.content)).length / 4);
  }
}

function toOfflineMessage(m: vscode.LanguageModelChatRequestMessage): OfflineInMessage {
  const calls = m.content.filter((p): p is vscode.LanguageModelToolCallPart => p instanceof vscode.LanguageModelToolCallPart);
  const results = m.content.filter((p): p is vscode.LanguageModelToolResultPart => p instanceof vscode.LanguageModelToolResultPart);
  return {
    role: m.role === vscode.LanguageModelChatMessageRole.Assistant ? 'assistant' : 'user',
    text: m.content.map(partText).join(''),
    toolCalls: calls.map((c) => ({ id: c.callId, name: c.name, input: c.input && typeof c.input === 'object' ? (c.input as Record<string, unknown>) : {} })),
    toolResults: results.map((r) => ({ callId: r.callId, text: r.content.map(partText).join('') })),
  };
}

type OpenAiMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

function toOpenAi(messages: readonly vscode.LanguageModelChatRequestMessage[]): OpenAiMessage[] {
  const out: OpenAiMessage[] = [];
  for (const m of messages) {
    const text = m.content.map(partText).join('');
    const calls = m.content.filter((p): p is vscode.LanguageModelToolCallPart => p instanceof vscode.LanguageModelToolCallPart);
    const results = m.content.filter((p): p is vscode.LanguageModelToolResultPart => p instanceof vscode.LanguageModelToolResultPart);
    if (m.role === vscode.LanguageModelChatMessageRole.Assistant) {
      out.push({
        role: 'assistant',
        content: text || null,
        ...(calls.length
          ? { tool_calls: calls.map((c) => ({ id: c.callId, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.input) } })) }
          : {}),
      });
    } else {
      for (const r of results) out.push({ role: 'tool', tool_call_id: r.callId, content: r.content.map(partText).join('') });
      if (text) out.push({ role: 'user', content: text });
    }
  }
  return out;
}
