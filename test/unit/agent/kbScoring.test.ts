import { describe, it, expect } from 'vitest';
import { answerBody } from '../../../src/core/agent/kbEvaluation';

describe('eval:kb judges the answer without its Sources line only', () => {
  it('drops a Sources line at the end, keeps a sentence that says "source:"', () => {
    expect(answerBody('Kappa corrects for chance.\nSources: metrics.md')).toBe('Kappa corrects for chance.');
    expect(answerBody('Sources: a.md')).toBe('');
    const inline = 'Each passage names its source: the section title. Kappa corrects for chance.\n\nSources: metrics.md';
    expect(answerBody(inline)).toBe('Each passage names its source: the section title. Kappa corrects for chance.\n');
  });
});
