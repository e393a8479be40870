import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { closest } from './closest';
import type { ToolArgs, ToolDefinition } from './types';

const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false });
/** For `updates` tools: a parameter left out must stay absent, so the implementation can keep the current value. */
const ajvNoDefaults = new Ajv({ allErrors: true, useDefaults: false, strict: false });
const compiled = new Map<string, ValidateFunction>();

export type ValidationOutcome = { ok: true; args: ToolArgs } | { ok: false; message: string; parameter?: string };

function describe(def: ToolDefinition, e: ErrorObject): { message: string; parameter?: string } {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const param = path || (e.params as { missingProperty?: string }).missingProperty;
  switch (e.keyword) {
    case 'required': {
      const p = (e.params as { missingProperty: string }).missingProperty;
      return { parameter: p, message: `missing required parameter '${p}'` };
    }
    case 'additionalProperties': {
      const p = (e.params as { additionalProperty: string }).additionalProperty;
      const near = closest(p, Object.keys(def.parameters.properties));
      return {
        parameter: p,
        message: `unknown parameter '${p}'${near ? ` (did you mean '${near}'?)` : ''}; valid: ${Object.keys(def.parameters.properties).join(', ') || 'none'}`,
      };
    }
    case 'enum': {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map(String);
      return { parameter: param, message: `parameter '${param}' must be one of ${allowed.map((a) => `'${a}'`).join(', ')}` };
    }
    case 'type':
      return { parameter: param, message: `parameter '${param}' must be ${(e.params as { type: string }).type}` };
    default:
      return { parameter: param, message: `parameter '${param || '(arguments)'}' ${e.message ?? 'is invalid'}` };
  }
}

/** Validates (and, unless the tool `updates` settings, fills defaults into a copy of) the arguments against the tool's JSON Schema. */
export function validateArgs(def: ToolDefinition, args: unknown): ValidationOutcome {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    return { ok: false, message: `arguments of ${def.name} must be an object` };
  }
  let fn = compiled.get(def.name);
  if (!fn) {
    fn = (def.updates ? ajvNoDefaults : ajv).compile(def.parameters);
    compiled.set(def.name, fn);
  }
  const copy = structuredClone(args) as ToolArgs;
  // JSON numbers such as 1e400 parse to Infinity, which JSON Schema's "number" accepts; no parameter means it
  const inf = nonFinite(copy);
  if (inf) return { ok: false, message: `${def.name}: parameter '${inf}' must be a finite number`, parameter: inf };
  if (fn(copy)) return { ok: true, args: copy };
  // The most helpful message first: a misspelt name explains a "missing" one, an enum beats a bare type error.
  const rank = (k: string) => ['additionalProperties', 'enum', 'type', 'required'].indexOf(k) >>> 0;
  const errors = (fn.errors ?? []).filter((e) => e.keyword !== 'anyOf').sort((a, b) => rank(a.keyword) - rank(b.keyword));
  const first = errors[0] ?? fn.errors?.[0];
  if (!first) return { ok: false, message: `invalid arguments for ${def.name}` };
  // For enums, refine the message with the closest allowed value of what was given.
  const d = describe(def, first);
  if (first.keyword === 'enum' && d.parameter) {
    const given = (copy as Record<string, unknown>)[d.parameter];
    const near = typeof given === 'string' ? closest(given, (first.params as { allowedValues: unknown[] }).allowedValues.map(String)) : undefined;
    if (near) d.message += ` (did you mean '${near}'?)`;
  }
  return { ok: false, message: `${def.name}: ${d.message}`, parameter: d.parameter };
}

/** The first parameter holding a non-finite number (walked with an explicit stack, no recursion). */
function nonFinite(args: ToolArgs): string | null {
  const stack: [string, unknown][] = Object.entries(args);
  while (stack.length) {
    const [key, v] = stack.pop() as [string, unknown];
    if (typeof v === 'number' && !Number.isFinite(v)) return key.split('.')[0];
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) stack.push([`${key}.${k}`, x]);
  }
  return null;
}
