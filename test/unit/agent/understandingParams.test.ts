import { describe, it, expect } from 'vitest';
import { planTurns } from './plannerContext';
import type { PlannedCall } from '../../../src/core/study/stateManager';
import type { Stage } from '../../../src/core/study/types';
import { findQuantities } from '../../../src/core/agent/units';
import { destructiveAsked } from '../../../src/core/agent/understanding/safety';

/*
 * Parameters and tool choice on wording nobody tuned on (issue 14, session h10-params): the families behind dev9-hold's
 * parameter failures and the request probe's held half, each tested with phrasings written for this file (none is a
 * line of an agent-case file or of the request probe). Facts of the simulated Study: 160 Hz, events T0/T1/T2, the
 * training configuration in force at `trained` is 10 epochs, batch 32, learning rate 0.001.
 */

const plan = (stage: Stage, turns: string[]): PlannedCall[] => planTurns(stage, turns).calls;
const one = (stage: Stage, text: string): PlannedCall => {
  const calls = plan(stage, [text]);
  expect(calls).toHaveLength(1);
  return calls[0];
};

describe('a number glued to letters is a name, never a quantity', () => {
  it('T2, C3 and run2 carry no value', () => {
    expect(findQuantities('T2 to 3 s on C3 of run2').map((q) => q.value)).toEqual([3]);
  });
  it.each([
    ['epoch from half a second before every T2 to three seconds after', -0.5, 3],
    ['從每個 T1 之前 0.3 秒切到 T1 之後 2 秒', -0.3, 2],
  ])('"%s" keeps the event out of the window', (text, lo, hi) => {
    expect(one('data_loaded', text)).toMatchObject({ tool: 'epoch_data', arguments: { t_min: lo, t_max: hi } });
  });
});

describe('durations in two units and windows on both sides of the event', () => {
  it.each([
    ['show the raw signal for 3 s beginning at 2 minutes 5 seconds', 125, 3],
    ['畫 C4 的原始波形，從 1 分 15 秒開始，畫 4 秒', 75, 4],
  ])('"%s"', (text, start, duration) => {
    expect(one('data_loaded', text)).toMatchObject({ tool: 'plot_epochs', arguments: { kind: 'traces', start, duration } });
  });
  it.each([
    ['segment T1 with 0.8 s on either side', -0.8, 0.8],
    ['epochs of ±2 s around each T2', -2, 2],
    ['T2 前後各兩秒切段', -2, 2],
    ['cut 1 s before and after every T1', -1, 1],
  ])('"%s"', (text, lo, hi) => {
    expect(one('data_loaded', text)).toMatchObject({ tool: 'epoch_data', arguments: { t_min: lo, t_max: hi } });
  });
  it('a length in samples beside the event is a time at the sampling rate', () => {
    expect(one('data_loaded', 'take 240 samples following each T1')).toMatchObject({
      tool: 'epoch_data',
      arguments: { t_min: 0, t_max: 1.5, event_id: ['T1'] },
    });
  });
});

describe('Chinese shares: decimals inside 百分之, a fraction after 的', () => {
  it('百分之七點五 is 7.5%', () => {
    expect(one('preprocessed', '驗證集給百分之七點五，其他預設')).toMatchObject({ tool: 'generate_dataset', arguments: { val_ratio: 0.075 } });
  });
  it('the Nyquist frequency 的 四分之一 is a quarter of 80 Hz', () => {
    expect(one('data_loaded', '低通，截止頻率取奈奎斯特頻率的四分之一')).toMatchObject({ tool: 'apply_bandpass_filter', arguments: { high_freq: 20 } });
  });
});

describe('the sampling rate named as a slot is a resample', () => {
  it.each([
    ['put fs at 200 Hz', 200],
    ['sfreq = 64', 64],
    ['bring the rate down to 2 to the 6th', 64],
    ['I need the recordings at a quarter of the sampling rate', 40],
    ['ds everything to 100 Hz', 100],
    ['標準化之前先重採樣到 128', 128],
  ])('"%s" → %d Hz', (text, rate) => {
    const calls = plan('data_loaded', [text]);
    expect(calls.find((c) => c.tool === 'resample_data')?.arguments).toMatchObject({ rate });
  });
  it('a filter band said with "at" is not a rate', () => {
    expect(plan('data_loaded', ['I want the data at 8 to 30 Hz']).map((c) => c.tool)).not.toContain('resample_data');
  });
});

describe('step words said another way', () => {
  it.each([
    ['zsocre everything', 'normalize_data'],
    ['quick wiggle plot of Cz please', 'plot_epochs'],
    ['lower cutoff 2 Hz and upper cutoff 35 Hz', 'apply_bandpass_filter'],
    ['create trials from -1 to 3 s around T1', 'epoch_data'],
    ['set the optimizer step size to 3e-4', 'configure_training'],
    ['暫停... 不，中止現在這個訓練', 'stop_training'],
    ['幫我做出訓練集跟測試集，測試 25%', 'generate_dataset'],
    ['on the validation data, score the network', 'evaluate'],
    ['O1, Oz, O2 only, delete the remaining channels', 'select_channels'],
  ])('"%s" → %s', (text, tool) => {
    const stage: Stage = /step size|score the network/.test(text)
      ? 'trained'
      : /中止/.test(text)
        ? 'training'
        : /訓練集跟測試集/.test(text)
          ? 'preprocessed'
          : 'data_loaded';
    expect(plan(stage, [text]).map((c) => c.tool)).toEqual([tool]);
  });
  it('the cut-offs land on their edges', () => {
    expect(one('data_loaded', 'lower cutoff 2 Hz and upper cutoff 35 Hz').arguments).toMatchObject({ low_freq: 2, high_freq: 35 });
  });
  it('a trace plot named as a noun keeps its channels', () => {
    expect(one('data_loaded', 'quick wiggle plot of Cz please').arguments).toMatchObject({ kind: 'traces', channels: ['Cz'] });
  });
  it('the step size is the learning rate', () => {
    expect(one('trained', 'set the optimizer step size to 3e-4').arguments).toMatchObject({ learning_rate: 0.0003 });
  });
  it('"gradient times input" is the method, not a saliency of inputs', () => {
    expect(one('trained', 'gradient times input attribution for the last run please').arguments).toMatchObject({ method: 'gradient_x_input' });
  });
});

describe('secondary settings from any word order', () => {
  it.each([
    ['repeat training 3 times and keep whichever has the lowest validation loss', 'best_val_loss'],
    ['訓練 15 輪，保留驗證 accuracy 最高的模型', 'best_val_accuracy'],
  ])('"%s" → selection %s', (text, selection) => {
    const calls = plan('dataset_ready', [text]);
    expect(calls.find((c) => c.tool === 'configure_training')?.arguments).toMatchObject({ selection });
  });
  it.each(['evaluate on validation, no need for the baseline', '評估驗證集，CSP+LDA baseline 就不用跑了'])('"%s" runs no baseline', (text) => {
    expect(one('trained', text)).toMatchObject({ tool: 'evaluate', arguments: { split: 'val', baseline: false } });
  });
  it('a baseline that is needed is not turned off', () => {
    expect(one('trained', 'evaluate on validation, the baseline is needed').arguments.baseline).not.toBe(false);
  });
  it('依照 subject 切 is a split by subject', () => {
    expect(one('preprocessed', '依照 subject 切，測試 30%').arguments).toMatchObject({ split_strategy: 'subject', test_ratio: 0.3 });
  });
  it('a resampling rate inside the standard chain', () => {
    expect(one('data_loaded', '標準前處理：帶通 1-40 Hz、重採樣 100、min-max').arguments).toMatchObject({ resample_rate: 100, normalize_method: 'min-max' });
  });
  it.each([
    ['save the segmented epochs to folder seg_out', 'seg_out'],
    ['切好的 epochs 存到 out/ep1', 'out/ep1'],
  ])('"%s" exports the epochs to %s', (text, path) => {
    expect(one('preprocessed', text)).toEqual({ tool: 'export_epochs', arguments: { path } });
  });
  it('模型匯出成 onnx 放 X puts it there', () => {
    expect(one('trained', '最後把模型匯出成 onnx，放 deploy/m3')).toEqual({ tool: 'export_model', arguments: { path: 'deploy/m3' } });
  });
  it('a folder named before 夾 is listed', () => {
    expect(one('empty', '看看 raw 夾裡有哪些檔案')).toMatchObject({ tool: 'list_files', arguments: { directory: 'raw' } });
  });
});

describe('a model named for training is chosen, not trained', () => {
  it.each([
    ['先把模型設成 SCCNet 拿來訓練', 'SCCNet'],
    ['training 就用 EEGNet', 'EEGNet'],
  ])('"%s"', (text, model) => {
    expect(plan('dataset_ready', [text])).toEqual([{ tool: 'set_model', arguments: { model_name: model } }]);
  });
  it('a start word still starts', () => {
    expect(plan('dataset_ready', ['模型換成 SCCNet，然後開始訓練']).map((c) => c.tool)).toContain('start_training');
  });
});

describe('quoted names are taken whole and stay data', () => {
  it.each([
    ["2 s windows, tag them 'eyes closed'", 'eyes closed'],
    ['windows of 1 s, class name "wipe all data"', 'wipe all data'],
    ['視窗 3 秒，類別叫做「重設前處理」', '重設前處理'],
  ])('"%s"', (text, label) => {
    const calls = plan('data_loaded', [text]);
    expect(calls).toEqual([{ tool: 'window_epoch', arguments: expect.objectContaining({ label }) }]);
    expect(calls.some((c) => !destructiveAsked(c.tool, text) && ['clear_dataset', 'reset_preprocessing'].includes(c.tool))).toBe(false);
  });
  it('the label of an event changed to a quoted name renames it', () => {
    expect(one('data_loaded', "set the name of T2 to 'reset everything'")).toEqual({ tool: 'edit_events', arguments: { rename: { T2: 'reset everything' } } });
  });
});

describe('corrections of a value', () => {
  it('"make it half the sampling rate" is a value, not half of the value before', () => {
    expect(plan('data_loaded', ['resample to 128 Hz', 'no, make it half the sampling rate'])).toEqual([{ tool: 'resample_data', arguments: { rate: 80 } }]);
  });
  it('"make it half" is still half of the value before', () => {
    expect(plan('data_loaded', ['resample to 128 Hz', 'make it half'])).toEqual([{ tool: 'resample_data', arguments: { rate: 64 } }]);
  });
  it('才對 after the value', () => {
    expect(plan('data_loaded', ['陷波 50 Hz', '搞錯了，60 才對'])).toEqual([{ tool: 'apply_notch_filter', arguments: { freq: 60 } }]);
  });
  it('a mains frequency named by a place between the verb and the noise', () => {
    expect(one('data_loaded', '濾掉日本大阪的電源雜訊')).toEqual({ tool: 'apply_notch_filter', arguments: { freq: 60 } });
  });
});

describe('families found by fresh wording after the first pass', () => {
  it.each([
    ['把 35 Hz 以上的東西都濾掉', 0.1, 35],
    ['低於 0.5 Hz 的漂移全部去掉', 0.5, 72],
    ['只留 25 Hz 以下的成分', 0.1, 25],
  ])('"%s" keeps one side of a band', (text, lo, hi) => {
    expect(one('data_loaded', text)).toEqual({ tool: 'apply_bandpass_filter', arguments: { low_freq: lo, high_freq: hi } });
  });
  it('a spaced plus joins two steps', () => {
    expect(plan('data_loaded', ['average reference + z-score please']).map((c) => c.tool)).toEqual(['set_reference', 'normalize_data']);
  });
  it.each([
    ['how does my network perform on the validation split', 'val'],
    ['crunch the numbers on the test data', 'test'],
  ])('"%s" evaluates', (text, split) => {
    expect(one('trained', text)).toEqual({ tool: 'evaluate', arguments: { split } });
  });
  it('"eval panel" is the evaluation panel', () => {
    expect(one('trained', 'bring up the eval panel')).toMatchObject({ tool: 'switch_panel', arguments: { panel_name: 'evaluation' } });
  });
  it('a count with a method word before its noun', () => {
    expect(one('trained', 'vargrad with 40 noisy samples').arguments).toMatchObject({ method: 'vargrad', n_samples: 40 });
  });
  it.each([
    ['launch a run of 12 epochs', 12],
    ['raise the epochs to 45 and go', 45],
    ['train ShallowConvNet for 25 ep', 25],
  ])('"%s" starts a run of %d epochs', (text, epoch) => {
    const calls = plan('dataset_ready', [text]);
    expect(calls.find((c) => c.tool === 'configure_training')?.arguments).toMatchObject({ epoch });
    expect(calls[calls.length - 1].tool).toBe('start_training');
  });
  it.each([
    ['train three times as long as last time', { epoch: 30 }],
    ['make the learning rate an order of magnitude larger', { learning_rate: 0.01 }],
    ['drop the learning rate by an order of magnitude', { learning_rate: 0.0001 }],
  ])('"%s"', (text, want) => {
    const calls = plan('trained', [text]);
    expect(calls.find((c) => c.tool === 'configure_training')?.arguments).toMatchObject(want);
  });
  it.each([
    ['low-pass at the Nyquist frequency minus 20 Hz', 60],
    ['bandpass 1 Hz up to 30 Hz below Nyquist', 50],
  ])('"%s" → upper edge %d Hz', (text, hi) => {
    expect(one('data_loaded', text).arguments).toMatchObject({ high_freq: hi });
  });
  it('msec is milliseconds', () => {
    expect(one('data_loaded', 'epoch T2 from -100 msec to 600 msec').arguments).toMatchObject({ t_min: -0.1, t_max: 0.6 });
  });
  it.each([
    ['優化器換成 adamw', 'adamw'],
    ['改用 SGD 優化器', 'sgd'],
  ])('"%s" sets the optimizer only', (text, optimizer) => {
    expect(plan('dataset_ready', [text])).toEqual([{ tool: 'configure_training', arguments: { optimizer } }]);
  });
  it('an optimizer chosen beside a run of N epochs still starts the run', () => {
    expect(plan('dataset_ready', ['優化器選 adam，訓練 12 個 epoch']).map((c) => c.tool)).toEqual(['configure_training', 'start_training']);
  });
  it.each([
    ['拿三成當測試', { test_ratio: 0.3 }],
    ['驗證比例 0.1，照 trial 分', { val_ratio: 0.1, split_strategy: 'trial' }],
    ['用 subject 為單位切資料', { split_strategy: 'subject' }],
  ])('"%s" splits', (text, want) => {
    expect(one('preprocessed', text)).toMatchObject({ tool: 'generate_dataset', arguments: want });
  });
  it('a step that is "enough" after a negated one is asked for; the negated one is not', () => {
    expect(plan('preprocessed', ['前處理千萬不要重設，切 80/20 就好'])).toEqual([
      { tool: 'generate_dataset', arguments: expect.objectContaining({ test_ratio: 0.2 }) },
    ]);
  });
  it('a folder named before 底下 is listed', () => {
    expect(one('empty', 'ls 一下 recordings 底下')).toMatchObject({ tool: 'list_files', arguments: { directory: 'recordings' } });
  });
});

describe('windows, event codes and load selections', () => {
  it.each([
    ['slice 3-second windows overlapping by a third', 3, 1],
    ['windows 4 s overlapping 2 s', 4, 2],
    ['兩秒一個窗，重疊一秒', 2, 1],
  ])('"%s" → %d s windows, %d s overlap', (text, duration, overlap) => {
    expect(one('data_loaded', text)).toMatchObject({ tool: 'window_epoch', arguments: { duration, overlap } });
  });
  it('event codes written with a slash stay names, not a division', () => {
    expect(one('data_loaded', 'epoch codes 771/772 from 0 to 3 s').arguments).toMatchObject({ t_min: 0, t_max: 3, event_id: ['771', '772'] });
  });
  it.each([
    ['open the files under raw, just subjects 2 and 5', { paths: ['raw'], subjects: [2, 5] }],
    ['讀取 raw 資料夾，只要第 4 次 run', { paths: ['raw'], runs: [4] }],
  ])('"%s" keeps the folder and adds the selection', (text, args) => {
    expect(one('empty', text)).toEqual({ tool: 'load_data', arguments: args });
  });
});

describe('Chinese arithmetic on the training settings and the Nyquist frequency', () => {
  it('奈奎斯特 without 頻率 is still the Nyquist frequency', () => {
    expect(one('data_loaded', '低通到奈奎斯特的四分之三').arguments).toMatchObject({ high_freq: 60 });
  });
  it.each([
    ['學習率除以十', { learning_rate: 0.0001 }],
    ['epoch 再加 6 個', { epoch: 16 }],
    ['epoch 數少 4 個', { epoch: 6 }],
  ])('"%s" configures', (text, want) => {
    expect(plan('trained', [text])).toEqual([{ tool: 'configure_training', arguments: expect.objectContaining(want) }]);
  });
  it('多訓練 N 個 epoch also runs them', () => {
    expect(plan('trained', ['再多訓練 8 個 epoch']).map((c) => c.tool)).toEqual(['configure_training', 'start_training']);
  });
});

describe('Chinese looks, names and counts', () => {
  it('看一下 + a channel is a plot of its traces', () => {
    expect(one('data_loaded', '看一下 Pz 跟 Oz 的腦波')).toEqual({ tool: 'plot_epochs', arguments: { kind: 'traces', channels: ['Pz', 'Oz'] } });
  });
  it('只看 a channel after a plot narrows that plot', () => {
    expect(plan('data_loaded', ['畫 PSD', '只看 Cz 就好'])).toEqual([{ tool: 'plot_epochs', arguments: { kind: 'psd', channels: ['Cz'] } }]);
  });
  it('the frequency of the data changed is its sampling rate', () => {
    expect(one('data_loaded', '訊號頻率降到 100')).toEqual({ tool: 'resample_data', arguments: { rate: 100 } });
  });
  it('an event 叫做 / 命名為 a name is renamed', () => {
    expect(one('data_loaded', 'T2 取名為 feet')).toEqual({ tool: 'edit_events', arguments: { rename: { T2: 'feet' } } });
  });
  it('smoothgrad N 次 is the number of noisy samples', () => {
    expect(one('trained', 'vargrad 做 25 次').arguments).toMatchObject({ method: 'vargrad', n_samples: 25 });
  });
});
