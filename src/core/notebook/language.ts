import { TOOL_DEFINITIONS, definitionByName } from '../tools/definitions';
import type { JsonSchema, ToolDefinition } from '../tools/types';
import { inlineJson, parseCell, type Span } from './cellParser';

/** Editor-agnostic completion item; the VS Code adapter maps it 1:1. */
export interface CompletionEntry {
  label: string;
  kind: 'tool' | 'parameter' | 'value';
  detail: string;
  documentation: string;
  insertText: string;
  /** VS Code snippet syntax (`${1:x}` placeholders), when it differs from insertText */
  snippet?: string;
  /** the text the completion replaces */
  replace: Span;
}

export interface HoverInfo {
  markdown: string;
  span: Span;
}

interface PrefixState {
  depth: number;
  tool: string | null;
  /** parameter whose value the cursor is in (depth ≥ 1 after `name=`) */
  param: string | null;
  /** at depth 1: expecting a parameter name (after `(` or `,`) rather than a value */
  expectName: boolean;
  inString: boolean;
  wordStart: number;
  valueStart: number;
  given: Set<string>;
}

/** A light scan of the text before the cursor: enough to know what the user is typing. */
function scanPrefix(src: string, offset: number): PrefixState {
  const st: PrefixState = { depth: 0, tool: null, param: null, expectName: false, inString: false, wordStart: offset, valueStart: offset, given: new Set() };
  let lastIdent = '';
  let lastIdentStart = 0;
  for (let i = 0; i < offset; i++) {
    const c = src[i];
    if (st.inString) {
      if (c === '\\') i++;
      else if (c === '"') st.inString = false;
      continue;
    }
    if (c === '#') {
      const nl = src.indexOf('\n', i);
      if (nl < 0 || nl >= offset) {
        st.wordStart = -1; // the cursor is in a comment
        return st;
      }
      i = nl;
      continue;
    }
    if (c === '"') {
      st.inString = true;
      continue;
    }
    if (/[A-Za-z0-9_]/.test(c)) {
      if (i === 0 || !/[A-Za-z0-9_]/.test(src[i - 1])) lastIdentStart = i;
      lastIdent = src.slice(lastIdentStart, i + 1);
      continue;
    }
    if (c === '(' && st.depth === 0) {
      st.tool = lastIdent;
      st.depth = 1;
      st.expectName = true;
      st.given = new Set();
    } else if (c === '=' && st.depth === 1 && st.expectName) {
      st.param = lastIdent;
      st.given.add(lastIdent);
      st.expectName = false;
      st.valueStart = i + 1;
    } else if (c === ',' && st.depth === 1) {
      st.expectName = true;
      st.param = null;
    } else if (c === ')' && st.depth === 1) {
      st.depth = 0;
      st.tool = null;
      st.param = null;
    } else if (c === '[' || c === '{') st.depth++;
    else if ((c === ']' || c === '}') && st.depth > 1) st.depth--;
    else if (c === '\n' && st.depth === 0) lastIdent = '';
  }
  let ws = offset;
  while (ws > 0 && /[A-Za-z0-9_]/.test(src[ws - 1])) ws--;
  st.wordStart = ws;
  while (st.valueStart < offset && /\s/.test(src[st.valueStart])) st.valueStart++;
  return st;
}

function typeLabel(s: JsonSchema): string {
  if (s.enum) return s.enum.map((v) => inlineJson(v)).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeLabel).join(' | ');
  const t = s.type === undefined ? 'any' : typeof s.type === 'string' ? s.type : s.type.join(' | ');
  if (t === 'array' && s.items) return `${typeLabel(s.items)}[]`;
  return t;
}

/** `epoch_data(t_min: number, t_max: number, event_id?: string[], baseline?: …)` */
export function signature(def: ToolDefinition): string {
  const req = new Set(def.parameters.required ?? []);
  const params = Object.entries(def.parameters.properties).map(
    ([k, s]) => `${k}${req.has(k) ? '' : '?'}: ${typeLabel(s)}${s.default !== undefined ? ` = ${inlineJson(s.default)}` : ''}`,
  );
  return `${def.name}(${params.join(', ')})`;
}

function toolDoc(def: ToolDefinition): string {
  return `${def.description}\n\nStages: ${def.stages.join(', ')}${def.needsConfirmation ? ' · asks for confirmation' : ''}`;
}

function paramDoc(name: string, s: JsonSchema, required: boolean): string {
  const parts = [`**${name}**${required ? '' : ' (optional)'}: \`${typeLabel(s)}\``];
  if (s.default !== undefined) parts.push(`default \`${inlineJson(s.default)}\``);
  const text = parts.join(', ');
  return s.description ? `${text}\n\n${s.description}` : text;
}

function valueCandidates(s: JsonSchema): unknown[] {
  if (s.enum) return [...s.enum];
  if (s.items?.enum) return s.items.enum.map((v) => [v]);
  const out: unknown[] = [];
  if (s.default !== undefined) out.push(s.default);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.includes('boolean')) out.push(true, false);
  if (types.includes('null') || s.anyOf?.some((a) => a.type === 'null')) out.push(null);
  return out.filter((v, i, a) => a.findIndex((w) => inlineJson(w) === inlineJson(v)) === i);
}

/** Completions at a cursor offset: tool names at the start of a call, parameter names inside it, enum/default values after `=`. */
export function completionsAt(source: string, offset: number): CompletionEntry[] {
  const st = scanPrefix(source, offset);
  if (st.wordStart < 0) return [];
  const word = source.slice(st.wordStart, offset);
  if (st.depth === 0 && !st.inString) {
    return TOOL_DEFINITIONS.filter((d) => d.name.startsWith(word) || word === '').map((d) => {
      const req = d.parameters.required ?? [];
      const snippet = `${d.name}(${req.map((p, i) => `${p}=\${${i + 1}}`).join(', ')})$0`;
      return {
        label: d.name,
        kind: 'tool',
        detail: signature(d),
        documentation: toolDoc(d),
        insertText: `${d.name}()`,
        snippet,
        replace: { start: st.wordStart, end: offset },
      };
    });
  }
  const def = st.tool ? definitionByName.get(st.tool) : undefined;
  if (!def) return [];
  const req = new Set(def.parameters.required ?? []);
  if (st.depth === 1 && st.expectName && !st.inString) {
    return Object.entries(def.parameters.properties)
      .filter(([k]) => !st.given.has(k) && k.startsWith(word))
      .map(([k, s]) => ({
        label: k,
        kind: 'parameter',
        detail: typeLabel(s),
        documentation: paramDoc(k, s, req.has(k)),
        insertText: `${k}=`,
        replace: { start: st.wordStart, end: offset },
      }));
  }
  if (st.param && !st.expectName) {
    const s = def.parameters.properties[st.param];
    if (!s) return [];
    // Inside an array of enum strings: offer the bare items.
    if (st.depth >= 2 && s.items?.enum) {
      const start = st.inString ? source.lastIndexOf('"', offset - 1) : st.wordStart;
      return s.items.enum.map((v) => ({
        label: inlineJson(v),
        kind: 'value',
        detail: typeLabel(s.items as JsonSchema),
        documentation: paramDoc(st.param as string, s, req.has(st.param as string)),
        insertText: inlineJson(v),
        replace: { start, end: offset },
      }));
    }
    if (st.depth !== 1) return [];
    return valueCandidates(s).map((v) => ({
      label: inlineJson(v),
      kind: 'value',
      detail: typeLabel(s),
      documentation: paramDoc(st.param as string, s, req.has(st.param as string)),
      insertText: inlineJson(v),
      replace: { start: st.valueStart, end: offset },
    }));
  }
  return [];
}

function inside(span: Span, offset: number): boolean {
  return offset >= span.start && offset <= span.end;
}

/** Hover text for the tool name or parameter under the cursor. */
export function hoverAt(source: string, offset: number): HoverInfo | null {
  for (const call of parseCell(source).calls) {
    if (!inside(call.span, offset)) continue;
    const def = definitionByName.get(call.tool);
    if (!def) return null;
    if (inside(call.toolSpan, offset)) return { markdown: `\`\`\`\n${signature(def)}\n\`\`\`\n\n${toolDoc(def)}`, span: call.toolSpan };
    for (const a of call.arguments) {
      if (inside(a.nameSpan, offset) || inside(a.valueSpan, offset)) {
        const s = def.parameters.properties[a.name];
        if (!s) return null;
        return { markdown: paramDoc(a.name, s, (def.parameters.required ?? []).includes(a.name)), span: a.nameSpan };
      }
    }
    return null;
  }
  return null;
}
