/**
 * Questions about the user's own Study ("what is my test accuracy?", "how many epochs per class do I have?",
 * "我現在資料的取樣率", "is my accuracy above chance?", "why is my accuracy at chance?") are answered from the Study
 * first, then with the knowledge base's advice. This module decides whether a question asks about the Study (general
 * cues: the user's own Study named — my, I have, now, 我的, 目前 — and a quantity the Study holds, no figure of the
 * user's own) and reads the facts that answer it, sample-free, through the functions the read-only tools use:
 * summarizeStudy (get_study_state, get_dataset_info), evaluate's stored results (Study.evaluations), resolveTraining
 * (what start_training will run), the binomial test of evaluation/metrics.ts and the data scale of
 * evaluation/diagnose.ts. It never changes the Study and never calls a tool.
 *
 * The facts are given to every model as context (the controller puts them in the question's system prompt; the
 * offline planner states them, an endpoint model is told to), so chat, `xbrain ask`, notebooks and MCP answer alike.
 */
import { binomialTest, formatPValue } from '../evaluation/metrics';
import { BASELINE_LEAD, epochsSd, runSteps } from '../evaluation/diagnose';
import type { EvaluationMetrics } from '../evaluation/storedEvaluation';
import { resolveTraining } from '../training/adaptiveDefaults';
import { summarizeStudy, type StudySummary } from '../study/summary';
import type { RunRecord, StudyState } from '../study/types';
import { answerFromContext } from './qaComposer';
import { correctTypos } from './understanding/lexicon';

/** A quantity of the Study a question asks about. */
export type StudyTopic =
  | 'results'
  | 'loss'
  | 'significance'
  | 'diagnosis'
  | 'classes'
  | 'counts'
  | 'sampling'
  | 'filters'
  | 'training'
  | 'split'
  | 'channels'
  | 'window'
  | 'events'
  | 'recordings';

/** What was read from the Study for one question. */
export interface StudyReading {
  topics: StudyTopic[];
  /** sentences in the question's language, each a fact read from the Study (or what step would produce it) */
  facts: string[];
}

// ---------------------------------------------------------------- is the question about the user's own Study?

/*
 * Two kinds of question are about the user's own Study, and the router (router.ts planTurn) and the offline planner
 * tell them apart with the two functions below, the only detectors of such questions:
 * - isStudyQuestion: its state, stage, files or loaded data, read by a read-only tool (get_study_state,
 *   get_dataset_info, list_files) on the operation route;
 * - studyTopics: a quantity it holds (accuracy, significance, counts, filters …), answered from the facts read here
 *   and the knowledge base.
 * A question naming any other tool asks about that tool (namesOtherTool) for both.
 */

/**
 * A tool other than the Study's readers named ("what would clear_dataset do to my epochs?", "export_epochs 會產生哪些檔案").
 * A snake_case word in a path or before "folder" ("raw_data/", "data/my_run", "s1_run.edf", "the my_runs folder") names
 * a folder or file, not a tool.
 */
function namesOtherTool(text: string): boolean {
  return [...text.matchAll(/(?<![\w/\\.])[a-z]+_[a-z_]+(?![\w/\\]|\.\w|\s*(?:folder|directory|dir|資料夾|目錄)\b)/gi)].some(
    (m) => !/^(?:list_files|get_dataset_info|get_study_state)$/i.test(m[0]),
  );
}

/**
 * Questions about the user's own Study ("what stage am I in?", "how many trials per class do I have?", "目前的狀態是什麼")
 * are answered by reading it (get_study_state, get_dataset_info, list_files), not from the knowledge base. Anything
 * they would change still needs the user's confirmation (the controller's propose mode).
 */
export function isStudyQuestion(question: string): boolean {
  const s = correctTypos(question.trim());
  if (/^(?:why|為什麼|為何)|\bwhy\b|為什麼|為何|怎麼會/i.test(s)) return false;
  // "what files does export_epochs write", "export_epochs 會產生哪些檔案": the files a tool writes, not the Study's
  const aboutTool = namesOtherTool(s);
  return (
    /\b(?:what|which) stage\b|\bwhere am i\b|\bwhat (?:can|should) i do (?:now|next)\b|\bwhat(?:'s| is)? next\b|\bwhat now\b|\bnow what\b|\bnext step\b|\b(?:the |my )?(?:status|progress|current state|study(?:'s)? state)\b(?! of (?:the )?(?:field|research|art))/i.test(
      s,
    ) ||
    /\bhow many\b.*\b(?:do i have|have i|are (?:there|loaded)|did (?:i|we|it)|(?:in|of) (?:my|the) (?:data|study|dataset|recordings?|files?|epochs?))\b/i.test(
      s,
    ) ||
    (!aboutTool &&
      /\b(?:which|what) (?:eeg |edf |data )?(?:files|recordings)\b(?!\s+(?:do (?:i|we|you) get|does (?:it|xbrain)|will|would|are (?:written|created|exported|produced|saved)|can))|\bwhat(?:'s| is| are)\s+(?:the |my )?(?:current |new )?(?:sampling rate|sample rate|sfreq|number of (?:channels|events|epochs|trials)|channel count|data shape|shape of the data)\b|(?:目前|現在)的?(?:取樣率|通道數)|取樣率是多少|\bwhat(?:'?s| is)(?: (?:sitting|stored|kept|lying))? (?:loaded|in (?:my|the) (?:data|study|workspace|folder|recordings?|dataset))\b|\bwhat(?:'?s| is)(?: (?:sitting|stored|kept|lying))? (?:in|inside|under|within) (?:the |my )?[\w./-]+ (?:folder|directory)\b/i.test(
        s,
      )) ||
    /\bhow (?:well|good) (?:did|does|is|was) (?:the|my) (?:model|training|network|run)\b|\bwhat(?:'s| is| was) (?:my|the model's|the current) (?:accuracy|kappa|score|loss)\b|\bis (?:training|it) (?:still )?(?:running|done|finished)\b/i.test(
      s,
    ) ||
    /(?:目前|現在|我的).*(?:狀態|階段|進度)|(?:狀態|階段|進度).*(?:是什麼|如何|呢)|下一步|我(?:的資料)?有(?:多少|幾)|(?:資料|數據)(?:裡|中)?(?:面)?有(?:多少|幾)|每(?:一)?類(?:各)?有(?:幾|多少)|有(?:幾|多少)個?\s*(?:epoch|trial|試次|事件)|載入了什麼|模型表現如何|訓練(?:得)?怎麼樣/.test(
      s,
    ) ||
    (!aboutTool && /哪些檔案|(?:什麼|甚麼)檔案/.test(s))
  );
}

/**
 * The user's own Study named: "my"/"our" before one of its parts or quantities ("my accuracy", "my test set", "my data"
 * — not "my latencies", "my gpu"), "did I / I have / I applied", the present state ("… now", "current"), or what
 * training will use. "now" opening a sentence ("now, what is kappa?") is a discourse marker, not the Study's present.
 */
const OWN_EN = [
  /\bdid (?:i|we)\b|\b(?:do|have|am) (?:i|we) (?:have|got|get|loaded|applied|used|trained|set|chosen|picked)\b|\b(?:i|we)(?:'ve| have| had| did| got| get| applied| used| trained| loaded| ran| set| picked| chose| currently)\b/i,
  /\S.*\b(?:now|currently|so far|right now|at the moment|at this point)\b|\bcurrent(?:ly)?\b|\bthe (?:model's|study's)\b|\bthis (?:study|run|dataset)\b/i,
  /\b(?:will|would) (?:the )?(?:training|start_training|next run)\b|\btraining (?:will|would) use\b/i,
];
const OWN_ZH =
  /我(?:們)?(?:現在|目前|這邊|這裡)|目前|現在|我(?:們)?(?:有|用了|套用了?|做了|跑了|訓練了|載入了|設了|選了|加了)|(?:訓練|模型)(?:會|將)(?:用|使用)|我(?:們)?\s*(?:(?:val|train|test|validation)\b|資料|數據|檔案|訓練集|測試集|驗證集)/i;
/** The parts of a Study a possessive may name besides its quantities (TOPIC_WORDS). */
const PART_EN = /^(?:data|dataset|study|model|network|net|classifier|recordings?|files?|eeg|runs?|training|test|validation|pipeline)$/i;
const PART_ZH = /資料|數據|模型|網路|研究|記錄|檔案|訓練|測試|驗證|study/i;

/** "my accuracy", "our test set", "我的測試準確率": a possessive before a part or quantity of the Study. */
function ownsStudyPart(q: string): boolean {
  const names = (text: string) => PART_EN.test(text) || PART_ZH.test(text) || TOPIC_WORDS.some(([, re]) => re.test(text));
  for (const m of q.matchAll(/\b(?:my|our)\s+((?:[\w-]+\s+){0,2}[\w-]+)/gi)) if (m[1].split(/\s+/).some(names)) return true;
  for (const m of q.matchAll(/我(?:們)?的\s*([^，。？?！!、；;]{1,10})/g)) if (names(m[1]) || m[1].split(/\s+/).some(names)) return true;
  return false;
}

/** A quantity the Study holds, per topic (English and Traditional Chinese). "epochs" of training go to `training`. */
const TOPIC_WORDS: [StudyTopic, RegExp][] = [
  [
    'results',
    /\baccura(?:cy|te)\b|\bacc\b|\bkappa\b|\bscores?\b|\bperformance\b|\bresults?\b|\bf1\b|\bauc\b|\bconfusion matrix\b|\bhow (?:well|good|bad)\b|準確率|正確率|準確度|表現|成績|結果|分數|混淆矩陣|confusion|\bnot learning\b|\bpredicts? (?:only )?(?:one|the same|a single) class\b|沒學到|學不到|預測同一類|都猜同一類/i,
  ],
  ['loss', /\b(?:val(?:idation)?\s+|train(?:ing)?\s+)?loss(?:es)?\b|損失/i],
  ['classes', /\bper class\b|\beach class\b|\bclass(?:es)?\b|\b(?:im)?balanced?\b|每(?:一)?類|各類|類別|平衡/i],
  ['counts', /\b(?:epochs?|trials?|segments?|samples)\b|試次|epoch|trial|樣本/i],
  ['sampling', /\bsampl\w*\s*(?:rate|frequency|freq)\b|\bsfreq\b|\bsample rate\b|取樣率|採樣率|取樣頻率|採樣頻率/i],
  ['filters', /\bfilter\w*|\bpre-?process\w*|\bband-?pass\b|\bnotch\b|\bhigh-?pass\b|\blow-?pass\b|濾波|前處理|預處理|帶通|陷波|高通|低通/i],
  ['training', /\b(?:which|what) (?:model|network|classifier)\b|哪(?:一)?個模型|什麼模型|(?:模型|網路)(?:是|用)(?:哪|什麼)/i],
  [
    'split',
    /\b(?:test|validation|val|train(?:ing)?) (?:set|split|fold|data|trials?)\b|\bsplits?\b|\bfolds?\b|\btrain\s*\/\s*(?:val|test)\b|\b(?:val|train)\s*(?:跟|和|與|\/)\s*(?:train|val|test)\b|測試集|驗證集|訓練集|切分|分割|分到|test set|test split/i,
  ],
  ['channels', /\bchannels?\b|\belectrodes?\b|通道|電極/i],
  ['window', /\b(?:epoch|time|trial) (?:window|length)\b|\bt_?min\b|\bt_?max\b|\bsamples\b|時間窗|時窗|樣本/i],
  ['events', /\bevents?\b|\blabels?\b|\bmarkers?\b|\bannotations?\b|事件|標籤|標記/i],
  [
    'recordings',
    /\bsubjects?\b|\bparticipants?\b|\bsessions?\b|\b(?:files?|recordings?) (?:long|last)\b|\bhow long\b|\bduration\b|受試者|被試|場次|多長|多久|幾秒/i,
  ],
];
/** A training setting named: the training topic stays next to a result ("my accuracy with this learning rate"). */
const SETTING =
  /\bsettings?\b|\bconfig\w*|\bhyper-?param\w*|\blearning rate\b|\blr\b|\bbatch(?: size)?\b|\boptimi[sz]er\b|\bepochs? (?:did|do|will|of training)\b|訓練了?(?:幾|多少)|設定|超參數|參數|學習率|批次|優化器/i;
/** A size asked for: the split's counts stay next to a result ("how many test trials is my accuracy on"). */
const SIZE = /\bhow (?:many|big|large)\b|\bsize\b|多少|幾|多大/i;

/** Whether a Study result is good enough: significance against chance. */
const SIGNIFICANCE =
  /significan|\babove chance\b|\bbetter than chance\b|\bbeat(?:s|ing)? chance\b|\bover chance\b|p-?value|\bchance level\b|顯著|高於機率|超過機率|機率水準|比機率|贏過機率/i;
/** Why a Study result is what it is, or what to do about it. */
const DIAGNOSIS =
  /\bwhy\b|\bhow come\b|\bwhat(?:'s| is) wrong\b|\bwhat (?:should|can|do) (?:i|we) do\b|\bat chance\b|\bstuck\b|\bnot learning\b|\bso (?:low|bad)\b|為什麼|為何|怎麼會|怎麼回事|怎麼辦|原因|卡在|很低|太低|機率附近|沒學到/i;
/** A methods question, not one about the Study's values ("how do I …", "should I …", "do I need …", "what is a …"). */
const ADVICE =
  /\bshould\b|\brecommend\w*|\bbest\b|\bideal\b|\boptimal\b|\bhow (?:do|can|would|to) (?:i|we|you)\b|\bhow to\b|\b(?:do|does) (?:i|we) need\b|\bmust\b|\bneeds? to\b|\bwhat is (?:a|an)\b|\bwhat does\b.*\bmean\b|建議|推薦|應該|該用|該怎麼|最好|適合|如何|需要嗎|是什麼意思|的意思/i;
/** A request, not a question: it asks for a step ("train now", "resample to the current rate's half", "把取樣率降到…"). */
const REQUEST =
  /^\s*(?:(?:please|pls|now|ok(?:ay)?|then|just)[,\s]+)*(?:resample|downsample|train|retrain|stop|start|filter|apply|set|load|run|split|epoch|use|change|make|notch|band-?pass|re-?reference|normali[sz]e|generate|evaluate|plot|export|clear|reset|select|keep|drop|remove|configure|switch|show|list|tell)\b|^\s*(?:陷波|濾波|帶通|高通|低通|重新取樣|降取樣|降採樣|切段|分段|訓練|套用|執行|載入|設定|改成|改用|換成|開始|停止|評估)|把|幫我|^(?:請|麻煩)(?!問)/i;
/** Names that hold digits (S001R04, 2a, C3, T1, F1): not figures. */
const NAMED_WITH_DIGITS = /\b(?=\w*[a-z])(?=\w*\d)\w+\b/gi;
/** A figure of the user's own ("62%", "40 trials", "160 Hz", "4 類"): the question brings its numbers, the Study's are not asked. */
const OWN_FIGURE = /\d/;

/**
 * The Study quantities a question asks about, or [] for a question that does not ask about the user's own Study
 * ("what is kappa?", "how many epochs should I train for?", "my acc is 62% on 40 trials, significant?").
 */
export function studyTopics(question: string): StudyTopic[] {
  const q = question.trim();
  const diagnosis = DIAGNOSIS.test(q);
  const own = ownsStudyPart(q) || OWN_EN.some((re) => re.test(q)) || OWN_ZH.test(q);
  if (!own || OWN_FIGURE.test(q.replace(NAMED_WITH_DIGITS, ' '))) return [];
  if ((ADVICE.test(q) && !diagnosis) || REQUEST.test(q) || namesOtherTool(q)) return [];
  let topics = TOPIC_WORDS.filter(([, re]) => re.test(q)).map(([t]) => t);
  if (SETTING.test(q) && !topics.includes('training')) topics.push('training');
  // "how many epochs did I train", "訓練了幾個 epoch": epochs of training, not of data
  if (topics.includes('training') && topics.includes('counts') && /\btrain(?:ed|ing)?\b|訓練/i.test(q) && !/\bper class\b|每(?:一)?類|各類/i.test(q))
    topics = topics.filter((t) => t !== 'counts');
  if (topics.length === 0) return [];
  const result = topics.includes('results') || topics.includes('loss');
  if (SIGNIFICANCE.test(q)) topics = ['significance', ...topics.filter((t) => t !== 'results')];
  else if (diagnosis && (result || topics.includes('training'))) topics = ['diagnosis', ...topics.filter((t) => t !== 'results' && t !== 'training')];
  // "why do we epoch EEG data?": a why about anything but a result asks about the method
  else if (diagnosis) return [];
  // "how accurate is my model on the test set": the result is asked, not the model or the split
  if (result || topics[0] === 'diagnosis') {
    if (!SETTING.test(q)) topics = topics.filter((t) => t !== 'training');
    if (!SIZE.test(q)) topics = topics.filter((t) => t !== 'split' && t !== 'counts');
  }
  // "how many trials are in my test split": the split's counts; a count with classes is the class balance; samples are the window's
  if (topics.includes('split') || topics.includes('classes') || topics.includes('window')) topics = topics.filter((t) => t !== 'counts');
  return [...new Set(topics)];
}

// ---------------------------------------------------------------- reading the Study

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
/** "1 epoch", "3 epochs". */
const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The step that would produce what the Study does not have yet. */
function nextStep(s: StudySummary, zh: boolean): string {
  if (!s.recordings.length) return zh ? '還沒有載入資料（load_data 載入記錄檔）' : 'no recordings are loaded yet (load_data loads them)';
  if (!s.epochs) return zh ? '還沒有切 epoch（epoch_data 會切出 epoch）' : 'no epochs yet (epoch_data cuts them)';
  if (!s.dataset)
    return zh ? '還沒有切分資料集（generate_dataset 會切出 train/val/test）' : 'no dataset yet (generate_dataset splits the epochs into train/val/test)';
  if (s.runs.some((r) => r.status === 'running')) return zh ? '訓練還在進行中' : 'training is still running';
  if (!s.runs.length) return zh ? '還沒有訓練模型（start_training 會訓練）' : 'nothing has been trained yet (start_training trains the model)';
  return zh ? 'evaluate 還沒有執行' : 'evaluate has not run yet';
}

/** evaluate's last result, unless a run trained since is not among those it scored (its figures are then of older runs). */
function lastEvaluation(state: StudyState): EvaluationMetrics | null {
  const e = state.evaluations[state.evaluations.length - 1];
  return !e || staleEvaluation(state) ? null : e.metrics;
}

function staleEvaluation(state: StudyState): boolean {
  const e = state.evaluations[state.evaluations.length - 1];
  return !!e && state.runs.some((r) => r.status === 'done' && !e.runIds.includes(r.id));
}

/** One finished (or running) run's figures at the epoch whose weights were kept (else the last), on its test set (else val). */
function runFigures(run: RunRecord, state: StudyState): { set: 'test' | 'val'; acc: number; n: number; epoch: number; train?: number } | null {
  const at = run.selectedEpoch !== undefined ? run.metrics.find((m) => m.epoch === run.selectedEpoch) : undefined;
  const m = at ?? run.metrics[run.metrics.length - 1];
  if (!m) return null;
  const split = state.dataset?.splits.find((s) => s.id === run.splitId);
  if (m.test && split && split.test.length) return { set: 'test', acc: m.test.accuracy, n: split.test.length, epoch: m.epoch, train: m.train.accuracy };
  if (m.val && split && split.val.length) return { set: 'val', acc: m.val.accuracy, n: split.val.length, epoch: m.epoch, train: m.train.accuracy };
  return null;
}

function classCount(state: StudyState): number {
  return state.epochs ? Object.keys(state.epochs.eventId).length : 0;
}

/** The accuracy, test-set size and classes a significance test needs: evaluate's pooled figures, else the runs' own. */
function testedResult(state: StudyState): { acc: number; n: number; k: number; from: 'evaluate' | 'runs'; set: string } | null {
  const ev = lastEvaluation(state);
  if (ev && ev.pooled.n > 0) return { acc: ev.pooled.accuracy, n: ev.pooled.n, k: ev.classes.length, from: 'evaluate', set: ev.split };
  const figures = state.runs
    .filter((r) => r.status !== 'running')
    .map((r) => runFigures(r, state))
    .filter((f) => f !== null);
  const K = classCount(state);
  if (!figures.length || K < 2) return null;
  // the runs' labels pooled, as evaluate pools them
  const n = figures.reduce((a, f) => a + f.n, 0);
  const correct = figures.reduce((a, f) => a + Math.round(f.acc * f.n), 0);
  return { acc: correct / n, n, k: K, from: 'runs', set: figures.every((f) => f.set === 'test') ? 'test' : 'validation' };
}

function resultFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  const ev = lastEvaluation(state);
  const out: string[] = [];
  if (ev) {
    const n = ev.pooled.n;
    const chance = ev.chance;
    const runs = ev.runs.length;
    out.push(
      zh
        ? `evaluate 在${ev.split === 'test' ? '測試集' : ev.split === 'val' ? '驗證集' : '訓練集'}上（${ev.classes.length} 類 ${ev.classes.join('/')}${n ? `，${n} 個試次` : ''}，${runs} 次訓練）：準確率 ${pct(ev.accuracy)}、平衡準確率 ${pct(ev.balancedAccuracy)}、kappa ${ev.kappa.toFixed(3)}；機率水準 ${pct(chance.uniform)}（多數類 ${pct(chance.majority)}）${chance.significant !== null ? `，p < 0.05 需高於 ${pct(chance.significant)}` : ''}。`
        : `evaluate on the ${ev.split} set (${ev.classes.length} classes ${ev.classes.join('/')}${n ? `, ${n} trials` : ''}, ${count(runs, 'run')}): accuracy ${pct(ev.accuracy)}, balanced accuracy ${pct(ev.balancedAccuracy)}, kappa ${ev.kappa.toFixed(3)}; chance ${pct(chance.uniform)} (majority class ${pct(chance.majority)})${chance.significant !== null ? `, significant above ${pct(chance.significant)} at p < 0.05` : ''}.`,
    );
    if (ev.baseline)
      out.push(
        zh
          ? `同一個切分上的 CSP+LDA 基準：準確率 ${pct(ev.baseline.accuracy)}、kappa ${ev.baseline.kappa.toFixed(3)}。`
          : `CSP+LDA baseline on the same split: accuracy ${pct(ev.baseline.accuracy)}, kappa ${ev.baseline.kappa.toFixed(3)}.`,
      );
    return out;
  }
  const running = state.runs.find((r) => r.status === 'running');
  const done = state.runs.filter((r) => r.status !== 'running');
  for (const r of done.slice(0, 3)) {
    const f = runFigures(r, state);
    const trained = r.metrics.length;
    const of = r.config.epoch;
    const head = zh
      ? `訓練 ${r.model.name}（${r.splitName}，第 ${r.repeat} 次）${r.status === 'done' ? '' : `狀態 ${r.status}，`}訓練了 ${trained} 個 epoch（設定 ${of}）`
      : `the ${r.model.name} run (${r.splitName}, repeat ${r.repeat}) ${r.status === 'done' ? '' : `${r.status} after it `}trained ${count(trained, 'epoch')} (${of} configured)`;
    out.push(
      f
        ? zh
          ? `${head}，第 ${f.epoch} 個 epoch 的${f.set === 'test' ? '測試' : '驗證'}準確率是 ${pct(f.acc)}（${f.n} 個${f.set === 'test' ? '測試' : '驗證'}試次${f.train !== undefined ? `；訓練準確率 ${pct(f.train)}` : ''}）。`
          : `${head}; at epoch ${f.epoch} its ${f.set} accuracy was ${pct(f.acc)} on ${f.n} ${f.set} trials${f.train !== undefined ? ` (training accuracy ${pct(f.train)})` : ''}.`
        : zh
          ? `${head}，沒有記錄到測試或驗證準確率。`
          : `${head}; it recorded no test or validation accuracy.`,
    );
  }
  if (done.length > 3) out.push(zh ? `（另有 ${done.length - 3} 次訓練）` : `(${count(done.length - 3, 'more run')}.)`);
  if (running) {
    const last = running.metrics[running.metrics.length - 1];
    out.push(
      zh
        ? `訓練還在進行（第 ${running.metrics.length}/${running.config.epoch} 個 epoch${last?.test ? `，目前測試準確率 ${pct(last.test.accuracy)}` : ''}）。`
        : `training is still running (epoch ${running.metrics.length} of ${running.config.epoch}${last?.test ? `, test accuracy so far ${pct(last.test.accuracy)}` : ''}).`,
    );
  }
  out.push(
    done.length
      ? zh
        ? `evaluate ${staleEvaluation(state) ? '還沒有評估這次訓練' : '還沒有執行'}：它會算出 kappa、機率水準與 CSP+LDA 基準。`
        : `evaluate has not run${staleEvaluation(state) ? ' on these runs' : ''} yet: it reports kappa, the chance level and the CSP+LDA baseline.`
      : zh
        ? `還沒有準確率：${nextStep(s, zh)}，之後再用 evaluate 評估。`
        : `there is no accuracy yet: ${nextStep(s, zh)}, then evaluate scores it.`,
  );
  return out;
}

function significanceFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  const t = testedResult(state);
  if (!t) return resultFacts(state, s, zh);
  const p0 = 1 / t.k;
  const correct = Math.round(t.acc * t.n);
  const { p, significant: sig, need } = binomialTest(correct, t.n, p0);
  const source =
    t.from === 'evaluate'
      ? zh
        ? 'evaluate 的結果'
        : "evaluate's result"
      : zh
        ? '訓練紀錄（evaluate 還沒有執行）'
        : 'the training runs (evaluate has not run yet)';
  const setZh = t.set === 'test' ? '測試' : '驗證';
  return [
    zh
      ? `${source}：${t.k} 類（機率水準 ${pct(p0)}）、${t.n} 個${setZh}試次答對 ${correct} 個（${pct(t.acc)}）；精確單尾二項檢定 p = P(X ≥ ${correct}) = ${formatPValue(p)}，${sig ? '在 p < 0.05 下顯著高於機率水準' : '在 p < 0.05 下沒有顯著高於機率水準'}。${need !== null ? `p < 0.05 最少需答對 ${need}/${t.n}（${pct(need / t.n)}）。` : `${t.n} 個試次即使全對也達不到 p < 0.05。`}`
      : `${source}: ${t.k} classes (chance ${pct(p0)}), ${correct} of ${t.n} ${t.set} trials correct (${pct(t.acc)}); the exact one-sided binomial p = P(X ≥ ${correct}) = ${formatPValue(p)}, so it is ${sig ? 'significantly above chance at p < 0.05' : 'not significantly above chance at p < 0.05'}. ${need !== null ? `The smallest significant result is ${need} of ${t.n} (${pct(need / t.n)}).` : `With ${t.n} trials not even ${t.n} of ${t.n} correct reaches p < 0.05.`}`,
  ];
}

function diagnosisFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  const out = [...(testedResult(state) ? significanceFacts(state, s, zh) : resultFacts(state, s, zh))];
  const run = state.runs.find((r) => r.status !== 'running') ?? state.runs[0];
  if (run) {
    const st = runSteps(run, state.dataset);
    const trainAcc = run.metrics[run.metrics.length - 1]?.train.accuracy;
    if (st)
      out.push(
        zh
          ? `訓練量：${st.epochs} 個 epoch（設定 ${run.config.epoch}）× 每個 epoch ${st.perEpoch} 步 = ${st.steps} 次優化（batch ${st.batch}，${st.train} 個訓練試次），學習率 ${run.config.learning_rate}（${run.config.optimizer}）${trainAcc !== undefined ? `，最後訓練準確率 ${pct(trainAcc)}` : ''}。`
          : `training: ${count(st.epochs, 'epoch')} (${run.config.epoch} configured) × ${count(st.perEpoch, 'step')} per epoch = ${count(st.steps, 'optimiser step')} of batch ${st.batch} on ${st.train} training trials, learning rate ${run.config.learning_rate} (${run.config.optimizer})${trainAcc !== undefined ? `, final training accuracy ${pct(trainAcc)}` : ''}.`,
      );
    // a training loss near ln K is the cross-entropy of guessing 1/K for every trial: the network has not learned yet
    const loss = run.metrics[run.metrics.length - 1]?.train.loss;
    const k = classCount(state);
    if (loss !== undefined && Number.isFinite(loss) && k >= 2) {
      const lnK = Math.log(k);
      const near = Math.abs(loss - lnK) <= 0.1 * lnK;
      out.push(
        zh
          ? `最後的訓練 loss 是 ${loss.toFixed(3)}${near ? `，約等於 ln ${k} = ${lnK.toFixed(3)}：這是每個試次都猜 1/${k} 的交叉熵，網路還沒有學到東西` : `（ln ${k} = ${lnK.toFixed(3)} 是猜測的交叉熵）`}。`
          : `the final training loss is ${loss.toFixed(3)}${near ? `, about ln ${k} = ${lnK.toFixed(3)}: the cross-entropy of guessing 1/${k} for every trial, so the network has not learned yet` : ` (ln ${k} = ${lnK.toFixed(3)} would be guessing)`}.`,
      );
    }
  } else if (s.training)
    out.push(
      zh
        ? `訓練設定：${s.training.epoch} 個 epoch、batch ${s.training.batch_size}、學習率 ${s.training.learning_rate}。`
        : `training configured: ${s.training.epoch} epochs, batch ${s.training.batch_size}, learning rate ${s.training.learning_rate}.`,
    );
  if (state.epochs) {
    const norm = [...state.history, ...state.epochHistory].filter((h) => h.op.startsWith('normalize')).map((h) => h.description);
    const inputNorm = (run?.config ?? state.training)?.input_norm === 'none' ? 'none' : 'train_fold';
    const sd = epochsSd(state.epochs);
    out.push(
      zh
        ? `輸入尺度：epoch 的標準差約 ${sd.toExponential(1)}${sd < 1e-3 ? '（伏特）' : ''}，${norm.length ? `已做 ${norm.join('、')}` : '沒有做 normalize_data'}，input_norm=${inputNorm}${inputNorm === 'train_fold' ? '（訓練時依訓練集標準化）' : '（不標準化）'}。`
        : `input scale: the epochs' SD is about ${sd.toExponential(1)}${sd < 1e-3 ? ' (volts)' : ''}, ${norm.length ? `normalised (${norm.join(', ')})` : 'not normalised with normalize_data'}, input_norm=${inputNorm}${inputNorm === 'train_fold' ? ' (the trainer standardises on each training split)' : ' (no standardisation)'}.`,
    );
    out.push(...classFacts(state, s, zh));
  }
  const ev = lastEvaluation(state);
  if (ev?.baseline) {
    // the comparison evaluation/diagnose.ts makes: a baseline well above the network means the network did not learn
    // what a linear method finds; a baseline at chance too points at the data or the labels
    const significant = ev.chance.significant;
    const lead = ev.baseline.accuracy >= Math.max(significant ?? 0, ev.accuracy + BASELINE_LEAD);
    const atChance = significant !== null && ev.baseline.accuracy <= significant;
    out.push(
      zh
        ? `同一個切分上的 CSP+LDA 基準是 ${pct(ev.baseline.accuracy)}${lead ? '，明顯高於網路：網路沒有學到線性方法找得到的東西' : atChance ? '，也沒有顯著高於機率：問題可能在資料或標籤' : ''}。`
        : `CSP+LDA on the same split reaches ${pct(ev.baseline.accuracy)}${lead ? ', well above the network: the network did not learn what a linear method finds' : atChance ? ', not significantly above chance either: the data or the labels may be the problem' : ''}.`,
    );
  }
  if (ev?.diagnosis) out.push(zh ? `evaluate 的診斷：${ev.diagnosis}` : `evaluate's diagnosis: ${ev.diagnosis}`);
  return out;
}

function classFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.epochs) {
    const events = new Map<string, number>();
    for (const r of s.recordings) for (const [k, n] of Object.entries(r.events)) events.set(k, (events.get(k) ?? 0) + n);
    const list = [...events].map(([k, n]) => `${k} ${n}`).join(', ');
    return [zh ? `${nextStep(s, zh)}${list ? `；記錄檔裡的事件：${list}` : ''}。` : `${nextStep(s, zh)}${list ? `; the recordings hold events ${list}` : ''}.`];
  }
  const per = Object.entries(s.epochs.perClass);
  const max = Math.max(...per.map(([, n]) => n));
  return [
    zh
      ? `共 ${s.epochs.count} 個 epoch，各類：${per.map(([k, n]) => `${k} ${n}`).join('、')}（最多的一類佔 ${pct(max / s.epochs.count)}）。`
      : `${s.epochs.count} epochs, per class ${per.map(([k, n]) => `${k} ${n}`).join(', ')} (the largest class is ${pct(max / s.epochs.count)}).`,
  ];
}

function countFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  return classFacts(state, s, zh);
}

/** Per-class counts of one split's part (labels only). */
function partClasses(state: StudyState, idx: Int32Array, zh: boolean): string {
  const e = state.epochs;
  if (!e) return '';
  const names: string[] = [];
  for (const [name, i] of Object.entries(e.eventId)) names[i] = name;
  const counts = new Map<string, number>();
  for (const i of idx) counts.set(names[e.labels[i]] ?? String(e.labels[i]), (counts.get(names[e.labels[i]] ?? String(e.labels[i])) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`).join(zh ? '、' : ', ');
}

function splitFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.dataset || !state.dataset) return [zh ? `${nextStep(s, zh)}，所以還沒有測試集。` : `${nextStep(s, zh)}, so there is no test set yet.`];
  const c = s.dataset.config;
  const out = [
    zh
      ? `資料集依 ${c.split_strategy} 切分（${c.training_mode}，test_ratio ${c.test_ratio}、val_ratio ${c.val_ratio}），${s.dataset.splits.length} 個切分。`
      : `the dataset is split by ${c.split_strategy} (${c.training_mode} mode, test_ratio ${c.test_ratio}, val_ratio ${c.val_ratio}) into ${count(s.dataset.splits.length, 'split')}.`,
  ];
  state.dataset.splits.slice(0, 5).forEach((sp, i) => {
    const sum = s.dataset?.splits[i];
    if (!sum) return;
    const test = partClasses(state, sp.test, zh);
    out.push(
      zh
        ? `${sp.name}：訓練 ${sum.train}、驗證 ${sum.val}、測試 ${sum.test} 個試次${test ? `（測試集各類 ${test}）` : ''}。`
        : `${sp.name}: train ${sum.train}, validation ${sum.val}, test ${sum.test} trials${test ? ` (test per class ${test})` : ''}.`,
    );
  });
  if (state.dataset.splits.length > 5)
    out.push(zh ? `（另有 ${state.dataset.splits.length - 5} 個切分）` : `(${count(state.dataset.splits.length - 5, 'more split')}.)`);
  for (const w of s.dataset.audit.warnings) out.push(zh ? `切分檢查警告：${w}` : `split audit warning: ${w}`);
  return out;
}

function samplingFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.recordings.length) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const rates = [...new Set(s.recordings.map((r) => r.sfreq))];
  const resampled = state.history.filter((h) => /resampl/i.test(h.op) || /^Resample/.test(h.description)).map((h) => h.description);
  const out = [
    zh
      ? `${s.recordings.length} 個記錄檔目前的取樣率是 ${rates.join('、')} Hz${resampled.length ? `（${resampled.join('、')}）` : '（沒有重新取樣）'}，Nyquist 頻率 ${rates.map((r) => r / 2).join('、')} Hz。`
      : `${s.recordings.length === 1 ? 'the recording is' : `the ${s.recordings.length} recordings are`} now at ${rates.join(', ')} Hz${resampled.length ? ` (${resampled.join('; ')})` : ' (not resampled)'}, so the Nyquist frequency is ${rates.map((r) => r / 2).join(', ')} Hz.`,
  ];
  if (s.epochs && !rates.includes(s.epochs.sfreq)) out.push(zh ? `epoch 的取樣率是 ${s.epochs.sfreq} Hz。` : `the epochs are at ${s.epochs.sfreq} Hz.`);
  return out;
}

function filterFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.recordings.length) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const steps = [...state.history, ...state.epochHistory].filter((h) => h.op !== 'epoch_data' && h.op !== 'window_epoch');
  const filters = steps.filter((h) => /filter|notch/i.test(h.op) || /^(?:Filtering|Notch)/.test(h.description));
  if (!steps.length) return [zh ? '還沒有套用任何濾波或其他前處理。' : 'no filter or other preprocessing has been applied yet.'];
  const out = [
    filters.length
      ? zh
        ? `套用過的濾波：${filters.map((h) => h.description).join('；')}。`
        : `filters applied: ${filters.map((h) => h.description).join('; ')}.`
      : zh
        ? '沒有套用濾波。'
        : 'no filter has been applied.',
  ];
  const others = steps.filter((h) => !filters.includes(h));
  if (others.length)
    out.push(zh ? `其他前處理：${others.map((h) => h.description).join('；')}。` : `other preprocessing: ${others.map((h) => h.description).join('; ')}.`);
  // what was not done answers "any notch?" as much as what was
  const done = (re: RegExp) => steps.some((h) => re.test(h.op) || re.test(h.description));
  const missing = STANDARD_STEPS.filter(([, , re]) => !done(re)).map(([en, zhName]) => (zh ? zhName : en));
  if (missing.length) out.push(zh ? `沒有做：${missing.join('、')}。` : `not applied: no ${missing.join(', no ')}.`);
  return out;
}

/** The usual preprocessing steps, to say which were not applied: name (English, Chinese) and how the history names it. */
const STANDARD_STEPS: [string, string, RegExp][] = [
  ['band-pass filter', '帶通濾波', /band-?pass|^Filtering/i],
  ['notch filter', '陷波濾波（notch）', /notch/i],
  ['re-referencing', '重新參考', /referenc/i],
  ['resampling', '重新取樣', /resampl/i],
  ['normalisation', '正規化', /normali[sz]|z-?score|min-?max/i],
];

function trainingFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  const out: string[] = [];
  const model = s.model;
  const params =
    model && Object.keys(model.params).length
      ? ` (${Object.entries(model.params)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')})`
      : '';
  out.push(
    model
      ? zh
        ? `模型：${model.name}${params}。`
        : `model: ${model.name}${params}.`
      : zh
        ? '還沒有用 set_model 選模型（start_training 會用預設的 EEGNet）。'
        : 'no model chosen with set_model yet (start_training would use EEGNet, the default).',
  );
  const sizes = state.dataset?.splits.map((sp) => sp.train.length).filter((n) => n > 0) ?? [];
  const { config, adapted } = resolveTraining(state.training, { trainSizes: sizes });
  const set = Array.isArray(config.set_by_user) ? config.set_by_user : [];
  const settings = `epoch ${config.epoch}, batch_size ${config.batch_size}, learning_rate ${config.learning_rate}, optimizer ${config.optimizer}, repeat ${config.repeat}, selection ${config.selection}, input_norm ${config.input_norm === 'none' ? 'none' : 'train_fold'}`;
  out.push(
    zh
      ? `下次訓練會用：${settings}${sizes.length ? '' : '（還沒有資料集，epoch 與 batch 會在 start_training 時依訓練集調整）'}${set.length ? `；你設定過的：${set.join(', ')}` : '；都沒有用 configure_training 設定過'}。`
      : `training will use: ${settings}${sizes.length ? '' : ' (no dataset yet: start_training adapts epoch and batch_size to the training set)'}${set.length ? `; set by you: ${set.join(', ')}` : '; none set with configure_training'}.`,
  );
  if (adapted.length)
    out.push(
      zh
        ? `未設定的預設值依訓練集調整：${adapted.map((a) => `${a.option} ${a.from} → ${a.to}`).join('、')}。`
        : `defaults adapted to the training set: ${adapted.map((a) => `${a.option} ${a.from} → ${a.to} (${a.why})`).join('; ')}.`,
    );
  const last = state.runs[state.runs.length - 1];
  if (last) {
    const st = runSteps(last, state.dataset);
    out.push(
      zh
        ? `上一次訓練（${last.model.name}，${last.splitName}）訓練了 ${last.metrics.length} 個 epoch（設定 ${last.config.epoch}）${st ? `，共 ${st.steps} 次優化（batch ${st.batch}）` : ''}。`
        : `the last run (${last.model.name}, ${last.splitName}) trained ${count(last.metrics.length, 'epoch')} (${last.config.epoch} configured)${st ? `, ${count(st.steps, 'optimiser step')} of batch ${st.batch}` : ''}.`,
    );
  }
  return out;
}

function channelFacts(_state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.recordings.length) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const counts = [...new Set(s.recordings.map((r) => r.channels))];
  return [
    zh
      ? `記錄檔有 ${counts.join('、')} 個通道${s.epochs ? `，epoch 有 ${s.epochs.channels} 個通道` : ''}${s.montage ? `，電極位置 ${s.montage}` : ''}。`
      : `the recordings have ${counts.join(', ')} channels${s.epochs ? `, the epochs ${s.epochs.channels}` : ''}${s.montage ? `, montage ${s.montage}` : ''}.`,
  ];
}

function windowFacts(_state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.epochs) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const e = s.epochs;
  return [
    zh
      ? `epoch 從 ${e.tmin} 秒到 ${Number(e.tmax.toFixed(3))} 秒，每個 ${e.times} 個樣本（${e.sfreq} Hz）。`
      : `the epochs run from ${e.tmin} s to ${Number(e.tmax.toFixed(3))} s, ${e.times} samples each at ${e.sfreq} Hz.`,
  ];
}

function eventFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.recordings.length) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const events = new Map<string, number>();
  for (const r of s.recordings) for (const [k, n] of Object.entries(r.events)) events.set(k, (events.get(k) ?? 0) + n);
  const list = [...events].map(([k, n]) => `${k} ${n}`).join(', ');
  const out = [zh ? `記錄檔裡的事件：${list || '沒有'}。` : `the recordings hold events ${list || 'none'}.`];
  if (s.epochs) out.push(...classFacts(state, s, zh));
  return out;
}

/** The loaded recordings: how many, their subjects and sessions, and per file its length and events. */
function recordingFacts(_state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.recordings.length) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const subjects = [...new Set(s.recordings.map((r) => r.subject).filter((x) => x !== undefined && x !== ''))];
  const sessions = [...new Set(s.recordings.map((r) => r.session).filter((x) => x !== undefined && x !== ''))];
  const out = [
    zh
      ? `載入了 ${s.recordings.length} 個記錄檔${subjects.length ? `，${subjects.length} 位受試者（${subjects.join('、')}）` : ''}${sessions.length ? `，場次 ${sessions.join('、')}` : ''}。`
      : `${count(s.recordings.length, 'recording')} loaded${subjects.length ? `, ${count(subjects.length, 'subject')} (${subjects.join(', ')})` : ''}${sessions.length ? `, sessions ${sessions.join(', ')}` : ''}.`,
  ];
  for (const r of s.recordings.slice(0, 6)) {
    const ev = Object.entries(r.events)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    const secs = Number(r.seconds.toFixed(1));
    out.push(
      zh
        ? `${r.file}：${secs} 秒、${r.sfreq} Hz、${r.channels} 個通道${ev ? `，事件 ${ev}` : ''}。`
        : `${r.file}: ${secs} s at ${r.sfreq} Hz, ${r.channels} channels${ev ? `, events ${ev}` : ''}.`,
    );
  }
  if (s.recordings.length > 6) out.push(zh ? `（另有 ${s.recordings.length - 6} 個記錄檔）` : `(${count(s.recordings.length - 6, 'more recording')}.)`);
  return out;
}

/** The training curves' losses: first and last epoch of each run (a NaN named with the epoch it appeared at). */
function lossFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  const runs = state.runs.filter((r) => r.metrics.length > 0).slice(0, 3);
  if (!runs.length) return [zh ? `還沒有訓練紀錄：${nextStep(s, zh)}。` : `there is no training curve yet: ${nextStep(s, zh)}.`];
  const f = (x: number | undefined) => (x === undefined ? '–' : Number.isNaN(x) ? 'NaN' : x.toFixed(3));
  return runs.map((r) => {
    const a = r.metrics[0];
    const b = r.metrics[r.metrics.length - 1];
    const nan = r.metrics.find((m) => Number.isNaN(m.train.loss) || (m.val && Number.isNaN(m.val.loss)));
    // one epoch has one value; more show where the curve started and ended
    const span = (x: number, y: number) => (r.metrics.length === 1 ? f(y) : `${f(x)} → ${f(y)}`);
    const val = a.val && b.val ? (zh ? `，驗證 loss ${span(a.val.loss, b.val.loss)}` : `, validation loss ${span(a.val.loss, b.val.loss)}`) : '';
    return zh
      ? `${r.model.name}（${r.splitName}）訓練 ${r.metrics.length} 個 epoch：訓練 loss ${span(a.train.loss, b.train.loss)}${val}${nan ? `；第 ${nan.epoch} 個 epoch 出現 NaN` : ''}。`
      : `the ${r.model.name} run (${r.splitName}) over ${count(r.metrics.length, 'epoch')}: training loss ${span(a.train.loss, b.train.loss)}${val}${nan ? `; NaN from epoch ${nan.epoch}` : ''}.`;
  });
}

const READERS: Record<StudyTopic, (state: StudyState, s: StudySummary, zh: boolean) => string[]> = {
  results: resultFacts,
  loss: lossFacts,
  significance: significanceFacts,
  diagnosis: diagnosisFacts,
  classes: classFacts,
  counts: countFacts,
  sampling: samplingFacts,
  filters: filterFacts,
  training: trainingFacts,
  split: splitFacts,
  channels: channelFacts,
  window: windowFacts,
  events: eventFacts,
  recordings: recordingFacts,
};

/**
 * The facts of the Study a question asks about, in the question's language, or null when it does not ask about the
 * user's own Study. Reads only: the Study is the same object afterwards.
 */
export function readStudyFor(question: string, state: StudyState): StudyReading | null {
  const topics = studyTopics(question);
  if (!topics.length) return null;
  const zh = /[\u4e00-\u9fff]/.test(question);
  const s = summarizeStudy(state);
  const facts: string[] = [];
  for (const t of topics) for (const f of READERS[t](state, s, zh)) if (!facts.includes(f)) facts.push(f);
  return facts.length ? { topics, facts } : null;
}

// ---------------------------------------------------------------- the facts as a model's context, and the answer

const FACTS_HEADER = "Facts from the user's Study (read just now; nothing was changed):";

/** The block the question's system prompt carries, and what a model is told to do with it. */
export function studyFactsPrompt(reading: StudyReading): string {
  return [
    FACTS_HEADER,
    ...reading.facts.map((f) => `- ${f}`),
    'Begin the answer with the facts that answer the question, introduced by "From your Study:" (從你的 Study 讀到： in Chinese), without [n]; then add the advice of the sources below that applies, cited as [n]. If the sources add nothing, give the facts alone.',
  ].join('\n');
}

/** The facts a system prompt carries (the offline planner reads its prompt like any model), or []. */
export function studyFactsFromPrompt(system: string): string[] {
  const at = system.indexOf(`${FACTS_HEADER}\n`);
  if (at < 0) return [];
  const out: string[] = [];
  for (const line of system.slice(at + FACTS_HEADER.length + 1).split('\n')) {
    if (!line.startsWith('- ')) break;
    out.push(line.slice(2));
  }
  return out;
}

/** "From your Study: …" in the question's language. */
export function studyParagraph(facts: readonly string[], zh: boolean): string {
  // a sentence opens with a capital, unless it opens with a tool's name (evaluate, start_training)
  const cap = (f: string) => (zh || /^[a-z]+_[a-z_]+\b|^evaluate\b/.test(f) ? f : f.charAt(0).toUpperCase() + f.slice(1));
  return zh ? `從你的 Study 讀到：${facts.join('')}` : `From your Study: ${facts.map(cap).join(' ')}`;
}

/**
 * The offline answer: the Study's facts first, then the sentences of the passages that answer (qaComposer.ts), cited
 * as usual; a "not covered" from the passages is left out, because the facts answer.
 */
export function answerWithStudy(question: string, context: string, facts: readonly string[]): string {
  const kb = answerFromContext(question, context);
  if (!facts.length) return kb;
  const head = studyParagraph(facts, /[\u4e00-\u9fff]/.test(question));
  return /\[\d+\]/.test(kb) ? `${head}\n\n${kb}` : head;
}
