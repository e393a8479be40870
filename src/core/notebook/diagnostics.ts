import { definitionByName } from '../tools/definitions';
import { closest } from '../tools/closest';
import { validateArgs } from '../tools/validate';
import { parseCell, positionAt, type ParsedCall, type Span } from './cellParser';
import { checkStageOrder, type FlowStage } from './stageFlow';

export type DiagnosticSeverity = 'error' | 'warning' | 'info';

export type DiagnosticCode = 'syntax' | 'unknown_tool' | 'invalid_arguments' | 'stage_order' | 'skip_ahead' | 'not_implemented';

export interface CellDiagnostic {
  severity: DiagnosticSeverity;
  code: DiagnosticCode;
  message: string;
  span: Span;
  /** 0-based start and end positions */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface DiagnosticOptions {
  /** stage before the cell runs; default `empty` (the notebook is read as running top to bottom on a fresh Study) */
  stage?: FlowStage;
  /** tools defined but without an implementation in this build get a warning */
  isImplemented?: (tool: string) => boolean;
}

function diag(source: string, severity: DiagnosticSeverity, code: DiagnosticCode, message: string, span: Span): CellDiagnostic {
  const a = positionAt(source, span.start);
  const b = positionAt(source, span.end);
  return { severity, code, message, span, line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
}

/** Every argument problem of one call (ajv reports one at a time; drop the culprit and ask again). */
function argumentDiagnostics(source: string, call: ParsedCall): CellDiagnostic[] {
  const def = definitionByName.get(call.tool);
  if (!def) return [];
  const out: CellDiagnostic[] = [];
  const args: Record<string, unknown> = { ...call.args };
  const removed = new Set<string>();
  for (let guard = 0; guard < 20; guard++) {
    const v = validateArgs(def, args);
    if (v.ok) break;
    const param = v.parameter?.split('.')[0];
    // An invalid value already reported is not also "missing".
    if (param !== undefined && removed.has(param)) break;
    const given = call.arguments.find((a) => a.name === param);
    const message = v.message.replace(new RegExp(`^${def.name}: `), '');
    if (given && param !== undefined && param in args) {
      const unknown = !(param in def.parameters.properties);
      out.push(diag(source, 'error', 'invalid_arguments', message, unknown ? given.nameSpan : given.valueSpan));
      delete args[param];
      removed.add(param);
      continue;
    }
    out.push(diag(source, 'error', 'invalid_arguments', message, call.toolSpan));
    break;
  }
  return out;
}

/**
 * Diagnostics of one code cell: syntax errors (line and column), unknown tools and parameters with the closest
 * valid name, wrong types and enum values, missing required values, and calls the stage order makes impossible.
 * Returns the stage the notebook is at after the cell, for the next cell.
 */
export function diagnoseCell(source: string, opts: DiagnosticOptions = {}): { diagnostics: CellDiagnostic[]; stageAfter: FlowStage } {
  const parsed = parseCell(source);
  const out: CellDiagnostic[] = parsed.errors.map((e) => diag(source, 'error', 'syntax', e.message, e.span));
  let stage: FlowStage = opts.stage ?? 'empty';
  for (const call of parsed.calls) {
    const def = definitionByName.get(call.tool);
    if (!def) {
      const near = closest(call.tool, definitionByName.keys());
      out.push(diag(source, 'error', 'unknown_tool', `Unknown tool '${call.tool}'${near ? ` (did you mean '${near}'?)` : ''}.`, call.toolSpan));
      stage = 'unknown';
      continue;
    }
    const argDiags = argumentDiagnostics(source, call);
    out.push(...argDiags);
    if (opts.isImplemented && !opts.isImplemented(call.tool)) {
      out.push(diag(source, 'warning', 'not_implemented', `'${call.tool}' is defined but not available in this build of XBrain yet.`, call.toolSpan));
    }
    const verdict = checkStageOrder(call.tool, stage);
    if (verdict.kind === 'impossible') out.push(diag(source, 'error', 'stage_order', verdict.message, call.toolSpan));
    else if (verdict.kind === 'skip') out.push(diag(source, 'warning', 'skip_ahead', verdict.message, call.toolSpan));
    // A call that will fail leaves the stage where it was; after an unparsable line we cannot tell.
    stage = argDiags.length > 0 ? stage : verdict.after;
  }
  if (parsed.errors.length > 0) stage = 'unknown';
  return { diagnostics: out, stageAfter: stage };
}

/** Diagnostics for every cell of a notebook, threading the stage through the code cells in order. */
export function diagnoseNotebook(cells: readonly { kind: string; source: string }[], opts: DiagnosticOptions = {}): CellDiagnostic[][] {
  let stage: FlowStage = opts.stage ?? 'empty';
  return cells.map((c) => {
    if (c.kind !== 'code') return [];
    const r = diagnoseCell(c.source, { ...opts, stage });
    stage = r.stageAfter;
    return r.diagnostics;
  });
}
