import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CliCommand } from '../command';
import { CliUsageError, parseFlags } from '../command';
import { cliEnv } from '../env';
import { XBrainSession } from '../../core/session';
import { createMcpServer } from '../../core/agent/mcpServer';
import { mockSession } from '../../core/agent/mockTools';
import { STAGES, type Stage } from '../../core/study/types';

export const mcpCommand: CliCommand = {
  name: 'mcp',
  usage: 'mcp [--workspace DIR] [--mock [--stage S]]',
  summary: 'Serve the XBrain tools over MCP (stdio) with the same stage gating and confirmations',
  run: async (argv) => {
    const { flags } = parseFlags(argv, ['mock']);
    const env = cliEnv(flags);
    const stage = typeof flags.stage === 'string' ? flags.stage : 'empty';
    if (!STAGES.includes(stage as Stage)) throw new CliUsageError(`--stage: '${stage}' is not a stage (${STAGES.join(', ')})`);
    const session = flags.mock ? await mockSession(env, stage as Stage) : await XBrainSession.open(env);
    const server = createMcpServer(session);
    await server.connect(new StdioServerTransport());
    await new Promise<void>((resolve) => {
      server.onclose = () => resolve();
      process.stdin.on('end', () => resolve());
    });
    return 0;
  },
};
