import { SIMULATED_CHANNELS } from '../../../src/core/agent/simulatedStudy';
import type { Row } from './singleTurnTable';

const WITHOUT = (...drop: string[]) => SIMULATED_CHANNELS.filter((c) => !drop.includes(c));
/** The frontal row of the 10-10 system: Fp, AF and F electrodes (fronto-central FC and fronto-temporal FT are not frontal). */
const FRONTAL = SIMULATED_CHANNELS.filter((c) => /^(?:Fp|AF|F)(?:\d|z)/.test(c));

/*
 * Session h12-single's own table (issue 14), written before any of dev11's failures was read: requests inside a longer
 * message, data named by description, exclusions, conditional requests, lab shorthand, Chinese homophone typos,
 * destinations and folder names as data, which split to evaluate or plot, split strategies and protocols, saliency and
 * plot kinds, model hyper-parameters by name, hedged and declined requests, and values mentioned only to be rejected.
 * English and Traditional Chinese as written in Taiwan. Facts of the simulated Study as in singleTurnTable.ts.
 */
export const SINGLE_TURN_TABLE_12: Row[] = [
  // ── the request inside a longer message: a greeting, context about the experiment, then the ask
  [
    'embedded',
    'data_loaded',
    'Hi! We recorded these in a shielded room in Taipei last week with a 64-channel cap. Could you band-pass them from 1 to 40 Hz?',
    [['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }]],
  ],
  [
    'embedded',
    'preprocessed',
    'hey, quick one — my advisor wants a held-out test set of 25%, so please split the epochs that way',
    [['generate_dataset', { test_ratio: 0.25 }]],
  ],
  [
    'embedded',
    'dataset_ready',
    "Thanks for the help earlier. The dataset looks fine to me. Let's train EEGNet now.",
    [['set_model', { model_name: 'EEGNet' }], ['start_training']],
  ],
  ['embedded', 'data_loaded', '你好，我們這批資料是在台北錄的，受試者做左右手運動想像。請幫我把資料重新取樣到 128 Hz。', [['resample_data', { rate: 128 }]]],
  ['embedded', 'data_loaded', '老師說要先看一下頻譜，麻煩畫 C3 和 C4 的 PSD', [['plot_epochs', { kind: 'psd', channels: ['C3', 'C4'] }]]],
  [
    'embedded',
    'data_loaded',
    "I'm new in the lab and not sure about most of this, but my supervisor said to re-reference to the average first.",
    [['set_reference', { method: 'average' }]],
  ],
  ['embedded', 'empty', 'Hello! The recordings are in the data folder. Load them please.', [['load_data', { paths: ['data'] }]]],
  ['embedded', 'data_loaded', 'We have 3 runs per subject and 64 channels. Please resample to 100 Hz.', [['resample_data', { rate: 100 }]]],
  [
    'embedded',
    'data_loaded',
    'Background: 20 subjects, 45 trials each, recorded at 160 Hz. Task for you: bandpass 8-30.',
    [['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }]],
  ],
  [
    'embedded',
    'data_loaded',
    "my labmate says to clear the dataset but I don't want that; just plot Cz",
    [['plot_epochs', { kind: 'traces', channels: ['Cz'] }]],
  ],
  // ── data named by description
  ['data', 'empty', "load subject 1's runs from the data folder", [['load_data', { paths: ['data'], subjects: [1] }]]],
  ['data', 'empty', 'load only subject 1 from data', [['load_data', { paths: ['data'], subjects: [1] }]]],
  ['data', 'empty', '載入 data 資料夾裡受試者 1 的檔案', [['load_data', { paths: ['data'], subjects: [1] }]]],
  ['data', 'empty', 'bring in runs 4 and 8 of subject 1 from data', [['load_data', { paths: ['data'], subjects: [1], runs: [4, 8] }]]],
  ['data', 'empty', 'load all the EDF files in data', [['load_data', { paths: ['data'] }]]],
  ['data', 'empty', 'list the edf files in the data folder', [['list_files', { directory: 'data', pattern: '*.edf' }]]],
  ['data', 'empty', '列出 data 資料夾裡的 edf 檔', [['list_files', { directory: 'data' }]]],
  // ── exclusions
  ['exclusion', 'data_loaded', 'keep every channel except the frontal ones', [['select_channels', { channels: WITHOUT(...FRONTAL) }]]],
  ['exclusion', 'data_loaded', 'drop the frontal channels', [['select_channels', { channels: WITHOUT(...FRONTAL) }]]],
  ['exclusion', 'data_loaded', '除了 Fp1、Fp2 以外都留著', [['select_channels', { channels: WITHOUT('Fp1', 'Fp2') }]]],
  ['exclusion', 'data_loaded', 'use all channels but T9 and T10', [['select_channels', { channels: WITHOUT('T9', 'T10') }]]],
  ['exclusion', 'data_loaded', 'keep everything except Iz', [['select_channels', { channels: WITHOUT('Iz') }]]],
  ['exclusion', 'data_loaded', '額葉的通道都拿掉', [['select_channels', { channels: WITHOUT(...FRONTAL) }]]],
  ['exclusion', 'data_loaded', 'epoch T1 and T2 only, not T0, from 0 to 4 s', [['epoch_data', { t_min: 0, t_max: 4, event_id: ['T1', 'T2'] }]]],
  ['exclusion', 'data_loaded', '切 0 到 4 秒，不要 T0', [['epoch_data', { t_min: 0, t_max: 4, event_id: ['T1', 'T2'] }]]],
  ['exclusion', 'data_loaded', 'epoch every event except T0 from -0.5 to 3 s', [['epoch_data', { t_min: -0.5, t_max: 3, event_id: ['T1', 'T2'] }]]],
  ['exclusion', 'data_loaded', '除了 T0 以外的事件都切，0 到 4 秒', [['epoch_data', { t_min: 0, t_max: 4, event_id: ['T1', 'T2'] }]]],
  // ── conditional requests, decided on the Study's facts (160 Hz, 64 channels)
  ['conditional', 'data_loaded', 'if the rate is above 200, downsample to 128', []],
  ['conditional', 'data_loaded', 'if the sampling rate is higher than 128, resample to 128', [['resample_data', { rate: 128 }]]],
  ['conditional', 'data_loaded', '如果取樣率超過 250 就降到 250', []],
  ['conditional', 'data_loaded', '取樣率如果高於 100 Hz，就降到 100', [['resample_data', { rate: 100 }]]],
  ['conditional', 'data_loaded', "resample to 100 Hz if it isn't already", [['resample_data', { rate: 100 }]]],
  ['conditional', 'data_loaded', 'downsample to 128 only if the rate is over 256', []],
  // ── terse lab shorthand
  [
    'shorthand',
    'data_loaded',
    'bp 8 30 then ep 0-4',
    [
      ['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }],
      ['epoch_data', { t_min: 0, t_max: 4 }],
    ],
  ],
  [
    'shorthand',
    'data_loaded',
    'bp 1-40, notch 60, car',
    [
      ['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }],
      ['apply_notch_filter', { freq: 60 }],
      ['set_reference', { method: 'average' }],
    ],
  ],
  ['shorthand', 'data_loaded', 'ds to 128', [['resample_data', { rate: 128 }]]],
  ['shorthand', 'data_loaded', 'hp 1 lp 40', [['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }]]],
  [
    'shorthand',
    'data_loaded',
    'rs 100 then z-score',
    [
      ['resample_data', { rate: 100 }],
      ['normalize_data', { method: 'z-score' }],
    ],
  ],
  ['shorthand', 'dataset_ready', 'eegnet, 40 ep, go', [['set_model', { model_name: 'EEGNet' }], ['configure_training', { epoch: 40 }], ['start_training']]],
  [
    'shorthand',
    'data_loaded',
    'notch60 bp1-40',
    [
      ['apply_notch_filter', { freq: 60 }],
      ['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }],
    ],
  ],
  [
    'shorthand',
    'data_loaded',
    'bp 4-40 再 ep 0-4',
    [
      ['apply_bandpass_filter', { low_freq: 4, high_freq: 40 }],
      ['epoch_data', { t_min: 0, t_max: 4 }],
    ],
  ],
  ['shorthand', 'preprocessed', 'gen ds, 20% test', [['generate_dataset', { test_ratio: 0.2 }]]],
  ['shorthand', 'trained', 'eval on val', [['evaluate', { split: 'val' }]]],
  // ── Chinese homophone and near-form typos
  ['homophone', 'data_loaded', '幫我慮波 1 到 40 Hz', [['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }]]],
  ['homophone', 'data_loaded', '降取様到 128', [['resample_data', { rate: 128 }]]],
  ['homophone', 'data_loaded', '重新取樣道 100 Hz', [['resample_data', { rate: 100 }]]],
  ['homophone', 'data_loaded', '陷波虑波 60', [['apply_notch_filter', { freq: 60 }]]],
  ['homophone', 'preprocessed', '切分資料及，測試集 20%', [['generate_dataset', { test_ratio: 0.2 }]]],
  ['homophone', 'dataset_ready', '開始訓練模形', [['start_training']]],
  ['homophone', 'trained', '評古一下模型', [['evaluate']]],
  ['homophone', 'data_loaded', '標準話資料，用 z-score', [['normalize_data', { method: 'z-score' }]]],
  ['homophone', 'data_loaded', '從新參考成平均', [['set_reference', { method: 'average' }]]],
  ['homophone', 'data_loaded', '帶通慮波 8 到 30', [['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }]]],
  ['homophone', 'trained', '匯出模形到 out', [['export_model', { path: 'out' }]]],
  // ── export and save destinations, folder and file names as data
  ['destination', 'trained', 'export the model to "final models/run 3"', [['export_model', { path: 'final models/run 3' }]]],
  ['destination', 'trained', 'save the model under results/eegnet_v2/', [['export_model', { path: 'results/eegnet_v2/' }]]],
  ['destination', 'trained', "export the model to the folder 'my exports'", [['export_model', { path: 'my exports' }]]],
  ['destination', 'preprocessed', 'save the epochs to out/epochs/', [['export_epochs', { path: 'out/epochs/' }]]],
  ['destination', 'preprocessed', '把 epoch 存到「期末報告 資料」資料夾', [['export_epochs', { path: '期末報告 資料' }]]],
  ['destination', 'trained', 'export to onnx in ./deploy', [['export_model', { path: './deploy' }]]],
  ['destination', 'empty', 'load "my data/S001R04.edf"', [['load_data', { paths: ['my data/S001R04.edf'] }]]],
  ['destination', 'empty', "load the folder 'raw data/'", [['load_data', { paths: ['raw data/'] }]]],
  ['destination', 'preprocessed', 'export the epochs to exports/', [['export_epochs', { path: 'exports/' }]]],
  ['destination', 'trained', '模型存到 models/第二版', [['export_model', { path: 'models/第二版' }]]],
  // ── which split to evaluate or plot
  ['split', 'trained', 'evaluate on the validation set', [['evaluate', { split: 'val' }]]],
  ['split', 'trained', '在驗證集上評估', [['evaluate', { split: 'val' }]]],
  ['split', 'trained', '用訓練集評估看看', [['evaluate', { split: 'train' }]]],
  ['split', 'trained', 'test-set evaluation please', [['evaluate', { split: 'test' }]]],
  ['split', 'trained', 'evaluate on val without the CSP baseline', [['evaluate', { split: 'val', baseline: false }]]],
  ['split', 'trained', '評估測試集，不用跑 CSP 基準', [['evaluate', { split: 'test', baseline: false }]]],
  ['split', 'trained', 'plot the validation accuracy', [['plot_training', { metric: 'accuracy' }]]],
  // ── split strategies and protocols
  ['protocol', 'preprocessed', 'leave-one-subject-out split', [['generate_dataset', { split_strategy: 'subject', unit: 'number', test_ratio: 1 }]]],
  [
    'protocol',
    'preprocessed',
    'leave-one-subject-out evaluation with CSP+LDA and EEGNet',
    [['run_protocol', { protocol: 'cross_subject', pipelines: ['CSP+LDA', 'EEGNet'] }]],
  ],
  ['protocol', 'preprocessed', 'cross-session evaluation of TS+LR, seed 4', [['run_protocol', { protocol: 'cross_session', pipelines: ['TS+LR'], seed: 4 }]]],
  ['protocol', 'preprocessed', 'within-session 4-fold comparison of CSP+LDA and TS+LR', [['run_protocol', { protocol: 'within_session', folds: 4 }]]],
  ['protocol', 'preprocessed', 'k-fold with 6 folds, seed 21', [['generate_dataset', { unit: 'kfold', folds: 6, seed: 21 }]]],
  ['protocol', 'preprocessed', '做 5 折交叉驗證，亂數種子 8', [['generate_dataset', { unit: 'kfold', folds: 5, seed: 8 }]]],
  ['protocol', 'preprocessed', '跨受試者評估 CSP+LDA', [['run_protocol', { protocol: 'cross_subject', pipelines: ['CSP+LDA'] }]]],
  ['protocol', 'preprocessed', '留一位受試者當測試集來切資料', [['generate_dataset', { split_strategy: 'subject', unit: 'number', test_ratio: 1 }]]],
  ['protocol', 'preprocessed', 'hold out one session for testing', [['generate_dataset', { split_strategy: 'session', unit: 'number', test_ratio: 1 }]]],
  ['protocol', 'preprocessed', 'split per subject in individual mode, 20% test', [['generate_dataset', { training_mode: 'individual', test_ratio: 0.2 }]]],
  ['protocol', 'preprocessed', 'split with seed 123 and 15% validation', [['generate_dataset', { seed: 123, val_ratio: 0.15 }]]],
  ['protocol', 'preprocessed', 'three-fold cross-validation', [['generate_dataset', { unit: 'kfold', folds: 3 }]]],
  // ── saliency and plot kinds
  ['kind', 'trained', 'saliency with vargrad', [['compute_saliency', { method: 'vargrad' }]]],
  ['kind', 'trained', 'squared smoothgrad saliency with 20 samples', [['compute_saliency', { method: 'smoothgrad_sq', n_samples: 20 }]]],
  ['kind', 'trained', 'gradient times input attribution', [['compute_saliency', { method: 'gradient_x_input' }]]],
  ['kind', 'trained', '用積分梯度算 saliency', [['compute_saliency', { method: 'integrated_gradients' }]]],
  ['kind', 'trained', 'absolute-value gradient saliency', [['compute_saliency', { method: 'gradient', absolute: true }]]],
  ['kind', 'preprocessed', 'plot the ERP for Cz', [['plot_epochs', { kind: 'erp', channels: ['Cz'] }]]],
  ['kind', 'data_loaded', 'power spectrum of O1 and O2', [['plot_epochs', { kind: 'psd', channels: ['O1', 'O2'] }]]],
  ['kind', 'data_loaded', '畫 Cz 的功率頻譜', [['plot_epochs', { kind: 'psd', channels: ['Cz'] }]]],
  [
    'kind',
    'data_loaded',
    'show 5 seconds of raw EEG from C3 starting at 60 s',
    [['plot_epochs', { kind: 'traces', channels: ['C3'], start: 60, duration: 5 }]],
  ],
  ['kind', 'trained', 'plot the AUC curve', [['plot_training', { metric: 'auc' }]]],
  ['kind', 'trained', 'plot the learning rate schedule', [['plot_training', { metric: 'lr' }]]],
  ['kind', 'trained', '畫準確率曲線', [['plot_training', { metric: 'accuracy' }]]],
  // ── model settings with their parameter names
  ['model', 'dataset_ready', 'EEGNet with F1 16 and D 4', [['set_model', { model_name: 'EEGNet', params: { F1: 16, D: 4 } }]]],
  ['model', 'dataset_ready', 'use ShallowConvNet, dropout 0.25', [['set_model', { model_name: 'ShallowConvNet', params: { dropout: 0.25 } }]]],
  ['model', 'dataset_ready', 'SCCNet with Ns=22', [['set_model', { model_name: 'SCCNet', params: { Ns: 22 } }]]],
  ['model', 'dataset_ready', '模型用 EEGNet，F1 設 8、D 設 2、dropout 0.5', [['set_model', { model_name: 'EEGNet', params: { F1: 8, D: 2, dropout: 0.5 } }]]],
  ['model', 'dataset_ready', "set EEGNet's F2 to 32", [['set_model', { model_name: 'EEGNet', params: { F2: 32 } }]]],
  [
    'model',
    'dataset_ready',
    'EEGNet, F1=4, D=2, then train for 15 epochs',
    [['set_model', { model_name: 'EEGNet', params: { F1: 4, D: 2 } }], ['configure_training', { epoch: 15 }], ['start_training']],
  ],
  // ── hedged and declined requests
  ['declined', 'trained', 'I was thinking maybe we could evaluate, but let us hold off for now', []],
  ['declined', 'data_loaded', 'not sure if I should notch at 60... leave it for now', []],
  ['declined', 'dataset_ready', '先不要訓練，我等一下再決定', []],
  ['declined', 'trained', 'no need to export the model', []],
  ['declined', 'data_loaded', "I'd rather not re-reference these", []],
  ['declined', 'trained', 'should we try SCCNet instead?', []],
  ['declined', 'data_loaded', 'maybe downsample? nah, keep it at 160', []],
  ['declined', 'data_loaded', "bandpass 1-40 — actually, don't", []],
  ['declined', 'preprocessed', '其實不用切資料集了', []],
  ['declined', 'data_loaded', 'notch 60? yes, do it', [['apply_notch_filter', { freq: 60 }]]],
  // ── a value mentioned only to reject it
  ['rejected', 'data_loaded', "notch filter — not 50 Hz, we're in Taipei", [['apply_notch_filter', { freq: 60 }]]],
  ['rejected', 'data_loaded', 'remove the line noise, not at 50, at 60', [['apply_notch_filter', { freq: 60 }]]],
  ['rejected', 'data_loaded', '陷波，不是 50，是 60', [['apply_notch_filter', { freq: 60 }]]],
  ['rejected', 'data_loaded', 'resample to 128, not 100', [['resample_data', { rate: 128 }]]],
  ['rejected', 'dataset_ready', 'use SCCNet, not EEGNet', [['set_model', { model_name: 'SCCNet' }]]],
  ['rejected', 'trained', 'evaluate on validation, not test', [['evaluate', { split: 'val' }]]],
  ['rejected', 'data_loaded', 'bandpass 8-30 (not 1-40)', [['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }]]],
  ['rejected', 'data_loaded', '重取樣到 100，不是 128', [['resample_data', { rate: 100 }]]],
  ['rejected', 'data_loaded', "line noise removal — we're in Taiwan, so not the European value", [['apply_notch_filter', { freq: 60 }]]],
  // ── several training settings after the verb. A list of three or more settings after "train"/訓練 configures the run
  // (four independent case authors read it so: dev sec-zh-012, conv-zh-010, dev7 secondary-zh-004, dev11 secondary-zh-006);
  // one or two settings with the verb, or a word of starting, start it
  ['settings', 'dataset_ready', 'train for 30 epochs, batch 64, lr 5e-4', [['configure_training', { epoch: 30, batch_size: 64, learning_rate: 0.0005 }]]],
  [
    'settings',
    'dataset_ready',
    'train for 30 epochs, batch 64, lr 5e-4, then start',
    [['configure_training', { epoch: 30, batch_size: 64, learning_rate: 0.0005 }], ['start_training']],
  ],
  [
    'settings',
    'dataset_ready',
    'train with lr 1e-3, batch 32 and 25 epochs',
    [['configure_training', { epoch: 25, batch_size: 32, learning_rate: 0.001 }], ['start_training']],
  ],
  ['settings', 'dataset_ready', '訓練 40 個 epoch，batch 16，學習率 5e-4', [['configure_training', { epoch: 40, batch_size: 16, learning_rate: 0.0005 }]]],
  [
    'settings',
    'dataset_ready',
    '訓練 40 個 epoch，batch 16，學習率 5e-4，然後開始',
    [['configure_training', { epoch: 40, batch_size: 16, learning_rate: 0.0005 }], ['start_training']],
  ],
  [
    'settings',
    'dataset_ready',
    'training settings: 30 epochs, batch 64, lr 5e-4',
    [['configure_training', { epoch: 30, batch_size: 64, learning_rate: 0.0005 }]],
  ],
  ['settings', 'dataset_ready', 'set 30 epochs, batch 64, lr 5e-4', [['configure_training', { epoch: 30, batch_size: 64, learning_rate: 0.0005 }]]],
  [
    'settings',
    'dataset_ready',
    'epochs 30, batch 64, lr 5e-4 — just set them, no run yet',
    [['configure_training', { epoch: 30, batch_size: 64, learning_rate: 0.0005 }]],
  ],
  // ── a second batch, written after the fixes above as a transfer check (new wording for the same classes)
  ['rejected', 'data_loaded', 'downsample to 100 Hz, not 128', [['resample_data', { rate: 100 }]]],
  ['rejected', 'data_loaded', '降到 128，不是 100 喔', [['resample_data', { rate: 128 }]]],
  ['rejected', 'data_loaded', "kill the mains hum — not 60, we're in Berlin", [['apply_notch_filter', { freq: 50 }]]],
  [
    'exclusion',
    'data_loaded',
    'keep all electrodes except the occipital ones',
    [['select_channels', { channels: WITHOUT(...SIMULATED_CHANNELS.filter((c) => /^O(?:\d|z)/.test(c))) }]],
  ],
  ['exclusion', 'data_loaded', '除了 Cz 之外的通道都保留', [['select_channels', { channels: WITHOUT('Cz') }]]],
  ['exclusion', 'data_loaded', 'epoch around every event but T0, 0 to 3 s', [['epoch_data', { t_min: 0, t_max: 3, event_id: ['T1', 'T2'] }]]],
  ['exclusion', 'data_loaded', '切 T1、T2，0 到 4 秒，T0 不要', [['epoch_data', { t_min: 0, t_max: 4, event_id: ['T1', 'T2'] }]]],
  ['conditional', 'data_loaded', 'if the sampling rate is over 150 Hz, resample to 100', [['resample_data', { rate: 100 }]]],
  ['conditional', 'data_loaded', '如果取樣率低於 100，就重新取樣到 100', []],
  [
    'shorthand',
    'data_loaded',
    'notch 50 bp 4-38 rs 128',
    [
      ['apply_notch_filter', { freq: 50 }],
      ['apply_bandpass_filter', { low_freq: 4, high_freq: 38 }],
      ['resample_data', { rate: 128 }],
    ],
  ],
  ['shorthand', 'data_loaded', 'ep -0.5 to 3.5', [['epoch_data', { t_min: -0.5, t_max: 3.5 }]]],
  ['homophone', 'data_loaded', '先律波 1 到 30 Hz', [['apply_bandpass_filter', { low_freq: 1, high_freq: 30 }]]],
  ['homophone', 'trained', '在驗證及上評古', [['evaluate', { split: 'val' }]]],
  ['homophone', 'data_loaded', '限波 60', [['apply_notch_filter', { freq: 60 }]]],
  ['declined', 'data_loaded', 'z-score the data — never mind', []],
  ['declined', 'data_loaded', '重新取樣到 100，算了', []],
  ['declined', 'trained', 'export the model to out? yes, go ahead', [['export_model', { path: 'out' }]]],
  ['protocol', 'preprocessed', 'leave one session out for testing', [['generate_dataset', { split_strategy: 'session', unit: 'number', test_ratio: 1 }]]],
  ['protocol', 'preprocessed', 'split 4-fold; seed it with 11', [['generate_dataset', { unit: 'kfold', folds: 4, seed: 11 }]]],
  ['split', 'trained', 'evaluate on the test split and skip the LDA benchmark', [['evaluate', { split: 'test', baseline: false }]]],
  [
    'model',
    'dataset_ready',
    'ShallowConvNet, 25 epochs, go',
    [['set_model', { model_name: 'ShallowConvNet' }], ['configure_training', { epoch: 25 }], ['start_training']],
  ],
  ['data', 'empty', 'load run 8 of subject 1 from data', [['load_data', { paths: ['data'], subjects: [1], runs: [8] }]]],
  ['embedded', 'data_loaded', 'Good afternoon! We record in Taipei, so the line noise is at 60. Please notch it.', [['apply_notch_filter', { freq: 60 }]]],
  ['safety', 'data_loaded', 'leave the sampling rate alone and z-score', [['normalize_data', { method: 'z-score' }]]],
];

/**
 * Rows of the table the planner still gets wrong at the end of session h12-single, kept as written (not asserted): a
 * request after a context sentence that itself reads as a step ("the numbers on the held-out test set" reads as a split),
 * a request framed as "What I need now is …" after context (read as a question), a purpose clause
 * before an instruction in Chinese, and a colon after a context phrase. docs/agent.md, "Tuning session h12-single".
 */
export const LEFT_OPEN_12: Row[] = [
  [
    'embedded',
    'data_loaded',
    'Morning. Context: motor imagery, left vs right hand, 3 runs per subject. What I need now is a 60 Hz notch.',
    [['apply_notch_filter', { freq: 60 }]],
  ],
  [
    'embedded',
    'trained',
    'Great, the run finished. For the paper I need the numbers on the held-out test set, so evaluate please.',
    [['evaluate', { split: 'test' }]],
  ],
  ['embedded', 'trained', '嗨～訓練跑完了，我想先看 loss 的變化，幫我畫出來', [['plot_training', { metric: 'loss' }]]],
  ['embedded', 'trained', '謝謝你剛剛的幫忙！這個模型要給學弟用，幫我匯出到 share 資料夾', [['export_model', { path: 'share' }]]],
  ['data', 'empty', '把 data 裡運動想像那幾個 run 讀進來', [['load_data', { paths: ['data'] }]]],
  ['split', 'trained', 'check for overfitting: evaluate on train', [['evaluate', { split: 'train' }]]],
];
