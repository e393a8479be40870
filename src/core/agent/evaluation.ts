import { AgentController } from './controller';
import { OfflinePlanner } from './offlinePlanner';
import { simulatedCase, SIMULATED_FILES } from './simulatedStudy';
import type { LlmClient } from './llm';
import type { Stage } from '../study/types';
import type { ToolEnv } from '../tools/types';

/** One evaluation case (test/agent-cases/cases.jsonl). Earlier turns set up context; the last one is scored. */
export interface EvalCase {
  id: string;
  category: string;
  stage: Stage;
  turns: string[];
  expect: {
    route?: 'qa' | 'operation';
    /** tools of the scored turn, in order ([] = no call, e.g. a request it must decline) */
    tools?: string[];
    /** per call, the arguments that must match (subset) */
    args?: (Record<string, unknown> | null)[];
    stage?: Stage;
    /** an error code some call of the scored turn must return (blocked cases) */
    error?: string;
  };
  /** answer to confirmations (default yes) */
  confirm?: boolean;
}

export interface EvalScores {
  cases: number;
  intent: number;
  toolSelection: number;
  parameters: number;
  stateTransition: number;
  errorRecovery: number;
  failures: { id: string; what: string }[];
  byCategory: Record<string, { n: number; passed: number }>;
}

const subset = (want: unknown, got: unknown): boolean => {
  if (want && typeof want === 'object' && !Array.isArray(want)) {
    return Boolean(got) && typeof got === 'object' && Object.entries(want).every(([k, v]) => subset(v, (got as Record<string, unknown>)[k]));
  }
  if (typeof want === 'number' && typeof got === 'number') return Math.abs(want - got) < 1e-9;
  return JSON.stringify(want) === JSON.stringify(got);
};

/**
 * Runs every case on a fresh copy of the simulated Study (the real tools over simulated recordings, in a folder of
 * its own under `env.workspace`, removed after the case) and scores it. Long jobs run to the end, as in `xbrain ask`.
 */
export async function runEval(cases: EvalCase[], env: ToolEnv, makeLlm: () => LlmClient = () => new OfflinePlanner()): Promise<EvalScores> {
  const tally = { intent: [0, 0], tools: [0, 0], params: [0, 0], state: [0, 0], recovery: [0, 0] };
  const failures: { id: string; what: string }[] = [];
  const byCategory: Record<string, { n: number; passed: number }> = {};
  for (const c of cases) {
    const { session, close } = await simulatedCase(env, c.stage);
    const agent = new AgentController({
      llm: makeLlm(),
      session,
      confirm: async () => c.confirm ?? true,
      dataPath: SIMULATED_FILES.join(','),
      awaitLongJobs: true,
    });
    let last = await agent.run(c.turns[0]);
    for (const t of c.turns.slice(1)) last = await agent.run(t);
    const stage = session.study.stage;
    await close();
    const tools = last.calls.map((x) => x.tool);
    const fails: string[] = [];
    const score = (k: keyof typeof tally, ok: boolean, what: string) => {
      tally[k][1]++;
      if (ok) tally[k][0]++;
      else fails.push(what);
    };
    const e = c.expect;
    const route = e.route ?? 'operation';
    score(
      'intent',
      last.route === route && (route === 'qa' || !e.tools || (e.tools.length === 0 ? tools.length === 0 : tools[0] === e.tools[0])),
      `intent: ${last.route}/${tools[0] ?? '-'}`,
    );
    if (e.tools) score('tools', JSON.stringify(tools) === JSON.stringify(e.tools), `tools: ${JSON.stringify(tools)}`);
    if (e.args) {
      const ok = e.args.every((a, i) => a === null || subset(a, last.calls[i]?.arguments));
      score('params', ok, `args: ${JSON.stringify(last.calls.map((x) => x.arguments))}`);
    }
    if (e.stage) score('state', stage === e.stage, `stage: ${stage}`);
    if (e.error)
      score(
        'recovery',
        last.calls.some((x) => x.result.error?.code === e.error) && last.answer.length > 0 && (!e.stage || stage === e.stage),
        `error: ${last.calls.map((x) => x.result.error?.code ?? 'ok').join(',')}`,
      );
    const cat = (byCategory[c.category] ??= { n: 0, passed: 0 });
    cat.n++;
    if (fails.length === 0) cat.passed++;
    else failures.push({ id: c.id, what: fails.join('; ') });
  }
  const r = (k: keyof typeof tally) => (tally[k][1] ? tally[k][0] / tally[k][1] : 1);
  return {
    cases: cases.length,
    intent: r('intent'),
    toolSelection: r('tools'),
    parameters: r('params'),
    stateTransition: r('state'),
    errorRecovery: r('recovery'),
    failures,
    byCategory,
  };
}
