import { XBrainError } from '../errors';
import { locateJsonError } from './cellParser';

/** The `.xbrain` notebook file (docs/architecture.md §4, contract). */
export const NOTEBOOK_VERSION = 1;

export type CellKind = 'markdown' | 'code';

/**
 * One output item. JSON MIME types (`application/json`, `*+json`) keep their value as JSON; text MIME types keep a
 * string; anything else (images) keeps base64 so nothing is lost.
 */
export type NotebookOutputItem = { mime: string; data: unknown } | { mime: string; base64: string };

export interface NotebookOutput {
  items: NotebookOutputItem[];
  metadata?: Record<string, unknown>;
}

export interface NotebookCell {
  kind: CellKind;
  source: string;
  outputs: NotebookOutput[];
  metadata: Record<string, unknown>;
  /** keys this version does not know, kept verbatim so a round trip loses nothing */
  extra?: Record<string, unknown>;
}

export interface XBrainNotebook {
  version: typeof NOTEBOOK_VERSION;
  metadata: Record<string, unknown>;
  cells: NotebookCell[];
  extra?: Record<string, unknown>;
}

export function isJsonMime(mime: string): boolean {
  return mime === 'application/json' || mime.endsWith('+json');
}

export function isTextMime(mime: string): boolean {
  return (
    mime.startsWith('text/') ||
    mime === 'application/vnd.code.notebook.stdout' ||
    mime === 'application/vnd.code.notebook.stderr' ||
    mime === 'application/vnd.code.notebook.error'
  );
}

const CELL_KEYS = new Set(['kind', 'source', 'outputs', 'metadata']);
const TOP_KEYS = new Set(['version', 'metadata', 'cells']);

function bad(file: string, message: string, field?: string): never {
  throw new XBrainError('bad_file', `${file}: ${message}`, { file, ...(field ? { field } : {}) });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The scanner's positioned message (line and column); V8's own JSON messages often carry no position. */
function jsonErrorWhere(text: string, err: Error): string {
  const located = locateJsonError(text);
  return located ? located.message : err.message;
}

function parseOutput(file: string, where: string, o: unknown): NotebookOutput {
  if (!isPlainObject(o)) bad(file, `${where} must be an object with "items"`, where);
  if (!Array.isArray(o.items)) bad(file, `${where}.items must be an array`, `${where}.items`);
  const items = o.items.map((it, k): NotebookOutputItem => {
    const w = `${where}.items[${k}]`;
    if (!isPlainObject(it) || typeof it.mime !== 'string' || it.mime === '') bad(file, `${w} needs a "mime" string`, `${w}.mime`);
    if (typeof it.base64 === 'string') return { mime: it.mime, base64: it.base64 };
    if (!('data' in it)) bad(file, `${w} needs "data" (or "base64")`, `${w}.data`);
    if (isTextMime(it.mime) && typeof it.data !== 'string') bad(file, `${w}.data must be a string for ${it.mime}`, `${w}.data`);
    return { mime: it.mime, data: it.data };
  });
  const out: NotebookOutput = { items };
  if (o.metadata !== undefined) {
    if (!isPlainObject(o.metadata)) bad(file, `${where}.metadata must be an object`, `${where}.metadata`);
    out.metadata = o.metadata;
  }
  return out;
}

/**
 * Reads a `.xbrain` file. An empty file is an empty notebook (VS Code creates new files empty); anything else that
 * is not a version-1 notebook is a `bad_file` error naming the file and the field.
 */
export function parseNotebook(text: string, file = 'notebook'): XBrainNotebook {
  if (text.trim() === '') return { version: NOTEBOOK_VERSION, metadata: {}, cells: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    bad(file, `not valid JSON: ${jsonErrorWhere(text, e as Error)}`);
  }
  if (!isPlainObject(raw)) bad(file, 'a notebook is a JSON object with "version", "metadata" and "cells"');
  if (raw.version !== NOTEBOOK_VERSION) {
    bad(
      file,
      raw.version === undefined
        ? 'missing "version" (expected 1)'
        : `unsupported notebook version ${JSON.stringify(raw.version)} (this XBrain reads version ${NOTEBOOK_VERSION})`,
      'version',
    );
  }
  if (!Array.isArray(raw.cells)) bad(file, '"cells" must be an array', 'cells');
  const metadata = raw.metadata ?? {};
  if (!isPlainObject(metadata)) bad(file, '"metadata" must be an object', 'metadata');
  const cells = raw.cells.map((c, i): NotebookCell => {
    const w = `cells[${i}]`;
    if (!isPlainObject(c)) bad(file, `${w} must be an object`, w);
    if (c.kind !== 'markdown' && c.kind !== 'code') bad(file, `${w}.kind must be "markdown" or "code", not ${JSON.stringify(c.kind)}`, `${w}.kind`);
    if (typeof c.source !== 'string') bad(file, `${w}.source must be a string`, `${w}.source`);
    const outputs = c.outputs ?? [];
    if (!Array.isArray(outputs)) bad(file, `${w}.outputs must be an array`, `${w}.outputs`);
    const cm = c.metadata ?? {};
    if (!isPlainObject(cm)) bad(file, `${w}.metadata must be an object`, `${w}.metadata`);
    const cell: NotebookCell = { kind: c.kind, source: c.source, outputs: outputs.map((o, k) => parseOutput(file, `${w}.outputs[${k}]`, o)), metadata: cm };
    const extra = Object.fromEntries(Object.entries(c).filter(([k]) => !CELL_KEYS.has(k)));
    if (Object.keys(extra).length > 0) cell.extra = extra;
    return cell;
  });
  const nb: XBrainNotebook = { version: NOTEBOOK_VERSION, metadata, cells };
  const extra = Object.fromEntries(Object.entries(raw).filter(([k]) => !TOP_KEYS.has(k)));
  if (Object.keys(extra).length > 0) nb.extra = extra;
  return nb;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) if (v[k] !== undefined) out[k] = sortKeys(v[k]);
    return out;
  }
  return v;
}

function isPrimitive(v: unknown): boolean {
  return v === null || typeof v !== 'object';
}

/**
 * Indented JSON where arrays of plain values stay on one line: a trace of 500 samples is one line of the diff,
 * not 500.
 */
export function stableStringify(v: unknown, indent = ''): string {
  if (isPrimitive(v)) return JSON.stringify(v) ?? 'null';
  const inner = indent + '  ';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    if (v.every(isPrimitive)) return `[${v.map((x) => JSON.stringify(x) ?? 'null').join(', ')}]`;
    return `[\n${v.map((x) => inner + stableStringify(x, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${stableStringify(x, inner)}`).join(',\n')}\n${indent}}`;
}

/**
 * Writes a notebook with a fixed key order (version, metadata, cells; kind, source, outputs, metadata), sorted
 * object keys elsewhere and a trailing newline, so saving an unchanged notebook yields the same bytes.
 */
export function serializeNotebook(nb: XBrainNotebook): string {
  const cells = nb.cells.map((c) => {
    const ordered: Record<string, unknown> = {
      kind: c.kind,
      source: c.source,
      outputs: c.outputs.map((o) => ({
        items: o.items.map((it) => ('base64' in it ? { mime: it.mime, base64: it.base64 } : { mime: it.mime, data: sortKeys(it.data) })),
        ...(o.metadata && Object.keys(o.metadata).length > 0 ? { metadata: sortKeys(o.metadata) } : {}),
      })),
      metadata: sortKeys(c.metadata),
    };
    for (const [k, v] of Object.entries(sortKeys(c.extra ?? {}) as Record<string, unknown>)) if (!CELL_KEYS.has(k)) ordered[k] = v;
    return ordered;
  });
  const top: Record<string, unknown> = { version: NOTEBOOK_VERSION, metadata: sortKeys(nb.metadata), cells };
  for (const [k, v] of Object.entries(sortKeys(nb.extra ?? {}) as Record<string, unknown>)) if (!TOP_KEYS.has(k)) top[k] = v;
  return stableStringify(top) + '\n';
}
