import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliCommand } from '../command';
import { CliUsageError, parseFlags } from '../command';
import { cliEnv } from '../env';
import { XBrainSession } from '../../core/session';
import { createMcpServer, CONFIRM_TOOL } from '../../core/agent/mcpServer';
import { definitionByName } from '../../core/tools/definitions';
import { GuardedStdioTransport } from '../mcpTransport';
import { disposeSimulatedSession, mockSession } from '../../core/agent/simulatedStudy';
import { STAGES, type Stage } from '../../core/study/types';

export const mcpCommand: CliCommand = {
  name: 'mcp',
  usage: 'mcp [--workspace DIR] [--data-folder DIR] [--mock [--stage S]]',
  summary: 'Serve the XBrain tools over MCP (stdio) with the same stage gating and confirmations (--mock: on a simulated Study)',
  run: async (argv) => {
    const { flags } = parseFlags(argv, ['mock']);
    const env = cliEnv(flags);
    const stage = typeof flags.stage === 'string' ? flags.stage : 'empty';
    if (!STAGES.includes(stage as Stage)) throw new CliUsageError(`--stage: '${stage}' is not a stage (${STAGES.join(', ')})`);
    // --mock: the real tools on a simulated Study in a temporary folder (never the workspace), removed at the end
    const mockDir = flags.mock ? mkdtempSync(join(tmpdir(), 'xbrain-mcp-mock-')) : null;
    const session = mockDir ? await mockSession({ ...env, workspace: mockDir }, stage as Stage) : await XBrainSession.open(env, { owner: 'xbrain mcp' });
    const server = createMcpServer(session);
    // malformed and hostile messages are answered by the guard in front of the SDK (src/cli/mcpGuard.ts)
    const transport = new GuardedStdioTransport((name) => name === CONFIRM_TOOL || definitionByName.has(name));
    await new Promise<void>((resolve, reject) => {
      server.onclose = () => resolve();
      server.connect(transport).catch(reject);
    });
    if (mockDir) {
      await disposeSimulatedSession(session);
      rmSync(mockDir, { recursive: true, force: true });
    } else await session.dispose();
    return 0;
  },
};
