import { describe, it, expect } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isQuestion, splitTurn } from '../../../src/core/agent/questionSplit';
import { AgentController } from '../../../src/core/agent/controller';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { mockSession } from '../../../src/core/agent/simulatedStudy';
import { definitionByName } from '../../../src/core/tools/definitions';
import type { Stage } from '../../../src/core/study/types';
import { repoRoot } from '../helpers/paths';
import { useFreshTrainer } from './simulatedTrainer';
import { H14_MIXED, H14_QUESTIONS } from './questionToolObjectsH14';

useFreshTrainer();

const env = () => ({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-q14-')), packageRoot: repoRoot, trusted: true });
const mutating = (tool: string) => definitionByName.get(tool)?.mutates !== false;

/** Runs a turn at a stage with no confirmation given (as `xbrain ask --json` and eval:kb do): nothing may change. */
async function unchanged(q: string, stage: Stage) {
  const session = await mockSession(env(), stage);
  const before = session.study.state;
  const r = await new AgentController({ llm: new OfflinePlanner(), session, confirm: async () => false }).run(q);
  const ran = r.calls.filter((c) => c.result.type !== 'confirm' && c.result.type !== 'error' && mutating(c.tool)).map((c) => c.tool);
  const proposed = r.calls.filter((c) => c.result.type === 'confirm').map((c) => c.tool);
  return { ran, proposed, same: session.study.state === before, answer: r.answer };
}

describe("a question that names a tool's object never acts (h14-kbstudy table)", () => {
  it.each(H14_QUESTIONS)('%s', async (q) => {
    for (const stage of ['trained', 'data_loaded'] as Stage[]) {
      const { ran, same, answer } = await unchanged(q, stage);
      expect(ran, stage).toEqual([]);
      expect(same, stage).toBe(true);
      expect(answer.length).toBeGreaterThan(0);
    }
  });

  it.each(H14_MIXED)('mixed, answered and only proposed: %s', async (q) => {
    const parts = splitTurn(q);
    expect(parts.questions.length, q).toBeGreaterThan(0);
    expect(parts.requests.length, q).toBeGreaterThan(0);
    const { ran, same } = await unchanged(q, 'trained');
    expect(ran).toEqual([]);
    expect(same).toBe(true);
  });

  it('the classes it found: told first, a step\'s results named, a reason before "do I", a verdict with its complement', () => {
    // asked to be told before anything is done: the request part is kept, without the clause, and only proposed
    expect(splitTurn('幫我把 batch 改成 16，先告訴我會有什麼影響')).toEqual({
      questions: ['幫我把 batch 改成 16，先告訴我會有什麼影響'],
      requests: ['幫我把 batch 改成 16'],
    });
    expect(splitTurn('evaluate it — but before that, explain what the kappa will tell me').requests).toEqual(['evaluate it']);
    for (const q of [
      '先說一下要改哪些設定',
      '不過先解釋一下 kappa',
      'but first tell me which settings change',
      'tell me what it computes first',
      'eval numbers for the EEGNet run',
      'the test results of my model',
      'since the data are from Taiwan, do I need a 60 Hz notch',
      'epochs 100, batch 8, lr 1e-3 — overkill for 29 trials',
      'if I set batch 8, would training be slower',
    ])
      expect(isQuestion(q), q).toBe(true);
    // the same objects as instructions still act
    for (const r of [
      'evaluate the model, then tell me the kappa',
      'first evaluate, then plot the training curves',
      'explain the model first',
      'since the data are from Taiwan, notch 60',
      '先帶通 8-30 再說',
      '幫我改成用 GPU 訓練',
      'evaluate on the test set',
      'if it is ok, set batch 8',
    ])
      expect(isQuestion(r), r).toBe(false);
  });
});
