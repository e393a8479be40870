import type { CliCommand } from '../command';
import { parseFlags } from '../command';
import { listBackends } from '../../core/training/backends';
import { packageRoot } from '../env';

export const backendsCommand: CliCommand = {
  name: 'backends',
  usage: 'backends [--python PATH] [--json]',
  summary: 'List the trainer backends (local, pytorch, slurm) with their availability and why not',
  run: async (argv) => {
    const { flags } = parseFlags(argv, ['json']);
    const backends = await listBackends({ packageRoot: packageRoot(), python: typeof flags.python === 'string' ? flags.python : undefined });
    if (flags.json) process.stdout.write(`${JSON.stringify({ backends }, null, 2)}\n`);
    else for (const b of backends) process.stdout.write(`${b.name.padEnd(8)} ${b.available ? 'available  ' : 'unavailable'} ${b.detail}\n`);
    return 0;
  },
};
