import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// A regular expression written through a tool that reads "\b" as an escape leaves a backspace character (U+0008) in
// the source: the pattern then never matches and nothing fails. questionSplit.ts's capability-question pattern shipped
// that way for a day. No TypeScript source or test may hold a C0 control character other than tab, newline and CR.
const root = join(__dirname, '..', '..', '..');
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(p).isDirectory()) return tsFiles(p);
    return /\.(?:ts|tsx|mts)$/.test(name) ? [p] : [];
  });
}

describe('source files', () => {
  it('hold no control characters (a backspace in a regex literal silently never matches)', () => {
    const offenders = [...tsFiles(join(root, 'src')), ...tsFiles(join(root, 'test'))].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (CONTROL.test(line) ? [`${relative(root, file)}:${i + 1}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
