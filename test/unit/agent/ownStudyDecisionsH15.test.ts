import { describe, it, expect } from 'vitest';
import { isStudyQuestion, studyTopics } from '../../../src/core/agent/studyAnswer';
import { DECISION_QUESTIONS_H15 } from './ownStudyDecisionsH15';

/** Read as about the Study on main 99ab659: 34 of 44 (and 6 more with a topic that missed the decision). */
describe('own-Study questions phrased around a decision (h15-kbstudy table)', () => {
  it('has 40+ questions in both languages', () => {
    expect(DECISION_QUESTIONS_H15.length).toBeGreaterThanOrEqual(40);
    expect(DECISION_QUESTIONS_H15.filter((q) => /[\u4e00-\u9fff]/.test(q)).length).toBeGreaterThanOrEqual(15);
  });

  it.each(DECISION_QUESTIONS_H15)('%s', (q) => {
    expect(studyTopics(q).length > 0 || isStudyQuestion(q)).toBe(true);
  });

  it('the classes it found: more data than tuning, the bottleneck, too little data, the next step, telling the supervisor, luck', () => {
    // a decision about the Study as a whole (the data or the model, done or another round) is the diagnosis and next steps
    for (const q of [
      'given my numbers, is recording a few more people the better bet than tuning',
      'is the bottleneck in my study the data or the network',
      '我的資料量是不是太少了，才會這樣',
      '以我現在的結果，該先補資料還是先調參',
      'should I call my study done or run another round',
      'which knob in my training setup matters most right now',
      'what is the next sensible step for my analysis',
    ]) {
      expect(studyTopics(q)[0], q).toBe('diagnosis');
      expect(studyTopics(q), q).toContain('next');
    }
    // telling the supervisor, a report next week, a result of theirs pointed at: judged like publishing
    for (const q of ['am I ready to tell my supervisor the model works', '這次的結果能放進下週的報告嗎', '這個 kappa 拿去投稿會被打槍嗎'])
      expect(studyTopics(q), q).toEqual(['significance', 'split', 'next']);
    // luck is a question of significance
    expect(studyTopics('could my accuracy be luck with this test set')[0]).toBe('significance');
    expect(studyTopics('我的結果會不會只是運氣好')[0]).toBe('significance');
    // methods wordings stay methods questions
    for (const q of [
      'in general, do more subjects help EEG decoding more than a better model',
      'what is the bottleneck of EEGNet on small data sets',
      'how lucky can a classifier get on 20 trials',
      'is recording more subjects usually better than tuning',
    ])
      expect(studyTopics(q), q).toEqual([]);
  });
});
