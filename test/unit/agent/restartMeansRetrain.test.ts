import { describe, it, expect } from 'vitest';
import { interpretRequest } from '../../../src/core/agent/interpretRequest';
import { destructiveAsked } from '../../../src/core/agent/understanding/safety';
import { restartMeansRetrain } from '../../../src/core/agent/understanding/restart';
import type { Stage } from '../../../src/core/study/types';
import { ctxAt } from './plannerContext';

/*
 * A restart word ("start over", 重新開始, 重來, 從頭跑) is ambiguous. Next to a training setting or a model it restarts
 * training; alone, or with "clear" said in so many words, it starts the Study over. Clearing throws work away, so the
 * planner and the destructive-call gate both read it as a new run whenever the request is about training.
 */
const plan = (stage: Stage, text: string) =>
  interpretRequest(text, ctxAt(stage))
    .calls.filter((c) => destructiveAsked(c.tool, text))
    .map((c) => c.tool);

describe('restart words: a new run when the request is about training, clear only when nothing else is meant', () => {
  it.each([
    ['trained', '學習率調成 0.0001，重新開始', ['configure_training', 'start_training']],
    ['trained', 'epochs 改 80 之後從頭跑', ['configure_training', 'start_training']],
    ['dataset_ready', '用 ShallowConvNet 重來', ['set_model', 'start_training']],
    ['trained', '重新開始訓練吧', ['start_training']],
    ['trained', 'bump the batch size to 16 and start over', ['configure_training', 'start_training']],
    ['trained', 'restart with lr 3e-4', ['configure_training', 'start_training']],
    ['dataset_ready', 'go with SCCNet and start again from scratch', ['set_model', 'start_training']],
  ] as const)('at %s, %s → %j', (stage, text, tools) => {
    expect(plan(stage, text)).toEqual(tools);
  });

  it.each([
    ['trained', '重新開始'],
    ['preprocessed', 'start over'],
    ['trained', '全部清掉，重新開始訓練'],
    ['trained', 'wipe everything and start over with a new model'],
  ] as const)('at %s, %s still clears (nothing else meant, or clear said outright)', (stage, text) => {
    expect(plan(stage, text)[0]).toBe('clear_dataset');
  });

  it('the gate refuses a proposed clear on a restart of training, whoever proposed it (the LLM path too)', () => {
    expect(destructiveAsked('clear_dataset', 'batch 改 16，重新開始')).toBe(false);
    expect(destructiveAsked('clear_dataset', 'set dropout to 0.5 and start over')).toBe(false);
    expect(destructiveAsked('clear_dataset', '重新開始')).toBe(true);
    expect(destructiveAsked('clear_dataset', 'clear the study, then retrain from scratch')).toBe(true);
    expect(restartMeansRetrain('re-reference and start over')).toBe(false);
  });
});
