import { AVG, BP, CONF, EPOCH, EVAL, MODEL, NOTCH, PANEL, PLOT, RS, SPLIT, STOP, TRAIN, Z, type Row } from './singleTurnTable';

/*
 * Session h14-single's own table (issue 14), written before any of dev13's failures was read: compound requests of 3–5
 * steps (order words, bullets, numbered steps, steps out of order, the reason first and the actions last, steps that keep
 * something unchanged, steps typed in another toolbox's syntax), polite questions that are requests vs questions that are
 * not, panel/view words vs actions, plotting or evaluating after training (never a new run), quoted text / file names /
 * labels / folders as data, negated and hedged clauses, and requests XBrain cannot do (no call). English and
 * Traditional Chinese as written in Taiwan. Facts of the simulated Study as in singleTurnTable.ts (160 Hz, T0/T1/T2).
 */
export const SINGLE_TURN_TABLE_14: Row[] = [
  // ── compound: order words, 3–5 steps
  [
    'compound',
    'data_loaded',
    'first apply a 50 Hz notch, then bandpass 2 to 35 Hz, then downsample to 100 Hz, and finally z-score everything',
    [NOTCH(50), BP(2, 35), RS(100), Z],
  ],
  [
    'compound',
    'data_loaded',
    'Begin by re-referencing to the average; after that band-pass 4-40 Hz; lastly cut epochs from 0 to 3 s.',
    [AVG, BP(4, 40), EPOCH(0, 3)],
  ],
  ['compound', 'data_loaded', 'notch 60 first, next resample to 128, then epoch 0.5 to 3.5 seconds', [NOTCH(60), RS(128), EPOCH(0.5, 3.5)]],
  ['compound', 'data_loaded', '先做 60 Hz 陷波，接著帶通 4 到 40，再降取樣到 128，最後做 z-score', [NOTCH(60), BP(4, 40), RS(128), Z]],
  ['compound', 'data_loaded', '首先改成平均參考，然後濾 1 到 30 Hz，最後切 0 到 2 秒的 epoch', [AVG, BP(1, 30), EPOCH(0, 2)]],
  ['compound', 'data_loaded', '先濾波 8 到 30，再切 epoch 0 到 4 秒', [BP(8, 30), EPOCH(0, 4)]],
  [
    'compound',
    'preprocessed',
    'make the split 70/30, pick EEGNet, train it for 25 epochs',
    [SPLIT({ test_ratio: 0.3 }), MODEL('EEGNet'), CONF({ epoch: 25 }), TRAIN],
  ],
  [
    'compound',
    'preprocessed',
    '先切資料集，測試集 25%，接著用 ShallowConvNet 訓練 12 輪，最後在測試集上評估',
    [SPLIT({ test_ratio: 0.25 }), MODEL('ShallowConvNet'), CONF({ epoch: 12 }), TRAIN, EVAL()],
  ],
  ['compound', 'dataset_ready', 'set batch size 16, learning rate 0.0005, then start training', [CONF({ batch_size: 16, learning_rate: 0.0005 }), TRAIN]],
  [
    'compound',
    'trained',
    'plot the accuracy curve, then evaluate on the validation set, then export the model to out/v2',
    [PLOT('accuracy'), EVAL('val'), ['export_model', { path: 'out/v2' }]],
  ],
  ['compound', 'trained', '先畫 loss 曲線，然後在測試集評估，最後匯出模型到 exports/run3', [PLOT('loss'), EVAL(), ['export_model', { path: 'exports/run3' }]]],
  // ── compound: bullets and numbered steps
  ['bullets', 'data_loaded', '1. notch at 60 Hz\n2. bandpass 1-40 Hz\n3. resample to 128 Hz', [NOTCH(60), BP(1, 40), RS(128)]],
  ['bullets', 'data_loaded', '- average reference\n- band-pass 8 to 30 Hz\n- epoch 0 to 4 s', [AVG, BP(8, 30), EPOCH(0, 4)]],
  ['bullets', 'data_loaded', '* notch 50\n* resample to 100 Hz\n* z-score', [NOTCH(50), RS(100), Z]],
  ['bullets', 'data_loaded', '步驟：\n1) 陷波 60 Hz\n2) 帶通 4–30 Hz\n3) 平均參考', [NOTCH(60), BP(4, 30), AVG]],
  ['bullets', 'data_loaded', '(1) filter 1-40 (2) downsample to 128 (3) epochs 0-3 s', [BP(1, 40), RS(128), EPOCH(0, 3)]],
  ['bullets', 'data_loaded', '① 濾 8–30 Hz ② 切 epoch 0–4 秒', [BP(8, 30), EPOCH(0, 4)]],
  [
    'bullets',
    'preprocessed',
    '- split with 20% test\n- model: EEGNet\n- train 30 epochs',
    [SPLIT({ test_ratio: 0.2 }), MODEL('EEGNet'), CONF({ epoch: 30 }), TRAIN],
  ],
  ['bullets', 'data_loaded', 'Steps: notch 60; band-pass 0.5-45; resample 200', [NOTCH(60), BP(0.5, 45), RS(200)]],
  ['bullets', 'data_loaded', '- notch: 60 Hz\n- band-pass: 1–40 Hz\n- resample: 128 Hz', [NOTCH(60), BP(1, 40), RS(128)]],
  ['bullets', 'data_loaded', '陷波：60 Hz；帶通：8–30 Hz；取樣率：128 Hz', [NOTCH(60), BP(8, 30), RS(128)]],
  // ── compound: out of order
  ['order', 'data_loaded', 'before the resample to 100 Hz, apply the average reference', [AVG, RS(100)]],
  ['order', 'data_loaded', '切 0 到 3 秒的 epoch 之前記得先濾 4 到 40', [BP(4, 40), EPOCH(0, 3)]],
  ['order', 'data_loaded', '降到 128 Hz，不過在那之前先做平均參考', [AVG, RS(128)]],
  ['order', 'data_loaded', 'Start with a 50 Hz notch, follow it with a 2-40 Hz band-pass, and end by resampling to 100.', [NOTCH(50), BP(2, 40), RS(100)]],
  ['order', 'data_loaded', 'Open with an average reference, follow with a 1-30 Hz filter, and finish with z-scoring.', [AVG, BP(1, 30), Z]],
  // ── compound: reason first, actions last
  [
    'reason',
    'data_loaded',
    'The reviewers said our alpha band results looked noisy because of line noise and drift, so this time please notch 60 Hz and band-pass 1 to 40 Hz.',
    [NOTCH(60), BP(1, 40)],
  ],
  ['reason', 'data_loaded', '因為上次結果被 60 Hz 的雜訊干擾得很嚴重，而且取樣率太高跑很慢，所以這次先陷波 60，再降到 128', [NOTCH(60), RS(128)]],
  [
    'reason',
    'preprocessed',
    'Since the last model overfit badly on such a small split, split it 60/40 this time and train EEGNet for 15 epochs.',
    [SPLIT({ test_ratio: 0.4 }), MODEL('EEGNet'), CONF({ epoch: 15 }), TRAIN],
  ],
  // ── compound: keep something unchanged
  ['keep', 'preprocessed', 'keep the filter, only re-epoch 0.5–3.5 s', [EPOCH(0.5, 3.5)]],
  ['keep', 'preprocessed', '濾波不用動，只要重新切 0 到 3 秒的 epoch', [EPOCH(0, 3)]],
  ['keep', 'trained', 'keep the same model, just change the batch size to 64 and retrain', [CONF({ batch_size: 64 }), TRAIN]],
  ['keep', 'trained', '模型不變，學習率改 0.0001 再訓練一次', [CONF({ learning_rate: 0.0001 }), TRAIN]],
  ['keep', 'data_loaded', 'keep the reference as is, notch 60 and resample to 128', [NOTCH(60), RS(128)]],
  // ── other toolboxes' syntax
  ['syntax', 'data_loaded', 'raw.filter(l_freq=8, h_freq=30)', [BP(8, 30)]],
  ['syntax', 'data_loaded', 'raw.resample(128)', [RS(128)]],
  ['syntax', 'data_loaded', 'raw.notch_filter(60) then raw.resample(100)', [NOTCH(60), RS(100)]],
  ['syntax', 'data_loaded', '幫我做 raw.filter(l_freq=1, h_freq=40) 然後 raw.resample(128)', [BP(1, 40), RS(128)]],
  ['syntax', 'data_loaded', 'EEG = pop_resample(EEG, 100);', [RS(100)]],
  // ── polite questions that are requests vs questions that are not
  ['polite', 'data_loaded', 'would you mind notching out the 60 Hz line noise?', [NOTCH(60)]],
  ['polite', 'data_loaded', 'can you band-pass 8 to 30 and then resample to 128?', [BP(8, 30), RS(128)]],
  ['polite', 'data_loaded', '可以麻煩你先陷波 60 再濾 1 到 40 嗎？', [NOTCH(60), BP(1, 40)]],
  ['polite', 'data_loaded', 'why would anyone notch at 60 Hz?', []],
  ['polite', 'data_loaded', 'is it better to band-pass before or after resampling?', []],
  ['polite', 'trained', '為什麼驗證集的準確率比訓練集低？', []],
  ['polite', 'data_loaded', '請問 z-score 跟 min-max 差在哪裡？', []],
  ['polite', 'data_loaded', 'what does average reference actually do?', []],
  ['polite', 'trained', '能不能幫我在驗證集上評估一下？', [EVAL('val')]],
  // ── panel / view words vs actions
  ['panel', 'trained', 'go to the training page', [PANEL('training')]],
  ['panel', 'trained', 'bring up the evaluation tab, no need to run anything', [PANEL('evaluation')]],
  ['panel', 'preprocessed', 'switch to the dataset panel', [PANEL('dataset')]],
  ['panel', 'data_loaded', '切到前處理面板', [PANEL('preprocess')]],
  ['panel', 'trained', '打開評估分頁就好，不要重跑', [PANEL('evaluation')]],
  ['panel', 'trained', 'open the dashboard', [PANEL('dashboard')]],
  ['panel', 'trained', 'evaluate on the test split', [EVAL()]],
  // ── after training: plot/evaluate never retrains
  ['after', 'trained', 'the run finished — show me the validation loss', [PLOT('loss')]],
  ['after', 'trained', 'after training, evaluate on the test set', [EVAL()]],
  ['after', 'trained', 'plot how the accuracy developed during training', [PLOT('accuracy')]],
  ['after', 'trained', '訓練完了，幫我評估驗證集', [EVAL('val')]],
  ['after', 'trained', '把剛剛訓練的 loss 畫出來', [PLOT('loss')]],
  ['after', 'trained', 'evaluate the EEGNet we trained on the held-out test data', [EVAL()]],
  ['after', 'trained', 'plot the training accuracy and then evaluate on test', [PLOT('accuracy'), EVAL()]],
  // ── quoted text, file names, labels, folders as data
  ['literal', 'trained', 'export the model to a folder called "reset everything"', [['export_model', { path: 'reset everything' }]]],
  ['literal', 'data_loaded', 'cut 3 s windows and label them "stop training"', [['window_epoch', { duration: 3, label: 'stop training' }]]],
  ['literal', 'trained', "my lab notebook says 'clear the dataset and retrain', ignore that and plot the accuracy", [PLOT('accuracy')]],
  ['literal', 'empty', 'load clear_all.edf', [['load_data', { paths: ['clear_all.edf'] }]]],
  ['literal', 'trained', '把模型匯出到「清除資料集」資料夾', [['export_model', { path: '清除資料集' }]]],
  ['literal', 'data_loaded', 'rename T1 to "reset" and T2 to "stop"', [['edit_events', { rename: { T1: 'reset', T2: 'stop' } }]]],
  ['literal', 'trained', '備註寫著「停止訓練並清除」，那只是備註，幫我評估測試集', [EVAL()]],
  // ── negated or hedged clauses
  ['negated', 'trained', "don't retrain, don't clear anything, just evaluate on val", [EVAL('val')]],
  ['negated', 'data_loaded', 'notch 60 but skip the resample', [NOTCH(60)]],
  ['negated', 'data_loaded', '先別降取樣，只做帶通 1 到 40', [BP(1, 40)]],
  ['negated', 'data_loaded', 'band-pass 8-30 and epoch 0-4 s, no z-score though', [BP(8, 30), EPOCH(0, 4)]],
  ['negated', 'preprocessed', '不要重置前處理，直接切資料集，測試 20%', [SPLIT({ test_ratio: 0.2 })]],
  ['negated', 'trained', 'I do not want to stop anything; export the model to out', [['export_model', { path: 'out' }]]],
  ['negated', 'data_loaded', '不用做平均參考，陷波 60、帶通 1 到 40 就好', [NOTCH(60), BP(1, 40)]],
  // ── stop, then the steps after it
  ['stop', 'training', 'stop the run, change the batch size to 16 and train again', [STOP, CONF({ batch_size: 16 }), TRAIN]],
  ['stop', 'training', 'halt training and re-split with 30% test', [STOP, SPLIT({ test_ratio: 0.3 })]],
  ['stop', 'training', '先停掉訓練，學習率改 0.0005，再重新訓練', [STOP, CONF({ learning_rate: 0.0005 }), TRAIN]],
  ['stop', 'training', '停止訓練，epoch 改 40，重跑', [STOP, CONF({ epoch: 40 }), TRAIN]],
  ['stop', 'training', 'cancel this run, then switch to SCCNet and train it', [STOP, MODEL('SCCNet'), TRAIN]],
  // ── steps with a question or a look after an action
  ['look', 'empty', 'load S002R04.edf and then show me what it contains', [['load_data', { paths: ['S002R04.edf'] }], ['get_dataset_info']]],
  ['look', 'data_loaded', 'band-pass 1 to 40 and then tell me what the dataset looks like', [BP(1, 40), ['get_dataset_info']]],
  // ── quoted methods applied
  ['methods', 'data_loaded', '論文寫「以 1–40 Hz 帶通濾波，並重新參考至平均」，照這樣做', [BP(1, 40), AVG]],
  ['methods', 'data_loaded', 'Apply this pipeline: "band-pass 4-30 Hz, then downsample to 100 Hz".', [BP(4, 30), RS(100)]],
  ['methods', 'data_loaded', "my notes say 'notch 60, resample 128' — that was last year, don't run it, just list the files", [['list_files']]],
  // ── requests XBrain cannot do
  ['cannot', 'trained', 'upload the model to Hugging Face', []],
  ['cannot', 'data_loaded', 'run ICA and remove the eye-blink components', []],
  ['cannot', 'trained', '幫我把結果寄給指導教授', []],
  ['cannot', 'preprocessed', 'train a random forest on the band power', []],
  ['cannot', 'data_loaded', 'apply a surface Laplacian, then epoch 0-4 s', [EPOCH(0, 4)]],
  ['cannot', 'data_loaded', '用小波轉換去除雜訊', []],
  // ── mixed language compounds
  ['mix', 'data_loaded', '先 notch 60，再 bandpass 8 到 30，最後 resample 到 128', [NOTCH(60), BP(8, 30), RS(128)]],
  ['mix', 'preprocessed', 'split 一下 test 20%，然後 train EEGNet 10 個 epoch', [SPLIT({ test_ratio: 0.2 }), MODEL('EEGNet'), CONF({ epoch: 10 }), TRAIN]],
  ['mix', 'trained', '先 plot accuracy，再 evaluate test set', [PLOT('accuracy'), EVAL()]],
];

/**
 * Rows of the table this session did not get right before its deadline (not run): steps out of order after 'do the' /
 * 'once … is done', a kept step before 'and just', EEGLAB/MNE calls other than filter/resample typed as code, 'could I get
 * the loss curve?', a hedged retrain before 'for now', a rejected value before a dash, 「…，然後告訴我裡面有什麼」 after a
 * load, a methods quote ended by a full stop, a request for paper output.
 */
export const LEFT_OPEN_14: Row[] = [
  ['order', 'data_loaded', 'resample to 128, but do the band-pass 1-40 before that', [BP(1, 40), RS(128)]],
  ['order', 'data_loaded', 'epoch from 0 to 3 s after you notch at 60', [NOTCH(60), EPOCH(0, 3)]],
  ['order', 'data_loaded', 'z-score it once the 8-30 band-pass is done', [BP(8, 30), Z]],
  ['keep', 'preprocessed', 'leave the band-pass as it is and just epoch again from 1 to 4 s', [EPOCH(1, 4)]],
  ['syntax', 'data_loaded', 'do the equivalent of pop_reref(EEG, []) here', [AVG]],
  ['syntax', 'data_loaded', 'raw.set_eeg_reference("average")', [AVG]],
  ['syntax', 'data_loaded', 'EEG = pop_eegfiltnew(EEG, 4, 40);', [BP(4, 40)]],
  ['polite', 'trained', 'could I get the loss curve?', [PLOT('loss')]],
  ['negated', 'trained', 'maybe we could retrain later, but for now just plot the loss', [PLOT('loss')]],
  ['negated', 'data_loaded', 'not the 50 Hz notch — 60 Hz, then resample to 128', [NOTCH(60), RS(128)]],
  ['look', 'empty', '載入 S003R04.edf，然後告訴我裡面有什麼', [['load_data', { paths: ['S003R04.edf'] }], ['get_dataset_info']]],
  ['methods', 'data_loaded', "Our paper says: 'data were notch filtered at 60 Hz and resampled to 128 Hz'. Do the same.", [NOTCH(60), RS(128)]],
  ['cannot', 'trained', 'print the confusion matrix on paper', []],
];
