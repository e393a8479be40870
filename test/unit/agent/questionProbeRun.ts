/**
 * Runs the question probe (questionProbe.ts) through the agent as chat, `xbrain ask`, notebooks and MCP run it: the
 * AgentController with the offline planner, on a simulated Study at each stage. A call that would change the Study
 * (or write files) and reaches the session unproposed is recorded and NOT run, so one session per stage serves every
 * probe; read-only calls run for real. Reaching the session unproposed is what "acted" means here: with no
 * confirmation it runs, and a confirmation the registry asks for is one `--yes` grants.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentController } from '../../../src/core/agent/controller';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { disposeSimulatedSession, mockSession } from '../../../src/core/agent/simulatedStudy';
import { definitionByName } from '../../../src/core/tools/definitions';
import type { XBrainSession } from '../../../src/core/session';
import type { Stage } from '../../../src/core/study/types';
import type { ToolResult } from '../../../src/core/tools/result';
import { PROBE_SUBJECTS, type Probe } from './questionProbe';

/** Tools that change the Study or write files (the exports change no state but write to disk). */
export const hasEffect = (tool: string) => definitionByName.get(tool)?.mutates !== false || definitionByName.get(tool)?.writesFiles === true;

export interface ProbeOutcome {
  probe: Probe;
  stage: Stage;
  route: string;
  /** calls with an effect that reached the session unproposed: they would run */
  acted: string[];
  /** calls with an effect that were only proposed (the controller's propose mode) */
  proposed: string[];
  answer: string;
}

export const PROBE_STAGES: Stage[] = ['empty', 'data_loaded', 'preprocessed', 'dataset_ready', 'training', 'trained'];

/** Sessions per stage whose effectful calls are recorded, not run. */
export async function probeSessions(packageRoot: string, stages: Stage[] = PROBE_STAGES) {
  const sessions = new Map<Stage, { real: XBrainSession; session: XBrainSession; acted: string[] }>();
  for (const stage of stages) {
    const real = await mockSession({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-qprobe-')), packageRoot, trusted: true }, stage);
    const acted: string[] = [];
    const session = Object.create(real) as XBrainSession;
    session.invoke = async (tool, args, opts) => {
      if (!hasEffect(tool)) return real.invoke(tool, args, opts);
      acted.push(tool);
      return { type: 'text', tool, content: `${tool} recorded by the probe, not run`, meta: {} } satisfies ToolResult;
    };
    sessions.set(stage, { real, session, acted });
  }
  return {
    stages,
    async run(probe: Probe, stage: Stage): Promise<ProbeOutcome> {
      const s = sessions.get(stage);
      if (!s) throw new Error(`no probe session at stage ${stage}`);
      s.acted.length = 0;
      const agent = new AgentController({ llm: new OfflinePlanner(), session: s.session, confirm: async () => false });
      const r = await agent.run(probe.text);
      const proposed = r.calls.filter((c) => c.result.type === 'confirm' && c.result.meta.proposed && hasEffect(c.tool)).map((c) => c.tool);
      return { probe, stage, route: r.route, acted: [...s.acted], proposed, answer: r.answer };
    },
    async close() {
      for (const { real } of sessions.values()) await disposeSimulatedSession(real);
    },
  };
}

/** The stages a probe is run at: a question at every stage, a request or a mixed turn where its step is offered. */
export function stagesOf(probe: Probe, stages: Stage[] = PROBE_STAGES): Stage[] {
  if (probe.kind === 'question') return stages;
  const subject = PROBE_SUBJECTS.find((s) => s.id === probe.subject);
  return (subject?.stages ?? []).filter((s) => stages.includes(s));
}

/**
 * What is wrong with one outcome, or null: a question acted or proposed a step, a request did not call its step (run
 * or proposed), a mixed turn ran something unasked or did not propose its step.
 */
export function probeProblem(o: ProbeOutcome): string | null {
  const subject = PROBE_SUBJECTS.find((s) => s.id === o.probe.subject);
  if (o.probe.kind === 'question')
    return o.acted.length ? `question acted: ${o.acted.join(', ')}` : o.proposed.length ? `question proposed: ${o.proposed.join(', ')}` : null;
  if (o.probe.kind === 'mixed') {
    if (o.acted.length) return `mixed turn ran unproposed: ${o.acted.join(', ')}`;
    return o.proposed.some((t) => subject?.tools.includes(t))
      ? null
      : `mixed turn proposed no ${subject?.tools[0]} (proposed: ${o.proposed.join(', ') || 'nothing'})`;
  }
  // a polite request runs at once, or is proposed and runs once the user confirms: either way it calls its step
  if (o.acted.some((t) => subject?.tools.includes(t)) || o.proposed.some((t) => subject?.tools.includes(t))) return null;
  return `request did not act (called: ${o.acted.join(', ') || 'nothing'}; proposed: ${o.proposed.join(', ') || 'nothing'})`;
}
