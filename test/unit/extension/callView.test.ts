import { describe, it, expect } from 'vitest';
import { callLine, callMarkdown, answerWithoutCalls, sparkline, trainingCurveMarkdown, PREVIEW_LINES } from '../../../src/extension/chat/callView';
import { summarizeRun } from '../../../src/core/agent/runSummary';
import type { ToolResult } from '../../../src/core/tools/result';
import type { RunRecord } from '../../../src/core/study/types';

const loaded: ToolResult = {
  type: 'text',
  tool: 'load_data',
  meta: {},
  content:
    'S001R04.edf: EDF+, 64 ch, 160 Hz, 125.0 s, subject 001, session 04; events (annotations): T0=15 T1=8 T2=7\nLoaded 1 file(s); 1 in the study. Stage: data_loaded.',
};

describe('chat call view: each call once, compact', () => {
  it('a call line names the tool and its arguments on one line, cut when long', () => {
    expect(callLine('load_data', { paths: ['S001R04.edf'] })).toBe('load_data(paths=["S001R04.edf"])');
    const long = callLine('load_data', { paths: Array.from({ length: 30 }, (_, i) => `S${i}.edf`) });
    expect(long.length).toBeLessThanOrEqual(90);
    expect(long.endsWith('…)')).toBe(true);
  });

  it('a finished call is its call line then its result, and the result text appears exactly once', () => {
    const { markdown, hiddenLines } = callMarkdown(loaded, { paths: ['S001R04.edf'] });
    expect(hiddenLines).toBe(0);
    expect(markdown.split('\n')[0]).toBe('✓ **load_data** `paths=["S001R04.edf"]`  ');
    expect(markdown.match(/EDF\+, 64 ch, 160 Hz/g)).toHaveLength(1);
    expect(markdown).toContain('Stage: data\\_loaded.');
  });

  it('a long result shows its first lines and says how many are left out', () => {
    const r: ToolResult = { type: 'text', tool: 'get_study_state', meta: {}, content: Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') };
    const { markdown, hiddenLines } = callMarkdown(r, {});
    expect(hiddenLines).toBe(20 - PREVIEW_LINES);
    expect(markdown).toContain(`line ${PREVIEW_LINES}`);
    expect(markdown).not.toContain(`line ${PREVIEW_LINES + 1}`);
    expect(markdown).toContain(`… ${20 - PREVIEW_LINES} more lines`);
  });

  it('errors and confirmations are marked as such', () => {
    expect(
      callMarkdown({ type: 'error', tool: 'epoch_data', content: 'no events named T9', meta: {}, error: { code: 'invalid_arguments' } } as ToolResult, {
        event_id: ['T9'],
      }).markdown,
    ).toMatch(/^✗ \*\*epoch_data\*\* `event_id=\["T9"\]` failed \(invalid_arguments\)/);
    expect(callMarkdown({ type: 'confirm', tool: 'start_training', content: 'Train EEGNet for 10 epochs', meta: {} }, {}).markdown).toMatch(
      /^\? \*\*start_training\*\* needs your confirmation/,
    );
  });

  it("the agent's answer loses the per-call lines chat has already shown, and keeps the rest", () => {
    const calls = [{ tool: 'load_data', arguments: { paths: ['S001R04.edf'] }, result: loaded }];
    const answer = `I loaded the file.\n\n${summarizeRun(calls, 'data_loaded')}`;
    const shown = answerWithoutCalls(answer, calls);
    // the load result ends with "Stage: data_loaded." already: not said twice
    expect(shown).toBe('I loaded the file.');
    const epoched = [
      ...calls,
      { tool: 'get_dataset_info', arguments: {}, result: { type: 'text', tool: 'get_dataset_info', meta: {}, content: '1 recording' } as ToolResult },
    ];
    expect(answerWithoutCalls(`Done.\n\n${summarizeRun(epoched, 'data_loaded')}`, epoched)).toBe('Done.\n\nStage: data_loaded.');
  });

  it('a sparkline follows the values from lowest to highest bar', () => {
    expect(sparkline([0.5, 0.6, 0.7, 0.9])).toBe('▁▃▄█');
    expect(sparkline([0.5, 0.5])).toBe('▄▄');
    expect(sparkline([])).toBe('');
  });

  it('the closing training curve gives per run its status, epochs and validation accuracy from first to last', () => {
    const epoch = (n: number, acc: number) => ({
      epoch: n,
      seconds: 0.1,
      lr: 0.001,
      train: { loss: 1 / n, accuracy: acc, auc: 0.5 },
      val: { loss: 1, accuracy: acc - 0.1, auc: 0.5 },
    });
    const run = { id: 'r1', splitName: 'Fold_1', repeat: 1, status: 'done', metrics: [epoch(1, 0.5), epoch(2, 0.7), epoch(3, 0.9)] } as unknown as RunRecord;
    const md = trainingCurveMarkdown([run]);
    expect(md).toContain('Fold\\_1 · repeat 1 · done · 3 epochs · val acc `▁▄█` 40.0% → 80.0% · train loss `█▃▁` 1.000 → 0.333');
    expect(trainingCurveMarkdown([])).toBe('');
  });
});
