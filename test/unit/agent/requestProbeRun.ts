/**
 * Runs the request probe (requestProbe.ts) through the agent as chat and `xbrain ask` run it: the AgentController with
 * the offline planner on a simulated Study at the probe's stage. As in the question probe's runner, a call that would
 * change the Study (or write files) is recorded with its arguments and NOT run, so one session per stage serves every
 * probe; read-only calls run for real. A probe is right when the scored turn's calls (run or proposed) are exactly the
 * expected tools in order and each expected argument matches (a subset, numbers to 1e-9 relative), as the agent
 * evaluation scores a case (evaluation.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentController } from '../../../src/core/agent/controller';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { disposeSimulatedSession, mockSession } from '../../../src/core/agent/simulatedStudy';
import type { XBrainSession } from '../../../src/core/session';
import type { Stage } from '../../../src/core/study/types';
import type { ToolResult } from '../../../src/core/tools/result';
import { hasEffect } from './questionProbeRun';
import type { RequestProbe } from './requestProbe';

export interface RequestOutcome {
  probe: RequestProbe;
  calls: { tool: string; arguments: Record<string, unknown> }[];
  ok: boolean;
  /** what was wrong, or '' */
  problem: string;
}

const close = (want: unknown, got: unknown): boolean => {
  if (want && typeof want === 'object' && !Array.isArray(want))
    return Boolean(got) && typeof got === 'object' && Object.entries(want).every(([k, v]) => close(v, (got as Record<string, unknown>)[k]));
  if (typeof want === 'number' && typeof got === 'number') return Math.abs(want - got) <= 1e-9 * Math.max(1, Math.abs(want));
  return JSON.stringify(want) === JSON.stringify(got);
};

/** Sessions per stage whose effectful calls are recorded, not run. */
export async function requestSessions(packageRoot: string, stages: Stage[]) {
  const sessions = new Map<Stage, { real: XBrainSession; session: XBrainSession }>();
  for (const stage of stages) {
    const real = await mockSession({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-rprobe-')), packageRoot, trusted: true }, stage);
    const session = Object.create(real) as XBrainSession;
    session.invoke = async (tool, args, opts) => {
      if (!hasEffect(tool)) return real.invoke(tool, args, opts);
      return { type: 'text', tool, content: `${tool} recorded by the probe, not run`, meta: {} } satisfies ToolResult;
    };
    sessions.set(stage, { real, session });
  }
  return {
    async run(probe: RequestProbe): Promise<RequestOutcome> {
      const s = sessions.get(probe.stage);
      if (!s) throw new Error(`no probe session at stage ${probe.stage}`);
      const agent = new AgentController({ llm: new OfflinePlanner(), session: s.session, confirm: async () => true });
      let r = await agent.run(probe.turns[0]);
      for (const t of probe.turns.slice(1)) r = await agent.run(t);
      const calls = r.calls.map((c) => ({ tool: c.tool, arguments: c.arguments }));
      const tools = calls.map((c) => c.tool);
      const e = probe.expect;
      let problem = '';
      if (JSON.stringify(tools) !== JSON.stringify(e.tools)) problem = `tools ${JSON.stringify(tools)}`;
      else if (!e.args.every((a, i) => a === null || close(a, calls[i]?.arguments))) problem = `args ${JSON.stringify(calls.map((c) => c.arguments))}`;
      return { probe, calls, ok: problem === '', problem };
    },
    async close() {
      for (const { real } of sessions.values()) await disposeSimulatedSession(real);
    },
  };
}

export interface HalfScore {
  probes: number;
  right: number;
  rate: number;
}

/** Runs every probe and counts the right ones per half (tune / held), per group and per family. */
export async function scoreRequestProbe(packageRoot: string, probes: RequestProbe[]) {
  const stages = [...new Set(probes.map((p) => p.stage))];
  const runner = await requestSessions(packageRoot, stages);
  const outcomes: RequestOutcome[] = [];
  try {
    for (const p of probes) outcomes.push(await runner.run(p));
  } finally {
    await runner.close();
  }
  const tally = (pick: (o: RequestOutcome) => boolean): HalfScore => {
    const xs = outcomes.filter(pick);
    const right = xs.filter((o) => o.ok).length;
    return { probes: xs.length, right, rate: xs.length ? right / xs.length : 1 };
  };
  const by = (key: (p: RequestProbe) => string) =>
    Object.fromEntries(
      [...new Set(probes.map(key))]
        .sort()
        .map((k) => [
          k,
          { tune: tally((o) => key(o.probe) === k && o.probe.half === 'tune'), held: tally((o) => key(o.probe) === k && o.probe.half === 'held') },
        ]),
    );
  return {
    tune: tally((o) => o.probe.half === 'tune'),
    held: tally((o) => o.probe.half === 'held'),
    byGroup: by((p) => p.group),
    byFamily: by((p) => `${p.lang} ${p.family}`),
    outcomes,
  };
}
