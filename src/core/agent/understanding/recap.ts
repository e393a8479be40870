/**
 * A question about what the agent itself just did ("wait, what did you just run?", "what was that?", "which steps did
 * you do?", 「你剛剛做了什麼？」, 「剛才跑了哪些步驟」): answered from the conversation (the calls of the newest turns that
 * acted, with their arguments), on the operation route and without a call — the knowledge base does not know what
 * this conversation ran, and reading the Study (get_study_state) answers another question (where the Study is).
 */
import { READ_ONLY_TOOLS, type PastTurn } from './references';
import type { TurnParts } from '../questionSplit';

const EN_RECAP =
  /^(?:(?:wait|sorry|hold on|hang on|um+|uh+|hmm+|so|ok(?:ay)?|and|hey)[,\s]+)*(?:what|which\s+(?:steps?|tools?|calls?|functions?|commands?))\s+(?:exactly\s+)?(?:did|have)\s+you\s+(?:just\s+|already\s+|actually\s+)?(?:run|ran|do|done|did|call(?:ed)?|execute(?:d)?|apply|applied|change(?:d)?)(?:\s+(?:just\s+now|now|there|to\s+(?:my|the)\s+(?:data|study|recordings)))?\s*[?.!]*$|^(?:(?:wait|sorry|hold on|um+|hmm+|so|ok(?:ay)?)[,\s]+)*what\s+(?:was|is)\s+(?:that|this)(?:\s+(?:you\s+(?:just\s+)?(?:ran|did|called|applied)|step|call))?\s*[?.!]*$|^(?:(?:wait|sorry|um+|hmm+|so|ok(?:ay)?)[,\s]+)*what\s+(?:just\s+)?(?:happened|ran)(?:\s+just\s+now)?\s*[?.!]*$/i;
const ZH_RECAP =
  /^(?:(?:欸|誒|等等|等一下|嗯|呃|所以|那)[，,\s]*)*(?:你|妳)?(?:剛剛|剛才|方才|剛)\s*(?:到底)?\s*(?:是)?\s*(?:做|跑|執行|套用|呼叫|改)了?\s*(?:什麼|甚麼|啥|哪些|哪個|哪幾個)(?:步驟|東西|動作|工具|設定)?\s*(?:啊|呀|呢)?\s*[?？]?\s*$/;

/** True for a question asking what the agent just ran (nothing else asked). */
export function isRecapQuestion(question: string): boolean {
  const q = question.trim();
  return EN_RECAP.test(q) || ZH_RECAP.test(q);
}

/** The turn asks only what was just run: no request, and every question is a recap question. */
export function asksOnlyForRecap(parts: TurnParts): boolean {
  return parts.requests.length === 0 && parts.questions.length > 0 && parts.questions.every(isRecapQuestion);
}

const args = (a: Record<string, unknown>): string =>
  Object.entries(a)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ');

/** What the newest acting turn ran, in words the user can correct ("I ran apply_bandpass_filter(low_freq=6, high_freq=32) …"). */
export function recapOf(turns: readonly PastTurn[]): string {
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i];
    const calls = t.calls.filter((c) => !READ_ONLY_TOOLS.has(c.tool));
    if (!calls.length) continue;
    const lines = calls.map((c) => `${c.tool}(${args(c.arguments)})${t.failed?.includes(c) ? ' — not run (refused or declined)' : ''}`);
    return `For "${t.user}" I ran: ${lines.join('; ')}. Nothing else was run since. Say what to change (for example a new value) and I will redo that step.`;
  }
  return 'Nothing has been run in this conversation yet.';
}
