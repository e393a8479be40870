import { describe, it, expect } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { TOOL_DEFINITIONS } from '../../../src/core/tools/definitions';
import { STAGES } from '../../../src/core/study/types';
import { runEval, type EvalCase } from '../../../src/core/agent/evaluation';
import { readJsonl } from '../helpers/jsonl';
import { repoRoot } from '../helpers/paths';

const cases = readJsonl<EvalCase>('test/agent-cases/cases.jsonl');

describe('agent evaluation cases (npm run eval:agent)', () => {
  it('has at least 150 unique cases covering every tool, every stage, Chinese, multi-turn, negative and Q&A', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    const tools = new Set(cases.flatMap((c) => c.expect.tools ?? []));
    for (const d of TOOL_DEFINITIONS) expect(tools, d.name).toContain(d.name);
    for (const s of STAGES)
      expect(
        cases.some((c) => c.stage === s),
        s,
      ).toBe(true);
    for (const cat of ['chinese', 'multiturn', 'multistep', 'negative', 'qa'])
      expect(cases.filter((c) => c.category === cat).length).toBeGreaterThanOrEqual(10);
  });

  it('the scorer marks a wrong expectation as a failure and a right one as a pass', async () => {
    const env = { workspace: mkdtempSync(join(tmpdir(), 'xbrain-evalt-')), packageRoot: repoRoot, trusted: true };
    const good: EvalCase = {
      id: 'g',
      category: 'x',
      stage: 'data_loaded',
      turns: ['band-pass 8 to 30 Hz'],
      expect: { tools: ['apply_bandpass_filter'], args: [{ low_freq: 8, high_freq: 30 }], stage: 'data_loaded' },
    };
    const bad: EvalCase = {
      id: 'b',
      category: 'x',
      stage: 'data_loaded',
      turns: ['band-pass 8 to 30 Hz'],
      expect: { tools: ['apply_notch_filter'], args: [{ freq: 50 }], stage: 'preprocessed' },
    };
    const s = await runEval([good, bad], env);
    expect(s.failures.map((f) => f.id)).toEqual(['b']);
    expect(s.toolSelection).toBe(0.5);
    expect(s.parameters).toBe(0.5);
    expect(s.stateTransition).toBe(0.5);
  });
});
