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
import { TOOL_OBJECT_MIXED, TOOL_OBJECT_QUESTIONS, TOOL_OBJECT_TERSE } from './questionToolObjects';

useFreshTrainer();

const env = () => ({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-qt-')), packageRoot: repoRoot, trusted: true });
const mutating = (tool: string) => definitionByName.get(tool)?.mutates !== false;

/** Runs a turn at a stage with no confirmation given (as `xbrain ask --json` and eval:kb do): nothing may change. */
async function unchanged(q: string, stage: Stage) {
  const session = await mockSession(env(), stage);
  const before = session.study.state;
  const r = await new AgentController({ llm: new OfflinePlanner(), session, confirm: async () => false }).run(q);
  const ran = r.calls.filter((c) => c.result.type !== 'confirm' && c.result.type !== 'error' && mutating(c.tool)).map((c) => c.tool);
  return { ran, same: session.study.state === before, answer: r.answer };
}

describe("a question that names a tool's object never acts (h13-kbstudy table)", () => {
  it.each([...TOOL_OBJECT_QUESTIONS, ...TOOL_OBJECT_TERSE])('%s', async (q) => {
    for (const stage of ['trained', 'data_loaded'] as Stage[]) {
      const { ran, same, answer } = await unchanged(q, stage);
      expect(ran, `${stage}`).toEqual([]);
      expect(same, stage).toBe(true);
      expect(answer.length).toBeGreaterThan(0);
    }
  });

  it.each(TOOL_OBJECT_MIXED)('mixed, answered and only proposed: %s', async (q) => {
    expect(splitTurn(q).questions.length, q).toBeGreaterThan(0);
    const { ran, same } = await unchanged(q, 'trained');
    expect(ran).toEqual([]);
    expect(same).toBe(true);
  });

  it('the classes it found: "do <noun phrase> look …", a verdict after the step, alternatives offered', () => {
    for (const q of [
      'do the epochs overlap with a 0.5 s step',
      'do these filters hurt the beta band',
      'resample to 100 Hz, overkill',
      'epoch -1 to 4 s — too long',
      'filter before or after re-referencing',
      'normalize per trial or per channel first',
      'split by subject or by session',
      'evaluate on the test split or train on more data',
      '先帶通再 CAR，這樣可以',
      'batch 64 這個設定合理',
      // training settings judged without a question mark (found after the first fix)
      'learning rate 0.01 with SGD for SCCNet, thoughts',
      'training for 500 epochs on the GPU would be overkill I guess',
      'patience 20 with 300 epochs sensible',
      'training on GPU with batch 128 is it possible with 4GB',
      'repeat 5 times with different seeds worth it',
      '用 GPU 訓練 batch 64 應該可以吧',
      '重複訓練 5 次取平均有必要',
    ])
      expect(isQuestion(q), q).toBe(true);
    // the same steps said as instructions, acknowledged or corrected, still act
    for (const r of [
      'do the notch filtering',
      'do the split again',
      'band-pass 8 to 30, ok',
      'band-pass 8-30, or rather 4-40',
      'load S001R04.edf or S001R08.edf',
      '帶通 8-30 就好',
      '可以',
      '好吧',
      // a value that replaces the last one is a correction
      'hmm, 100 would be better',
    ])
      expect(isQuestion(r), r).toBe(false);
  });
});
