/**
 * Session h16-kbanswer's own table: questions that carry a tool's action word (evaluate, test accuracy, saliency,
 * smoothgrad, re-split, retrain, normalise, "should I …", 「要不要…」, 「會怎樣」) inside a question, in this session's
 * wording, English and Traditional Chinese. None may run a tool at trained or data_loaded; a mixed turn (a question and
 * a request) is answered and its request only proposed.
 */
export const H16_QUESTIONS: string[] = [
  // evaluate / test accuracy
  'what would evaluate tell me that the training curve does not',
  'should I evaluate now or wait until training has more epochs',
  'does evaluating twice change the test accuracy',
  'test accuracy on 9 trials — how much can it swing',
  '現在評估會看到什麼？',
  '要不要先評估再決定要不要重訓？',
  'test accuracy 是拿哪一個 epoch 的權重算的？',
  // saliency / smoothgrad
  'smoothgrad or plain gradient saliency, which is less noisy',
  'would computing saliency on the validation trials be more honest',
  '如果改用 smoothgrad 會怎樣？',
  'saliency 要算在測試集還是訓練集上比較好？',
  '要不要用 integrated gradients 算顯著圖？',
  // re-split / retrain
  'should I re-split by subject before retraining',
  'if I re-split with seed 1, would the test accuracy change a lot',
  'is retraining with 100 epochs worth it here',
  'would retraining on the GPU give a different result',
  '要不要重新切資料？',
  '重新訓練會怎樣？結果會一樣嗎？',
  '用別的 seed 重訓，分數會差很多嗎？',
  '改成 5 折交叉驗證會怎樣？',
  // normalise / filters
  'should I normalise the epochs before training EEGNet',
  'what happens if I z-score before the split',
  '要不要做 z-score 正規化？',
  '如果再做一次 8-30 Hz 帶通會怎樣？',
  'should I add a notch at 60 Hz on top of the band-pass',
  '要不要把取樣率降到 128 Hz？',
  // a conditional request after the question: answered, nothing run (as h15's 「需要的話就幫我做」)
  'is my test set big enough? if not, re-split with test ratio 0.3',
  '準確率有顯著嗎？沒有的話幫我重新訓練 50 個 epoch',
];

/** Mixed turns: the question is answered, the request only proposed (confirmation withheld here, so nothing may run). */
export const H16_MIXED: string[] = [
  'is my test set big enough? re-split with test ratio 0.3',
  '準確率有顯著嗎？幫我重新訓練 50 個 epoch',
  'how big is my test set? regenerate the dataset with test ratio 0.3',
  'what does smoothgrad add over a plain gradient? compute it for me',
];
