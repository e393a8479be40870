import { createInterface } from 'node:readline/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { dataFolders } from '../../core/tools/boundary';
import type { CliCommand } from '../command';
import { CliUsageError, parseFlags } from '../command';
import { cliEnv } from '../env';
import { XBrainSession } from '../../core/session';
import { STAGES, type Stage } from '../../core/study/types';
import { AgentController, type ConfirmRequest } from '../../core/agent/controller';
import { Conversation } from '../../core/agent/conversation';
import { disposeSimulatedSession, mockSession, SIMULATED_FILES } from '../../core/agent/simulatedStudy';
import { createLlm } from '../../core/agent/backends';
import { renderEvent } from '../../core/agent/render';
import { openRetriever, embeddingEndpointFromEnv } from '../../core/rag/retriever';
import { cliCacheDir } from '../cacheDir';
import { BackgroundReviewer } from '../../core/agent/reviewer';

export const askCommand: CliCommand = {
  name: 'ask',
  usage: 'ask "REQUEST" [--data PATH] [--llm offline|openai] [--embedding-model M] [--yes] [--json] [--mock [--stage S]] [--workspace DIR] [--data-folder DIR]',
  summary: 'Run the agent on the workspace Study (offline planner by default; --mock: the real tools on a simulated Study)',
  run: async (argv) => {
    const { flags, positional } = parseFlags(argv, ['json', 'yes', 'mock', 'quiet']);
    const request = positional.join(' ').trim();
    if (!request) throw new CliUsageError('ask: missing REQUEST (e.g. xbrain ask "band-pass 8 to 30 Hz")');
    const env = cliEnv(flags);
    const mock = Boolean(flags.mock);
    const stageFlag = typeof flags.stage === 'string' ? flags.stage : 'empty';
    if (flags.stage !== undefined && !mock) throw new CliUsageError('--stage: only valid with --mock');
    if (!STAGES.includes(stageFlag as Stage)) throw new CliUsageError(`--stage: '${stageFlag}' is not a stage (${STAGES.join(', ')})`);
    const llmKind = typeof flags.llm === 'string' ? flags.llm : 'offline';
    if (llmKind !== 'offline' && llmKind !== 'openai') throw new CliUsageError(`--llm: '${llmKind}' must be offline or openai`);
    if (flags['embedding-model'] === true) throw new CliUsageError('--embedding-model: needs a model name (e.g. text-embedding-3-small)');
    const dataPath = typeof flags.data === 'string' ? flags.data : mock ? SIMULATED_FILES.join(',') : undefined;

    // the request names its data: the folders of --data may be read like configured data folders
    if (typeof flags.data === 'string') env.dataFolders = [...dataFolders(env), ...flags.data.split(/\s*,\s*/).filter(Boolean).map((p) => dirname(resolve(p)))];
    // --mock: the real tools on a simulated Study in a temporary folder (never the workspace), removed at the end
    const mockDir = mock ? mkdtempSync(join(tmpdir(), 'xbrain-mock-')) : null;
    const session = mockDir ? await mockSession({ ...env, workspace: mockDir }, stageFlag as Stage) : await XBrainSession.open(env, { owner: 'xbrain ask' });
    const llm = createLlm(llmKind, process.env);
    const json = Boolean(flags.json);
    const interactive = !json && !flags.yes && process.stdin.isTTY;
    const confirm = async (req: ConfirmRequest): Promise<boolean> => {
      if (flags.yes) return true;
      if (!interactive) return false;
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      const a = await rl.question(`${req.question}\nProceed? [y/N] `);
      rl.close();
      return /^y(es)?$/i.test(a.trim());
    };
    const agent = new AgentController({
      llm,
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
      conversation: mock ? new Conversation() : await Conversation.load(env.workspace),
      awaitLongJobs: true,
      onEvent: json || flags.quiet ? undefined : (e) => {
        const line = renderEvent(e);
        if (line) process.stderr.write(line + '\n');
      },
      progress: json ? undefined : (m) => process.stderr.write(`  … ${m}\n`),
    });
    const reviewer = mock ? null : new BackgroundReviewer(session);
    const r = await agent.run(request);
    if (reviewer) {
      await reviewer.flush();
      reviewer.dispose();
    }
    if (mockDir) {
      await disposeSimulatedSession(session);
      rmSync(mockDir, { recursive: true, force: true });
    }
    if (json) {
      process.stdout.write(JSON.stringify({ calls: r.calls.map((c) => ({ tool: c.tool, arguments: c.arguments, result: c.result })), answer: r.answer }, null, 2) + '\n');
    } else process.stdout.write(r.answer + '\n');
    return r.stoppedBy && r.stoppedBy !== 'rejected' ? 1 : 0;
  },
};
