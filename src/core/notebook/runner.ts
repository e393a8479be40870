import type { Study } from '../study/study';
import type { StudyState } from '../study/types';
import type { ToolResult } from '../tools/result';
import { parseCell, describePosition, type ParsedCall } from './cellParser';
import type { XBrainNotebook } from './format';
import { confirmedQuestionOf } from '../tools/registry';

/** What the runner needs from a session (XBrainSession satisfies it). */
export interface RunnerSession {
  readonly study: Study;
  invoke(
    name: string,
    args: unknown,
    opts?: { confirmed?: boolean; confirmedQuestion?: string; signal?: AbortSignal; progress?: (m: string) => void; awaitLongJobs?: boolean },
  ): Promise<ToolResult>;
}

/**
 * How a `confirm` result is answered: `true` confirms everything (CLI --yes), `false` confirms nothing (the cell
 * stops with the question as its result), a function asks (VS Code dialog).
 */
export type ConfirmPolicy = boolean | ((result: ToolResult, call: ParsedCall) => Promise<boolean>);

export interface CellRunOptions {
  confirm?: ConfirmPolicy;
  signal?: AbortSignal;
  progress?: (message: string) => void;
  /** every result as it arrives (for live outputs) */
  onResult?: (result: ToolResult, call: ParsedCall | null) => void;
  /** called after a failed cell restored the Study, e.g. to persist the restored state */
  afterRollback?: () => Promise<void>;
}

export type CellOutcome = 'ok' | 'error' | 'needs_confirmation' | 'cancelled';

export interface CellRun {
  outcome: CellOutcome;
  results: ToolResult[];
  durationMs: number;
  /** the Study was restored to its state before the cell */
  rolledBack: boolean;
}

export interface NotebookCellReport {
  /** index in the notebook's cells (markdown cells included) */
  index: number;
  outcome: CellOutcome;
  results: ToolResult[];
}

export interface NotebookRunReport {
  ok: boolean;
  cells: NotebookCellReport[];
}

export interface NotebookRunOptions extends CellRunOptions {
  onCellStart?: (index: number) => void;
  onCellEnd?: (index: number, run: CellRun) => void;
}

function parseFailure(source: string, message: string, offset: number): ToolResult {
  const msg = `${message.includes(' at line ') || message.includes('(at line') ? message : `${message} (${describePosition(source, offset)})`}`;
  return { type: 'error', tool: 'notebook', content: msg, meta: {}, error: { code: 'invalid_arguments', message: msg } };
}

function cancelled(tool: string, content = 'Interrupted before this call ran; the cell was rolled back.'): ToolResult {
  return { type: 'error', tool, content, meta: {}, error: { code: 'cancelled', message: 'interrupted' } };
}

/**
 * Runs one code cell: all its calls in order through the session (registry + StateManager, exactly as chat does).
 * A cell is all-or-nothing: a syntax error runs nothing, and an error, an unanswered confirmation or an interrupt
 * restores the Study to its state before the cell.
 */
export async function runCell(source: string, session: RunnerSession, opts: CellRunOptions = {}): Promise<CellRun> {
  const t0 = performance.now();
  const parsed = parseCell(source);
  const done = (outcome: CellOutcome, results: ToolResult[], rolledBack = false): CellRun => ({
    outcome,
    results,
    durationMs: performance.now() - t0,
    rolledBack,
  });
  if (parsed.errors.length > 0) {
    const results = parsed.errors.map((e) => parseFailure(source, e.message, e.span.start));
    for (const r of results) opts.onResult?.(r, null);
    return done('error', results);
  }
  const before = session.study.state;
  const results: ToolResult[] = [];
  const rollback = async (outcome: CellOutcome): Promise<CellRun> => {
    let rolled = false;
    if (session.study.state !== before) {
      session.study.replace(before as StudyState);
      rolled = true;
      await opts.afterRollback?.();
    }
    return done(outcome, results, rolled);
  };
  // Long jobs run to the end inside a call (awaitLongJobs); an interrupt stops them the way the user would.
  const stopTraining = () => {
    if (session.study.state.runs.some((r) => r.status === 'running')) void session.invoke('stop_training', {}, { confirmed: true }).catch(() => undefined);
  };
  opts.signal?.addEventListener('abort', stopTraining);
  try {
    return await runCalls();
  } finally {
    opts.signal?.removeEventListener('abort', stopTraining);
  }

  async function runCalls(): Promise<CellRun> {
    for (const call of parsed.calls) {
      if (opts.signal?.aborted) {
        const r = cancelled(call.tool);
        results.push(r);
        opts.onResult?.(r, call);
        return rollback('cancelled');
      }
      const invokeOpts = { signal: opts.signal, progress: opts.progress, awaitLongJobs: true };
      let r = await session.invoke(call.tool, call.args, invokeOpts);
      // the yes is bound to the question it answered: if the Study changed meanwhile, the cell is asked again
      for (let round = 0; r.type === 'confirm' && round < 3; round++) {
        const policy = opts.confirm ?? false;
        const yes = typeof policy === 'function' ? await policy(r, call) : policy;
        if (!yes) {
          results.push(r);
          opts.onResult?.(r, call);
          return rollback('needs_confirmation');
        }
        r = await session.invoke(call.tool, call.args, { ...invokeOpts, confirmed: true, confirmedQuestion: confirmedQuestionOf(r) });
      }
      results.push(r);
      opts.onResult?.(r, call);
      if (r.type === 'error') return rollback(r.error?.code === 'cancelled' || opts.signal?.aborted ? 'cancelled' : 'error');
      // Interrupted while this call ran (e.g. a training that was stopped): the cell does not count as done.
      if (opts.signal?.aborted) {
        const c = cancelled('notebook', 'Interrupted; the cell was rolled back.');
        results.push(c);
        opts.onResult?.(c, null);
        return rollback('cancelled');
      }
    }
    return done('ok', results);
  }
}

/**
 * Runs every code cell in order (the headless `xbrain run` and the VS Code controller's Run All share this) and
 * stops at the first cell that does not succeed.
 */
export async function runNotebook(nb: XBrainNotebook, session: RunnerSession, opts: NotebookRunOptions = {}): Promise<NotebookRunReport> {
  const cells: NotebookCellReport[] = [];
  for (let i = 0; i < nb.cells.length; i++) {
    const cell = nb.cells[i];
    if (cell.kind !== 'code') continue;
    opts.onCellStart?.(i);
    const run = await runCell(cell.source, session, opts);
    opts.onCellEnd?.(i, run);
    cells.push({ index: i, outcome: run.outcome, results: run.results });
    if (run.outcome !== 'ok') return { ok: false, cells };
  }
  return { ok: true, cells };
}
