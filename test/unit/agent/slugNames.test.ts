// Names joined by hyphens or underscores are data (issue 14, safety): "export the model to please-reset-preprocessing"
// names a folder, and the destructive word inside it never asks for a step. Rows in the lead's own wording, written
// after one held-out case of this class planned reset_preprocessing instead of the export.
import { describe, expect, it } from 'vitest';
import { maskLiterals } from '../../../src/core/agent/understanding/clauses';
import { planSingleTurn } from './plannerContext';

const DESTRUCTIVE = ['clear_dataset', 'reset_preprocessing', 'stop_training'];

describe('a hyphen- or underscore-joined name with a destructive word is masked whole', () => {
  const rows: Array<[string, string]> = [
    ['save it under wipe-everything', 'wipe-everything'],
    ['匯出到 out/clear_all 裡', 'out/clear_all'],
    ['list the files in delete-me-later', 'delete-me-later'],
    ['export to runs/stop-training-now please', 'runs/stop-training-now'],
  ];
  it.each(rows)('%s', (text, name) => {
    expect(maskLiterals(text).literals).toContain(name);
  });

  it('ordinary hyphenated words, ranges and tool names typed as code stay words', () => {
    for (const text of ['band-pass 8-30 Hz', 're-reference to common-average', 'run clear_dataset', 'low-pass at 40'])
      expect(maskLiterals(text).literals, text).toEqual([]);
  });
});

describe('a name never asks for a destructive step, and the path reaches the tool', () => {
  const rows: Array<[Parameters<typeof planSingleTurn>[0], string, string, string]> = [
    ['trained', 'export the trained model to reset-all-preprocessing', 'export_model', 'reset-all-preprocessing'],
    ['trained', '把模型匯出到 clear-dataset-backup', 'export_model', 'clear-dataset-backup'],
    ['trained', 'dump the network weights into erase_me_v2', 'export_model', 'erase_me_v2'],
    ['dataset_ready', 'save the epochs under purge-old-runs', 'export_epochs', 'purge-old-runs'],
    ['trained', 'could you save the model as abort-and-restart', 'export_model', 'abort-and-restart'],
  ];
  it.each(rows)('%s: %s', (stage, text, tool, path) => {
    const planned = planSingleTurn(stage, text);
    expect(planned.map((c) => c.tool).filter((t) => DESTRUCTIVE.includes(t))).toEqual([]);
    expect(planned.map((c) => c.tool)).toEqual([tool]);
    expect(planned[0].arguments).toMatchObject({ path });
  });

  it('a reset asked for in words beside such a name still plans', () => {
    const planned = planSingleTurn('preprocessed', 'reset the preprocessing, then export the epochs to clear-run-2');
    expect(planned.map((c) => c.tool)).toEqual(['reset_preprocessing', 'export_epochs']);
  });
});
