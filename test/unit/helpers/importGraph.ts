import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import layersFile from '../../../src/core/layers.json';

/** One import of a source file, resolved to the file it names (paths relative to the repository, forward slashes). */
export interface ImportEdge {
  from: string;
  to: string;
  /** the specifier as written, for the report */
  specifier: string;
  line: number;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });
}

/** Every module specifier in a file: import / import type / export … from / import('…') in code or in a type. */
function specifiers(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const add = (node: ts.Node, lit: ts.Expression | undefined) => {
    if (lit && ts.isStringLiteralLike(lit)) found.push({ text: lit.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node, node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node, node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node, node.argument.literal);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node, node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A relative specifier resolved the way the bundler does: `x`, `x.ts`, `x/index.ts` (a `.js` suffix maps to `.ts`). */
function resolveRelative(fromFile: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), spec.replace(/\.js$/, ''));
  return [`${base}.ts`, join(base, 'index.ts'), base].find((p) => existsSync(p) && statSync(p).isFile());
}

/** The import graph of every .ts file under `dir` (a path relative to `root`), package imports left out. */
export function importGraph(root: string, dir: string): ImportEdge[] {
  const rel = (p: string) => relative(root, p).split('\\').join('/');
  return tsFiles(join(root, dir)).flatMap((file) =>
    specifiers(file).flatMap(({ text, line }) => {
      const target = resolveRelative(file, text);
      return target ? [{ from: rel(file), to: rel(target), specifier: text, line }] : [];
    }),
  );
}

/** The strongly connected components with more than one file (or a file importing itself): each is a cycle. */
export function cycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const succ = next.get(frame.node) ?? [];
      if (frame.i < succ.length) {
        const w = succ[frame.i++];
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, i: 0 });
        } else if (onStack.has(w)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.node);
        const selfLoop = succ.includes(frame.node);
        if (component.length > 1 || selfLoop) found.push(component.sort());
      }
    }
  }
  return found;
}

/**
 * The layers of src/core, bottom first (docs/architecture.md §1), from src/core/layers.json (eslint.config.mjs reads
 * the same file). A file may import its own layer or any layer below; an import of a higher layer is an upward import.
 */
export const CORE_LAYERS: readonly { name: string; members: readonly string[] }[] = layersFile.layers;

/** The index of the layer of a src/core file in CORE_LAYERS, or -1 when no layer names it. */
export function layerOf(file: string): number {
  const matches = (m: string) =>
    m.endsWith('/') ? file.startsWith(m) : m.endsWith('/*.ts') ? file.startsWith(m.slice(0, -4)) && !file.slice(m.length - 4).includes('/') : file === m;
  // A named file wins over the directory pattern that also covers it (session.ts sits next to the floor files).
  const exact = CORE_LAYERS.findIndex((l) => l.members.includes(file));
  return exact >= 0 ? exact : CORE_LAYERS.findIndex((l) => l.members.some(matches));
}

/** Imports inside src/core that reach a higher layer than the importer's. */
export function upwardImports(edges: readonly ImportEdge[]): ImportEdge[] {
  return edges.filter((e) => e.from.startsWith('src/core/') && e.to.startsWith('src/core/') && layerOf(e.to) > layerOf(e.from));
}
