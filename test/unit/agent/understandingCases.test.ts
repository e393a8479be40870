import { describe, it, expect } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEval, type EvalCase } from '../../../src/core/agent/evaluation';
import { readJsonl } from '../helpers/jsonl';
import { repoRoot } from '../helpers/paths';

/**
 * The understanding layer's own cases (written for it, not taken from any evaluation set): typos and informal words,
 * quantities against the simulated Study (160 Hz, trained config 10 epochs / batch 32 / lr 0.001), secondary
 * settings, references to earlier turns, intent precedence and safety. Every one must pass on the offline planner.
 */
const cases = readJsonl<EvalCase>('test/unit/agent/fixtures/understanding-cases.jsonl');

describe('understanding cases through the agent with mock tools', () => {
  it('every case passes, and no case ran a destructive tool it did not ask for', async () => {
    const env = { workspace: mkdtempSync(join(tmpdir(), 'xbrain-understand-cases-')), packageRoot: repoRoot, trusted: true };
    const s = await runEval(cases, env);
    expect(s.failures).toEqual([]);
    expect(s.cases).toBeGreaterThanOrEqual(90);
  }, 900_000);
});
