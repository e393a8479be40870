import { TOOL_DEFINITIONS, definitionByName } from './definitions';
import { closest } from './closest';
import { XBrainError } from '../errors';
import { errorResult, type ToolResult } from './result';
import type { ToolContext, ToolDefinition, ToolImplementations } from './types';
import { validateArgs } from './validate';
import { stateManager, type PlannedCall } from '../study/stateManager';
import { allImplementations } from './impl';

export interface InvokeOptions {
  /** the user has confirmed this exact call (chat button, palette dialog, notebook prompt, CLI --yes) */
  confirmed?: boolean;
  /**
   * The question the user confirmed, when the confirmation came later than the question (MCP tokens, buttons): the
   * call is planned again on the Study as it is now, and if the question would now be different (the Study changed:
   * more would be lost, another plan would run) nothing runs and the new question comes back, saying what changed.
   */
  confirmedQuestion?: string;
}

const GOING_BACK_STAGES = new Set(['dataset_ready', 'trained']);

/**
 * The one way to run a tool: every front end (chat, palette, notebook, CLI, MCP) calls `invoke`.
 * Order: known tool → valid arguments → trust → stage gate (or skip plan) → confirmation → run.
 * A failure at any point returns an error result and leaves the Study unchanged.
 */
export class ToolRegistry {
  constructor(private readonly impls: ToolImplementations = allImplementations) {}

  get definitions(): readonly ToolDefinition[] {
    return TOOL_DEFINITIONS;
  }

  isImplemented(name: string): boolean {
    return name in this.impls;
  }

  async invoke(name: string, rawArgs: unknown, ctx: ToolContext, opts: InvokeOptions = {}): Promise<ToolResult> {
    const def = definitionByName.get(name);
    if (!def) {
      const near = closest(name, definitionByName.keys());
      return errorResult(name, 'unknown_tool', `Unknown tool '${name}'${near ? ` (did you mean '${near}'?)` : ''}.`);
    }
    const study = ctx.study;
    const stage = study.stage;
    const available = def.stages.includes(stage);
    const plan = available ? null : stateManager.skipPlan(name, study.state);
    if (!available && !plan) {
      return errorResult(name, 'stage_unavailable', stateManager.refusal(name, stage), { stage, available: stateManager.availableTools(stage) });
    }

    const v = validateArgs(def, rawArgs ?? {});
    if (!v.ok) return errorResult(name, 'invalid_arguments', v.message, v.parameter ? { parameter: v.parameter } : {});
    const args = v.args;

    if (!ctx.env.trusted && (def.mutates || def.category === 'training')) {
      return errorResult(name, 'untrusted', `'${name}' changes the study and is disabled in an untrusted workspace. Trust the workspace to run it.`);
    }

    if (plan) {
      const full: PlannedCall[] = plan[plan.length - 1]?.tool === name ? plan : [...plan, { tool: name, arguments: args }];
      const ask = confirmPlan(name, stage, full);
      if (!opts.confirmed) return ask;
      if (opts.confirmedQuestion !== undefined && opts.confirmedQuestion !== ask.content) return askAgain(ask, opts.confirmedQuestion);
      return this.runPlan(name, full, ctx);
    }

    const impl = this.impls[name];
    if (!impl) {
      return errorResult(name, 'not_implemented', `'${name}' is defined but not available in this build of XBrain yet.`);
    }

    // Going back from a configured dataset to preprocessing clears the dataset and training history.
    const goingBack = def.category === 'preprocess' && def.mutates && GOING_BACK_STAGES.has(stage) && name !== 'reset_preprocessing';
    let question: string | null = null;
    try {
      question = impl.confirmation?.(args, ctx) ?? null;
    } catch (e) {
      return toErrorResult(name, e);
    }
    if (!question && goingBack) question = describeGoingBack(ctx);
    if (!question && def.needsConfirmation) question = `Run ${name}?`;
    if (question && !opts.confirmed) {
      return { type: 'confirm', content: question, tool: name, meta: { tool: name, arguments: args, stage, revision: study.revision } };
    }
    if (question && opts.confirmedQuestion !== undefined && question !== opts.confirmedQuestion) {
      return askAgain(
        { type: 'confirm', content: question, tool: name, meta: { tool: name, arguments: args, stage, revision: study.revision } },
        opts.confirmedQuestion,
      );
    }

    const before = study.state;
    try {
      if (goingBack) study.commit({ dataset: null, runs: [], evaluations: [], model: study.state.model, training: study.state.training }, ['datasets', 'runs']);
      return await impl.run(args, ctx);
    } catch (e) {
      if (study.state !== before) study.replace(before);
      return toErrorResult(name, e);
    }
  }

  /** Runs a confirmed skip-ahead plan; stops at the first failure and restores the Study as it was. */
  private async runPlan(name: string, plan: PlannedCall[], ctx: ToolContext): Promise<ToolResult> {
    const before = ctx.study.state;
    const results: ToolResult[] = [];
    for (const call of plan) {
      const r = await this.invoke(call.tool, call.arguments, { ...ctx, awaitLongJobs: true }, { confirmed: true });
      results.push(r);
      if (r.type === 'error') {
        if (ctx.study.state !== before) ctx.study.replace(before);
        return errorResult(name, r.error?.code ?? 'internal', `Plan step ${call.tool} failed: ${r.content}. Nothing was changed.`, { plan, results });
      }
    }
    const last = results[results.length - 1];
    return { ...last, meta: { ...last.meta, plan, planResults: results } };
  }
}

function confirmPlan(name: string, stage: string, plan: PlannedCall[]): ToolResult {
  const lines = plan.map(
    (c, i) =>
      `${i + 1}. ${c.tool}(${Object.entries(c.arguments)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(', ')})`,
  );
  return {
    type: 'confirm',
    content: `'${name}' is not available at stage '${stage}'. Skipping ahead with defaults would run:\n${lines.join('\n')}`,
    tool: name,
    meta: { tool: name, stage, plan },
  };
}

/** The Study changed between the question and its confirmation: the new question, with what it said before. */
/**
 * The question a yes to this `confirm` result answers (what to pass back as `confirmedQuestion`): the plan itself,
 * also when the result is a second ask that quotes what changed.
 */
export function confirmedQuestionOf(r: ToolResult): string {
  const changed = r.meta?.changed as { now?: unknown } | undefined;
  return typeof changed?.now === 'string' ? changed.now : r.content;
}

function askAgain(now: ToolResult, before: string): ToolResult {
  return {
    ...now,
    content: `The study changed since this was confirmed, so nothing ran. It asked:\n  ${before.replace(/\n/g, '\n  ')}\nIt would now:\n  ${now.content.replace(/\n/g, '\n  ')}\nConfirm again if this is still wanted.`,
    meta: { ...now.meta, changed: { before, now: now.content } },
  };
}

function describeGoingBack(ctx: ToolContext): string {
  const s = ctx.study.state;
  const splits = s.dataset?.splits.length ?? 0;
  return `This changes the preprocessing of a configured dataset: the dataset (${splits} split${splits === 1 ? '' : 's'}) and ${s.runs.length} training run${s.runs.length === 1 ? '' : 's'} will be cleared.`;
}

function toErrorResult(tool: string, e: unknown): ToolResult {
  if (e instanceof XBrainError) return errorResult(tool, e.code, e.message, e.details);
  const msg = e instanceof Error ? e.message : String(e);
  return errorResult(tool, 'internal', `${tool} failed: ${msg}`);
}
