import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths';

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('layering', () => {
  it('nothing under src/core imports vscode or a front end', () => {
    const offenders = tsFiles(join(repoRoot, 'src/core')).filter((f) => {
      const src = readFileSync(f, 'utf8');
      return (
        /from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\)/.test(src) ||
        /from\s+['"](\.\.\/)+(extension|webview|cli)\//.test(src)
      );
    });
    expect(offenders).toEqual([]);
  });

  it('eslint reports a vscode import in src/core and accepts it in src/extension', async () => {
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: repoRoot });
    const code = "import * as vscode from 'vscode';\nexport const x = vscode;\n";
    const [core] = await eslint.lintText(code, { filePath: join(repoRoot, 'src/core/study/fake.ts') });
    expect(core.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
    const [ext] = await eslint.lintText(code, { filePath: join(repoRoot, 'src/extension/fake.ts') });
    expect(ext.messages.map((m) => m.ruleId)).not.toContain('no-restricted-imports');
  });
});
