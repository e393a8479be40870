import { createInterface } from 'node:readline/promises';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { dataFolders } from '../../core/tools/boundary';
import type { CliCommand } from '../command';
import { CliUsageError, parseFlags } from '../command';
import { cliEnv } from '../env';
import { XBrainSession } from '../../core/session';
import { STAGES, type Stage } from '../../core/study/types';
import { studyFileExists } from '../../core/study/persistence';
import type { ToolEnv } from '../../core/tools/types';
import { confirmedQuestionOf } from '../../core/tools/registry';
import { XBrainError } from '../../core/errors';
import type { ToolResult } from '../../core/tools/result';
import { AgentController, type AgentCall, type ConfirmRequest } from '../../core/agent/controller';
import { Conversation } from '../../core/agent/conversation';
import { disposeSimulatedSession, mockSession, reopenSimulatedSession, SIMULATED_FILES } from '../../core/agent/simulatedStudy';
import { summarizeRun } from '../../core/agent/runSummary';
import { createLlm } from '../../core/agent/backends';
import { renderEvent } from '../../core/agent/render';
import { openRetriever, embeddingEndpointFromEnv } from '../../core/rag/retriever';
import { cliCacheDir } from '../cacheDir';
import { BackgroundReviewer } from '../../core/agent/reviewer';
import {
  defaultConversationFile,
  isAffirmation,
  isRefusal,
  readAskConversation,
  simulatedWorkspaceOf,
  writeAskConversation,
  type AskConversation,
  type PendingConfirmation,
} from '../askConversation';

type Flags = Record<string, string | boolean>;

/** Which conversation file this call continues (null: a one-off --mock call that keeps nothing). */
function conversationFileOf(flags: Flags, env: ToolEnv, mock: boolean): string | null {
  if (flags.conversation === true) throw new CliUsageError('--conversation: needs a FILE (e.g. --conversation chat.json)');
  if (typeof flags.conversation === 'string') return resolve(flags.conversation);
  if (mock) {
    if (flags.new) throw new CliUsageError('--new: a --mock call keeps no conversation unless --conversation FILE names one');
    return null;
  }
  return defaultConversationFile(env.workspace);
}

/**
 * The session this call works on: the workspace's Study, or a simulated Study — fresh in a temporary folder (one-off
 * --mock), created at --stage beside the conversation file, or reopened there as the last turn left it.
 */
async function openSession(
  env: ToolEnv,
  mock: boolean,
  file: string | null,
  saved: AskConversation | null,
  stage: Stage,
): Promise<{ session: XBrainSession; cleanup: () => void }> {
  if (!mock) return { session: await XBrainSession.open(env, { owner: 'xbrain ask' }), cleanup: () => undefined };
  if (!file) {
    const workspace = mkdtempSync(join(tmpdir(), 'xbrain-mock-'));
    const session = await mockSession({ ...env, workspace }, stage);
    return { session, cleanup: () => rmSync(workspace, { recursive: true, force: true }) };
  }
  const workspace = simulatedWorkspaceOf(file);
  if (saved) {
    if (!(await studyFileExists(workspace)))
      throw new XBrainError('bad_file', `${file}: its simulated Study (${workspace}) is missing; add --new to start a new conversation`, { file });
    return { session: await reopenSimulatedSession({ ...env, workspace }), cleanup: () => undefined };
  }
  rmSync(workspace, { recursive: true, force: true });
  mkdirSync(workspace, { recursive: true });
  return { session: await mockSession({ ...env, workspace }, stage, { persist: true }), cleanup: () => undefined };
}

/** A saved conversation must fit the call: a --mock conversation is continued with --mock, at the stage it started. */
function checkContinuation(saved: AskConversation, file: string, mock: boolean, stageFlag: string | undefined): void {
  if (saved.mock && !mock) throw new CliUsageError(`--conversation: ${file} continues a simulated Study (--mock); add --mock, or --new to start over`);
  if (!saved.mock && mock && saved.turns.length)
    throw new CliUsageError(`--mock: ${file} holds a conversation on the workspace's real Study; name another --conversation FILE, or add --new`);
  if (saved.mock && stageFlag !== undefined && stageFlag !== saved.mock.stage) {
    throw new CliUsageError(`--stage: ${file} continues a simulated Study started at ${saved.mock.stage}; add --new to start over at ${stageFlag}`);
  }
}

/**
 * "yes" / "no" to the confirmation the last turn left waiting. A yes confirms exactly the question that was shown:
 * the registry plans the call again and, if the Study changed the question, runs nothing and asks the new one.
 */
async function answerPending(
  session: XBrainSession,
  p: PendingConfirmation,
  yes: boolean,
  progress?: (m: string) => void,
): Promise<{ calls: AgentCall[]; pending: PendingConfirmation | null; answer: string }> {
  if (!yes) {
    const result: ToolResult = {
      type: 'confirm',
      tool: p.tool,
      content: `The user rejected ${p.tool}: ${p.question}`,
      meta: { arguments: p.arguments, rejected: true },
    };
    const calls = [{ tool: p.tool, arguments: p.arguments, result }];
    return { calls, pending: null, answer: summarizeRun(calls, session.study.stage) };
  }
  const result = await session.invoke(p.tool, p.arguments, { confirmed: true, confirmedQuestion: p.question, awaitLongJobs: true, progress });
  const calls = [{ tool: p.tool, arguments: p.arguments, result }];
  const pending = result.type === 'confirm' ? { tool: p.tool, arguments: p.arguments, question: confirmedQuestionOf(result) } : null;
  return { calls, pending, answer: summarizeRun(calls, session.study.stage) };
}

/** The turn as the agent would have recorded it (the model reads earlier calls from these messages). */
function replyTurn(user: string, calls: AgentCall[], answer: string): AskConversation['turns'][number] {
  const toolCalls = calls.map((c, i) => ({ id: `call_confirmed_${i + 1}`, name: c.tool, arguments: c.arguments }));
  return {
    user,
    route: 'operation',
    answer,
    at: new Date().toISOString(),
    messages: [
      { role: 'assistant', content: '', toolCalls },
      ...calls.map((c, i) => ({ role: 'tool' as const, toolCallId: toolCalls[i].id, name: c.tool, content: c.result.content.slice(0, 4000) })),
    ],
  };
}

export const askCommand: CliCommand = {
  name: 'ask',
  usage:
    'ask "REQUEST" [--conversation FILE] [--new] [--data PATH] [--llm offline|openai] [--embedding-model M] [--yes] [--json] [--mock [--stage S]] [--workspace DIR] [--data-folder DIR]',
  summary: 'Run the agent on the workspace Study, continuing its conversation (offline planner by default; --mock: the real tools on a simulated Study)',
  run: async (argv) => {
    const { flags, positional } = parseFlags(argv, ['json', 'yes', 'mock', 'quiet', 'new']);
    const request = positional.join(' ').trim();
    if (!request) throw new CliUsageError('ask: missing REQUEST (e.g. xbrain ask "band-pass 8 to 30 Hz")');
    const env = cliEnv(flags);
    const mock = Boolean(flags.mock);
    const stageFlag = typeof flags.stage === 'string' ? flags.stage : undefined;
    if (flags.stage !== undefined && !mock) throw new CliUsageError('--stage: only valid with --mock');
    if (flags.stage === true || (stageFlag !== undefined && !STAGES.includes(stageFlag as Stage)))
      throw new CliUsageError(`--stage: '${String(flags.stage)}' is not a stage (${STAGES.join(', ')})`);
    const llmKind = typeof flags.llm === 'string' ? flags.llm : 'offline';
    if (llmKind !== 'offline' && llmKind !== 'openai') throw new CliUsageError(`--llm: '${llmKind}' must be offline or openai`);
    if (flags['embedding-model'] === true) throw new CliUsageError('--embedding-model: needs a model name (e.g. text-embedding-3-small)');
    const dataPath = typeof flags.data === 'string' ? flags.data : mock ? SIMULATED_FILES.join(',') : undefined;

    // the request names its data: the folders of --data may be read like configured data folders
    if (typeof flags.data === 'string')
      env.dataFolders = [
        ...dataFolders(env),
        ...flags.data
          .split(/\s*,\s*/)
          .filter(Boolean)
          .map((p) => dirname(resolve(p))),
      ];
    const file = conversationFileOf(flags, env, mock);
    const saved = file && !flags.new ? await readAskConversation(file) : null;
    if (saved && file) checkContinuation(saved, file, mock, stageFlag);
    const stage = (saved?.mock?.stage ?? stageFlag ?? 'empty') as Stage;
    const { session, cleanup } = await openSession(env, mock, file, saved, stage);
    const json = Boolean(flags.json);
    const interactive = !json && !flags.yes && process.stdin.isTTY;
    const state: AskConversation = { turns: saved?.turns ?? [], pending: null, mock: mock ? { stage } : null };
    const notes: string[] = [];
    const progress = json ? undefined : (m: string) => process.stderr.write(`  … ${m}\n`);

    let calls: AgentCall[];
    let answer: string;
    let exit = 0;
    if (saved?.pending && (isAffirmation(request) || isRefusal(request))) {
      const r = await answerPending(session, saved.pending, isAffirmation(request), progress);
      ({ calls, answer } = r);
      if (!json && !flags.quiet) {
        for (const c of calls)
          for (const e of [
            { type: 'action_start', tool: c.tool, arguments: c.arguments },
            { type: 'exec_result', tool: c.tool, result: c.result },
          ] as const)
            process.stderr.write(`${renderEvent(e)}\n`);
      }
      state.pending = r.pending;
      state.turns = [...state.turns, replyTurn(request, calls, answer)];
    } else {
      // --yes confirms what the request asked for; steps it did not name (a skip-ahead plan's defaults) wait
      const confirm = async (req: ConfirmRequest): Promise<boolean> => {
        if (flags.yes && req.unrequested.length === 0) return true;
        if (interactive) {
          const rl = createInterface({ input: process.stdin, output: process.stderr });
          const a = await rl.question(`${req.question}\nProceed? [y/N] `);
          rl.close();
          return /^y(es)?$/i.test(a.trim());
        }
        state.pending = { tool: req.tool, arguments: req.arguments, question: req.question };
        if (flags.yes)
          notes.push(
            `--yes did not confirm ${req.tool}: it would also run ${req.unrequested.map((s) => s.tool).join(', ')}, which the request did not ask for.`,
          );
        return false;
      };
      const conversation = new Conversation();
      conversation.turns = state.turns;
      const agent = new AgentController({
        llm: createLlm(llmKind, process.env),
        session,
        confirm,
        dataPath,
        textProtocol: llmKind === 'openai' && process.env.XBRAIN_LLM_TEXT_PROTOCOL === '1',
        // knowledge base: endpoint embeddings when a model is named (--embedding-model / XBRAIN_EMBEDDING_MODEL), else offline
        retriever: await openRetriever(env.packageRoot, {
          endpoint: embeddingEndpointFromEnv(process.env, typeof flags['embedding-model'] === 'string' ? flags['embedding-model'] : undefined),
          cacheDir: cliCacheDir(process.env),
          log: flags.quiet ? undefined : (line) => process.stderr.write(`${line}\n`),
        }).catch(() => undefined),
        conversation,
        awaitLongJobs: true,
        onEvent:
          json || flags.quiet
            ? undefined
            : (e) => {
                const line = renderEvent(e);
                if (line) process.stderr.write(line + '\n');
              },
        progress,
      });
      const reviewer = mock ? null : new BackgroundReviewer(session);
      const r = await agent.run(request);
      if (reviewer) {
        await reviewer.flush();
        reviewer.dispose();
      }
      calls = r.calls;
      answer = r.answer;
      state.turns = conversation.turns;
      exit = r.stoppedBy && r.stoppedBy !== 'rejected' ? 1 : 0;
    }
    if (state.pending && file)
      notes.push(`Waiting for your confirmation: ${state.pending.question.split('\n')[0]} Reply "yes" (xbrain ask … "yes") to run it, or "no".`);
    if (notes.length) answer = `${answer}\n${notes.join('\n')}`;
    // a simulated training stage's run is real: it ends with this call (a workspace's Study would see it interrupted)
    if (mock) await disposeSimulatedSession(session);
    else await session.dispose();
    if (file) await writeAskConversation(file, state);
    cleanup();
    if (json) {
      process.stdout.write(
        JSON.stringify(
          {
            calls: calls.map((c) => ({ tool: c.tool, arguments: c.arguments, result: c.result })),
            answer,
            ...(file ? { conversation: file, pending: state.pending } : {}),
          },
          null,
          2,
        ) + '\n',
      );
    } else process.stdout.write(answer + '\n');
    return exit;
  },
};
