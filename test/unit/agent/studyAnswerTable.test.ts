import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mockSession } from '../../../src/core/agent/simulatedStudy';
import {
  answerWithStudy,
  readStudyFor,
  studyFactsAloneInPrompt,
  studyFactsPrompt,
  studyTopics,
  workspaceRecordings,
  type StudyTopic,
} from '../../../src/core/agent/studyAnswer';
import { binomialChanceThreshold } from '../../../src/core/evaluation/metrics';
import { minSamples } from '../../../src/core/training/models';
import type { XBrainSession } from '../../../src/core/session';
import type { StudyState } from '../../../src/core/study/types';
import { repoRoot } from '../helpers/paths';
import { useFreshTrainer } from './simulatedTrainer';

useFreshTrainer();

/**
 * h12-kbstudy's table of own-Study questions about the parts of a Study other than its final accuracy: files and
 * subjects, rates and channels, the preprocessing that ran and its order, the epoch window and baseline, events per
 * class, the split, the model and its settings, how long training ran and which epoch it kept, per-class figures, the
 * chance level of this Study's test set, what to try next, and figures the Study cannot give yet (the step that would).
 * The questions were written for this table (no evaluation file's wording), in English and Traditional Chinese, and
 * asked at six stages. Every expected fact is computed from the Study's own state, never written in.
 */
type TableStage = 'data_loaded' | 'preprocessed' | 'processed' | 'dataset_ready' | 'trained' | 'evaluated';

interface Row {
  stage: TableStage;
  q: string;
  /** the topic the question must be read as (first of studyTopics) */
  topic: StudyTopic;
  /** what the facts must state, from the Study's state */
  facts?: (st: StudyState) => (string | RegExp)[];
  /** true: a value the facts answer alone (no passage, no citation); false: a judgement or reason the passages follow */
  alone?: boolean;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const file = (p: string) => p.split(/[\\/]/).pop()!;
const files = (st: StudyState) => st.recordings.map((r) => file(r.path));
const split0 = (st: StudyState) => st.dataset!.splits[0];
const classesOf = (st: StudyState, idx: Int32Array) => {
  const names = Object.fromEntries(Object.entries(st.epochs!.eventId).map(([k, v]) => [v, k]));
  const n = new Map<string, number>();
  for (const i of idx) n.set(names[st.epochs!.labels[i]], (n.get(names[st.epochs!.labels[i]]) ?? 0) + 1);
  return n;
};
const perClass = (st: StudyState) => classesOf(st, Int32Array.from(st.epochs!.labels.keys()));
const order = (st: StudyState) => [...st.history, ...st.epochHistory].map((h, i) => `${i + 1}. ${h.description}`).join(' → ');
const lastRun = (st: StudyState) => st.runs[st.runs.length - 1];
const testN = (st: StudyState) => split0(st).test.length;
const need = (st: StudyState) => Math.round(binomialChanceThreshold(testN(st), 1 / Object.keys(st.epochs!.eventId).length)! * testN(st));

const TABLE: Row[] = [
  // ---- data_loaded: files, subjects, rates, channels, events; what the Study cannot say yet
  {
    stage: 'data_loaded',
    q: 'which edf files did we load?',
    topic: 'recordings',
    alone: true,
    facts: (st) => [...files(st), 'in the workspace but not loaded: S002R04.edf'],
  },
  {
    stage: 'data_loaded',
    q: '這次載入了哪幾個檔案',
    topic: 'recordings',
    alone: true,
    facts: (st) => [`載入了 ${st.recordings.length} 個記錄檔`, ...files(st)],
  },
  { stage: 'data_loaded', q: 'how many subjects does this study have', topic: 'recordings', alone: true, facts: () => ['1 subject (001)'] },
  { stage: 'data_loaded', q: 'is S002R04 part of my data', topic: 'recordings', facts: () => ['S002R04 is not loaded'] },
  {
    stage: 'data_loaded',
    q: 'what rate were my recordings sampled at',
    topic: 'sampling',
    alone: true,
    facts: (st) => [`now at ${st.recordings[0].sfreq} Hz`, `${st.recordings[0].channels.length} channels`],
  },
  { stage: 'data_loaded', q: '我的資料有幾個 channel', topic: 'channels', alone: true, facts: (st) => [`記錄檔有 ${st.recordings[0].channels.length} 個通道`] },
  { stage: 'data_loaded', q: 'does my data have C4 and Cz', topic: 'channels', facts: () => ["C4, Cz are among the recordings' channels"] },
  { stage: 'data_loaded', q: 'how many T1 events are in our recordings', topic: 'events', alone: true, facts: () => [/T1 24 in all/] },
  {
    stage: 'data_loaded',
    q: 'how long is each of my recordings',
    topic: 'recordings',
    alone: true,
    facts: (st) => [`${files(st)[0]}: ${st.recordings[0].nTimes / st.recordings[0].sfreq} s`],
  },
  { stage: 'data_loaded', q: 'what is my test accuracy', topic: 'results', facts: () => ['there is no accuracy yet: no epochs yet (epoch_data cuts them)'] },
  { stage: 'data_loaded', q: '我的 epoch 從幾秒切到幾秒', topic: 'window', facts: () => ['還沒有切 epoch（epoch_data 會切出 epoch）'] },
  { stage: 'data_loaded', q: 'did I filter my data?', topic: 'filters', facts: () => ['no filter or other preprocessing has been applied yet'] },
  // ---- preprocessed (the simulated band-pass and epoching)
  { stage: 'preprocessed', q: 'which band did my band-pass keep', topic: 'filters', alone: true, facts: () => ['Filtering 8 ~ 30 Hz'] },
  { stage: 'preprocessed', q: 'did I re-reference my data?', topic: 'filters', facts: () => ['not applied: no notch filter, no re-referencing'] },
  { stage: 'preprocessed', q: '這次有做 notch 嗎', topic: 'filters', facts: () => ['沒有做：陷波濾波（notch）', '市電在濾波上限 30 Hz 之上'] },
  {
    stage: 'preprocessed',
    q: "what's the epoch window of my data",
    topic: 'window',
    alone: true,
    facts: (st) => [`the epochs are ${st.epochs!.tmin}–${st.epochs!.tmin + (st.epochs!.nTimes - 1) / st.epochs!.sfreq} s`, `${st.epochs!.nTimes} samples each`],
  },
  {
    stage: 'preprocessed',
    q: '我的 baseline 區間是多少',
    topic: 'window',
    alone: true,
    facts: () => ['基線校正 baseline (None, 0)（epoch_data 的預設', '只有 t = 0 秒那一個樣本'],
  },
  {
    stage: 'preprocessed',
    q: 'how many epochs of each class did epoching keep',
    topic: 'classes',
    alone: true,
    facts: (st) => [...[...perClass(st)].map(([k, n]) => `${k} ${n}`), /T0 \(45 events\) was not epoched/],
  },
  {
    stage: 'preprocessed',
    q: '每一類各有幾個 epoch',
    topic: 'classes',
    alone: true,
    facts: (st) => [...[...perClass(st)].map(([k, n]) => `${k} ${n}`), '多數類'],
  },
  { stage: 'preprocessed', q: 'are my classes balanced?', topic: 'classes', facts: () => [/the largest, majority class T\d is \d+\.\d%/] },
  { stage: 'preprocessed', q: 'how many samples per epoch do I have', topic: 'window', alone: true, facts: (st) => [`${st.epochs!.nTimes} samples each`] },
  {
    stage: 'preprocessed',
    q: 'my nyquist frequency?',
    topic: 'sampling',
    alone: true,
    facts: (st) => [`the Nyquist frequency is ${st.recordings[0].sfreq / 2} Hz`],
  },
  {
    stage: 'preprocessed',
    q: 'how big is my test set',
    topic: 'split',
    facts: () => ['no dataset yet (generate_dataset splits the epochs into train/val/test), so there is no test set yet'],
  },
  {
    stage: 'preprocessed',
    q: 'which model will my training use',
    topic: 'training',
    alone: true,
    facts: () => ['no model chosen with set_model yet (start_training would use EEGNet, the default)'],
  },
  {
    stage: 'preprocessed',
    q: 'are my epochs long enough for ShallowConvNet and SCCNet',
    topic: 'window',
    facts: (st) => [
      `ShallowConvNet needs at least ${minSamples('ShallowConvNet', st.epochs!.sfreq)} samples`,
      `SCCNet needs at least ${minSamples('SCCNet', st.epochs!.sfreq)} samples`,
    ],
  },
  { stage: 'preprocessed', q: 'T0 去哪了？怎麼只有兩類', topic: 'classes', facts: () => ['epoch_data 的 event_id 只取 T1、T2', 'T0（45 個）沒有切成 epoch'] },
  // ---- processed: notch, average reference, band-pass, resampling, epochs from -0.5 s with an explicit baseline
  {
    stage: 'processed',
    q: 'in what order did I run the preprocessing steps?',
    topic: 'filters',
    alone: true,
    facts: (st) => [`in the order they ran: ${order(st)}.`],
  },
  { stage: 'processed', q: '我的前處理順序是什麼', topic: 'filters', alone: true, facts: (st) => [`執行順序：${order(st)}。`] },
  { stage: 'processed', q: 'which notch did we apply', topic: 'filters', alone: true, facts: () => ['Notch 60 Hz'] },
  { stage: 'processed', q: 'what reference is my data in', topic: 'filters', alone: true, facts: () => ['Re-reference: average'] },
  {
    stage: 'processed',
    q: '這次的 baseline 是哪一段',
    topic: 'window',
    alone: true,
    facts: () => ['baseline (-0.5, 0)（與 epoch_data 的預設 (None, 0) 同一段', '減去 -0.5–0 秒的平均'],
  },
  {
    stage: 'processed',
    q: '我的資料現在取樣率多少',
    topic: 'sampling',
    alone: true,
    facts: () => ['目前的取樣率是 128 Hz（Resample 160 → 128 Hz）', 'Nyquist 頻率 64 Hz'],
  },
  { stage: 'processed', q: 'did the filtering come before or after the resampling in my pipeline?', topic: 'sampling', facts: (st) => [order(st)] },
  // ---- dataset_ready: the split; training not run yet
  {
    stage: 'dataset_ready',
    q: 'how was my dataset split',
    topic: 'split',
    alone: true,
    facts: (st) => [`train ${split0(st).train.length}, validation ${split0(st).val.length}, test ${testN(st)} trials`, 'split by trial'],
  },
  {
    stage: 'dataset_ready',
    q: '我的測試集有幾個 trial，驗證集呢',
    topic: 'split',
    alone: true,
    facts: (st) => [`驗證 ${split0(st).val.length}、測試 ${testN(st)} 個試次`],
  },
  { stage: 'dataset_ready', q: 'what seed did my split use', topic: 'split', alone: true, facts: () => ['seed 0'] },
  { stage: 'dataset_ready', q: 'is there any overlap between my train and test sets', topic: 'split', facts: () => ['split audit: overlap 0'] },
  {
    stage: 'dataset_ready',
    q: 'test 裡每一類各有幾個',
    topic: 'classes',
    alone: true,
    facts: (st) => [[...classesOf(st, split0(st).test)].map(([k, n]) => `${k} ${n}`).join('、')],
  },
  {
    stage: 'dataset_ready',
    q: '為什麼我的 validation 只有幾筆？',
    topic: 'split',
    alone: false,
    facts: (st) => [`int(0.2 × ${st.epochs!.labels.length - testN(st)}) = ${split0(st).val.length}`],
  },
  {
    stage: 'dataset_ready',
    q: 'how long did my training take',
    topic: 'training',
    facts: () => ['there is no training run yet: nothing has been trained yet (start_training trains the model)'],
  },
  { stage: 'dataset_ready', q: '我的結果顯著嗎', topic: 'significance', alone: true, facts: () => ['還沒有準確率：還沒有訓練模型（start_training 會訓練）'] },
  {
    stage: 'dataset_ready',
    q: 'how many optimiser steps per epoch will my training take',
    topic: 'training',
    facts: (st) => [`with ${split0(st).train.length} training trials`],
  },
  // ---- trained: the run, its time, the kept epoch, the chance level of this test set, what to try next
  {
    stage: 'trained',
    q: 'how long did my training take',
    topic: 'training',
    alone: true,
    facts: (st) => [
      /^the last run \(EEGNet, Fold_0\) trained on cpu/,
      `for ${lastRun(st).metrics.length} epoch`,
      /the last run's epochs took about \d+\.\d s in all/,
    ],
  },
  { stage: 'trained', q: '訓練花了多久', topic: 'training', facts: () => [/上一次訓練的 epoch 共花了約 \d+\.\d 秒/] },
  {
    stage: 'trained',
    q: "which epoch's weights did my run keep?",
    topic: 'training',
    alone: true,
    facts: (st) => [`the run kept the weights of epoch ${lastRun(st).selectedEpoch ?? lastRun(st).metrics.length} (selection ${lastRun(st).config.selection}`],
  },
  {
    stage: 'trained',
    q: '模型最後選的是第幾個 epoch',
    topic: 'training',
    alone: true,
    facts: (st) => [`保留的是第 ${lastRun(st).selectedEpoch ?? lastRun(st).metrics.length} 個 epoch 的權重（selection ${lastRun(st).config.selection}`],
  },
  {
    stage: 'trained',
    q: '我是不是用測試集挑了最好的 epoch？',
    topic: 'training',
    facts: (st) => [`selection ${lastRun(st).config.selection}`, 'best_test_accuracy'],
  },
  {
    stage: 'trained',
    q: '我的 batch size 跟 optimizer 是什麼',
    topic: 'training',
    alone: true,
    facts: (st) => [`batch_size ${st.training!.batch_size}`, `optimizer ${st.training!.optimizer}`],
  },
  { stage: 'trained', q: 'did my model train on GPU', topic: 'training', facts: () => ['training does not use a GPU: device cpu'] },
  {
    stage: 'trained',
    q: 'how many epochs did the model actually train',
    topic: 'training',
    alone: true,
    facts: (st) => [`for ${lastRun(st).metrics.length} epoch`, `(${lastRun(st).config.epoch} configured)`],
  },
  {
    stage: 'trained',
    q: "what's the chance level for my study",
    topic: 'significance',
    alone: true,
    facts: (st) => ['2 classes (chance 50.0%)', `The smallest significant result is ${need(st)} of ${testN(st)}`],
  },
  { stage: 'trained', q: '這次的準確率有超過機率嗎', topic: 'significance', alone: true, facts: (st) => [`p < 0.05 最少需答對 ${need(st)}/${testN(st)}`] },
  {
    stage: 'trained',
    q: "what's my per-class accuracy",
    topic: 'results',
    facts: () => ['evaluate has not run yet: it reports kappa, the balanced accuracy (the mean of the per-class recalls), per-class precision and recall'],
  },
  { stage: 'trained', q: '我的 kappa 是多少', topic: 'results', facts: () => ['evaluate 還沒有執行：它會算出 kappa'] },
  {
    stage: 'trained',
    q: 'what should I try next to improve my results?',
    topic: 'diagnosis',
    alone: false,
    facts: (st) => [
      `training ran ${lastRun(st).metrics.length} of ${lastRun(st).config.epoch} configured epochs`,
      `the test set has ${testN(st)} trials`,
      'S002R04.edf in the workspace is not loaded (load_data)',
    ],
  },
  {
    stage: 'trained',
    q: '我的模型接下來可以怎麼改進',
    topic: 'diagnosis',
    alone: false,
    facts: (st) => [`訓練只跑了 ${lastRun(st).metrics.length} 個 epoch`, 'generate_dataset 的 unit="kfold"，或 run_protocol'],
  },
  {
    stage: 'trained',
    q: 'what was my validation accuracy',
    topic: 'results',
    alone: true,
    facts: (st) => [
      `validation ${pct(lastRun(st).metrics[0].val!.accuracy)} (${Math.round(lastRun(st).metrics[0].val!.accuracy * split0(st).val.length)}/${split0(st).val.length}`,
    ],
  },
  { stage: 'trained', q: 'how many training trials did the model see', topic: 'split', alone: true, facts: (st) => [`train ${split0(st).train.length}`] },
  {
    stage: 'trained',
    q: 'which files went into my training set',
    topic: 'split',
    facts: (st) => [...files(st), 'test trials come from the same recordings as the training ones'],
  },
  { stage: 'trained', q: '這次訓練的 loss 有下降嗎', topic: 'loss', facts: (st) => [`訓練 loss ${lastRun(st).metrics[0].train.loss.toFixed(3)}`] },
  {
    stage: 'trained',
    q: 'is my model overfitting or underfitting?',
    topic: 'fit',
    alone: true,
    facts: (st) => [`training ${pct(lastRun(st).metrics[0].train.accuracy)} (${split0(st).train.length} trials`],
  },
  {
    stage: 'trained',
    q: 'can I put this result in my thesis?',
    topic: 'significance',
    alone: false,
    facts: (st) => [`${need(st)} of ${testN(st)}`, 'a trial split estimates within-session performance only'],
  },
  // ---- evaluated: evaluate's figures
  { stage: 'evaluated', q: "what's my kappa", topic: 'results', alone: true, facts: (st) => [`kappa ${st.evaluations[0].metrics.kappa.toFixed(3)}`] },
  {
    stage: 'evaluated',
    q: '我的混淆矩陣長怎樣',
    topic: 'results',
    alone: true,
    facts: (st) => [`混淆矩陣（列為真實 T1/T2、欄為預測）：${JSON.stringify(st.evaluations[0].metrics.pooled.confusion)}`],
  },
  {
    stage: 'evaluated',
    q: 'per-class recall in this study?',
    topic: 'results',
    alone: true,
    facts: (st) => st.evaluations[0].metrics.pooled.perClass.map((c) => `${c.class} recall ${c.recall.toFixed(2)}`),
  },
  {
    stage: 'evaluated',
    q: '這個結果跟 CSP+LDA 比起來如何',
    topic: 'results',
    facts: (st) => [`CSP+LDA 基準：準確率 ${pct(st.evaluations[0].metrics.baseline!.accuracy)}`],
  },
  {
    stage: 'evaluated',
    q: "what's the balanced accuracy of my model",
    topic: 'results',
    alone: true,
    facts: (st) => [`balanced accuracy ${pct(st.evaluations[0].metrics.balancedAccuracy)}`],
  },
];

/** Methods questions in the same words the table uses: no Study facts for what they did not ask. */
const METHODS = [
  'what does a notch filter do?',
  'in what order should preprocessing steps run?',
  'which baseline interval is usual for motor imagery epochs?',
  'how is the chance level computed for 4 classes?',
  'what is a good learning rate for EEGNet?',
  'F1 跟 accuracy 我該報哪個',
  'MI 的 epoch 要從 cue 後幾秒開始切',
  'notch 濾波是什麼意思',
  '一般來說驗證集要多大',
  'what does best_val_loss selection mean?',
];

const sessions = new Map<TableStage, XBrainSession>();

async function build(stage: TableStage): Promise<XBrainSession> {
  const base = stage === 'evaluated' ? 'trained' : stage === 'processed' ? 'data_loaded' : stage;
  const session = await mockSession({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-study-table-')), packageRoot: repoRoot, trusted: true }, base);
  const calls: [string, Record<string, unknown>][] =
    stage === 'evaluated'
      ? [['evaluate', {}]]
      : stage === 'processed'
        ? [
            ['apply_notch_filter', { freq: 60 }],
            ['set_reference', { method: 'average' }],
            ['apply_bandpass_filter', { low_freq: 1, high_freq: 40 }],
            ['resample_data', { rate: 128 }],
            ['epoch_data', { t_min: -0.5, t_max: 3.5, event_id: ['T1', 'T2'], baseline: [-0.5, 0] }],
          ]
        : [];
  for (const [tool, args] of calls) expect((await session.invoke(tool, args, { confirmed: true })).type, tool).not.toBe('error');
  return session;
}

beforeAll(async () => {
  for (const stage of ['data_loaded', 'preprocessed', 'processed', 'dataset_ready', 'trained', 'evaluated'] as TableStage[])
    sessions.set(stage, await build(stage));
}, 240_000);

describe("h12-kbstudy's own-Study table (both languages, six stages)", () => {
  it('has 50+ questions in both languages and every stage', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(50);
    expect(TABLE.filter((r) => /[\u4e00-\u9fff]/.test(r.q)).length).toBeGreaterThanOrEqual(15);
    expect(new Set(TABLE.map((r) => r.stage)).size).toBe(6);
  });

  for (const row of TABLE)
    it(`[${row.stage}] ${row.q}`, () => {
      const session = sessions.get(row.stage)!;
      const before = session.study.state;
      const state = session.study.state;
      expect(studyTopics(row.q, state)[0], 'topic').toBe(row.topic);
      const reading = readStudyFor(row.q, state, { workspaceFiles: workspaceRecordings(session.env.workspace) });
      expect(reading, 'read from the Study').not.toBeNull();
      const text = reading!.facts.join(' ');
      for (const f of row.facts?.(state) ?? []) {
        if (typeof f === 'string') expect(text).toContain(f);
        else expect(text).toMatch(f);
      }
      if (row.alone !== undefined) expect(reading!.alone ?? false, 'facts alone').toBe(row.alone);
      // reading never changes the Study
      expect(session.study.state).toBe(before);
    });

  it('methods questions get no Study facts (trained)', () => {
    const state = sessions.get('trained')!.study.state;
    for (const q of METHODS) expect(studyTopics(q, state), q).toEqual([]);
  });

  it('a value or a verdict the Study states is given alone, without passages or citations; a reason keeps the cited passage', () => {
    const state = sessions.get('trained')!.study.state;
    const context =
      '[1] Chance level (metrics.md)\nThe chance level of K balanced classes is 1/K. A result needs a binomial test on the number of test trials.';
    const value = readStudyFor('what filter did i run', state)!;
    expect(value.alone).toBe(true);
    expect(studyFactsAloneInPrompt(studyFactsPrompt(value))).toBe(true);
    const alone = answerWithStudy('what filter did i run', context, value.facts, true);
    expect(alone).toMatch(/^From your Study: Filters applied: Filtering 8 ~ 30 Hz/);
    expect(alone).not.toMatch(/\[\d\]|Sources:/);
    // a verdict the facts state (the binomial test) answers a yes/no alone; a why asks for the passage's reason
    expect(readStudyFor('is my accuracy above chance?', state)!.alone).toBe(true);
    const judged = readStudyFor('why is my accuracy at chance?', state)!;
    expect(judged.alone).toBe(false);
    expect(studyFactsAloneInPrompt(studyFactsPrompt(judged))).toBe(false);
    expect(answerWithStudy('why is my accuracy at chance?', context, judged.facts, false)).toMatch(/\[1\]/);
    // a request beside the question, or a result's quality, also keeps the passages
    expect(readStudyFor('我的結果顯著嗎？不顯著的話幫我改成 5 折交叉驗證', state)!.alone).toBe(false);
    expect(readStudyFor('my kappa, is that good?', state)?.alone ?? false).toBe(false);
  });
});
