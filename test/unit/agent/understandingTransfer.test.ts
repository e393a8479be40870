import { describe, it, expect } from 'vitest';
import { planTurns } from './plannerContext';
import type { PlannedCall } from '../../../src/core/study/stateManager';
import type { Stage } from '../../../src/core/study/types';
import { splitTurn } from '../../../src/core/agent/questionSplit';
import { destructiveAsked } from '../../../src/core/agent/understanding/safety';

/*
 * Mechanisms of the understanding layer that must carry over to wording nobody tuned on (issue 14): clause splitting
 * in Chinese with a light verb, the same step said twice in one request, shares "of it", "and a half", Chinese
 * powers, "the same as before, but …", "what about X?" follow-ups and the model a set_model replaced. Every phrasing
 * here was written for this file; none is a line of test/agent-cases.
 */

const plan = (stage: Stage, turns: string[], results: string[][] = []): PlannedCall[] => planTurns(stage, turns, results).calls;
const tools = (calls: PlannedCall[]) => calls.map((c) => c.tool);

describe('a Chinese step after 再/後 with a light verb (做, 進行, 來) is a step of its own', () => {
  it.each([
    ['先陷波 50 Hz 再來做 z-score', ['apply_notch_filter', 'normalize_data']],
    ['帶通 4 到 38 Hz 後進行平均參考', ['apply_bandpass_filter', 'set_reference']],
    ['降採樣到 200 Hz 再做帶通 1 到 45 Hz', ['resample_data', 'apply_bandpass_filter']],
  ])('"%s"', (text, want) => {
    expect(tools(plan('data_loaded', [text]))).toEqual(want);
  });
  it('"分成 N 折" is a k-fold split', () => {
    expect(plan('preprocessed', ['把資料分成 4 折'])).toEqual([{ tool: 'generate_dataset', arguments: expect.objectContaining({ unit: 'kfold', folds: 4 }) }]);
  });
});

describe('the same step twice in one request is one call', () => {
  it('a second clause of the same step that only restates a default adds nothing and makes no second call', () => {
    const calls = plan('preprocessed', ['generate the dataset by session and hold out 20% for test']);
    expect(tools(calls)).toEqual(['generate_dataset']);
    expect(calls[0].arguments).toMatchObject({ split_strategy: 'session', test_ratio: 0.2 });
  });
  it('the verb repeated with more of a list grows the list', () => {
    expect(plan('empty', ['load S005R01.edf and load S005R02.edf'])).toEqual([{ tool: 'load_data', arguments: { paths: ['S005R01.edf', 'S005R02.edf'] } }]);
  });
});

describe('quantities said in words', () => {
  it('a share "of it" / "of them" is a share of the data', () => {
    expect(plan('preprocessed', ['split by trial, a tenth of them for testing'])[0].arguments).toMatchObject({ test_ratio: 0.1 });
    expect(plan('preprocessed', ['切分資料，十分之三拿來當測試集'])[0].arguments).toMatchObject({ test_ratio: 0.3 });
  });
  it('"and a half" adds 0.5 in English and Chinese', () => {
    expect(plan('data_loaded', ['sliding windows of two and a half seconds'])[0].arguments).toMatchObject({ duration: 2.5 });
    expect(plan('data_loaded', ['切成三秒半的視窗'])[0].arguments).toMatchObject({ duration: 3.5 });
  });
  it('Chinese powers with Chinese numerals', () => {
    expect(plan('dataset_ready', ['學習率用十的負四次方'])).toEqual([
      { tool: 'configure_training', arguments: expect.objectContaining({ learning_rate: 0.0001 }) },
    ]);
    expect(plan('dataset_ready', ['batch 用二的五次方'])[0].arguments).toMatchObject({ batch_size: 32 });
  });
});

describe('conversation: earlier values and tools', () => {
  it('"the same as before, but X" is the earlier call of that step with only X changed', () => {
    const calls = plan('data_loaded', ['epoch T1 and T2 from -1 to 3 s', 'resample to 100 Hz', 'same epochs as before but only T2']);
    expect(calls).toEqual([{ tool: 'epoch_data', arguments: { t_min: -1, t_max: 3, event_id: ['T2'] } }]);
    const zh = plan('preprocessed', ['依受試者分割，測試 30%', '其他跟之前一樣，驗證集改成 10%']);
    expect(zh).toEqual([{ tool: 'generate_dataset', arguments: expect.objectContaining({ split_strategy: 'subject', test_ratio: 0.3, val_ratio: 0.1 }) }]);
  });
  it('"what about X?" / "那 X 呢" repeats the last step with X in place of its value', () => {
    expect(plan('trained', ['evaluate on the held-out test split', 'how about validation?'])).toEqual([{ tool: 'evaluate', arguments: { split: 'val' } }]);
    expect(plan('trained', ['在測試集上評估', '那訓練集呢'])).toEqual([{ tool: 'evaluate', arguments: { split: 'train' } }]);
  });
  it('the previous model includes the one a set_model replaced (its answer says "was …")', () => {
    const turns = ['switch to ShallowConvNet', 'revert to the earlier model'];
    const results = [['Model set to ShallowConvNet (was SCCNet): 40000 parameters for 64 channels × 641 samples at 160 Hz, 2 classes.']];
    expect(plan('trained', turns, results)).toEqual([{ tool: 'set_model', arguments: { model_name: 'SCCNet' } }]);
    expect(plan('trained', ['模型改用 ShallowConvNet', '切回原本的模型'], results)).toEqual([{ tool: 'set_model', arguments: { model_name: 'SCCNet' } }]);
  });
});

describe('settings in the same sentence go to the step that takes them', () => {
  it('a value after a negated clause is outside the negation and is a setting of the step', () => {
    const calls = plan('preprocessed', ['generate the dataset per session, never by subject, 35% test']);
    expect(calls).toEqual([{ tool: 'generate_dataset', arguments: expect.objectContaining({ split_strategy: 'session', test_ratio: 0.35 }) }]);
    expect(plan('preprocessed', ['依場次切分，不要用受試者，驗證 15%'])[0].arguments).toMatchObject({ split_strategy: 'session', val_ratio: 0.15 });
  });
  it('"every N epochs" is how often a checkpoint is saved, not how many epochs', () => {
    expect(plan('dataset_ready', ['configure 25 epochs, store a checkpoint every 4 epochs'])[0].arguments).toMatchObject({
      epoch: 25,
      save_checkpoints_every: 4,
    });
    expect(plan('dataset_ready', ['每 3 輪存一次檢查點'])).toEqual([
      { tool: 'configure_training', arguments: expect.objectContaining({ save_checkpoints_every: 3 }) },
    ]);
  });
  it('a run is a session when splitting; a protocol takes its seed', () => {
    expect(plan('preprocessed', ['split per run with 30% for test'])[0].arguments).toMatchObject({ split_strategy: 'session', test_ratio: 0.3 });
    expect(plan('preprocessed', ['cross-subject protocol with CSP, seed 11'])[0]).toMatchObject({ tool: 'run_protocol', arguments: { seed: 11 } });
  });
  it('one time said as the start moves only the start; a baseline "before the cue" ends at the event', () => {
    expect(plan('data_loaded', ['epoch T1 from 0 to 3 s', 'same again but starting at -0.5 s'])).toEqual([
      { tool: 'epoch_data', arguments: { t_min: -0.5, t_max: 3, event_id: ['T1'] } },
    ]);
    expect(plan('data_loaded', ['epoch T2 -0.3 to 2 s, baseline 300 ms before the cue'])[0].arguments).toMatchObject({ baseline: [-0.3, 0] });
  });
  it('"ShallowConvNet is what I want for training" names the model without starting a run', () => {
    expect(tools(plan('dataset_ready', ['ShallowConvNet is what I want for training']))).toEqual(['set_model']);
    expect(tools(plan('dataset_ready', ['訓練時要用 EEGNet']))).toEqual(['set_model']);
  });
  it('a file named with its folder is one path', () => {
    expect(plan('empty', ['import S003R02.edf from the raw folder'])[0].arguments).toEqual({ paths: ['raw/S003R02.edf'] });
    expect(plan('empty', ['載入 raw 目錄裡的 S003R02.edf'])[0].arguments).toEqual({ paths: ['raw/S003R02.edf'] });
  });
  it('an event renamed with an arrow or 換成 is an event edit, and "take me to" is a step of its own', () => {
    expect(plan('data_loaded', ['T1 → rest_left, then epoch 0 to 2 s'])[0]).toEqual({ tool: 'edit_events', arguments: { rename: { T1: 'rest_left' } } });
    expect(plan('data_loaded', ['把 T2 換成 feet'])).toEqual([{ tool: 'edit_events', arguments: { rename: { T2: 'feet' } } }]);
    expect(tools(plan('training', ['stop it and take me to the dashboard']))).toEqual(['stop_training', 'switch_panel']);
  });
});

describe('quantities relative to something said before', () => {
  it('"a tenth of that" is a share of the quantity said just before in the same request', () => {
    expect(plan('data_loaded', ['lowpass 45 Hz, and highpass at a tenth of that'])[0].arguments).toMatchObject({ low_freq: 4.5, high_freq: 45 });
  });
  it('a share of the sampling rate in Chinese', () => {
    expect(plan('data_loaded', ['取樣率降到五分之二'])).toEqual([{ tool: 'resample_data', arguments: { rate: 64 } }]);
  });
  it('"ten times smaller" / "小五倍" scale the value before', () => {
    expect(plan('dataset_ready', ['learning rate 0.02', 'ten times smaller'])[0].arguments).toMatchObject({ learning_rate: 0.002 });
    expect(plan('dataset_ready', ['學習率 0.05', '小五倍'])[0].arguments).toMatchObject({ learning_rate: 0.01 });
  });
  it('a value an earlier call set, by its name ("the upper edge")', () => {
    expect(plan('data_loaded', ['band-pass 2 to 45 Hz', 'resample to four times the upper edge'])).toEqual([
      { tool: 'resample_data', arguments: { rate: 180 } },
    ]);
  });
});

describe('conversation: what "it", "that" and "the first one" were', () => {
  it('"plot it" plots what the step before made; "reset that" after epoching goes back to the raw data', () => {
    expect(tools(plan('dataset_ready', ['train for 6 epochs', 'plot it']))).toEqual(['plot_training']);
    expect(tools(plan('data_loaded', ['cut 3 s windows', 'plot it']))).toEqual(['plot_epochs']);
    expect(tools(plan('data_loaded', ['cut 3 s windows', 'reset that']))).toEqual(['reset_preprocessing']);
  });
  it('"same as before, but X" after a multi-step request redoes every step with X changed', () => {
    expect(plan('dataset_ready', ['train for 12 epochs', 'same as before, but batch size 8'])).toEqual([
      { tool: 'configure_training', arguments: expect.objectContaining({ epoch: 12, batch_size: 8 }) },
      { tool: 'start_training', arguments: {} },
    ]);
  });
  it('"the second file" is the second file of the listing before, inside its folder', () => {
    const listing = [['data:\nS001R04.edf (2.6 MB)\nS001R08.edf (2.6 MB)\nS001R12.edf (2.6 MB)']];
    expect(plan('empty', ['list the files in data', 'open the second file'], listing)).toEqual([
      { tool: 'load_data', arguments: { paths: ['data/S001R08.edf'] } },
    ]);
    expect(plan('empty', ['列出 data 的檔案', '載入第一個檔案'], listing)).toEqual([{ tool: 'load_data', arguments: { paths: ['data/S001R04.edf'] } }]);
  });
});

describe('safety and routing of the new readings', () => {
  it('"T2 -> right" is a label, not a tag question', () => {
    expect(splitTurn('relabel T1 -> left and T2 -> right').requests).toHaveLength(1);
    expect(splitTurn('the kappa is 0.4, right').questions).toHaveLength(1);
  });
  it('"重設全部前處理" resets, and only when it is not negated', () => {
    expect(tools(plan('preprocessed', ['重設全部的前處理']))).toEqual(['reset_preprocessing']);
    expect(destructiveAsked('reset_preprocessing', '重設全部的前處理')).toBe(true);
    expect(destructiveAsked('reset_preprocessing', '千萬不要重設前處理，只要列出檔案')).toBe(false);
    expect(tools(plan('preprocessed', ['千萬不要重設前處理，只要列出檔案']))).toEqual(['list_files']);
  });
  it('a value after a negated destructive clause never makes the clause positive', () => {
    expect(destructiveAsked('clear_dataset', "don't wipe the study, 40 epochs")).toBe(false);
    expect(tools(plan('dataset_ready', ["don't wipe the study, 40 epochs"]))).not.toContain('clear_dataset');
  });
  it('"again, but X" is a change, not a plain repeat', () => {
    expect(plan('data_loaded', ['resample to 200 Hz', 'again but 125 Hz'])).toEqual([{ tool: 'resample_data', arguments: { rate: 125 } }]);
  });
});

describe('an earlier value by name is a value only in arithmetic', () => {
  it('"make the upper edge 35" sets the slot; "twice the upper edge" / "上限的兩倍" reads the value', () => {
    expect(plan('data_loaded', ['band-pass 6 to 28 Hz', 'hmm, make the upper edge 32'])).toEqual([
      { tool: 'apply_bandpass_filter', arguments: { low_freq: 6, high_freq: 32 } },
    ]);
    expect(plan('data_loaded', ['band-pass 6 to 28 Hz', 'downsample to 4 times the upper edge'])).toEqual([
      { tool: 'resample_data', arguments: { rate: 112 } },
    ]);
    expect(plan('data_loaded', ['帶通 5 到 45 Hz', '重新取樣到上限的兩倍'])).toEqual([{ tool: 'resample_data', arguments: { rate: 90 } }]);
  });
});
