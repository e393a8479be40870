/**
 * The request probe (issue 14), the question probe's counterpart: a generator, not a list copied from any evaluation
 * file. Request FRAMES in English and Traditional Chinese (imperative, polite, terse chat, a typo'd verb, synonyms,
 * word-order variants, secondary settings, compounds, negated neighbours, corrections in a second turn) are crossed
 * with VALUE FORMS (plain numbers, number words, "half the sampling rate", 「取樣率的一半」, "1/4 of fs", "250 ms before",
 * percentages, 2^k, the mains of a region) and with the stages where the step is offered. Each probe carries the call
 * it must make and its arguments, computed from the simulated Study's facts (simulatedStudy.ts, training/defaults.ts),
 * never from the planner.
 *
 * The frames are split into a tune half and a held half by a hash of the frame id (`frameHalf`), fixed before any
 * result was looked at: failures are read on tune frames only, and the held frames say whether a fix generalised.
 */
import { createHash } from 'node:crypto';
import { SIMULATED_SFREQ } from '../../../src/core/agent/simulatedStudy';
import { TRAINING_BASICS } from '../../../src/core/training/defaults';
import { REAL_NEAR_RULE_WORDS } from '../../../src/core/agent/understanding/ruleWords';
import type { Stage } from '../../../src/core/study/types';

/** What a value form may be computed from: the simulated Study at a stage. */
export interface StudyFacts {
  /** sampling rate (Hz) */
  sfreq: number;
  /** the training configuration in force (configure_training's values, the defaults until it runs) */
  epoch: number;
  batch: number;
  lr: number;
}

/** The simulated Study's facts at every stage: 160 Hz throughout; the trained stage configured 10 / 32 / 0.001, the defaults. */
export function studyFacts(stage: Stage): StudyFacts {
  void stage;
  return { sfreq: SIMULATED_SFREQ, epoch: TRAINING_BASICS.epoch, batch: TRAINING_BASICS.batch_size, lr: TRAINING_BASICS.learning_rate };
}

export type Args = Record<string, unknown>;
/** One way of saying a value: its words in each language and what it means on the Study. */
export interface ValueForm<V = unknown> {
  id: string;
  en?: string;
  zh?: string;
  value: (f: StudyFacts) => V;
}
export interface Expected {
  tools: string[];
  args: (Args | null)[];
}
/** A sentence template for one step with a slot for a value form. */
export interface RequestFrame {
  /** stable id, the unit of the tune/held split: "<group>/<lang>/<family>/<n>" */
  id: string;
  group: string;
  lang: 'en' | 'zh';
  family: string;
  stages: Stage[];
  /** the value forms this frame is crossed with (its slot) */
  values: ValueForm[];
  /** earlier turns of the conversation, if any (the last turn is scored) */
  before?: string[];
  make: (v: string) => string;
  expect: (v: unknown, f: StudyFacts) => Expected;
}
export interface RequestProbe {
  id: string;
  frame: string;
  group: string;
  family: string;
  lang: 'en' | 'zh';
  half: 'tune' | 'held';
  stage: Stage;
  turns: string[];
  expect: Expected;
}

/** The frame's half: sha256 of its id, first hex digit even → tune. Fixed before any result was read. */
export function frameHalf(id: string): 'tune' | 'held' {
  return parseInt(createHash('sha256').update(id).digest('hex')[0], 16) % 2 === 0 ? 'tune' : 'held';
}

/**
 * A slip of the keyboard at Damerau–Levenshtein distance 1 that keeps the first two letters (people rarely mistype
 * those): an adjacent transposition, a dropped letter or a doubled letter, chosen by the seed.
 */
export function typo(word: string, seed: number): string {
  // a slip that spells another English word ("filer" for "filter") is not a typo anyone can correct: the next seed
  for (let k = seed; k < seed + 12; k++) {
    const t = slip(word, k);
    if (t !== word && !REAL_NEAR_RULE_WORDS.has(t)) return t;
  }
  return word;
}

function slip(word: string, seed: number): string {
  const n = word.length;
  if (n < 5) return word;
  const i = 2 + (seed % (n - 3));
  switch (seed % 3) {
    case 0:
      return word[i] === word[i + 1] ? word.slice(0, i) + word.slice(i + 1) : word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    default:
      return word.slice(0, i + 1) + word[i] + word.slice(i + 1);
  }
}

const one = (tool: string, args: Args | null = null): Expected => ({ tools: [tool], args: [args] });
const PRE: Stage[] = ['data_loaded', 'preprocessed'];
const MODEL: Stage[] = ['dataset_ready', 'trained'];

// ---- value forms -------------------------------------------------------------------------------------------------

const RATES: ValueForm<number>[] = [
  { id: '128', en: '128 Hz', zh: '128 Hz', value: () => 128 },
  { id: '100w', en: 'one hundred Hz', zh: '一百 Hz', value: () => 100 },
  { id: 'half', en: 'half the sampling rate', zh: '取樣率的一半', value: (f) => f.sfreq / 2 },
  { id: 'quarter', en: 'a quarter of the sampling rate', zh: '取樣率的四分之一', value: (f) => f.sfreq / 4 },
  { id: 'frac', en: '1/4 of fs', zh: 'fs 的 1/4', value: (f) => f.sfreq / 4 },
  { id: 'pow', en: '2^7 Hz', zh: '2 的 7 次方 Hz', value: () => 128 },
  { id: 'pct', en: '50% of the current rate', zh: '目前取樣率的 50%', value: (f) => f.sfreq / 2 },
  { id: 'nyq', en: 'the Nyquist frequency', zh: '奈奎斯特頻率', value: (f) => f.sfreq / 2 },
];
const FACTORS: ValueForm<number>[] = [
  { id: 'f2', en: 'by a factor of 2', zh: '2 倍', value: (f) => f.sfreq / 2 },
  { id: 'f4', en: 'by a factor of four', zh: '四倍', value: (f) => f.sfreq / 4 },
  { id: 'x2', en: 'by 2x', zh: '兩倍', value: (f) => f.sfreq / 2 },
];
type Band = [number, number];
const BANDS: ValueForm<Band>[] = [
  { id: 'to', en: '8 to 30 Hz', zh: '8 到 30 Hz', value: () => [8, 30] },
  { id: 'dash', en: '4-40Hz', zh: '4-40Hz', value: () => [4, 40] },
  { id: 'between', en: 'between 1 and 40 Hz', zh: '1 到 40 赫茲', value: () => [1, 40] },
  { id: 'words', en: 'eight to thirty hertz', zh: '八到三十 Hz', value: () => [8, 30] },
  { id: 'decimal', en: '0.5 to 45 Hz', zh: '0.5 到 45 Hz', value: () => [0.5, 45] },
  { id: 'quarterfs', en: '1 Hz up to a quarter of the sampling rate', zh: '1 Hz 到取樣率的四分之一', value: (f) => [1, f.sfreq / 4] },
  { id: 'tilde', en: '7~35 Hz', zh: '7~35Hz', value: () => [7, 35] },
];
const MAINS: ValueForm<number>[] = [
  { id: '60', en: '60 Hz', zh: '60 Hz', value: () => 60 },
  { id: '50', en: '50Hz', zh: '50 赫茲', value: () => 50 },
  { id: 'tw', en: 'the Taiwanese mains frequency', zh: '台灣的市電頻率', value: () => 60 },
  { id: 'eu', en: 'the European mains frequency', zh: '歐洲的市電頻率', value: () => 50 },
  { id: 'us', en: 'the US power-line frequency', zh: '美國的電源頻率', value: () => 60 },
  { id: 'words', en: 'sixty hertz', zh: '六十 Hz', value: () => 60 },
];
type Window = [number, number];
const WINDOWS: ValueForm<Window>[] = [
  { id: 'ms', en: 'from 250 ms before to 2 s after the cue', zh: '刺激前 250 毫秒到刺激後 2 秒', value: () => [-0.25, 2] },
  { id: 'neg', en: 'from -0.5 to 4 s', zh: '-0.5 到 4 秒', value: () => [-0.5, 4] },
  { id: 'plain', en: '0 to 4 seconds', zh: '0 到 4 秒', value: () => [0, 4] },
  { id: 'before', en: '200 ms before until 1 s after onset', zh: '前 0.2 秒到後 1 秒', value: () => [-0.2, 1] },
  { id: 'half', en: 'from half a second before to 3 seconds after', zh: '事件前半秒到事件後 3 秒', value: () => [-0.5, 3] },
];
const TEST_SHARES: ValueForm<number>[] = [
  { id: 'pct', en: '25% for testing', zh: '測試集佔 25%', value: () => 0.25 },
  { id: 'quarter', en: 'a quarter of the trials held out for test', zh: '四分之一當測試集', value: () => 0.25 },
  { id: 'pctw', en: '30 percent test data', zh: '百分之三十當測試資料', value: () => 0.3 },
  { id: 'ratio', en: 'an 80/20 train/test ratio', zh: '訓練測試 80/20', value: () => 0.2 },
  { id: 'frac', en: 'a test fraction of 0.15', zh: '測試比例 0.15', value: () => 0.15 },
];
type ModelName = 'EEGNet' | 'ShallowConvNet' | 'SCCNet';
const MODELS: ValueForm<ModelName>[] = [
  { id: 'eegnet', en: 'EEGNet', zh: 'EEGNet', value: () => 'EEGNet' },
  { id: 'eegnet-lc', en: 'eegnet', zh: 'eegnet', value: () => 'EEGNet' },
  { id: 'shallow', en: 'ShallowConvNet', zh: 'ShallowConvNet', value: () => 'ShallowConvNet' },
  { id: 'shallow-sp', en: 'Shallow ConvNet', zh: 'shallow convnet', value: () => 'ShallowConvNet' },
  { id: 'sccnet', en: 'SCCNet', zh: 'SCCNet', value: () => 'SCCNet' },
  { id: 'sccnet-lc', en: 'sccnet', zh: 'sccnet', value: () => 'SCCNet' },
];
const EPOCH_COUNTS: ValueForm<number>[] = [
  { id: '50', en: '50', zh: '50', value: () => 50 },
  { id: 'words', en: 'forty', zh: '四十', value: () => 40 },
  { id: 'pow', en: '2^6', zh: '2 的 6 次方', value: () => 64 },
  { id: 'double', en: 'twice the current number', zh: '現在的兩倍', value: (f) => f.epoch * 2 },
  { id: 'triple', en: 'three times as many as now', zh: '原本的三倍', value: (f) => f.epoch * 3 },
  { id: 'hundred', en: 'a hundred', zh: '一百', value: () => 100 },
];
const BATCHES: ValueForm<number>[] = [
  { id: '16', en: '16', zh: '16', value: () => 16 },
  { id: 'words', en: 'eight', zh: '八', value: () => 8 },
  { id: 'pow', en: '2^4', zh: '2 的 4 次方', value: () => 16 },
  { id: 'half', en: 'half the current batch size', zh: '目前的一半', value: (f) => f.batch / 2 },
  { id: 'quarter', en: 'a quarter of what it is now', zh: '原本的四分之一', value: (f) => f.batch / 4 },
];
const RATES_LR: ValueForm<number>[] = [
  { id: 'sci', en: '1e-4', zh: '1e-4', value: () => 1e-4 },
  { id: 'dec', en: '0.0005', zh: '0.0005', value: () => 0.0005 },
  { id: 'pow', en: '3 × 10^-4', zh: '3 乘以 10 的負 4 次方', value: () => 3e-4 },
  { id: 'half', en: 'half the current value', zh: '原本的一半', value: (f) => f.lr / 2 },
  { id: 'tenth', en: 'a tenth of what it is now', zh: '目前的十分之一', value: (f) => f.lr / 10 },
];
const EVAL_SPLITS: ValueForm<string>[] = [
  { id: 'test', en: 'the test set', zh: '測試集', value: () => 'test' },
  { id: 'val', en: 'the validation split', zh: '驗證集', value: () => 'val' },
  { id: 'train', en: 'the training data', zh: '訓練集', value: () => 'train' },
];
const SALIENCY: ValueForm<string>[] = [
  { id: 'ig', en: 'integrated gradients', zh: '積分梯度', value: () => 'integrated_gradients' },
  { id: 'sg', en: 'SmoothGrad', zh: 'SmoothGrad', value: () => 'smoothgrad' },
  { id: 'gxi', en: 'gradient times input', zh: '梯度乘以輸入', value: () => 'gradient_x_input' },
  { id: 'vg', en: 'VarGrad', zh: 'VarGrad', value: () => 'vargrad' },
];
const REFERENCES: ValueForm<string>[] = [
  { id: 'car', en: 'the common average', zh: '共同平均', value: () => 'average' },
  { id: 'avg', en: 'the average of all electrodes', zh: '全部電極的平均', value: () => 'average' },
  { id: 'cz', en: 'Cz', zh: 'Cz', value: () => 'Cz' },
  { id: 'CAR', en: 'CAR', zh: 'CAR', value: () => 'average' },
];
const NORMS: ValueForm<string>[] = [
  { id: 'z', en: 'z-score', zh: 'z-score', value: () => 'z-score' },
  { id: 'mm', en: 'min-max', zh: 'min-max', value: () => 'min-max' },
  { id: 'zs', en: 'zscore', zh: 'zscore', value: () => 'z-score' },
];
const CHANNEL_SETS: ValueForm<string[]>[] = [
  { id: 'c3czc4', en: 'C3, Cz and C4', zh: 'C3、Cz 和 C4', value: () => ['C3', 'Cz', 'C4'] },
  { id: 'c3c4', en: 'C3 and C4', zh: 'C3 跟 C4', value: () => ['C3', 'C4'] },
  { id: 'fc', en: 'FC3, FCz, FC4', zh: 'FC3、FCz、FC4', value: () => ['FC3', 'FCz', 'FC4'] },
];
const METRICS: ValueForm<string>[] = [
  { id: 'acc', en: 'accuracy', zh: '準確率', value: () => 'accuracy' },
  { id: 'loss', en: 'loss', zh: 'loss', value: () => 'loss' },
  { id: 'auc', en: 'AUC', zh: 'AUC', value: () => 'auc' },
];
const FILES: ValueForm<string[]>[] = [
  { id: 'one', en: 'S001R04.edf', zh: 'S001R04.edf', value: () => ['S001R04.edf'] },
  { id: 'two', en: 'S001R04.edf and S001R08.edf', zh: 'S001R04.edf 和 S001R08.edf', value: () => ['S001R04.edf', 'S001R08.edf'] },
  { id: 'other', en: 'S002R04.edf', zh: 'S002R04.edf', value: () => ['S002R04.edf'] },
];
type Sliding = [number, number];
const SLIDING: ValueForm<Sliding>[] = [
  { id: 'pct', en: '2 s windows with 50% overlap', zh: '2 秒的視窗，重疊 50%', value: () => [2, 1] },
  { id: 'sec', en: '4-second windows overlapping by 1 s', zh: '4 秒視窗、重疊 1 秒', value: () => [4, 1] },
  { id: 'half', en: '1 s windows with half overlap', zh: '1 秒視窗，一半重疊', value: () => [1, 0.5] },
  { id: 'ms', en: '500 ms windows, no overlap', zh: '500 毫秒的視窗，不重疊', value: () => [0.5, 0] },
];
const REGIONS: ValueForm<number>[] = [
  { id: 'taipei', en: 'Taipei', zh: '台北', value: () => 60 },
  { id: 'berlin', en: 'Berlin', zh: '柏林', value: () => 50 },
  { id: 'korea', en: 'Korea', zh: '韓國', value: () => 60 },
  { id: 'uk', en: 'the UK', zh: '英國', value: () => 50 },
  { id: 'china', en: 'China', zh: '中國', value: () => 50 },
  { id: 'canada', en: 'Canada', zh: '加拿大', value: () => 60 },
];
const VAL_SHARES: ValueForm<number>[] = [
  { id: 'pct', en: '10% validation', zh: '驗證集 10%', value: () => 0.1 },
  { id: 'fifth', en: 'a fifth for validation', zh: '五分之一當驗證集', value: () => 0.2 },
  { id: 'pctw', en: '15 percent for validation', zh: '驗證百分之十五', value: () => 0.15 },
];
const PANELS: ValueForm<string>[] = [
  { id: 'training', en: 'training', zh: '訓練', value: () => 'training' },
  { id: 'evaluation', en: 'evaluation', zh: '評估', value: () => 'evaluation' },
  { id: 'preprocess', en: 'preprocessing', zh: '前處理', value: () => 'preprocess' },
  { id: 'dataset', en: 'dataset', zh: '資料集', value: () => 'dataset' },
  { id: 'visualization', en: 'visualization', zh: '視覺化', value: () => 'visualization' },
];
/** A label is kept as written, so each language has its own forms. */
const LABELS: ValueForm<string>[] = [
  { id: 'plain', en: 'left hand', value: () => 'left hand' },
  { id: 'clear', en: 'clear the dataset', value: () => 'clear the dataset' },
  { id: 'reset', en: 'reset everything', value: () => 'reset everything' },
  { id: 'plain-zh', zh: '左手', value: () => '左手' },
  { id: 'clear-zh', zh: '清除資料', value: () => '清除資料' },
  { id: 'reset-zh', zh: '全部重設', value: () => '全部重設' },
];

/** Frames whose step has no value of its own. */
const NONE: ValueForm<null>[] = [{ id: '-', en: '', zh: '', value: () => null }];

// ---- frames ------------------------------------------------------------------------------------------------------

type FrameSpec = Omit<RequestFrame, 'id' | 'group' | 'stages' | 'values' | 'expect' | 'lang'> & { lang?: 'en' | 'zh' };
interface Group {
  group: string;
  stages: Stage[];
  values: ValueForm[];
  expect: (v: never, f: StudyFacts) => Expected;
  en: Omit<FrameSpec, 'lang'>[];
  zh: Omit<FrameSpec, 'lang'>[];
}
const f = (family: string, make: (v: string) => string, before?: string[]) => ({ family, make, before });

const GROUPS: Group[] = [
  {
    group: 'resample',
    stages: PRE,
    values: RATES,
    expect: (v: number) => one('resample_data', { rate: v }),
    en: [
      f('imperative', (v) => `resample the data to ${v}`),
      f('polite', (v) => `could you resample everything to ${v}?`),
      f('terse', (v) => `resample ${v}`),
      f('typo', (v) => `${typo('resample', 1)} to ${v}`),
      f('typo', (v) => `${typo('downsample', 3)} to ${v} pls`),
      f('synonym', (v) => `downsample the recordings to ${v}`),
      f('synonym', (v) => `change the sampling rate to ${v}`),
      f('word order', (v) => `to ${v}, resample the data`),
      f('chat', (v) => `ok now resample -> ${v}`),
      f('want', (v) => `I want the data at ${v}`),
      f('synonym', (v) => `set fs to ${v}`),
      f('polite', (v) => `resample at ${v} please`),
      f('terse', (v) => `new sampling rate ${v}`),
    ],
    zh: [
      f('imperative', (v) => `重新取樣到 ${v}`),
      f('polite', (v) => `請把資料重新取樣成${v}`),
      f('synonym', (v) => `降頻到${v}`),
      f('synonym', (v) => `把取樣率改成${v}`),
      f('mixed', (v) => `幫我 resample 到 ${v}`),
      f('word order', (v) => `取樣率要${v}，幫我重取樣`),
      f('terse', (v) => `取樣率 ${v}`),
      f('polite', (v) => `麻煩重新取樣至${v}`),
    ],
  },
  {
    group: 'downsample-factor',
    stages: PRE,
    values: FACTORS,
    expect: (v: number) => one('resample_data', { rate: v }),
    en: [f('imperative', (v) => `downsample ${v}`), f('polite', (v) => `please decimate the data ${v}`), f('synonym', (v) => `reduce the sampling rate ${v}`)],
    zh: [f('imperative', (v) => `降取樣${v}`), f('synonym', (v) => `把取樣率降低${v}`)],
  },
  {
    group: 'bandpass',
    stages: PRE,
    values: BANDS,
    expect: (v: Band) => one('apply_bandpass_filter', { low_freq: v[0], high_freq: v[1] }),
    en: [
      f('imperative', (v) => `band-pass the data ${v}`),
      f('polite', (v) => `Could you apply a band-pass filter, ${v}?`),
      f('terse', (v) => `bandpass ${v}`),
      f('typo', (v) => `${typo('bandpass', 2)} ${v}`),
      f('typo', (v) => `${typo('filter', 4)} the signals ${v}`),
      f('synonym', (v) => `filter the data ${v}`),
      f('synonym', (v) => `keep only ${v}`),
      f('word order', (v) => `${v} band-pass please`),
      f('chat', (v) => `bp filter ${v} thx`),
      f('want', (v) => `I'd like a ${v} bandpass`),
      f('synonym', (v) => `band pass filter ${v}`),
      f('synonym', (v) => `restrict the signal to ${v}`),
      f('polite', (v) => `please apply a bandpass of ${v}`),
    ],
    zh: [
      f('imperative', (v) => `帶通 ${v}`),
      f('polite', (v) => `請幫我做 ${v} 的帶通濾波`),
      f('synonym', (v) => `把資料濾波到 ${v}`),
      f('mixed', (v) => `幫我 bandpass ${v}`),
      f('word order', (v) => `${v}，帶通一下`),
      f('synonym', (v) => `只保留 ${v} 的頻段`),
      f('imperative', (v) => `帶通濾波 ${v}`),
      f('terse', (v) => `做帶通，${v}`),
    ],
  },
  {
    group: 'notch',
    stages: PRE,
    values: MAINS,
    expect: (v: number) => one('apply_notch_filter', { freq: v }),
    en: [
      f('imperative', (v) => `apply a notch filter at ${v}`),
      f('polite', (v) => `can you please notch out ${v}?`),
      f('terse', (v) => `notch ${v}`),
      f('typo', (v) => `${typo('notch', 0)} filter at ${v}`),
      f('synonym', (v) => `remove the line noise at ${v}`),
      f('synonym', (v) => `get rid of the power-line interference at ${v}`),
      f('word order', (v) => `${v} notch, please`),
      f('chat', (v) => `kill the mains hum @ ${v}`),
      f('terse', (v) => `notch filter ${v}`),
      f('synonym', (v) => `filter out ${v} line noise`),
    ],
    zh: [
      f('imperative', (v) => `陷波 ${v}`),
      f('polite', (v) => `麻煩幫我濾掉${v}的市電雜訊`),
      f('synonym', (v) => `去除 ${v} 的電源干擾`),
      f('mixed', (v) => `幫我 notch ${v}`),
      f('word order', (v) => `${v}要陷波掉`),
      f('imperative', (v) => `陷波濾波 ${v}`),
      f('synonym', (v) => `把 ${v} 的雜訊濾掉`),
    ],
  },
  {
    group: 'epoch',
    stages: PRE,
    values: WINDOWS,
    expect: (v: Window) => one('epoch_data', { t_min: v[0], t_max: v[1] }),
    en: [
      f('imperative', (v) => `epoch the data ${v}`),
      f('polite', (v) => `could you cut epochs ${v} around T1 and T2?`),
      f('terse', (v) => `epochs ${v}`),
      f('typo', (v) => `${typo('epoch', 2)} ${v} around T1 and T2`),
      f('synonym', (v) => `segment the recordings into trials ${v}`),
      f('word order', (v) => `${v} around T1 and T2 — epoch it`),
      f('chat', (v) => `make trials ${v} plz`),
      f('synonym', (v) => `cut the data into epochs ${v}`),
      f('polite', (v) => `epoching ${v} please`),
    ],
    zh: [
      f('imperative', (v) => `切 epoch，${v}`),
      f('polite', (v) => `請幫我以 T1、T2 為事件切段，${v}`),
      f('synonym', (v) => `把資料分段成 ${v}`),
      f('mixed', (v) => `幫我 epoch ${v}`),
      f('terse', (v) => `切段 ${v}`),
      f('synonym', (v) => `把資料切成 ${v} 的 epoch`),
    ],
  },
  {
    group: 'split',
    stages: ['preprocessed'],
    values: TEST_SHARES,
    expect: (v: number) => one('generate_dataset', { test_ratio: v }),
    en: [
      f('imperative', (v) => `split the dataset with ${v}`),
      f('polite', (v) => `could you generate the dataset with ${v}?`),
      f('terse', (v) => `split, ${v}`),
      f('typo', (v) => `${typo('generate', 1)} the dataset, ${v}`),
      f('synonym', (v) => `make a train/test split with ${v}`),
      f('word order', (v) => `${v} — build the dataset`),
      f('synonym', (v) => `hold out data for testing: ${v}`),
    ],
    zh: [
      f('imperative', (v) => `切分資料集，${v}`),
      f('polite', (v) => `請幫我產生資料集，${v}`),
      f('synonym', (v) => `建立訓練和測試資料，${v}`),
      f('mixed', (v) => `幫我 split dataset，${v}`),
      f('terse', (v) => `資料集切分：${v}`),
    ],
  },
  {
    group: 'model',
    stages: MODEL,
    values: MODELS,
    expect: (v: ModelName) => one('set_model', { model_name: v }),
    en: [
      f('imperative', (v) => `set the model to ${v}`),
      f('polite', (v) => `could you switch the model to ${v}?`),
      f('terse', (v) => `model: ${v}`),
      f('synonym', (v) => `let's go with ${v} as the architecture`),
      f('synonym', (v) => `pick ${v} for the classifier`),
      f('word order', (v) => `${v} as the model please`),
      f('typo', (v) => `${typo('switch', 2)} to ${v} as the model`),
      f('terse', (v) => `use ${v}`),
      f('synonym', (v) => `change the network to ${v}`),
    ],
    zh: [
      f('imperative', (v) => `模型改用 ${v}`),
      f('polite', (v) => `請把模型設定成${v}`),
      f('synonym', (v) => `架構換成 ${v}`),
      f('word order', (v) => `${v}，當作模型`),
      f('synonym', (v) => `用 ${v} 當模型`),
    ],
  },
  {
    group: 'epochs-setting',
    stages: MODEL,
    values: EPOCH_COUNTS,
    expect: (v: number) => one('configure_training', { epoch: v }),
    en: [
      f('imperative', (v) => `set the number of epochs to ${v}`),
      f('polite', (v) => `could you change the epoch count to ${v}?`),
      f('terse', (v) => `epochs = ${v}`),
      f('typo', (v) => `set the number of ${typo('epochs', 2)} to ${v}`),
      f('synonym', (v) => `configure training with the epochs at ${v}`),
    ],
    zh: [
      f('imperative', (v) => `把 epoch 數設成${v}`),
      f('polite', (v) => `請把訓練的 epoch 改成${v}`),
      f('synonym', (v) => `訓練回合數調到${v}`),
      f('terse', (v) => `epoch 設 ${v}`),
    ],
  },
  {
    group: 'batch-setting',
    stages: MODEL,
    values: BATCHES,
    expect: (v: number) => one('configure_training', { batch_size: v }),
    en: [
      f('imperative', (v) => `set the batch size to ${v}`),
      f('polite', (v) => `could you make the batch size ${v}?`),
      f('terse', (v) => `batch size ${v}`),
      f('synonym', (v) => `use mini-batches of ${v}`),
      f('typo', (v) => `set the ${typo('batch', 3)} size to ${v}`),
      f('polite', (v) => `batch size of ${v} please`),
    ],
    zh: [
      f('imperative', (v) => `batch size 設成${v}`),
      f('polite', (v) => `請把批次大小改成${v}`),
      f('synonym', (v) => `每批${v}個樣本`),
      f('terse', (v) => `批次設 ${v}`),
    ],
  },
  {
    group: 'lr-setting',
    stages: MODEL,
    values: RATES_LR,
    expect: (v: number) => one('configure_training', { learning_rate: v }),
    en: [
      f('imperative', (v) => `set the learning rate to ${v}`),
      f('polite', (v) => `could you change the learning rate to ${v}?`),
      f('terse', (v) => `lr ${v}`),
      f('typo', (v) => `set the ${typo('learning', 4)} rate to ${v}`),
      f('synonym', (v) => `make the step size ${v}`),
      f('synonym', (v) => `the learning rate should be ${v}`),
    ],
    zh: [
      f('imperative', (v) => `學習率設成${v}`),
      f('polite', (v) => `請把學習率改成${v}`),
      f('mixed', (v) => `learning rate 調成${v}`),
      f('synonym', (v) => `學習率用 ${v}`),
    ],
  },
  {
    group: 'train-for',
    stages: MODEL,
    values: EPOCH_COUNTS.filter((v) => !['double', 'triple'].includes(v.id)),
    expect: (v: number) => ({ tools: ['configure_training', 'start_training'], args: [{ epoch: v }, null] }),
    en: [
      f('imperative', (v) => `train for ${v} epochs`),
      f('polite', (v) => `could you train the model for ${v} epochs?`),
      f('typo', (v) => `${typo('train', 3)} for ${v} epochs`),
      f('synonym', (v) => `start training, ${v} epochs`),
      f('chat', (v) => `go train ${v} epochs`),
    ],
    zh: [f('imperative', (v) => `訓練${v}個 epoch`), f('polite', (v) => `請開始訓練，跑${v}個 epoch`), f('mixed', (v) => `幫我 train ${v} 個 epochs`)],
  },
  {
    group: 'train-model',
    stages: MODEL,
    values: MODELS,
    expect: (v: ModelName) => ({ tools: ['set_model', 'start_training'], args: [{ model_name: v }, null] }),
    en: [
      f('imperative', (v) => `train ${v}`),
      f('polite', (v) => `could you train a ${v} model?`),
      f('synonym', (v) => `start training with ${v}`),
      f('typo', (v) => `${typo('train', 2)} ${v} now`),
    ],
    zh: [f('imperative', (v) => `用 ${v} 訓練`), f('polite', (v) => `請開始訓練 ${v}`), f('mixed', (v) => `幫我 train ${v}`)],
  },
  {
    group: 'evaluate',
    stages: ['trained'],
    values: EVAL_SPLITS,
    expect: (v: string) => one('evaluate', { split: v }),
    en: [
      f('imperative', (v) => `evaluate the model on ${v}`),
      f('polite', (v) => `could you run the evaluation on ${v}?`),
      f('terse', (v) => `eval on ${v}`),
      f('typo', (v) => `${typo('evaluate', 4)} on ${v}`),
      f('synonym', (v) => `score the model on ${v}`),
      f('word order', (v) => `on ${v}, evaluate the model`),
      f('synonym', (v) => `test the model on ${v}`),
    ],
    zh: [
      f('imperative', (v) => `在${v}上評估模型`),
      f('polite', (v) => `請用${v}評估`),
      f('mixed', (v) => `幫我 evaluate ${v}`),
      f('terse', (v) => `評估${v}`),
    ],
  },
  {
    group: 'saliency',
    stages: ['trained'],
    values: SALIENCY,
    expect: (v: string) => one('compute_saliency', { method: v }),
    en: [
      f('imperative', (v) => `compute saliency with ${v}`),
      f('polite', (v) => `could you make a saliency map using ${v}?`),
      f('synonym', (v) => `run ${v} attribution on the model`),
      f('typo', (v) => `compute ${typo('saliency', 3)} using ${v}`),
      f('word order', (v) => `${v} saliency, please`),
      f('synonym', (v) => `explain the model with ${v}`),
    ],
    zh: [
      f('imperative', (v) => `用${v}計算 saliency`),
      f('polite', (v) => `請用${v}畫顯著圖`),
      f('synonym', (v) => `用${v}看模型學到什麼`),
      f('synonym', (v) => `用${v}解釋模型`),
    ],
  },
  {
    group: 'reference',
    stages: PRE,
    values: REFERENCES,
    expect: (v: string) => one('set_reference', { method: v }),
    en: [
      f('imperative', (v) => `re-reference the data to ${v}`),
      f('polite', (v) => `could you set the reference to ${v}?`),
      f('terse', (v) => `reref to ${v}`),
      f('typo', (v) => `${typo('reference', 3)} to ${v}`),
      f('word order', (v) => `${v} as the reference, please`),
    ],
    zh: [f('imperative', (v) => `重新參考到${v}`), f('polite', (v) => `請把參考改成${v}`), f('mixed', (v) => `幫我 re-reference 到 ${v}`)],
  },
  {
    group: 'normalize',
    stages: PRE,
    values: NORMS,
    expect: (v: string) => one('normalize_data', { method: v }),
    en: [
      f('imperative', (v) => `normalize the data with ${v}`),
      f('polite', (v) => `could you apply ${v} normalization?`),
      f('terse', (v) => `${v} normalize`),
      f('typo', (v) => `${typo('normalize', 3)} using ${v}`),
      f('synonym', (v) => `scale every channel with ${v}`),
    ],
    zh: [f('imperative', (v) => `用${v}標準化`), f('polite', (v) => `請幫我做 ${v} 正規化`), f('mixed', (v) => `幫我 normalize，用 ${v}`)],
  },
  {
    group: 'channels',
    stages: PRE,
    values: CHANNEL_SETS,
    expect: (v: string[]) => one('select_channels', { channels: v }),
    en: [
      f('imperative', (v) => `keep only ${v}`),
      f('polite', (v) => `could you select channels ${v}?`),
      f('synonym', (v) => `drop every channel except ${v}`),
      f('typo', (v) => `${typo('select', 2)} ${v}`),
      f('word order', (v) => `${v} only, remove the other channels`),
    ],
    zh: [f('imperative', (v) => `只保留 ${v}`), f('polite', (v) => `請選擇通道 ${v}`), f('synonym', (v) => `除了 ${v} 其他通道都拿掉`)],
  },
  {
    group: 'plot-training',
    stages: ['trained'],
    values: METRICS,
    expect: (v: string) => one('plot_training', { metric: v }),
    en: [
      f('imperative', (v) => `plot the ${v} curve`),
      f('polite', (v) => `could you show the training ${v}?`),
      f('synonym', (v) => `graph ${v} over the epochs`),
    ],
    zh: [f('imperative', (v) => `畫出${v}曲線`), f('polite', (v) => `請顯示訓練的${v}變化`)],
  },
  {
    group: 'stop',
    stages: ['training'],
    values: NONE,
    expect: () => one('stop_training'),
    en: [
      f('imperative', () => `stop training`),
      f('polite', () => `could you stop the run?`),
      f('synonym', () => `kill the training job`),
      f('synonym', () => `halt the current training`),
      f('typo', () => `${typo('stop', 0)} the ${typo('training', 5)}`),
      f('chat', () => `abort training pls`),
    ],
    zh: [f('imperative', () => `停止訓練`), f('polite', () => `請把訓練停下來`), f('synonym', () => `中止目前的訓練`), f('mixed', () => `幫我 stop training`)],
  },
  {
    group: 'load',
    stages: ['empty'],
    values: FILES,
    expect: (v: string[]) => one('load_data', { paths: v }),
    en: [
      f('imperative', (v) => `load ${v}`),
      f('polite', (v) => `could you open ${v}?`),
      f('synonym', (v) => `import ${v} please`),
      f('typo', (v) => `${typo('import', 2)} ${v}`),
      f('chat', (v) => `pull in ${v} pls`),
      f('word order', (v) => `${v} — load it`),
    ],
    zh: [f('imperative', (v) => `載入 ${v}`), f('polite', (v) => `請幫我讀取 ${v}`), f('synonym', (v) => `打開 ${v}`), f('mixed', (v) => `幫我 load ${v}`)],
  },
  {
    group: 'window',
    stages: ['data_loaded'],
    values: SLIDING,
    expect: (v: Sliding) => one('window_epoch', { duration: v[0], overlap: v[1] }),
    en: [
      f('imperative', (v) => `cut the recordings into sliding windows: ${v}`),
      f('polite', (v) => `could you make fixed-length epochs, ${v}?`),
      f('synonym', (v) => `window the continuous data into ${v}`),
    ],
    zh: [f('imperative', (v) => `用滑動視窗切段，${v}`), f('polite', (v) => `請把連續資料切成固定長度的段落，${v}`)],
  },
  {
    group: 'notch-region',
    stages: PRE,
    values: REGIONS,
    expect: (v: number) => one('apply_notch_filter', { freq: v }),
    en: [
      f('place first', (v) => `we recorded in ${v}, notch the mains`),
      f('place after', (v) => `remove the line noise, the data is from ${v}`),
      f('adjective', (v) => `apply a notch at the ${v} power-line frequency`),
    ],
    zh: [f('place first', (v) => `資料在${v}收的，幫我去除市電雜訊`), f('place after', (v) => `陷波掉市電，資料是${v}錄的`)],
  },
  {
    group: 'split-validation',
    stages: ['preprocessed'],
    values: VAL_SHARES,
    expect: (v: number) => one('generate_dataset', { test_ratio: 0.2, val_ratio: v }),
    en: [f('secondary', (v) => `split the data with 20% test and ${v}`), f('secondary', (v) => `make the dataset: test 20%, ${v}`)],
    zh: [f('secondary', (v) => `切分資料集，測試 20%，${v}`), f('secondary', (v) => `產生資料集，測試集 20%，${v}`)],
  },
  {
    group: 'panel',
    stages: ['trained'],
    values: PANELS,
    expect: (v: string) => one('switch_panel', { panel_name: v }),
    en: [
      f('imperative', (v) => `switch to the ${v} panel`),
      f('synonym', (v) => `open the ${v} tab`),
      f('chat', (v) => `go to ${v} view`),
      f('polite', (v) => `could you bring up the ${v} page?`),
    ],
    zh: [f('imperative', (v) => `切換到${v}面板`), f('synonym', (v) => `打開${v}頁面`), f('polite', (v) => `請切到${v}的分頁`)],
  },
  {
    group: 'model-for-training',
    stages: ['dataset_ready'],
    values: MODELS,
    expect: (v: ModelName) => one('set_model', { model_name: v }),
    en: [f('precedence', (v) => `use ${v} for training`), f('precedence', (v) => `I want ${v} as the model for training`)],
    zh: [f('precedence', (v) => `這次訓練的模型用 ${v}`), f('precedence', (v) => `訓練要用的模型選 ${v}`)],
  },
  {
    group: 'quoted-label',
    stages: ['data_loaded'],
    values: LABELS,
    expect: (v: string) => one('edit_events', { rename: { T1: v } }),
    en: [f('quoted', (v) => `rename T1 to "${v}"`), f('quoted', (v) => `change the label T1 to '${v}'`)],
    zh: [f('quoted', (v) => `把 T1 改名為「${v}」`), f('quoted', (v) => `T1 重新命名成 "${v}"`)],
  },
  {
    group: 'negated-only',
    stages: PRE,
    values: NONE,
    expect: () => ({ tools: [], args: [] }),
    en: [
      f('negation', () => `don't clear the dataset`),
      f('negation', () => `please do not reset the preprocessing`),
      f('negation', () => `never wipe my data`),
      f('negation', () => `I don't want you to delete anything`),
    ],
    zh: [f('negation', () => `不要清除資料`), f('negation', () => `千萬別重設前處理`), f('negation', () => `請勿刪除任何資料`)],
  },
  {
    group: 'plot-erp',
    stages: ['preprocessed'],
    values: CHANNEL_SETS,
    expect: (v: string[]) => one('plot_epochs', { kind: 'erp', channels: v }),
    en: [f('imperative', (v) => `plot the ERP of ${v}`), f('synonym', (v) => `show me the average evoked response at ${v}`)],
    zh: [f('imperative', (v) => `畫出 ${v} 的 ERP`), f('synonym', (v) => `顯示 ${v} 的事件相關電位`)],
  },
  // secondary settings in one sentence
  {
    group: 'secondary:bandpass-iir',
    stages: PRE,
    values: BANDS.slice(0, 3),
    expect: (v: Band) => one('apply_bandpass_filter', { low_freq: v[0], high_freq: v[1], method: 'iir' }),
    en: [f('secondary', (v) => `band-pass ${v} with an IIR filter`), f('secondary', (v) => `use a Butterworth IIR, band-pass ${v}`)],
    zh: [f('secondary', (v) => `用 IIR 濾波器帶通 ${v}`)],
  },
  {
    group: 'secondary:split-session',
    stages: ['preprocessed'],
    values: TEST_SHARES.slice(0, 3),
    expect: (v: number) => one('generate_dataset', { test_ratio: v, split_strategy: 'session' }),
    en: [f('secondary', (v) => `split by session with ${v}`), f('secondary', (v) => `generate the dataset, ${v}, split across sessions`)],
    zh: [f('secondary', (v) => `依 session 切分資料集，${v}`)],
  },
  {
    group: 'secondary:train-batch',
    stages: MODEL,
    values: EPOCH_COUNTS.filter((v) => ['50', 'words', 'hundred'].includes(v.id)),
    expect: (v: number) => ({ tools: ['configure_training', 'start_training'], args: [{ epoch: v, batch_size: 16 }, null] }),
    en: [f('secondary', (v) => `train for ${v} epochs with a batch size of 16`), f('secondary', (v) => `batch size 16, then train ${v} epochs`)],
    zh: [f('secondary', (v) => `batch size 16，訓練${v}個 epoch`)],
  },
  {
    group: 'secondary:lr-optimizer',
    stages: MODEL,
    values: RATES_LR.filter((v) => ['sci', 'dec'].includes(v.id)),
    expect: (v: number) => one('configure_training', { learning_rate: v, optimizer: 'sgd' }),
    en: [f('secondary', (v) => `use SGD with a learning rate of ${v}`), f('secondary', (v) => `set lr to ${v} and switch the optimizer to sgd`)],
    zh: [f('secondary', (v) => `優化器改 SGD，學習率 ${v}`)],
  },
  // compounds, in order
  {
    group: 'compound:bandpass-resample',
    stages: PRE,
    values: RATES.filter((v) => ['128', 'half', 'quarter'].includes(v.id)),
    expect: (v: number) => ({ tools: ['apply_bandpass_filter', 'resample_data'], args: [{ low_freq: 8, high_freq: 30 }, { rate: v }] }),
    en: [f('compound', (v) => `band-pass 8 to 30 Hz, then resample to ${v}`), f('compound', (v) => `bandpass 8-30 Hz and downsample to ${v}`)],
    zh: [f('compound', (v) => `先帶通 8 到 30 Hz，再降頻到${v}`), f('compound', (v) => `帶通 8-30 Hz 然後重新取樣到${v}`)],
  },
  {
    group: 'compound:notch-epoch',
    stages: PRE,
    values: MAINS.filter((v) => ['60', 'tw', 'eu'].includes(v.id)),
    expect: (v: number) => ({ tools: ['apply_notch_filter', 'epoch_data'], args: [{ freq: v }, { t_min: 0, t_max: 4 }] }),
    en: [f('compound', (v) => `notch ${v}, then epoch 0 to 4 s around T1 and T2`)],
    zh: [f('compound', (v) => `先陷波 ${v}，再以 T1、T2 切 0 到 4 秒`)],
  },
  // a negated destructive step beside the request: only the request runs
  {
    group: 'negation',
    stages: PRE,
    values: BANDS.slice(0, 3),
    expect: (v: Band) => one('apply_bandpass_filter', { low_freq: v[0], high_freq: v[1] }),
    en: [
      f('negation', (v) => `don't clear the dataset, just band-pass ${v}`),
      f('negation', (v) => `band-pass ${v} but do not reset the preprocessing`),
      f('negation', (v) => `without wiping anything, filter ${v}`),
    ],
    zh: [f('negation', (v) => `不要清除資料，幫我帶通 ${v}`), f('negation', (v) => `帶通 ${v}，別重設前處理`)],
  },
  // a correction without a verb in the next turn
  {
    group: 'correction:resample',
    stages: PRE,
    values: RATES.filter((v) => ['128', 'half', 'quarter', 'pow'].includes(v.id)),
    expect: (v: number) => one('resample_data', { rate: v }),
    en: [
      f('correction', (v) => `sorry, I meant ${v}`, ['resample to 100 Hz']),
      f('correction', (v) => `no, make it ${v}`, ['resample to 100 Hz']),
      f('correction', (v) => `hmm, ${v} instead`, ['resample to 100 Hz']),
    ],
    zh: [
      f('correction', (v) => `不對，是${v}`, ['重新取樣到 100 Hz']),
      f('correction', (v) => `改成${v}`, ['重新取樣到 100 Hz']),
      f('correction', (v) => `換成${v}`, ['重新取樣到 100 Hz']),
    ],
  },
  {
    group: 'correction:notch',
    stages: PRE,
    values: MAINS.filter((v) => ['50', 'eu', 'tw'].includes(v.id)),
    expect: (v: number) => one('apply_notch_filter', { freq: v }),
    en: [f('correction', (v) => `actually ${v}`, ['notch 55 Hz']), f('correction', (v) => `wait, I meant ${v}`, ['notch 55 Hz'])],
    zh: [f('correction', (v) => `不對，${v}才對`, ['陷波 55 Hz'])],
  },
];

/** Every frame of every group, with its id (the unit of the tune/held split). */
export function requestFrames(): RequestFrame[] {
  const out: RequestFrame[] = [];
  for (const g of GROUPS)
    for (const lang of ['en', 'zh'] as const)
      g[lang].forEach((spec, i) =>
        out.push({
          id: `${g.group}/${lang}/${spec.family}/${i}`,
          group: g.group,
          lang,
          family: spec.family,
          stages: g.stages,
          values: g.values.filter((v) => v[lang] !== undefined),
          before: spec.before,
          make: spec.make,
          expect: g.expect as RequestFrame['expect'],
        }),
      );
  return out;
}

/** Every probe: frames × value forms × stages, each with its expected call computed from the Study's facts. */
export function requestProbe(): RequestProbe[] {
  const out: RequestProbe[] = [];
  for (const fr of requestFrames())
    for (const v of fr.values)
      for (const stage of fr.stages) {
        const facts = studyFacts(stage);
        const text = fr.make(v[fr.lang] as string);
        out.push({
          id: `${fr.id}#${v.id}@${stage}`,
          frame: fr.id,
          group: fr.group,
          family: fr.family,
          lang: fr.lang,
          half: frameHalf(fr.id),
          stage,
          turns: [...(fr.before ?? []), text],
          expect: fr.expect(v.value(facts), facts),
        });
      }
  return out;
}
