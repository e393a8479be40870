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
import { readdirSync } from 'node:fs';
import { binomialTest, formatPValue } from '../evaluation/metrics';
import { BASELINE_LEAD, epochsSd, runSteps } from '../evaluation/diagnose';
import type { EvaluationMetrics } from '../evaluation/storedEvaluation';
import { resolveTraining } from '../training/adaptiveDefaults';
import { minSamples } from '../training/models';
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
  | 'recordings'
  | 'fit'
  | 'scale';

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
/** A recording named by its file ("S002R04", "A01T.gdf", "sub-01_eeg.edf"): whether the Study holds it is asked. */
const FILE_NAMED = /\b[a-z]{1,4}\d{2,}[a-z]\d{2,}\b|\b[\w-]+\.(?:edf|bdf|gdf|set|fif|vhdr|cnt|mff|npy|mat|xdf)\b/i;
/** A subject-and-run recording name ("S002R04"): a recording of the user's, unlike an export's file name ("X.npy"). */
const RUN_NAMED = /\b[a-z]{1,4}\d{2,}[a-z]\d{2,}\b/i;
/**
 * The Study's parts named with a definite article and a value asked ("what was the test accuracy?", "how many channels
 * does the data have?", "資料的取樣率是多少"): in a session with a Study, "the data" is the user's. A public dataset named
 * (PhysioNet, BCI IV 2a) or a general wording (typically, usually, 一般) makes it a methods question.
 */
const THE_PART_EN =
  /\b(?:the|this)\s+(?:test(?:ing)?|validation|val|training|train)?\s*(?:set|split|data(?:set)?|recordings?|files?|epochs|model|network|run|study)\b|\bthe (?:test|val(?:idation)?|training) (?:acc(?:uracy)?|loss|auc|kappa)\b/i;
const VALUE_ASK_EN = /^\s*(?:so,?\s*)?(?:what(?:'s| is| was| are| were)?|how (?:many|much|long|well|big)|which|is|are|was|were|did|does|do|has|have)\b/i;
const PART_ZH_BARE = /(?:^|[，。？?！!\s])(?:資料|數據|模型|測試集|驗證集|訓練集|記錄檔|檔案|epoch)(?!庫)/i;
const VALUE_ASK_ZH = /多少|幾(?:個|位|次|類|秒|筆)?|哪些|哪(?:一)?個|是什麼|有沒有|嗎[？?]?\s*$/;
/** "what is the test set?": what a part is, not its value. */
const DEFINITION =
  /\bwhat does (?:the|a|an)\b[^?]*\b(?:do|check|mean|contain|measure|compute)\b|^\s*what(?:'s| is| are) (?:the|a|an) (?:test|validation|val|training|train)?\s*(?:set|split|data(?:set)?|model|network|run|study|epochs?)\s*\??\s*$/i;
const PUBLIC_DATASET =
  /支援|格式|\bformats?\b|\bsupport\w*|eeglab|brainvision|\.set\b|\.vhdr\b|physionet|eegmmidb|\bbci\b|\b2a\b|\b2b\b|bnci|moabb|competition|high-?gamma|openbci|一般|通常|典型|\btypical(?:ly)?\b|\busually\b|\bin general\b/i;

/** The parts of a Study a possessive may name besides its quantities (TOPIC_WORDS). */
const PART_EN =
  /^(?:data|dataset|study|model|network|net|classifier|recordings?|files?|eeg|runs?|training|train|test|validation|val|splits?|epochs?|trials?|pipeline)$/i;
const PART_ZH = /資料|數據|模型|網路|研究|記錄|檔案|訓練|測試|驗證|study/i;

/** "my accuracy", "our test set", "我的測試準確率": a possessive before a part or quantity of the Study. */
function ownsStudyPart(q: string): boolean {
  const names = (text: string) => PART_EN.test(text) || PART_ZH.test(text) || TOPIC_WORDS.some(([, re]) => re.test(text));
  for (const m of q.matchAll(/\b(?:my|our)\s+((?:[\w-]+\s+){0,2}[\w-]+)/gi)) if (m[1].split(/\s+/).some(names)) return true;
  for (const m of q.matchAll(/我(?:們)?的\s*([^，。？?！!、；;]{1,10})/g)) if (names(m[1]) || m[1].split(/\s+/).some(names)) return true;
  // "我 val 跟 train 各分到幾個": 我 right before an English part or quantity
  for (const m of q.matchAll(/我(?:們)?\s*([A-Za-z][\w-]*)/g)) if (names(m[1])) return true;
  return false;
}

/** A quantity the Study holds, per topic (English and Traditional Chinese). "epochs" of training go to `training`. */
const TOPIC_WORDS: [StudyTopic, RegExp][] = [
  [
    'results',
    /\baccura(?:cy|te)\b|\bacc\b|\bkappa\b|\bscores?\b|\bperformance\b|\bresults?\b|\bf1\b|\bauc\b|\bconfusion matrix\b|\bhow (?:well|good|bad)\b|準確率|正確率|準確度|表現|成績|結果|分數|混淆矩陣|confusion|\bnot learning\b|\bpredicts? (?:only )?(?:one|the same|a single) class\b|沒學到|學不到|預測同一類|都猜同一類|\bmajority\b|多數類|\bcsp\b|\blda\b/i,
  ],
  ['loss', /\b(?:val(?:idation)?\s+|train(?:ing)?\s+)?loss(?:es)?\b|損失/i],
  ['classes', /\bper class\b|\beach class\b|\bclass(?:es)?\b|\b(?:im)?balanced?\b|每(?:一)?類|各類|類別|平衡/i],
  ['counts', /\b(?:epochs?|trials?|segments?)\b|試次|epoch|trial/i],
  [
    'sampling',
    /\bsampl\w*\s*(?:rate|frequency|freq)\b|\bsfreq\b|\bsample rate\b|\b(?:re|down|up)sampl\w*|\bnyquist\b|取樣率|採樣率|取樣頻率|採樣頻率|重新取樣|降取樣|降採樣|奈奎斯特/i,
  ],
  [
    'filters',
    /\bfilter\w*|\bpre-?process\w*|\bband-?pass\b|\bnotch\b|\bhigh-?pass\b|\blow-?pass\b|\bre-?referenc\w*|\breference\b|\bnormali[sz]\w*|濾波|前處理|預處理|帶通|陷波|高通|低通|參考|正規化|標準化/i,
  ],
  [
    'training',
    /\btraining (?:stop|stopped|end|ended|finish|finished|took|take)\b|\bhow long did (?:the |my )?(?:training|run|it)\b|訓練.{0,4}(?:停|結束|花了|多久)|\b(?:which|what) (?:model|network|classifier)\b|\bgpu\b|\bcuda\b|\bcpu\b|\bdevice\b|\bseed\b|\bhyper-?param\w*|顯卡|種子|裝置|哪(?:一)?個模型|什麼模型|(?:模型|網路)(?:是|用)(?:哪|什麼)/i,
  ],
  [
    'split',
    /\b(?:test|validation|val|train(?:ing)?) (?:set|split|fold|data|trials?)\b|\bsplits?\b|\bfolds?\b|\btrain\s*\/\s*(?:val|test)\b|\b(?:val|train)\s*(?:跟|和|與|\/)\s*(?:train|val|test)\b|\b(?:train|val|test)\b[^.?!。？]{0,6}(?:跟|和|與|\band\b|&)\s*(?:train|val|test)\b|測試集|驗證集|訓練集|切分|分割|分到|怎麼切|如何切|方式切|test set|test split/i,
  ],
  ['channels', /\bchannels?\b|\belectrodes?\b|\bmontage\b|\b(?:Fp|AF|FC|FT|C|CP|TP|PO|O)\d{1,2}\b|\b(?:Fp|AF|F|FC|C|CP|P|PO|O)z\b|通道|電極/i],
  [
    'window',
    /(?<!(?:majority|class|csp\+?lda|lda|chance)\s)\bbaseline\b|基線|基準線|\b(?:epoch|time|trial) (?:window|length)\b|\bt_?min\b|\bt_?max\b|\bsamples?\b|\blong enough\b|\bshort\b|\bcover(?:s|ed|ing)?\b|時間窗|時窗|樣本|sample|夠長|太短|涵蓋|包含到/i,
  ],
  ['events', /\bevents?\b|\blabels?\b|\bmarkers?\b|\bannotations?\b|\bcues?\b|事件|標籤|標記|提示/i],
  // the data's units and scale (volts, µV) and what normalises it
  ['scale', /\bunits?\b|\bvolts?\b|µv|\buv\b|\bmicrovolts?\b|\bamplitudes?\b|\bscale\b|單位|伏特|微伏|振幅|尺度/i],
  // over- or underfitting: the training figures against the held-out ones
  ['fit', /\bover-?fit+\w*|\bunder-?fit+\w*|\bmemori[sz]\w*|過擬合|過度擬合|欠擬合|擬合不足/i],
  [
    'recordings',
    /\b(?:subjects?|participants?|sessions?|recordings?|files?)\b|\bhow long\b(?!\s+did\s+(?:the |my )?(?:training|run|it)\b)|\bduration\b|受試者|被試|場次|檔案|記錄檔|多長|(?<!訓練.{0,4})多久|時長|長度|幾秒/i,
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
  /\bshould\b|\brecommend\w*|\bbest\b|\bideal\b|\boptimal\b|\bhow (?:do|can|would|to) (?:i|we|you)\b|\bhow to\b|\b(?:do|does) (?:i|we) need\b|\bmust\b|\bneeds? to\b|建議|推薦|應該|該用|該怎麼|最好|適合|如何|需要嗎|可以.{0,12}嗎|可不可以|能不能|比較(?:好|可靠|準|適合)|會比|好還是/i;
/** What a term means ("what is a …", "是什麼意思"): a methods question, unless it asks what the user's own figure means. */
const MEANING = /\bwhat is (?:a|an)\b|\bwhat does\b.*\bmean\b|是什麼意思|的意思|代表什麼/i;
/** What was done asked yes or no ("did I notch?", "我有做 notch 嗎"): answered from the history even next to advice words. */
const DID = /\bdid (?:i|we)\b|\b(?:have|had) (?:i|we) (?:applied|used|done|filtered|loaded)\b|我(?:們)?有(?:沒有)?(?:做|套用|用|加|載入|切|濾)/i;
/** A request, not a question: it asks for a step ("train now", "resample to the current rate's half", "把取樣率降到…"). */
const REQUEST =
  /^\s*(?:(?:please|pls|now|ok(?:ay)?|then|just)[,\s]+)*(?:resample|downsample|train|retrain|stop|start|filter|apply|set|load|run|split|epoch|use|change|make|notch|band-?pass|re-?reference|normali[sz]e|generate|evaluate|plot|export|clear|reset|select|keep|drop|remove|configure|switch|show|list|tell)\b|^\s*(?:陷波|濾波|帶通|高通|低通|重新取樣|降取樣|降採樣|切段|分段|訓練|套用|執行|載入|設定|改成|改用|換成|開始|停止|評估)|把|幫我|^(?:請|麻煩)(?!問)/i;
/** Names that hold digits (S001R04, 2a, C3, T1, F1): not figures. */
const NAMED_WITH_DIGITS = /\b(?=\w*[a-z])(?=\w*\d)\w+\b/gi;
/** The figures a question brings ("62%", "40 trials", "0-4s", "0.45"), names with digits and file names left out. */
function figuresOf(q: string): string[] {
  const text = q.replace(new RegExp(FILE_NAMED.source, 'gi'), ' ').replace(NAMED_WITH_DIGITS, ' ');
  return [...text.matchAll(/\d+(?:\.\d+)?/g)].map((m) => m[0]);
}
/** Topics whose quantities a question may name while it asks about the Study ("did I notch? isn't mains 60 Hz here?"). */
const SETTING_TOPICS: readonly StudyTopic[] = ['filters', 'sampling', 'channels', 'window', 'events', 'recordings', 'training'];

/** Every figure the Study's facts state (what the read-only tools report), to tell the user's quoting of them apart. */
function studyFigures(state: StudyState, topics: readonly StudyTopic[] = Object.keys(READERS) as StudyTopic[]): number[] {
  const s = summarizeStudy(state);
  const text = topics
    .flatMap((t) => READERS[t](state, s, false))
    .join(' ')
    // the constants the facts explain with are not the Study's figures
    .replace(/50\/60 Hz|p < 0\.05|AUC 0\.5\b|ln \d+ = [\d.]+|ln \d+/g, ' ');
  // nor is the uniform chance level (50% for two classes), which any question about chance may name
  const K = classCount(state);
  return [...text.replace(NAMED_WITH_DIGITS, ' ').matchAll(/\d+(?:\.\d+)?/g)]
    .map((m) => Number(m[0]))
    .filter((k) => !(K >= 2 && (Math.abs(k - 100 / K) < 0.051 || Math.abs(k - 1 / K) < 1e-9)));
}

/** The same figure as written ("0.694" quotes 0.6945, "0.69" quotes 0.694, "0.5" does not quote 0.45). */
function sameFigure(figure: number, text: string, k: number): boolean {
  const decimals = text.includes('.') ? text.split('.')[1].length : 0;
  // "0.694" for 0.6945 (three decimals or more: truncated or rounded), "0.45" for 0.449 (two: rounded); "0.5" is not 0.45
  return decimals >= 3 ? Math.abs(figure - k) <= 10 ** -decimals + 1e-9 : decimals === 2 ? Number(k.toFixed(2)) === figure : figure === k;
}

/** A result figure of the Study quoted ("43%" for 42.9%, "0.45" for AUC 0.45): a measured value, not a round count. */
function quotesStudyResult(q: string, known: readonly number[]): boolean {
  const measured = known.filter((k) => !Number.isInteger(k));
  return [...q.matchAll(/(\d+(?:\.\d+)?)\s*%|(?<![\d.])(0?\.\d+)/g)].some((m) => {
    const f = Number(m[1] ?? m[2]);
    return measured.some((k) => sameFigure(f, m[1] ?? m[2], k) || (m[1] !== undefined && Math.round(k) === f) || (f < 1 && Math.abs(f * 100 - k) < 0.051));
  });
}

/** "43%" quotes 42.9%, "56" quotes 55.6, "0.556" quotes 55.6%, "0-4 s" quotes 0 and 4. */
function quotesStudy(figure: number, known: readonly number[], text = String(figure)): boolean {
  return known.some(
    (k) =>
      sameFigure(figure, text, k) ||
      (Number.isInteger(figure) && !Number.isInteger(k) && Math.round(k) === figure) ||
      (figure < 1 && Math.abs(figure * 100 - k) < 0.051),
  );
}

/**
 * The Study quantities a question asks about, or [] for a question that does not ask about the user's own Study
 * ("what is kappa?", "how many epochs should I train for?", "my acc is 62% on 40 trials, significant?").
 */
export function studyTopics(question: string, state?: StudyState): StudyTopic[] {
  const q = question.trim();
  const diagnosis = DIAGNOSIS.test(q);
  // the figures a question brings: the Study's own ("val 43% but test 56%", "my AUC is 0.45") quote it, others are
  // the user's ("62% on 40 trials") and get the computed answer (computedAnswer.ts); without the Study, any figure is
  // the user's
  const figures = figuresOf(q);
  const known = figures.length && state ? studyFigures(state) : [];
  const quoted = figures.length > 0 && known.length > 0 && figures.every((f) => quotesStudy(Number(f), known, f));
  const owns = ownsStudyPart(q);
  // a recording named by subject and run, or by a file the Study loaded
  const fileNamed = RUN_NAMED.test(q) || (state?.recordings ?? []).some((r) => q.includes(r.path.split(/[\\/]/).pop() ?? r.path));
  const definite =
    !PUBLIC_DATASET.test(q) &&
    !DEFINITION.test(q) &&
    ((THE_PART_EN.test(q) && VALUE_ASK_EN.test(q)) || (PART_ZH_BARE.test(q) && VALUE_ASK_ZH.test(q) && !/會/.test(q)));
  // "我要在 test 對幾個才算顯著": 我 anywhere with a count or yes/no asked, not a definition
  const firstPersonZh = /我(?!想問|想請教|請問)/.test(q) && /幾|多少|嗎|有沒有|哪/.test(q) && !/是什麼|什麼是|意思/.test(q);
  // a measured result quoted ("43%", "0.694"): the figures of the run's results and losses, not a setting's
  const quotesResult = quoted && state !== undefined && quotesStudyResult(q, studyFigures(state, ['results', 'loss', 'fit']));
  const own = owns || OWN_EN.some((re) => re.test(q)) || OWN_ZH.test(q) || firstPersonZh || fileNamed || definite || quotesResult;
  if (!own) return [];
  // "how many do I need right on my test set to be significant": the threshold of the user's own test set
  const ownThreshold = SIGNIFICANCE.test(q) && !figures.length;
  if ((ADVICE.test(q) && !diagnosis && !DID.test(q) && !ownThreshold) || (MEANING.test(q) && !owns && !quoted) || REQUEST.test(q) || namesOtherTool(q))
    return [];
  let topics = TOPIC_WORDS.filter(([, re]) => re.test(q)).map(([t]) => t);
  if (!topics.length && SIGNIFICANCE.test(q)) topics = ['significance'];
  // a file named ("was S002R04 in my training data?"): whether the Study loaded it comes first
  if (fileNamed) topics = ['recordings', ...topics.filter((t) => t !== 'recordings')];
  if (SETTING.test(q) && !topics.includes('training')) topics.push('training');
  // "how many epochs did I train", "訓練了幾個 epoch": epochs of training, not of data
  if (topics.includes('training') && topics.includes('counts') && /\btrain(?:ed|ing)?\b|訓練/i.test(q) && !/\bper class\b|每(?:一)?類|各類/i.test(q))
    topics = topics.filter((t) => t !== 'counts');
  if (topics.length === 0) return [];
  const result = topics.includes('results') || topics.includes('loss') || topics.includes('fit');
  if (SIGNIFICANCE.test(q)) topics = ['significance', ...topics.filter((t) => t !== 'results' && t !== 'significance')];
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
  // a figure of the user's own next to a result ("my acc is 62% on 40 trials, significant?") is theirs to compute with
  // … and so is one next to a setting, unless the question asks what was done ("did I notch? mains is 60 Hz here")
  if (figures.length && !quoted && !(DID.test(q) && topics.every((t) => SETTING_TOPICS.includes(t)))) return [];
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
    const confusion = ev.pooled.confusion.length ? ev.pooled.confusion : ev.confusion;
    const auc = Number.isFinite(ev.pooled.auc) ? ev.pooled.auc : undefined;
    if (confusion?.length)
      out.push(
        zh
          ? `混淆矩陣（列為真實 ${ev.classes.join('/')}、欄為預測）：${JSON.stringify(confusion)}${auc !== undefined ? `；AUC ${auc.toFixed(3)}` : ''}${n && chance.significant ? `；${n} 個試次時 p < 0.05 需答對 ${Math.ceil(chance.significant * n - 1e-9)}/${n}` : ''}。`
          : `confusion matrix (rows true ${ev.classes.join('/')}, columns predicted): ${JSON.stringify(confusion)}${auc !== undefined ? `; AUC ${auc.toFixed(3)}` : ''}${n && chance.significant ? `; on ${n} trials p < 0.05 needs ${Math.ceil(chance.significant * n - 1e-9)}/${n} correct` : ''}.`,
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
  // the kept epoch's figures on each set as counts: on a few trials one trial moves the accuracy by many points
  const first = done[0];
  const split = first && state.dataset?.splits.find((sp) => sp.id === first.splitId);
  const at = first && (first.selectedEpoch !== undefined ? first.metrics.find((m) => m.epoch === first.selectedEpoch) : undefined);
  const m = first && (at ?? first.metrics[first.metrics.length - 1]);
  if (m && split) {
    const sets = (
      [
        ['val', zh ? '驗證' : 'validation', m.val, split.val.length],
        ['test', zh ? '測試' : 'test', m.test, split.test.length],
      ] as const
    ).filter(([, , f, n]) => f && n > 0);
    if (sets.length) {
      const part = ([, name, f, n]: (typeof sets)[number]) =>
        zh
          ? `${name} ${pct(f!.accuracy)}（${Math.round(f!.accuracy * n)}/${n}，AUC ${f!.auc.toFixed(2)}，loss ${f!.loss.toFixed(3)}）`
          : `${name} ${pct(f!.accuracy)} (${Math.round(f!.accuracy * n)}/${n}, AUC ${f!.auc.toFixed(2)}, loss ${f!.loss.toFixed(3)})`;
      const step = sets.map(([, name, , n]) =>
        zh ? `${name}集一個試次就是 ${(100 / n).toFixed(1)} 個百分點` : `one ${name} trial is ${(100 / n).toFixed(1)} points`,
      );
      const K = classCount(state);
      out.push(
        zh
          ? `逐集：${sets.map(part).join('；')}。只有 ${sets.map(([, , , n]) => n).join(' 與 ')} 個試次，${step.join('、')}，這麼小的差異是雜訊${K >= 2 ? `（${K} 類機率水準 ${pct(1 / K)}，AUC 0.5 為隨機）` : ''}。`
          : `per set: ${sets.map(part).join('; ')}. On ${sets.map(([, , , n]) => n).join(' and ')} trials ${step.join(' and ')}, so differences this small are noise${K >= 2 ? ` (chance is ${pct(1 / K)} for ${K} classes, AUC 0.5 is random)` : ''}.`,
      );
    }
  }
  // the majority-class rate of the test set (evaluate's "majority" chance level, from the labels alone)
  if (split && split.test.length && state.epochs) {
    const names: string[] = [];
    for (const [name, i] of Object.entries(state.epochs.eventId)) names[i] = name;
    const counts = new Map<string, number>();
    for (const i of split.test) counts.set(names[state.epochs.labels[i]] ?? '?', (counts.get(names[state.epochs.labels[i]] ?? '?') ?? 0) + 1);
    const [top, k] = [...counts].sort((a, b) => b[1] - a[1])[0];
    const n = split.test.length;
    out.push(
      zh
        ? `測試集最多的一類是 ${top}（${k}/${n} = ${pct(k / n)}）：永遠猜這一類（多數類）就有這個準確率。`
        : `the test set's largest class is ${top} (${k}/${n} = ${pct(k / n)}): always predicting it (the majority class) scores that.`,
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
        ? `evaluate ${staleEvaluation(state) ? '還沒有評估這次訓練' : '還沒有執行'}：它會算出 kappa、混淆矩陣、機率水準與 CSP+LDA 基準。`
        : `evaluate has not run${staleEvaluation(state) ? ' on these runs' : ''} yet: it reports kappa, the confusion matrix, the chance level and the CSP+LDA baseline.`
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
    out.push(...scaleFacts(state, s, zh));
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

/** The epochs' scale (volts or normalised) and how the trainer standardises its input. */
function scaleFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!state.epochs) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const out: string[] = [];
  const run = state.runs.find((r) => r.status !== 'running') ?? state.runs[0];
  const norm = [...state.history, ...state.epochHistory].filter((h) => h.op.startsWith('normalize')).map((h) => h.description);
  const inputNorm = (run?.config ?? state.training)?.input_norm === 'none' ? 'none' : 'train_fold';
  const sd = epochsSd(state.epochs);
  out.push(
    zh
      ? `輸入尺度：epoch 的標準差約 ${sd.toExponential(1)}${sd < 1e-3 ? '（伏特）' : ''}，${norm.length ? `已做 ${norm.join('、')}` : '沒有做 normalize_data'}，input_norm=${inputNorm}${inputNorm === 'train_fold' ? '（訓練時依訓練集標準化）' : '（不標準化）'}。`
      : `input scale: the epochs' SD is about ${sd.toExponential(1)}${sd < 1e-3 ? ' (volts)' : ''}, ${norm.length ? `normalised (${norm.join(', ')})` : 'not normalised with normalize_data'}, input_norm=${inputNorm}${inputNorm === 'train_fold' ? ' (the trainer standardises on each training split)' : ' (no standardisation)'}.`,
  );
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
      ? `共 ${s.epochs.count} 個 epoch，各類（標籤）：${per.map(([k, n]) => `${k} ${n}`).join('、')}（最多的一類佔 ${pct(max / s.epochs.count)}）。`
      : `${s.epochs.count} epochs, per class (label) ${per.map(([k, n]) => `${k} ${n}`).join(', ')} (the largest class is ${pct(max / s.epochs.count)}).`,
  ];
}

function countFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  const out = classFacts(state, s, zh);
  // what epoch_data kept and dropped (epochs crossing a recording's edge, repeated events)
  const ep = [...state.history, ...state.epochHistory].reverse().find((h) => h.op === 'epoch_data');
  const kept = ep?.design?.kept_per_recording as number[] | undefined;
  const dropped = ep?.design?.dropped as unknown[] | undefined;
  if (kept && dropped)
    out.push(
      zh
        ? `epoch_data 每個記錄檔保留 ${kept.join('、')} 個，${dropped.length ? `丟掉 ${dropped.length} 個` : '沒有丟掉任何 epoch'}。`
        : `epoch_data kept ${kept.join(', ')} per recording and ${dropped.length ? `dropped ${dropped.length}` : 'dropped none'}.`,
    );
  return out;
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
      ? `資料集依 ${c.split_strategy} 切分（generate_dataset：${c.training_mode}，unit ${c.unit}，test_ratio ${c.test_ratio}、val_ratio ${c.val_ratio}，seed ${c.seed}），${s.dataset.splits.length} 個切分。`
      : `the dataset is split by ${c.split_strategy} (generate_dataset: ${c.training_mode} mode, unit ${c.unit}, test_ratio ${c.test_ratio}, val_ratio ${c.val_ratio}, seed ${c.seed}) into ${count(s.dataset.splits.length, 'split')}.`,
  ];
  state.dataset.splits.slice(0, 5).forEach((sp, i) => {
    const sum = s.dataset?.splits[i];
    if (!sum) return;
    const test = partClasses(state, sp.test, zh);
    // the test set's largest class: always predicting it scores its share (the majority-class chance level)
    const top = majorityOf(state, sp.test);
    const maj = top
      ? zh
        ? `；多數類 ${top.name} ${top.n}/${sp.test.length} = ${pct(top.n / sp.test.length)}`
        : `; majority class ${top.name} ${top.n}/${sp.test.length} = ${pct(top.n / sp.test.length)}`
      : '';
    out.push(
      zh
        ? `${sp.name}：訓練 ${sum.train}、驗證 ${sum.val}、測試 ${sum.test} 個試次${test ? `（測試集各類 ${test}${maj}）` : ''}。`
        : `${sp.name}: train ${sum.train}, validation ${sum.val}, test ${sum.test} trials${test ? ` (test per class ${test}${maj})` : ''}.`,
    );
  });
  if (state.dataset.splits.length > 5)
    out.push(zh ? `（另有 ${state.dataset.splits.length - 5} 個切分）` : `(${count(state.dataset.splits.length - 5, 'more split')}.)`);
  // leakage: the audit (an epoch in two sets), then what the split strategy keeps apart
  const audit = s.dataset.audit;
  out.push(
    zh
      ? `切分檢查（split audit）：重疊 ${audit.overlap}${audit.overlap === 0 ? '（沒有 epoch 同時在兩個集合裡）' : ''}，${audit.warnings.length ? `警告：${audit.warnings.join('；')}` : '沒有警告'}。`
      : `split audit: overlap ${audit.overlap}${audit.overlap === 0 ? ' (no epoch is in two sets)' : ''}, ${audit.warnings.length ? `warnings: ${audit.warnings.join('; ')}` : 'no warnings'}.`,
  );
  const sessions = new Set(state.recordings.map((r) => `${r.subject ?? ''}/${r.session ?? r.path}`)).size;
  const subjects = new Set(state.recordings.map((r) => r.subject ?? '')).size;
  if (c.split_strategy === 'trial')
    out.push(
      zh
        ? `依試次切分：測試試次和訓練試次來自同樣的記錄檔（${sessions} 個 session/run${subjects === 1 ? '、1 位受試者' : ''}），所以是同一 session 內的估計；要在沒看過的 session 或受試者上測試，用 generate_dataset 的 split_strategy="session" 或 "subject"。`
        : `a trial split: test trials come from the same recordings as the training ones (${sessions} session/run${sessions === 1 ? '' : 's'}${subjects === 1 ? ', 1 subject' : ''}), so the score is a within-session estimate; split_strategy="session" or "subject" in generate_dataset tests on held-out sessions or subjects.`,
    );
  return out;
}

/** The most frequent class among some epochs (by label), or null. */
function majorityOf(state: StudyState, idx: Int32Array): { name: string; n: number } | null {
  const e = state.epochs;
  if (!e || !idx.length) return null;
  const names: string[] = [];
  for (const [name, i] of Object.entries(e.eventId)) names[i] = name;
  const counts = new Map<string, number>();
  for (const i of idx) counts.set(names[e.labels[i]] ?? String(e.labels[i]), (counts.get(names[e.labels[i]] ?? String(e.labels[i])) ?? 0) + 1);
  const [name, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
  return { name, n };
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
  // a band-pass or low-pass edge below 50 Hz already puts 50/60 Hz mains in the stopband: no notch is needed
  const highs = filters
    .filter((h) => !/notch/i.test(h.op))
    .map((h) => Number(h.params.high_freq ?? h.params.h_freq))
    .filter((f) => Number.isFinite(f) && f > 0);
  const high = highs.length ? Math.min(...highs) : null;
  const mains = !done(/notch/i) && high !== null && high < 50;
  if (missing.length) out.push(zh ? `沒有做：${missing.join('、')}。` : `not applied: no ${missing.join(', no ')}.`);
  if (mains)
    out.push(
      zh
        ? `不需要另外 notch：50/60 Hz 市電在濾波上限 ${high} Hz 之上，已在阻帶裡（要加的話是 apply_notch_filter）。`
        : `no notch is needed: 50/60 Hz mains lie above the ${high} Hz upper edge, in the filter's stopband (apply_notch_filter would add one).`,
    );
  // the order: filtering on the continuous recordings, then epoching
  const epoching = state.epochHistory.find((h) => h.op === 'epoch_data' || h.op === 'window_epoch') ?? state.history.find((h) => h.op === 'epoch_data');
  if (epoching && filters.length)
    out.push(
      zh
        ? `之後才切 epoch：${epoching.description}（濾波在切 epoch 之前，在連續記錄上做）。`
        : `then epoched: ${epoching.description} (filtering came before epoching, on the continuous recordings).`,
    );
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

function trainingFacts(state: StudyState, s: StudySummary, zh: boolean, ctx: ReadContext = {}): string[] {
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
  const settings = `epoch ${config.epoch}, batch_size ${config.batch_size}, learning_rate ${config.learning_rate}, optimizer ${config.optimizer}, repeat ${config.repeat}, selection ${config.selection}, input_norm ${config.input_norm === 'none' ? 'none' : 'train_fold'}, device ${config.device}, backend ${config.backend}, seed ${config.seed}`;
  out.push(
    zh
      ? `下次訓練會用：${settings}${sizes.length ? '' : '（還沒有資料集，epoch 與 batch 會在 start_training 時依訓練集調整）'}${set.length ? `；你設定過的：${set.join(', ')}` : '；都沒有用 configure_training 設定過'}。`
      : `training will use: ${settings}${sizes.length ? '' : ' (no dataset yet: start_training adapts epoch and batch_size to the training set)'}${set.length ? `; set by you: ${set.join(', ')}` : '; none set with configure_training'}.`,
  );
  if (sizes.length) {
    const train = Math.min(...sizes);
    const per = Math.ceil(train / config.batch_size);
    out.push(
      zh
        ? `訓練集 ${train} 個試次、batch ${config.batch_size}：每個 epoch ${per} 次優化（⌈${train}/${config.batch_size}⌉ = ${per}${per === 1 ? '，batch 比整個訓練集還大，只有一次' : ''}），${config.epoch} 個 epoch 共 ${per * config.epoch} 次。`
        : `with ${train} training trials and batch ${config.batch_size}, each epoch is ${count(per, 'optimiser step')} (⌈${train}/${config.batch_size}⌉ = ${per}${per === 1 ? ': the batch is larger than the whole training set, so one step' : ''}), ${count(per * config.epoch, 'step')} over ${config.epoch} epochs.`,
    );
  }
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
        ? `上一次訓練（${last.model.name}，${last.splitName}）在 ${last.config.device}（backend ${last.config.backend}）上訓練了 ${last.metrics.length} 個 epoch（設定 ${last.config.epoch}）${st ? `，共 ${st.steps} 次優化（batch ${st.batch}）` : ''}。`
        : `the last run (${last.model.name}, ${last.splitName}) trained on ${last.config.device} (backend ${last.config.backend}) for ${count(last.metrics.length, 'epoch')} (${last.config.epoch} configured)${st ? `, ${count(st.steps, 'optimiser step')} of batch ${st.batch}` : ''}.`,
    );
  }
  if (last?.metrics.length) {
    const secs = last.metrics.reduce((a, m) => a + m.seconds, 0);
    out.push(zh ? `上一次訓練的 epoch 共花了約 ${secs.toFixed(1)} 秒。` : `the last run's epochs took about ${secs.toFixed(1)} s in all.`);
  }
  // a GPU asked about while training runs on the CPU: the setting that would change it
  if (/\bgpu\b|\bcuda\b|顯卡/i.test(ctx.question ?? '') && !/^cuda/.test(String(config.device)))
    out.push(
      zh
        ? `目前不是用 GPU：device ${config.device}、backend ${config.backend}；要用 GPU 是 configure_training(device="cuda", backend="pytorch")，機器需要有 CUDA 與 PyTorch。`
        : `training does not use a GPU: device ${config.device}, backend ${config.backend}; configure_training(device="cuda", backend="pytorch") would, on a machine with CUDA and PyTorch.`,
    );
  return out;
}

/** A 10-20/10-10 electrode name (C3, Cz, FCz, Fp1, PO8, Iz). */
const TEN_TWENTY = /^(?:Fp|AF|F|FC|FT|C|CP|TP|T|P|PO|O|I|Nz)(?:\d{1,2}|z)$/i;

function channelFacts(state: StudyState, s: StudySummary, zh: boolean, ctx: ReadContext = {}): string[] {
  if (!s.recordings.length) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const counts = [...new Set(s.recordings.map((r) => r.channels))];
  const names = state.recordings[0].channels.map((c) => c.name);
  const shown = names.length <= 24 ? names.join(', ') : `${names.slice(0, 8).join(', ')} … ${names.slice(-3).join(', ')}`;
  const out = [
    zh
      ? `記錄檔有 ${counts.join('、')} 個通道（${shown}）${s.epochs ? `，epoch 有 ${s.epochs.channels} 個通道` : ''}${s.montage ? `，電極位置 ${s.montage}` : ''}。`
      : `the recordings have ${counts.join(', ')} channels (${shown})${s.epochs ? `, the epochs ${s.epochs.channels}` : ''}${s.montage ? `, montage ${s.montage}` : ''}.`,
  ];
  if (!s.montage) out.push(zh ? '還沒有設定電極位置（montage）：set_montage 會設定。' : 'no montage (electrode positions) is set yet: set_montage sets one.');
  // channels the question names ("do I have C3 and C4?"): which the recordings hold
  const lower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const tokens = [...new Set([...(ctx.question ?? '').matchAll(/\b[A-Za-z]{1,3}(?:\d{1,2}|z)\b/g)].map((m) => m[0]))];
  const have = tokens.filter((w) => lower.has(w.toLowerCase())).map((w) => lower.get(w.toLowerCase())!);
  const lack = tokens.filter((w) => !lower.has(w.toLowerCase()) && TEN_TWENTY.test(w));
  if (have.length)
    out.push(zh ? `${have.join('、')} 在記錄檔的通道裡。` : `${have.join(', ')} ${have.length === 1 ? 'is' : 'are'} among the recordings' channels.`);
  if (lack.length)
    out.push(zh ? `${lack.join('、')} 不在記錄檔的通道裡。` : `${lack.join(', ')} ${lack.length === 1 ? 'is' : 'are'} not among the recordings' channels.`);
  return out;
}

function windowFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.epochs) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const e = s.epochs;
  const tmax = Number(e.tmax.toFixed(3));
  const out = [
    zh
      ? `epoch 是 ${e.tmin}–${tmax} 秒（相對事件起點），每個 ${e.times} 個樣本（${e.sfreq} Hz，(${tmax} − ${e.tmin}) × ${e.sfreq} + 1，兩端都包含），${e.channels} 個通道。`
      : `the epochs are ${e.tmin}–${tmax} s from the event onset, ${e.times} samples each at ${e.sfreq} Hz ((${tmax} − ${e.tmin}) × ${e.sfreq} + 1, both ends included), ${e.channels} channels.`,
  ];
  out.push(...baselineFacts(state, zh));
  // how long each class's event lasts in the recordings (to the next event): whether the window covers the task
  const { spans, annotated } = eventSpans(state);
  if (spans.length)
    out.push(
      annotated
        ? zh
          ? `記錄檔裡的事件長度約：${spans.map(([k, sec]) => `${k} ${sec} 秒`).join('、')}（中位數）。`
          : `in the recordings ${spans.map(([k, sec]) => `${k} lasts about ${sec} s`).join(', ')} (median).`
        : zh
          ? `記錄檔裡每個事件到下一個事件約：${spans.map(([k, sec]) => `${k} ${sec} 秒`).join('、')}（中位數）。`
          : `in the recordings the next event follows ${spans.map(([k, sec]) => `${k} after about ${sec} s`).join(', ')} (median).`,
    );
  // the model's minimum epoch length (XBrainLab's, what createModel checks)
  const name = (state.model?.name ?? 'EEGNet') as Parameters<typeof minSamples>[0];
  const need = minSamples(name, e.sfreq, (state.model?.params ?? {}) as Parameters<typeof minSamples>[2]);
  const secs = Number((need / e.sfreq).toFixed(3));
  out.push(
    zh
      ? `${name} 在 ${e.sfreq} Hz 至少需要 ${need} 個樣本（${secs} 秒）：這些 epoch 有 ${e.times} 個，${e.times >= need ? '夠長' : '太短'}。`
      : `${name} needs at least ${need} samples (${secs} s) at ${e.sfreq} Hz: the epochs have ${e.times}, ${e.times >= need ? 'long enough' : 'too short'}.`,
  );
  return out;
}

/** The epochs' baseline correction as epoch_data applied it, and what it subtracts. */
function baselineFacts(state: StudyState, zh: boolean): string[] {
  const e = state.epochs;
  if (!e) return [];
  const b = e.baseline as [number | null, number | null] | null | undefined;
  if (!b) return [zh ? '沒有做基線校正（baseline=null）。' : 'no baseline correction (baseline=null).'];
  const [a, z] = [b[0] ?? e.tmin, b[1] ?? 0];
  const dflt = Math.abs(a - e.tmin) < 1e-9 && z === 0;
  const name = dflt ? '(None, 0)' : `(${a}, ${z})`;
  const single = Math.abs(z - a) < 1 / e.sfreq;
  return [
    zh
      ? `基線校正 baseline ${name}${dflt ? '（epoch_data 的預設：從 epoch 開始到 t = 0）' : ''}：${single ? `因為 t_min = ${e.tmin}，區間只有 t = ${a} 秒那一個樣本，每個 epoch、每個通道減去它在 ${a} 秒的值` : `每個 epoch、每個通道減去 ${a}–${z} 秒的平均`}；baseline=null 則不做。`
      : `baseline correction ${name}${dflt ? " (epoch_data's default: from the epoch start to t = 0)" : ''}: ${single ? `with t_min = ${e.tmin} the interval is a single sample at t = ${a} s, so each epoch and channel has its value at ${a} s subtracted` : `each epoch and channel has its mean over ${a}–${z} s subtracted`}; baseline=null would skip it.`,
  ];
}

/** Per kept class (the epochs' classes, else every event), the median time from the event to the next one, in seconds. */
function eventSpans(state: StudyState): { spans: [string, number][]; annotated: boolean } {
  const keep = state.epochs ? Object.keys(state.epochs.eventId) : null;
  const gaps = new Map<string, number[]>();
  // the annotations' own durations where the files give them
  for (const r of state.recordings)
    for (const a of r.annotations ?? [])
      if (a.duration > 0 && (!keep || keep.includes(a.description))) gaps.set(a.description, [...(gaps.get(a.description) ?? []), a.duration]);
  const annotated = gaps.size > 0;
  for (const r of annotated ? [] : state.recordings) {
    const names = new Map(Object.entries(r.events.eventId).map(([k, c]) => [c, k]));
    const order = [...r.events.samples.keys()].sort((a, b) => r.events.samples[a] - r.events.samples[b]);
    for (let i = 0; i + 1 < order.length; i++) {
      const name = names.get(r.events.codes[order[i]]);
      if (!name || (keep && !keep.includes(name))) continue;
      const gap = (r.events.samples[order[i + 1]] - r.events.samples[order[i]]) / r.sfreq;
      if (gap > 0) gaps.set(name, [...(gaps.get(name) ?? []), gap]);
    }
  }
  const spans = [...gaps].map(([k, g]): [string, number] => {
    const sorted = [...g].sort((a, b) => a - b);
    return [k, Number(sorted[Math.floor(sorted.length / 2)].toFixed(1))];
  });
  return { spans, annotated };
}

/** The loaded recordings: files, subjects, sessions, length; the workspace's EEG files that are not loaded; a file the question names. */
function recordingFacts(state: StudyState, s: StudySummary, zh: boolean, ctx: ReadContext = {}): string[] {
  const loaded = s.recordings.map((r) => r.file);
  const notLoaded = (ctx.workspaceFiles ?? []).filter((f) => !loaded.includes(f));
  const named = ctx.question ? [...ctx.question.matchAll(new RegExp(FILE_NAMED.source, 'gi'))].map((m) => m[0]) : [];
  const out: string[] = [];
  for (const n of named) {
    const hit = loaded.find((f) => f.toLowerCase().startsWith(n.toLowerCase()));
    out.push(
      hit
        ? zh
          ? `${hit} 有載入，是這個 Study 的資料。`
          : `${hit} is loaded: it is part of this Study's data.`
        : zh
          ? `${n} 沒有載入（不在載入的記錄檔裡），所以不在 epoch、資料集或任何訓練裡。`
          : `${n} is not loaded (not among the loaded recordings), so it is not in the epochs, the dataset or any training.`,
    );
  }
  if (!s.recordings.length) {
    out.push(
      zh
        ? `${nextStep(s, zh)}${notLoaded.length ? `；工作區裡有 ${notLoaded.join('、')}` : ''}。`
        : `${nextStep(s, zh)}${notLoaded.length ? `; the workspace holds ${notLoaded.join(', ')}` : ''}.`,
    );
    return out;
  }
  const subjects = [...new Set(s.recordings.map((r) => r.subject).filter((x) => x !== undefined && x !== ''))];
  const sessions = [...new Set(s.recordings.map((r) => r.session).filter((x) => x !== undefined && x !== ''))];
  out.push(
    zh
      ? `載入了 ${s.recordings.length} 個記錄檔${subjects.length ? `，${subjects.length} 位受試者（${subjects.join('、')}）` : ''}${sessions.length ? `，場次 ${sessions.join('、')}` : ''}。`
      : `${count(s.recordings.length, 'recording')} loaded${subjects.length ? `, ${count(subjects.length, 'subject')} (${subjects.join(', ')})` : ''}${sessions.length ? `, sessions ${sessions.join(', ')}` : ''}.`,
  );
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
  if (notLoaded.length) out.push(zh ? `工作區裡還有，但沒有載入：${notLoaded.join('、')}。` : `in the workspace but not loaded: ${notLoaded.join(', ')}.`);
  return out;
}

function eventFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.recordings.length) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const events = new Map<string, number>();
  for (const r of s.recordings) for (const [k, n] of Object.entries(r.events)) events.set(k, (events.get(k) ?? 0) + n);
  const list = [...events].map(([k, n]) => `${k} ${n}`).join(', ');
  const ev = s.recordings.map((r) =>
    Object.entries(r.events)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, n]) => `${k} ${n}`)
      .join(zh ? '、' : ', '),
  );
  const perFile = s.recordings.length > 1 && ev.every((x) => x === ev[0]) && ev[0] ? (zh ? `（每個檔案 ${ev[0]}）` : ` (${ev[0]} in each file)`) : '';
  const out = [
    zh
      ? `${s.recordings.length} 個記錄檔裡的事件共：${list || '沒有'}${perFile}。`
      : `the ${count(s.recordings.length, 'recording')} hold events ${list || 'none'} in all${perFile}.`,
  ];
  if (s.epochs) out.push(...classFacts(state, s, zh));
  return out;
}

/** The training curves' losses: first and last epoch of each run (a NaN named with the epoch it appeared at). */
function lossFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  const runs = state.runs.filter((r) => r.metrics.length > 0).slice(0, 3);
  if (!runs.length) return [zh ? `還沒有訓練紀錄：${nextStep(s, zh)}。` : `there is no training curve yet: ${nextStep(s, zh)}.`];
  const f = (x: number | undefined) => (x === undefined ? '–' : Number.isNaN(x) ? 'NaN' : x.toFixed(3));
  return runs
    .map((r) => {
      const a = r.metrics[0];
      const b = r.metrics[r.metrics.length - 1];
      const nan = r.metrics.find((m) => Number.isNaN(m.train.loss) || (m.val && Number.isNaN(m.val.loss)));
      // one epoch has one value; more show where the curve started and ended
      const span = (x: number, y: number) => (r.metrics.length === 1 ? f(y) : `${f(x)} → ${f(y)}`);
      const val = a.val && b.val ? (zh ? `，驗證 loss ${span(a.val.loss, b.val.loss)}` : `, validation loss ${span(a.val.loss, b.val.loss)}`) : '';
      const test = a.test && b.test ? (zh ? `，測試 loss ${span(a.test.loss, b.test.loss)}` : `, test loss ${span(a.test.loss, b.test.loss)}`) : '';
      return zh
        ? `${r.model.name}（${r.splitName}）訓練 ${r.metrics.length} 個 epoch：訓練 loss ${span(a.train.loss, b.train.loss)}${val}${test}${nan ? `；第 ${nan.epoch} 個 epoch 出現 NaN` : ''}。`
        : `the ${r.model.name} run (${r.splitName}) over ${count(r.metrics.length, 'epoch')}: training loss ${span(a.train.loss, b.train.loss)}${val}${test}${nan ? `; NaN from epoch ${nan.epoch}` : ''}.`;
    })
    .concat(lnKFact(state, zh));
}

/** The kept epoch's figures of the first finished run on each set (train, validation, test), with their set sizes. */
function keptFigures(state: StudyState): { run: RunRecord; m: RunRecord['metrics'][number]; sizes: { train: number; val: number; test: number } } | null {
  const run = state.runs.find((r) => r.status !== 'running' && r.metrics.length > 0);
  if (!run) return null;
  const at = run.selectedEpoch !== undefined ? run.metrics.find((x) => x.epoch === run.selectedEpoch) : undefined;
  const m = at ?? run.metrics[run.metrics.length - 1];
  const split = state.dataset?.splits.find((sp) => sp.id === run.splitId);
  return { run, m, sizes: { train: split?.train.length ?? 0, val: split?.val.length ?? 0, test: split?.test.length ?? 0 } };
}

/** The final losses against ln K, the cross-entropy of guessing 1/K for every trial. */
function lnKFact(state: StudyState, zh: boolean): string[] {
  const k = keptFigures(state);
  const K = classCount(state);
  if (!k || K < 2) return [];
  const lnK = Math.log(K);
  const losses = (
    [
      ['train', '訓練', k.m.train.loss],
      ['validation', '驗證', k.m.val?.loss],
      ['test', '測試', k.m.test?.loss],
    ] as const
  ).filter(([, , l]) => l !== undefined && Number.isFinite(l)) as [string, string, number][];
  if (!losses.length) return [];
  const near = losses.every(([, , l]) => Math.abs(l - lnK) <= 0.1 * lnK);
  const list = losses.map(([en, z, l]) => (zh ? `${z} ${l.toFixed(3)}` : `${en} ${l.toFixed(3)}`)).join(zh ? '、' : ', ');
  return [
    zh
      ? `最後的 loss：${list}；${K} 類時 ln ${K} = ${lnK.toFixed(3)} 是每個試次都猜 1/${K}（機率水準）的交叉熵${near ? '：這些 loss 都約等於 ln K，模型的輸出還接近每類 1/K，還沒學到東西' : ''}。`
      : `final losses: ${list}; ln ${K} = ${lnK.toFixed(3)} is the cross-entropy of guessing 1/${K} (chance) for every trial${near ? `: these losses are about ln ${K}, so the outputs are still near 1/${K} per class and the network has not learned yet` : ''}.`,
  ];
}

/** Over- or underfitting: the training accuracy and loss against the validation and test ones, and a verdict. */
function fitFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  const k = keptFigures(state);
  if (!k) return [zh ? `還沒有訓練紀錄：${nextStep(s, zh)}。` : `there is no training curve yet: ${nextStep(s, zh)}.`];
  const K = classCount(state) || 2;
  const chance = 1 / K;
  const { m, sizes } = k;
  const part = (en: string, z: string, f: { accuracy: number; loss: number } | undefined, n: number) =>
    f ? (zh ? `${z} ${pct(f.accuracy)}（${n} 個試次，loss ${f.loss.toFixed(3)}）` : `${en} ${pct(f.accuracy)} (${n} trials, loss ${f.loss.toFixed(3)})`) : '';
  const parts = [part('training', '訓練', m.train, sizes.train), part('validation', '驗證', m.val, sizes.val), part('test', '測試', m.test, sizes.test)].filter(
    Boolean,
  );
  const held = m.val?.accuracy ?? m.test?.accuracy;
  const gap = held !== undefined ? m.train.accuracy - held : 0;
  const verdict =
    m.train.accuracy <= chance + 0.15
      ? zh
        ? `沒有過擬合的跡象：訓練準確率本身只有 ${pct(m.train.accuracy)}，接近 ${K} 類的機率水準 ${pct(chance)}，模型還沒學到東西（欠擬合，not learned yet），不是在背訓練集`
        : `no sign of overfitting: the training accuracy itself is ${pct(m.train.accuracy)}, near the ${pct(chance)} chance level of ${K} classes, so the network has not learned yet (underfitting); it is not memorising the training set`
      : gap >= 0.2
        ? zh
          ? `有過擬合的跡象：訓練準確率比驗證/測試高 ${(100 * gap).toFixed(1)} 個百分點`
          : `signs of overfitting: the training accuracy is ${(100 * gap).toFixed(1)} points above the held-out one`
        : zh
          ? `訓練與驗證/測試的差距不大（${(100 * gap).toFixed(1)} 個百分點），沒有明顯過擬合`
          : `the training and held-out accuracies are close (${(100 * gap).toFixed(1)} points apart), so no clear overfitting`;
  return [
    zh
      ? `${k.run.model.name}（${k.run.splitName}）第 ${m.epoch} 個 epoch：${parts.join('；')}。${verdict}。`
      : `the ${k.run.model.name} run (${k.run.splitName}) at epoch ${m.epoch}: ${parts.join('; ')}. ${verdict.charAt(0).toUpperCase()}${verdict.slice(1)}.`,
    ...lnKFact(state, zh),
  ];
}

const READERS: Record<StudyTopic, (state: StudyState, s: StudySummary, zh: boolean, ctx?: ReadContext) => string[]> = {
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
  fit: fitFacts,
  scale: scaleFacts,
};

/** What a reader may use besides the Study: the question (a file it names) and the workspace's EEG files (list_files). */
export interface ReadContext {
  question?: string;
  workspaceFiles?: readonly string[];
}

/**
 * The facts of the Study a question asks about, in the question's language, or null when it does not ask about the
 * user's own Study. Reads only: the Study is the same object afterwards.
 */
export function readStudyFor(question: string, state: StudyState, ctx: Omit<ReadContext, 'question'> = {}): StudyReading | null {
  const topics = studyTopics(question, state);
  if (!topics.length) return null;
  const zh = /[\u4e00-\u9fff]/.test(question);
  const s = summarizeStudy(state);
  const facts: string[] = [];
  for (const t of topics) for (const f of READERS[t](state, s, zh, { ...ctx, question })) if (!facts.includes(f)) facts.push(f);
  return facts.length ? { topics, facts } : null;
}

// ---------------------------------------------------------------- the facts as a model's context, and the answer

/** The composer's reply when no passage answers: the Study's facts answer alone. */
const NOT_COVERED_REPLY = /does not cover|not covered|沒有涵蓋|未涵蓋|outside xbrain|超出/i;

/**
 * The EEG recordings at the workspace's root, by file name, as list_files lists them (read only): which of them the
 * Study did not load ("is S002R04 in my training data?").
 */
export function workspaceRecordings(workspace: string): string[] {
  try {
    return readdirSync(workspace, { withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.startsWith('.') && RECORDING_FILE.test(e.name))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}
const RECORDING_FILE = /\.(?:edf|bdf|gdf|set|fif|vhdr|cnt|mff|npy|mat|xdf)$/i;

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
  // the passages' answer, or a figure computed from the question (computedAnswer.ts, no citation), follows the facts
  return /\[\d+\]/.test(kb) || (kb.trim() && !NOT_COVERED_REPLY.test(kb)) ? `${head}\n\n${kb}` : head;
}
