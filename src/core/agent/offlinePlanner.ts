import { definitionByName } from '../tools/definitions';
import { SKIP_DEFAULTS, type PlannedCall } from '../study/stateManager';
import type { ChatMessage, ChatRequest, ChatResponse, LlmClient, ToolCall } from './llm';
import { estimateTokens, messagesText } from './llm';
import { readPromptHeader } from './prompts';
import type { PlannerContext } from './plannerRules';
import { interpretRequest } from './interpretRequest';
import { answerWithStudy, isStatusCheck, studyFactsAloneInPrompt, studyFactsFromPrompt } from './studyAnswer';
import { isStudyQuestion, selfAnswered, splitTurn } from './questionSplit';
import type { PastTurn } from './understanding/references';
import { STEP_FOLLOW_UP } from './router';
import { destructiveAsked } from './understanding/safety';
import { withoutCourtesy } from './understanding/clauses';
import { chosenOption } from './understanding/optionsQuestion';
import { asksOnlyForRecap, recapOf } from './understanding/recap';

/**
 * The embedded default model: a deterministic interpreter of EEG requests (English and Traditional Chinese) that
 * speaks the same port as any LLM. It reads only the conversation (the system prompt tells it the stage and tools),
 * emits the whole plan as tool calls in one reply, and after the results replies with no text (the controller's
 * summary reports what ran). No network, no weights.
 */
export class OfflinePlanner implements LlmClient {
  readonly id = 'offline-planner';
  private seq = 0;

  async chat(req: ChatRequest): Promise<ChatResponse> {
    const system = req.messages.find((m) => m.role === 'system')?.content ?? '';
    const header = readPromptHeader(system);
    const lastUser = lastIndex(req.messages, (m) => m.role === 'user');
    const said = lastUser >= 0 ? req.messages[lastUser].content : '';
    // greetings and courtesy words ask for nothing ("hey, do it again", "start, thanks")
    const user = withoutCourtesy(said);
    const prompt = estimateTokens(messagesText(req.messages));
    const reply = (content: string, toolCalls: ToolCall[] = [], unmapped = false): ChatResponse => {
      if (content) req.onText?.(content);
      return {
        content,
        toolCalls,
        usage: { promptTokens: prompt, completionTokens: estimateTokens(content + JSON.stringify(toolCalls)) },
        finishReason: toolCalls.length ? 'tool_calls' : 'stop',
        ...(unmapped ? { unmapped } : {}),
      };
    };

    if (/^Task: answer the question/m.test(system))
      return reply(answerWithStudy(said, header.context ?? '', studyFactsFromPrompt(system), studyFactsAloneInPrompt(system)));

    // Results already came back for this request: the plan is done (the controller summarises what ran).
    const after = req.messages.slice(lastUser + 1);
    if (after.some((m) => m.role === 'assistant' && m.toolCalls?.length)) return reply('');

    const ctx: PlannerContext = {
      stage: header.stage ?? 'empty',
      available: header.available,
      dataPath: header.dataPath,
      previous: previousCalls(req.messages.slice(0, Math.max(lastUser, 0))),
      events: eventsFromPrompt(system),
      training: trainingFromPrompt(system),
      current: settingsFromPrompt(system),
      history: pastTurns(req.messages.slice(0, Math.max(lastUser, 0))),
      ...studyFacts(system),
    };
    // the answer to the planner's own question ("resample the data" → "which rate?" → "128 Hz", 「去除市電雜訊」 → 「台灣」):
    // the request it asked about, completed by the reply
    const answered = answerToQuestion(user, ctx);
    if (answered) return this.planReply(answered.plan, answered.text, ctx, reply);
    // a question never acts: plan only the requests (and questions that read the user's own Study)
    const parts = splitTurn(user);
    const knowledge = parts.questions.filter((q) => !isStudyQuestion(q));
    // an ambiguous statement is both a question and a request: plan it once
    const plannable = [...new Set([...parts.requests, ...parts.questions.filter(isStudyQuestion)])];
    // "what about in raw?" right after a step: the step again on something else
    if (plannable.length === 0 && ctx.history?.some((t) => t.calls.length) && STEP_FOLLOW_UP.test(user.trim())) plannable.push(user.trim());
    // "what did you just run?": the conversation's own calls, no tool
    if (asksOnlyForRecap(parts)) return reply(recapOf(ctx.history ?? []));
    if (plannable.length === 0) return reply(questionOnly(user));
    // "did the filter run?", 「濾波有跑嗎」: a check that a step ran reads the Study; the step it names is not run again
    if (!parts.requests.length && plannable.every(isStatusCheck) && ctx.available.includes('get_study_state'))
      return this.planReply({ calls: [{ tool: 'get_study_state', arguments: {} }] }, user, ctx, reply);
    // an ambiguous statement sits in both lists: it is not its own antecedent
    const text =
      parts.questions.length === 0
        ? selfAnswered(user)
        : resolveReference(
            plannable.join('; '),
            knowledge.filter((q) => !plannable.includes(q)),
          );
    const planned = interpretRequest(text, ctx);
    // a question about the user's own run that no step answers ("which batch size did the last run use?",
    // 「上次訓練用的學習率是多少？」): read the Study, never ask for a value to set
    if (!planned.calls.length && !parts.requests.length && ctx.available.includes('get_study_state'))
      return this.planReply({ calls: [{ tool: 'get_study_state', arguments: {} }] }, user, ctx, reply);
    return this.planReply(planned, user, ctx, reply);
  }

  private planReply(
    planned: ReturnType<typeof interpretRequest>,
    user: string,
    ctx: PlannerContext,
    reply: (content: string, toolCalls?: ToolCall[], unmapped?: boolean) => ChatResponse,
  ): ChatResponse {
    // the controller would refuse a destructive step the request does not ask for on its own (a negation anywhere,
    // a quote, a file name) and stop there: leave it out of the plan, say so, and run the rest
    const dropped = planned.calls.filter((c) => !destructiveAsked(c.tool, user)).map((c) => c.tool);
    const plan = dropped.length
      ? {
          ...planned,
          calls: planned.calls.filter((c) => !dropped.includes(c.tool)),
          message: [planned.message, `Not run: ${dropped.join(', ')} (the request does not ask for it on its own; ask for it by itself to run it).`]
            .filter(Boolean)
            .join('\n'),
        }
      : planned;
    if (plan.calls.length === 0) return plan.message ? reply(plan.message) : reply(cannotMap(user, ctx), [], true);
    const unseen = unseenTraining(plan.calls, ctx);
    if (unseen) return reply(unseen);
    return reply(
      plan.message ?? '',
      plan.calls.map((c) => this.toCall(c)),
    );
  }

  private toCall(c: PlannedCall): ToolCall {
    return { id: `call_offline_${++this.seq}`, name: c.tool, arguments: c.arguments, rawArguments: JSON.stringify(c.arguments) };
  }
}

function lastIndex<T>(xs: T[], p: (x: T) => boolean): number {
  for (let i = xs.length - 1; i >= 0; i--) if (p(xs[i])) return i;
  return -1;
}

/** The calls of the previous request (for corrections such as "actually 8 to 30" and "do it again"). */
function previousCalls(messages: ChatMessage[]): PlannedCall[] {
  const prevUser = lastIndex(messages, (m) => m.role === 'user');
  const out: PlannedCall[] = [];
  for (const m of messages.slice(prevUser + 1)) {
    if (m.role === 'assistant' && m.toolCalls) for (const c of m.toolCalls) out.push({ tool: c.name, arguments: c.arguments ?? {} });
  }
  return out;
}

/** Every earlier request with its calls and the tools' answers, oldest first (the conversation memory). */
export function pastTurns(messages: ChatMessage[]): PastTurn[] {
  const out: PastTurn[] = [];
  const byId = new Map<string, PlannedCall>();
  for (const m of messages) {
    if (m.role === 'user') {
      // the folded summary of old turns: one line per turn, with its calls and their arguments
      if (m.content.startsWith('(Summary of ')) out.push(...summaryTurns(m.content));
      else out.push({ user: m.content, calls: [], results: [], failed: [] });
      continue;
    }
    const t = out[out.length - 1];
    if (!t) continue;
    // the agent's own question back ("I need more detail: resample the data (resample to which rate?)"): the next turn may answer it
    if (m.role === 'assistant' && !m.toolCalls?.length && !t.calls.length && ASKED_BACK.test(m.content)) t.asked = m.content;
    if (m.role === 'assistant' && m.toolCalls)
      for (const c of m.toolCalls) {
        const call = { tool: c.name, arguments: c.arguments ?? {} };
        t.calls.push(call);
        byId.set(c.id, call);
      }
    if (m.role === 'tool') {
      t.results.push(m.content);
      // a call its tool refused or the user declined did not change the Study: its values are not in effect
      const call = byId.get(m.toolCallId);
      if (call && FAILED_RESULT.test(m.content)) (t.failed ??= []).push(call);
    }
  }
  return out;
}

/** The planner's question back when a request lacked a value it cannot guess (interpretRequest's "I need more detail"). */
const ASKED_BACK = /^I need more detail:/;

/** A tool's answer that says the call did not run: its error or the user's refusal (a proposal may still be confirmed later). */
export const FAILED_RESULT = /^(?:ERROR \(|REJECTED by the user)/;

function summaryTurns(text: string): PastTurn[] {
  const out: PastTurn[] = [];
  for (const line of text.split('\n').slice(1)) {
    const m = /^- "(.*)" → (.*)$/.exec(line);
    if (!m) continue;
    const calls: PlannedCall[] = [];
    const failed: PlannedCall[] = [];
    for (const c of m[2].matchAll(/(\w+)\((\{.*?\})\)( \[not run\])?(?=, \w+\(|$)/g)) {
      let call: PlannedCall;
      try {
        call = { tool: c[1], arguments: JSON.parse(c[2]) as Record<string, unknown> };
      } catch {
        // arguments cut short in the summary: the tool is still remembered
        call = { tool: c[1], arguments: {} };
      }
      calls.push(call);
      if (c[3]) failed.push(call);
    }
    out.push({ user: m[1], calls, results: [], failed, ...(!calls.length && ASKED_BACK.test(m[2]) ? { asked: m[2] } : {}) });
  }
  return out;
}

/** The sampling rate and channel count from the prompt's Study line ("3 recording(s), 64 channels @ 160 Hz"). */
function studyFacts(system: string): { sfreq: number | null; channels: number | null; channelNames: string[] | null } {
  const m = /^Study: .*?(\d+) channels @ (\d+(?:\.\d+)?) Hz/m.exec(system);
  const names = /^Channel names: (.+)$/m.exec(system);
  const channelNames = names ? names[1].split(/\s*,\s*/).filter(Boolean) : null;
  return m ? { channels: Number(m[1]), sfreq: Number(m[2]), channelNames } : { sfreq: null, channels: null, channelNames };
}

function eventsFromPrompt(system: string): string[] {
  // the Study line's events ("… events T0/T1/T2"), not the word "events" of the prompt's first sentence
  const m = /^Study: .*?\bevents ([^;\n]+)/m.exec(system);
  return m
    ? m[1]
        .split('/')
        .map((s) => s.trim())
        .filter((s) => s && s !== 'none')
    : [];
}

/** The training configuration in force: the configure_training entry of the prompt's "Current settings". */
function trainingFromPrompt(system: string): Record<string, unknown> | null {
  return settingsFromPrompt(system).find((c) => c.tool === 'configure_training')?.arguments ?? null;
}

/** The settings in force ("Current settings: {tool: arguments, …}" of the prompt), as the calls that set them. */
function settingsFromPrompt(system: string): PlannedCall[] {
  const m = /^Current settings: (\{.*\})$/m.exec(system);
  if (!m) return [];
  try {
    return Object.entries(JSON.parse(m[1]) as Record<string, Record<string, unknown>>).map(([tool, args]) => ({ tool, arguments: { ...args } }));
  } catch {
    return [];
  }
}

/**
 * A short reply right after the planner asked for a value ("I need more detail: … (resample to which rate?)") that plans
 * nothing on its own ("128 Hz", "60", 「台灣」, "the test set"): the request asked about, completed by the reply. Null otherwise.
 */
function answerToQuestion(user: string, ctx: PlannerContext): { plan: ReturnType<typeof interpretRequest>; text: string } | null {
  const history = ctx.history ?? [];
  const last = history[history.length - 1];
  const reply = user.trim();
  if (!last?.asked || last.calls.length || !reply || reply.split(/\s+/).length > 6 || reply.length > 40) return null;
  if (interpretRequest(reply, ctx).calls.length) return null;
  const asked = last.user.trim().replace(/[.!?。！？]+$/, '');
  const option = /\b(?:it|that|this)\b|它|那個|這個/i.test(asked) ? chosenOption(reply, last.asked) : null;
  // the option picked stands where the question's pronoun stood ("double it" + "the second one" → "double the learning rate")
  const text = option
    ? asked.replace(/\b(?:it|that|this)\b|它|那個|這個/i, (p) => (/\w/.test(p) ? `the ${option}` : ` ${option} `))
    : `${asked}, ${reply.trim().replace(/^(?:yes|yeah|yep|ok(?:ay)?|right|對|對啊|是|是的|好)\s*[,，]\s*(?:but\s+|就|但)?(?=\S)/i, '')}`;
  const plan = interpretRequest(text, { ...ctx, history: history.slice(0, -1), previous: [] });
  return plan.calls.length ? { plan, text } : null;
}

/** "apply it" after "what band-pass fits motor imagery?": the question says what "it" is. */
function resolveReference(request: string, questions: string[]): string {
  if (!questions.length || !/\b(?:it|that|this|them|those|these|one|the same)\b|它|這個|那個|這樣|照做/i.test(request)) return request;
  return `${request} ${questions.map((q) => q.replace(/[?？]+\s*$/, '')).join(' ')}`;
}

/**
 * A result of training asked for before anything was trained ("evaluate", "show me what the model learned" at
 * data_loaded) would run filter → epoch → split → train with defaults the user never saw, even under --yes. The
 * planner proposes the plan in words instead; asking to train ("train now") runs it with the usual confirmation.
 */
function unseenTraining(calls: PlannedCall[], ctx: PlannerContext): string | null {
  const first = calls[0];
  if (!first || !ctx.available.length || ctx.available.includes(first.tool)) return null;
  if (calls.some((c) => c.tool === 'start_training')) return null;
  const def = definitionByName.get(first.tool);
  if (!def || !def.stages.every((s) => s === 'trained' || s === 'training')) return null;
  if (!['data_loaded', 'preprocessed', 'dataset_ready'].includes(ctx.stage)) return null;
  const steps =
    ctx.stage === 'data_loaded'
      ? 'band-pass, epoch, split, set a model, configure and train'
      : ctx.stage === 'preprocessed'
        ? 'split, set a model, configure and train'
        : 'set a model, configure and train';
  return `${first.tool} needs a trained model, and the Study is at stage '${ctx.stage}'. Getting there would ${steps} with default settings, which you have not seen, so I ran nothing. Say the next step (for example "${ctx.stage === 'dataset_ready' ? 'train EEGNet for 20 epochs' : ctx.stage === 'preprocessed' ? 'split by trial with 20% test' : 'epoch 0 to 4 s around T1 and T2'}"), or "train with the defaults" to run the whole plan.`;
}

/** A question that reached the planner without reference material (e.g. VS Code agent mode): nothing is run. */
function questionOnly(request: string): string {
  return /[\u4e00-\u9fff]/.test(request)
    ? '這是一個問題，所以我沒有執行任何工具，研究內容未變更。請在 @xbrain 聊天中提問以取得附出處的回答，或直接告訴我要執行的步驟。'
    : 'That is a question, so I ran no tool and the Study is unchanged. Ask it in @xbrain chat for an answer with sources, or tell me the step to run.';
}

/** Says that the request was not understood and lists what can be done now. */
export function cannotMap(request: string, ctx: Pick<PlannerContext, 'stage' | 'available'>): string {
  const zh = /[\u4e00-\u9fff]/.test(request);
  const tools = ctx.available.map((t) => `- ${t}: ${definitionByName.get(t)?.summary ?? ''}`).join('\n');
  const head = zh
    ? `我無法把「${request.trim()}」對應到任何工具。目前階段是 ${ctx.stage}，可以做的有：`
    : `I could not map "${request.trim()}" to a tool. At stage '${ctx.stage}' I can:`;
  const eg =
    ctx.stage === 'empty'
      ? 'load S001R04.edf'
      : ctx.stage === 'data_loaded'
        ? 'band-pass 8 to 30 Hz then epoch 0 to 4 s around T1 and T2'
        : ctx.stage === 'preprocessed'
          ? 'split the data by trial with 20% test'
          : 'train EEGNet for 20 epochs with batch 64';
  return `${head}\n${tools}\n${zh ? '例如' : 'For example'}: "${eg}".`;
}

export { SKIP_DEFAULTS };
