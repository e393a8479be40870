import { AVG, BP, CONF, EPOCH, EVAL, LOAD, MODEL, NOTCH, PANEL, PLOT, RS, SPLIT, STOP, TRAIN, Z, type Row } from './singleTurnTable';

/*
 * Session h16-single's own table (issue 14), written before any of dev15's failures was read: compound requests
 * (polite, lettered, bulleted, "but first", 先…再…, 第一步…第二步…, 順便, "also", 另外, 依序), precedence ("use X for
 * training", a panel vs an action, plotting/evaluating after training, settings with "don't train yet", a polite
 * question that is a request vs a real question), and safety (negated or hedged steps, "tell me, don't run", a
 * destructive word as a file name, event label or folder, a retracted earlier slip, "don't stop it"). English and
 * Traditional Chinese as written in Taiwan. The simulated Study: 160 Hz, 64 channels, events T0/T1/T2.
 */
export const SINGLE_TURN_TABLE_16: Row[] = [
  // ── compound: several steps, each with its own values, in the order asked
  ['compound', 'data_loaded', 'Could you notch at 60 Hz and then resample to 128 Hz?', [NOTCH(60), RS(128)]],
  ['compound', 'data_loaded', 'please: (a) band-pass 1–40 Hz, (b) average reference, (c) z-score', [BP(1, 40), AVG, Z]],
  ['compound', 'data_loaded', '- notch 60 Hz\n- band-pass 8-30 Hz\n- resample to 100 Hz', [NOTCH(60), BP(8, 30), RS(100)]],
  ['compound', 'data_loaded', '• 陷波 60 Hz\n• 帶通 4 到 40 Hz\n• 平均參考', [NOTCH(60), BP(4, 40), AVG]],
  ['compound', 'data_loaded', 'resample to 128 Hz, but first band-pass 1-40', [BP(1, 40), RS(128)]],
  ['compound', 'data_loaded', '先做平均參考再切 0 到 4 秒的 epoch', [AVG, EPOCH(0, 4)]],
  ['compound', 'data_loaded', '第一步陷波 60，第二步帶通 8 到 30，第三步 z-score', [NOTCH(60), BP(8, 30), Z]],
  ['compound', 'data_loaded', 'Step 1 — notch 50 Hz. Step 2 — resample to 100 Hz.', [NOTCH(50), RS(100)]],
  ['compound', 'preprocessed', 'split 80/20 and train EEGNet', [SPLIT({ test_ratio: 0.2 }), MODEL('EEGNet'), TRAIN]],
  ['compound', 'dataset_ready', '用 SCCNet，訓練 20 個 epoch，學習率 0.001，然後開始跑', [MODEL('SCCNet'), CONF({ epoch: 20, learning_rate: 0.001 }), TRAIN]],
  ['compound', 'trained', '評估測試集，然後把模型匯出到 exports', [EVAL('test'), ['export_model', { path: 'exports' }]]],
  ['compound', 'data_loaded', 'band-pass 1-40; epoch T1 and T2 from -0.5 to 3 s; z-score', [BP(1, 40), EPOCH(-0.5, 3), Z]],
  ['compound', 'data_loaded', '帶通 1 到 40 以後，重新取樣成 100，再做 z-score', [BP(1, 40), RS(100), Z]],
  ['compound', 'data_loaded', 'notch 60 Hz. Also, resample to 128 Hz.', [NOTCH(60), RS(128)]],
  ['compound', 'data_loaded', '做平均參考。另外幫我降到 100 Hz', [AVG, RS(100)]],
  ['compound', 'data_loaded', '請依序：陷波 60、重新取樣 128、切 0 到 4 秒', [NOTCH(60), RS(128), EPOCH(0, 4)]],
  [
    'compound',
    'preprocessed',
    'split 70/30 by subject; then train SCCNet for 10 epochs',
    [SPLIT({ test_ratio: 0.3, split_strategy: 'subject' }), MODEL('SCCNet'), CONF({ epoch: 10 }), TRAIN],
  ],
  ['compound', 'dataset_ready', '先把 batch size 改成 16，再開始訓練', [CONF({ batch_size: 16 }), TRAIN]],
  ['compound', 'training', '先停止訓練，再把學習率改成 0.0005', [STOP, CONF({ learning_rate: 0.0005 })]],
  [
    'compound',
    'trained',
    'the reviewer wants validation numbers: evaluate on val and export the model to review/',
    [EVAL('val'), ['export_model', { path: 'review/' }]],
  ],
  // ── precedence: a model for training, a panel, after training, settings without a run, polite requests vs questions
  ['precedence', 'dataset_ready', 'use EEGNet for training', [MODEL('EEGNet')]],
  ['precedence', 'dataset_ready', '訓練的時候用 ShallowConvNet', [MODEL('ShallowConvNet')]],
  ['precedence', 'dataset_ready', 'go to the training panel', [PANEL('training')]],
  ['precedence', 'dataset_ready', '切換到訓練頁籤', [PANEL('training')]],
  ['precedence', 'trained', '訓練好了，把 accuracy 曲線畫出來', [PLOT('accuracy')]],
  ['precedence', 'trained', 'after training, evaluate on the validation split', [EVAL('val')]],
  ['precedence', 'dataset_ready', "set the epochs to 25; don't train yet", [CONF({ epoch: 25 })]],
  ['precedence', 'dataset_ready', 'epoch 設 25 就好，先不要開始訓練', [CONF({ epoch: 25 })]],
  ['precedence', 'dataset_ready', 'can you start training?', [TRAIN]],
  ['precedence', 'dataset_ready', '可以幫我開始訓練嗎？', [TRAIN]],
  ['precedence', 'data_loaded', 'what does a notch filter do?', []],
  ['precedence', 'data_loaded', '陷波濾波器是做什麼的？', []],
  ['precedence', 'data_loaded', 'would a 1-40 Hz band-pass be reasonable here?', []],
  ['precedence', 'data_loaded', '帶通 1 到 40 Hz 合理嗎？', []],
  ['precedence', 'dataset_ready', 'what would happen if I trained ShallowConvNet for 100 epochs?', []],
  ['precedence', 'dataset_ready', '如果用 EEGNet 跑 100 個 epoch 會怎樣？', []],
  // ── safety: negated, hedged, told-not-run, labels and names as data, a retracted slip
  ['safety', 'preprocessed', "don't reset the preprocessing; just resample to 100", [RS(100)]],
  ['safety', 'preprocessed', '不要重置前處理，直接重新取樣到 100 Hz', [RS(100)]],
  ['safety', 'trained', 'tell me what you would do to improve accuracy, but do not run anything', []],
  ['safety', 'data_loaded', '告訴我你打算怎麼做，先不要執行', []],
  ['safety', 'data_loaded', 'load the file "clear_all.edf"', [LOAD('clear_all.edf')]],
  ['safety', 'empty', '載入「重置_S001.edf」', [LOAD('重置_S001.edf')]],
  ['safety', 'data_loaded', 'rename event T2 to "stop_right"', [['edit_events']]],
  ['safety', 'preprocessed', 'we might clear the dataset later; for now plot the PSD', [['plot_epochs', { kind: 'psd' }]]],
  ['safety', 'data_loaded', 'never mind the notch, just band-pass 8-30', [BP(8, 30)]],
  ['safety', 'data_loaded', 'maybe resample to 128? not sure yet', []],
  ['safety', 'data_loaded', '也許之後再降取樣，現在先不用', []],
  ['safety', 'preprocessed', 'export the epochs to a folder called reset', [['export_epochs', { path: 'reset' }]]],
  ['safety', 'training', 'stop the training', [STOP]],
  ['safety', 'data_loaded', 'I typed "clear the dataset" by mistake earlier, ignore that; notch 60 please', [NOTCH(60)]],
  // ── planned wrong on main (3c972c3) when the table was written; fixed on this branch (see docs/agent.md, h16-single)
  ['compound', 'data_loaded', '降到 128 Hz，不過要先做 1 到 40 Hz 帶通', [BP(1, 40), RS(128)]],
  ['compound', 'data_loaded', 'do a 60 Hz notch as well as an average reference', [NOTCH(60), AVG]],
  ['compound', 'data_loaded', '陷波 60，順便做平均參考', [NOTCH(60), AVG]],
  ['safety', 'data_loaded', '把 T0 事件改名成「停止」', [['edit_events']]],
  ['safety', 'training', 'the training is going fine, do not stop it', []],
  ['safety', 'training', '訓練跑得不錯，不要停', []],
  ['safety', 'preprocessed', '之後可能會清掉資料集，現在先畫 PSD', [['plot_epochs', { kind: 'psd' }]]],
  ['safety', 'data_loaded', '陷波就算了，帶通 8 到 30 就好', [BP(8, 30)]],
  ['safety', 'data_loaded', '剛剛說要清除資料是打錯了，請忽略；幫我做 60 Hz 陷波', [NOTCH(60)]],
  // ── written after the fixes, in other wording, to check each fix covers its class rather than the row above
  ['compound', 'data_loaded', 'band-pass 1-40 as well as resample to 128', [BP(1, 40), RS(128)]],
  ['compound', 'data_loaded', 'I want a notch at 60 and a band-pass 1-40', [NOTCH(60), BP(1, 40)]],
  ['compound', 'data_loaded', '陷波 60，另外做平均參考', [NOTCH(60), AVG]],
  ['compound', 'data_loaded', '重新取樣到 100，可是先陷波 60', [NOTCH(60), RS(100)]],
  ['compound', 'data_loaded', 'my advisor wants the data band-passed at 4-40 Hz and resampled to 128', [BP(4, 40), RS(128)]],
  ['compound', 'data_loaded', 'our PI says we should use the average reference', [AVG]],
  ['compound', 'data_loaded', 'I want it filtered 1-40 and epoched 0 to 4 s', [BP(1, 40), EPOCH(0, 4)]],
  ['safety', 'training', '訓練進行得很好，繼續跑', []],
  ['safety', 'training', 'the training run looks good so far', []],
  ['safety', 'training', '訓練看起來很順，別停', []],
  ['safety', 'preprocessed', '或許之後會重設前處理，先匯出 epochs 到 exports', [['export_epochs', { path: 'exports' }]]],
  ['safety', 'preprocessed', 'the "reset" I wrote before was a typo; plot the PSD', [['plot_epochs', { kind: 'psd' }]]],
  ['safety', 'data_loaded', '帶通就算了，只要陷波 60', [NOTCH(60)]],
  ['safety', 'data_loaded', '重新取樣算了，做平均參考就好', [AVG]],
  ['safety', 'data_loaded', 'rename the T2 event to right', [['edit_events', { rename: { T2: 'right' } }]]],
];

/**
 * Rows still planned wrong on this branch (the nine wrong on main are fixed, above); written with the fresh variants
 * after the fixes. Each is checked to still fail (`describeLeftOpen`). See docs/agent.md, "Tuning session h16-single".
 */
export const LEFT_OPEN_16_SINGLE: Row[] = [
  ['compound', 'data_loaded', 'resample to 128, but do the band-pass 1-40 first', [BP(1, 40), RS(128)]],
  ['compound', 'data_loaded', 'epoch T1 and T2 from 0 to 4 s, z-scored', [EPOCH(0, 4), Z]],
  ['compound', 'empty', '先看 data 資料夾有什麼，再載入 S001R04.edf', [['list_files', { directory: 'data' }], LOAD('S001R04.edf')]],
];
