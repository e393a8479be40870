import type { StudyState } from '../../core/study/types';
import type { ChatMessage, ToolCall } from '../../core/agent/llm';
import { OfflinePlanner } from '../../core/agent/offlinePlanner';
import { buildSystemPrompt } from '../../core/agent/prompts';

/** One message as the "XBrain Offline" provider sees it, stripped of the vscode part classes (pure, unit-testable). */
export interface OfflineInMessage {
  role: 'user' | 'assistant';
  text: string;
  toolCalls?: { id: string; name: string; input: Record<string, unknown> }[];
  toolResults?: { callId: string; text: string }[];
}

export interface OfflineReply {
  text: string;
  /** names are those offered by the caller (e.g. `xbrain_load_data` in agent mode) */
  calls: { id: string; name: string; input: Record<string, unknown> }[];
}

const LM_PREFIX = 'xbrain_';
const bare = (name: string): string => name.replace(/^xbrain_/, '');

/**
 * The "XBrain Offline" model is the agent's OfflinePlanner behind the vscode LM API. The planner reads the stage and
 * the available tools from an XBrain system prompt: @xbrain (through VscodeLmClient) sends one as its first user
 * message; other callers (agent mode) do not, so one is built from the Study and restricted to the tools offered.
 */
export async function offlineReply(
  planner: OfflinePlanner,
  messages: readonly OfflineInMessage[],
  offeredTools: readonly string[],
  state: Readonly<StudyState> | undefined,
): Promise<OfflineReply> {
  const offered = new Map(offeredTools.map((n) => [bare(n), n]));
  const chat: ChatMessage[] = [];
  let rest = messages;
  if (messages[0]?.role === 'user' && /^You are XBrain/.test(messages[0].text)) {
    chat.push({ role: 'system', content: messages[0].text });
    rest = messages.slice(1);
  } else if (state) {
    chat.push({ role: 'system', content: restrictTools(buildSystemPrompt(state as StudyState), offered) });
  }
  const callNames = new Map<string, string>();
  for (const m of rest) {
    if (m.role === 'assistant') {
      const calls: ToolCall[] = (m.toolCalls ?? []).map((c) => ({ id: c.id, name: bare(c.name), arguments: c.input, rawArguments: JSON.stringify(c.input) }));
      for (const c of calls) callNames.set(c.id, c.name);
      chat.push({ role: 'assistant', content: m.text, ...(calls.length ? { toolCalls: calls } : {}) });
    } else {
      for (const r of m.toolResults ?? []) chat.push({ role: 'tool', toolCallId: r.callId, name: callNames.get(r.callId) ?? '', content: r.text });
      if (m.text || !m.toolResults?.length) chat.push({ role: 'user', content: m.text });
    }
  }
  const res = await planner.chat({ messages: chat, tools: [] });
  const calls: OfflineReply['calls'] = [];
  const missing: string[] = [];
  for (const c of res.toolCalls) {
    const name = offered.size === 0 ? c.name : (offered.get(c.name) ?? (offered.has(`${LM_PREFIX}${c.name}`) ? `${LM_PREFIX}${c.name}` : undefined));
    if (name) calls.push({ id: c.id, name, input: c.arguments ?? {} });
    else missing.push(c.name);
  }
  const note = missing.length
    ? `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not available right now; ask for the study status to see what is.`
    : '';
  return { text: [res.content, note].filter(Boolean).join('\n'), calls };
}

/** Keeps only offered tools on the "Available tools now:" line the planner reads. */
function restrictTools(system: string, offered: Map<string, string>): string {
  if (offered.size === 0) return system;
  return system.replace(
    /^Available tools now: (.*)$/m,
    (_, list: string) =>
      `Available tools now: ${list
        .split(',')
        .map((t) => t.trim())
        .filter((t) => offered.has(t))
        .join(', ')}`,
  );
}
