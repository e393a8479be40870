import { describe, it, expect } from 'vitest';
import { isQuestion } from '../../../src/core/agent/questionSplit';
import { useFreshTrainer } from './simulatedTrainer';
import { H15_MIXED, H15_QUESTIONS } from './questionToolObjectsH15';
import { describeQuestionTable } from './questionTableSuite';

useFreshTrainer();

// On main 99ab659, 5 of the 84 questions acted: 'epoching keeps dropping trials' and '切段之後 trial 變很少' (epoch_data at
// data_loaded), '訓練好久，CPU 100%' (configure_training), '評估跑好慢' and 'evaluate with the last epoch or the best one'
// (evaluate at trained).
describeQuestionTable("a question that names a tool's object never acts (h15-kbstudy table)", H15_QUESTIONS, H15_MIXED);

describe("a question that names a tool's object never acts (h15-kbstudy table)", () => {
  it('has 80+ questions in both languages', () => {
    expect(H15_QUESTIONS.length).toBeGreaterThanOrEqual(80);
    expect(H15_QUESTIONS.filter((q) => /[\u4e00-\u9fff]/.test(q)).length).toBeGreaterThanOrEqual(30);
  });

  it('the classes it found: a step with its state, a step as the subject, "or the X one", a pair of opposites, a trailing how', () => {
    for (const q of [
      '訓練好久，CPU 100%',
      '評估跑好慢',
      '切段之後 trial 變很少',
      '濾波完訊號有點怪',
      'epoching keeps dropping trials',
      'training takes forever',
      'the saliency map is all blank',
      'evaluation was super slow on 64 channels',
      'evaluate with the last epoch or the best one',
      'val accuracy 62%, good or bad',
      'k-fold in xbrain how',
      'tmin=-0.5 relative to what exactly',
      'notch 要放在帶通前面還是後面',
      'notch 要在 bandpass 之前還之後',
    ])
      expect(isQuestion(q), q).toBe(true);
    // a complaint and then an instruction is a request with its reason; a degree asked for is a request
    for (const r of [
      '訓練太慢，換 GPU',
      '訓練久一點',
      'training is slow, switch to the GPU',
      'evaluate with the best epoch',
      'epoch 0 to 4 s',
      'train for 100 epochs',
    ])
      expect(isQuestion(r), r).toBe(false);
  });
});
