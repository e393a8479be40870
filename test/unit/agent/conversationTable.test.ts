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
import type { EvalCase } from '../../../src/core/agent/evaluation';
import { describeConversationTable } from './conversationTableSuite';
import { useFreshTrainer } from './simulatedTrainer';

useFreshTrainer();

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

describeConversationTable({
  title: 'conversation table (h11-conv): each turn resolves against the earlier ones',
  fixture: 'test/unit/agent/fixtures/conversation-table.jsonl',
  classes: ['coref', 'prevmodel', 'same', 'corr', 'which', 'rel', 'clear', 'safe', 'add', 'q', 'plot'],
  minChinese: 25,
  extra: more,
});
