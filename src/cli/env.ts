import { resolve, dirname } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import type { ToolEnv } from '../core/tools/types';
import { CliUsageError } from './command';

/** The package root: the folder holding package.json above the running bundle (dist/cli.js → repo/extension root). */
export function packageRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 5; i++) {
    if (existsSync(resolve(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  return resolve(__dirname, '..');
}

/** The CLI trusts the folder it is pointed at: the user ran it there. */
export function cliEnv(flags: Record<string, string | boolean>): ToolEnv {
  const ws = typeof flags.workspace === 'string' ? resolve(flags.workspace) : process.cwd();
  if (!existsSync(ws) || !statSync(ws).isDirectory()) throw new CliUsageError(`--workspace: '${ws}' is not a folder`);
  return { workspace: ws, packageRoot: packageRoot(), trusted: true };
}
