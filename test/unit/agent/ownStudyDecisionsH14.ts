/**
 * Session h14-kbstudy's own-Study questions, each phrased around a decision the user must take about their Study
 * (collect more subjects or tune the model, lab meeting or not, which setting first, is the split sound, is the accuracy
 * above chance for this trial count, which class is confused), English and Traditional Chinese, in this session's
 * wording. Each must be read as about the Study.
 */
export const DECISION_QUESTIONS: string[] = [
  // more data or tune the model
  'should I record more subjects or keep tuning this model',
  'more data or a better model — which would help my result more',
  'is it worth collecting another session for this study',
  'would loading the second subject change anything for my numbers',
  '該多收幾個受試者，還是先調模型',
  '我這個結果多收資料會比較有用還是調參數',
  '要不要把 S002 也加進來再訓練',
  // lab meeting / report
  'can I show this at the lab meeting on Friday',
  'is my result ready for the group meeting or do I need another run',
  'what should I say about this result at lab meeting',
  'would my advisor accept this accuracy',
  '這個結果可以拿去組會報告嗎',
  '我的結果能在 meeting 上講嗎，還是要再跑',
  '老師看到這個準確率會怎麼說',
  // which setting first
  'which of my settings would you change first',
  'what is the first thing to fix in my pipeline',
  'if I only have one more run, what should I change in my setup',
  'is my training config the bottleneck or my preprocessing',
  '我的流程最該先修哪裡',
  '下一次訓練我該先改 epoch 還是學習率',
  '我的設定裡哪個最可能拖累結果',
  // is the split sound
  'is my split sound',
  'can I trust the way my data was split',
  'is there leakage in how my test set was made',
  'are my test trials independent of my training trials',
  'does my split test generalisation to new people',
  '我的資料切分合理嗎',
  '我這樣切 train/test 會不會有洩漏',
  '我的測試集跟訓練集是同一個 session 嗎',
  // above chance for this trial count
  'is my accuracy above chance for this many test trials',
  'with my test set size, is my score better than guessing',
  'how many test trials would I need for my accuracy to count',
  '我的準確率在這個試次數下有超過機率水準嗎',
  '以我的測試集大小，要答對幾個才算顯著',
  '我的結果是不是只是運氣',
  // which class is confused
  'which class does my network mix up',
  'is my model biased toward one class',
  'does my classifier just predict the majority class',
  '我的模型比較常把哪一類認錯',
  '我的模型是不是都猜同一類',
  '我的兩個類別哪一個比較難分',
  // overall decision
  'should I stop here or keep going with my study',
  'is my pipeline good enough to move on to more subjects',
  '我的實驗現在可以收尾了嗎',
];
