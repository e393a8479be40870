import { describe, it, expect } from 'vitest';
import { textOutputHtml, isTextOutputHtml, liveTrainingLine, SUMMARY_LINES } from '../../../src/core/notebook/textView';
import type { RunRecord } from '../../../src/core/study/types';

describe('notebook text outputs read whole', () => {
  it('a short text is all shown, wrapped, escaped, with no disclosure', () => {
    const html = textOutputHtml('a & b <script>alert(1)</script>\nsecond');
    expect(html).toContain('white-space:pre-wrap');
    expect(html).toContain('a &amp; b &lt;script&gt;alert(1)&lt;/script&gt;\nsecond');
    expect(html).not.toContain('<details>');
    expect(isTextOutputHtml(html)).toBe(true);
    expect(isTextOutputHtml('<div>user html</div>')).toBe(false);
  });

  it(`a long text shows ${SUMMARY_LINES} lines and keeps the rest one click away`, () => {
    const html = textOutputHtml(Array.from({ length: SUMMARY_LINES + 3 }, (_, i) => `L${i + 1}`).join('\n'));
    expect(html).toMatch(/<details><summary[^>]*>3 more lines<\/summary><pre[^>]*>L7\nL8\nL9<\/pre><\/details>/);
  });

  it('the live training line names the run, the epoch and the last figures', () => {
    const m = (acc: number) => ({
      epoch: 1,
      seconds: 1,
      lr: 0.001,
      train: { loss: 0.69, accuracy: acc, auc: 0.5 },
      val: { loss: 0.7, accuracy: 0.55, auc: 0.5 },
    });
    const runs = [
      { id: 'a', splitName: 'Fold_1', repeat: 1, status: 'done', startedAt: 't', config: { epoch: 3 }, metrics: [m(0.5), m(0.6), m(0.7)] },
      { id: 'b', splitName: 'Fold_2', repeat: 1, status: 'running', startedAt: 't', config: { epoch: 3 }, metrics: [m(0.6)] },
    ] as unknown as RunRecord[];
    expect(liveTrainingLine(runs)).toBe('Training Fold_2 repeat 1 (run 2 of 2): epoch 1/3 · train loss 0.690 acc 60.0% · val acc 55.0%');
    expect(liveTrainingLine([runs[0]])).toBe('Training finished: 1 run(s).');
  });
});
