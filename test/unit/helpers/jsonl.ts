import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { repoRoot } from './paths';

/**
 * The records of a JSON-lines file under the repository (`test/agent-cases/dev13.jsonl`, a fixture table): one JSON
 * object per non-blank line. A line that is not JSON names its file and line, so a broken case file fails loudly.
 */
export function readJsonl<T>(pathFromRepoRoot: string): T[] {
  const name = basename(pathFromRepoRoot);
  return readFileSync(join(repoRoot, pathFromRepoRoot), 'utf8')
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => line.trim())
    .map(({ line, i }) => {
      try {
        return JSON.parse(line) as T;
      } catch {
        throw new Error(`${name}:${i + 1} is not JSON`);
      }
    });
}
