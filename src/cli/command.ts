/** A CLI sub-command. `run` returns the process exit code; errors are one line on stderr naming the file or parameter. */
export interface CliCommand {
  name: string;
  usage: string;
  summary?: string;
  run: (argv: string[]) => Promise<number>;
}

/** Minimal flag parser: `--flag value`, `--flag=value`, boolean `--flag`, and positionals. */
export function parseFlags(argv: string[], booleans: string[] = []): { flags: Record<string, string | boolean>; positional: string[] } {
  const flags: Record<string, string | boolean> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) flags[a.slice(2, eq)] = a.slice(eq + 1);
      else if (booleans.includes(a.slice(2)) || i + 1 >= argv.length || argv[i + 1].startsWith('--')) flags[a.slice(2)] = true;
      else flags[a.slice(2)] = argv[++i];
    } else positional.push(a);
  }
  return { flags, positional };
}

export class CliUsageError extends Error {}
