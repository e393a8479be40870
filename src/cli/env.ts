import { resolve, dirname, delimiter } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import type { ToolEnv } from '../core/tools/types';
import { CliUsageError } from './command';
import { DATA_FOLDERS_ENV } from '../core/tools/boundary';

/** The package root: the folder holding package.json above the running bundle (dist/cli.js → repo/extension root). */
export function packageRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 5; i++) {
    if (existsSync(resolve(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  return resolve(__dirname, '..');
}

/**
 * The CLI trusts the folder it is pointed at: the user ran it there. Tools read and write inside it; reads may
 * also reach the folders of `--data-folder DIR[:DIR…]` plus XBRAIN_DATA_FOLDERS (docs/workspace.md).
 */
export function cliEnv(flags: Record<string, string | boolean>): ToolEnv {
  const ws = typeof flags.workspace === 'string' ? resolve(flags.workspace) : process.cwd();
  if (!existsSync(ws) || !statSync(ws).isDirectory()) throw new CliUsageError(`--workspace: '${ws}' is not a folder`);
  const env: ToolEnv = { workspace: ws, packageRoot: packageRoot(), trusted: true };
  if (flags['data-folder'] === true) throw new CliUsageError('--data-folder: needs a folder (several separated by ' + delimiter + ')');
  if (typeof flags['data-folder'] === 'string') {
    const given = flags['data-folder']
      .split(delimiter)
      .filter(Boolean)
      .map((f) => resolve(f));
    for (const f of given) if (!existsSync(f) || !statSync(f).isDirectory()) throw new CliUsageError(`--data-folder: '${f}' is not a folder`);
    env.dataFolders = [...given, ...(process.env[DATA_FOLDERS_ENV] ?? '').split(delimiter).filter(Boolean)];
  }
  return env;
}
