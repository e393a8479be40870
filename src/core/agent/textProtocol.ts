import type { ToolCall } from './llm';

/**
 * Text protocol for models without native tool calling: the reply holds one or more fenced ```json blocks, each
 * `{"tool_name": "...", "parameters": {...}}` (also accepted: `name`/`tool` and `arguments`/`args`, a list of such
 * objects, and bare objects outside fences). Parsing scans every `{`/`[` and decodes the longest balanced value.
 */
export interface TextProtocolParse {
  calls: ToolCall[];
  /** the reply looked like a tool call but could not be decoded */
  broken: string | null;
  /** the reply with the tool blocks removed (what may be shown as prose) */
  prose: string;
}

let counter = 0;
const nextId = () => `call_txt_${++counter}`;

export function parseTextToolCalls(reply: string): TextProtocolParse {
  const calls: ToolCall[] = [];
  let broken: string | null = null;
  const fences = [...reply.matchAll(/```(?:json|tool|javascript|js)?\s*\n?([\s\S]*?)```/gi)];
  const regions = fences.length > 0 ? fences.map((f) => f[1]) : [reply];
  for (const region of regions) {
    const values = scanJsonValues(region);
    let found = false;
    for (const v of values) {
      if (v.ok) {
        for (const c of toCalls(v.value)) {
          calls.push(c);
          found = true;
        }
      } else if (fences.length > 0 || /^\s*[{[]/.test(region)) {
        broken = broken ?? v.error;
      }
    }
    if (!found && fences.length > 0 && region.trim().startsWith('{') && !broken)
      broken = 'the json block is not a tool call ({"tool_name": ..., "parameters": {...}})';
  }
  if (calls.length > 0) broken = null;
  const prose = fences.length > 0 ? reply.replace(/```(?:json|tool|javascript|js)?\s*\n?[\s\S]*?```/gi, '').trim() : calls.length > 0 ? '' : reply.trim();
  return { calls, broken, prose };
}

function toCalls(v: unknown): ToolCall[] {
  if (Array.isArray(v)) return v.flatMap(toCalls);
  if (!v || typeof v !== 'object') return [];
  const o = v as Record<string, unknown>;
  const name = o.tool_name ?? o.name ?? o.tool ?? o.command;
  if (typeof name !== 'string') return [];
  const params = o.parameters ?? o.arguments ?? o.args ?? {};
  const parsed = typeof params === 'string' ? safeJson(params) : params;
  const args = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  return [{ id: nextId(), name, arguments: args, rawArguments: typeof params === 'string' ? params : JSON.stringify(params) }];
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}

type Scanned = { ok: true; value: unknown } | { ok: false; error: string };

/** Finds top-level JSON objects/arrays in free text; tolerates trailing commas and single-line comments. */
export function scanJsonValues(text: string): Scanned[] {
  const out: Scanned[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch !== '{' && ch !== '[') {
      i++;
      continue;
    }
    const end = balancedEnd(text, i);
    if (end < 0) {
      out.push({ ok: false, error: `unterminated JSON starting '${text.slice(i, i + 40)}'` });
      break;
    }
    const raw = text.slice(i, end + 1);
    const value = safeJson(raw) ?? safeJson(raw.replace(/,\s*([}\]])/g, '$1').replace(/^\s*\/\/.*$/gm, ''));
    if (value !== null) out.push({ ok: true, value });
    else if (ch === '{') out.push({ ok: false, error: `invalid JSON: ${raw.slice(0, 60)}` });
    i = end + 1;
  }
  return out;
}

function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inStr = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inStr) {
      if (c === '\\') i++;
      else if (c === '"') inStr = false;
      continue;
    }
    if (c === '"') inStr = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** How a call is written back into the conversation for text-protocol models. */
export function formatTextToolCall(c: { name: string; arguments: Record<string, unknown> | null }): string {
  return '```json\n' + JSON.stringify({ tool_name: c.name, parameters: c.arguments ?? {} }) + '\n```';
}
