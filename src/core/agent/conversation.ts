import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../study/atomicWrite';
import type { ChatMessage } from './llm';
import { estimateTokens, messagesText } from './llm';
import type { Route } from './router';

/** One request and everything the agent said and did for it (tool calls and results, the final answer). */
export interface Turn {
  user: string;
  route: Route;
  messages: ChatMessage[];
  answer: string;
  at: string;
}

/**
 * The conversation of one workspace, persisted in `.xbrain/conversation.json`. The window given to the model keeps
 * the newest turns whole under a token budget and folds older ones into a one-line-per-turn summary.
 */
export class Conversation {
  turns: Turn[] = [];

  constructor(private readonly file: string | null = null) {}

  static async load(workspace: string): Promise<Conversation> {
    const c = new Conversation(join(workspace, '.xbrain', 'conversation.json'));
    try {
      const raw = JSON.parse(await readFile(c.file as string, 'utf8')) as { version: number; turns: Turn[] };
      if (raw.version === 1 && Array.isArray(raw.turns)) c.turns = raw.turns;
    } catch {
      // no conversation yet (or unreadable: start a new one rather than fail the request)
    }
    return c;
  }

  async save(): Promise<void> {
    if (!this.file) return;
    await mkdir(join(this.file, '..'), { recursive: true });
    await writeFileAtomic(this.file, JSON.stringify({ version: 1, turns: this.turns.slice(-200) }, null, 1));
  }

  add(turn: Turn): void {
    this.turns.push(turn);
  }

  recent(n = 5): { user: string; route: Route }[] {
    return this.turns.slice(-n).map((t) => ({ user: t.user, route: t.route }));
  }

  /** Messages for the model: summary of old turns + newest turns whole, within `budget` tokens. */
  window(budget = 6000): ChatMessage[] {
    const whole: ChatMessage[][] = [];
    let used = 0;
    let i = this.turns.length - 1;
    for (; i >= 0; i--) {
      const msgs = turnMessages(this.turns[i]);
      const cost = estimateTokens(messagesText(msgs));
      if (used + cost > budget && whole.length > 0) break;
      whole.unshift(msgs);
      used += cost;
    }
    const older = this.turns.slice(0, i + 1);
    const out: ChatMessage[] = [];
    if (older.length) {
      // with each call's arguments, so "same as before" and "the previous model" resolve beyond the whole turns kept
      const lines = older
        .slice(-20)
        .map(
          (t) =>
            `- "${t.user.slice(0, 80)}" → ${
              t.messages.flatMap((m) => (m.role === 'assistant' && m.toolCalls ? m.toolCalls.map((c) => callLine(c, failedIds(t))) : [])).join(', ') ||
              t.answer.slice(0, 80)
            }`,
        );
      out.push({ role: 'user', content: `(Summary of ${older.length} earlier request(s), for context only)\n${lines.join('\n')}` });
      out.push({ role: 'assistant', content: 'Noted.' });
    }
    for (const m of whole) out.push(...m);
    return out;
  }
}

/**
 * One call of a folded turn, with its arguments; " [not run]" when its tool refused it or the user declined it, so a
 * later "the same again" or "I meant 32" (offline planner and endpoint model alike) knows its values never took effect.
 */
function callLine(c: { id?: string; name: string; arguments: Record<string, unknown> | null }, failed: Set<string>): string {
  const args = JSON.stringify(c.arguments ?? {});
  return `${c.name}(${args.length > 100 ? `${args.slice(0, 97)}...` : args})${c.id && failed.has(c.id) ? ' [not run]' : ''}`;
}

/** The ids of a turn's calls whose answer says they did not run (a tool's error, the user's refusal; a proposal may still be confirmed). */
function failedIds(t: Turn): Set<string> {
  return new Set(t.messages.flatMap((m) => (m.role === 'tool' && /^(?:ERROR \(|REJECTED by the user)/.test(m.content) ? [m.toolCallId] : [])));
}

function turnMessages(t: Turn): ChatMessage[] {
  const out: ChatMessage[] = [{ role: 'user', content: t.user }, ...t.messages];
  if (t.answer && !(out[out.length - 1]?.role === 'assistant' && !(out[out.length - 1] as { toolCalls?: unknown }).toolCalls))
    out.push({ role: 'assistant', content: t.answer });
  return out;
}
