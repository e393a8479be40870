import { asksForPlanOnly, isInstruction, splitTurn, type TurnParts } from './questionSplit';
import { withoutCourtesy } from './understanding/clauses';
import { isOffTopic } from '../rag/grounding';
import { isStudyQuestion, studyTopics } from './studyAnswer';
import { asksOnlyForRecap } from './understanding/recap';

/** Q&A (answer from the knowledge base) or operation (run tools); uses the last rounds for follow-ups. */
export type Route = 'qa' | 'operation';

/** How the controller handles one turn. */
export interface TurnPlan {
  route: Route;
  parts: TurnParts;
  /** questions answered from the knowledge base (not about the user's own Study) */
  knowledge: string[];
  /** the turn also asks a question: every call that changes the Study waits for the user's confirmation */
  propose: boolean;
  /** the turn asks only what XBrain would do ("just tell me what you would do"): answered on the operation route, nothing runs */
  planOnly?: boolean;
}

/** A short follow-up to an answer ("and for ERPs?", "那 ERP 呢") is another question. */
const FOLLOW_UP = /^(and |what about|how about|why|那|那麼|為什麼)/i;

/**
 * A follow-up after an answer that sets a value or names a step ("那改成 100", "and make it 7 to 32"): a request, not
 * another question.
 */
const CHANGES = /\d|改|換|設|調|加|減|除以|乘以|切|濾|畫|\b(?:make|set|change|switch|use|do|run|plot|raise|lower|double|halve|apply|train|keep)\b/i;

/** An imperative that asks for something to be made or named ("tell me a joke", "recommend a movie", "幫我推薦一家餐廳"). */
const OFF_TOPIC_IMPERATIVE =
  /^(?:(?:please|pls|just|now)\s+)?(?:tell|give|show|write|make|compose|recommend|suggest|sing|find|book|order|plan|draw)\s+(?:me|us)?\s*(?:a|an|some|one|two|three|\d+)\b|^(?:請|麻煩|幫我|請幫我|給我)?\s*(?:推薦|介紹|講|說|寫|唱|訂|找|畫)\s*(?:給我|我)?\s*(?:一|兩|幾|個|些)/i;

export const STEP_FOLLOW_UP = /^(?:(?:and\s+)?(?:what|how)\s+about\b.*[?？]?$|and\s+(?:for|in|on|with)\b|那麼?\s*[^，,。；;？?]{1,24}?\s*呢[?？]?$)/i;

export function planTurn(said: string, recent: { user: string; route: Route }[] = []): TurnPlan {
  const text = withoutCourtesy(said);
  const parts = splitTurn(text);
  // "what did you just run?", 「你剛剛做了什麼？」: what this conversation ran, answered from it (no knowledge base, no call)
  if (asksOnlyForRecap(parts)) return { route: 'operation', parts, knowledge: [], propose: false };
  const last = recent[recent.length - 1];
  if (parts.requests.length === 1 && parts.questions.length === 0 && last?.route === 'qa' && FOLLOW_UP.test(text.trim()) && !CHANGES.test(text)) {
    return { route: 'qa', parts: { questions: parts.requests, requests: [] }, knowledge: parts.requests, propose: false };
  }
  // "what about in raw?", "那 raw 呢？" after a step: the same step on something else, not a new question
  if (
    last?.route === 'operation' &&
    parts.requests.length === 0 &&
    parts.questions.length === 1 &&
    STEP_FOLLOW_UP.test(text.trim()) &&
    text.trim().split(/\s+/).length <= 6
  ) {
    return { route: 'operation', parts: { questions: [], requests: parts.questions }, knowledge: [], propose: false };
  }
  // "tell me a joke about cats", "推薦一部電影": an off-topic imperative is a request (declined on the operation route),
  // not a question; only its form decides, so "tell me a joke?" and "what's a good movie" stay questions
  if (parts.requests.length === 0 && OFF_TOPIC_IMPERATIVE.test(text.trim()) && !/[?？]\s*$/.test(text) && isOffTopic(text)) {
    return { route: 'operation', parts: { questions: [], requests: [text.trim()] }, knowledge: [], propose: false };
  }
  // a statement that is also a request (questionSplit's ambiguous case) is answered and its action proposed; a question
  // about a quantity of the user's Study ("how many trials per class do I have?") is answered from the Study's facts
  // and the knowledge base (studyAnswer.ts), besides any read-only tool it reads the Study with
  // "don't touch anything yet, just tell me what you would do": a request to hear the plan, on the operation route, with no step
  if (parts.requests.length === 0 && asksForPlanOnly(text)) return { route: 'operation', parts, knowledge: [], propose: true, planOnly: true };
  const knowledge = parts.questions.filter((q) => !isStudyQuestion(q) || studyTopics(q).length > 0);
  const study = parts.questions.filter(isStudyQuestion).length;
  if (parts.requests.length === 0 && study === 0) return { route: 'qa', parts, knowledge, propose: false };
  // a question about the Study reads it; a request next to a question is proposed, never run unasked
  // … and a request without a verb ("EEGNet for 4 s epochs at 250 Hz") is proposed too: an action runs only when asked for
  return { route: 'operation', parts, knowledge, propose: parts.questions.length > 0 || !parts.requests.every(isInstruction) };
}

export function routeRequest(text: string, recent: { user: string; route: Route }[] = []): Route {
  return planTurn(text, recent).route;
}
