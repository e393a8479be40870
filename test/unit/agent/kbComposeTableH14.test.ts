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
type Row = [category: string, question: string, facts: string[][], cites: RegExp | null];
const NOT_OFFERED: string[][] = [];
const ROWS: Row[] = [
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

let retriever: KbRetriever;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'xbrain-kb-compose14-'));
  await buildKbIndex(join(repoRoot, 'knowledge_base'), dir);
  retriever = await KbRetriever.open(dir);
}, 600_000);

async function ask(question: string) {
  const session = await mockSession({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-kb-compose14-ws-')), packageRoot: repoRoot, trusted: true }, 'trained');
  const before = session.study.state;
  const agent = new AgentController({ llm: new OfflinePlanner(), session, retriever, confirm: async () => false });
  const r = await agent.run(question);
  expect(session.study.state, `"${question}" changed the Study`).toBe(before);
  return r;
}

const body = (answer: string) => answer.replace(/\n*Sources:[\s\S]*$/, '');
/** A first line that says XBrain does not offer it (or the knowledge base does not cover it). */
const SAYS_NOT =
  /\b(?:does not|doesn'?t|do not|don'?t|cannot|can'?t|has no|have no|there is no|not (?:offer|available|support|cover|included))\b|沒有|不支援|不提供|不做|無法|不能|未涵蓋/i;

describe('composition table h14: the figure, verdict or refusal the question asks for, citing only what holds it', () => {
  it('answers the table with its facts and cites the passage that holds them', { timeout: 900_000 }, async () => {
    const wrong: string[] = [];
    const right = new Set<string>();
    for (const [category, question, facts, cites] of ROWS) {
      const r = await ask(question);
      const text = body(r.answer);
      // every [n] in the answer is a cited passage
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
        ok = missing.length === 0 && cited && r.grounding === 'answered';
        why = `missing ${JSON.stringify(missing)}${cited ? '' : ', not cited'} (${r.grounding})`;
      }
      if (ok) right.add(question);
      else wrong.push(`${category}: ${question} — ${why}`);
    }
    expect(ROWS.length).toBeGreaterThanOrEqual(60);
    console.log(`h14 composition table: ${right.size}/${ROWS.length}\n${wrong.join('\n')}`);
    expect(right.size, wrong.join('\n')).toBeGreaterThanOrEqual(FLOOR);
    for (const q of MUST_PASS) expect(right.has(q), q).toBe(true);
  });
});

// main 31ff5ab: 49 of 64; branch h14-kbcompose: 61 (the rows below were wrong on main). Merged with h14-kbretrieve's
// new sections: 60 — "which is smaller, EEGNet or ShallowConvNet?" lost its answer when the batch-normalisation section
// (which has "smaller" and both names) rose to 4th and its sentence outscored "Choosing a model"'s "compact".
const FLOOR = 60;
const MUST_PASS: string[] = [
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
];

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
