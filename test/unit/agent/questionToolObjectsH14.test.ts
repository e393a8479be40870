import { describe, it, expect } from 'vitest';
import { isQuestion, splitTurn } from '../../../src/core/agent/questionSplit';
import { useFreshTrainer } from './simulatedTrainer';
import { H14_MIXED, H14_QUESTIONS } from './questionToolObjectsH14';
import { describeQuestionTable } from './questionTableSuite';

useFreshTrainer();

describeQuestionTable("a question that names a tool's object never acts (h14-kbstudy table)", H14_QUESTIONS, H14_MIXED);

describe("a question that names a tool's object never acts (h14-kbstudy table)", () => {
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
