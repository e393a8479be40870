import { expandQuery } from './glossary';
import { canonicalText } from '../agent/understanding/lexicon';

/** A retrieved passage as the agent receives it. */
export interface PassageHit {
  title: string;
  source: string;
  text: string;
  score: number;
  uri?: string;
}

/**
 * Words that put a question inside XBrain's domain (EEG, BCI, machine learning on EEG, XBrain itself). A question
 * with none of them is off-topic and declined in one line, on every path, before any model is asked.
 */
const DOMAIN_EN =
  /\b(?:eeg|meg|ecog|bci|brain|neuro\w*|cortex|cortical|scalp|electrodes?|channels?|montage|10-20|10-05|filter\w*|band-?pass|high-?pass|low-?pass|notch|fir|iir|butterworth|hz|hertz|frequenc\w*|spectr\w*|psd|sampling|sample rate|resampl\w*|downsampl\w*|nyquist|alias\w*|epoch\w*|baseline|trials?|cues?|annotations?|classif\w*|re-?referenc\w*|referenc\w*|mastoids?|normali[sz]\w*|z-?score|standardi[sz]\w*|artifacts?|artefacts?|ica|csp|lda|svm|erps?|p300|ssvep|motor imagery|rhythms?|oscillat\w*|eegnet|shallow\w*|sccnet|deep ?convnet|cnn|convolution\w*|depthwise|separable|dropout|pooling|overfit\w*|underfit\w*|learning rate|batch size|optimi[sz]er|adam\w*|sgd|validation|cross-?validation|folds?|leak\w*|within-subject|cross-subject|cross-session|accuracy|balanced accuracy|kappa|auc|roc|f1|confusion matrix|chance|significan\w*|binomial|permutation test|p-value|imbalance\w*|saliency|gradients?|smoothgrad|vargrad|attribution|topomap|topograph\w*|edf\+?|bdf|gdf|eeglab|brainvision|vhdr|fif|npy|xdf|gpu|cuda|pytorch|torch|slurm|onnx|hyper-?param\w*|mne|xbrain\w*|physionet|bciciv|preprocess\w*|deep learning|machine learning|neural net\w*|mi|smr|sleep stag\w*|seizure\w*|epilep\w*|fnirs|lsl|lab streaming layer|labrecorder|sloreta|dspm|beamform\w*|source locali[sz]\w*|connectivity|coherence|plv|laplacian|csd|rest reference|interpolat\w*|spherical spline\w*|riemann\w*|eog|emg|ecg|blink\w*|montages?|erd|ers|itr|information transfer rate|bits? per (?:trial|minute|selection)|lawhern|schirrmeister|wolpaw|combrisson|m[uü]ller-putz|ojala|brunner|tangermann|schalk|smilkov|adebayo|simonyan|sundararajan|braindecode|moabb|pyriemann)\b/i;
/** Words that are domain words only in company (two of them, or one with a strong word): "train my dog" is not. */
const WEAK_EN =
  /\b(?:signals?|power|sampl\w*|events?|labels?|class(?:es)?|mu|alpha|beta|theta|delta|gamma|imagery|model\w*|network|layers?|kernel|train\w*|fit|learning|epochs?|batch\w*|loss|test\w*|splits?|split\w*|subjects?|sessions?|transfer|metrics?|precision|recall|explain\w*|interpret\w*|files?|formats?|cpu|threads?|seed|repeats?|sweep|notebook|cli|mcp|study|stage|pipeline|dataset|data|recordings?|analys[ie]s|re-?run\w*|load\w*|export\w*|plot\w*|evaluat\w*|average|backends?|confirm\w*|reproduc\w*)\b/gi;
const DOMAIN_ZH =
  /腦|狀態|進度|睡眠|癲癇|眨眼|眼動|肌電|源定位|連結性|內插|插值|電極|通道|頻道|訊號|信號|濾波|帶通|高通|低通|陷波|赫茲|頻率|頻帶|頻譜|功率|取樣|採樣|奈奎斯特|混疊|分段|切段|基線|試次|事件|標籤|類別|分類|參考|正規化|標準化|歸一化|偽跡|雜訊|運動想像|誘發|節律|模型|網路|網絡|卷積|訓練|過擬合|學習率|批次|輪數|優化器|驗證|測試|分割|交叉|洩漏|受試者|場次|準確|平衡|卡帕|混淆|指標|機率|顯著|梯度|歸因|解釋|格式|檔案|顯卡|顯示卡|後端|匯出|資料|數據|筆記本|階段|前處理|前置處理|超參數/;

/** Question words and fillers that say nothing about the topic. */
const STOP = new Set(
  'a an the is are was were be been being of to in on at by for with from as and or not no do does did doing what whats which who whom whose when where why how should shall can could would will may might must i me my we our you your it its this that these those there here than then so if about into over under per vs versus between any some much many more most very just also only ever really please tell explain describe define mean means meaning difference good best better use used using choose chosen pick work works need needed want get got make makes one two way ways kind type thing things xbrain does doesn whether typical typically usually usual common commonly'.split(
    ' ',
  ),
);

/** Content terms of a text: lower-case words (light stemming) and CJK character bigrams. */
export function contentTerms(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text
    .toLowerCase()
    .replace(/artefact/g, 'artifact')
    .match(/[a-z][a-z0-9+-]*|\d+(?:\.\d+)?/g) ?? []) {
    const t = w.replace(/-/g, '');
    if (STOP.has(w) || STOP.has(t) || t.length < 2) continue;
    out.add(stem(t));
    // "sleep-staging" also matches "sleep staging"
    if (w.includes('-')) for (const part of w.split('-')) if (part.length > 2 && !STOP.has(part)) out.add(stem(part));
  }
  // an identifier is also one term ("n_test_subjects", "pool_sessions"): its parts alone ("test", "subjects") are
  // everywhere, the parameter row that names it is the answer
  for (const id of text.toLowerCase().match(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g) ?? []) out.add(id);
  for (const run of text.match(/[\u4e00-\u9fff]+/g) ?? []) {
    for (let i = 0; i + 1 < run.length; i++) {
      const bi = run.slice(i, i + 2);
      if (!ZH_STOP.has(bi) && !ZH_FILLER.test(bi)) out.add(bi);
    }
  }
  return out;
}

/**
 * Characters that join a bigram to the words around it rather than name a concept: particles (的, 嗎, 了), pronouns
 * (我, 你, 他) and adverbs (就, 還, 都, 也, 說). "我想知道模型看哪些通道" gave 我想, 想知 and 後我, which matched passages
 * by chance; a technical term of the knowledge base does not contain them.
 */
const ZH_FILLER = /[的嗎呢麼吧了我你他她就還都也說啊喔呀嘛哦是而]/;

const ZH_STOP = new Set([
  '多少',
  '比較',
  '較好',
  '最好',
  '好嗎',
  '要設',
  '設多',
  '少比',
  '長什',
  '樣子',
  '構長',
  '別是',
  '是多',
  '會不',
  '不會',
  '有沒',
  '會有',
  '有何',
  '怎樣',
  '為什',
  '該怎',
  '怎麼',
  '麼辦',
  '要怎',
  '可不',
  '不可',
  '能不',
  '不能用',
  '一直',
  '就是',
  '什麼',
  '為什',
  '麼是',
  '是什',
  '如何',
  '怎麼',
  '哪個',
  '哪些',
  '應該',
  '可以',
  '我的',
  '一個',
  '這個',
  '那個',
  '時候',
  '什麼時',
  '麼時',
  '使用',
  '要用',
  '是否',
  '嗎？',
  '為何',
  '有什',
  '麼差',
  '差別',
  '如果',
  '我們',
  '需要',
  '還是',
  '多少',
  '一下',
  '請問',
  '知道',
]);

export function stem(w: string): string {
  if (w.length <= 4) return w;
  const base = w.replace(/(?:ization|isation)$/, 'iz');
  // "-es" is a suffix only after a sibilant ("classes" → class, "aliases" → alias), and a final s after s, i, u or a
  // is part of the word ("class", "analysis", "focus", "alias"): stripping it kept "class" from meeting "classes"
  const s = /ies$/.test(base) ? `${base.slice(0, -3)}y` : base.replace(/(?<=(?:s|x|z|ch|sh))es$|(?<![siua])s$|(?:ing|ed|ly)$/, '');
  // "merge" and "merges" must meet: a trailing e goes as the suffixes do
  return s.length > 4 && s.endsWith('e') ? s.slice(0, -1) : s;
}

/**
 * Domain words the first lexicon missed (issue 19: "phase-amplitude coupling (PAC) 可以算嗎", "DEAP 的 .dat 可以讀嗎",
 * "EGI 的 .raw 可以讀嗎", "bipolar derivation like C3-FC3?" were declined): analysis methods, data sets, file
 * formats and vendors, electrode names, model-search words. A file extension or a 10-20 electrode name is enough.
 */
const DOMAIN_EN_MORE =
  /\b(?:phase|amplitude|coupling|pac|entropy|wavelets?|hilbert|envelope|microstates?|bipolar|derivations?|granger|causality|dipoles?|fractal|spectrogram\w*|time-?frequency|ersp|itc|morlet|stft|fft|welch|cca|trca|xdawn|asr|autoreject|ransac|prep pipeline|tangent space|covariance\w*|whiten\w*|decod\w*|deap|seed-?iv|tuh|chb-?mit|eegmmidb|bnci|bci (?:competition|iv|iii)|openbmi|lee2019|high-?gamma|egi|neuroscan|biosemi|brain ?products|g\.?tec|emotiv|openbci|actichamp|nicolet|bids|nwb|hdf5|h5|pickle|matlab|optuna|hyperopt|bayesian|grid search|random search|early stopping|augmentation|mixup|transformers?|lstm|rnn|gru|conformer|labram|bendr|foundation models?|fine-?tun\w*|pretrain\w*|emotion recognition|valence|arousal|n170|n400|mmn|p3b?|erp|evoked|electrophysiolog\w*|physiolog\w*|biosignals?|psg|polysomnograph\w*|hypnogram|spindles?|k-?complex\w*|sensorimotor|neurofeedback|tensorpac|yasa|pyxdf|skorch|scikit-?learn|sklearn|eeglab|fieldtrip|brainstorm|mne-\w+|fmri|nirs|tms|tdcs|lfp)\b|\.(?:edf|bdf|gdf|set|fdt|vhdr|vmrk|eeg|fif|cnt|mat|npy|npz|raw|mff|dat|xdf|nwb|h5|hdf5|trc|sig|cdt|pkl)\b|\b(?:fp|af|f|fc|ft|c|t|tp|cp|p|po|o|i)(?:z|[1-9]|10)\b/i;
const DOMAIN_ZH_MORE =
  /載入|讀取|讀檔|相位|振幅|耦合|熵|小波|包絡|微狀態|導程|雙極|偶極|因果|時頻|頻譜圖|解碼|協方差|共變異|資料集|數據集|貝氏|網格搜尋|擴增|增強|遷移|微調|預訓練|情緒|誘發電位|事件相關|電位|腦波|生理訊號|多導睡眠|紡錘波|神經回饋|感覺運動|功能性磁振|磁振造影|近紅外|經顱|匯入/;

export function isOffTopic(question: string): boolean {
  // misspelt domain words count ("bandpas", "subjcet"): the agent's typo reading corrects them first
  const fixed = canonicalText(question);
  const domain = (q: string) => DOMAIN_EN.test(q) || DOMAIN_ZH.test(q) || DOMAIN_EN_MORE.test(q) || DOMAIN_ZH_MORE.test(q);
  if ([question, fixed].some((q) => domain(q) || TOOL_NAME.test(q) || PARAMETER_SET.test(q))) return false;
  // "how do I train my dog?", "explain quantum computing": weak domain words about something else entirely
  if (OFF_DOMAIN.test(question)) return true;
  // a question with one weak word ("how 2 split by subjcet?") is in the domain; an off-topic one has none
  return (question.match(WEAK_EN) ?? []).length === 0;
}

/** Subjects far from EEG that turn a weak domain word ("train", "model", "explain") into an off-topic question. */
const OFF_DOMAIN =
  /\b(?:dogs?|cats?|puppy|kittens?|pets?|horses?|cars?|engines?|bikes?|recipes?|cook\w*|bak\w+|weather|forecast|movies?|films?|songs?|music|football|soccer|basketball|baseball|stocks?|bitcoin|crypto\w*|quantum|politic\w*|elections?|president|capital of|restaurants?|hotels?|flights?|vacation|holidays?|poems?|jokes?|horoscope|garden\w*|dinner|lunch|breakfast|wine|beer|coffee|fashion|marathon|diet|calories|weight loss|girlfriend|boyfriend|dating|taxes|mortgage|lottery|java|css|html|react|linked lists?|dictionar(?:y|ies)|blockchain|brakes?|tires?|sql|exchange rates?|currenc(?:y|ies)|usd|twd|eur|salary|rent)\b|貓|狗|寵物|天氣|電影|食譜|股票|比特幣|足球|籃球|棒球|政治|總統|選舉|笑話|詩|咖啡|餐廳|旅遊|減肥|晚餐|午餐|所得稅|報稅|稅金|繳稅|保險|房貸|匯率|理財|投資|彩券|星座|食譜|料理/i;

/** A parameter set to a value ("independent=true", "absolute = false", "folds=5"): a tool's option, whatever its name. */
const PARAMETER_SET = /\b[a-z][a-z0-9_]*\s*=\s*(?:true|false|none|null|\d|"|')/i;

/** A subject far from EEG (OFF_DOMAIN) and no domain word: declined even when phrased as an instruction ("幫我算所得稅"). */
export function namesOffDomainSubject(text: string): boolean {
  return OFF_DOMAIN.test(text) && isOffTopic(text);
}

/** An XBrain tool or parameter name ("configure_training", "t_min") or MI/ERP shorthand. */
const TOOL_NAME = /\b[a-z]+_[a-z_]+\b|\b(?:MI|SMR|CAR|acc|kapa|hz)\b/;

/** How much of the question a passage covers: the share of the question's content terms found in it. */
export function coverage(question: string, passage: string, known?: ReadonlySet<string>): number {
  const p = contentTerms(passage);
  // CJK bigrams across word boundaries ("構長" in "架構長什麼樣子") are noise: count only those the retrieved text knows
  const keep = (t: string) => !/^[\u4e00-\u9fff]{2}$/.test(t) || (known ?? p).has(t);
  const q = new Set([...contentTerms(expandQuery(question))].filter(keep));
  const origin = contentTerms(question);
  if (q.size === 0) return 0;
  let hit = 0;
  let total = 0;
  for (const t of q) {
    // terms the user typed weigh twice the glossary's additions
    const w = origin.has(t) ? 2 : 1;
    total += w;
    if (p.has(t)) hit += w;
  }
  return hit / total;
}

/** Below this coverage by the best passage, the knowledge base is taken not to cover the question. */
export const MIN_COVERAGE = 0.3;
/** Coverage by one passage that answers a question even when a name in it is unknown to the knowledge base. */
const STRONG_COVERAGE = 0.6;

/**
 * Retrieval evidence that a question the lexicon missed is in the domain: two or more of its own words (four letters
 * or more, not question words) occur together in one retrieved passage, and it names no subject far from EEG.
 */
export function retrievalSaysInDomain(question: string, hits: readonly PassageHit[]): boolean {
  if (OFF_DOMAIN.test(question)) return false;
  if (titleSharesChineseTerms(question, hits)) return true;
  const terms = [...contentTerms(question.replace(/[\u4e00-\u9fff]+/g, ' '))].filter((t) => t.length >= 4);
  if (terms.length === 0) return false;
  return hits.some((h) => {
    const p = contentTerms(`${h.title}\n${h.text}`);
    const n = terms.filter((t) => p.has(t)).length;
    return n >= 2 && n * 2 >= terms.length;
  });
}

/** Chinese bigrams that ask rather than name (哪個比較好, 應該還是): no evidence of a subject. */
const ASKING_BIGRAMS =
  /^(?:比較|應該|還是|哪個|哪一|什麼|怎麼|可以|要用|用哪|是不|不是|一個|這個|那個|如果|的話|會不|不會|多少|有沒|沒有|個比|較好|該用|好嗎|要不|不要|為什|麼是|是什)$/;

/**
 * Retrieval evidence from a question's Chinese words (「誤差線應該畫標準差還是標準誤比較好」, which has no Latin term for the
 * check below): the title of a
 * retrieved section, whose Chinese half names its subject in a few words, shares three or more of the question's
 * naming bigrams. A title is short, so three shared bigrams are the section's subject, not a word in passing.
 */
function titleSharesChineseTerms(question: string, hits: readonly PassageHit[]): boolean {
  const grams = new Set<string>();
  for (const run of question.match(/[\u4e00-\u9fff]{2,}/g) ?? [])
    for (let i = 0; i + 2 <= run.length; i++) if (!ASKING_BIGRAMS.test(run.slice(i, i + 2))) grams.add(run.slice(i, i + 2));
  if (grams.size < 3) return false;
  return hits.some((h) => [...grams].filter((g) => h.title.includes(g)).length >= 3);
}

/**
 * The names a question turns on: acronyms ("PAC", "DEAP"), words in parentheses ("(optuna)") and file extensions
 * (".dat"). When one of them occurs in no retrieved passage the knowledge base does not know the thing asked about,
 * and a passage about its other words ("coupling", "search") would answer a different question.
 */
export function keyNames(question: string): string[] {
  const out = new Set<string>();
  for (const m of question.match(/\b[A-Z][A-Z0-9]{2,}\b/g) ?? []) if (!/^(?:XBRAIN|EEG|BCI|HZ)$/.test(m)) out.add(m.toLowerCase());
  for (const m of question.matchAll(/[(（]([^()（）]{2,40})[)）]/g)) for (const w of m[1].match(/[A-Za-z][A-Za-z0-9]{2,}/g) ?? []) out.add(w.toLowerCase());
  for (const m of question.match(/(?<![\w/])\.[a-z0-9]{2,4}\b/gi) ?? []) out.add(m.toLowerCase());
  return [...out].filter((k) => !STOP.has(k));
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function mentions(text: string, name: string): boolean {
  const t = text.toLowerCase();
  if (name.startsWith('.')) return t.includes(name) || new RegExp(`\\b${name.slice(1)}\\b`).test(t);
  return new RegExp(`(?<![a-z0-9])${escapeRe(name)}(?![a-z0-9])`).test(t);
}

export function assessQuestion(question: string, hits: readonly PassageHit[]): 'off_topic' | 'not_covered' | 'covered' {
  if (isOffTopic(question) && !retrievalSaysInDomain(question, hits)) return 'off_topic';
  if (hits.length === 0) return 'not_covered';
  const passages = hits.map((h) => `${h.title}\n${h.text}`);
  const known = new Set(hits.flatMap((h) => [...contentTerms(`${h.title}\n${h.text}`)]));
  // a name no passage mentions ("PAC", "DEAP") leaves the question uncovered unless a passage answers the rest of it
  // well ("seizure detection … CHB-MIT": the scope page says XBrain has no seizure detection)
  const missing = keyNames(question).filter((k) => !passages.some((p) => mentions(p, k)));
  if (missing.length) {
    const rest = missing.reduce((q, k) => q.replace(new RegExp(escapeRe(k), 'gi'), ' '), question);
    if (Math.max(...passages.map((p) => coverage(rest, p, known))) < STRONG_COVERAGE) return 'not_covered';
  }
  const best = Math.max(...hits.map((h) => coverage(question, `${h.title}\n${h.text}`, known)));
  return best < MIN_COVERAGE ? 'not_covered' : 'covered';
}

export function declineLine(question: string): string {
  return /[\u4e00-\u9fff]/.test(question)
    ? '這超出 XBrain 的範圍：我只回答 EEG、腦機介面與 XBrain 的問題。'
    : "That is outside XBrain's scope: I answer questions about EEG, brain-computer interfaces and XBrain.";
}

export function notCoveredLine(question: string): string {
  return /[\u4e00-\u9fff]/.test(question)
    ? '知識庫沒有涵蓋這個問題（The knowledge base does not cover this.），所以我不作猜測。'
    : 'The knowledge base does not cover this, so I will not guess.';
}

/** "Can XBrain …", "is there …", "does it support …", "可以…嗎", "有…嗎", "支援…": a question about what XBrain offers. */
const CAPABILITY =
  /^\s*(?:can|could|does|do|is there|are there|will)\b|\b(?:support\w*|available|offer\w*|possible)\b|可以|可不可以|能不能|能否|支援|支持|有沒有|^有.*嗎|提供/i;

/**
 * The answer to a capability question nothing in the knowledge base covers: XBrain does not offer it (its scope
 * page lists what it does), with the way out the knowledge base gives for analyses outside XBrain.
 */
export function notOfferedLine(question: string): string {
  if (!CAPABILITY.test(question)) return notCoveredLine(question);
  return /[\u4e00-\u9fff]/.test(question)
    ? 'XBrain 沒有提供這項功能，知識庫也沒有涵蓋它（The knowledge base does not cover this.），所以我不作猜測。需要 XBrain 以外的分析時，可用 export_epochs 匯出 epoch（X.npy 與 y.npy，或 -epo.fif），再用 MNE-Python 或自己的程式處理。'
    : 'XBrain does not offer this and the knowledge base does not cover it, so I will not guess. For analyses outside XBrain, export the epochs with export_epochs (X.npy and y.npy, or a -epo.fif) and use MNE-Python or your own code.';
}

const NOT_COVERED = /does not cover|do not cover|doesn't cover|not covered|沒有涵蓋|未涵蓋|不涵蓋/i;

/**
 * Checks an answer's citations against the passages retrieved for it: markers [n] outside 1..hits are removed, any
 * Sources line the model wrote is replaced by one listing exactly the passages it cited.
 */
export function checkCitations(answer: string, hits: readonly PassageHit[]): { answer: string; cited: number[]; invalid: number[]; notCovered: boolean } {
  // only a Sources line (at the start of a line) is replaced: "reduce the imbalance at the source: …" is an answer
  const body = answer.replace(/(?:^|\n)[ \t]*(?:\*\*)?(?:Sources?|References?|來源|出處)(?:\*\*)?[ \t]*[:：][\s\S]*$/i, '').trim();
  const cited = new Set<number>();
  const invalid = new Set<number>();
  const text = body.replace(/\[(\d+(?:\s*[,，]\s*\d+)*)\]/g, (m, list: string) => {
    // "fractions in [0, 1]": an interval quoted from a passage, not a citation (sources are numbered from 1)
    if (/^0\s*[,，]/.test(list)) return m;
    const ok: number[] = [];
    for (const x of list.split(/\s*[,，]\s*/).map(Number)) {
      if (Number.isInteger(x) && x >= 1 && x <= hits.length) {
        ok.push(x);
        cited.add(x);
      } else invalid.add(x);
    }
    return ok.length ? `[${ok.join(', ')}]` : '';
  });
  const refs = [...cited].sort((a, b) => a - b);
  const notCovered = NOT_COVERED.test(text) && refs.length === 0;
  const sources = refs.length ? `\n\nSources: ${refs.map((n) => `[${n}] ${hits[n - 1].title} (${hits[n - 1].source})`).join('; ')}` : '';
  return { answer: `${text.replace(/[ \t]+([.。,，])/g, '$1').trim()}${sources}`, cited: refs, invalid: [...invalid], notCovered };
}
