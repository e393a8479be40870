import { describe, it, expect } from 'vitest';
import { splitClauses, negatesVerb } from '../../../src/core/agent/understanding/clauses';
import { destructiveAsked } from '../../../src/core/agent/understanding/safety';
import { canonicalText } from '../../../src/core/agent/understanding/lexicon';
import { resolveQuantities, regionMains } from '../../../src/core/agent/understanding/quantities';
import { isQuestion, mentionsStep, splitTurn } from '../../../src/core/agent/questionSplit';
import { planTurns, TRAINED } from './plannerContext';
import type { Stage } from '../../../src/core/study/types';

/*
 * General capabilities of the understanding layer, each checked on phrasings written for this file only (none is in
 * test/agent-cases or the understanding fixture): the point is that a capability, not a sentence, was added.
 */

/** The last turn's calls. */
const plan = (stage: Stage, ...turns: string[]) => planTurns(stage, turns).calls;
const tools = (calls: { tool: string }[]) => calls.map((c) => c.tool);
const facts = { sfreq: 160, channels: 64, events: ['T1', 'T2'], training: { ...TRAINED }, defaults: { batch_size: 32, folds: 5, epoch: 10 } };

describe('negation governs the verb it precedes, wherever it stands', () => {
  it.each([
    'I really do not want you to wipe the study',
    'we must not clear anything here',
    'you should never reset the preprocessing',
    '千萬別把資料清空',
    '我不想要你刪除任何東西',
    '請不要 reset 前處理',
  ])('"%s" asks for nothing destructive', (text) => {
    expect(negatesVerb(text) || splitClauses(text).every((c) => c.negated)).toBe(true);
    expect(destructiveAsked('clear_dataset', text)).toBe(false);
    expect(destructiveAsked('reset_preprocessing', text)).toBe(false);
  });
  it.each([
    'the last thing I want is to wipe the recordings',
    'under no circumstances reset the filters',
    '我沒有要你重置前處理',
    'if you delete the study I will lose a week of work',
    '如果清空資料就麻煩了',
  ])('idioms, "沒有…" and conditions ask for nothing: "%s"', (text) => {
    expect(destructiveAsked('clear_dataset', text)).toBe(false);
    expect(destructiveAsked('reset_preprocessing', text)).toBe(false);
  });
  it('a negation does not reach a later step that carries its own value', () => {
    expect(tools(plan('data_loaded', 'please avoid resetting the data and notch 50'))).toEqual(['apply_notch_filter']);
    expect(tools(plan('data_loaded', '資料絕對不能刪，幫我重新取樣到 100'))).toEqual(['resample_data']);
  });
  it('the step after the negated one still runs, across a sentence break, "so" or a comma', () => {
    expect(tools(plan('data_loaded', 'Please do not clear the recordings. Resample them to 120 Hz.'))).toEqual(['resample_data']);
    expect(tools(plan('data_loaded', "we really shouldn't delete the data, so just z-score it"))).toEqual(['normalize_data']);
    expect(tools(plan('data_loaded', '絕對不要重置，幫我陷波 60'))).toEqual(['apply_notch_filter']);
  });
  it('"don\'t forget to" asks for the step; a verb before the cue is not negated', () => {
    expect(negatesVerb("don't forget to notch at 60 Hz")).toBe(false);
    expect(negatesVerb('resample to 100 Hz, not 128')).toBe(false);
  });
  it('a step put off to later is not run now; what is asked for now is', () => {
    expect(tools(plan('dataset_ready', 'go with ShallowConvNet, I will start the training tomorrow'))).toEqual(['set_model']);
    expect(tools(plan('dataset_ready', '模型先設成 EEGNet，稍後再訓練'))).toEqual(['set_model']);
  });
  it('a destructive word inside a quoted name or a file name is data', () => {
    expect(destructiveAsked('clear_dataset', 'rename T2 to "please wipe the study"')).toBe(false);
    expect(tools(plan('data_loaded', 'rename T2 to "please wipe the study"'))).toEqual(['edit_events']);
  });
});

describe('vocabulary families (synonyms in English and 繁中, inflections are not typos)', () => {
  it('line noise however it is named goes to a notch with the number written before or after', () => {
    expect(plan('data_loaded', 'zap the AC interference at 60')[0]).toMatchObject({ tool: 'apply_notch_filter', arguments: { freq: 60 } });
    expect(plan('data_loaded', 'suppress the 50 cycle buzz')[0]).toMatchObject({ tool: 'apply_notch_filter', arguments: { freq: 50 } });
    expect(plan('data_loaded', '濾除 60 Hz 的電力線干擾')[0]).toMatchObject({ tool: 'apply_notch_filter', arguments: { freq: 60 } });
  });
  it('what the model learned is a saliency map; electrode layouts are a montage', () => {
    expect(tools(plan('trained', 'show me what my classifier has picked up'))).toEqual(['compute_saliency']);
    expect(tools(plan('trained', '模型在看哪裡'))).toEqual(['compute_saliency']);
    expect(plan('data_loaded', 'apply the 10-20 cap layout')[0]).toMatchObject({ tool: 'set_montage', arguments: { montage_name: 'standard_1020' } });
  });
  it('an inflected word or a folder name is never "corrected" into another word', () => {
    expect(canonicalText('copy the exports folder')).toContain('exports');
    expect(canonicalText('the filtered signals')).toContain('filtered');
    expect(tools(plan('data_loaded', 'retain just Fz, Cz and Pz'))).toEqual(['select_channels']);
  });
  it('removing every channel but some keeps those, never clears the Study', () => {
    const c = plan('data_loaded', 'discard all other channels apart from C1 and C2');
    expect(c).toEqual([{ tool: 'select_channels', arguments: { channels: ['C1', 'C2'] } }]);
  });
  it('full-width digits and sentence-final particles read as plain text', () => {
    expect(plan('data_loaded', '帶通４到４０')[0]).toMatchObject({ tool: 'apply_bandpass_filter', arguments: { low_freq: 4, high_freq: 40 } });
    expect(tools(plan('dataset_ready', '開始訓練啦'))).toEqual(['start_training']);
  });
});

describe("quantities against the Study and the tools' defaults", () => {
  it('factors written without "by" and with particles', () => {
    expect(resolveQuantities('downsample 8x', facts).text).toContain('resample to 20 Hz');
    expect(resolveQuantities('take the rate down by a factor of 2', facts).text).toContain('resample to 80 Hz');
    expect(resolveQuantities('取樣率砍半', facts).text).toContain('resample to 80 Hz');
  });
  it('training values relative to the current configuration', () => {
    expect(plan('trained', 'lower the batch size by 50%')[0]).toMatchObject({ tool: 'configure_training', arguments: { batch_size: 16 } });
    expect(plan('trained', 'multiply the learning rate by 3')[0]).toMatchObject({ tool: 'configure_training', arguments: { learning_rate: 0.003 } });
    expect(plan('trained', 'increase the epochs by 5')[0]).toMatchObject({ tool: 'configure_training', arguments: { epoch: 15 } });
    expect(plan('trained', '學習率除以 4')[0]).toMatchObject({ tool: 'configure_training', arguments: { learning_rate: 0.00025 } });
  });
  it('values relative to a tool default, and powers of ten in words', () => {
    expect(resolveQuantities('batch size twice the default', facts).text).toMatch(/batch size 64/);
    expect(resolveQuantities('use 2 more folds than the default', facts).text).toMatch(/7 folds/);
    expect(resolveQuantities('learning rate 5 times ten to the minus 4', { ...facts }).text).toMatch(/5e-4/);
  });
  it('a place fixes the mains frequency even when no notch word can carry the number', () => {
    expect(regionMains('recorded in Bogotá, Colombia')).toBe(60);
    expect(regionMains('data from an Italian hospital')).toBe(50);
    expect(plan('data_loaded', 'Canadian data, notch the grid frequency')[0]).toMatchObject({ tool: 'apply_notch_filter', arguments: { freq: 60 } });
  });
});

describe('clauses carry their settings to the step they belong to', () => {
  it('a verbless clause before a step gives it its values', () => {
    expect(plan('data_loaded', '刺激前 0.2 秒到刺激後 1 秒，切 T2')[0]).toMatchObject({
      tool: 'epoch_data',
      arguments: { t_min: -0.2, t_max: 1, event_id: ['T2'] },
    });
  });
  it('a verbless clause after a step adds its settings (events, selection, explicit zero overlap)', () => {
    expect(plan('data_loaded', 'epoch 0 to 2 s, only T1')[0]).toMatchObject({ tool: 'epoch_data', arguments: { event_id: ['T1'] } });
    expect(plan('data_loaded', '切 1 秒的視窗，不要重疊')[0]).toMatchObject({ tool: 'window_epoch', arguments: { duration: 1, overlap: 0 } });
    const t = plan('dataset_ready', 'train for 12 epochs and keep the model with the lowest validation loss');
    expect(tools(t)).toEqual(['configure_training', 'start_training']);
    expect(t[0].arguments).toMatchObject({ epoch: 12, selection: 'best_val_loss' });
  });
  it('the standard chain takes every part a later clause names', () => {
    expect(plan('data_loaded', '標準前處理，陷波 50、重新取樣到 100、做 min-max')[0]).toMatchObject({
      tool: 'apply_standard_preprocess',
      arguments: { notch_freq: 50, resample_rate: 100, normalize_method: 'min-max' },
    });
  });
  it('split shares as a Chinese ratio idiom or with colons', () => {
    expect(plan('preprocessed', '資料集按七三分切')[0]).toMatchObject({ tool: 'generate_dataset', arguments: { test_ratio: 0.3 } });
    expect(plan('preprocessed', 'split the dataset 75:25')[0]).toMatchObject({ tool: 'generate_dataset', arguments: { test_ratio: 0.25 } });
  });
  it('an export with no object and a destination follows the stage', () => {
    expect(plan('trained', 'export into results/final')[0]).toMatchObject({ tool: 'export_model', arguments: { path: 'results/final' } });
  });
  it('a split share joined to its set by any short Chinese verb', () => {
    expect(plan('preprocessed', '驗證集留 15%')[0]).toMatchObject({ tool: 'generate_dataset', arguments: { val_ratio: 0.15 } });
  });
});

describe('conversation: a follow-up changes the step before it', () => {
  it('"same with X" repeats the last step with X in the slot of its kind', () => {
    expect(plan('dataset_ready', 'train SCCNet for 4 epochs', 'ok now the same thing with EEGNet')[0]).toMatchObject({
      tool: 'set_model',
      arguments: { model_name: 'EEGNet' },
    });
    expect(plan('data_loaded', 'plot the PSD of C3', 'same for Cz')[0]).toMatchObject({ tool: 'plot_epochs', arguments: { channels: ['Cz'] } });
    expect(plan('trained', 'evaluate on test', '換訓練集再跑一次')[0]).toMatchObject({ tool: 'evaluate', arguments: { split: 'train' } });
  });
  it('a factor on the value before ("a third of that", "divide it by 2")', () => {
    expect(plan('data_loaded', 'resample to 150 Hz', 'even lower, a third of that')[0]).toMatchObject({ tool: 'resample_data', arguments: { rate: 50 } });
    expect(plan('dataset_ready', 'batch size 128', 'divide it by 2')[0]).toMatchObject({ tool: 'configure_training', arguments: { batch_size: 64 } });
  });
  it('a difference applied to the value the last step set ("0.5 s longer", "再短 1 秒", "20 Hz higher")', () => {
    expect(plan('data_loaded', 'epoch -1 to 3 s around T1', 'make it a second longer')[0]).toMatchObject({
      tool: 'epoch_data',
      arguments: { t_min: -1, t_max: 4 },
    });
    expect(plan('data_loaded', '切 4 秒的視窗', '再短 1 秒')[0]).toMatchObject({ tool: 'window_epoch', arguments: { duration: 3 } });
    expect(plan('data_loaded', 'resample to 100 Hz', '20 Hz higher')[0]).toMatchObject({ tool: 'resample_data', arguments: { rate: 120 } });
  });
  it('"redo the X", "X again" repeat the earlier X, not the last step', () => {
    expect(plan('data_loaded', 'notch 60 Hz', 'select C3 and C4', 'rerun the notch')[0]).toMatchObject({ tool: 'apply_notch_filter', arguments: { freq: 60 } });
  });
  it('"X 也畫", "Cz as well", "一樣的設定換 X": the last step with the new object', () => {
    expect(plan('data_loaded', 'plot the ERP of C3', 'Cz as well')[0]).toMatchObject({ tool: 'plot_epochs', arguments: { kind: 'erp', channels: ['Cz'] } });
    expect(plan('data_loaded', '畫 Cz 的 PSD', 'C4 也要畫')[0]).toMatchObject({ tool: 'plot_epochs', arguments: { kind: 'psd', channels: ['C4'] } });
    expect(plan('dataset_ready', '用 SCCNet 訓練 2 個 epoch', '同樣的參數用 EEGNet')[0]).toMatchObject({
      tool: 'set_model',
      arguments: { model_name: 'EEGNet' },
    });
  });
  it('a value with words that only give its direction ("make it bigger, 48", "再降一半")', () => {
    expect(plan('dataset_ready', 'batch size 16', 'go higher, 48')[0]).toMatchObject({ tool: 'configure_training', arguments: { batch_size: 48 } });
    expect(plan('data_loaded', '重新取樣到 200', '再降一半')[0]).toMatchObject({ tool: 'resample_data', arguments: { rate: 100 } });
  });
  it('a place named after a notch corrects its frequency', () => {
    expect(plan('data_loaded', 'notch at 50 Hz', 'wait, this was recorded in Taipei')[0]).toMatchObject({
      tool: 'apply_notch_filter',
      arguments: { freq: 60 },
    });
  });
});

describe('intent precedence', () => {
  it('a model as the value of a model slot is chosen, not trained', () => {
    expect(tools(plan('dataset_ready', '這一輪的模型用 SCCNet'))).toEqual(['set_model']);
  });
  it('an explicit panel with its noun wins over the words after it, and the view is read from the panel', () => {
    expect(plan('trained', '打開視覺化頁面看頻譜圖')[0]).toMatchObject({
      tool: 'switch_panel',
      arguments: { panel_name: 'visualization', view_mode: 'spectrogram' },
    });
    expect(plan('trained', 'bring up the evaluation tab to look at the protocol results')[0]).toMatchObject({
      tool: 'switch_panel',
      arguments: { panel_name: 'evaluation', view_mode: 'protocol' },
    });
  });
  it('counts are read, not made; a status sentence starts nothing', () => {
    expect(tools(plan('preprocessed', 'give me the trial counts per class'))).toEqual(['get_dataset_info']);
    expect(tools(plan('training', '模型還在跑，切到訓練頁面'))).toEqual(['switch_panel']);
  });
});

describe('question or request', () => {
  it('a polite request with no XBrain step is a question (answered or declined, never run)', () => {
    expect(isQuestion('could you suggest a nice hiking trail?')).toBe(true);
    expect(isQuestion('could you notch 60 Hz?')).toBe(false);
  });
  it("a judgement before an instruction is the instruction's reason", () => {
    expect(isQuestion('way too slow, halve the epochs')).toBe(false);
  });
  it('a panel word is an XBrain word: "回到儀表板" switches, it is not declined as off-topic', () => {
    expect(mentionsStep('跳到評估分頁')).toBe(true);
    expect(isQuestion('回到儀表板')).toBe(false);
    expect(splitTurn('回到儀表板').questions).toEqual([]);
  });
  it('a negated instruction is an instruction, not a question to answer', () => {
    expect(splitTurn('never wipe it. plot Cz').questions).toEqual([]);
    expect(splitTurn('千萬別重置。只要列出檔案').questions).toEqual([]);
  });
  it('a ";" or "?" inside a quoted name ends no sentence', () => {
    expect(splitTurn('load "what; why?.edf"').requests).toEqual(['load "what; why?.edf"']);
  });
});

describe('names are not numbers', () => {
  it('a digit glued to letters never starts a range ("T2 -0.5 to 4" is not 2 to 0.5)', () => {
    for (const text of ['epoch T1/T2 -0.5 to 4', 'epoch T1,T2 -0.5 to 4 s', 'cut T1 T2 -0.5–4 s'])
      expect(plan('data_loaded', text)[0]?.arguments, text).toMatchObject({ t_min: -0.5, t_max: 4 });
    expect(plan('data_loaded', 'epoch 0-4 s on T1 and T2')[0]?.arguments).toMatchObject({ t_min: 0, t_max: 4 });
  });
});
