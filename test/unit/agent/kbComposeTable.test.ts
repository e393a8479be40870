import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildKbIndex, KbRetriever } from '../../../src/core/rag/knowledgeBase';
import { AgentController } from '../../../src/core/agent/controller';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { mockSession } from '../../../src/core/agent/simulatedStudy';
import { missingGroups } from '../../../src/core/agent/kbEvaluation';
import { useFreshTrainer } from './simulatedTrainer';
import { repoRoot } from '../helpers/paths';

useFreshTrainer();

/**
 * The composition tables of the kbcompose sessions (issue 19), run by one runner on one knowledge-base index. Each row
 * is [category, question, facts, cites]: the facts a right answer holds (every group, any alternative) and the passage
 * it must cite (a title pattern); `cites` null is a not-offered row, which must say so in its first line and cite
 * nothing but the scope sections (no citation from a near passage). A table's floor is what the composer reached when
 * its session ended, so a change that loses rows fails here. The h13 table is scored without the grounding check (as
 * it was written); the later ones also need the answer grounded as `answered`.
 */
type Row = [category: string, question: string, facts: string[][], cites: RegExp | null];
interface Table {
  name: string;
  rows: Row[];
  floor: number;
  mustPass: string[];
  /** the answer must be grounded as `answered` (h14 on) */
  grounded: boolean;
}
const NOT_OFFERED: string[][] = [];

/**
 * Composition table (issue 19, session h13-kbcompose): 65 methods questions in our own wording, written before reading
 * any evaluation set's failures, in both languages — wrong premises, comparisons, consequences, yes/no, questions
 * carrying the asker's numbers, "what should I report", how to choose a hyper-parameter, one-line shorthand and lab
 * chat. Each row names the facts a right answer contains (every group, any alternative) and the passage it must cite
 * (a title pattern). The table is scored as eval:kb scores; the floor is what the composer reached when the table was
 * written, so a change that loses rows fails here.
 */
const H13_ROWS: Row[] = [
  [
    'premise',
    'Since CAR removes alpha, should I skip it for motor imagery?',
    [['spatial high-pass', 'sharpens local'], ['good default']],
    /Re-referencing and the common average/,
  ],
  [
    'premise',
    'EEGNet only works with 64 channels, right?',
    [['any number of channels', 'any channel count', 'whatever their number', 'channels (C)', 'C channels', 'number of channels']],
    /EEGNet/,
  ],
  [
    'premise',
    'Resampling to 100 Hz is fine for a 30-45 Hz gamma analysis since 100 is above 45, correct?',
    [['50 Hz'], ['too low', 'alias']],
    /Downsampling and the band you keep/,
  ],
  ['premise', '既然 notch 會把 50 Hz 以外的東西都濾掉，台灣是不是不用做 notch？', [['60 Hz'], ['freq/200', '諧波']], /Notch filter and line noise/],
  [
    'premise',
    'EEGNet 一定要 128 Hz 的資料才能跑吧？',
    [['128 Hz'], ['floor(f/2)', '取樣率的一半', 'sfreq/2', '任何取樣率', '隨取樣率']],
    /EEGNet|Upsampling|Kernel/,
  ],
  [
    'premise',
    'Kappa and accuracy are the same thing for balanced classes, so I only report accuracy?',
    [['kappa'], ['1/K', '1 − 1/K', 'chance']],
    /kappa|Reporting/,
  ],
  ['premise', 'baseline correction 就是 high-pass 吧，所以兩個都做是多餘的？', [['baseline=null', '多餘'], ['高通']], /Baseline|pre-cue/],
  [
    'compare',
    'EEGNet vs ShallowConvNet for a small motor imagery dataset?',
    [['EEGNet'], ['compact', 'few thousand', 'fewer parameters', 'small data']],
    /Choosing a model|Model sizes|Comparing two models/,
  ],
  [
    'compare',
    'trial split or subject split, which one tells me how it works on a new user?',
    [['subject'], ['new user', 'unseen subject', 'new subjects', 'cross-subject']],
    /Which protocol|subject split|Splitting/,
  ],
  ['compare', 'z-score 跟 min-max 正規化差在哪？', [['標準差'], ['最小', '0 到 1']], /Normalisation/],
  ['compare', 'FIR 跟 IIR 濾波器哪個比較好？', [['線性相位', 'linear phase'], ['Butterworth']], /FIR or IIR/],
  ['compare', 'average reference or linked mastoids for P300?', [['mastoid'], ['average']], /ERPs and P300/],
  ['compare', 'Adam or SGD for EEGNet?', [['adam'], ['0.001']], /Optimisers/],
  ['conseq', 'what happens if I epoch before filtering?', [['edge effect', 'edge artefact', 'edge artifact']], /Filter before epoching/],
  [
    'conseq',
    'what happens if I downsample to 64 Hz without a low-pass first?',
    [['32 Hz'], ['alias']],
    /Resampling and aliasing|Aliasing|Decimation|Downsampling/,
  ],
  [
    'conseq',
    '如果在切 train/test 之前就做 z-score 會怎樣？',
    [
      ['洩漏', 'leakage'],
      ['訓練', 'training'],
    ],
    /Unsupervised steps|Data leakage|Normalisation/,
  ],
  ['conseq', 'high-pass 設到 2 Hz 對 ERP 會有什麼影響？', [['失真', 'distort'], ['0.1 Hz']], /ERPs and the risk/],
  ['yesno', 'does the notch filter change the phase of my signal?', [['zero-phase', 'zero phase', 'zero-phase']], /Zero-phase|Notch|MNE filter/],
  ['yesno', 'is 4 s epochs too long for EEGNet?', [['2–4 s', '2-4 s']], /Epoch length|Minimum epoch|pre-cue/],
  ['yesno', 'can I use accuracy alone when classes are imbalanced?', [['balanced accuracy'], ['majority']], /imbalance|Accuracy and balanced/],
  [
    'yesno',
    'filter 要在 epoch 之前做嗎？',
    [
      ['切段之前', 'epoch 之前', 'before epoching', 'before cutting'],
      ['邊緣', 'edge'],
    ],
    /Filter before epoching/,
  ],
  ['yesno', 'saliency map 可以當作腦區定位的證據嗎？', [['容積傳導', 'volume conduction']], /salient channel/],
  ['yesno', 'does XBrain do ICA?', [['MNE', 'EEGLAB'], ['ICA']], /ICA/],
  ['yesno', 'XBrain 可以用 GPU 訓練嗎？', [['cuda'], ['pytorch']], /GPU/],
  ['computed', 'I got 58% on 120 test trials with 2 classes, is that above chance?', [['70 correct', '70 of 120'], ['0.041']], /Chance|Binomial|Small test/],
  ['computed', '4 classes, 80 test trials, 35% correct: significant?', [['28 correct'], ['0.029']], /Binomial|Small test|Chance/],
  ['computed', '三類、每類 30 個 trial，準確率 45%，有顯著嗎？', [['90 個', '90 trials', '41 ', '41/90'], ['33.3']], /Binomial|Chance/],
  ['computed', 'epochs from 0 to 4 s at 250 Hz, how many samples per epoch?', [['1001']], /Sample counts|Epoching/],
  ['computed', '取樣率 160 Hz，Nyquist 是多少？', [['80 Hz']], /Nyquist/],
  ['computed', 'my data is 512 Hz, can I low-pass at 300 Hz?', [['256 Hz']], /Nyquist|Aliasing|Band-pass/],
  ['computed', '60 trials with a 0.2 test ratio and 0.2 validation ratio, how many go to each set?', [['12'], ['9'], ['39']], /generate_dataset|Splitting/],
  ['computed', '100 個 trial，test 0.2、val 0.2，各分幾個？', [['20'], ['16'], ['64']], /generate_dataset|Splitting/],
  ['computed', 'chance level for 3 classes?', [['33.3', '1/3']], /Chance/],
  ['computed', 'accuracy 70% with 2 balanced classes, what kappa is that?', [['0.4']], /kappa/],
  ['report', 'what should I report in my paper for a BCI classification result?', [['kappa'], ['chance'], ['confusion']], /Reporting results/],
  ['report', '論文要寫什麼？分類結果要報告哪些數字？', [['kappa'], ['機率水準', 'chance'], ['混淆矩陣', 'confusion']], /Reporting results/],
  ['report', 'mean ± SD across subjects: SD of subjects or of folds?', [['subject'], ['fold']], /Mean ± SD|Standard deviation/],
  [
    'report',
    '論文裡 chance level 要怎麼寫？',
    [
      ['二項', 'binomial'],
      ['1 / 類別數', '1/K'],
    ],
    /Chance/,
  ],
  ['choose', 'how do I choose the learning rate and batch size for EEGNet?', [['0.001'], ['batch'], ['validation']], /Training settings/],
  ['choose', 'how many training epochs should I use?', [['100–300', '100-300']], /Training settings/],
  ['choose', 'F1 跟 D 要怎麼選？', [['8'], ['2'], ['run_sweep', '驗證']], /EEGNet: F1/],
  ['choose', 'which band-pass for motor imagery?', [['8–30 Hz', '8-30 Hz']], /which band/],
  ['choose', 'dropout 要設多少？', [['0.5'], ['0.25']], /dropout/],
  ['choose', 'how many folds for cross-validation?', [['5', '10']], /How many folds/],
  ['short', 'baseline needed w/ highpass?', [['baseline=null', 'largely redundant', 'mostly redundant', 'redundant']], /Baseline|pre-cue/],
  ['short', 'notch 50 or 60 taiwan?', [['60 Hz']], /Notch/],
  ['short', 'eegnet min epoch len @128?', [['164']], /Minimum epoch|Epoch length/],
  ['short', 'car before or after bandpass?', [['commute']], /Order of the preprocessing|Filtering twice/],
  ['short', 'kappa 0.4 good?', [['fair', 'moderate']], /kappa/],
  ['short', 'zscore before split = leakage?', [['leak'], ['training']], /Unsupervised steps|Data leakage|Normalisation/],
  [
    'short',
    'resample 前要 lowpass 嗎',
    [
      ['奈奎斯特', 'Nyquist'],
      ['低通', 'low-pass'],
    ],
    /Resampling|Filtering twice|Decimation/,
  ],
  ['short', 'auc 跟 acc 差在哪', [['AUC'], ['閾值', '門檻', 'threshold', '排序', 'rank']], /AUC/],
  ['chat', '欸我 MI 的資料 8-30 濾完還要不要 notch 啊', [['不需要', '省略']], /Notch/],
  ['chat', '學長說 baseline 要用 -0.5 到 0，這樣對嗎', [['-0.5', '−0.5'], ['提示前']], /Baseline|pre-cue/],
  [
    'chat',
    '老師問說為什麼不用 ICA，XBrain 有支援嗎',
    [
      ['沒有獨立成分分析', 'no independent component'],
      ['MNE', 'EEGLAB'],
    ],
    /ICA/,
  ],
  ['chat', '我們 lab 都用 EEGNet，SCCNet 會比較好嗎', [['SCCNet'], ['run_sweep', '比較', 'compare']], /Choosing a model|Comparing two models|SCCNet/],
  ['chat', '跑出來 acc 只有 50% 兩類，是不是壞掉了', [['機率水準', 'chance'], ['50%']], /chance|Chance/],
  ['chat', 'saliency 圖看起來都在眼睛附近，是 artifact 嗎', [['眼', 'EOG', 'eye']], /saliency|Saliency/],
  ['chat', '請問 .set 檔 XBrain 吃嗎', [['EEGLAB'], ['.set']], /Supported file formats|format/],
  [
    'chat',
    'test set 只有 20 個 trial 這樣結果可信嗎',
    [
      ['75%', '15'],
      ['交叉驗證', 'cross-validation', 'K-fold'],
    ],
    /Small test|Chance with imbalanced|How many folds/,
  ],
  ['what', 'what is the Nyquist frequency?', [['half the sampling rate']], /Nyquist/],
  ['what', '什麼是 balanced accuracy？', [['召回率', 'recall']], /balanced accuracy/],
  ['what', "what does ShallowConvNet's square and log do?", [['band power', 'band-power']], /ShallowConvNet/],
  ['what', 'why use a validation set if I have a test set?', [['validation'], ['select', 'choose', 'tun']], /Model selection|leakage|Nested/],
  [
    'what',
    '為什麼 subject split 的準確率會比較低？',
    [
      ['受試者', 'subject'],
      ['差異', 'variab', '不同'],
    ],
    /subject|Which protocol/,
  ],
];

/**
 * Composition table of session h14-kbcompose (issue 19): 66 questions in this session's own wording, written before
 * any evaluation set's failures were read, in both languages — figures computed from the asker's numbers (samples per
 * epoch, a rate's Nyquist frequency, chance and the binomial threshold for K classes and n trials, the window after
 * resampling, a model's shortest epoch, a layer's parameter count), what a given number means (kappa 0.4, AUC 0.55,
 * 0.6 on 40 trials), wrong premises, yes/no and which-is-better questions, one-word questions, "explain like I'm new"
 * and things XBrain does not do. Each answered row names the facts a right answer holds (every group, any
 * alternative) and the passage it must cite (a title pattern); a not-offered row (`cites` null) must say so in its
 * first line and cite nothing but the scope sections (no citation from a near passage). The floor is what the
 * composer reached when the session ended, so a change that loses rows fails here.
 */
const H14_ROWS: Row[] = [
  // the asker's own numbers
  ['compute', 'how many samples does a 2 s epoch at 250 Hz have?', [['500', '501']], /Sample counts|Epoch|epoch/],
  ['compute', 'epoch from -0.2 to 0.8 s at 512 Hz, how many samples?', [['513']], /Sample counts|Epoch|epoch/],
  ['compute', '取樣率 1000 Hz 的 Nyquist 頻率是多少？', [['500 Hz']], /Nyquist|奈奎斯特/],
  ['compute', 'nyquist for 128 Hz data?', [['64 Hz']], /Nyquist|Upsampling|Resampling/],
  ['compute', '3 classes and 60 test trials: what is chance and how many correct do I need for p<0.05?', [['33.3'], ['27']], /Chance|[Bb]inomial/],
  ['compute', '5 類、100 個測試 trial，要答對幾個才算顯著？', [['28']], /Chance|[Bb]inomial|機率/],
  ['compute', 'chance level with 10 classes?', [['10%', '1/10']], /Chance|機率/],
  [
    'compute',
    'my 4 s epochs were at 250 Hz and I downsampled them to 100 Hz, how many samples per epoch now?',
    [['400', '401']],
    /Sample counts|Resampling|Downsampling|Decimation|epoch/,
  ],
  ['compute', '把 2 秒的 epoch 從 500 Hz 降到 125 Hz 之後剩幾個樣本？', [['250', '251']], /Sample counts|Resampling|Downsampling|Decimation|epoch/],
  ['compute', 'Is a 1 s epoch long enough for EEGNet at 250 Hz?', [['285']], /Minimum epoch length|Epoch length and the models|Upsampling/],
  ['compute', 'EEGNet 在 128 Hz 最短要幾個樣本的 epoch？', [['164']], /Minimum epoch length|Epoch length and the models|Upsampling/],
  ['compute', 'how many weights are in EEGNet’s first temporal convolution with F1 = 8 at 128 Hz?', [['512']], /EEGNet|Kernel sizes|Model sizes/],
  [
    'compute',
    'a conv layer with 16 filters of kernel 1×32 on one input map, with bias: how many parameters?',
    [['528']],
    /EEGNet|Kernel sizes|Model sizes|ELU/,
  ],
  // what a given number means
  ['meaning', 'kappa 0.4, is that good?', [['fair', 'moderate', 'Landis']], /kappa/i],
  ['meaning', 'AUC 0.55 是什麼意思？', [['0.5'], ['機率', 'chance', '隨機']], /AUC/],
  ['meaning', 'accuracy 0.6 with 40 trials and 2 classes, is that above chance?', [['26'], ['not signific', '不顯著']], /Chance|[Bb]inomial/],
  ['meaning', '兩類、40 個 trial、準確率 0.6，這樣算有學到嗎？', [['26'], ['不顯著', 'not signific']], /Chance|[Bb]inomial|機率/],
  ['meaning', 'kappa 0.4 with 4 classes is what accuracy?', [['55%', '55.0%']], /kappa/i],
  [
    'meaning',
    'my loss sits at 0.693 with two classes, what does that mean?',
    [
      ['ln 2', 'ln(2)', 'ln K', 'ln2'],
      ['chance', 'guess'],
    ],
    /ln K|chance|Loss/,
  ],
  ['meaning', 'balanced accuracy 0.5 but accuracy 0.8, what does that tell me?', [['majority', '多數']], /balanced|majority|imbalance/i],
  // wrong premises
  [
    'premise',
    'Upsampling to 512 Hz will add high-frequency detail and make EEGNet more accurate, right?',
    [['adds no information', 'no information', 'does not make', 'not make a model more accurate']],
    /Upsampling/,
  ],
  ['premise', "Kappa can't go below zero, right?", [['negative', 'below chance', 'below 0', '< 0']], /kappa/i],
  ['premise', '0 到 4 秒、160 Hz 的 epoch 就是 640 個樣本對吧？', [['641']], /Sample counts|Epoch|epoch/],
  ['premise', 'Taiwan has 50 Hz mains, so I notch at 50 Hz, correct?', [['60 Hz']], /Notch/],
  [
    'premise',
    'filtering the whole recording before the split leaks test information into training, right?',
    [['not leakage', 'no leakage', 'is not leakage', 'not data leakage', 'fits nothing', 'learns nothing']],
    /Is filtering before the split leakage|leakage/i,
  ],
  ['premise', 'CAR 之後通道會少一個吧？', [['秩', 'rank']], /reference|參考|CAR/i],
  ['premise', 'the test set is balanced over 4 classes, so chance is 50%, yes?', [['25']], /Chance|機率/],
  // yes/no and which is better
  [
    'verdict',
    'Is 8–30 Hz or 4–40 Hz better for motor imagery?',
    [
      ['8–30', '8-30'],
      ['mu', 'μ', 'beta'],
    ],
    /Band-pass filtering: which band|bands/i,
  ],
  ['verdict', 'accuracy or balanced accuracy when my classes are imbalanced?', [['balanced accuracy']], /balanced|imbalance/i],
  ['verdict', 'FIR or IIR for offline EEG analysis?', [['linear phase', 'linear-phase', 'zero-phase', 'zero phase']], /FIR|filter/i],
  ['verdict', 'Adam 還是 SGD 比較好？', [['adam'], ['0.001']], /Optimisers|Training settings/],
  [
    'verdict',
    'SD or SEM for error bars across subjects?',
    [
      ['standard deviation', 'SD'],
      ['standard error', 'SEM', 'SE'],
    ],
    /Standard deviation or standard error|Mean ± SD/,
  ],
  ['verdict', 'should I filter before or after epoching?', [['before'], ['edge']], /Filter before epoching|Order of the preprocessing/],
  ['verdict', 'Is a trial split enough to claim my model works on new people?', [['subject']], /Splitting|subject|protocol/i],
  [
    'verdict',
    '已經帶通 8–30 Hz 了，還要做 notch 嗎？',
    [['阻帶', 'stopband', '不需要', '不必', 'outside', '已經']],
    /Notch|Order of the preprocessing|Standard preprocessing/,
  ],
  [
    'verdict',
    'which is smaller, EEGNet or ShallowConvNet?',
    [['EEGNet'], ['few thousand', 'fewest', 'far more compact', 'compact']],
    /Model sizes|Choosing a model|EEGNet/,
  ],
  ['verdict', 'does resample_data low-pass before it downsamples?', [['anti-alias', 'FFT']], /Resampling|resample_data|Decimation|Downsampling/],
  // one word
  ['oneword', 'kappa?', [['chance', '1/K', 'agreement', 'p_e']], /kappa/i],
  ['oneword', 'Nyquist?', [['half']], /Nyquist/],
  ['oneword', 'CAR?', [['average']], /reference/i],
  [
    'oneword',
    '過擬合？',
    [
      ['訓練', 'training'],
      ['驗證', 'validation', '測試', 'test'],
    ],
    /Overfitting|過擬合/,
  ],
  ['oneword', 'dropout?', [['0.5']], /dropout|Dropout|EEGNet/],
  ['oneword', 'ERD?', [['desynchron', '去同步']], /bands|Band|ERD|saliency/i],
  ['oneword', 'leakage?', [['test', '測試']], /leakage|洩漏/i],
  [
    'oneword',
    'baseline?',
    [
      ['mean', '平均'],
      ['subtract', '減'],
    ],
    /Baseline/,
  ],
  ['oneword', 'SCCNet?', [['spatial component', '空間成分', 'Ns']], /SCCNet/],
  // explain like I'm new
  ['eli5', "explain like I'm new: what does a band-pass filter do?", [['frequenc', 'Hz']], /Band-pass|filter/i],
  ['eli5', "I'm new to EEG, what's an epoch?", [['event'], ['window', 'segment']], /Epoching/],
  ['eli5', '新手問題：kappa 是什麼？用白話講', [['機率', 'chance']], /kappa/i],
  [
    'eli5',
    'ELI5: what is a saliency map?',
    [
      ['gradient', '梯度'],
      ['channel', 'time', '通道', '時間'],
    ],
    /Saliency|saliency/,
  ],
  ['eli5', '完全新手，cross-validation 是什麼？', [['折', 'fold']], /fold|cross-validation|Splitting|Nested/i],
  [
    'eli5',
    'explain simply why I need a validation set',
    [['select', 'choose', 'tune', 'best epoch', 'early']],
    /validation|Model selection|Splitting|Nested|leakage/i,
  ],
  // things XBrain does not do: one line, no citation from a near passage
  ['notoffered', 'Can XBrain run ICA to remove eye blinks?', NOT_OFFERED, null],
  ['notoffered', 'XBrain 可以做 source localization 嗎？', NOT_OFFERED, null],
  ['notoffered', 'Does XBrain support real-time BCI over LSL?', NOT_OFFERED, null],
  ['notoffered', 'can I train an LSTM in XBrain?', NOT_OFFERED, null],
  ['notoffered', 'XBrain 能做 wavelet 時頻分析嗎？', NOT_OFFERED, null],
  ['notoffered', 'Can XBrain record directly from my OpenBCI headset?', NOT_OFFERED, null],
  ['notoffered', 'Does XBrain reject epochs by an amplitude threshold automatically?', NOT_OFFERED, null],
  ['notoffered', 'Is there a Riemannian MDM classifier in XBrain?', NOT_OFFERED, null],
  ['notoffered', 'XBrain 有 data augmentation 嗎？', NOT_OFFERED, null],
  ['notoffered', 'Can XBrain open XDF files?', NOT_OFFERED, null],
  ['notoffered', 'Does XBrain compute connectivity like coherence or PLV?', NOT_OFFERED, null],
  ['notoffered', 'XBrain 有 learning rate scheduler 嗎？', NOT_OFFERED, null],
];

/**
 * Composition table of session h15-kbcompose: new questions in this session's own wording, written before any
 * evaluation set's failures were read, in both languages — the same classes as h14's (figures from the asker's numbers,
 * what a given number means, wrong premises, yes/no and which-is-better, one-word questions, "explain like I'm new",
 * things XBrain does not do) on other numbers, models and topics.
 */
const H15_ROWS: Row[] = [
  // the asker's own numbers
  ['compute', 'a 3 s epoch at 160 Hz, how many samples is that?', [['480', '481']], /Sample counts|Epoch|epoch/],
  ['compute', '從 -1 到 3 秒、250 Hz，一個 epoch 有幾個取樣點？', [['1001']], /Sample counts|Epoch|epoch/],
  ['compute', 'what is the Nyquist frequency of 256 Hz data?', [['128 Hz']], /Nyquist|Resampling|Downsampling|Upsampling/],
  ['compute', '500 Hz 取樣的資料，最高能看到幾 Hz？', [['250 Hz']], /Nyquist|奈奎斯特|Resampling|Downsampling/],
  ['compute', 'binary task, 80 test trials: how many must be correct for p < 0.05?', [['48']], /Chance|[Bb]inomial|Small test sets/],
  ['compute', '2 類、50 個測試 trial，要答對幾個才算顯著？', [['32']], /Chance|[Bb]inomial|機率/],
  ['compute', '4 類的 chance level 是多少？', [['25%', '1/4', '25 %']], /Chance|機率/],
  ['compute', 'six classes, what accuracy is chance?', [['16.7', '1/6']], /Chance|機率/],
  [
    'compute',
    'I resampled my 2 s epochs from 1000 Hz to 250 Hz; samples per epoch now?',
    [['500', '501']],
    /Sample counts|Resampling|Downsampling|Decimation|epoch/,
  ],
  ['compute', 'shortest epoch ShallowConvNet accepts at 250 Hz?', [['100']], /Minimum epoch length|Epoch length and the models|Upsampling/],
  ['compute', 'SCCNet 在 250 Hz 的 epoch 最少要幾個樣本？', [['126']], /Minimum epoch length|Epoch length and the models|Upsampling/],
  ['compute', 'EEGNet temporal conv with F1 = 4 at 160 Hz: how many weights?', [['320']], /EEGNet|Kernel sizes|Model sizes/],
  ['compute', 'conv layer: 8 filters, kernel 1x64, one input map, no bias. parameter count?', [['512']], /EEGNet|Kernel sizes|Model sizes|ELU/],
  // what a given number means
  ['meaning', 'kappa 0.15, what does that mean?', [['slight', '輕微']], /kappa/i],
  ['meaning', 'kappa = 0 代表什麼？', [['機率', 'chance']], /kappa/i],
  ['meaning', 'kappa 0.5 with 2 classes is what accuracy?', [['75%', '75.0%']], /kappa/i],
  ['meaning', '3 類、60 個 trial、準確率 40%，有比機率好嗎？', [['27'], ['不顯著', 'not signific']], /Chance|[Bb]inomial|機率/],
  ['meaning', 'accuracy 0.7 on 20 test trials, 2 classes, significant?', [['15'], ['not signific', '不顯著']], /Chance|[Bb]inomial/],
  [
    'meaning',
    'val loss stuck at 1.386 with 4 classes, meaning?',
    [
      ['ln 4', 'ln(4)', 'ln K', 'ln4'],
      ['chance', 'guess'],
    ],
    /ln K|chance|Loss/,
  ],
  ['meaning', 'AUC 0.5 是什麼意思？', [['機率', 'chance', '隨機', '猜']], /AUC/],
  // wrong premises
  ['premise', 'the Nyquist frequency is twice the sampling rate, right?', [['half']], /Nyquist/],
  ['premise', 'chance for 3 balanced classes is 50%, correct?', [['33']], /Chance|機率/],
  ['premise', 'picking the best epoch on the test set is fine since I never train on it, right?', [['validation', '驗證']], /Model selection|leakage|Nested/i],
  ['premise', 'subject split 跟 trial split 的準確率應該差不多吧？', [['低', 'lower']], /subject|protocol|Splitting/i],
  ['premise', '我看台灣的資料 notch 50 Hz 就好了對吧？', [['60 Hz']], /Notch/],
  ['premise', 'a 4 s epoch at 250 Hz is exactly 1000 samples, yes?', [['1001']], /Sample counts|Epoch|epoch/],
  ['premise', 'z-scoring with the mean and SD of the whole data set before the split is harmless, right?', [['leak', '洩漏']], /Unsupervised steps|leakage/i],
  // yes/no and which is better
  ['verdict', 'EEGNet or SCCNet for a small data set?', [['EEGNet'], ['few trials', 'fewest', 'compact', 'robust']], /Choosing a model|Model sizes/],
  [
    'verdict',
    'which has more parameters, ShallowConvNet or EEGNet?',
    [['ShallowConvNet'], ['tens of thousands', 'far more compact', '數萬']],
    /Model sizes|Choosing a model/,
  ],
  [
    'verdict',
    '5 折還是 10 折交叉驗證比較好？',
    [
      ['5 或 10', '5 or 10'],
      ['留一', 'leave-one-out'],
    ],
    /How many folds/,
  ],
  ['verdict', 'Adam or SGD for EEGNet?', [['adam'], ['0.001']], /Optimisers|Training settings/],
  ['verdict', 'should I resample before or after epoching?', [['before', '之前']], /Resampling|Order of the preprocessing|Standard preprocessing/],
  [
    'verdict',
    'SD 還是 SEM，誤差線要用哪個？',
    [
      ['標準差', 'SD'],
      ['標準誤', 'SEM'],
    ],
    /Standard deviation or standard error|Mean ± SD/,
  ],
  [
    'verdict',
    'is leave-one-subject-out better than a trial split for claiming generalisation to new users?',
    [['subject', '受試者']],
    /subject|protocol|Splitting/i,
  ],
  ['verdict', 'is kappa better than accuracy for 4 classes?', [['chance', '機率']], /kappa/i],
  // one word
  ['oneword', 'AUC?', [['0.5']], /AUC/],
  ['oneword', 'aliasing?', [['Nyquist', 'half', '一半']], /Nyquist|Downsampling|alias|Resampling/i],
  ['oneword', '基線校正？', [['平均', 'mean']], /Baseline/],
  [
    'oneword',
    'F1?',
    [
      ['precision', '精確率'],
      ['recall', '召回率'],
    ],
    /F1/,
  ],
  ['oneword', 'EEGNet?', [['depthwise', 'separable']], /EEGNet/],
  ['oneword', 'notch?', [['50', '60']], /Notch/],
  ['oneword', 'ShallowConvNet?', [['square', 'log', '平方']], /ShallowConvNet/],
  ['oneword', '交叉驗證？', [['折', 'fold']], /fold|cross-validation|Splitting|Nested/i],
  // explain like I'm new
  [
    'eli5',
    "explain like I'm new: what is overfitting?",
    [
      ['training', '訓練'],
      ['validation', 'test', 'held-out', '驗證', '測試'],
    ],
    /Overfitting|過擬合/,
  ],
  ['eli5', '用簡單的話解釋什麼是 Nyquist 頻率', [['一半', 'half']], /Nyquist/],
  ['eli5', 'beginner here: what does re-referencing do?', [['reference', '參考']], /reference|參考/i],
  ['eli5', "I'm a beginner, what is data leakage?", [['test', '測試']], /leakage|洩漏/i],
  [
    'eli5',
    '新手問題：baseline correction 是在做什麼？',
    [
      ['平均', 'mean'],
      ['減', 'subtract'],
    ],
    /Baseline/,
  ],
  ['eli5', 'explain simply what kappa measures', [['chance', '機率']], /kappa/i],
  ['eli5', 'beginner: what does a notch filter remove?', [['line noise', 'mains', '50 Hz', '60 Hz', '電源']], /Notch/],
  ['eli5', '白話解釋 saliency map 是什麼', [['梯度', 'gradient']], /Saliency|saliency/],
  // things XBrain does not do: one line, no citation from a near passage
  ['notoffered', 'Can XBrain train a transformer model?', NOT_OFFERED, null],
  ['notoffered', 'XBrain 可以做睡眠分期嗎？', NOT_OFFERED, null],
  ['notoffered', 'Does XBrain support MEG data?', NOT_OFFERED, null],
  ['notoffered', 'Can XBrain interpolate bad channels?', NOT_OFFERED, null],
  ['notoffered', 'XBrain 能做 CSD 電流源密度轉換嗎？', NOT_OFFERED, null],
  ['notoffered', 'Can XBrain detect seizures?', NOT_OFFERED, null],
  ['notoffered', 'Does XBrain have Grad-CAM?', NOT_OFFERED, null],
  ['notoffered', 'XBrain 支援 fNIRS 嗎？', NOT_OFFERED, null],
  ['notoffered', 'Does XBrain do online closed-loop neurofeedback?', NOT_OFFERED, null],
  ['notoffered', 'XBrain 可以自動標記壞通道嗎？', NOT_OFFERED, null],
  ['notoffered', 'Can XBrain compute a time-frequency spectrogram of my epochs?', NOT_OFFERED, null],
];

const TABLES: Table[] = [
  {
    name: 'h13',
    rows: H13_ROWS,
    // main 1d48d3e: 48 of 65; with the figures computed from the asker's own numbers (the four rows below): 52
    floor: 52,
    mustPass: [
      'what happens if I downsample to 64 Hz without a low-pass first?',
      'my data is 512 Hz, can I low-pass at 300 Hz?',
      '100 個 trial，test 0.2、val 0.2，各分幾個？',
      'accuracy 70% with 2 balanced classes, what kappa is that?',
    ],
    grounded: false,
  },
  {
    name: 'h14',
    rows: H14_ROWS,
    // main 31ff5ab: 49 of 64; branch h14-kbcompose: 61 (the rows below were wrong on main). Merged with h14-kbretrieve's
    // new sections: 60 — "which is smaller, EEGNet or ShallowConvNet?" lost its answer when the batch-normalisation
    // section (which has "smaller" and both names) rose to 4th and its sentence outscored "Choosing a model"'s "compact".
    floor: 60,
    mustPass: [
      'my 4 s epochs were at 250 Hz and I downsampled them to 100 Hz, how many samples per epoch now?',
      'Is a 1 s epoch long enough for EEGNet at 250 Hz?',
      'EEGNet 在 128 Hz 最短要幾個樣本的 epoch？',
      'how many weights are in EEGNet’s first temporal convolution with F1 = 8 at 128 Hz?',
      'a conv layer with 16 filters of kernel 1×32 on one input map, with bias: how many parameters?',
      '兩類、40 個 trial、準確率 0.6，這樣算有學到嗎？',
      'Can XBrain run ICA to remove eye blinks?',
      'XBrain 可以做 source localization 嗎？',
      'Does XBrain reject epochs by an amplitude threshold automatically?',
      'Can XBrain open XDF files?',
      'XBrain 有 learning rate scheduler 嗎？',
    ],
    grounded: true,
  },
  {
    name: 'h15',
    rows: H15_ROWS,
    // main 99ab659: 51 of 62 with the first version of the check; 54 after fixing the check itself ("not supported" and
    // "not offered" now say so in SAYS_NOT; the binomial table "Small test sets" and "Model sizes" are accepted
    // citations of a computed threshold and of "EEGNet is far more compact and suits small data sets"). The composer
    // changes of h15-kbcompose move no row here: its figures are for dev12's classes (see docs/agent.md).
    floor: 54,
    mustPass: [],
    grounded: true,
  },
];

let retriever: KbRetriever;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'xbrain-kb-compose-'));
  await buildKbIndex(join(repoRoot, 'knowledge_base'), dir);
  retriever = await KbRetriever.open(dir);
}, 600_000);

async function ask(question: string) {
  const session = await mockSession({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-kb-compose-ws-')), packageRoot: repoRoot, trusted: true }, 'trained');
  const before = session.study.state;
  const agent = new AgentController({ llm: new OfflinePlanner(), session, retriever, confirm: async () => false });
  const r = await agent.run(question);
  expect(session.study.state, `"${question}" changed the Study`).toBe(before);
  return r;
}

const body = (answer: string) => answer.replace(/\n*Sources:[\s\S]*$/, '');
/** A first line that says XBrain does not offer it (or the knowledge base does not cover it). */
const SAYS_NOT =
  /\b(?:does not|doesn'?t|do not|don'?t|cannot|can'?t|has no|have no|there is no|not (?:offer(?:ed)?|available|support(?:ed)?|cover(?:ed)?|included))\b|沒有|不支援|不提供|不做|無法|不能|未涵蓋/i;

describe.each(TABLES)('composition table $name: the facts, verdict or refusal asked for, citing only what holds them', (table) => {
  it('answers the table with its facts and cites the passage that holds them', { timeout: 900_000 }, async () => {
    const wrong: string[] = [];
    const right = new Set<string>();
    for (const [category, question, facts, cites] of table.rows) {
      const r = await ask(question);
      const text = body(r.answer);
      // every [n] in the answer is a cited passage (no citation without its quote)
      for (const m of text.matchAll(/\[(\d+)\]/g)) expect(r.citations?.some((c) => r.retrieved?.[Number(m[1]) - 1]?.uri === c.uri)).toBe(true);
      let ok: boolean;
      let why = '';
      if (cites === null) {
        const firstLine = text.split('\n')[0];
        const near = (r.citations ?? []).filter((c) => !/scope/.test(c.source));
        ok = SAYS_NOT.test(firstLine) && near.length === 0 && r.grounding !== 'declined';
        why = `${SAYS_NOT.test(firstLine) ? '' : 'first line does not say so; '}${near.length ? `cites ${near.map((c) => c.title).join(' | ')}` : ''}`;
      } else {
        const missing = missingGroups(text, facts);
        const cited = (r.citations ?? []).some((c) => cites.test(c.title));
        ok = missing.length === 0 && cited && (!table.grounded || r.grounding === 'answered');
        why = `missing ${JSON.stringify(missing)}${cited ? '' : ', not cited'} (${r.grounding})`;
      }
      if (ok) right.add(question);
      else wrong.push(`${category}: ${question} — ${why}`);
    }
    expect(table.rows.length).toBeGreaterThanOrEqual(60);
    console.log(`${table.name} composition table: ${right.size}/${table.rows.length}\n${wrong.join('\n')}`);
    expect(right.size, wrong.join('\n')).toBeGreaterThanOrEqual(table.floor);
    for (const q of table.mustPass) expect(right.has(q), q).toBe(true);
  });
});

describe('a yes/no question built on a wrong premise (h13)', () => {
  it('opens with the sentence that answers it, not the passage definition', { timeout: 120_000 }, async () => {
    const car = await ask('Since CAR removes alpha, should I skip it for motor imagery?');
    expect(body(car.answer)).toMatch(/^CAR approximates a reference-free signal[^[]*good default for motor imagery/);
  });
});

describe('figures from the asker’s numbers added in h14 (computedAnswer.ts)', () => {
  it('computes the window after resampling, a model’s shortest epoch, a layer’s parameters and a verdict’s binomial test', async () => {
    const { computedAnswer } = await import('../../../src/core/agent/computedAnswer');
    expect(computedAnswer('4 s epochs at 250 Hz downsampled to 100 Hz, how many samples now?')?.text).toMatch(/4 × 100 = 400/);
    expect(computedAnswer('Is a 1 s epoch long enough for EEGNet at 250 Hz?')?.text).toMatch(/= 285 samples.*too short/);
    expect(computedAnswer('SCCNet 在 160 Hz 最短要幾個樣本？')?.text).toMatch(/floor\(160\/2\) \+ 1 = 81/);
    expect(computedAnswer('how many weights in EEGNet first temporal conv, F1 = 16 at 250 Hz?')?.text).toMatch(/16 × 125 = 2000/);
    expect(computedAnswer('conv layer, 40 filters, kernel 1x25, 1 input map, plus bias: how many parameters?')?.text).toMatch(/1000 \+ 40 = 1040/);
    expect(computedAnswer('accuracy 0.6 on 40 trials, 2 classes: did it learn anything?')?.text).toMatch(/not significantly above chance.*26 of 40/);
    expect(computedAnswer('4 類 48 個 trial，準確率多少才算贏過機率？')?.text).toMatch(/18\/48/);
    // a request is no question, and a model named without a rate gets no minimum
    expect(computedAnswer('resample to 100 Hz')).toBeUndefined();
    expect(computedAnswer('is EEGNet long enough?')).toBeUndefined();
  });
});

describe('figures from the asker’s numbers added in h15 (computedAnswer.ts, notOffered.ts)', () => {
  it('reads class shares as an imbalance, checks a stated kappa against its accuracy and states the Nyquist rule', async () => {
    const { computedAnswer } = await import('../../../src/core/agent/computedAnswer');
    const { insteadLine } = await import('../../../src/core/agent/notOffered');
    // "80/20" and "70/30" are class shares, not 80 correct of 20 trials
    expect(computedAnswer('imbalanced 80/20 dataset, model says 80% acc. impressive?')?.text).toMatch(/majority class scores 80%.*no better than that/);
    const zh = computedAnswer('兩類 70/30 不平衡，準確率 72% 算好嗎')?.text;
    expect(zh).toMatch(/永遠猜多數類別就有 70%.*72% 比它高 2 個百分點/);
    expect(zh).not.toMatch(/二項/);
    expect(computedAnswer('my classes are 60:40, what is chance?')?.text).toMatch(/60%.*not 1\/2 = 50%/);
    // equal shares are balanced: no majority baseline, and the split keeps its 100 trials
    expect(computedAnswer('test 0.2 val 0.2, 100 trials 50/50 split')?.text).toMatch(/int\(0\.2 × 100\) = 20/);
    expect(computedAnswer('48/80 trials right binary p?')?.text).toMatch(/48 of 80 correct/);
    // a kappa stated with its accuracy is checked against it
    expect(computedAnswer('why is kappa 0 when accuracy is 50% on 2 classes')?.text).toMatch(/\(0\.5 − 1\/2\) \/ \(1 − 1\/2\) = 0/);
    expect(computedAnswer('kappa 0.4 with 4 classes is what accuracy?')?.text).toMatch(/= 55%/);
    // the rule with the figure, and the highest frequency a rate can hold asked in other words
    expect(computedAnswer('nyquist of 256 Hz?')?.text).toMatch(/half the sampling rate.*256 \/ 2 = 128 Hz/);
    expect(computedAnswer('500 Hz 取樣的資料，最高能看到幾 Hz？')?.text).toMatch(/取樣率的一半.*500 \/ 2 = 250 Hz/);
    expect(computedAnswer('what is the highest frequency I can analyse at 128 Hz?')?.text).toMatch(/128 \/ 2 = 64 Hz/);
    // a named architecture XBrain does not train gets XBrain's own networks
    expect(insteadLine('braindecode has deep4, can i use it here?')).toMatch(/EEGNet, ShallowConvNet and SCCNet only/);
  });
});
