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
 * Composition table (issue 19, session h13-kbcompose): 65 methods questions in our own wording, written before reading
 * any evaluation set's failures, in both languages — wrong premises, comparisons, consequences, yes/no, questions
 * carrying the asker's numbers, "what should I report", how to choose a hyper-parameter, one-line shorthand and lab
 * chat. Each row names the facts a right answer contains (every group, any alternative) and the passage it must cite
 * (a title pattern). The table is scored as eval:kb scores; the floor is what the composer reached when the table was
 * written, so a change that loses rows fails here.
 */
type Row = [category: string, question: string, facts: string[][], cites: RegExp];
const ROWS: Row[] = [
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

let retriever: KbRetriever;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'xbrain-kb-compose-'));
  await buildKbIndex(join(repoRoot, 'knowledge_base'), dir);
  retriever = await KbRetriever.open(dir);
});

async function ask(question: string) {
  const session = await mockSession({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-kb-compose-ws-')), packageRoot: repoRoot, trusted: true }, 'trained');
  const before = session.study.state;
  const agent = new AgentController({ llm: new OfflinePlanner(), session, retriever, confirm: async () => false });
  const r = await agent.run(question);
  expect(session.study.state, `"${question}" changed the Study`).toBe(before);
  return r;
}

const body = (answer: string) => answer.replace(/\n*Sources:[\s\S]*$/, '');

describe('composition table: the sentences that answer, citing exactly those', () => {
  it('answers the table with its facts and the passage that holds them, citing only passages it quotes', { timeout: 600_000 }, async () => {
    const wrong: string[] = [];
    const right = new Set<string>();
    for (const [category, question, facts, cites] of ROWS) {
      const r = await ask(question);
      const text = body(r.answer);
      // every cited passage has a sentence in the answer (no citation without its quote)
      for (const m of text.matchAll(/\[(\d+)\]/g)) expect(r.citations?.some((c) => r.retrieved?.[Number(m[1]) - 1]?.uri === c.uri)).toBe(true);
      const missing = missingGroups(text, facts);
      const cited = (r.citations ?? []).some((c) => cites.test(c.title));
      if (missing.length === 0 && cited) right.add(question);
      else wrong.push(`${category}: ${question} — missing ${JSON.stringify(missing)}${cited ? '' : ', not cited'}`);
    }
    expect(ROWS.length).toBeGreaterThanOrEqual(60);
    expect(right.size, wrong.join('\n')).toBeGreaterThanOrEqual(FLOOR);
    // the rows fixed in this session: figures computed from the question's own numbers
    for (const q of MUST_PASS) expect(right.has(q), q).toBe(true);
    // a yes/no question built on a wrong premise opens with the sentence that answers it, not the passage's definition
    const car = await ask('Since CAR removes alpha, should I skip it for motor imagery?');
    expect(body(car.answer)).toMatch(/^CAR approximates a reference-free signal[^[]*good default for motor imagery/);
  });
});

// main 1d48d3e: 48 of 65; with the figures computed from the asker's own numbers (the four rows below): 52
const FLOOR = 52;
const MUST_PASS: string[] = [
  'what happens if I downsample to 64 Hz without a low-pass first?',
  'my data is 512 Hz, can I low-pass at 300 Hz?',
  '100 個 trial，test 0.2、val 0.2，各分幾個？',
  'accuracy 70% with 2 balanced classes, what kappa is that?',
];
