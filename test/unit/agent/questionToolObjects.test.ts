import { describe, it, expect } from 'vitest';
import { isQuestion } from '../../../src/core/agent/questionSplit';
import { useFreshTrainer } from './simulatedTrainer';
import { TOOL_OBJECT_MIXED, TOOL_OBJECT_QUESTIONS, TOOL_OBJECT_TERSE } from './questionToolObjects';
import { describeQuestionTable } from './questionTableSuite';

useFreshTrainer();

describeQuestionTable(
  "a question that names a tool's object never acts (h13-kbstudy table)",
  [...TOOL_OBJECT_QUESTIONS, ...TOOL_OBJECT_TERSE],
  TOOL_OBJECT_MIXED,
  false,
);

describe("a question that names a tool's object never acts (h13-kbstudy table)", () => {
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
