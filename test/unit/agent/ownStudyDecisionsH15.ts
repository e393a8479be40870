/**
 * Session h15-kbstudy's own-Study questions, each phrased around a decision about the user's Study (collect more subjects
 * or tune the model, can this go to the lab meeting, which setting first, is the split sound, is the accuracy above
 * chance for this trial count, which class is confused), English and Traditional Chinese, in this session's wording.
 * Each must be read as about the Study.
 */
export const DECISION_QUESTIONS_H15: string[] = [
  // more data or tune the model
  'given my numbers, is recording a few more people the better bet than tuning',
  'would more trials per class help my model more than a new architecture',
  'is the bottleneck in my study the data or the network',
  'my model is stuck — get more data or change the settings',
  '以我現在的結果，該先補資料還是先調參',
  '我的模型卡住了，多收受試者有用嗎',
  '我的資料量是不是太少了，才會這樣',
  // lab meeting / report
  'is this run good enough to present next week',
  'could I put my current accuracy on a poster',
  'am I ready to tell my supervisor the model works',
  'would reviewers accept my test result as it is',
  '這次的結果能放進下週的報告嗎',
  '我現在這個準確率可以跟指導教授說有效嗎',
  '這個 kappa 拿去投稿會被打槍嗎',
  // which setting first
  'what would you tweak first in my configuration',
  'which knob in my training setup matters most right now',
  'of my preprocessing steps, which one is most suspicious',
  'before the next run, what is the single most useful change for my study',
  '我的設定裡哪一個最值得先改',
  '下一輪我該先動前處理還是訓練參數',
  '我的訓練設定有沒有哪裡明顯不對',
  // is the split sound
  'is the way my data was split fair to the test score',
  'could my split leak trials between train and test',
  'are my test and validation sets big enough to trust',
  'did my split keep the classes balanced',
  '我的切分方式公平嗎',
  '我現在的 test set 夠大嗎',
  '我的 train 跟 test 有沒有混到同一個 trial',
  // above chance for this trial count
  'with my number of test trials, is my accuracy actually above chance',
  'how many of my test trials would I need right to beat chance',
  'is my score significant given how few test trials I have',
  'could my accuracy be luck with this test set',
  '以我的測試 trial 數，這個準確率有超過機率嗎',
  '我的結果會不會只是運氣好',
  '我要答對幾個 test trial 才算顯著',
  // which class is confused
  'which of my classes does the model mix up',
  'is my model biased toward one class',
  'does my classifier confuse T1 with T2 more than the reverse',
  '我的模型哪一類最常搞錯',
  '我的分類器是不是偏向某一類',
  // stop or continue, what next
  'should I call my study done or run another round',
  'what is the next sensible step for my analysis',
  '我的實驗接下來該做什麼',
  '我這個分析可以收尾了嗎',
];
