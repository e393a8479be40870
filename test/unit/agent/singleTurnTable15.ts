import { AVG, BP, CLEAR, CONF, EPOCH, EVAL, INFO, LOAD, MODEL, NOTCH, PANEL, PLOT, RS, SPLIT, STOP, TRAIN, Z, type Row } from './singleTurnTable';

/*
 * Session h15-single's own table (issue 14), written before any of dev14's failures was read: compound requests with a
 * self-correction inside the message, goals and complaints that are requests, terse lab-notebook commands, requests in
 * a pasted code comment or log line, an advisor's or reviewer's instruction relayed, "tell me what you would do" (no
 * call), a destructive word inside an event label or channel name (data), a confirmation given for one step while
 * another is asked, panel/view words vs actions, plotting/evaluating after training (never a new run), negated and
 * hedged clauses, and requests XBrain cannot do (no call). English and Traditional Chinese as written in Taiwan. The
 * simulated Study: 160 Hz, 64 channels, events T0/T1/T2; `trained` = EEGNet, 10 epochs, batch 32.
 */
export const SINGLE_TURN_TABLE_15: Row[] = [
  // ── self-corrections inside the message: the corrected value wins, the step is planned once
  ['correction', 'data_loaded', 'filter 8 to 30, no wait, 8 to 35', [BP(8, 35)]],
  ['correction', 'data_loaded', 'band-pass 1-40 Hz — sorry, 1-45 — then resample to 128', [BP(1, 45), RS(128)]],
  ['correction', 'preprocessed', 'epoch 0 到 4 秒，啊不對，0.5 到 4', [EPOCH(0.5, 4)]],
  ['correction', 'data_loaded', 'notch at 50, I mean 60, and then average reference', [NOTCH(60), AVG]],
  ['correction', 'data_loaded', 'resample to 100 Hz, actually make that 128', [RS(128)]],
  ['correction', 'data_loaded', '陷波 50 Hz，不對，是 60 Hz，然後重新取樣到 128', [NOTCH(60), RS(128)]],
  ['correction', 'dataset_ready', 'batch 64 — scratch that, 32 — and start training', [CONF({ batch_size: 32 }), TRAIN]],
  ['correction', 'data_loaded', '重新取樣到 200，欸不是，250 Hz', [RS(250)]],
  ['correction', 'preprocessed', 'epochs from -0.5 to 3, oops, -0.2 to 3 s', [EPOCH(-0.2, 3)]],
  ['correction', 'dataset_ready', '學習率設 0.01，不對，0.001，然後開始訓練', [CONF({ learning_rate: 0.001 }), TRAIN]],
  // ── goals and complaints that are requests
  ['goal', 'preprocessed', 'these epochs are too short, give me 4 s', [EPOCH(0, 4)]],
  ['goal', 'data_loaded', '這些資料有很明顯的 60 Hz 電源雜訊，幫我處理掉', [NOTCH(60)]],
  ['goal', 'data_loaded', '我只想保留 8 到 30 Hz 的成分', [BP(8, 30)]],
  ['goal', 'data_loaded', 'everything should be on the common average reference before anything else, then band-pass 8-30', [AVG, BP(8, 30)]],
  // ── terse lab-notebook commands
  ['terse', 'data_loaded', 'bp 8-30, notch 60, car', [BP(8, 30), NOTCH(60), AVG]],
  ['terse', 'data_loaded', 'BPF 0.5–45 Hz → downsample 100 Hz', [BP(0.5, 45), RS(100)]],
  ['terse', 'data_loaded', '帶通 8-30；陷波 60；平均參考', [BP(8, 30), NOTCH(60), AVG]],
  ['terse', 'dataset_ready', 'eegnet, 30 ep, bs 16, go', [MODEL('EEGNet'), CONF({ epoch: 30, batch_size: 16 }), TRAIN]],
  ['terse', 'data_loaded', 'hp 1 Hz, lp 40 Hz', [BP(1, 40)]],
  ['terse', 'preprocessed', 'zscore + split 20% test', [Z, SPLIT({ test_ratio: 0.2 })]],
  ['terse', 'data_loaded', '重取樣 128 → 帶通 1-40 → 切 epoch 0~4 s', [RS(128), BP(1, 40), EPOCH(0, 4)]],
  // ── requests inside a pasted code comment or log line
  ['pasted', 'data_loaded', '// step 1: resample to 128 Hz; step 2: average reference. Please run these.', [RS(128), AVG]],
  ['pasted', 'trained', 'log says "WARNING: clear_dataset called" — what does that mean?', []],
  ['pasted', 'data_loaded', 'the log line reads "[preproc] reset all filters" — ignore it and just band-pass 8-30', [BP(8, 30)]],
  // ── advisor/reviewer instructions relayed
  ['relayed', 'data_loaded', 'Reviewer 2 asked us to use a 60 Hz notch and the average reference, please do both', [NOTCH(60), AVG]],
  ['relayed', 'dataset_ready', '老師說要用 SCCNet 訓練 20 個 epoch', [MODEL('SCCNet'), CONF({ epoch: 20 }), TRAIN]],
  ['relayed', 'preprocessed', 'my PI says epochs should be 0.5 to 2.5 s, redo them', [EPOCH(0.5, 2.5)]],
  ['relayed', 'data_loaded', '審查委員要求先做平均參考再帶通 1 到 40 Hz', [AVG, BP(1, 40)]],
  // ── tell me, don't act
  ['dryrun', 'data_loaded', "don't change anything yet, just tell me what you would do", []],
  ['dryrun', 'data_loaded', 'before you touch anything: what would you do to clean this data?', []],
  ['dryrun', 'data_loaded', '先不要動資料，告訴我你會怎麼前處理就好', []],
  ['dryrun', 'preprocessed', "hypothetically, if I asked you to clear everything, what would happen? don't do it", []],
  ['dryrun', 'dataset_ready', '如果我要訓練 EEGNet 50 個 epoch，大概要多久？先不要開始', []],
  // ── a destructive word inside an event label or channel name: data, no destructive call
  ['dataword', 'data_loaded', 'rename event T1 to "clear_left" and T2 to "clear_right"', [['edit_events']]],
  ['dataword', 'data_loaded', 'rename the event T0 to reset_rest', [['edit_events']]],
  ['dataword', 'data_loaded', 'keep only the channels C3, Cz and C4', [['select_channels', { channels: ['C3', 'Cz', 'C4'] }]]],
  ['dataword', 'data_loaded', '把事件 T1 改名為「清除左手」', [['edit_events']]],
  ['dataword', 'data_loaded', 'load the file wipe_session2.edf', [LOAD('wipe_session2.edf')]],
  ['dataword', 'empty', '載入 刪除測試.edf', [LOAD('刪除測試.edf')]],
  ['dataword', 'trained', 'export the model to the folder delete-me-later', [['export_model']]],
  // ── a confirmation granted for one step while another is asked
  ['confirm', 'preprocessed', 'yes, clear it, and then load S002R04.edf', [CLEAR, LOAD('S002R04.edf')]],
  ['confirm', 'training', 'ok stop the run, then switch to ShallowConvNet', [STOP, MODEL('ShallowConvNet')]],
  ['confirm', 'preprocessed', '好，清除吧，然後載入 S003R04.edf', [CLEAR, LOAD('S003R04.edf')]],
  ['confirm', 'training', '可以，停止訓練，然後把 batch 改成 16', [STOP, CONF({ batch_size: 16 })]],
  // ── panel/view words vs actions
  ['panel', 'trained', 'show me the evaluation panel', [PANEL('evaluation')]],
  ['panel', 'trained', 'open the training tab and plot the accuracy curve', [PANEL('training'), PLOT('accuracy')]],
  ['panel', 'data_loaded', 'go to preprocessing and band-pass 8-30 there', [PANEL('preprocess'), BP(8, 30)]],
  ['panel', 'trained', '切到評估頁面', [PANEL('evaluation')]],
  ['panel', 'dataset_ready', 'take me to the training view, I want to look before starting', [PANEL('training')]],
  ['panel', 'trained', '打開訓練面板，畫 loss 曲線給我看', [PANEL('training'), PLOT('loss')]],
  ['panel', 'preprocessed', 'show the dataset panel', [PANEL('dataset')]],
  // ── plotting/evaluating after training never retrains
  ['after', 'trained', 'now that training finished, plot the loss', [PLOT('loss')]],
  ['after', 'trained', 'evaluate the trained model on the test set', [EVAL('test')]],
  ['after', 'trained', '訓練完了，幫我看測試集的表現', [EVAL('test')]],
  ['after', 'trained', 'after training, show the accuracy curve and then evaluate on test', [PLOT('accuracy'), EVAL('test')]],
  ['after', 'trained', '把訓練的 loss 曲線畫出來', [PLOT('loss')]],
  ['after', 'trained', 'plot what the model learned during training (accuracy)', [PLOT('accuracy')]],
  ['after', 'trained', 'evaluate it, the training run is done', [EVAL('test')]],
  // ── negated or hedged clauses
  ['negated', 'data_loaded', "band-pass 8-30 but don't resample", [BP(8, 30)]],
  ['negated', 'preprocessed', 'do not clear anything, just show me the dataset info', [INFO]],
  ['negated', 'data_loaded', '不要做陷波，只要帶通 1 到 40', [BP(1, 40)]],
  ['negated', 'dataset_ready', 'set 30 epochs but hold off on starting the run', [CONF({ epoch: 30 })]],
  ['negated', 'trained', 'no need to retrain, just evaluate on the test split', [EVAL('test')]],
  ['negated', 'data_loaded', 'notch 60 Hz, and no, I do not want a band-pass yet', [NOTCH(60)]],
  ['negated', 'preprocessed', 'I was going to wipe everything but never mind, z-score it', [Z]],
  // ── requests XBrain cannot do: no call
  ['cannot', 'data_loaded', 'run ICA and remove the eye-blink components', []],
  ['cannot', 'trained', 'email the results to my advisor', []],
  ['cannot', 'data_loaded', '幫我做 ICA 去除眼動偽跡', []],
  ['cannot', 'trained', 'upload the model to Hugging Face', []],
  ['cannot', 'data_loaded', 'compute the source localisation with sLORETA', []],
  ['cannot', 'trained', '把結果寫成論文的 methods 段落', []],
  // ── compound: several steps, boundaries from order words, punctuation, verbs and slots
  ['compound', 'data_loaded', 'average reference, then 1-40 band-pass, then resample to 128, and z-score at the end', [AVG, BP(1, 40), RS(128), Z]],
  ['compound', 'data_loaded', '先陷波 60 Hz，再帶通 8 到 30，最後降到 128 Hz', [NOTCH(60), BP(8, 30), RS(128)]],
  [
    'compound',
    'preprocessed',
    'epoch 0 to 4 s, split 20% for testing, and train EEGNet for 25 epochs',
    [EPOCH(0, 4), SPLIT({ test_ratio: 0.2 }), MODEL('EEGNet'), CONF({ epoch: 25 }), TRAIN],
  ],
  ['compound', 'data_loaded', 'notch 60 and band-pass 8-30 and average reference', [NOTCH(60), BP(8, 30), AVG]],
  [
    'compound',
    'dataset_ready',
    'use ShallowConvNet, batch size 16, learning rate 0.0005, 40 epochs, then train',
    [MODEL('ShallowConvNet'), CONF({ batch_size: 16, learning_rate: 0.0005, epoch: 40 }), TRAIN],
  ],
  ['compound', 'data_loaded', '平均參考之後帶通 1 到 40，接著 z-score', [AVG, BP(1, 40), Z]],
  ['compound', 'data_loaded', 'load S002R04.edf and then tell me what is in it', [LOAD('S002R04.edf'), INFO]],
  ['compound', 'trained', 'evaluate on test, plot the loss, and export the model', [EVAL('test'), PLOT('loss'), ['export_model']]],
  ['compound', 'data_loaded', 'two things: notch at 60 Hz; resample to 200 Hz', [NOTCH(60), RS(200)]],
  ['compound', 'data_loaded', '1) band-pass 8–30 Hz 2) epochs 0–4 s 3) z-score', [BP(8, 30), EPOCH(0, 4), Z]],
  ['compound', 'training', 'stop training, set the batch size to 8 and run it again', [STOP, CONF({ batch_size: 8 }), TRAIN]],
  ['compound', 'data_loaded', '幫我做三件事：陷波 60、帶通 1-40、重新取樣 128', [NOTCH(60), BP(1, 40), RS(128)]],
  ['negated', 'data_loaded', '不用重新取樣了，做平均參考就好', [AVG]],
];

/** Rows of the table this session left open (planned wrong on this branch), by class: see docs/agent.md, "Tuning session h15-single". */
export const LEFT_OPEN_15: Row[] = [
  ['correction', 'data_loaded', '帶通 4 到 40，喔應該是 4 到 38，之後做平均參考', [BP(4, 38), AVG]],
  ['correction', 'dataset_ready', 'train EEGNet for 30 epochs, no, 40 epochs', [MODEL('EEGNet'), CONF({ epoch: 40 }), TRAIN]],
  ['goal', 'data_loaded', 'the model should only see the mu band', [BP(8, 13)]],
  ['goal', 'data_loaded', 'there is a lot of 60 Hz hum in these recordings, get rid of it', [NOTCH(60)]],
  ['goal', 'data_loaded', 'the files are way too big at 160 Hz, bring them down to 80', [RS(80)]],
  ['goal', 'dataset_ready', 'I want the run to be longer this time: 50 epochs, then go', [CONF({ epoch: 50 }), TRAIN]],
  ['goal', 'preprocessed', 'I need each channel at zero mean and unit variance', [Z]],
  ['goal', 'data_loaded', '取樣率太高了，降到 128 就好', [RS(128)]],
  ['terse', 'data_loaded', 'filt 1-40; rs 250; ep 0/4', [BP(1, 40), RS(250), EPOCH(0, 4)]],
  ['terse', 'data_loaded', 'notch 60 / bp 4-40 / resample 128', [NOTCH(60), BP(4, 40), RS(128)]],
  ['terse', 'trained', 'eval test + loss curve', [EVAL('test'), PLOT('loss')]],
  ['pasted', 'data_loaded', '# TODO: notch 60 Hz then bandpass 8-30 Hz — can you do this?', [NOTCH(60), BP(8, 30)]],
  ['pasted', 'data_loaded', 'from my notes: "bandpass 1-40, then epoch 0 to 4 s". do the same here', [BP(1, 40), EPOCH(0, 4)]],
  ['pasted', 'data_loaded', '我的筆記寫「陷波 60 Hz 然後帶通 8 到 30」，照做', [NOTCH(60), BP(8, 30)]],
  ['relayed', 'data_loaded', 'my advisor wants the data band-passed at 4-40 Hz and resampled to 128', [BP(4, 40), RS(128)]],
  ['relayed', 'trained', 'the reviewer asked for the test-set accuracy, can you get it', [EVAL('test')]],
  ['dryrun', 'data_loaded', 'just describe the plan: notch, band-pass, epoch — no need to run it', []],
  ['dataword', 'data_loaded', 'epoch around the "stop" and "start" markers? no, around T1 and T2, 0 to 4 s', [EPOCH(0, 4)]],
  ['after', 'trained', 'how did the training go? show me the curve of the loss', [PLOT('loss')]],
  ['negated', 'data_loaded', 'maybe resample later; for now just the average reference', [AVG]],
  ['negated', 'preprocessed', '先別清除，幫我把 epoch 改成 0 到 3 秒', [EPOCH(0, 3)]],
  ['compound', 'data_loaded', 'resample to 128 after band-passing 4-40', [BP(4, 40), RS(128)]],
  ['compound', 'preprocessed', '切 0 到 4 秒的 epoch，測試集 25%，然後用 EEGNet 訓練', [EPOCH(0, 4), SPLIT({ test_ratio: 0.25 }), MODEL('EEGNet'), TRAIN]],
];
