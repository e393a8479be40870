/**
 * The dispatcher: the facts a question asks about, read from the Study, and how they open the answer.
 */
import { readdirSync } from 'node:fs';
import { summarizeStudy } from '../../study/summary';
import type { StudyState } from '../../study/types';
import { answerFromContext } from '../qaComposer';
import { REASON_ASKED, QUALITY_ASKED, REQUEST, VALUE_ASK_ZH, BARE_SET_VALUE } from './questionCues';
import { READERS } from './readers';
import { studyTopics } from './topics';
import { studyComputedFacts } from './studyComputed';
import type { StudyReading, ReadContext, StudyTopic } from './types';

/**
 * The facts of the Study a question asks about, in the question's language, or null when it does not ask about the
 * user's own Study. Reads only: the Study is the same object afterwards.
 */
export function readStudyFor(question: string, state: StudyState, ctx: Omit<ReadContext, 'question'> = {}): StudyReading | null {
  const topics = studyTopics(question, state);
  if (!topics.length) {
    // "if I set a low-pass of 90 Hz on my current recordings what happens": the asker's figure with the Study's own (its
    // rate) computes the answer; the passages' reasons follow, cited
    const computed = studyComputedFacts(question, summarizeStudy(state));
    return computed.length ? { topics, facts: computed, alone: false } : null;
  }
  const zh = /[\u4e00-\u9fff]/.test(question);
  const s = summarizeStudy(state);
  const facts: string[] = [];
  for (const t of topics) for (const f of READERS[t](state, s, zh, { ...ctx, question })) if (!facts.includes(f)) facts.push(f);
  return facts.length ? { topics, facts, alone: factsAnswerAlone(question, topics) } : null;
}

/**
 * A value asked: what, which, how many/much/long, did I, do I have (not a yes/no about a property, "is the split
 * random?", which the facts may not state).
 */
const VALUE_ASKED =
  /^\s*(?:so,?\s*|and\s+|ok(?:ay)?,?\s*)?(?:what|which|how (?:many|much|long|big|was|were|did)|where|when|did (?:i|we)|do (?:i|we) have|have (?:i|we))\b/i;

/** Topics the knowledge base gives the reason for: what went wrong and what to try next. */
const REASON_TOPICS: readonly StudyTopic[] = ['diagnosis', 'next'];
/**
 * Topics whose facts state their own verdict (the binomial test against chance, training against held-out accuracy, the
 * losses against ln K, the minimum epoch length, the split audit, mains in the filter's stopband): a yes/no about them
 * ("overfitting?", "is it significant?", "are the epochs too short?", "any leakage?") is answered by the facts.
 */
const VERDICT_TOPICS: readonly StudyTopic[] = ['significance', 'fit', 'loss', 'window', 'split', 'filters', 'classes', 'training'];
/** The verdicts those facts state, asked by name ("overfitting?", "significant?", "too short?", "any leakage?"). */
const VERDICT_ASKED =
  /over-?fit\w*|under-?fit\w*|significan\w*|\bchance\b|\blearn(?:ed|t|ing)?\s+(?:anything|something|at all)\b|\btoo short\b|\blong enough\b|\bleak\w*|\boverlap\w*|過擬合|欠擬合|顯著|機率|學到|夠長|太短|洩漏|重疊/i;

/**
 * Whether the Study's facts answer the question by themselves: a value asked ("what filter did I use", "how many test
 * trials per class do I have", 「我的資料 sampling rate 多少」, "balanced acc?"), or a yes/no a verdict of the facts
 * answers ("is my model overfitting?", "any leakage?"), with no reason, meaning or advice asked beside it. Then no
 * passage is quoted and none is cited: a figure read from the Study needs no citation. A reason ("why …", "what does
 * that tell me", 正常嗎), what to try next, a result's quality ("kappa 0.1 是不是很爛"), a report ("my loss is nan")
 * or a request beside the question gets the passages' sentences after the facts, cited.
 */
export function factsAnswerAlone(question: string, topics: readonly StudyTopic[] = []): boolean {
  const q = question.trim();
  const sentences = q.split(/(?<=[?？。！!])\s*/).filter((x) => x.trim());
  if (topics.some((t) => REASON_TOPICS.includes(t)) || REASON_ASKED.test(q) || sentences.some((x) => REQUEST.test(x))) return false;
  if (topics[0] === 'results' && QUALITY_ASKED.test(q)) return false;
  const zh = /[\u4e00-\u9fff]/.test(q);
  const valueAsked =
    VALUE_ASKED.test(q) ||
    BARE_SET_VALUE.test(q) ||
    // "per-class recall in this study?", "balanced acc?": a few words asked
    /^\s*(?:[\w-]+\s+){0,5}[\w-]+\s*\?+\s*$/.test(q) ||
    (zh && (VALUE_ASK_ZH.test(q) || /哪|什麼|怎樣|如何|呢/.test(q))) ||
    /\b(?:what|which|how (?:many|much|long|big))\b/i.test(q);
  const yesNoOnVerdict = topics.length > 0 && topics.every((t) => VERDICT_TOPICS.includes(t)) && VERDICT_ASKED.test(q);
  return sentences.length <= 2 && (valueAsked || yesNoOnVerdict);
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
    reading.alone
      ? FACTS_ALONE
      : 'Begin the answer with the facts that answer the question, introduced by "From your Study:" (從你的 Study 讀到： in Chinese), without [n]; then add the advice of the sources below that applies, cited as [n]. If the sources add nothing, give the facts alone.',
  ].join('\n');
}

/** The instruction for a value the facts answer by themselves: no passage, no citation. */
export const FACTS_ALONE =
  'These facts answer the question: give them alone, introduced by "From your Study:" (從你的 Study 讀到： in Chinese), without [n] and without quoting the sources below.';

/** Whether a system prompt tells the model to give the Study's facts alone (studyFactsPrompt). */
export function studyFactsAloneInPrompt(system: string): boolean {
  return system.includes(`${FACTS_HEADER}\n`) && system.includes(FACTS_ALONE);
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
export function answerWithStudy(question: string, context: string, facts: readonly string[], alone = false): string {
  if (facts.length && alone) return studyParagraph(facts, /[\u4e00-\u9fff]/.test(question));
  const kb = answerFromContext(question, context);
  if (!facts.length) return kb;
  const head = studyParagraph(facts, /[\u4e00-\u9fff]/.test(question));
  // the passages' answer, or a figure computed from the question (computedAnswer.ts, no citation), follows the facts
  return /\[\d+\]/.test(kb) || (kb.trim() && !NOT_COVERED_REPLY.test(kb)) ? `${head}\n\n${kb}` : head;
}
