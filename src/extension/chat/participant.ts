import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import { isAbsolute, join, basename } from 'node:path';
import type { SessionHost } from '../sessionHost';
import type { ToolResult } from '../../core/tools/result';
import { HELP_TEXT, planSlashCommand, type PlannedToolCall } from './slashCommands';
import { renderCall, renderTrainingEnd, confirmInChat } from './render';
import { callLine, answerWithoutCalls } from './callView';
import { selectFallbackModel, OFFLINE_VENDOR } from './modelProviders';
import { VscodeLmClient } from './lmClient';
import { AgentController, type Retriever } from '../../core/agent/controller';
import { citedSources, type RetrievedHit } from './citations';
import { OfflinePlanner } from '../../core/agent/offlinePlanner';
import { exportChatToNotebook, type ChatTurnCalls } from '../notebook';
import { confirmedQuestionOf } from '../../core/tools/registry';

export const PARTICIPANT_ID = 'xbrain.xbrain';

/** What a turn leaves behind for the next one (ChatResult.metadata must be JSON). */
export interface XBrainChatMetadata {
  kind: 'xbrain';
  command?: string;
  stage: string;
  toolRounds: { tool: string; args: Record<string, unknown>; type: ToolResult['type'] }[];
}

export function isXBrainMetadata(m: unknown): m is XBrainChatMetadata {
  return !!m && typeof m === 'object' && (m as { kind?: unknown }).kind === 'xbrain';
}

/** `hostReady` resolves once the Study is loaded; a message sent before that waits for it. */
export function registerParticipant(hostReady: Promise<SessionHost>): vscode.Disposable {
  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, async (request, chatContext, stream, token) =>
    handle(await hostReady, request, chatContext, stream, token),
  );
  participant.iconPath = new vscode.ThemeIcon('pulse');
  participant.followupProvider = { provideFollowups: async (result) => followups(await hostReady, result) };
  return participant;
}

/** The executed tool calls of this chat's earlier turns, read back from ChatResult.metadata. */
export function turnsFromHistory(history: vscode.ChatContext['history']): ChatTurnCalls[] {
  const turns: ChatTurnCalls[] = [];
  let request = '';
  for (const t of history) {
    if (t instanceof vscode.ChatRequestTurn) request = (t.command ? `/${t.command} ` : '') + t.prompt;
    else if (isXBrainMetadata(t.result.metadata)) {
      turns.push({
        request,
        toolCalls: t.result.metadata.toolRounds.filter((r) => r.type !== 'error' && r.type !== 'confirm').map((r) => ({ tool: r.tool, arguments: r.args })),
      });
    }
  }
  return turns;
}

let lastTurns: ChatTurnCalls[] = [];
/** The latest chat's turns (for XBrain: Export Chat to Notebook run from the palette). */
export const latestChatTurns = (): readonly ChatTurnCalls[] => lastTurns;

async function handle(
  host: SessionHost,
  request: vscode.ChatRequest,
  chatContext: vscode.ChatContext,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const meta: XBrainChatMetadata = { kind: 'xbrain', command: request.command, stage: host.stage, toolRounds: [] };
  const prompt = (request.command ? `/${request.command} ` : '') + request.prompt;
  const finish = (): vscode.ChatResult => {
    lastTurns = [
      ...turnsFromHistory(chatContext.history),
      {
        request: prompt,
        toolCalls: meta.toolRounds.filter((r) => r.type !== 'error' && r.type !== 'confirm').map((r) => ({ tool: r.tool, arguments: r.args })),
      },
    ];
    return { metadata: { ...meta, stage: host.stage } };
  };
  if (request.command === 'help') {
    stream.markdown(HELP_TEXT);
    return finish();
  }
  if (request.command === 'notebook') {
    const turns = turnsFromHistory(chatContext.history);
    await exportChatToNotebook(turns);
    stream.markdown(
      `Opened this chat as an \`.xbrain\` notebook (${turns.reduce((n, t) => n + t.toolCalls.length, 0)} tool calls in ${turns.length} turns). Run all cells to reproduce the analysis.`,
    );
    return finish();
  }
  if (!host.trusted && request.command !== 'status' && request.command !== 'report') {
    stream.markdown(
      'This workspace is not trusted, so XBrain runs no tools that change data or train, and no agent tools. Trust the workspace (**Workspaces: Manage Workspace Trust**) and ask again. `/status` still works.',
    );
    return finish();
  }
  const plan = request.command ? planSlashCommand(request.command, request.prompt) : null;
  if (plan) {
    for (const call of plan) {
      if (token.isCancellationRequested) break;
      const result = await runCall(host, await resolvePaths(host, call), stream, token);
      meta.toolRounds.push({ tool: call.tool, args: call.args, type: result.type });
      if (result.type === 'error' || result.type === 'confirm') break;
    }
    return finish();
  }
  return runModelLoop(host, request, stream, token, meta).then(finish, (e) => {
    if (e instanceof vscode.LanguageModelError) return { errorDetails: { message: `Language model: ${e.message} (${e.code})` }, metadata: meta };
    throw e;
  });
}

/** `/load S001R04.edf`: a bare file name that is not in the workspace root is looked up in the workspace. */
async function resolvePaths(host: SessionHost, call: PlannedToolCall): Promise<PlannedToolCall> {
  if (call.tool !== 'load_data' || !Array.isArray(call.args.paths)) return call;
  const paths: string[] = [];
  for (const p of call.args.paths as string[]) {
    const abs = isAbsolute(p) ? p : join(host.session.env.workspace, p);
    if (existsSync(abs)) paths.push(p);
    else {
      const found = await vscode.workspace.findFiles(`**/${basename(p)}`, '**/node_modules/**', 2);
      paths.push(found[0]?.fsPath ?? p);
    }
  }
  return { ...call, args: { ...call.args, paths } };
}

/** Tools whose call lasts as long as a training: chat follows them live (progress per epoch, stop = cancel). */
const LONG_JOBS = new Set(['start_training', 'run_sweep']);

/**
 * Progress steps of the calls in a turn. VS Code folds a turn's progress messages into a "Completed N steps"
 * disclosure whose count is not the number of calls (1.139 counts its own placeholders), so a quick call shows no
 * step at all: its call line appears with its result. A call still running after 1 s shows its call line as the
 * live step, then its own progress messages (training epochs) at most one a second.
 */
function stepSink(stream: vscode.ChatResponseStream): { step: (message: string) => void; callStarted: (line: string) => void; callEnded: () => void } {
  let start = Date.now();
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return {
    step: (message) => {
      const now = Date.now();
      if (now - start < 1000 || now - last < 1000) return;
      clear();
      last = now;
      stream.progress(message);
    },
    callStarted: (line) => {
      clear();
      start = Date.now();
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        stream.progress(line);
      }, 1000);
    },
    callEnded: clear,
  };
}

/** Runs one planned call in the turn: one step, a confirmation asked in chat when needed, then the result once. */
async function runCall(host: SessionHost, call: PlannedToolCall, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<ToolResult> {
  const steps = stepSink(stream);
  steps.callStarted(callLine(call.tool, call.args));
  const ac = new AbortController();
  const sub = token.onCancellationRequested(() => ac.abort());
  const runsBefore = new Set(host.session.study.state.runs.map((r) => r.id));
  const long = LONG_JOBS.has(call.tool);
  try {
    const opts = { signal: ac.signal, progress: steps.step, awaitLongJobs: long };
    let result = await host.invoke(call.tool, call.args, opts);
    steps.callEnded();
    const asked = result.type === 'confirm';
    // the yes is bound to the question it answered: if the Study changed while the button waited, ask again
    for (let round = 0; result.type === 'confirm' && round < 3; round++) {
      if (!(await confirmInChat(result, call.args, stream, token))) {
        renderCall({ ...result, meta: { ...result.meta, rejected: true } }, call.args, stream);
        return result;
      }
      if (long && round === 0) announceTraining(stream);
      steps.callStarted(callLine(call.tool, call.args));
      result = await host.invoke(call.tool, call.args, { ...opts, confirmed: true, confirmedQuestion: confirmedQuestionOf(result) });
      steps.callEnded();
    }
    if (!asked && long) announceTraining(stream);
    renderCall(result, call.args, stream);
    if (long && result.type !== 'error')
      renderTrainingEnd(
        host.session.study.state.runs.filter((r) => !runsBefore.has(r.id)),
        stream,
      );
    return result;
  } finally {
    steps.callEnded();
    sub.dispose();
  }
}

/** While a training runs in the turn: the dashboard and a stop button one click away (the chat's stop works too). */
function announceTraining(stream: vscode.ChatResponseStream): void {
  stream.markdown('\n\nTraining: progress per epoch below; stopping this response stops the training.\n\n');
  stream.button({ command: 'xbrain.openPanel', title: 'Open training dashboard', arguments: ['training'] });
  stream.button({ command: 'xbrain.stopTraining', title: 'Stop training' });
}

/**
 * Free text goes to the agent (router → ReAct controller) with request.model, or the configured model; "XBrain
 * Offline" (picked in chat or as the default) is the agent's own OfflinePlanner. Each call is one progress step and
 * its result is shown once; a tool that needs confirmation asks in the turn (Run / Cancel) and training is followed
 * live to its curve.
 */
async function runModelLoop(
  host: SessionHost,
  request: vscode.ChatRequest,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
  meta: XBrainChatMetadata,
): Promise<void> {
  const model = request.model ?? (await selectFallbackModel());
  if (!model) {
    stream.markdown(
      'No language model is available. Choose **XBrain Offline** in the model picker or set `xbrain.llm.endpointUrl`. Slash commands (`/load`, `/epoch`, …) work without one.',
    );
    return;
  }
  const llm = model.vendor === OFFLINE_VENDOR ? new OfflinePlanner() : new VscodeLmClient(model, token);
  const { retriever: kb, notice } = await (await loadRetriever()).agentKnowledgeBase(host.context);
  if (notice) stream.markdown(`*Knowledge base: offline embeddings (${notice}). Details: Output › XBrain Knowledge Base.*\n\n`);
  const hits: RetrievedHit[] = [];
  const retriever: Retriever | undefined = kb && {
    retrieve: async (query, k) => {
      const found = await kb.retrieve(query, k);
      hits.push(...found);
      return found;
    },
  };
  const ac = new AbortController();
  const sub = token.onCancellationRequested(() => ac.abort());
  const pendingArgs = new Map<string, Record<string, unknown>>();
  let runsBefore = new Set(host.session.study.state.runs.map((r) => r.id));
  const steps = stepSink(stream);
  const agent = new AgentController({
    llm,
    session: host.session,
    retriever,
    signal: ac.signal,
    // training started here is followed to its end in this turn (progress per epoch; stopping the response stops it)
    awaitLongJobs: true,
    progress: steps.step,
    onEvent: (e) => {
      if (e.type === 'action_start') {
        pendingArgs.set(e.tool, e.arguments);
        runsBefore = new Set(host.session.study.state.runs.map((r) => r.id));
        steps.callStarted(callLine(e.tool, e.arguments));
      } else if (e.type === 'exec_result') {
        steps.callEnded();
        renderCall(e.result, pendingArgs.get(e.tool) ?? {}, stream);
        if (LONG_JOBS.has(e.tool) && e.result.type !== 'error' && e.result.type !== 'confirm') {
          renderTrainingEnd(
            host.session.study.state.runs.filter((r) => !runsBefore.has(r.id)),
            stream,
          );
        }
      } else if (e.type === 'error' && e.code !== 'rejected') stream.markdown(`\n\n*${e.message}*\n\n`);
    },
    confirm: async (req) => {
      steps.callEnded();
      const ok = await confirmInChat({ tool: req.tool, content: req.question }, req.arguments, stream, token);
      if (ok && LONG_JOBS.has(req.tool)) announceTraining(stream);
      return ok;
    },
  });
  try {
    const result = await agent.run(request.prompt);
    for (const c of result.calls) meta.toolRounds.push({ tool: c.tool, args: c.arguments, type: c.result.type });
    const answer = answerWithoutCalls(result.answer, result.calls);
    if (answer) stream.markdown(`\n\n${answer}`);
    // references are the passages the answer cites (checked against what was retrieved), also in a mixed turn
    if (result.citations?.length) {
      for (const src of citedSources(result.citations, host.session.env.packageRoot, result.citations.length))
        stream.reference(vscode.Uri.file(src.path), new vscode.ThemeIcon('book'));
    } else if (result.route === 'qa' && result.grounding === undefined) {
      for (const src of citedSources(hits, host.session.env.packageRoot)) stream.reference(vscode.Uri.file(src.path), new vscode.ThemeIcon('book'));
    }
  } finally {
    steps.callEnded();
    sub.dispose();
  }
}

/**
 * The knowledge base (vectra with its tokenizer and language models, most of the bundle) is loaded on first use, not
 * at activation: evaluating it delayed XBrain's chat models and participant by seconds after the window opened.
 * `warmUpRetriever` loads it once the extension is up, so a first question rarely waits for it.
 */
let retrieverModule: Promise<typeof import('./retriever')> | undefined;
const loadRetriever = () => (retrieverModule ??= import('./retriever'));
export function warmUpRetriever(): void {
  void loadRetriever().catch(() => undefined);
}

function followups(host: SessionHost, result: vscode.ChatResult): vscode.ChatFollowup[] {
  if (!isXBrainMetadata(result.metadata)) return [];
  const stage = host.stage;
  const f = (command: string, label: string, prompt = ''): vscode.ChatFollowup => ({ prompt, label, command, participant: PARTICIPANT_ID });
  switch (stage) {
    case 'empty':
      return [f('help', 'What can XBrain do?')];
    case 'data_loaded':
      return [f('preprocess', 'Band-pass 4–40 Hz + notch', '4 40'), f('epoch', 'Epoch 0–2 s', '0 2')];
    case 'preprocessed':
      return [f('dataset', 'Split into train/val/test')];
    case 'dataset_ready':
      return [f('train', 'Train EEGNet')];
    case 'training':
      return [f('status', 'How is training going?')];
    case 'trained':
      return [f('evaluate', 'Evaluate'), f('explain', 'Explain with saliency')];
  }
}
