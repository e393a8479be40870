import type { CliCommand } from '../command';
import { parseFlags } from '../command';
import { TOOL_DEFINITIONS } from '../../core/tools/definitions';
import { ToolRegistry } from '../../core/tools/registry';
import { XBrainSession } from '../../core/session';
import { summarizeStudy } from '../../core/study/summary';
import { cliEnv } from '../env';

export const toolsCommand: CliCommand = {
  name: 'tools',
  usage: 'tools [--json]',
  summary: 'List the tool definitions with their stages and JSON Schema parameters',
  run: async (argv) => {
    const { flags } = parseFlags(argv, ['json']);
    const reg = new ToolRegistry();
    const tools = TOOL_DEFINITIONS.map((d) => ({
      name: d.name,
      description: d.description,
      category: d.category,
      parameters: d.parameters,
      stages: d.stages,
      needsConfirmation: d.needsConfirmation,
      implemented: reg.isImplemented(d.name),
    }));
    if (flags.json) process.stdout.write(JSON.stringify({ tools }, null, 2) + '\n');
    else for (const t of tools) process.stdout.write(`${t.name.padEnd(26)} ${t.implemented ? ' ' : '*'} [${t.stages.join(', ')}]\n`);
    if (!flags.json && tools.some((t) => !t.implemented)) process.stdout.write('* not available in this build yet\n');
    return 0;
  },
};

export const stateCommand: CliCommand = {
  name: 'state',
  usage: 'state [--workspace DIR] [--json]',
  summary: "Show the workspace Study's stage and contents (from .xbrain/study.json)",
  run: async (argv) => {
    const { flags } = parseFlags(argv, ['json']);
    const session = await XBrainSession.open(cliEnv(flags), { persist: false });
    const s = summarizeStudy(session.study.state);
    if (flags.json) process.stdout.write(JSON.stringify(s, null, 2) + '\n');
    else {
      const r = await session.invoke('get_study_state', {});
      process.stdout.write(r.content + '\n');
    }
    return 0;
  },
};
