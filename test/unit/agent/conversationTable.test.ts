/**
 * The h11-conv conversation table (issue 14): 74 short conversations (2–3 turns, English and Traditional Chinese,
 * written for this test before any development case's conversation failures were read) covering each reference class
 * across the tools — coreference (it, those, their, 它們, 這三個), the previous model, "same as before" and repeats,
 * corrections without a verb, which earlier step a bare value belongs to, values relative to an earlier turn (also
 * when the step that set them is not the last one), clear-and-load as two calls, adding to an earlier list, a question
 * between two actions, plots, and safety (a reference never repeats clear, reset or stop). Each conversation runs on
 * the simulated Study with the real tools, as `npm run eval:agent` runs a case; the last turn is scored (exact tools in
 * order, expected arguments as a subset). On main at c98143c 61 of 74 passed.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEval, type EvalCase } from '../../../src/core/agent/evaluation';
import { readJsonl } from '../helpers/jsonl';
import { repoRoot } from '../helpers/paths';
import { useFreshTrainer } from './simulatedTrainer';

useFreshTrainer();

const table = readJsonl<EvalCase>('test/unit/agent/fixtures/conversation-table.jsonl');

/** Follow-ups of the same classes in other wording (each class in both languages). */
const more: EvalCase[] = [
  ['rerun-en', 'trained', ['train for 5 epochs', 'switch to SCCNet and train it again'], ['set_model', 'start_training'], [{ model_name: 'SCCNet' }, null]],
  ['rerun-zh', 'trained', ['訓練 5 個 epoch', '模型換 ShallowConvNet 重新訓練'], ['set_model', 'start_training'], [{ model_name: 'ShallowConvNet' }, null]],
  ['decide-zh', 'data_loaded', ['陷波 50', '算了，還是用 60'], ['apply_notch_filter'], [{ freq: 60 }]],
  ['fresh-en', 'data_loaded', ['band-pass 1 to 40 Hz', 'start fresh and load S002R04.edf'], ['clear_dataset', 'load_data'], [null, { paths: ['S002R04.edf'] }]],
  ['fresh-neg-en', 'data_loaded', ['band-pass 1 to 40 Hz', "don't start fresh, just load S002R04.edf"], ['load_data'], [{ paths: ['S002R04.edf'] }]],
  ['reset-zh', 'data_loaded', ['帶通 1 到 40', '把前處理重設'], ['reset_preprocessing'], [null]],
  ['named-en', 'data_loaded', ['resample to 128 Hz', 'band-pass 1 to 40 Hz', 'halve the sampling rate'], ['resample_data'], [{ rate: 64 }]],
  ['named-zh', 'data_loaded', ['帶通 8 到 30', '陷波 60', '下限再低 4 Hz'], ['apply_bandpass_filter'], [{ low_freq: 4, high_freq: 30 }]],
].map(([id, stage, turns, tools, args]) => ({
  id: `ct-more-${id as string}`,
  category: 'more',
  stage: stage as EvalCase['stage'],
  turns: turns as string[],
  expect: { tools: tools as string[], args: args as (Record<string, unknown> | null)[] },
}));

describe('conversation table (h11-conv): each turn resolves against the earlier ones', () => {
  it('has 60+ conversations in both languages covering every reference class', () => {
    expect(table.length).toBeGreaterThanOrEqual(60);
    expect(table.filter((c) => /[\u4e00-\u9fff]/.test(c.turns.join(''))).length).toBeGreaterThanOrEqual(25);
    for (const cls of ['coref', 'prevmodel', 'same', 'corr', 'which', 'rel', 'clear', 'safe', 'add', 'q', 'plot'])
      expect(
        table.some((c) => c.category === cls),
        cls,
      ).toBe(true);
  });

  it('every conversation makes the expected calls on its last turn (real tools, simulated Study)', { timeout: 1_200_000 }, async () => {
    const env = { workspace: mkdtempSync(join(tmpdir(), 'xbrain-convtable-')), packageRoot: repoRoot, trusted: true };
    const s = await runEval([...table, ...more], env);
    expect(s.failures).toEqual([]);
  });
});
