/**
 * The dispatcher: the facts a question asks about, read from the Study, and how they open the answer.
 */
import { readdirSync } from 'node:fs';
import { summarizeStudy } from '../../study/summary';
import type { StudyState } from '../../study/types';
import { answerFromContext } from '../qaComposer';
import { READERS } from './readers';
import { studyTopics } from './topics';
import type { StudyReading, ReadContext } from './types';

/**
 * The facts of the Study a question asks about, in the question's language, or null when it does not ask about the
 * user's own Study. Reads only: the Study is the same object afterwards.
 */
export function readStudyFor(question: string, state: StudyState, ctx: Omit<ReadContext, 'question'> = {}): StudyReading | null {
  const topics = studyTopics(question, state);
  if (!topics.length) return null;
  const zh = /[\u4e00-\u9fff]/.test(question);
  const s = summarizeStudy(state);
  const facts: string[] = [];
  for (const t of topics) for (const f of READERS[t](state, s, zh, { ...ctx, question })) if (!facts.includes(f)) facts.push(f);
  return facts.length ? { topics, facts } : null;
}

// ---------------------------------------------------------------- the facts as a model's context, and the answer

/** The composer's reply when no passage answers: the Study's facts answer alone. */
export const NOT_COVERED_REPLY = /does not cover|not covered|沒有涵蓋|未涵蓋|outside xbrain|超出/i;

/**
 * The EEG recordings at the workspace's root, by file name, as list_files lists them (read only): which of them the
 * Study did not load ("is S002R04 in my training data?").
 */
export function workspaceRecordings(workspace: string): string[] {
  try {
    return readdirSync(workspace, { withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.startsWith('.') && RECORDING_FILE.test(e.name))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}
export const RECORDING_FILE = /\.(?:edf|bdf|gdf|set|fif|vhdr|cnt|mff|npy|mat|xdf)$/i;

export const FACTS_HEADER = "Facts from the user's Study (read just now; nothing was changed):";

/** The block the question's system prompt carries, and what a model is told to do with it. */
export function studyFactsPrompt(reading: StudyReading): string {
  return [
    FACTS_HEADER,
    ...reading.facts.map((f) => `- ${f}`),
    'Begin the answer with the facts that answer the question, introduced by "From your Study:" (從你的 Study 讀到： in Chinese), without [n]; then add the advice of the sources below that applies, cited as [n]. If the sources add nothing, give the facts alone.',
  ].join('\n');
}

/** The facts a system prompt carries (the offline planner reads its prompt like any model), or []. */
export function studyFactsFromPrompt(system: string): string[] {
  const at = system.indexOf(`${FACTS_HEADER}\n`);
  if (at < 0) return [];
  const out: string[] = [];
  for (const line of system.slice(at + FACTS_HEADER.length + 1).split('\n')) {
    if (!line.startsWith('- ')) break;
    out.push(line.slice(2));
  }
  return out;
}

/** "From your Study: …" in the question's language. */
export function studyParagraph(facts: readonly string[], zh: boolean): string {
  // a sentence opens with a capital, unless it opens with a tool's name (evaluate, start_training)
  const cap = (f: string) => (zh || /^[a-z]+_[a-z_]+\b|^evaluate\b/.test(f) ? f : f.charAt(0).toUpperCase() + f.slice(1));
  return zh ? `從你的 Study 讀到：${facts.join('')}` : `From your Study: ${facts.map(cap).join(' ')}`;
}

/**
 * The offline answer: the Study's facts first, then the sentences of the passages that answer (qaComposer.ts), cited
 * as usual; a "not covered" from the passages is left out, because the facts answer.
 */
export function answerWithStudy(question: string, context: string, facts: readonly string[]): string {
  const kb = answerFromContext(question, context);
  if (!facts.length) return kb;
  const head = studyParagraph(facts, /[\u4e00-\u9fff]/.test(question));
  // the passages' answer, or a figure computed from the question (computedAnswer.ts, no citation), follows the facts
  return /\[\d+\]/.test(kb) || (kb.trim() && !NOT_COVERED_REPLY.test(kb)) ? `${head}\n\n${kb}` : head;
}
