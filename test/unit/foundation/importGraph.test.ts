import { describe, it, expect, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { repoRoot } from '../helpers/paths';
import { CORE_LAYERS, cycles, importGraph, layerOf, upwardImports, type ImportEdge } from '../helpers/importGraph';

// The rules of docs/architecture.md §1, checked on the real import graph (import type and import() included):
// no cycle anywhere in src/, no import inside src/core that reaches a higher layer (src/core/layers.json).

const graph = importGraph(repoRoot, 'src');
const layerName = (file: string) => CORE_LAYERS[layerOf(file)]?.name ?? '?';

describe('import graph of src/', () => {
  it('has no cycle (each offending cycle is listed with its edges)', () => {
    const found = cycles(graph).map((component) => {
      const inside = new Set(component);
      const edges = graph.filter((e) => inside.has(e.from) && inside.has(e.to)).map((e) => `${e.from}:${e.line} → ${e.to}`);
      return `cycle of ${component.length} files: ${edges.join('; ')}`;
    });
    expect(found).toEqual([]);
  });

  it('has no upward import inside src/core (each offending import is listed)', () => {
    const up = upwardImports(graph).map((e) => `${e.from}:${e.line} (${layerName(e.from)}) imports '${e.specifier}' = ${e.to} (${layerName(e.to)})`);
    expect(up).toEqual([]);
  });

  it('puts every file of src/core in a layer of src/core/layers.json', () => {
    const files = new Set(graph.flatMap((e) => [e.from, e.to]).filter((f) => f.startsWith('src/core/') && f.endsWith('.ts')));
    expect([...files].filter((f) => layerOf(f) < 0)).toEqual([]);
    expect(files.size).toBeGreaterThan(100);
  });

  it('keeps the floor import-free and lower layers away from tools, agent, notebook and rag', () => {
    const floor = graph.filter((e) => layerOf(e.from) === 0);
    expect(floor.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
    const lower = new Set(['io', 'signal', 'training', 'study', 'evaluation', 'dataset']);
    const higher = new Set(['tools', 'agent', 'notebook', 'rag']);
    const area = (f: string) => f.split('/')[2];
    expect(graph.filter((e) => lower.has(area(e.from)) && higher.has(area(e.to))).map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });
});

describe('import graph checker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xbrain-graph-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };

  it('resolves import, import type, export … from, import() and .js suffixes to files, packages left out', () => {
    write('src/a.ts', "import { b } from './b';\nimport type { C } from './c/index.js';\nexport { d } from './d';\nimport 'node:fs';\n");
    write('src/b.ts', "export const b = 1;\nexport type T = import('./d').D;\n");
    write('src/c/index.ts', "export type C = number;\nexport const load = () => import('../e');\n");
    write('src/d.ts', 'export const d = 1;\nexport type D = number;\n');
    write('src/e.ts', 'export const e = 1;\n');
    const pairs = importGraph(dir, 'src')
      .map((e) => `${e.from}→${e.to}`)
      .sort();
    expect(pairs).toEqual(['src/a.ts→src/b.ts', 'src/a.ts→src/c/index.ts', 'src/a.ts→src/d.ts', 'src/b.ts→src/d.ts', 'src/c/index.ts→src/e.ts']);
  });

  it('finds a cycle, a self-import and an upward import, and passes same-layer and downward ones', () => {
    const edge = (from: string, to: string): ImportEdge => ({ from, to, specifier: to, line: 1 });
    expect(cycles([edge('x', 'y'), edge('y', 'z'), edge('z', 'x'), edge('z', 'w')])).toEqual([['x', 'y', 'z']]);
    expect(cycles([edge('s', 's')])).toEqual([['s']]);
    expect(cycles([edge('x', 'y'), edge('y', 'z')])).toEqual([]);
    const up = edge('src/core/signal/plotData.ts', 'src/core/tools/result.ts');
    const same = edge('src/core/signal/plotData.ts', 'src/core/io/types.ts');
    const down = edge('src/core/tools/registry.ts', 'src/core/errors.ts');
    const session = edge('src/core/tools/registry.ts', 'src/core/session.ts');
    expect(upwardImports([up, same, down, session])).toEqual([up, session]);
    expect(layerName('src/core/session.ts')).toBe('session');
    expect(layerName('src/core/errors.ts')).toBe('floor');
  });
});

describe('eslint layer zones', () => {
  // A file standing for each layer and a specifier from it to each other layer's first member.
  const fileIn = (member: string) => (member.endsWith('/') ? `${member}layerProbe.ts` : member.includes('*') ? 'src/core/layerProbe.ts' : member);
  const targetOf = (member: string) => (member.endsWith('/') ? `${member}x` : member.includes('*') ? 'src/core/errors' : member.replace(/\.ts$/, ''));
  const specifier = (from: string, to: string) => {
    const rel = posix.relative(posix.dirname(from), to);
    return rel.startsWith('.') ? rel : `./${rel}`;
  };

  it('report every upward import and no downward or same-layer one, as the graph test does', async () => {
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: repoRoot });
    const verdicts: string[] = [];
    const expected: string[] = [];
    for (const [i, from] of CORE_LAYERS.entries()) {
      for (const [j, to] of CORE_LAYERS.entries()) {
        for (const member of to.members) {
          const file = fileIn(from.members[0]);
          const spec = specifier(file, targetOf(member));
          const [r] = await eslint.lintText(`import type { X } from '${spec}';\nexport type Y = X;\n`, { filePath: join(repoRoot, file) });
          const reported = r.messages.some((m) => m.ruleId === 'no-restricted-imports');
          verdicts.push(`${file} → '${spec}': ${reported ? 'reported' : 'allowed'}`);
          expected.push(`${file} → '${spec}': ${j > i ? 'reported' : 'allowed'}`);
        }
      }
    }
    expect(verdicts).toEqual(expected);
  });
});
