// Leaving a processing step out ("omit the notch", 「陷波那步省略」), pseudo-clefts that state a request ("what I need
// is …") and counts of held-out groups in a split ("hold out one session", 「留一個 run 當測試」) — wording written for
// these tests, not taken from a case file.
import { describe, expect, it } from 'vitest';
import { informalWords, splitClauses } from '../../../src/core/agent/understanding/clauses';
import { splitCounts } from '../../../src/core/agent/understanding/splitCounts';

const negatedParts = (t: string) =>
  splitClauses(t)
    .filter((c) => c.negated)
    .map((c) => c.text);

describe('a step left out is negated, wherever the leaving-out word sits', () => {
  it('before the step (English)', () => {
    expect(negatedParts('forgo the z-scoring, then epoch 0 to 3 s')).toEqual(['forgo the z-scoring']);
    expect(negatedParts('omit re-referencing; band-pass 4 to 38')).toEqual(['omit re-referencing']);
    expect(negatedParts('drop the baseline correction and plot the ERP').length).toBe(1);
  });
  it('after the step (English and Chinese)', () => {
    expect(negatedParts('band-pass 3-33, the downsampling can be skipped')).toEqual(['the downsampling can be skipped']);
    expect(negatedParts('epoch on T1, normalization is not needed').some((c) => /normalization/.test(c))).toBe(true);
    expect(splitClauses('重新取樣這步今天就省略吧').every((c) => c.negated)).toBe(true);
    expect(splitClauses('標準化跟降採樣都跳過').every((c) => c.negated)).toBe(true);
    expect(negatedParts('高通 0.5 就好，基線那步免了')).toEqual(['基線那步免了']);
  });
  it('but leaving out data is a split, and skipping seconds is a crop, not a negation', () => {
    expect(negatedParts('leave out two subjects for testing')).toEqual([]);
    expect(negatedParts('drop channel Fz')).toEqual([]);
    expect(negatedParts('band-pass 1 to 40')).toEqual([]);
  });
});

describe('a pseudo-cleft states the request', () => {
  it('reads "what I need is X" and 「我要的是 X」 as the wish', () => {
    expect(informalWords('what we really want is a 2-30 Hz band-pass')).toBe('I need a 2-30 Hz band-pass');
    expect(informalWords('no notch; what I would like is the PSD')).toBe('no notch; I need the PSD');
    expect(informalWords('我們需要的是平均參考')).toBe('我要平均參考');
    // a question about what is needed stays a question
    expect(informalWords('what do I need for a 4-class study?')).toBe('what do I need for a 4-class study?');
  });
});

describe('counts of held-out groups', () => {
  it('read counts in English and Chinese, with the group they are of', () => {
    expect(splitCounts('hold out a single participant as the test set')).toEqual({ test: 1, group: 'subject' });
    expect(splitCounts('keep back two sessions for validation')).toEqual({ val: 2, group: 'session' });
    expect(splitCounts('use 12 trials for testing and 6 for validation')).toEqual({ test: 12, val: 6, group: 'trial' });
    expect(splitCounts('leave-one-subject-out')).toEqual({ test: 1, group: 'subject' });
    expect(splitCounts('拿兩位受試者當測試，一位當驗證')).toEqual({ test: 2, val: 1, group: 'subject' });
    expect(splitCounts('驗證集留 3 個 session')).toEqual({ val: 3, group: 'session' });
  });
  it('read a group named by its identifier as one group, never as a percentage', () => {
    expect(splitCounts('set aside run 6 for validation')).toEqual({ val: 1, group: 'session' });
    expect(splitCounts('split by subject, 20% test')).toBeNull();
    expect(splitCounts('test on subject 7 with 25% validation')).toBeNull();
  });
});
