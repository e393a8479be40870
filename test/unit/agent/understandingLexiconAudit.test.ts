import { describe, it, expect } from 'vitest';
import { TOOL_DEFINITIONS } from '../../../src/core/tools/definitions';
import { correctTypos } from '../../../src/core/agent/understanding/lexicon';
import { informalWords } from '../../../src/core/agent/understanding/clauses';
import { fractionWords } from '../../../src/core/agent/understanding/quantities';
import type { Stage } from '../../../src/core/study/types';
import { planTurns } from './plannerContext';

/*
 * The parameter lexicon audit (issue 14, h8): every parameter and enum value of every tool, said in English and in
 * Traditional Chinese, reaches the call. A new tool or parameter fails the coverage test until it has words here
 * (or is listed, with its reason, among those no sentence sets).
 */

/** stage, tool, parameter ('' = the tool itself), the value the call must carry (null = any), the sentences */
type Row = [Stage, string, string, unknown, string[]];
const AUDIT: Row[] = [
  [
    'empty',
    'list_files',
    'directory',
    'raw',
    ['list the files in raw', 'what files are in the raw folder', '列出 raw 資料夾的檔案', '看一下 raw 裡面有什麼檔案'],
  ],
  ['empty', 'list_files', 'pattern', '*.edf', ['list files matching *.edf', '列出符合 *.edf 的檔案']],
  [
    'empty',
    'load_data',
    'paths',
    ['S001R04.edf'],
    ['load S001R04.edf', 'open S001R04.edf', 'read in S001R04.edf', '載入 S001R04.edf', '讀入 S001R04.edf', '把 S001R04.edf 讀進來'],
  ],
  [
    'data_loaded',
    'attach_labels',
    'mapping',
    { '*': 'labels.csv' },
    ['attach the labels from labels.csv', '把 labels.csv 的標籤接上', '從 labels.csv 載入標籤'],
  ],
  ['data_loaded', 'apply_standard_preprocess', 'normalize_method', 'z-score', ['standard preprocessing with z-score', '標準前處理，用 z-score 標準化']],
  ['dataset_ready', 'configure_training', 'selection', 'last_epoch', ["keep the last epoch's weights", '用最後一個 epoch 的模型']],
  ['data_loaded', 'edit_events', 'rename', { T1: 'left' }, ['rename T1 to left', '把 T1 改名為 left', 'T1 重新命名成 left']],
  ['data_loaded', 'plot_epochs', 'kind', 'psd', ['plot the PSD', 'show the power spectrum', '畫功率頻譜', '畫 PSD']],
  ['preprocessed', 'plot_epochs', 'kind', 'erp', ['plot the ERP', 'show the average evoked response', '畫 ERP', '畫事件相關電位']],
  ['data_loaded', 'plot_epochs', 'kind', 'traces', ['plot the raw traces', '畫出波形', '畫訊號']],
  ['data_loaded', 'plot_epochs', 'channels', ['C3'], ['plot the traces of C3', '畫 C3 的波形']],
  ['data_loaded', 'apply_standard_preprocess', 'l_freq', 1, ['run the standard preprocessing with 1-40 Hz', '標準前處理，1 到 40 Hz']],
  ['data_loaded', 'apply_standard_preprocess', 'notch_freq', 60, ['standard preprocessing with a notch at 60', '標準前處理，陷波 60']],
  ['data_loaded', 'apply_standard_preprocess', 'resample_rate', 128, ['standard preprocessing, resample to 128']],
  [
    'data_loaded',
    'apply_standard_preprocess',
    'normalize_method',
    'min-max',
    ['standard preprocessing with min-max normalisation', '標準前處理，用 min-max 正規化'],
  ],
  ['data_loaded', 'apply_standard_preprocess', 'rereference', 'average', ['standard preprocessing with average reference', '標準前處理加平均參考']],
  [
    'data_loaded',
    'apply_bandpass_filter',
    'low_freq',
    8,
    ['band-pass 8 to 30 Hz', 'bandpass filter between 8 and 30', 'filter 8-30 Hz', '帶通 8 到 30 Hz', '濾波 8-30 赫茲', '帶通濾波 8～30Hz'],
  ],
  [
    'data_loaded',
    'apply_bandpass_filter',
    'method',
    'iir',
    ['band-pass 8 to 30 Hz with an IIR filter', 'butterworth band-pass 8-30', '用 IIR 帶通 8 到 30 Hz'],
  ],
  ['data_loaded', 'apply_bandpass_filter', 'method', 'fir', ['band-pass 8 to 30 Hz with a FIR filter', '用 FIR 帶通 8 到 30 Hz']],
  ['data_loaded', 'apply_bandpass_filter', 'iir_order', 6, ['6th-order IIR band-pass 8-30 Hz', 'IIR band-pass 8 to 30, order 6', 'IIR 帶通 8 到 30 Hz，6 階']],
  [
    'data_loaded',
    'apply_notch_filter',
    'freq',
    60,
    ['notch at 60 Hz', 'remove the 60 Hz line noise', '陷波 60 Hz', '去除 60 Hz 的市電雜訊', 'notch filter 60'],
  ],
  ['data_loaded', 'resample_data', 'rate', 128, ['resample to 128 Hz', 'downsample to 128', '重新取樣到 128 Hz', '取樣率改成 128', '降採樣到 128']],
  [
    'data_loaded',
    'normalize_data',
    'method',
    'z-score',
    ['z-score the data', 'normalise the data', 'standardise the signals', '標準化資料', '做 z-score 標準化'],
  ],
  [
    'data_loaded',
    'normalize_data',
    'method',
    'min-max',
    ['min-max normalise the data', 'scale the data to 0-1 with min-max', '用 min-max 正規化', '歸一化資料'],
  ],
  [
    'data_loaded',
    'set_reference',
    'method',
    'average',
    ['re-reference to the average', 'common average reference', 'set an average reference', '改成平均參考', '重新參考到共同平均'],
  ],
  ['data_loaded', 'set_reference', 'method', 'Cz', ['reference to Cz', 're-reference to Cz', '以 Cz 當參考', '參考電極改成 Cz']],
  [
    'data_loaded',
    'select_channels',
    'channels',
    ['C3', 'Cz', 'C4'],
    ['keep only C3, Cz and C4', 'select channels C3 Cz C4', '只保留 C3、Cz、C4', '選擇通道 C3、Cz、C4'],
  ],
  [
    'data_loaded',
    'set_montage',
    'montage_name',
    'standard_1020',
    ['set the 10-20 montage', 'use the standard 10-20 electrode positions', '設定 10-20 montage', '電極位置用 10-20 系統'],
  ],
  ['data_loaded', 'set_montage', 'montage_name', 'standard_1005', ['set the 10-05 montage', '使用 10-05 montage']],
  [
    'data_loaded',
    'epoch_data',
    't_min',
    0,
    ['epoch 0 to 4 s around T1 and T2', 'cut epochs from 0 to 4 seconds on T1 and T2', '以 T1、T2 切 0 到 4 秒的 epoch', '切段 0 到 4 秒，事件 T1 T2'],
  ],
  ['data_loaded', 'epoch_data', 'event_id', ['T1', 'T2'], ['epoch 0 to 4 s around T1 and T2', '以 T1、T2 切 0 到 4 秒的 epoch']],
  ['data_loaded', 'epoch_data', 'baseline', null, ['epoch 0 to 4 s around T1 and T2 without baseline correction', '以 T1、T2 切 0 到 4 秒，不要基線校正']],
  ['data_loaded', 'window_epoch', 'duration', 2, ['cut 2 s sliding windows', 'split the recording into 2-second windows', '切成 2 秒的窗', '每 2 秒切一段']],
  ['data_loaded', 'window_epoch', 'overlap', 1, ['2 s windows with 1 s overlap', '2 秒的窗，重疊 1 秒']],
  ['preprocessed', 'export_epochs', 'path', 'out/epochs', ['export the epochs to out/epochs', 'save the epochs in out/epochs', '把 epoch 匯出到 out/epochs']],
  ['preprocessed', 'generate_dataset', 'test_ratio', 0.2, ['split with 20% test', 'hold out 20% for testing', '切分資料，測試集 20%', '測試 20%，分割資料集']],
  [
    'preprocessed',
    'generate_dataset',
    'val_ratio',
    0.1,
    ['split 70/10/20 train/val/test', 'split with 10% validation and 20% test', '驗證 10%、測試 20% 分割資料'],
  ],
  ['preprocessed', 'generate_dataset', 'split_strategy', 'session', ['split by session', 'split the data by run', '按場次分割資料', '依 session 切分']],
  ['preprocessed', 'generate_dataset', 'split_strategy', 'trial', ['split by trial', '依試次分割資料']],
  ['preprocessed', 'generate_dataset', 'unit', 'kfold', ['5-fold cross-validation split', 'split into 5 folds', '5 折交叉驗證', '切成五折']],
  ['preprocessed', 'generate_dataset', 'folds', 5, ['5-fold cross-validation split', '5 折交叉驗證']],
  ['preprocessed', 'generate_dataset', 'seed', 7, ['split with 20% test, seed 7', '分割資料 20% 測試，種子 7']],
  ['preprocessed', 'generate_dataset', 'training_mode', 'group', ['split in group mode', 'group training mode split', '用 group 模式分割']],
  [
    'dataset_ready',
    'set_model',
    'model_name',
    'SCCNet',
    ['use SCCNet', 'switch the model to SCCNet', 'pick SCC-Net', '模型用 SCCNet', '改用 SCCNet', '換成 sccnet'],
  ],
  ['dataset_ready', 'set_model', 'model_name', 'ShallowConvNet', ['use ShallowConvNet', 'go with the shallow convnet', '模型換成 ShallowConvNet']],
  [
    'dataset_ready',
    'configure_training',
    'epoch',
    30,
    ['set 30 epochs', 'configure training for 30 epochs', 'epochs = 30', '設定 30 個 epoch', '訓練輪數設成 30'],
  ],
  ['dataset_ready', 'configure_training', 'batch_size', 64, ['batch size 64', 'set the batch to 64', '批次大小設成 64', 'batch 改成 64']],
  ['dataset_ready', 'configure_training', 'learning_rate', 0.0005, ['learning rate 0.0005', 'set lr to 5e-4', '學習率 0.0005', '學習率設成 5e-4']],
  ['dataset_ready', 'configure_training', 'repeat', 3, ['repeat the training 3 times', 'set 3 repeats', '重複 3 次', '訓練重複三次']],
  ['dataset_ready', 'configure_training', 'device', 'cuda', ['use the GPU', 'train on cuda', 'configure training on the gpu', '用 GPU', '改用顯卡']],
  ['dataset_ready', 'configure_training', 'device', 'cpu', ['use the CPU', 'configure training on cpu', '用 CPU', '改用 cpu']],
  ['dataset_ready', 'configure_training', 'optimizer', 'sgd', ['use the SGD optimizer', 'switch the optimizer to sgd', '優化器改成 SGD', '最佳化器用 sgd']],
  ['dataset_ready', 'configure_training', 'optimizer', 'adamw', ['use AdamW', 'optimizer adamw', '優化器換成 AdamW']],
  [
    'dataset_ready',
    'configure_training',
    'save_checkpoints_every',
    5,
    ['save a checkpoint every 5 epochs', 'checkpoints every 5 epochs', '每 5 個 epoch 存一次檢查點', '檢查點每 5 輪'],
  ],
  [
    'dataset_ready',
    'configure_training',
    'selection',
    'best_val_loss',
    ['keep the model with the lowest validation loss', 'select by best val loss', '選驗證損失最低的模型'],
  ],
  ['dataset_ready', 'configure_training', 'selection', 'best_val_accuracy', ['keep the best validation accuracy model', '選驗證準確率最高的模型']],
  ['dataset_ready', 'configure_training', 'backend', 'pytorch', ['use the pytorch backend', 'train with the torch backend', '後端改成 pytorch']],
  ['dataset_ready', 'configure_training', 'backend', 'slurm', ['submit to slurm', 'use the slurm backend', '後端用 slurm']],
  ['dataset_ready', 'configure_training', 'backend', 'local', ['use the local backend', '後端改成本機']],
  ['dataset_ready', 'configure_training', 'seed', 42, ['set the training seed to 42', 'configure training with seed 42', '訓練種子設成 42']],
  ['dataset_ready', 'configure_training', 'threads', 4, ['use 4 threads', 'train with 4 cpu threads', '用 4 個執行緒']],
  [
    'dataset_ready',
    'configure_training',
    'input_norm',
    'none',
    [
      'turn off the input normalisation',
      'disable input normalization in the trainer',
      'train on the inputs as given',
      '關掉輸入標準化',
      '訓練時不要輸入正規化',
    ],
  ],
  [
    'dataset_ready',
    'start_training',
    '',
    null,
    ['start training', 'train the model', 'kick off training', 'go ahead and train', '開始訓練', '訓練模型', '開跑'],
  ],
  [
    'dataset_ready',
    'run_sweep',
    'grid',
    { learning_rate: [0.001, 0.0001] },
    ['sweep the learning rate over 0.001 and 0.0001', 'grid search lr 0.001, 0.0001', '學習率掃描 0.001 和 0.0001'],
  ],
  ['dataset_ready', 'run_sweep', 'folds', 3, ['sweep lr 0.001 and 0.0001 with 3 folds', '掃描學習率 0.001、0.0001，3 折']],
  [
    'trained',
    'evaluate',
    'split',
    'val',
    ['evaluate on the validation set', 'evaluate on val', 'score the model on validation data', '在驗證集上評估', '用驗證集評估模型'],
  ],
  ['trained', 'evaluate', 'split', 'train', ['evaluate on the training set', '在訓練集上評估']],
  [
    'trained',
    'evaluate',
    'baseline',
    false,
    ['evaluate without the baseline', 'evaluate, skip the CSP baseline', '評估，不要基線模型', '評估但不需要 baseline'],
  ],
  ['trained', 'plot_training', 'metric', 'accuracy', ['plot the accuracy curve', 'show the training accuracy', '畫準確率曲線', '畫出訓練準確率']],
  ['trained', 'plot_training', 'metric', 'loss', ['plot the loss curve', 'show the training loss', '畫 loss 曲線', '畫損失曲線']],
  ['trained', 'plot_training', 'metric', 'lr', ['plot the learning rate schedule', '畫學習率曲線']],
  ['trained', 'plot_training', 'metric', 'auc', ['plot the AUC', '畫 AUC 曲線']],
  ['trained', 'compute_saliency', 'method', 'smoothgrad', ['compute smoothgrad saliency', 'saliency map with SmoothGrad', '用 smoothgrad 算顯著圖']],
  ['trained', 'compute_saliency', 'method', 'integrated_gradients', ['compute integrated gradients', '用 integrated gradients 算顯著性']],
  ['trained', 'compute_saliency', 'method', 'gradient_x_input', ['compute gradient times input saliency', 'saliency with gradient x input']],
  ['trained', 'compute_saliency', 'method', 'vargrad', ['compute vargrad saliency', '用 VarGrad 算顯著圖']],
  ['trained', 'compute_saliency', 'method', 'smoothgrad_sq', ['compute smoothgrad squared saliency', '用 SmoothGrad 平方算顯著圖']],
  ['trained', 'compute_saliency', 'n_samples', 50, ['smoothgrad saliency with 50 samples', 'smoothgrad 顯著圖，50 個樣本']],
  ['trained', 'compute_saliency', 'absolute', true, ['compute absolute gradient saliency', '用絕對值算顯著圖']],
  [
    'trained',
    'export_model',
    'path',
    'out/model.onnx',
    ['export the model to out/model.onnx', 'save the model as out/model.onnx', '把模型匯出到 out/model.onnx'],
  ],
  ['trained', 'switch_panel', 'panel_name', 'evaluation', ['open the evaluation panel', 'go to the evaluation tab', '切換到評估頁面', '打開評估面板']],
  ['trained', 'switch_panel', 'panel_name', 'visualization', ['open the visualisation panel', '切到視覺化頁面']],
  [
    'preprocessed',
    'run_protocol',
    'protocol',
    'cross_session',
    ['run a cross-session evaluation', 'leave one session out protocol', '跨場次評估', '跑跨 session 的 protocol'],
  ],
  ['preprocessed', 'run_protocol', 'pipelines', ['CSP+LDA'], ['within-session protocol with CSP+LDA only', '只用 CSP+LDA 跑受試者內 protocol']],
  ['preprocessed', 'run_protocol', 'folds', 3, ['within-session evaluation with 3 folds', '受試者內評估，3 折']],
  ['preprocessed', 'run_protocol', 'alignment', 'euclidean', ['within-session protocol with Euclidean alignment', '跨場次評估，加歐氏對齊']],
  ['preprocessed', 'run_protocol', 'pool_sessions', true, ['within-session protocol pooling all sessions', '受試者內評估，合併所有場次']],
  ['empty', 'get_study_state', '', null, ['what stage are we at?', 'show the study state', '目前的狀態', '現在進行到哪了']],
  ['data_loaded', 'get_dataset_info', '', null, ['dataset info', 'show me the dataset information', '資料集的資訊', '給我看資料的摘要']],
];

/** Set by other means than the words of one request: the loaded files, a label file, the caller, or a default. */
const NOT_BY_WORDS = new Set([
  'load_data.subject_pattern', // a regular expression over file names: the files are named instead
  'load_data.subjects',
  'load_data.runs', // chosen by naming the files ("load S001R04.edf and S001R08.edf")
  'attach_labels.event_filter',
  'attach_labels.truncate', // a label file's columns, read from the file
  'plot_epochs.start',
  'plot_epochs.duration', // the viewer's window, scrolled in the panel
  'window_epoch.label',
  'generate_dataset.independent',
  'generate_dataset.unit=ratio',
  'generate_dataset.unit=number',
  'generate_dataset.split_strategy=subject',
  'generate_dataset.training_mode=individual',
  'set_model.params',
  'configure_training.selection=best_test_accuracy',
  'configure_training.input_norm=train_fold',
  'run_sweep.repeats',
  'run_sweep.backend',
  'compute_saliency.stdev',
  'export_model.run_id',
  'switch_panel.view_mode',
  'run_protocol.n_test_subjects',
  'run_protocol.seed',
  'run_protocol.export_path',
  'run_protocol.protocol=within_session',
  'run_protocol.protocol=cross_subject',
  'run_protocol.alignment=none',
  'run_protocol.pipelines',
  'epoch_data.t_max',
  'apply_standard_preprocess.h_freq',
  'apply_bandpass_filter.high_freq',
  'configure_training.device',
  'evaluate.split=test',
  'switch_panel.panel_name',
  'plot_training.metric',
  'compute_saliency.method=gradient',
  'generate_dataset.unit',
  'set_model.model_name=EEGNet',
  'configure_training.optimizer=adam',
  'configure_training.input_norm',
  'export_epochs.path',
]);

const eq = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

describe('parameter lexicon audit: every parameter of every tool by English and Chinese words', () => {
  it('every sentence of the audit reaches its tool with the value it names', () => {
    const missed: string[] = [];
    for (const [stage, tool, param, value, phrases] of AUDIT)
      for (const p of phrases) {
        const call = planTurns(stage, [p]).calls.find((c) => c.tool === tool);
        if (!call || (param && value !== null && !eq(call.arguments[param], value)))
          missed.push(`${tool}.${param}: ${p} → ${JSON.stringify(call?.arguments ?? null)}`);
      }
    expect(missed).toEqual([]);
  });

  it('says every tool and every parameter in both languages, or says why no sentence sets it', () => {
    const said = new Map<string, string[]>();
    for (const [, tool, param, value, phrases] of AUDIT)
      for (const key of [tool, `${tool}.${param}`, `${tool}.${param}=${String(value)}`]) said.set(key, [...(said.get(key) ?? []), ...phrases]);
    const bothLanguages = (key: string) => {
      const ps = said.get(key) ?? [];
      return ps.some((p) => /[\u4e00-\u9fff]/.test(p)) && ps.some((p) => !/[\u4e00-\u9fff]/.test(p));
    };
    const gaps: string[] = [];
    for (const d of TOOL_DEFINITIONS) {
      if (!bothLanguages(d.name) && !['clear_dataset', 'reset_preprocessing', 'stop_training'].includes(d.name)) gaps.push(d.name);
      const props = (d.parameters as { properties?: Record<string, { enum?: unknown[] }> }).properties ?? {};
      for (const [k, v] of Object.entries(props)) {
        const key = `${d.name}.${k}`;
        if (!NOT_BY_WORDS.has(key) && !said.has(key)) gaps.push(key);
        for (const e of v.enum ?? []) {
          const ek = `${key}=${String(e)}`;
          if (!NOT_BY_WORDS.has(ek) && !NOT_BY_WORDS.has(key) && !said.has(ek)) gaps.push(ek);
        }
      }
    }
    expect(gaps).toEqual([]);
  });
});

describe('fractions said in words, and real words kept', () => {
  it('a fraction with a rare or compound denominator is its decimal, before "one ten" is read as eleven', () => {
    expect(fractionWords('lr of one ten-thousandth')).toBe('lr of 0.0001');
    expect(fractionWords('an eighth of before')).toBe('0.125 of before');
    expect(fractionWords('a hundred thousandth')).toBe('0.00001');
    expect(fractionWords('a tenth of that')).toBe('a tenth of that');
    expect(fractionWords('the eighth epoch')).toBe('the eighth epoch');
  });
  it('a share of the value before, in English and Chinese', () => {
    expect(planTurns('trained', ['cut the batch size to an eighth of before']).calls[0].arguments).toMatchObject({ batch_size: 4 });
    expect(planTurns('trained', ['set the batch size to an eighth']).calls[0].arguments).toMatchObject({ batch_size: 4 });
    expect(planTurns('trained', ['make the lr a millionth']).calls[0].arguments).toMatchObject({ learning_rate: 0.000001 });
    expect(planTurns('data_loaded', ['取樣率變成四分之三']).calls).toEqual([{ tool: 'resample_data', arguments: { rate: 120 } }]);
    expect(planTurns('data_loaded', ['sampling rate 改成 0.5']).calls).toEqual([{ tool: 'resample_data', arguments: { rate: 80 } }]);
  });
  it('a real word one letter from a vocabulary word is not corrected; a typo still is', () => {
    expect(correctTypos('I want a clean slate')).toBe('I want a clean slate');
    expect(correctTypos('carve out an expert model')).toBe('carve out an expert model');
    expect(correctTypos('laod the fiels')).toBe('load the files');
    expect(planTurns('trained', ['throw it all away, I want a clean slate']).calls.map((c) => c.tool)).toEqual(['clear_dataset']);
  });
  it('a list of settings after 訓練 separated by 、 configures and does not start', () => {
    expect(planTurns('dataset_ready', ['訓練 30 epoch、學習率 0.0005、用 CPU']).calls).toEqual([
      { tool: 'configure_training', arguments: { epoch: 30, learning_rate: 0.0005, device: 'cpu' } },
    ]);
  });
});

const tools = (stage: Stage, ...turns: string[]) => planTurns(stage, turns).calls.map((c) => c.tool);

describe('generalisations found on an unseen development set (dev8), checked on sentences written here', () => {
  it('the preprocessing started over is a reset of the preprocessing, never a cleared Study', () => {
    expect(tools('preprocessed', "let's start over with the filtering")).toEqual(['reset_preprocessing']);
    expect(tools('preprocessed', '前處理整個重來')).toEqual(['reset_preprocessing']);
    expect(tools('preprocessed', 'redo the filter but up to 35')).not.toContain('reset_preprocessing');
    expect(tools('preprocessed', 'start over')).toEqual(['clear_dataset']);
    expect(tools('data_loaded', '資料全部清光')).toEqual(['clear_dataset']);
  });
  it('putting a step off or saying it is not needed asks for nothing', () => {
    expect(tools('dataset_ready', "let's hold off on the training")).toEqual([]);
    expect(tools('trained', 'postpone the evaluation until tomorrow')).toEqual([]);
    expect(tools('data_loaded', 'no resampling needed - just notch 60')).toEqual(['apply_notch_filter']);
  });
  it('chat spellings and clipped words', () => {
    expect(informalWords('can u list the chans and the srate pls')).toBe('can you list the channels and the sampling rate please');
    expect(informalWords('whats in the recs')).toBe("what's in the recordings");
    expect(informalWords('u-turn')).toBe('u-turn');
  });
  it('a value the last step set, scaled by a follow-up', () => {
    expect(planTurns('dataset_ready', ['batch size 16', 'now multiply it by 4']).calls).toEqual([
      { tool: 'configure_training', arguments: { batch_size: 64 } },
    ]);
    expect(planTurns('data_loaded', ['resample to 240 Hz', '再除以二']).calls).toEqual([{ tool: 'resample_data', arguments: { rate: 120 } }]);
  });
  it('dotted ranges, settings lists named as such, one start per request', () => {
    expect(planTurns('data_loaded', ['epoch T1 and T2 at -0.2..0.8 s']).calls[0].arguments).toMatchObject({ t_min: -0.2, t_max: 0.8 });
    expect(tools('dataset_ready', 'training settings: 40 epochs, batch 16')).toEqual(['configure_training']);
    expect(tools('dataset_ready', 'train 15 epochs, go')).toEqual(['configure_training', 'start_training']);
  });
  it('a step done and then the next (V完), a panel as a place, a wish after a negation', () => {
    expect(tools('data_loaded', '陷波完再重新取樣到 128')).toEqual(['apply_notch_filter', 'resample_data']);
    expect(tools('dataset_ready', '在訓練頁面上把 batch 改成 8')).toEqual(['configure_training']);
    expect(tools('data_loaded', '不要動前處理，我只是想知道有幾種事件')).toEqual(['get_dataset_info']);
  });
});

describe('paraphrases of dev cases the planner got right (a probe over dev7 and dev8)', () => {
  it('a slip beats a substituted letter when both are one edit away', () => {
    expect(correctTypos('show the study staet')).toBe('show the study state');
  });
  it('a unit against an arithmetic result, a sentence stop after a name, a final 。 after a moved verb', () => {
    expect(planTurns('data_loaded', ['downsample to 2^7Hz']).calls).toEqual([{ tool: 'resample_data', arguments: { rate: 128 } }]);
    expect(planTurns('preprocessed', ['save the epochs in a folder called run_b. cheers']).calls).toEqual([
      { tool: 'export_epochs', arguments: { path: 'run_b' } },
    ]);
    expect(planTurns('data_loaded', ['60 Hz 的市電雜訊幫我濾掉。']).calls).toEqual([{ tool: 'apply_notch_filter', arguments: { freq: 60 } }]);
  });
});
