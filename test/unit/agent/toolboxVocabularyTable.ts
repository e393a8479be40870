import type { Row } from './singleTurnTable';

type Call = [string, Record<string, unknown>?];
const BP = (low_freq: number, high_freq: number): Call => ['apply_bandpass_filter', { low_freq, high_freq }];
const HP = (low_freq: number): Call => ['apply_bandpass_filter', { low_freq }];
const LP = (high_freq: number): Call => ['apply_bandpass_filter', { high_freq }];
const NOTCH = (freq: number): Call => ['apply_notch_filter', { freq }];
const RS = (rate: number): Call => ['resample_data', { rate }];
const REF = (method: string): Call => ['set_reference', { method }];
const AVG = REF('average');
const Z: Call = ['normalize_data', { method: 'z-score' }];
const MINMAX: Call = ['normalize_data', { method: 'min-max' }];
const EPOCH = (t_min: number, t_max: number, a: Record<string, unknown> = {}): Call => ['epoch_data', { t_min, t_max, ...a }];
const PICK = (...channels: string[]): Call => ['select_channels', { channels }];
const WIN = (a: Record<string, unknown>): Call => ['window_epoch', a];
const PSD = (a: Record<string, unknown> = {}): Call => ['plot_epochs', { kind: 'psd', ...a }];
const LOAD = (...paths: string[]): Call => ['load_data', { paths }];
const CONF = (a: Record<string, unknown>): Call => ['configure_training', a];
const MODEL = (model_name: string): Call => ['set_model', { model_name }];
const TRAIN: Call = ['start_training'];
const SPLIT = (a: Record<string, unknown> = {}): Call => ['generate_dataset', a];
const EXPORT = (path: string): Call => ['export_model', { path }];
const EVAL = (split = 'test'): Call => ['evaluate', { split }];
const T12 = { event_id: ['T1', 'T2'] };

/*
 * Session h15-vocab's own table (issue 14: vocabulary and secondary settings), written before any of dev14's failures
 * was read: other toolboxes' call syntax typed as the request (MNE-Python, EEGLAB/MATLAB, scikit-learn,
 * braindecode/PyTorch keyword arguments), British/American/typo variants and lab abbreviations, Taiwanese chat with
 * particles and full-width letters, secondary settings in the same sentence, and code that must not act (a commented-out
 * line, code shown in a question, a negated call). Facts of the simulated Study: 160 Hz, 64 channels, events T0/T1/T2.
 */
export const TOOLBOX_VOCABULARY_TABLE: Row[] = [
  // ── MNE-Python calls
  ['mne', 'data_loaded', 'raw.filter(1., 40.)', [BP(1, 40)]],
  ['mne', 'data_loaded', 'raw.filter(l_freq=0.5, h_freq=45.)', [BP(0.5, 45)]],
  ['mne', 'data_loaded', 'raw.filter(None, 30)', [LP(30)]],
  ['mne', 'data_loaded', 'raw.filter(l_freq=1, h_freq=None)', [HP(1)]],
  ['mne', 'data_loaded', "raw.filter(8, 30, method='iir')", [['apply_bandpass_filter', { low_freq: 8, high_freq: 30, method: 'iir' }]]],
  ['mne', 'data_loaded', 'raw.notch_filter(60)', [NOTCH(60)]],
  ['mne', 'data_loaded', 'raw.notch_filter(freqs=50)', [NOTCH(50)]],
  ['mne', 'data_loaded', 'raw.notch_filter([60, 120])', [NOTCH(60)]],
  ['mne', 'data_loaded', "raw.set_eeg_reference('average')", [AVG]],
  ['mne', 'data_loaded', "raw.set_eeg_reference(ref_channels='average')", [AVG]],
  ['mne', 'data_loaded', "raw.set_eeg_reference(['Cz'])", [REF('Cz')]],
  ['mne', 'data_loaded', 'raw.set_eeg_reference(ref_channels=["Cz"])', [REF('Cz')]],
  ['mne', 'data_loaded', 'raw.resample(128)', [RS(128)]],
  ['mne', 'data_loaded', 'raw.resample(sfreq=100.)', [RS(100)]],
  ['mne', 'preprocessed', 'epochs.resample(100)', [RS(100)]],
  ['mne', 'data_loaded', "raw.pick(['C3','Cz','C4'])", [PICK('C3', 'Cz', 'C4')]],
  ['mne', 'data_loaded', 'raw.pick(picks=["C3", "C4"])', [PICK('C3', 'C4')]],
  ['mne', 'data_loaded', "raw.pick_channels(['C3', 'Cz'])", [PICK('C3', 'Cz')]],
  ['mne', 'data_loaded', 'mne.Epochs(raw, events, tmin=-0.2, tmax=0.8, baseline=(None, 0))', [EPOCH(-0.2, 0.8, { baseline: [null, 0] })]],
  ['mne', 'data_loaded', "mne.Epochs(raw, events, event_id=['T1','T2'], tmin=-0.5, tmax=3.5)", [EPOCH(-0.5, 3.5, T12)]],
  ['mne', 'data_loaded', 'epochs = mne.Epochs(raw, events, tmin=0, tmax=4, baseline=None)', [EPOCH(0, 4, { baseline: null })]],
  ['mne', 'data_loaded', 'mne.make_fixed_length_epochs(raw, duration=2, overlap=1)', [WIN({ duration: 2, overlap: 1 })]],
  ['mne', 'preprocessed', 'epochs.plot_psd(fmax=40)', [PSD()]],
  ['mne', 'preprocessed', "epochs.compute_psd(picks=['C3']).plot()", [PSD({ channels: ['C3'] })]],
  ['mne', 'empty', "raw = mne.io.read_raw_edf('S001R04.edf')", [LOAD('S001R04.edf')]],
  ['mne', 'data_loaded', "raw.filter(1, 40); raw.set_eeg_reference('average'); raw.resample(128)", [BP(1, 40), AVG, RS(128)]],
  ['mne', 'data_loaded', 'raw.notch_filter(60)\nraw.filter(1, 40)', [NOTCH(60), BP(1, 40)]],
  ['mne', 'data_loaded', 'run raw.filter(4, 38) for me', [BP(4, 38)]],
  ['mne', 'data_loaded', '幫我做 raw.filter(1, 40) 喔', [BP(1, 40)]],
  // ── EEGLAB / MATLAB calls
  ['eeglab', 'data_loaded', 'pop_eegfiltnew(EEG, 1, 40)', [BP(1, 40)]],
  ['eeglab', 'data_loaded', 'EEG = pop_eegfiltnew(EEG, 7, 35);', [BP(7, 35)]],
  ['eeglab', 'data_loaded', "pop_eegfiltnew(EEG, 'locutoff', 1, 'hicutoff', 40)", [BP(1, 40)]],
  ['eeglab', 'data_loaded', 'EEG = pop_eegfiltnew(EEG, [], 30);', [LP(30)]],
  ['eeglab', 'data_loaded', 'pop_eegfiltnew(EEG, 1, []);', [HP(1)]],
  ['eeglab', 'data_loaded', 'pop_reref(EEG, [])', [AVG]],
  ['eeglab', 'data_loaded', 'EEG = pop_reref( EEG, []);', [AVG]],
  ['eeglab', 'data_loaded', "pop_reref(EEG, 'Cz')", [REF('Cz')]],
  ['eeglab', 'data_loaded', 'pop_resample(EEG, 250)', [RS(250)]],
  ['eeglab', 'data_loaded', 'EEG = pop_resample(EEG, 128);', [RS(128)]],
  ['eeglab', 'data_loaded', "pop_epoch(EEG, {'T1' 'T2'}, [0 4])", [EPOCH(0, 4, T12)]],
  ['eeglab', 'data_loaded', "pop_epoch(EEG, {'T1','T2'}, [-1 4])", [EPOCH(-1, 4, T12)]],
  ['eeglab', 'data_loaded', "EEG = pop_epoch( EEG, {  'T1'  'T2'  }, [0  4]);", [EPOCH(0, 4, T12)]],
  ['eeglab', 'data_loaded', "pop_epoch(EEG, {'T1' 'T2'}, [-0.5 3.5]); pop_rmbase(EEG, [-500 0]);", [EPOCH(-0.5, 3.5, { ...T12, baseline: [-0.5, 0] })]],
  ['eeglab', 'data_loaded', "pop_select(EEG, 'channel', {'C3','Cz','C4'})", [PICK('C3', 'Cz', 'C4')]],
  ['eeglab', 'data_loaded', "pop_cleanline(EEG, 'linefreqs', 60)", [NOTCH(60)]],
  ['eeglab', 'data_loaded', 'epoch T1 T2 in [0 4]', [EPOCH(0, 4, T12)]],
  ['eeglab', 'data_loaded', 'EEG = pop_eegfiltnew(EEG, 1, 40); EEG = pop_reref(EEG, []);', [BP(1, 40), AVG]],
  // ── Python lists and keyword arguments in words
  ['python', 'data_loaded', "cut epochs around ['T1','T2'] from 0 to 4 s", [EPOCH(0, 4, T12)]],
  ['python', 'data_loaded', "keep ['C3','Cz','C4']", [PICK('C3', 'Cz', 'C4')]],
  ['python', 'preprocessed', 'plot the psd of ["C3", "C4"]', [PSD({ channels: ['C3', 'C4'] })]],
  ['python', 'data_loaded', 'epoch T1/T2 with tmin=-0.5, tmax=2.5 and baseline=(None, 0)', [EPOCH(-0.5, 2.5, { ...T12, baseline: [null, 0] })]],
  ['python', 'data_loaded', 'epoch T1 T2, tmin=0, tmax=4, baseline=None', [EPOCH(0, 4, { ...T12, baseline: null })]],
  // ── braindecode / PyTorch / scikit-learn words
  ['torch', 'dataset_ready', 'use EEGNetv4', [MODEL('EEGNet')]],
  ['torch', 'dataset_ready', 'switch the model to EEGNet_v4', [MODEL('EEGNet')]],
  ['torch', 'dataset_ready', 'model = ShallowFBCSPNet', [MODEL('ShallowConvNet')]],
  ['torch', 'dataset_ready', 'lr=1e-3, batch_size=64', [CONF({ learning_rate: 0.001, batch_size: 64 })]],
  ['torch', 'dataset_ready', 'configure n_epochs=40, batch_size=16', [CONF({ epoch: 40, batch_size: 16 })]],
  ['torch', 'dataset_ready', 'set max_epochs=25 and lr=5e-4', [CONF({ epoch: 25, learning_rate: 0.0005 })]],
  ['torch', 'dataset_ready', 'optimizer=AdamW, lr=3e-4 then train', [CONF({ learning_rate: 0.0003, optimizer: 'adamw' }), TRAIN]],
  [
    'torch',
    'dataset_ready',
    'train EEGNetv4 with lr=1e-3, batch_size=64, n_epochs=30',
    [MODEL('EEGNet'), CONF({ epoch: 30, batch_size: 64, learning_rate: 0.001 }), TRAIN],
  ],
  ['torch', 'preprocessed', 'train_test_split(test_size=0.2, random_state=42)', [SPLIT({ test_ratio: 0.2, seed: 42 })]],
  ['torch', 'preprocessed', 'KFold(n_splits=5)', [SPLIT({ unit: 'kfold', folds: 5 })]],
  ['torch', 'preprocessed', 'StratifiedKFold(n_splits=4)', [SPLIT({ unit: 'kfold', folds: 4 })]],
  ['torch', 'preprocessed', 'split test_size=0.25, val_size=0.1, seed=7', [SPLIT({ test_ratio: 0.25, val_ratio: 0.1, seed: 7 })]],
  ['torch', 'preprocessed', 'split with n_splits=5 and random_state=3', [SPLIT({ unit: 'kfold', folds: 5, seed: 3 })]],
  // ── British / American / typo variants
  ['spelling', 'data_loaded', 'normalise the data', [Z]],
  ['spelling', 'data_loaded', 'standardise every channel', [Z]],
  ['spelling', 'data_loaded', 'minmax normalise', [MINMAX]],
  ['spelling', 'data_loaded', 'filtre 1 to 40', [BP(1, 40)]],
  ['spelling', 'data_loaded', 'band-pass filtre 8-30 Hz', [BP(8, 30)]],
  ['spelling', 'data_loaded', 'bandpas filtr 4 to 38', [BP(4, 38)]],
  ['spelling', 'preprocessed', 'analyse the spectra of the epochs at C3 and Cz', [PSD({ channels: ['C3', 'Cz'] })]],
  ['spelling', 'preprocessed', 'analyze the spectrum at C4', [PSD({ channels: ['C4'] })]],
  ['spelling', 'data_loaded', 'low pass 40', [LP(40)]],
  ['spelling', 'data_loaded', 'high pass 1 Hz', [HP(1)]],
  ['spelling', 'data_loaded', 're-sample at 200', [RS(200)]],
  ['spelling', 'dataset_ready', 'optimiser adamw, lr 1e-3', [CONF({ optimizer: 'adamw', learning_rate: 0.001 })]],
  // ── abbreviations
  ['abbrev', 'data_loaded', 'bpf 8-30', [BP(8, 30)]],
  ['abbrev', 'data_loaded', 'hpf 1 Hz', [HP(1)]],
  ['abbrev', 'data_loaded', 'lpf 40', [LP(40)]],
  ['abbrev', 'data_loaded', 'apply CAR', [AVG]],
  ['abbrev', 'data_loaded', 'notch 60 and CAR', [NOTCH(60), AVG]],
  ['abbrev', 'data_loaded', 'rs to 100', [RS(100)]],
  ['abbrev', 'data_loaded', 'ds 128', [RS(128)]],
  ['abbrev', 'data_loaded', 'ep T1 T2 0-4s', [EPOCH(0, 4, T12)]],
  ['abbrev', 'data_loaded', 're-ref avg', [AVG]],
  // ── Taiwanese chat: particles, code-switching, full-width letters
  ['zh-chat', 'data_loaded', '幫我 bandpass 一下，8 到 30', [BP(8, 30)]],
  ['zh-chat', 'data_loaded', '降採樣到 128 啦', [RS(128)]],
  ['zh-chat', 'data_loaded', '先 notch 60 齁', [NOTCH(60)]],
  ['zh-chat', 'data_loaded', '欸幫我 resample 成 100', [RS(100)]],
  ['zh-chat', 'data_loaded', '欸 ref 成 Cz 喔', [REF('Cz')]],
  ['zh-chat', 'data_loaded', '濾波 1 到 40 ㄉ', [BP(1, 40)]],
  ['zh-chat', 'data_loaded', 'ｂａｎｄｐａｓｓ ８ 到 ３０', [BP(8, 30)]],
  ['zh-chat', 'data_loaded', 'ｆｉｌｔｅｒ 1 到 40', [BP(1, 40)]],
  ['zh-chat', 'data_loaded', 'ｎｏｔｃｈ ６０', [NOTCH(60)]],
  ['zh-chat', 'data_loaded', '先 ref 成 average 啦', [AVG]],
  ['zh-chat', 'data_loaded', '幫我把資料 z-score 一下', [Z]],
  ['zh-chat', 'data_loaded', '用 T1 T2 切 epoch 0 到 4 秒齁', [EPOCH(0, 4, T12)]],
  ['zh-chat', 'data_loaded', "切 epoch，事件 ['T1','T2']，[0 4]", [EPOCH(0, 4, T12)]],
  ['zh-chat', 'dataset_ready', '模型用 EEGNetv4 就好', [MODEL('EEGNet')]],
  ['zh-chat', 'dataset_ready', 'lr 調成 0.0005', [CONF({ learning_rate: 0.0005 })]],
  ['zh-chat', 'dataset_ready', 'batch size 調成 16 喔', [CONF({ batch_size: 16 })]],
  ['zh-chat', 'data_loaded', 'EEG = pop_reref(EEG, []); 先這樣齁', [AVG]],
  // ── secondary settings in the same sentence
  ['secondary', 'preprocessed', '切資料集，測試集百分之二十，驗證集一成，種子 9', [SPLIT({ test_ratio: 0.2, val_ratio: 0.1, seed: 9 })]],
  ['secondary', 'preprocessed', '切資料集，測試兩成', [SPLIT({ test_ratio: 0.2 })]],
  ['secondary', 'preprocessed', '切 dataset 測試 20% 驗證 10%，依 subject 切', [SPLIT({ test_ratio: 0.2, val_ratio: 0.1, split_strategy: 'subject' })]],
  ['secondary', 'preprocessed', 'split test 25% val 15%', [SPLIT({ test_ratio: 0.25, val_ratio: 0.15 })]],
  ['secondary', 'preprocessed', '20% test, 10% validation, seed 5, 4 folds', [SPLIT({ test_ratio: 0.2, val_ratio: 0.1, seed: 5, unit: 'kfold', folds: 4 })]],
  ['secondary', 'preprocessed', 'split：test 兩成、val 一成', [SPLIT({ test_ratio: 0.2, val_ratio: 0.1 })]],
  ['secondary', 'preprocessed', '五折交叉驗證，seed 1', [SPLIT({ unit: 'kfold', folds: 5, seed: 1 })]],
  ['secondary', 'preprocessed', 'split 70/15/15 by subject, seed 2', [SPLIT({ test_ratio: 0.15, val_ratio: 0.15, split_strategy: 'subject', seed: 2 })]],
  ['secondary', 'data_loaded', 'epoch T1 T2 from -1 to 3, baseline -1 to 0', [EPOCH(-1, 3, { ...T12, baseline: [-1, 0] })]],
  ['secondary', 'data_loaded', 'epoch T1 T2 from -0.2 to 0.8 s, baseline from the start to 0', [EPOCH(-0.2, 0.8, { ...T12, baseline: [null, 0] })]],
  ['secondary', 'data_loaded', '以 T1 T2 切 epoch，0 到 4 秒，baseline 用開頭到 0', [EPOCH(0, 4, { ...T12, baseline: [null, 0] })]],
  ['secondary', 'data_loaded', 'window into 2 s windows with 50% overlap', [WIN({ duration: 2, overlap: 1 })]],
  ['secondary', 'data_loaded', 'window 4 s, overlap 1 s', [WIN({ duration: 4, overlap: 1 })]],
  [
    'secondary',
    'dataset_ready',
    'train 15 epochs, batch 32, save checkpoints every 5',
    [CONF({ epoch: 15, batch_size: 32, save_checkpoints_every: 5 }), TRAIN],
  ],
  ['secondary', 'dataset_ready', '訓練 20 個 epoch，每 5 個 epoch 存一次 checkpoint', [CONF({ epoch: 20, save_checkpoints_every: 5 }), TRAIN]],
  ['secondary', 'dataset_ready', 'train with seed 4 and 3 repeats', [CONF({ seed: 4, repeat: 3 }), TRAIN]],
  ['secondary', 'dataset_ready', '重複三次，種子 0，用 val acc 最好的 epoch', [CONF({ repeat: 3, seed: 0, selection: 'best_val_accuracy' })]],
  ['secondary', 'trained', 'export the model to results/final', [EXPORT('results/final')]],
  ['secondary', 'trained', '把模型匯出到 outputs 資料夾', [EXPORT('outputs')]],
  // ── @mentions, emoji, exclamation marks
  ['chat', 'data_loaded', '@xbrain notch 60 🙏', [NOTCH(60)]],
  ['chat', 'data_loaded', '🔥 bandpass 1-40 🔥', [BP(1, 40)]],
  ['chat', 'trained', 'eval on test pls 🙏', [EVAL('test')]],
  // ── code that must not act
  ['no-act', 'data_loaded', '# raw.filter(1, 40)', []],
  ['no-act', 'data_loaded', '// pop_reref(EEG, [])', []],
  ['no-act', 'data_loaded', '% pop_eegfiltnew(EEG, 1, 40)', []],
  ['no-act', 'data_loaded', 'what does raw.filter(1, 40) do?', []],
  ['no-act', 'data_loaded', 'is raw.notch_filter(60) the same as your notch?', []],
  ['no-act', 'data_loaded', "don't run raw.filter(1, 40)", []],
  ['no-act', 'data_loaded', 'raw.filter(1, 40)  # bandpass, the notch later', [BP(1, 40)]],
  ['no-act', 'data_loaded', 'EEG = pop_reref(EEG, []);  % average reference\n% EEG = pop_resample(EEG, 128);', [AVG]],
  ['no-act', 'data_loaded', "open 'raw.filter(1, 40).edf'", [LOAD('raw.filter(1, 40).edf')]],
];
