import type { Stage } from '../../../src/core/study/types';
import { SIMULATED_CHANNELS } from '../../../src/core/agent/simulatedStudy';

/** The simulated Study's channels without the ones named (the argument of a "drop these channels" request). */
export const WITHOUT = (...drop: string[]) => SIMULATED_CHANNELS.filter((c) => !drop.includes(c));

/*
 * Single-turn requests written for session h11-single (issue 14) before any development failure was read: misspellings
 * and lab slang for the tool verbs and parameter words, secondary settings in the same sentence, compounds, precedence
 * and safety, in English, Traditional Chinese (Taiwan) and mixed. Each row: the stage, the request, and the calls it must
 * make in order (tool and a subset of the arguments; [] = nothing may be called). Facts of the simulated Study: 160 Hz,
 * 64 channels, events T0/T1/T2; at `trained` the configuration in force is 10 epochs, batch 32, learning rate 0.001.
 */
export type Expected = [tool: string, args?: Record<string, unknown>];
export type Row = [cls: string, stage: Stage, text: string, calls: Expected[]];

/*
 * Row builders shared by the single-turn tables (one home, so a table writes `BP(1, 40)` rather than the call's tool
 * name and argument names): each builds the expected call with the arguments a row checks (a subset of the call's).
 */
export const BP = (low_freq: number, high_freq: number): Expected => ['apply_bandpass_filter', { low_freq, high_freq }];
export const NOTCH = (freq: number): Expected => ['apply_notch_filter', { freq }];
export const RS = (rate: number): Expected => ['resample_data', { rate }];
export const EPOCH = (t_min: number, t_max: number): Expected => ['epoch_data', { t_min, t_max }];
export const AVG: Expected = ['set_reference', { method: 'average' }];
export const Z: Expected = ['normalize_data', { method: 'z-score' }];
export const TRAIN: Expected = ['start_training'];
export const CONF = (a: Record<string, unknown>): Expected => ['configure_training', a];
export const MODEL = (model_name: string): Expected => ['set_model', { model_name }];
export const EVAL = (split = 'test'): Expected => ['evaluate', { split }];
export const PLOT = (metric: string): Expected => ['plot_training', { metric }];
export const PANEL = (panel_name: string): Expected => ['switch_panel', { panel_name }];
export const SPLIT = (a: Record<string, unknown> = {}): Expected => ['generate_dataset', a];
export const LOAD = (path: string): Expected => ['load_data', { paths: [path] }];
export const CLEAR: Expected = ['clear_dataset'];
export const STOP: Expected = ['stop_training'];
export const INFO: Expected = ['get_dataset_info'];

export const SINGLE_TURN_TABLE: Row[] = [
  // ── vocabulary: misspellings and slang of tool verbs and parameter words
  ['vocab', 'data_loaded', 'bandpas 1-40 hz pls', [['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }]]],
  ['vocab', 'data_loaded', 'band pass the eeg between 8 and 30', [['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }]]],
  ['vocab', 'data_loaded', 'ntoch out 60 hz', [['apply_notch_filter', { freq: 60 }]]],
  ['vocab', 'data_loaded', 'slap a notch at 50 on it', [['apply_notch_filter', { freq: 50 }]]],
  ['vocab', 'data_loaded', 'resmaple to 128', [['resample_data', { rate: 128 }]]],
  ['vocab', 'data_loaded', 'decimate the recordings to 80 Hz', [['resample_data', { rate: 80 }]]],
  ['vocab', 'data_loaded', 're-ref to CAR', [['set_reference', { method: 'average' }]]],
  ['vocab', 'data_loaded', 'rereference everything to the common average', [['set_reference', { method: 'average' }]]],
  ['vocab', 'data_loaded', 'zscore the data', [['normalize_data', { method: 'z-score' }]]],
  ['vocab', 'data_loaded', 'min-max scale the signals', [['normalize_data', { method: 'min-max' }]]],
  ['vocab', 'data_loaded', 'epcoh from -0.5 to 4 s around T1 and T2', [['epoch_data', { t_min: -0.5, t_max: 4, event_id: ['T1', 'T2'] }]]],
  ['vocab', 'data_loaded', 'chop into 2 s sliding windows', [['window_epoch', { duration: 2 }]]],
  ['vocab', 'preprocessed', 'splt the data 80/20', [['generate_dataset', { test_ratio: 0.2 }]]],
  ['vocab', 'dataset_ready', 'trian the model', [['start_training']]],
  ['vocab', 'dataset_ready', 'kick off training with eegnet', [['set_model', { model_name: 'EEGNet' }], ['start_training']]],
  ['vocab', 'trained', 'evalute on the test set', [['evaluate', { split: 'test' }]]],
  ['vocab', 'trained', 'plot the loss curve', [['plot_training', { metric: 'loss' }]]],
  ['vocab', 'trained', 'export the modle to out/', [['export_model', { path: 'out/' }]]],
  ['vocab', 'training', 'abort the run', [['stop_training']]],
  ['vocab', 'training', 'kill training now', [['stop_training']]],
  ['vocab', 'trained', 'saliancy map with integrated gradients', [['compute_saliency', { method: 'integrated_gradients' }]]],
  ['vocab', 'data_loaded', 'psd of C3 and C4', [['plot_epochs', { kind: 'psd', channels: ['C3', 'C4'] }]]],
  ['vocab', 'data_loaded', 'only keep C3, Cz, C4', [['select_channels', { channels: ['C3', 'Cz', 'C4'] }]]],
  ['vocab', 'data_loaded', '帶通 1 到 40 Hz', [['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }]]],
  ['vocab', 'data_loaded', '做個 60 Hz 陷波', [['apply_notch_filter', { freq: 60 }]]],
  ['vocab', 'data_loaded', '降取樣到 100 Hz', [['resample_data', { rate: 100 }]]],
  ['vocab', 'data_loaded', '重新參考成平均參考', [['set_reference', { method: 'average' }]]],
  ['vocab', 'data_loaded', '標準化一下資料 用 z-score', [['normalize_data', { method: 'z-score' }]]],
  ['vocab', 'data_loaded', '以 T1、T2 為中心切段，-1 到 3 秒', [['epoch_data', { t_min: -1, t_max: 3 }]]],
  ['vocab', 'data_loaded', '切成 4 秒的視窗', [['window_epoch', { duration: 4 }]]],
  ['vocab', 'preprocessed', '切分資料集，測試集 20%', [['generate_dataset', { test_ratio: 0.2 }]]],
  ['vocab', 'preprocessed', '切一下資料集 測試兩成', [['generate_dataset', { test_ratio: 0.2 }]]],
  ['vocab', 'data_loaded', '切 T1 T2 前 0.5 秒到後 2 秒', [['epoch_data', { t_min: -0.5, t_max: 2 }]]],
  ['vocab', 'dataset_ready', '開始訓練', [['start_training']]],
  ['vocab', 'trained', '評估一下模型', [['evaluate']]],
  ['vocab', 'trained', '畫 loss 曲線', [['plot_training', { metric: 'loss' }]]],
  ['vocab', 'trained', '把模型匯出到 models 資料夾', [['export_model', { path: 'models' }]]],
  ['vocab', 'training', '停止訓練', [['stop_training']]],
  ['vocab', 'trained', '算一下 saliency，用 smoothgrad', [['compute_saliency', { method: 'smoothgrad' }]]],
  ['vocab', 'data_loaded', '只留 C3、Cz、C4', [['select_channels', { channels: ['C3', 'Cz', 'C4'] }]]],
  ['vocab', 'data_loaded', 'downsampel 到 128', [['resample_data', { rate: 128 }]]],
  ['vocab', 'data_loaded', '幫我 notch 掉 60', [['apply_notch_filter', { freq: 60 }]]],
  ['vocab', 'data_loaded', 'list the fiels in data', [['list_files', { directory: 'data' }]]],
  ['vocab', 'empty', 'laod S001R04.edf', [['load_data', { paths: ['S001R04.edf'] }]]],
  ['vocab', 'data_loaded', 'drop Fp1 and Fp2', [['select_channels', { channels: WITHOUT('Fp1', 'Fp2') }]]],
  ['vocab', 'data_loaded', 'remove the noisy channels T7 and T8', [['select_channels', { channels: WITHOUT('T7', 'T8') }]]],
  ['vocab', 'data_loaded', '把 Fp1 跟 Fp2 拿掉', [['select_channels', { channels: WITHOUT('Fp1', 'Fp2') }]]],
  ['vocab', 'data_loaded', '剔除 O1、O2 這兩個通道', [['select_channels', { channels: WITHOUT('O1', 'O2') }]]],
  ['vocab', 'dataset_ready', 'swap the model to shallow convnet', [['set_model', { model_name: 'ShallowConvNet' }]]],
  ['vocab', 'dataset_ready', '模型改用 SCCNet', [['set_model', { model_name: 'SCCNet' }]]],
  ['vocab', 'data_loaded', 'go to the preprocessing tab', [['switch_panel', { panel_name: 'preprocess' }]]],
  ['vocab', 'data_loaded', '切到訓練面板', [['switch_panel', { panel_name: 'training' }]]],
  // ── secondary settings in the same sentence
  ['secondary', 'data_loaded', 'cut 2 s windows with 50% overlap', [['window_epoch', { duration: 2, overlap: 1 }]]],
  ['secondary', 'data_loaded', '切成 2 秒的視窗，重疊一半', [['window_epoch', { duration: 2, overlap: 1 }]]],
  ['secondary', 'data_loaded', '4 秒一段、重疊 1 秒', [['window_epoch', { duration: 4, overlap: 1 }]]],
  ['secondary', 'data_loaded', 'epoch -0.2 to 0.8 s on T1, baseline -0.2 to 0', [['epoch_data', { t_min: -0.2, t_max: 0.8, baseline: [-0.2, 0] }]]],
  [
    'secondary',
    'preprocessed',
    'split 70/15/15 by subject, seed 42',
    [['generate_dataset', { test_ratio: 0.15, val_ratio: 0.15, split_strategy: 'subject', seed: 42 }]],
  ],
  ['secondary', 'preprocessed', 'make the dataset with 20% test and 10% validation', [['generate_dataset', { test_ratio: 0.2, val_ratio: 0.1 }]]],
  ['secondary', 'preprocessed', '5-fold cv, seed 7', [['generate_dataset', { unit: 'kfold', folds: 5, seed: 7 }]]],
  ['secondary', 'preprocessed', '切資料集：測試百分之二十、驗證百分之十', [['generate_dataset', { test_ratio: 0.2, val_ratio: 0.1 }]]],
  ['secondary', 'preprocessed', '用 session 切分，測試三成，種子 3', [['generate_dataset', { split_strategy: 'session', test_ratio: 0.3, seed: 3 }]]],
  ['secondary', 'preprocessed', '做 10 折交叉驗證', [['generate_dataset', { unit: 'kfold', folds: 10 }]]],
  // a list of three settings after "train" configures only (the planner's documented reading; one or two settings start a run)
  ['secondary', 'dataset_ready', 'train for 30 epochs, batch 64, lr 5e-4', [['configure_training', { epoch: 30, batch_size: 64, learning_rate: 0.0005 }]]],
  ['secondary', 'dataset_ready', '訓練 50 個 epoch，batch size 16，學習率 0.01', [['configure_training', { epoch: 50, batch_size: 16, learning_rate: 0.01 }]]],
  ['secondary', 'dataset_ready', 'train for 30 epochs with batch 64', [['configure_training', { epoch: 30, batch_size: 64 }], ['start_training']]],
  ['secondary', 'dataset_ready', 'set up training: sgd, 25 epochs, seed 11', [['configure_training', { optimizer: 'sgd', epoch: 25, seed: 11 }]]],
  ['secondary', 'dataset_ready', '優化器用 adamw，epoch 設 40', [['configure_training', { optimizer: 'adamw', epoch: 40 }]]],
  ['secondary', 'trained', 'export the model to results/run1', [['export_model', { path: 'results/run1' }]]],
  ['secondary', 'preprocessed', 'export the epochs to the folder exports', [['export_epochs', { path: 'exports' }]]],
  ['secondary', 'trained', 'evaluate on validation, with the chance baseline', [['evaluate', { split: 'val' }]]],
  [
    'secondary',
    'data_loaded',
    'bandpass 8-30 with an iir of order 4',
    [['apply_bandpass_filter', { low_freq: 8, high_freq: 30, method: 'iir', iir_order: 4 }]],
  ],
  ['secondary', 'data_loaded', '帶通 8 到 30，用 IIR 四階', [['apply_bandpass_filter', { low_freq: 8, high_freq: 30, method: 'iir', iir_order: 4 }]]],
  ['secondary', 'data_loaded', 'plot C3 traces from 10 s for 5 s', [['plot_epochs', { kind: 'traces', channels: ['C3'], start: 10, duration: 5 }]]],
  ['secondary', 'data_loaded', '跳過前 10 秒，畫出波形', [['plot_epochs', { kind: 'traces', start: 10 }]]],
  ['secondary', 'data_loaded', 'skip the first 20 s and plot the raw signal', [['plot_epochs', { kind: 'traces', start: 20 }]]],
  ['secondary', 'data_loaded', '從第 30 秒開始畫 C4 的波形，畫 5 秒', [['plot_epochs', { kind: 'traces', channels: ['C4'], start: 30, duration: 5 }]]],
  ['secondary', 'trained', 'saliency with smoothgrad, 30 samples, noise 0.2', [['compute_saliency', { method: 'smoothgrad', n_samples: 30, stdev: 0.2 }]]],
  ['secondary', 'data_loaded', 'epoch T1 and T2 from 0 to 4 s without baseline correction', [['epoch_data', { t_min: 0, t_max: 4 }]]],
  ['secondary', 'preprocessed', 'split by subject, 20% test', [['generate_dataset', { split_strategy: 'subject', test_ratio: 0.2 }]]],
  ['secondary', 'dataset_ready', 'use cuda and 20 epochs then train', [['configure_training', { device: 'cuda', epoch: 20 }], ['start_training']]],
  // ── compound requests
  [
    'compound',
    'data_loaded',
    'notch 60, bandpass 1-40, then average reference',
    [
      ['apply_notch_filter', { freq: 60 }],
      ['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }],
      ['set_reference', { method: 'average' }],
    ],
  ],
  [
    'compound',
    'data_loaded',
    '1. bandpass 8-30\n2. resample to 128\n3. z-score',
    [
      ['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }],
      ['resample_data', { rate: 128 }],
      ['normalize_data', { method: 'z-score' }],
    ],
  ],
  [
    'compound',
    'data_loaded',
    '先陷波 60 Hz，之後帶通 1 到 40 Hz，再降到 128 Hz',
    [
      ['apply_notch_filter', { freq: 60 }],
      ['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }],
      ['resample_data', { rate: 128 }],
    ],
  ],
  [
    'compound',
    'data_loaded',
    'bandpass 1-40 and then epoch T1/T2 from 0 to 4 s',
    [
      ['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }],
      ['epoch_data', { t_min: 0, t_max: 4 }],
    ],
  ],
  [
    'compound',
    'preprocessed',
    'split 80/20 then train eegnet for 20 epochs',
    [['generate_dataset', { test_ratio: 0.2 }], ['set_model', { model_name: 'EEGNet' }], ['configure_training', { epoch: 20 }], ['start_training']],
  ],
  [
    'compound',
    'trained',
    'evaluate on test and plot the accuracy',
    [
      ['evaluate', { split: 'test' }],
      ['plot_training', { metric: 'accuracy' }],
    ],
  ],
  ['compound', 'trained', '評估完之後再匯出模型到 out', [['evaluate'], ['export_model', { path: 'out' }]]],
  [
    'compound',
    'data_loaded',
    '- notch 50\n- re-reference to average\n- epoch T1 0-4 s',
    [
      ['apply_notch_filter', { freq: 50 }],
      ['set_reference', { method: 'average' }],
      ['epoch_data', { t_min: 0, t_max: 4 }],
    ],
  ],
  [
    'compound',
    'data_loaded',
    '濾波 1-40 Hz，然後切 2 秒視窗',
    [
      ['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }],
      ['window_epoch', { duration: 2 }],
    ],
  ],
  ['compound', 'preprocessed', '切分 80/20，之後開始訓練', [['generate_dataset', { test_ratio: 0.2 }], ['start_training']]],
  ['compound', 'trained', 'compute saliency and then export the model to deploy', [['compute_saliency'], ['export_model', { path: 'deploy' }]]],
  [
    'compound',
    'data_loaded',
    'bandpass 4-38 hz; after that resample to 100',
    [
      ['apply_bandpass_filter', { low_freq: 4, high_freq: 38 }],
      ['resample_data', { rate: 100 }],
    ],
  ],
  // ── precedence
  ['precedence', 'dataset_ready', 'use ShallowConvNet for training', [['set_model', { model_name: 'ShallowConvNet' }]]],
  ['precedence', 'dataset_ready', '訓練用 SCCNet', [['set_model', { model_name: 'SCCNet' }]]],
  ['precedence', 'trained', 'after training, plot the accuracy', [['plot_training', { metric: 'accuracy' }]]],
  ['precedence', 'trained', '訓練完的 loss 畫出來', [['plot_training', { metric: 'loss' }]]],
  ['precedence', 'data_loaded', 'rename event 1 to left and 2 to right', [['edit_events']]],
  ['precedence', 'data_loaded', 'epoch around events 769 and 770 from 0 to 4 s', [['epoch_data', { t_min: 0, t_max: 4, event_id: ['769', '770'] }]]],
  [
    'precedence',
    'data_loaded',
    'open the preprocessing panel and band-pass 1-40',
    [
      ['switch_panel', { panel_name: 'preprocess' }],
      ['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }],
    ],
  ],
  ['precedence', 'trained', 'show the evaluation panel', [['switch_panel', { panel_name: 'evaluation' }]]],
  ['precedence', 'dataset_ready', 'pick EEGNet as the model for the next training run', [['set_model', { model_name: 'EEGNet' }]]],
  ['precedence', 'trained', '畫出訓練的 accuracy', [['plot_training', { metric: 'accuracy' }]]],
  ['precedence', 'data_loaded', '切段：T1 跟 T2，0 到 4 秒', [['epoch_data', { t_min: 0, t_max: 4 }]]],
  ['precedence', 'preprocessed', '切 80/20', [['generate_dataset', { test_ratio: 0.2 }]]],
  ['precedence', 'data_loaded', '切 0 到 4 秒', [['epoch_data', { t_min: 0, t_max: 4 }]]],
  ['precedence', 'preprocessed', '切成訓練跟測試，測試 25%', [['generate_dataset', { test_ratio: 0.25 }]]],
  // ── safety: negations, quotes, files, hedges, questions
  ['safety', 'trained', "don't clear the dataset, just evaluate", [['evaluate']]],
  ['safety', 'trained', '不要清除資料，只要評估', [['evaluate']]],
  ['safety', 'trained', 'never reset preprocessing', []],
  ['safety', 'training', "don't stop the training", []],
  ['safety', 'training', '先不要停止訓練', []],
  ['safety', 'data_loaded', "label the windows 'clear everything'", [['window_epoch', { label: 'clear everything' }]]],
  ['safety', 'trained', 'export the model to a folder called reset_all', [['export_model', { path: 'reset_all' }]]],
  ['safety', 'empty', 'load clear_dataset_now.edf', [['load_data', { paths: ['clear_dataset_now.edf'] }]]],
  ['safety', 'trained', 'maybe clear the dataset?', []],
  ['safety', 'trained', 'should I reset the preprocessing?', []],
  ['safety', 'trained', '要不要清空資料集？', []],
  ['safety', 'trained', 'what does clear_dataset do?', []],
  ['safety', 'data_loaded', 'band-pass 1-40, no notch and no reference change', [['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }]]],
  ['safety', 'data_loaded', '不用重新參考，也不要標準化', []],
  ['safety', 'trained', 'rename T1 to "delete all data"', [['edit_events', { rename: { T1: 'delete all data' } }]]],
  ['safety', 'trained', 'the note says "clear the study"; ignore it and plot the loss', [['plot_training', { metric: 'loss' }]]],
  ['safety', 'trained', 'without clearing anything, export the model to out', [['export_model', { path: 'out' }]]],
  ['safety', 'trained', '別清空，先匯出模型到 backup', [['export_model', { path: 'backup' }]]],
  ['safety', 'dataset_ready', 'I might want to train later, not now', []],
  ['safety', 'trained', 'is it safe to reset everything?', []],
  // ── classes found after the table above, each in wording written here (none is a development case's)
  ['vocab', 'data_loaded', 'normalizing with z-scores next', [['normalize_data', { method: 'z-score' }]]],
  [
    'vocab',
    'data_loaded',
    'notching at 50, then band-passing 4-38',
    [
      ['apply_notch_filter', { freq: 50 }],
      ['apply_bandpass_filter', { low_freq: 4, high_freq: 38 }],
    ],
  ],
  ['vocab', 'data_loaded', 'slice the T2 trials from -1 to 3 s', [['epoch_data', { t_min: -1, t_max: 3, event_id: ['T2'] }]]],
  ['vocab', 'data_loaded', 'cut T1 into 0.5-2.5 s pieces', [['epoch_data', { t_min: 0.5, t_max: 2.5, event_id: ['T1'] }]]],
  ['vocab', 'data_loaded', 'chop the recording into 3 s chunks', [['window_epoch', { duration: 3 }]]],
  ['vocab', 'trained', 'int. grads saliency on the model', [['compute_saliency', { method: 'integrated_gradients' }]]],
  ['vocab', 'trained', 'saliency via smooth grad', [['compute_saliency', { method: 'smoothgrad' }]]],
  ['vocab', 'preprocessed', '畫 C3 的事件相關電位', [['plot_epochs', { kind: 'erp', channels: ['C3'] }]]],
  ['vocab', 'preprocessed', 'plot the averaged evoked potentials', [['plot_epochs', { kind: 'erp' }]]],
  [
    'secondary',
    'data_loaded',
    'default preprocessing with a 50 Hz notch and a 4-40 band',
    [['apply_standard_preprocess', { notch_freq: 50, l_freq: 4, h_freq: 40 }]],
  ],
  ['secondary', 'data_loaded', '前處理用標準流程，參考改成平均，60 Hz 陷波', [['apply_standard_preprocess', { rereference: 'average', notch_freq: 60 }]]],
  ['secondary', 'data_loaded', '切 2 秒的視窗，類別名稱為 rest_eyes', [['window_epoch', { duration: 2, label: 'rest_eyes' }]]],
  ['secondary', 'trained', '匯出模型到名為「最終版」的資料夾', [['export_model', { path: '最終版' }]]],
  ['secondary', 'trained', 'smoothgrad saliency, noise level of 0.15', [['compute_saliency', { method: 'smoothgrad', stdev: 0.15 }]]],
  [
    'compound',
    'data_loaded',
    'notch 60 first, then 8–30 Hz, then z-score',
    [
      ['apply_notch_filter', { freq: 60 }],
      ['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }],
      ['normalize_data', { method: 'z-score' }],
    ],
  ],
  [
    'compound',
    'data_loaded',
    'band-pass 1-40 and display 8 seconds of C4',
    [
      ['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }],
      ['plot_epochs', { kind: 'traces', channels: ['C4'], duration: 8 }],
    ],
  ],
  [
    'compound',
    'preprocessed',
    '切資料集，挑 EEGNet，跑 15 個 epoch',
    [['generate_dataset'], ['set_model', { model_name: 'EEGNet' }], ['configure_training', { epoch: 15 }], ['start_training']],
  ],
  [
    'compound',
    'data_loaded',
    '(1) notch 60 (2) resample to 100',
    [
      ['apply_notch_filter', { freq: 60 }],
      ['resample_data', { rate: 100 }],
    ],
  ],
  [
    'compound',
    'data_loaded',
    '第一步 帶通 1 到 30 Hz\n第二步 標準化',
    [
      ['apply_bandpass_filter', { low_freq: 1, high_freq: 30 }],
      ['normalize_data', { method: 'z-score' }],
    ],
  ],
  ['precedence', 'dataset_ready', 'ShallowConvNet for the upcoming run', [['set_model', { model_name: 'ShallowConvNet' }]]],
  ['precedence', 'dataset_ready', '下次訓練都用 EEGNet', [['set_model', { model_name: 'EEGNet' }]]],
  ['precedence', 'trained', 'the accuracy from training, plot it', [['plot_training', { metric: 'accuracy' }]]],
  ['precedence', 'data_loaded', '標記 T1 改成 1、T2 改成 2', [['edit_events', { rename: { T1: '1', T2: '2' } }]]],
  ['safety', 'data_loaded', 'resample to 128 and no re-referencing', [['resample_data', { rate: 128 }]]],
  ['safety', 'dataset_ready', 'we will probably train tomorrow', []],
  ['safety', 'preprocessed', 'export the epochs later', []],
  ['safety', 'trained', 'export the model to a folder named "clear_dataset"', [['export_model', { path: 'clear_dataset' }]]],
  ['safety', 'data_loaded', 'skip the first 5 s, then plot C3', [['plot_epochs', { kind: 'traces', channels: ['C3'], start: 5 }]]],
  ['safety', 'data_loaded', "don't drop Fp1", []],
  ['vocab', 'trained', 'could I have a look at the loss curve?', [['plot_training', { metric: 'loss' }]]],
  ['vocab', 'data_loaded', 'can we see the PSD of Cz?', [['plot_epochs', { kind: 'psd', channels: ['Cz'] }]]],
  ['safety', 'data_loaded', 'can I see what epoching does?', []],
  ['vocab', 'dataset_ready', '開訓吧', [['start_training']]],
  ['vocab', 'training', '呃先停掉', [['stop_training']]],
  // ── a second batch written after the fixes above, to see whether they carry (31/34 on first run)
  ['safety', 'trained', "leave the dataset alone and export the model to 'wipe_all'", [['export_model', { path: 'wipe_all' }]]],
  ['safety', 'trained', '不要動資料集，只畫 accuracy', [['plot_training', { metric: 'accuracy' }]]],
  ['safety', 'training', "please don't kill the run", []],
  ['safety', 'trained', 'whatever happens, never clear anything; evaluate on val', [['evaluate', { split: 'val' }]]],
  ['safety', 'empty', 'load "reset_then_delete.edf"', [['load_data', { paths: ['reset_then_delete.edf'] }]]],
  ['safety', 'data_loaded', 'window label: "stop training" , 2 s windows', [['window_epoch', { duration: 2, label: 'stop training' }]]],
  ['safety', 'trained', '要不要重新訓練比較好？', []],
  ['safety', 'trained', 'perhaps we should reset the preprocessing?', []],
  ['safety', 'data_loaded', '跳過陷波，直接帶通 4 到 40', [['apply_bandpass_filter', { low_freq: 4, high_freq: 40 }]]],
  ['safety', 'data_loaded', 'no resampling, just z-score', [['normalize_data', { method: 'z-score' }]]],
  ['vocab', 'data_loaded', 'bandpss 2-35', [['apply_bandpass_filter', { low_freq: 2, high_freq: 35 }]]],
  ['vocab', 'data_loaded', 'nocth 50', [['apply_notch_filter', { freq: 50 }]]],
  ['vocab', 'data_loaded', 'resampel everything at 100 hz', [['resample_data', { rate: 100 }]]],
  ['vocab', 'preprocessed', 'genrate the dataset, 25% test', [['generate_dataset', { test_ratio: 0.25 }]]],
  ['vocab', 'trained', 'evaulate it on the test split', [['evaluate', { split: 'test' }]]],
  ['vocab', 'trained', '模型輸出到 onnx_out', [['export_model', { path: 'onnx_out' }]]],
  ['vocab', 'data_loaded', '做共同平均參考', [['set_reference', { method: 'average' }]]],
  ['vocab', 'data_loaded', '把資料降到 80 Hz', [['resample_data', { rate: 80 }]]],
  ['vocab', 'data_loaded', 'drop channel Fz', [['select_channels']]],
  [
    'secondary',
    'preprocessed',
    'split by session with 10% validation and seed 99',
    [['generate_dataset', { split_strategy: 'session', val_ratio: 0.1, seed: 99 }]],
  ],
  ['secondary', 'preprocessed', '依受試者切分，測試集百分之三十', [['generate_dataset', { split_strategy: 'subject', test_ratio: 0.3 }]]],
  ['secondary', 'data_loaded', '1.5 s windows overlapping by 0.5 s', [['window_epoch', { duration: 1.5, overlap: 0.5 }]]],
  ['secondary', 'data_loaded', 'epoch T1 -0.5 to 3.5 s and baseline from -0.5 to 0', [['epoch_data', { t_min: -0.5, t_max: 3.5, baseline: [-0.5, 0] }]]],
  ['secondary', 'dataset_ready', 'configure 12 epochs on the gpu', [['configure_training', { epoch: 12, device: 'cuda' }]]],
  ['secondary', 'trained', 'evaluate on the training split without the baseline', [['evaluate', { split: 'train', baseline: false }]]],
  [
    'compound',
    'data_loaded',
    'notch 60 → bandpass 1-40 → resample 128',
    [
      ['apply_notch_filter', { freq: 60 }],
      ['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }],
      ['resample_data', { rate: 128 }],
    ],
  ],
  [
    'compound',
    'data_loaded',
    '先做 z-score，再切 T1、T2 從 0 到 4 秒',
    [
      ['normalize_data', { method: 'z-score' }],
      ['epoch_data', { t_min: 0, t_max: 4 }],
    ],
  ],
  [
    'compound',
    'trained',
    'export the model to out and then compute saliency with gradient x input',
    [
      ['export_model', { path: 'out' }],
      ['compute_saliency', { method: 'gradient_x_input' }],
    ],
  ],
  [
    'compound',
    'data_loaded',
    'a) notch 50 b) z-score',
    [
      ['apply_notch_filter', { freq: 50 }],
      ['normalize_data', { method: 'z-score' }],
    ],
  ],
  ['precedence', 'dataset_ready', 'go with ShallowConvNet for training', [['set_model', { model_name: 'ShallowConvNet' }]]],
  ['precedence', 'trained', 'once training is done plot the loss', [['plot_training', { metric: 'loss' }]]],
  [
    'precedence',
    'data_loaded',
    'go to the visualization panel and plot the PSD of C3',
    [
      ['switch_panel', { panel_name: 'visualization' }],
      ['plot_epochs', { kind: 'psd', channels: ['C3'] }],
    ],
  ],
  ['precedence', 'data_loaded', '切 T2，前 1 秒到後 3 秒', [['epoch_data', { t_min: -1, t_max: 3, event_id: ['T2'] }]]],
  ['precedence', 'preprocessed', '切 70/30', [['generate_dataset', { test_ratio: 0.3 }]]],
  // ── a third batch, written at the end as a transfer check (12/14 on first run; the two misses fixed after)
  ['vocab', 'data_loaded', 'filtr 0.5 to 45 hz', [['apply_bandpass_filter', { low_freq: 0.5, high_freq: 45 }]]],
  ['vocab', 'data_loaded', 'rereferance to average', [['set_reference', { method: 'average' }]]],
  ['vocab', 'preprocessed', 'make train/test sets, 30% test, seed 1', [['generate_dataset', { test_ratio: 0.3, seed: 1 }]]],
  ['vocab', 'trained', '跑一下評估，用驗證集', [['evaluate', { split: 'val' }]]],
  ['vocab', 'data_loaded', '砍掉 T9、T10 這兩軌', [['select_channels']]],
  ['secondary', 'data_loaded', 'epochs 0-4 s after T1 and T2, no baseline', [['epoch_data', { t_min: 0, t_max: 4, baseline: null }]]],
  ['secondary', 'data_loaded', '視窗長 2.5 秒，重疊 25%', [['window_epoch', { duration: 2.5, overlap: 0.625 }]]],
  ['secondary', 'dataset_ready', 'sgd optimizer with lr 0.05', [['configure_training', { optimizer: 'sgd', learning_rate: 0.05 }]]],
  [
    'compound',
    'data_loaded',
    'notch 60; bandpass 1-40; epoch T1,T2 0-4 s',
    [
      ['apply_notch_filter', { freq: 60 }],
      ['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }],
      ['epoch_data', { t_min: 0, t_max: 4 }],
    ],
  ],
  [
    'compound',
    'trained',
    '先評估測試集，接著畫 loss',
    [
      ['evaluate', { split: 'test' }],
      ['plot_training', { metric: 'loss' }],
    ],
  ],
  ['precedence', 'dataset_ready', 'EEGNet is what I want to train with', [['set_model', { model_name: 'EEGNet' }]]],
  ['safety', 'trained', "don't export anything yet", []],
  ['safety', 'trained', '別重設前處理，先評估', [['evaluate']]],
  ['safety', 'empty', "load the file named 'clear all.edf'", [['load_data', { paths: ['clear all.edf'] }]]],
];
