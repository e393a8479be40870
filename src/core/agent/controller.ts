import type { XBrainSession } from '../session';
import type { ToolResult } from '../tools/result';
import { errorResult } from '../tools/result';
import type { PlannedCall } from '../study/stateManager';
import type { AgentErrorCode, AgentEvent, AgentEventListener } from './events';
import type { ChatMessage, ChatResponse, LlmClient, ToolCall } from './llm';
import { LlmError } from './llm';
import { buildSystemPrompt, toolSpecsFor } from './prompts';
import { domainCheck } from './validators';
import { planTurn, type Route, type TurnPlan } from './router';
import { definitionByName } from '../tools/definitions';
import { insteadLine } from './notOffered';
import { computedAnswer } from './computedAnswer';
import { assessQuestion, checkCitations, declineLine, isOffTopic, namesOffDomainSubject, notOfferedLine, type PassageHit } from '../rag/grounding';
import { isExplicitRequest, mentionsStep, stepAskedAbout } from './questionSplit';
import { numberedParts } from '../rag/questionParts';
import { Conversation } from './conversation';
import { UsageMeter } from './usage';
import { summarizeRun, type AgentCall } from './runSummary';
import { reviewStudy } from './reviewer';
import { confirmedQuestionOf } from '../tools/registry';
import { destructiveAsked, destructiveRefusal } from './understanding/safety';
import { canonicalText } from './understanding/lexicon';
import { readStudyFor, studyFactsPrompt, workspaceRecordings } from './studyAnswer';

export type { AgentCall } from './runSummary';

export interface ConfirmRequest {
  tool: string;
  arguments: Record<string, unknown>;
  question: string;
  /** what a yes would run: this call, or the whole skip-ahead plan the registry proposes for it */
  steps: PlannedCall[];
  /**
   * Steps of `steps` the model did not call in this request (the registry's skip-ahead defaults): the user never asked
   * for them, so a blanket yes (`xbrain ask --yes`) must not confirm them; only the user answering this question may.
   */
  unrequested: PlannedCall[];
}

/** Finds reference text for a question or few-shot examples for a request (src/core/rag implements it). */
export interface Retriever {
  /** the k passages that best answer `query`, the user's words (the knowledge base's retriever adds its glossary's terms) */
  retrieve(query: string, k: number): Promise<{ title: string; source: string; text: string; score: number; uri?: string }[]>;
  /** The question with misspelt words read as the knowledge base's own words ("imagry" → "imagery"), if it can. */
  correctSpelling?(text: string): string;
}

/** A passage the answer cites, numbered as in the prompt. */
export interface Citation {
  ref: number;
  title: string;
  source: string;
  uri?: string;
  text: string;
}

export interface AgentOptions {
  llm: LlmClient;
  session: XBrainSession;
  /** ReAct steps per request (default 8) */
  maxSteps?: number;
  /** pauses the loop for a tool that needs confirmation; resolves true to run it. Default: reject. */
  confirm?: (req: ConfirmRequest) => Promise<boolean>;
  onEvent?: AgentEventListener;
  retriever?: Retriever;
  /** the model has no native tool calling: schemas go into the prompt, calls come back as fenced json */
  textProtocol?: boolean;
  /** a data path named by the user outside the request (CLI --data); also allowed outside the workspace */
  dataPath?: string;
  conversation?: Conversation;
  usage?: UsageMeter;
  signal?: AbortSignal;
  /** run training to the end before returning (CLI) */
  awaitLongJobs?: boolean;
  progress?: (message: string) => void;
}

export interface AgentRunResult {
  route: Route;
  answer: string;
  calls: AgentCall[];
  /** why the loop ended early, if it did */
  stoppedBy?: AgentErrorCode;
  steps: number;
  /** questions: the passages retrieved for the answer, in prompt order */
  retrieved?: Citation[];
  /** questions: the retrieved passages the answer cites (citations to anything else are removed) */
  citations?: Citation[];
  /** questions: how the answer was grounded */
  grounding?: 'answered' | 'not_covered' | 'declined' | 'llm_failed';
  /** operations: the model found no tool for the request */
  unmapped?: boolean;
}

/** Passages a question is answered from. */
const QA_PASSAGES = 5;
/** The not-offered line of grounding.ts (a capability question), as opposed to its plain "not covered" line. */
const NOT_OFFERED = /does not offer|沒有提供/;
const MAX_BROKEN_RETRIES = 2;
const MAX_TOOL_FAILURES = 3;
const LOOP_WINDOW = 10;
const LOOP_REPEATS = 3;

/**
 * The ReAct controller: think → act → observe → iterate. Before every step the system prompt is rebuilt from the
 * Study (stage, tools, schemas); every call goes through domain checks and the registry (stage gate, schema,
 * confirmation). Broken output is retried twice, failing tools up to three times in a row, and the same call three
 * times within the last ten stops the run as a loop. A failed call never leaves the Study changed (the registry
 * guarantees it); later calls of the same plan are skipped and the model is told why.
 */
export class AgentController {
  readonly conversation: Conversation;
  readonly usage: UsageMeter;

  constructor(private readonly o: AgentOptions) {
    this.conversation = o.conversation ?? new Conversation();
    this.usage = o.usage ?? new UsageMeter();
  }

  /** A short reply right after a step ("and accuracy", "what about in raw?") continues it; it is not off-topic. */
  private followsAStep(request: string): boolean {
    const last = this.conversation.recent(1)[0];
    const short = request.trim().split(/\s+/).length <= 8 && request.replace(/[^\u4e00-\u9fff]/g, '').length <= 16;
    return last?.route === 'operation' && short;
  }

  private emit(e: AgentEvent): void {
    this.o.onEvent?.(e);
  }

  async run(request: string): Promise<AgentRunResult> {
    const plan = planTurn(request, this.conversation.recent(5));
    // read before this turn is recorded
    const followUp = this.followsAStep(request);
    let result: AgentRunResult;
    if (plan.route === 'qa') result = await this.answer(request);
    else if (
      plan.parts.requests.length > 0 &&
      ((!plan.parts.requests.some(isExplicitRequest) && isOffTopic(request) && !mentionsStep(request)) || namesOffDomainSubject(request)) &&
      !followUp
    ) {
      // "write me a poem", "translate this": off-topic requests are declined in one line, as questions are
      const answer = declineLine(request);
      this.conversation.add({ user: request, route: 'operation', messages: [], answer, at: new Date().toISOString() });
      result = { route: /[?？]\s*$/.test(request) ? 'qa' : 'operation', answer, calls: [], steps: 0, grounding: 'declined' };
    } else if (plan.knowledge.length) {
      // a mixed turn: answer first, then propose the request (nothing that changes the Study runs unconfirmed)
      const qa = await this.answer(plan.knowledge.join(' '), false);
      let op = await this.operate(request, plan);
      // "… — sensible? go ahead", "which band for MI? apply it": the request points back ("it", "go ahead") at what the
      // question named or the answer recommends; the step is read from the question's own values, else from the
      // call the answer quotes. Still only proposed: the plan proposes every call that changes the Study
      if (op.unmapped && op.calls.length === 0) {
        const asked = plan.knowledge.join(' ');
        // "epoch -0.5 to 4 … — sensible?": the values without the judgement asked about them
        const stated = asked.replace(/\s*(?:[—–:,]|\s-)\s*(?:\S+\s*){1,3}[?？]\s*$/, '');
        // "should I band-pass 8 to 30 Hz? if so, go ahead": the step the yes/no question asks about
        const step = plan.knowledge.map(stepAskedAbout).join('; ');
        for (const referent of [...new Set([asked, stated, step])].concat(recommendedCalls(qa.answer, asked))) {
          const retry = await this.operate(referent, plan);
          if (retry.calls.length > 0) {
            op = retry;
            break;
          }
        }
      }
      result = withProposal(qa, op);
    } else {
      result = await this.operate(request, plan);
      // "with 60 test trials and 3 classes what accuracy is significant", "run ICA on my data": no tool fits a
      // request in the domain, so the knowledge base answers it (what it is, or that XBrain does not do it)
      if (result.unmapped && result.calls.length === 0 && plan.knowledge.length === 0 && !isOffTopic(request)) {
        const qa = await this.answer(request, false);
        // (a turn that asks only for XBrain's plan keeps the operation route: what it would do, nothing run)
        if (qa.grounding === 'answered') result = plan.planOnly ? { ...qa, route: 'operation' } : qa;
      } else if (result.unmapped && result.calls.length === 0 && !mentionsStep(request) && !followUp) {
        // "幫我算這學期的 GPA": an instruction in form (算 is a step verb) that no tool fits, with no domain word and no
        // step named, is off-topic: declined in one line, as the same words asked as a question are
        result = { ...result, answer: declineLine(request), grounding: 'declined' };
      } else if (this.o.retriever && waitsOnTheUser(result) && !isOffTopic(request)) {
        // "beta only 13-30 Hz for my ERD analysis", "3d head plot in xbrainlab uses which saliency method", "resample
        // 之後準確率掉很多": a turn not read as an instruction (its step only proposed) or one the planner needs more
        // detail for is often a question or a report too; the knowledge base's answer about it comes first, as in a
        // mixed turn, when a passage covers it
        const qa = await this.answer(request, false);
        if (qa.grounding === 'answered' && (qa.citations?.length ?? 0) > 0) result = withProposal(qa, result);
      }
    }
    await this.conversation.save().catch(() => undefined);
    return result;
  }

  /**
   * Q&A: retrieve from the knowledge base and answer from those passages only. Off-topic questions are declined in
   * one line and questions nothing retrieved covers are said to be not covered, on every path; the model's
   * citations are checked against what was retrieved and its Sources line rebuilt from the passages it cited.
   */
  private async answer(question: string, record = true): Promise<AgentRunResult> {
    // a misspelt word ("imagry", "trails") is read as the knowledge base's word for retrieval and for the answer;
    // whether the question is off-topic is decided on what the user typed
    const asked = this.o.retriever?.correctSpelling?.(question) ?? question;
    const hits = await this.retrieveFor(asked);
    const retrieved: Citation[] = hits.map((h, i) => ({ ref: i + 1, title: h.title, source: h.source, uri: h.uri, text: h.text }));
    // off-topic is decided on what the user typed, with the retrieval's evidence for words the lexicon lacks
    const typed = assessQuestion(question, hits);
    const assessed = typed === 'off_topic' || asked === question ? typed : assessQuestion(asked, hits);
    // "62 out of 100 right, binary. p value?": a question that gives the numbers a method's formula needs
    // (computedAnswer.ts: a binomial test, a Nyquist frequency, an epoch's samples) is a methods question even when
    // it names no EEG word
    const verdict = assessed === 'off_topic' && hits.length > 0 && computedAnswer(asked) ? 'covered' : assessed;
    const done = (answer: string, grounding: AgentRunResult['grounding'], citations: Citation[] = []): AgentRunResult => {
      if (record) this.conversation.add({ user: question, route: 'qa', messages: [], answer, at: new Date().toISOString() });
      return { route: 'qa', answer, calls: [], steps: 0, retrieved, citations, grounding };
    };
    // "what is my test accuracy?", "我現在資料的取樣率": the user's own Study answers first (read only, studyAnswer.ts)
    const study = readStudyFor(asked, this.o.session.study.state, { workspaceFiles: workspaceRecordings(this.o.session.env.workspace) });
    if (!study && verdict === 'off_topic') return done(declineLine(question), 'declined');
    const covered = verdict !== 'not_covered' && verdict !== 'off_topic' && hits.length > 0;
    // "有 EEG-ITNet 或 TCNet 嗎": XBrain does not offer it, and the answer names what XBrain offers of that kind
    if (!study && !covered) {
      const line = notOfferedLine(question);
      const instead = NOT_OFFERED.test(line) ? insteadLine(question) : undefined;
      return done(instead ? `${line}${/[\u4e00-\u9fff]/.test(question) ? '' : ' '}${instead}` : line, 'not_covered');
    }
    const context = covered ? hits.map((h, i) => `[${i + 1}] ${h.title} (${h.source})\n${h.text}`).join('\n\n') : '';
    const zh = /[\u4e00-\u9fff]/.test(question);
    const system = [
      'You are XBrain, an EEG deep-learning assistant.',
      'Task: answer the question from the sources below in a few sentences and cite them as [n]. If they do not answer it, say so.',
      `Use only facts stated in the sources; cite every sentence with the [n] of the source it comes from; answer in ${zh ? 'Traditional Chinese' : 'English'}; if the sources do not cover the question, reply "The knowledge base does not cover this."`,
      ...(study ? [studyFactsPrompt(study)] : []),
      'Additional context (reference material, may be partial):',
      context,
    ].join('\n');
    const messages: ChatMessage[] = [{ role: 'system', content: system }, ...this.conversation.window(2000).slice(-6), { role: 'user', content: asked }];
    let text: string;
    try {
      const r = await this.o.llm.chat({ messages, tools: [], signal: this.o.signal, onText: (t) => this.emit({ type: 'think_chunk', text: t }) });
      this.usage.add('qa', r.usage);
      text = r.content.trim();
    } catch (e) {
      const msg = `The language model failed: ${e instanceof Error ? e.message : String(e)}`;
      this.emit({ type: 'error', code: 'llm', message: msg });
      return done(msg, 'llm_failed');
    }
    const checked = checkCitations(text, hits);
    const citations = checked.cited.map((n) => retrieved[n - 1]);
    // the Study's facts answer even when the passages add nothing
    const grounding = checked.notCovered && !study ? 'not_covered' : 'answered';
    return done(checked.answer, grounding, grounding === 'answered' ? citations : []);
  }

  /**
   * The passages a question is answered from (few-shot examples serve operations, not questions). A question of
   * several numbered parts ("1) … 2) … 3) …") is also retrieved part by part and the rankings are interleaved, so that a part
   * the whole question's ranking leaves out still finds its passage.
   */
  private async retrieveFor(question: string): Promise<PassageHit[]> {
    const retriever = this.o.retriever;
    if (!retriever) return [];
    // the retriever adds the glossary's terms itself, weighted below the question's own words
    const search = async (q: string) => (await retriever.retrieve(q, 10).catch(() => [])).filter((h) => !/examples/i.test(h.source));
    const whole = await search(question);
    // only numbered items: a follow-up sentence ("… default? can I use it for 2a?") leans on the first and retrieves badly alone
    const parts = numberedParts(question);
    if (parts.length < 2) return whole.slice(0, QA_PASSAGES);
    const rankings = [whole, ...(await Promise.all(parts.map(search)))];
    const out: PassageHit[] = [];
    const seen = new Set<string>();
    for (let i = 0; out.length < QA_PASSAGES && rankings.some((r) => i < r.length); i++)
      for (const r of rankings) {
        const h = r[i];
        const key = h ? (h.uri ?? `${h.source}#${h.title}`) : '';
        if (!h || seen.has(key) || out.length >= QA_PASSAGES) continue;
        seen.add(key);
        out.push(h);
      }
    return out;
  }

  private async operate(request: string, plan: TurnPlan): Promise<AgentRunResult> {
    const { session } = this.o;
    const maxSteps = this.o.maxSteps ?? 8;
    const examples = this.o.retriever ? await this.o.retriever.retrieve(request, 3).catch(() => []) : [];
    const context = examples.length ? examples.map((h, i) => `[${i + 1}] ${h.title} (${h.source})\n${h.text}`).join('\n\n') : undefined;
    const turn: ChatMessage[] = [];
    const history = this.conversation.window();
    const warnedBefore = new Set(reviewStudy(session.study.state).map((w) => w.reason));
    const calls: AgentCall[] = [];
    const recent: string[] = [];
    const rejected = new Set<string>();
    /** the tools the model called for this request (steps a skip-ahead plan adds are not among them) */
    const requested = new Set<string>();
    let broken = 0;
    let failures = 0;
    let stoppedBy: AgentErrorCode | undefined;
    let stopMessage: string | undefined;
    let finalText = '';
    let unmapped = false;
    let step = 0;

    const stop = (code: AgentErrorCode, message: string) => {
      stoppedBy = code;
      stopMessage = message;
      this.emit({ type: 'error', code, message });
    };

    while (!stoppedBy) {
      if (this.o.signal?.aborted) {
        stop('cancelled', 'cancelled by the user');
        break;
      }
      if (step >= maxSteps) {
        stop('max_steps', `reached the limit of ${maxSteps} steps`);
        break;
      }
      step++;
      const stage = session.study.stage;
      this.emit({ type: 'step_start', step, stage });
      const system = buildSystemPrompt(session.study.state, {
        textProtocol: this.o.textProtocol ?? this.o.llm.usesTextProtocol,
        dataPath: this.o.dataPath,
        context,
        ...(plan.propose ? { questionParts: plan.parts.questions, requestParts: plan.parts.requests } : {}),
      });
      const messages: ChatMessage[] = [{ role: 'system', content: system }, ...history, { role: 'user', content: request }, ...turn];
      let reply: ChatResponse;
      try {
        reply = await this.o.llm.chat({
          messages,
          tools: toolSpecsFor(session.study.state),
          signal: this.o.signal,
          onText: (t) => this.emit({ type: 'think_chunk', text: t }),
        });
      } catch (e) {
        const msg = e instanceof LlmError ? `${e.kind}: ${e.message}` : e instanceof Error ? e.message : String(e);
        stop(e instanceof LlmError && e.kind === 'cancelled' ? 'cancelled' : 'llm', `the language model failed (${msg})`);
        this.emit({ type: 'step_end', step, stage: session.study.stage });
        break;
      }
      this.usage.add('controller', reply.usage);

      if (reply.broken && reply.toolCalls.length === 0) {
        broken++;
        if (broken > MAX_BROKEN_RETRIES) {
          stop('broken_output', `the model's output could not be parsed ${broken} times (${reply.broken})`);
        } else {
          turn.push({ role: 'assistant', content: reply.content });
          turn.push({
            role: 'user',
            content: `System: your last output contained a broken tool call (${reply.broken}). Reply again with valid JSON: one {"tool_name": ..., "parameters": {...}} per call, or plain text if no tool is needed.`,
          });
        }
        this.emit({ type: 'step_end', step, stage: session.study.stage });
        continue;
      }

      if (reply.toolCalls.length === 0) {
        finalText = reply.content.trim();
        unmapped = reply.unmapped === true && calls.length === 0;
        this.emit({ type: 'step_end', step, stage: session.study.stage });
        break;
      }

      turn.push({ role: 'assistant', content: reply.content, toolCalls: reply.toolCalls });
      const planned: PlannedCall[] = reply.toolCalls.map((c) => ({ tool: c.name, arguments: c.arguments ?? {} }));
      for (const c of reply.toolCalls) requested.add(c.name);
      this.emit({ type: 'plan_start', steps: planned });
      let completed = 0;
      let failedAt: string | undefined;
      for (let i = 0; i < reply.toolCalls.length; i++) {
        const call = reply.toolCalls[i];
        if (failedAt || stoppedBy) {
          turn.push(toolMessage(call, `Not run: ${failedAt ? `the earlier step ${failedAt} failed` : 'the run stopped'}.`));
          continue;
        }
        const outcome = await this.execute(
          call,
          recent,
          rejected,
          requested,
          plan.propose ? (plan.parts.questions.length ? 'question' : 'request') : false,
          request,
        );
        if (outcome.loop) {
          stop('loop', `the same call ${call.name}(${JSON.stringify(call.arguments)}) was requested ${LOOP_REPEATS} times in the last ${LOOP_WINDOW} calls`);
          turn.push(toolMessage(call, 'Not run: loop detected.'));
          continue;
        }
        const r = outcome.result;
        calls.push({ tool: call.name, arguments: outcome.arguments, result: r });
        turn.push(toolMessage(call, observationText(r, outcome.rejectedByUser)));
        this.emit({ type: 'observation', tool: call.name, text: observationText(r, outcome.rejectedByUser) });
        if (r.type === 'error' || outcome.rejectedByUser) {
          failedAt = call.name;
          if (!outcome.rejectedByUser) failures++;
          if (failures >= MAX_TOOL_FAILURES) stop('tool_failures', `${failures} tool calls failed in a row; last: ${r.content}`);
        } else {
          failures = 0;
          completed++;
        }
      }
      this.emit({ type: 'plan_end', completed, total: reply.toolCalls.length, ...(failedAt ? { failed: failedAt } : {}) });
      this.emit({ type: 'step_end', step, stage: session.study.stage });
    }

    // the reviewer's rubric: only pitfalls this request introduced, with the reason
    const fresh = reviewStudy(session.study.state).filter((w) => !warnedBefore.has(w.reason));
    const summary =
      summarizeRun(calls, session.study.stage, stopMessage) + (fresh.length ? `\n${fresh.map((w) => `Warning (${w.rule}): ${w.reason}`).join('\n')}` : '');
    const answer = finalText && calls.length ? `${finalText}\n\n${summary}` : finalText || summary;
    this.conversation.add({ user: request, route: 'operation', messages: turn, answer, at: new Date().toISOString() });
    return { route: 'operation', answer, calls, stoppedBy, steps: step, ...(unmapped ? { unmapped } : {}) };
  }

  /** Validates, gates, asks for confirmation when needed, and runs one call. */
  private async execute(
    call: ToolCall,
    recent: string[],
    rejected: Set<string>,
    requested: ReadonlySet<string>,
    /** the turn asked a question ('question'), or asked for a step without an instruction ('request'): only propose */
    propose: 'question' | 'request' | false = false,
    request = '',
  ): Promise<{ result: ToolResult; arguments: Record<string, unknown>; loop?: boolean; rejectedByUser?: boolean }> {
    const { session } = this.o;
    const args = call.arguments ?? {};
    const key = `${call.name}:${stableStringify(args)}`;
    recent.push(key);
    if (recent.length > LOOP_WINDOW) recent.shift();
    if (recent.filter((k) => k === key).length >= LOOP_REPEATS)
      return { result: errorResult(call.name, 'invalid_arguments', 'loop'), arguments: args, loop: true };

    this.emit({ type: 'action_start', tool: call.name, arguments: args });
    if (call.arguments === null) {
      const r = errorResult(call.name, 'invalid_arguments', `${call.name}: the arguments are not a JSON object (${(call.rawArguments ?? '').slice(0, 80)})`);
      this.emit({ type: 'exec_result', tool: call.name, result: r });
      return { result: r, arguments: args };
    }
    const extraRoots = this.o.dataPath ? this.o.dataPath.split(/\s*,\s*/).map((p) => p.replace(/[\\/][^\\/]*\.[^\\/]*$/, '')) : [];
    // the same safety rules on every path: nothing destructive from a negation, a quote or a file name
    const problem =
      (request && !destructiveAsked(call.name, request) ? destructiveRefusal(call.name) : null) ??
      domainCheck(call.name, args, session.study.state, session.env, extraRoots);
    if (problem) {
      const r = errorResult(call.name, 'invalid_arguments', `Tool call REJECTED before running: ${problem}.`);
      this.emit({ type: 'exec_result', tool: call.name, result: r });
      return { result: r, arguments: args };
    }
    const opts = { signal: this.o.signal, progress: this.o.progress, awaitLongJobs: this.o.awaitLongJobs };
    if (propose && hasEffect(call.name)) {
      // the turn asked a question: a call that changes the Study (or writes files) is only proposed, through the usual confirmation
      const lead = propose === 'question' ? 'You asked a question in the same message, so nothing has changed yet.' : 'Nothing has changed yet.';
      const question = `${lead} Run ${call.name}(${Object.entries(args)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(', ')})?`;
      this.emit({ type: 'confirm_request', tool: call.name, arguments: args, question });
      const ok = rejected.has(key) ? false : await (this.o.confirm ?? (async () => false))(confirmRequest(call.name, args, question, null, requested));
      if (!ok) {
        rejected.add(key);
        const res: ToolResult = { type: 'confirm', tool: call.name, content: `Proposed, not run: ${question}`, meta: { arguments: args, proposed: true } };
        this.emit({ type: 'exec_result', tool: call.name, result: res });
        return { result: res, arguments: args, rejectedByUser: true };
      }
    }
    let r = await session.invoke(call.name, args, opts);
    if (r.type === 'confirm' && request && unseenTrainingPlan(call.name, r, request)) {
      // --yes confirms what was asked: a default training run the user never named is proposed, not confirmed
      const res: ToolResult = {
        ...r,
        content: `Proposed, not run: ${r.content}\nAsk to train (e.g. "train with the defaults") to run this plan.`,
        meta: { ...r.meta, proposed: true },
      };
      this.emit({ type: 'exec_result', tool: call.name, result: res });
      return { result: res, arguments: args, rejectedByUser: true };
    }
    // The yes is bound to the question it answered: if the Study changed meanwhile, the registry asks again (at most
    // twice more) instead of running something the user never saw.
    for (let round = 0; r.type === 'confirm' && round < 3; round++) {
      this.emit({ type: 'confirm_request', tool: call.name, arguments: args, question: r.content });
      // A call the user already refused in this request is not asked again (an insistent model cannot wear them down).
      const ok = rejected.has(key) ? false : await (this.o.confirm ?? (async () => false))(confirmRequest(call.name, args, r.content, r, requested));
      if (!ok) {
        rejected.add(key);
        const res: ToolResult = { ...r, content: `The user rejected ${call.name}: ${r.content}`, meta: { ...r.meta, rejected: true } };
        this.emit({ type: 'exec_result', tool: call.name, result: res });
        return { result: res, arguments: args, rejectedByUser: true };
      }
      r = await session.invoke(call.name, args, { ...opts, confirmed: true, confirmedQuestion: confirmedQuestionOf(r) });
    }
    this.emit({ type: 'exec_result', tool: call.name, result: r });
    return { result: r, arguments: args };
  }
}

/** A call that changes the Study or writes files: a turn that asks a question only proposes it. */
function hasEffect(tool: string): boolean {
  const def = definitionByName.get(tool);
  return Boolean(def && (def.mutates || def.writesFiles));
}

/** A skip-ahead plan that trains a model although the request never asked for training ("evaluate" at data_loaded). */
function unseenTrainingPlan(tool: string, r: ToolResult, request: string): boolean {
  const plan = r.meta?.plan as PlannedCall[] | undefined;
  if (!Array.isArray(plan) || tool === 'start_training' || tool === 'run_sweep') return false;
  if (!plan.some((c) => c.tool === 'start_training')) return false;
  return !/\b(?:train|training|retrain|fit)\b|訓練/i.test(canonicalText(request));
}

/** The question with what a yes would run, and which of those steps the request did not ask for. */
function confirmRequest(tool: string, args: Record<string, unknown>, question: string, r: ToolResult | null, requested: ReadonlySet<string>): ConfirmRequest {
  const plan = r?.meta.plan;
  const steps: PlannedCall[] = Array.isArray(plan) && plan.length ? (plan as PlannedCall[]) : [{ tool, arguments: args }];
  return { tool, arguments: args, question, steps, unrequested: steps.filter((s) => !requested.has(s.tool)) };
}

function toolMessage(call: ToolCall, content: string): ChatMessage {
  return { role: 'tool', toolCallId: call.id, name: call.name, content };
}

/** What the model reads back: the result text framed as data, with the error code when it failed. */
function observationText(r: ToolResult, rejectedByUser?: boolean): string {
  if (rejectedByUser && r.meta.proposed) return `PROPOSED to the user: ${r.tool} did not run and waits for their confirmation. Do not call it again.`;
  if (rejectedByUser) return `REJECTED by the user: ${r.tool} did not run. Do not call it again unless the user asks.`;
  const head = r.type === 'error' ? `ERROR (${r.error?.code ?? 'error'}): ` : '';
  return `${head}${r.content}`.slice(0, 4000);
}

export function stableStringify(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableStringify).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/**
 * The Study-changing calls an answer quotes in call syntax ("In XBrain: apply_bandpass_filter(low_freq=8, high_freq=30)"),
 * first quoted first: what "apply it" after a question refers to when the question itself names no values.
 */
export function recommendedCalls(answer: string, question: string): string[] {
  const asked = question.toLowerCase().replace(/[^a-z]/g, '');
  // only a step the question is about: the answer may quote other steps as examples ("a band-pass step is the line …")
  const about = (tool: string) => tool.split('_').some((w) => w.length >= 5 && !GENERIC_TOOL_WORDS.has(w) && asked.includes(w.slice(0, 5)));
  const out: string[] = [];
  for (const m of answer.matchAll(/\b([a-z_]+)\(([^()]*)\)/g))
    if (definitionByName.get(m[1])?.mutates && m[2].includes('=') && about(m[1]) && !out.includes(m[0])) out.push(m[0]);
  return out;
}

/** Words of tool names that say nothing about which step a question is about. */
const GENERIC_TOOL_WORDS = new Set(['apply', 'filter', 'standard', 'preprocess', 'start', 'compute', 'generate', 'configure']);

/** A mixed turn's reply: the answer, then the operation's outcome (a proposal), then the answer's Sources line. */
function withProposal(qa: AgentRunResult, op: AgentRunResult): AgentRunResult {
  const sources = /\n\nSources: .*$/s.exec(qa.answer)?.[0] ?? '';
  const body = sources ? qa.answer.slice(0, -sources.length) : qa.answer;
  return { ...op, answer: `${body}\n\n${op.answer}${sources}`, retrieved: qa.retrieved, citations: qa.citations, grounding: qa.grounding };
}

/**
 * An operation that changed nothing and waits on the user: every call was only proposed (the turn was no instruction:
 * verbless, polite or a statement) and not accepted, or no call was made and the planner asks for detail. A call the
 * user declined at a tool's own confirmation, a read-only call and a failed call do not count.
 */
function waitsOnTheUser(op: AgentRunResult): boolean {
  if (op.unmapped || op.stoppedBy) return false;
  if (op.calls.length === 0) return op.answer.trim().length > 0;
  return op.calls.every((c) => c.result.type === 'confirm' && c.result.meta?.proposed === true);
}
