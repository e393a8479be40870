import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildKbIndex, KbRetriever } from '../../../src/core/rag/knowledgeBase';
import { AgentController } from '../../../src/core/agent/controller';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { mockSession } from '../../../src/core/agent/simulatedStudy';
import { isStudyQuestion as readsStudy, readStudyFor, studyFactsFromPrompt, studyTopics } from '../../../src/core/agent/studyAnswer';
import { isStudyQuestion, splitTurn } from '../../../src/core/agent/questionSplit';
import { planTurn } from '../../../src/core/agent/router';
import { binomialChanceThreshold, binomialTail } from '../../../src/core/evaluation/metrics';
import { countEvents } from '../../../src/core/io/events';
import { minSamples } from '../../../src/core/training/models';
import type { LlmClient } from '../../../src/core/agent/llm';
import { definitionByName } from '../../../src/core/tools/definitions';
import type { XBrainSession } from '../../../src/core/session';
import type { Stage } from '../../../src/core/study/types';
import { repoRoot } from '../helpers/paths';
import { ScriptedLlm } from './scripted';
import { useFreshTrainer } from './simulatedTrainer';

useFreshTrainer();

/**
 * "What is my test accuracy?", "我現在資料的取樣率": a question about the user's own Study is answered from the Study
 * (read only: no tool runs, nothing changes, nothing is asked) and then with the knowledge base's advice. The facts
 * asserted below are read from the simulated Study's own state, at several stages.
 */
let retriever: KbRetriever;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'xbrain-study-answer-kb-'));
  await buildKbIndex(join(repoRoot, 'knowledge_base'), dir);
  retriever = await KbRetriever.open(dir);
}, 120_000);

/** A simulated Study at `stage`; 'evaluated' is the trained stage after a confirmed evaluate. */
async function studyAt(stage: Stage | 'evaluated'): Promise<XBrainSession> {
  const session = await mockSession(
    { workspace: mkdtempSync(join(tmpdir(), 'xbrain-study-answer-')), packageRoot: repoRoot, trusted: true },
    stage === 'evaluated' ? 'trained' : stage,
  );
  if (stage === 'evaluated') expect((await session.invoke('evaluate', {}, { confirmed: true })).type).not.toBe('error');
  return session;
}

async function ask(session: XBrainSession, question: string, llm: LlmClient = new OfflinePlanner()) {
  const before = session.study.state;
  let asked = 0;
  const agent = new AgentController({
    llm,
    session,
    retriever,
    confirm: async () => {
      asked++;
      return true;
    },
  });
  const r = await agent.run(question);
  expect(session.study.state, `a question about the Study changed it: ${question}`).toBe(before);
  // at most a read-only tool ("how many trials per class do I have?" also reads get_dataset_info, as before)
  for (const c of r.calls) expect(definitionByName.get(c.tool)?.mutates, `${question} ran ${c.tool}`).toBe(false);
  expect(asked, 'a question about the Study asked for confirmation').toBe(0);
  return r;
}

const body = (answer: string) => answer.replace(/\n*Sources:[\s\S]*$/, '');
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

describe('which questions read the Study', () => {
  it('first person (or "now") and a quantity the Study holds, in English and Chinese', () => {
    const cases: [string, string][] = [
      ['what is my test accuracy?', 'results'],
      ['how accurate is my model on the test set?', 'results'],
      ['how many epochs per class do I have?', 'classes'],
      ['what sampling rate is my data now?', 'sampling'],
      ['which filters did I apply?', 'filters'],
      ['which model and settings will training use?', 'training'],
      ['how many trials are in my test split?', 'split'],
      ['is my accuracy above chance?', 'significance'],
      ['why is my accuracy at chance?', 'diagnosis'],
      ['我的測試準確率是多少', 'results'],
      ['我現在資料的取樣率', 'sampling'],
      ['我的 test set 有幾個 trial', 'split'],
      ['我的結果有顯著高於機率嗎', 'significance'],
      ['我套用了哪些濾波？', 'filters'],
      ['為什麼我的準確率停在機率附近', 'diagnosis'],
      ['how many subjects are in my data?', 'recordings'],
      ['我的資料裡面有幾個受試者', 'recordings'],
      ['S002R04 那個檔案有被拿去訓練嗎', 'recordings'],
      ['are my epochs long enough for EEGNet?', 'window'],
      ['我的 epoch 一個有幾個 sample', 'window'],
      ['我 val 跟 train 各分到幾個 trial', 'split'],
      ['我的資料是用什麼方式切 train/test 的', 'split'],
      ['did I apply a notch filter for the 60 Hz mains?', 'filters'],
      ['what was the test accuracy?', 'results'],
      ['資料的取樣率是多少', 'sampling'],
    ];
    for (const [q, topic] of cases) {
      expect(studyTopics(q)[0], q).toBe(topic);
      // answered (from the Study and the knowledge base), never planned as a step that changes it
      expect(splitTurn(q).requests, q).toEqual([]);
      expect(planTurn(q).knowledge, q).toEqual([q]);
      expect(planTurn(q).route, q).toBe(isStudyQuestion(q) ? 'operation' : 'qa');
    }
    // requests that name a Study quantity stay requests
    for (const r of ['train now', 'resample to three quarters of the current sampling rate', '把取樣率降到現在的四分之一', '陷波濾波，我們的資料是在德國收的'])
      expect(studyTopics(r), r).toEqual([]);
  });

  it("methods questions, the user's own figures and how-to questions are not about the Study", () => {
    for (const q of [
      'what is kappa?',
      'kappa 是什麼',
      'how many epochs should I train for?',
      'what is the Nyquist frequency?',
      'is 62% on 40 trials significant? 2 classes',
      'my acc is 55% on 2 classes with 48 test trials, above chance?',
      '我的測試集 40 個 trial、二分類拿到 62%，這樣算顯著嗎？',
      'how do I compute my accuracy?',
      'which sampling rate should I use for my data?',
      'now, what is kappa?',
      '訓練 loss 一直不下降是為什麼？',
      'Why do we epoch EEG data?',
      'what would clear_dataset do to my epochs?',
      'what is the test set?',
      'how many channels does the PhysioNet data have?',
    ])
      expect(studyTopics(q), q).toEqual([]);
  });
  it('one module detects both kinds of Study question, and a tool other than the readers named makes either about the tool', () => {
    // questionSplit's isStudyQuestion (used by the offline planner) is studyAnswer's, not a second detector
    expect(isStudyQuestion).toBe(readsStudy);
    for (const q of ['what files does export_epochs write', 'export_epochs 會產生哪些檔案', 'what would clear_dataset do to my sampling rate now?']) {
      expect(isStudyQuestion(q), q).toBe(false);
      expect(studyTopics(q), q).toEqual([]);
    }
    // the Study's own readers do not, nor does a snake_case folder or file name
    expect(studyTopics('what sampling rate does get_dataset_info report for my data now?')).toEqual(['sampling']);
    for (const q of ['which files are in raw/?', 'which files are in raw_data/?', 'what is in the my_runs folder?']) expect(isStudyQuestion(q), q).toBe(true);
  });
});

describe('questions about my Study are answered from it, then from the knowledge base', () => {
  it('before any data: says what is missing and the step that produces it', async () => {
    const session = await studyAt('empty');
    const r = await ask(session, 'what is my test accuracy?');
    expect(body(r.answer)).toMatch(/^From your Study: There is no accuracy yet: no recordings are loaded yet \(load_data loads them\)/);
    const zh = await ask(session, '我的 test set 有幾個 trial');
    expect(body(zh.answer)).toMatch(/^從你的 Study 讀到：還沒有載入資料（load_data/);
  }, 120_000);

  it('after epoching: class counts, filters and sampling rate as the Study holds them; no test set or accuracy yet', async () => {
    const session = await studyAt('preprocessed');
    const state = session.study.state;
    const perClass = countEvents(state.epochs!.labels, state.epochs!.eventId);
    const counts = await ask(session, 'how many epochs per class do I have?');
    for (const [name, n] of Object.entries(perClass)) expect(body(counts.answer)).toContain(`${name} ${n}`);
    expect(body(counts.answer)).toContain(`From your Study: ${state.epochs!.nEpochs} epochs`);

    const filters = await ask(session, 'which filters did I apply?');
    expect(body(filters.answer)).toContain(`Filters applied: ${state.history.find((h) => h.op === 'bandpass_filter')!.description}`);

    const rate = await ask(session, '我現在資料的取樣率');
    expect(body(rate.answer)).toContain(`目前的取樣率是 ${state.recordings[0].sfreq} Hz`);

    const split = await ask(session, 'how many trials are in my test split?');
    expect(body(split.answer)).toMatch(
      /^From your Study: No dataset yet \(generate_dataset splits the epochs into train\/val\/test\), so there is no test set yet/,
    );
    const acc = await ask(session, '我的測試準確率是多少');
    expect(body(acc.answer)).toMatch(/還沒有準確率：還沒有切分資料集/);
  }, 180_000);

  it("after training: the run's test accuracy and test-set size, significance by the binomial test, and that evaluate has not run", async () => {
    const session = await studyAt('trained');
    const state = session.study.state;
    const run = state.runs[0];
    const last = run.metrics[run.metrics.length - 1];
    const nTest = state.dataset!.splits[0].test.length;

    const acc = await ask(session, 'what is my test accuracy?');
    expect(body(acc.answer)).toContain(`its test accuracy was ${pct(last.test!.accuracy)} on ${nTest} test trials`);
    expect(body(acc.answer)).toContain('evaluate has not run yet');

    const split = await ask(session, '我的 test set 有幾個 trial');
    expect(body(split.answer)).toContain(`測試 ${nTest} 個試次`);

    const k = Math.round(last.test!.accuracy * nTest);
    const K = Object.keys(state.epochs!.eventId).length;
    const sig = await ask(session, 'is my accuracy above chance?');
    expect(body(sig.answer)).toContain(`${k} of ${nTest} test trials correct`);
    expect(body(sig.answer)).toContain(`P(X ≥ ${k}) = ${binomialTail(k, nTest, 1 / K).toPrecision(2)}`);
    const need = Math.round(binomialChanceThreshold(nTest, 1 / K)! * nTest);
    expect(body(sig.answer)).toContain(`The smallest significant result is ${need} of ${nTest}`);

    const loss = await ask(session, '我的驗證 loss 是多少');
    expect(body(loss.answer)).toMatch(new RegExp(`訓練 loss (?:\\S+ → )?${last.train.loss.toFixed(3)}，驗證 loss (?:\\S+ → )?${last.val!.loss.toFixed(3)}`));

    const settings = await ask(session, 'which model and settings will training use?');
    expect(body(settings.answer)).toContain(`Model: ${state.model!.name}.`);
    expect(body(settings.answer)).toContain(
      `epoch ${state.training!.epoch}, batch_size ${state.training!.batch_size}, learning_rate ${state.training!.learning_rate}`,
    );
  }, 180_000);

  it('after training: the recordings, what preprocessing was not applied, the split when asked plainly, the loss against ln K', async () => {
    const session = await studyAt('trained');
    const state = session.study.state;
    const files = state.recordings.map((r) => r.path.split(/[\\/]/).pop()!);

    // subjects, sessions and each file's length and events
    const rec = await ask(session, 'how many subjects are in my data?');
    expect(body(rec.answer)).toContain(`${state.recordings.length} recordings loaded, 1 subject`);
    const r0 = state.recordings[0];
    expect(body(rec.answer)).toContain(`${files[0]}: ${Number((r0.nTimes / r0.sfreq).toFixed(1))} s at ${r0.sfreq} Hz`);
    const zhRec = await ask(session, '我的記錄檔每個多長');
    expect(body(zhRec.answer)).toContain(`${files[0]}：${Number((r0.nTimes / r0.sfreq).toFixed(1))} 秒`);

    // the simulated Study is band-passed only: the usual steps it skipped are named
    const pre = await ask(session, 'what preprocessing did I apply, did I re-reference?');
    expect(body(pre.answer)).toMatch(/Not applied: no notch filter, no re-referencing, no resampling, no normalisation\./);

    // "我 val 跟 train…" names the Study without 的; "切 train/test" asks about the split
    const n = state.dataset!.splits[0];
    for (const q of ['我 train 跟 test 分到多少', '我的資料怎麼切 train/test'])
      expect(body((await ask(session, q)).answer), q).toContain(`訓練 ${n.train.length}、驗證 ${n.val.length}、測試 ${n.test.length} 個試次`);

    // a chance diagnosis states the final training loss and ln K
    const run = state.runs[0];
    const loss = run.metrics[run.metrics.length - 1].train.loss;
    const why = await ask(session, 'why is my accuracy so low?');
    expect(body(why.answer)).toContain(`The final training loss is ${loss.toFixed(3)}`);
    expect(body(why.answer)).toMatch(/ln 2 = 0\.693/);
  }, 180_000);

  it("after evaluate: evaluate's figures, its pooled significance, and a chance diagnosis with the knowledge base's checklist", async () => {
    const session = await studyAt('evaluated');
    const state = session.study.state;
    const m = state.evaluations[0].metrics as { accuracy: number; kappa: number; pooled: { n: number; accuracy: number }; baseline: { accuracy: number } };

    const acc = await ask(session, 'how accurate is my model on the test set?');
    expect(body(acc.answer)).toContain(`accuracy ${pct(m.accuracy)}`);
    expect(body(acc.answer)).toContain(`kappa ${m.kappa.toFixed(3)}`);
    expect(body(acc.answer)).toContain(`CSP+LDA baseline on the same split: accuracy ${pct(m.baseline.accuracy)}`);

    const k = Math.round(m.pooled.accuracy * m.pooled.n);
    const zh = await ask(session, '我的結果有顯著高於機率嗎');
    expect(body(zh.answer)).toMatch(/^從你的 Study 讀到：evaluate 的結果/);
    expect(body(zh.answer)).toContain(`${m.pooled.n} 個測試試次答對 ${k} 個`);
    expect(body(zh.answer)).toContain(`P(X ≥ ${k}) = ${binomialTail(k, m.pooled.n, 0.5).toPrecision(2)}`);

    const why = await ask(session, 'why is my accuracy at chance?');
    const run = state.runs[0];
    const train = state.dataset!.splits[0].train.length;
    const steps = run.metrics.length * Math.ceil(train / run.config.batch_size);
    expect(body(why.answer)).toContain(`= ${steps} optimiser step`);
    expect(body(why.answer)).toContain(`of batch ${run.config.batch_size} on ${train} training trials`);
    expect(body(why.answer)).toContain('input_norm=train_fold');
    expect(body(why.answer)).toContain(`CSP+LDA on the same split reaches ${pct(m.baseline.accuracy)}`);
    // then the knowledge base's troubleshooting passage, cited
    expect(why.grounding).toBe('answered');
    expect(why.citations?.map((c) => c.title).join(' ')).toMatch(/chance/i);
    expect(body(why.answer)).toMatch(/\[\d\]/);

    // trained again since: evaluate's figures are of older runs, so the new run's own figures are stated
    expect((await session.invoke('start_training', {}, { confirmed: true, awaitLongJobs: true })).type).not.toBe('error');
    const again = await ask(session, 'what is my test accuracy?');
    expect(body(again.answer)).toContain('evaluate has not run on these runs yet');
    expect(body(again.answer)).not.toContain(`kappa ${m.kappa.toFixed(3)}`);
  }, 240_000);

  it('a methods question is not answered from the Study', async () => {
    const session = await studyAt('trained');
    for (const q of ['what is kappa?', 'how many epochs should I train EEGNet for?']) {
      const r = await ask(session, q);
      expect(r.answer, q).not.toMatch(/From your Study/);
    }
  }, 120_000);

  it('recordings, subjects and files not loaded; the epoch window against the model; steps not applied (data_loaded, preprocessed)', async () => {
    const loaded = await studyAt('data_loaded');
    const files = loaded.study.state.recordings.map((r) => r.path.split(/[\\/]/).pop()!);
    const subjects = await ask(loaded, '我的資料裡面有幾個受試者');
    expect(body(subjects.answer)).toMatch(/^從你的 Study 讀到：載入了 3 個記錄檔/);
    for (const f of files) expect(body(subjects.answer)).toContain(f);
    expect(body(subjects.answer)).toContain('1 位受試者（001）');
    // the workspace's other recording is named as not loaded, and a question that names it is told so
    expect(body(subjects.answer)).toContain('沒有載入：S002R04.edf');
    const named = await ask(loaded, 'was S002R04 used in my training data?');
    expect(body(named.answer)).toMatch(/^From your Study: S002R04 is not loaded/);
    const long = await ask(loaded, 'how long are my recordings?');
    expect(body(long.answer)).toContain(`${files[0]}: ${loaded.study.state.recordings[0].nTimes / loaded.study.state.recordings[0].sfreq} s at`);

    const pre = await studyAt('preprocessed');
    const state = pre.study.state;
    const notch = await ask(pre, 'did I apply a notch filter for the 60 Hz mains?');
    expect(body(notch.answer)).toContain('Not applied: no notch filter');
    expect(body(notch.answer)).toContain('50/60 Hz mains lie above the 30 Hz upper edge');
    expect(body(notch.answer)).toContain('filtering came before epoching');
    const zhNotch = await ask(pre, '我有做 notch 嗎？台灣不是應該 60 Hz 嗎');
    expect(body(zhNotch.answer)).toContain('沒有做：陷波濾波（notch）');

    const e = state.epochs!;
    const need = minSamples('EEGNet', e.sfreq);
    const win = await ask(pre, '我的 epoch 一個有幾個 sample');
    expect(body(win.answer)).toContain(`每個 ${e.nTimes} 個樣本（${e.sfreq} Hz`);
    expect(body(win.answer)).toContain(`EEGNet 在 ${e.sfreq} Hz 至少需要 ${need} 個樣本`);
    const enough = await ask(pre, 'are my epochs long enough for EEGNet?');
    expect(body(enough.answer)).toContain(`the epochs have ${e.nTimes}, ${e.nTimes >= need ? 'long enough' : 'too short'}`);
    // how long a class's event lasts, from the files' annotations (median): does the window cover the task?
    const t1 = state.recordings.flatMap((r) => r.annotations.filter((a) => a.description === 'T1').map((a) => a.duration)).sort((a, b) => a - b);
    expect(body(enough.answer)).toContain(`T1 lasts about ${Number(t1[Math.floor(t1.length / 2)].toFixed(1))} s`);
  }, 180_000);

  it("the Study's own figures quoted are answered from it; figures of the user's own still are not (trained)", async () => {
    const session = await studyAt('trained');
    const state = session.study.state;
    const run = state.runs[0];
    const last = run.metrics[run.metrics.length - 1];
    const split = state.dataset!.splits[0];
    const val = Math.round(100 * last.val!.accuracy);
    const test = Math.round(100 * last.test!.accuracy);
    const q = `val acc ${val}% but test ${test}%... which one do i trust`;
    expect(studyTopics(q, state)).toEqual(['results']);
    // without the Study (or with figures it does not hold) the figures are the user's
    expect(studyTopics(q)).toEqual([]);
    expect(studyTopics('my acc is 62% on 40 trials, is that significant?', state)).toEqual([]);
    // a situation of the user's own, round figures the Study happens to hold, and an export's file name are not quotes
    for (const other of ['i have files at 160 and 250 hz, can i load them together', 'auc 1.0 but accuracy only 60%?? how', '匯出的 X.npy 單位是 uV 嗎'])
      expect(studyTopics(other, state), other).toEqual([]);
    const trust = await ask(session, q);
    expect(body(trust.answer)).toContain(`${Math.round(last.val!.accuracy * split.val.length)}/${split.val.length}`);
    expect(body(trust.answer)).toContain(`one test trial is ${(100 / split.test.length).toFixed(1)} points`);
    expect(body(trust.answer)).toContain('noise');

    const batch = state.training!.batch_size;
    const steps = Math.ceil(split.train.length / batch);
    const zh = await ask(session, `batch size ${batch} 對我的資料會不會太大`);
    expect(body(zh.answer)).toContain(`訓練集 ${split.train.length} 個試次、batch ${batch}：每個 epoch ${steps} 次優化`);

    const split2 = await ask(session, '我 val 跟 train 各分到幾個 trial');
    expect(body(split2.answer)).toContain(`訓練 ${split.train.length}、驗證 ${split.val.length}`);

    // channels the question names, and the test set's majority class from its labels (before evaluate)
    const names = state.recordings[0].channels.map((c) => c.name);
    const chans = await ask(session, 'do I have C3 and Cz in my data?');
    expect(body(chans.answer)).toContain(names.includes('C3') && names.includes('Cz') ? "C3, Cz are among the recordings' channels" : 'not among');
    const labels = [...split.test].map((i) => state.epochs!.labels[i]);
    const top = Math.max(...[...new Set(labels)].map((l) => labels.filter((x) => x === l).length));
    const majority = await ask(session, "what's my majority class accuracy?");
    expect(body(majority.answer)).toContain(`(${top}/${split.test.length} = ${pct(top / split.test.length)}): always predicting it`);

    const why = await ask(session, '為什麼我的準確率一直在 chance 附近');
    expect(body(why.answer)).toContain(`最後的訓練 loss 是 ${last.train.loss.toFixed(3)}`);
    expect(body(why.answer)).toContain(`ln 2 = ${Math.log(2).toFixed(3)}`);
  }, 180_000);

  it('over- and underfitting, a loss quoted against ln K, leakage, the majority class, the significance threshold, the device and the baseline (trained, en + zh)', async () => {
    const session = await studyAt('trained');
    const state = session.study.state;
    const run = state.runs[0];
    const last = run.metrics[run.metrics.length - 1];
    const split = state.dataset!.splits[0];
    const K = Object.keys(state.epochs!.eventId).length;
    const learned = last.train.accuracy > 1 / K + 0.15;

    // the training figures against the held-out ones, and a verdict that follows from them
    const fit = await ask(session, 'is my model overfiting');
    expect(body(fit.answer)).toContain(`training ${pct(last.train.accuracy)} (${split.train.length} trials`);
    expect(body(fit.answer)).toContain(`validation ${pct(last.val!.accuracy)} (${split.val.length} trials`);
    if (!learned) expect(body(fit.answer)).toContain('No sign of overfitting');
    const zhFit = await ask(session, '我的模型有過擬合嗎');
    expect(body(zhFit.answer)).toContain(`訓練 ${pct(last.train.accuracy)}`);
    if (!learned) expect(body(zhFit.answer)).toContain('沒有過擬合的跡象');

    // the test loss as the user reads it off (three decimals, truncated) is the Study's: compared with ln K
    const quoted = (Math.floor(last.test!.loss * 1000) / 1000).toFixed(3);
    const loss = await ask(session, `my test loss is ${quoted}, what does that tell me`);
    expect(body(loss.answer)).toContain(`test loss ${last.test!.loss.toFixed(3)}`);
    expect(body(loss.answer)).toContain(`ln ${K} = ${Math.log(K).toFixed(3)} is the cross-entropy of guessing 1/${K} (chance)`);

    // leakage: the split audit and what a trial split keeps together
    const leak = await ask(session, 'is there leakage in my split?');
    expect(body(leak.answer)).toContain(`Split audit: overlap ${state.dataset!.audit.overlap}`);
    expect(body(leak.answer)).toContain('within-session estimate');
    const zhLeak = await ask(session, '我的資料切分有沒有洩漏？');
    expect(body(zhLeak.answer)).toContain(`重疊 ${state.dataset!.audit.overlap}`);

    // the test set's majority class, read from its labels
    const labels = [...split.test].map((i) => state.epochs!.labels[i]);
    const top = Math.max(...[...new Set(labels)].map((l) => labels.filter((x) => x === l).length));
    const majority = await ask(session, 'majority class baseline on my test set?');
    expect(body(majority.answer)).toContain(`${top}/${split.test.length} = ${pct(top / split.test.length)}`);

    // the significance threshold of the user's own test set, asked in Chinese without 我的 and in English with "need"
    const need = Math.round(binomialChanceThreshold(split.test.length, 1 / K)! * split.test.length);
    for (const q of ['我要在 test 對幾個才算顯著', 'how many do I need correct on my test set to be significant?']) {
      expect(studyTopics(q, state)[0], q).toBe('significance');
      expect(body((await ask(session, q)).answer), q).toMatch(new RegExp(`${need}/${split.test.length}|${need} of ${split.test.length}`));
    }

    // the device training ran on, and the setting a GPU would need
    const gpu = await ask(session, '我是用 GPU 在訓練嗎');
    expect(body(gpu.answer)).toContain(`device ${state.training!.device}`);
    if (state.training!.device === 'cpu') expect(body(gpu.answer)).toContain('configure_training(device="cuda"');

    // the epochs' baseline correction as epoch_data applied it
    const base = await ask(session, '我的 baseline 是怎麼設的？有影響嗎');
    if (state.epochs!.tmin === 0 && state.epochs!.baseline?.[1] === 0) {
      expect(body(base.answer)).toContain('baseline (None, 0)');
      expect(body(base.answer)).toContain('只有 t = 0 秒那一個樣本');
    }
  }, 240_000);

  it('the data scale, what epoch_data kept and dropped, why training stopped, the montage not set (trained, en + zh)', async () => {
    const session = await studyAt('trained');
    const state = session.study.state;
    const run = state.runs[0];
    expect(body((await ask(session, 'is my data in volts or microvolts?')).answer)).toMatch(/^From your Study: Input scale: the epochs' SD is about /);
    const ep = state.history.find((h) => h.op === 'epoch_data')!;
    const kept = ep.design!.kept_per_recording as number[];
    expect(body((await ask(session, '我的 epoch 有幾個被丟掉')).answer)).toContain(`epoch_data 每個記錄檔保留 ${kept.join('、')} 個`);
    const stop = `why did my training stop after ${run.metrics.length} epoch?`;
    expect(studyTopics(stop, state)[0]).toBe('diagnosis');
    expect(body((await ask(session, stop)).answer)).toContain(
      `${run.metrics.length} epoch${run.metrics.length === 1 ? '' : 's'} (${run.config.epoch} configured)`,
    );
    if (!state.montage) expect(body((await ask(session, 'which montage do I have?')).answer)).toContain('set_montage sets one');
  }, 180_000);

  it('before training, the same questions name the step that would produce the figure (preprocessed)', async () => {
    const session = await studyAt('preprocessed');
    expect(body((await ask(session, 'is my model overfitting?')).answer)).toMatch(
      /^From your Study: There is no training curve yet: no dataset yet \(generate_dataset/,
    );
    expect(body((await ask(session, 'is there leakage in my split?')).answer)).toMatch(/^From your Study: No dataset yet \(generate_dataset/);
    expect(body((await ask(session, '我的模型有過擬合嗎')).answer)).toMatch(/^從你的 Study 讀到：還沒有訓練紀錄：還沒有切分資料集（generate_dataset/);
  }, 120_000);

  it('indirect own-Study questions: a bare set figure, a judgement of the result, a summary, a why naming chance, a request beside (trained, en + zh)', async () => {
    const session = await studyAt('trained');
    const state = session.study.state;
    const run = state.runs[0];
    const m = run.metrics[run.metrics.length - 1];
    const split = state.dataset!.splits.find((sp) => sp.id === run.splitId)!;
    const nTest = split.test.length;
    const correct = Math.round(m.test!.accuracy * nTest);
    const K = Object.keys(state.epochs!.eventId).length;
    const need = Math.round(binomialChanceThreshold(nTest, 1 / K)! * nTest);
    // recognised as about the Study, in both languages, with the topic that answers
    const cases: [string, string][] = [
      ['ok training finished. test acc??', 'results'],
      ['test acc 多少', 'results'],
      ['我的結果可以寫進論文嗎？', 'significance'],
      ['我這個結果可以投稿嗎', 'significance'],
      ['can I publish this?', 'significance'],
      ['did the model learn anything?', 'significance'],
      ['為什麼我的模型準確率卡在機率水準？', 'diagnosis'],
      ['why is my accuracy stuck at the chance level?', 'diagnosis'],
      ['what does my dataset look like, give me a summary', 'recordings'],
      ['per class recall on my test set', 'results'],
      // a request sentence beside the question is the controller's; the question still reads the Study
      ['我的結果顯著嗎？不顯著的話幫我改成 5 折交叉驗證', 'significance'],
      // "train acc" names a set, not the request "train"
      [`train acc 才 ${pct(m.train.accuracy).replace('%', '')}%，是不是學習率太小`, 'results'],
      // "55%" cuts the Study's own figure to its whole percent
      [`is ${Math.floor(100 * m.test!.accuracy)}% on my test set significant or just luck`, 'significance'],
    ];
    for (const [q, t] of cases) expect(studyTopics(q, state)[0], q).toBe(t);
    // …and still not: a step asked as a method, a definition of a reader's output, advice citing a paper, a request
    for (const q of [
      'is z-scoring the data before the split leakage?',
      'what is the split audit in get_dataset_info',
      '我看論文說 EEGNet 要 500 epoch，我需要嗎',
      'train the model now',
      'how do I publish a dataset on OpenNeuro?',
    ])
      expect(studyTopics(q, state), q).toEqual([]);
    // the figure and the reason: the publishing judgement states the test set, the significance threshold and the subjects
    const pub = body((await ask(session, '我的結果可以寫進論文嗎？')).answer);
    expect(pub).toMatch(/^從你的 Study 讀到：/);
    expect(pub).toContain(`${nTest} 個測試試次答對 ${correct} 個`);
    expect(pub).toContain(`${need}/${nTest}`);
    expect(pub).toContain('位受試者');
    const why = body((await ask(session, 'why is my accuracy stuck at the chance level?')).answer);
    expect(why).toContain(`${correct} of ${nTest} test trials correct`);
    expect(why).toContain(`${count(run.metrics.length, 'epoch')} (${run.config.epoch} configured)`);
    // where the Study cannot answer (evaluate has not run), the step that would produce the figure
    // (read directly: the offline planner also proposes evaluate for this verbless turn, which a confirmation would run)
    expect(readStudyFor('per class recall on my test set', state)!.facts.join(' ')).toContain(
      'evaluate has not run yet: it reports kappa, the balanced accuracy (the mean of the per-class recalls), per-class precision and recall',
    );
    // the test set's classes as counts beside its majority class
    const labels = [...split.test].map((i) => state.epochs!.labels[i]);
    const names = Object.fromEntries(Object.entries(state.epochs!.eventId).map(([k, v]) => [v, k]));
    const byClass = new Map<string, number>();
    for (const l of labels) byClass.set(names[l], (byClass.get(names[l]) ?? 0) + 1);
    const majority = body((await ask(session, 'my accuracy is exactly the majority class rate. coincidence?')).answer);
    for (const [c, n] of byClass) expect(majority).toContain(`${n} ${c}`);
    const summary = body((await ask(session, 'what does my dataset look like, give me a summary')).answer);
    expect(summary).toContain(`${state.recordings[0].sfreq} Hz`);
    expect(summary).toContain(`train ${split.train.length}, validation ${split.val.length}, test ${nTest} trials`);
  }, 240_000);

  it('after evaluate, per-class recall and precision are read from it; before a dataset, the judgement names the missing step (evaluated, dataset_ready)', async () => {
    const evaluated = await studyAt('evaluated');
    const ev = evaluated.study.state.evaluations[evaluated.study.state.evaluations.length - 1].metrics;
    const per = ev.pooled.perClass.length ? ev.pooled.perClass : ev.perClass;
    const recall = body((await ask(evaluated, '我的 test set 每一類的 recall 多少')).answer);
    for (const c of per) expect(recall).toContain(`${c.class} recall ${c.recall.toFixed(2)}`);
    const ready = await studyAt('dataset_ready');
    expect(body((await ask(ready, '我這個結果可以投稿嗎')).answer)).toMatch(/^從你的 Study 讀到：還沒有準確率：還沒有訓練模型（start_training/);
    expect(body((await ask(ready, 'did the model learn anything?')).answer)).toMatch(
      /^From your Study: There is no accuracy yet: nothing has been trained yet \(start_training/,
    );
  }, 240_000);

  it('methods questions that name a figure, a format or a comparison are not about the Study (trained)', async () => {
    const session = await studyAt('trained');
    const state = session.study.state;
    for (const q of [
      'what does AUC 0.5 mean?',
      'AUC 0.5 代表什麼',
      'kappa 0.4 算好還是不好',
      'for 4 classes kappa 0.5 equals what accuracy',
      'XBrain 支援哪些 EEG 檔案格式',
      'EEGNet 用 4 秒的 epoch 會比 2 秒好嗎',
      'baseline 用整段 epoch 的平均可以嗎',
      'what does the split audit check',
      '我想問 kappa 是什麼',
    ])
      expect(studyTopics(q, state), q).toEqual([]);
  });

  it('an endpoint model gets the same facts as context (no samples), and the answer counts as answered without passages', async () => {
    const session = await studyAt('preprocessed');
    const reading = readStudyFor('how many epochs per class do I have?', session.study.state)!;
    const llm = new ScriptedLlm([() => ({ content: `From your Study: ${reading.facts.join(' ')}` })]);
    const r = await ask(session, 'how many epochs per class do I have?', llm);
    const system = llm.requests[0].messages[0].content;
    expect(studyFactsFromPrompt(system)).toEqual(reading.facts);
    // the facts are counts and names: no run of sample values reaches the model
    expect(system).not.toMatch(/(?:-?\d\.\d{4,}(?:e-?\d+)?[,\s]+){8}/);
    expect(r.grounding).toBe('answered');
    expect(r.answer).toContain(reading.facts[0]);
  }, 120_000);
});
