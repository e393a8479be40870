import { describe, it, expect, afterAll } from 'vitest';
import { questionProbe, QUESTION_FRAMES, REQUEST_FRAMES, MIXED_FRAMES, PROBE_SUBJECTS } from './questionProbe';
import { probeSessions, probeProblem, stagesOf } from './questionProbeRun';
import { useFreshTrainer } from './simulatedTrainer';
import { repoRoot } from '../helpers/paths';

useFreshTrainer();

/**
 * The question probe (issues 19 and 14), the whole of it, through the agent with the offline planner on the simulated
 * Study: no question calls a tool that changes the Study (or writes files) unproposed, at any stage; every polite
 * request calls its step without a proposal where the step is offered; every mixed turn proposes its step and runs
 * nothing unasked. `node scripts/probe-questions.mjs --list` prints the same outcomes counted by frame family.
 */
describe('question probe: frames × subjects × stages', () => {
  const probes = questionProbe();
  let runner: Awaited<ReturnType<typeof probeSessions>> | undefined;
  afterAll(async () => runner?.close());

  it('is the size its frames and subjects make, in both languages', () => {
    expect(probes.length).toBeGreaterThan((QUESTION_FRAMES.length + REQUEST_FRAMES.length + MIXED_FRAMES.length) * PROBE_SUBJECTS.length);
    for (const kind of ['question', 'request', 'mixed'])
      for (const lang of ['en', 'zh'])
        expect(
          probes.some((p) => p.kind === kind && p.lang === lang),
          `${kind} ${lang}`,
        ).toBe(true);
  });

  it('no question acts, every polite request acts, every mixed turn only proposes', async () => {
    runner = await probeSessions(repoRoot);
    const problems: string[] = [];
    let runs = 0;
    for (const p of probes)
      for (const stage of stagesOf(p)) {
        runs++;
        const problem = probeProblem(await runner.run(p, stage));
        if (problem) problems.push(`[${p.kind} · ${p.family} @ ${stage}] ${p.text} → ${problem}`);
      }
    expect(runs).toBeGreaterThan(10_000);
    expect(problems).toEqual([]);
  }, 600_000);
});
