import { commands } from './commands';
import { CliUsageError } from './command';
import { XBrainError } from '../core/errors';
import pkg from '../../package.json';

const HELP_HEAD = `xbrain — EEG deep learning from the command line (the same tools as the VS Code extension)

Usage: xbrain <command> [options]
`;

function help(): string {
  const lines = commands.map((c) => `  ${c.usage.padEnd(58)} ${c.summary ?? ''}`);
  return `${HELP_HEAD}\nCommands:\n${lines.join('\n')}\n\nErrors exit with a non-zero code and one line on stderr.\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(help());
    return 0;
  }
  if (name === '--version') {
    process.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  const cmd = commands.find((c) => c.name === name);
  if (!cmd) {
    process.stderr.write(`xbrain: unknown command '${name}' (try xbrain --help)\n`);
    return 2;
  }
  if (rest.includes('--help')) {
    process.stdout.write(`Usage: xbrain ${cmd.usage}\n${cmd.summary ? `\n${cmd.summary}\n` : ''}`);
    return 0;
  }
  return cmd.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    const msg = e instanceof XBrainError || e instanceof CliUsageError ? e.message : e instanceof Error ? e.message : String(e);
    process.stderr.write(`xbrain: ${msg.split('\n')[0]}\n`);
    process.exitCode = e instanceof CliUsageError ? 2 : 1;
  },
);
