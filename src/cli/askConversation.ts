/**
 * The conversation `xbrain ask` continues from one call to the next (docs/agent.md "Conversations on the command
 * line"): the turns (requests, the calls made with their arguments and results, answers), the confirmation the last
 * turn left waiting, and for `--mock` the stage its simulated Study started at (the Study itself lives in the folder
 * beside the file, `<file>.mock/`, and is saved there after every change).
 *
 * The file is a superset of what the chat participant writes to `.xbrain/conversation.json` (`{version: 1, turns}`),
 * so both read each other's turns. A file that cannot be read as one is a typed error naming the file and the field,
 * never silently replaced; `--new` starts over.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../core/study/atomicWrite';
import { STAGES, type Stage } from '../core/study/types';
import { XBrainError } from '../core/errors';
import type { Turn } from '../core/agent/conversation';

/** A call that asked for confirmation and got no answer (ask without --yes, not on a terminal). */
export interface PendingConfirmation {
  tool: string;
  arguments: Record<string, unknown>;
  /** the question as the tool asked it: a later yes confirms exactly this (the registry asks again if it changed) */
  question: string;
}

export interface AskConversation {
  turns: Turn[];
  pending: PendingConfirmation | null;
  /** set for a conversation on the simulated Study: the stage it started at */
  mock: { stage: Stage } | null;
}

export const CONVERSATION_FORMAT = 'xbrain-conversation';
/** How many turns the file keeps (the model sees a token-budgeted window of them). */
const KEEP_TURNS = 200;

/** The workspace's own conversation (shared with the chat participant). */
export function defaultConversationFile(workspace: string): string {
  return join(workspace, '.xbrain', 'conversation.json');
}

/** Where a `--mock` conversation keeps its simulated Study (workspace with the simulated files and `.xbrain/`). */
export function simulatedWorkspaceOf(file: string): string {
  return `${file}.mock`;
}

/** Reads a conversation file; null when it does not exist. */
export async function readAskConversation(file: string): Promise<AskConversation | null> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new XBrainError('bad_file', `${file}: cannot read the conversation (${(e as Error).message})`, { file });
  }
  let doc: unknown;
  try {
    doc = JSON.parse(raw);
  } catch (e) {
    throw new XBrainError(
      'bad_file',
      `${file}: the conversation is not valid JSON (${(e as Error).message}); it was left as it is — add --new to start a new one`,
      { file },
    );
  }
  return parseAskConversation(doc, file);
}

function bad(file: string, field: string, why: string): XBrainError {
  return new XBrainError('bad_file', `${file}: field '${field}' ${why}; the file was left as it is — add --new to start a new conversation`, { file, field });
}

const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** Checks the shape of a parsed conversation file (every field the agent reads back). */
export function parseAskConversation(doc: unknown, file: string): AskConversation {
  if (!isObject(doc)) throw bad(file, '(root)', 'is not an object');
  if (doc.format !== undefined && doc.format !== CONVERSATION_FORMAT)
    throw bad(file, 'format', `is ${JSON.stringify(doc.format)}, not '${CONVERSATION_FORMAT}'`);
  if (doc.version !== 1) throw bad(file, 'version', `is ${JSON.stringify(doc.version)}; this XBrain reads version 1`);
  if (!Array.isArray(doc.turns)) throw bad(file, 'turns', 'is not a list');
  doc.turns.forEach((t, i) => checkTurn(t, `turns[${i}]`, file));
  const pending = doc.pending ?? null;
  if (pending !== null) {
    if (!isObject(pending)) throw bad(file, 'pending', 'is not an object');
    if (typeof pending.tool !== 'string') throw bad(file, 'pending.tool', 'is not a tool name');
    if (!isObject(pending.arguments)) throw bad(file, 'pending.arguments', 'is not an object');
    if (typeof pending.question !== 'string') throw bad(file, 'pending.question', 'is not text');
  }
  const mock = doc.mock ?? null;
  if (mock !== null && (!isObject(mock) || !STAGES.includes(mock.stage as Stage))) throw bad(file, 'mock.stage', `is not a stage (${STAGES.join(', ')})`);
  return { turns: doc.turns as Turn[], pending: pending as PendingConfirmation | null, mock: mock as AskConversation['mock'] };
}

function checkTurn(t: unknown, at: string, file: string): void {
  if (!isObject(t)) throw bad(file, at, 'is not an object');
  if (typeof t.user !== 'string') throw bad(file, `${at}.user`, 'is not text');
  if (t.route !== 'qa' && t.route !== 'operation') throw bad(file, `${at}.route`, "is neither 'qa' nor 'operation'");
  if (typeof t.answer !== 'string') throw bad(file, `${at}.answer`, 'is not text');
  if (!Array.isArray(t.messages)) throw bad(file, `${at}.messages`, 'is not a list');
  t.messages.forEach((m, k) => {
    if (!isObject(m) || !['user', 'assistant', 'tool', 'system'].includes(m.role as string) || typeof m.content !== 'string') {
      throw bad(file, `${at}.messages[${k}]`, 'is not a chat message ({role, content})');
    }
  });
}

export async function writeAskConversation(file: string, c: AskConversation): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const doc = { format: CONVERSATION_FORMAT, version: 1, turns: c.turns.slice(-KEEP_TURNS), pending: c.pending, mock: c.mock };
  await writeFileAtomic(file, JSON.stringify(doc, null, 1));
}

/** A whole reply that says yes to the waiting question ("yes", "go ahead", "好", "確定"). */
export function isAffirmation(text: string): boolean {
  return /^(?:y|yes|yeah|yep|ok(?:ay)?|sure|confirm(?:ed)?|go ahead|proceed|do it|run it|yes,? (?:please|do it|go ahead)|是|是的|好|好的|可以|確定|確認|執行|繼續)[\s.!。！]*$/i.test(
    text.trim(),
  );
}

/** A whole reply that says no to it ("no", "cancel", "不要", "取消"). */
export function isRefusal(text: string): boolean {
  return /^(?:n|no|nope|cancel|don'?t|do not|stop|never ?mind|不|不要|取消|算了|先不要)[\s.!。！]*$/i.test(text.trim());
}
