/**
 * Figures a methods question asks for that depend on the user's own numbers ("2 classes, 50 test trials, 66%: above
 * chance?", "t_min -0.5 t_max 2.5 at 160 Hz, how many samples?"): the knowledge base explains the method but cannot
 * hold every result, so the offline composer opens its answer with one computed sentence and then quotes the passage
 * that explains it. Pure functions of the question's text: nothing here reads or changes a Study, and a request
 * ("resample to 128 Hz") or a question missing a needed number gets no figure (undefined).
 */

import { binomialTest, formatPValue } from '../evaluation/metrics';
import { autoHighTransition, autoLength, autoLowTransition, HAMMING_LENGTH_FACTOR } from '../signal/firDesign';
import { minSamples } from '../training/models';

/** The computed sentence and which formula gave it. */
export interface ComputedAnswer {
  kind:
    | 'binomial'
    | 'chance'
    | 'kappa'
    | 'accuracy_from_kappa'
    | 'epoch_samples'
    | 'nyquist'
    | 'min_sampling_rate'
    | 'edge_vs_nyquist'
    | 'itr'
    | 'mne_filter'
    | 'split_counts'
    | 'kernel'
    | 'min_epoch'
    | 'parameters';
  text: string;
}

// ---------------------------------------------------------------- formulas
// The binomial tail and threshold are evaluation/metrics.ts's (evaluate's chance sentence uses them); the filter's
// figures are signal/firDesign.ts's.

/** Cohen's kappa of an accuracy with K balanced classes: (acc − 1/K) / (1 − 1/K). */
export const kappaFromAccuracy = (acc: number, k: number) => (acc - 1 / k) / (1 - 1 / k);
/** The accuracy a kappa means with K balanced classes: κ (1 − 1/K) + 1/K. */
export const accuracyFromKappa = (kappa: number, k: number) => kappa * (1 - 1 / k) + 1 / k;

/** Samples in an MNE epoch from t_min to t_max (both ends included): round((t_max − t_min) · sf) + 1. */
export const epochSamples = (tmin: number, tmax: number, sf: number) => Math.round((tmax - tmin) * sf) + 1;

/** Wolpaw's information transfer rate in bits per trial: log2 N + P log2 P + (1 − P) log2((1 − P)/(N − 1)). */
export function itrBitsPerTrial(n: number, p: number): number {
  if (p <= 1 / n) return 0;
  if (p >= 1) return Math.log2(n);
  return Math.log2(n) + p * Math.log2(p) + (1 - p) * Math.log2((1 - p) / (n - 1));
}

/**
 * MNE's automatic FIR design (fir_design "firwin", Hamming window) as signal/firDesign.ts builds it: the 'auto'
 * transition bands and the length 3.3 / narrowest transition · sf samples, made odd. Without a sampling rate only
 * the lower band (and the length in seconds) follows.
 */
export function mneFilter(l: number | undefined, h: number | undefined, sf?: number): { lTrans?: number; hTrans?: number; samples?: number; seconds: number } {
  const lTrans = l !== undefined && l > 0 ? autoLowTransition(l) : undefined;
  const hTrans = h !== undefined && sf !== undefined ? autoHighTransition(h, sf) : undefined;
  const narrowest = Math.min(lTrans ?? Infinity, hTrans ?? Infinity);
  const seconds = HAMMING_LENGTH_FACTOR / narrowest;
  return sf === undefined ? { lTrans, hTrans, seconds } : { lTrans, hTrans, samples: autoLength(narrowest, sf), seconds };
}

// ---------------------------------------------------------------- reading the question

const WORD_NUMBERS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const ZH_NUMBERS: Record<string, number> = { 二: 2, 兩: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
const NUM = String.raw`(\d+(?:\.\d+)?|\.\d+)`;
const SIGNED = String.raw`([-−–]?\s?(?:\d+(?:\.\d+)?|\.\d+))`;

/** The quantities a question states; a field is absent when the question does not give it. */
export interface Quantities {
  classes?: number;
  trials?: number;
  accuracy?: number;
  correct?: number;
  kappa?: number;
  sf?: number;
  low?: number;
  high?: number;
  upTo?: number;
  /** a notch filter's frequency ("60 Hz notch", "notch at 50 Hz") */
  notch?: number;
  tmin?: number;
  tmax?: number;
  /** the length of an epoch or window given as a duration ("a 2 s window", "4 秒 epoch"), not as t_min–t_max */
  duration?: number;
  trialSeconds?: number;
  trialsPerMinute?: number;
  /** class shares of an imbalanced set ("imbalanced 80/20", "70/30 不平衡"), as written */
  classShares?: number[];
  /** generate_dataset's test_ratio and val_ratio as fractions */
  testRatio?: number;
  valRatio?: number;
  /** The public data set the question names, whose facts filled a missing number. */
  dataset?: string;
  /** Which numbers the named data set supplied. */
  filled?: ('sf' | 'classes')[];
}

/** Facts of the public data sets the knowledge base describes (sampling rate; classes when the set has one task). */
const DATASETS: { name: RegExp; label: string; sf: number; classes?: number }[] = [
  { name: /physionet|eegmmidb|eegbci/, label: 'PhysioNet EEGMMIDB', sf: 160 },
  { name: /\b(?:bci\s*(?:competition\s*)?iv\s*)?2a\b|bciciv_?2a|bnci2014_?001/, label: 'BCI Competition IV 2a', sf: 250, classes: 4 },
  { name: /\b(?:bci\s*(?:competition\s*)?iv\s*)?2b\b|bciciv_?2b|bnci2014_?004/, label: 'BCI Competition IV 2b', sf: 250, classes: 2 },
];

const num = (s: string | undefined) => (s === undefined ? undefined : Number(s.replace(/[−–]/, '-').replace(/\s/g, '')));
const first = (text: string, ...patterns: RegExp[]) => {
  for (const p of patterns) {
    const m = p.exec(text);
    if (m) return m.slice(1).find((g) => g !== undefined);
  }
  return undefined;
};

/** Reads the quantities of a question in English or Traditional Chinese (informal, common misspellings). */
export function readQuantities(question: string): Quantities {
  const t = question
    .toLowerCase()
    .replace(/[％]/g, '%')
    .replace(/[，、]/g, ', ')
    .replace(/[：]/g, ':')
    .replace(/[＝]/g, '=')
    .replace(/(\d),(\d{3})\b/g, '$1$2');
  const q: Quantities = {};
  const classWord = first(
    t,
    // "2 balanced classes", "4 MI classes": a word describing the classes may stand between the count and the noun
    /(\d+)\s*-?\s*(?:(?:balanced|equal(?:ly[- ]sized)?|mi|motor[- ]imagery|imagery|task|target)\s+)?(?:classes|class|clases|categories|category|conditions|way)\b/,
    /\b(two|three|four|five|six|seven|eight|nine|ten)[\s-]*(?:(?:balanced|equal(?:ly[- ]sized)?|mi|motor[- ]imagery|imagery|task|target)\s+)?(?:classes|class|clases|categories|way)\b/,
    /(\d+)\s*(?:個|种|種)?\s*(?:類|分類)/,
    /([二兩三四五六七八九十])\s*(?:個|種)?\s*(?:類|分類)/,
    /(?:classes|n_classes|類別數|類別)\s*(?:=|:|是|為|有)?\s*(\d+)/,
    /\bk\s*=\s*(\d+)/,
  );
  if (classWord !== undefined) q.classes = WORD_NUMBERS[classWord] ?? ZH_NUMBERS[classWord] ?? Number(classWord);
  else if (/\bbinary\b|二元|二分類/.test(t)) q.classes = 2;

  const ratio = /(\d+)\s*(?:\/|out of|of)\s*(\d+)\s*(?:test\s+)?(?:correct|right|trials?|trails?|epochs?)?/.exec(t);
  const correct = first(t, /(\d+)\s*(?:correct|right|hits)\b/, /(?:答對|猜對|對了|做對)了?\s*(\d+)/, /(\d+)\s*(?:個|次)?\s*(?:正確|答對)/);
  q.trials = num(
    first(
      t,
      /(\d+)\s*(?:test(?:ing)?\s+|total\s+|held-out\s+)?(?:trials?|trails?|epochs?|test samples|examples)\b/,
      /(\d+)\s*(?:個|次|筆)?\s*(?:測試|test)?\s*(?:試次|樣本|trials?|trails?)/,
      /(?:試次|測試集)\s*(?:數)?\s*(?:=|:|是|為|有)?\s*(\d+)/,
      /\bn\s*=\s*(\d+)/,
    ),
  );
  // "30 trials per class", "每類 30 個 trial": the set holds that many of each class
  const perClass = num(
    first(
      t,
      /(\d+)\s*(?:test\s+)?(?:trials?|trails?|epochs?)\s*(?:per|each|for each|in each|of each|\/)\s*class/,
      /(?:per|each)\s*class\s*(?:has|had|of|with|:|=)?\s*(\d+)\s*(?:trials?|trails?|epochs?)?/,
      /(?:每類|每一類|每個類別|每個class|每class)\s*(?:各)?\s*(\d+)/,
    ),
  );
  if (perClass !== undefined && q.classes !== undefined) q.trials = perClass * q.classes;
  // "imbalanced 80/20", "70/30 不平衡", "a 60:40 class split": shares of the classes that sum to 100, not correct / trials
  const shares = /(\d+(?:\.\d+)?)\s*[/:]\s*(\d+(?:\.\d+)?)(?:\s*[/:]\s*(\d+(?:\.\d+)?))?(?!\s*(?:correct|right|trials?|trails?|epochs?|個|次))/.exec(t);
  const shareList = shares
    ? shares
        .slice(1)
        .filter((x) => x !== undefined)
        .map(Number)
    : [];
  if (
    shares &&
    Math.abs(shareList.reduce((a, b) => a + b, 0) - 100) < 0.01 &&
    /imbalanc|unbalanc|not balanced|skew|split|majority|ratio|distribution|\bclasses\s+(?:are|were)\b|不平衡|不均|比例|分布|多數/.test(t)
  ) {
    // equal shares ("a 50/50 split") are balanced: no majority baseline, and no count either
    if (Math.max(...shareList) > 100 / shareList.length) q.classShares = shareList;
    if (q.classes === undefined) q.classes = shareList.length;
  } else if (ratio && /correct|right|答對|正確|\//.test(t) && Number(ratio[1]) <= Number(ratio[2])) {
    q.correct = Number(ratio[1]);
    q.trials = Number(ratio[2]);
  } else if (correct !== undefined && Number(correct) !== q.trials && (q.trials === undefined || Number(correct) <= q.trials)) q.correct = Number(correct);

  // an accuracy is a percentage (not a p-value threshold) or a fraction named as one
  for (const m of t.matchAll(new RegExp(`${NUM}\\s*%`, 'g'))) {
    const before = t.slice(Math.max(0, (m.index ?? 0) - 12), m.index);
    if (/\bp\s*[<=≤]\s*$|overlap\s*$|chance[^,]*$/.test(before)) continue;
    q.accuracy = Number(m[1]) / 100;
    break;
  }
  q.accuracy ??= num(first(t, new RegExp(`(?:accuracy|acc|準確率|正確率)\\s*(?:of|is|=|:|是|為|只有|約|about|only|just|~)?\\s*(0?\\.\\d+)`)));
  q.kappa = num(
    first(
      t,
      new RegExp(
        `(?:kappa|κ|卡帕)\\s*(?:value|值|係數)?\\s*(?:of|is|=|:|是|為|達|about|~|只有|約|大約|only|just|around)?\\s*(?:of|is|=|:|是|為)?\\s*${SIGNED}`,
      ),
      new RegExp(`${SIGNED}\\s*(?:kappa|κ)`),
    ),
  );
  if (q.kappa !== undefined && (q.kappa < -1 || q.kappa > 1)) delete q.kappa;

  // sampling rate: named as one, or the rate a resample goes to, or "at 160 Hz" with nothing else naming it
  q.sf = num(
    first(
      t,
      new RegExp(
        `(?:sampl\\w*\\s*(?:rate|frequency|freq)|sampling|sfreq|\\bs?f_?s\\b|srate|取樣率|採樣率|取樣頻率|採樣頻率)\\s*(?:of|is|=|:|at|是|為|只有)?\\s*${NUM}`,
      ),
      new RegExp(`${NUM}\\s*hz\\s*(?:sampling|sample rate|sampled|data|recording|eeg|取樣|採樣|的資料|資料)`),
      // "my data is 512 Hz", "the recording was at 1000 Hz", "資料是 500 Hz"
      new RegExp(`(?:data|recordings?|eeg|signals?|資料|訊號|錄音)\\s*(?:is|are|was|were|at|is at|are at|是|為|有)\\s*${NUM}\\s*hz`),
      new RegExp(
        `(?:sampled|recorded|resampl\\w*|downsampl\\w*|down-sampl\\w*|upsampl\\w*|decimat\\w*|降取樣|重新取樣|降採樣|重新採樣|降到|取樣)\\s*(?:at|to|成|到|至|為)?\\s*${NUM}\\s*hz`,
      ),
      // "at 160 Hz", not the frequency of a filter ("low-pass at 300 Hz", "notch at 60 Hz")
      new RegExp(`(?<!(?:pass|notch|cutoff|cut-off|filter|edge|filtering)\\s*)\\bat\\s+${NUM}\\s*hz`),
    ),
  );
  const band =
    new RegExp(`${NUM}\\s*(?:hz)?\\s*(?:-|–|—|~|to|到|至)\\s*${NUM}\\s*hz`).exec(t) ??
    new RegExp(
      `(?:band-?\\s?pass|帶通|濾波)\\s*(?:filter|濾波)?\\s*(?:at|of|=|:|為|是|設在|設成|設為|設|用|改成|from)?\\s*${NUM}\\s*(?:hz)?\\s*(?:-|–|~|to|到)\\s*${NUM}`,
    ).exec(t);
  if (band) {
    q.low = Number(band[1]);
    q.high = Number(band[2]);
  }
  q.high ??= num(
    first(
      t,
      new RegExp(`${NUM}\\s*hz\\s*(?:low-?\\s?pass|低通)`),
      new RegExp(`(?:low-?\\s?pass|低通)\\s*(?:filter|濾波)?\\s*(?:at|of|=|:|cutoff|edge|在|設在|設為|為|到|stay at|remain at)?\\s*${NUM}\\s*hz`),
      // "low pass 設 100", "低通設在 45": the unit is often left out after a setting word
      new RegExp(`(?:low-?\\s?pass|低通)\\s*(?:filter|濾波)?\\s*(?:=|設在|設成|設為|設|at|to)\\s*${NUM}(?![\\d.]|\\s*(?:%|s\\b|秒|ms|個|次|db))`),
    ),
  );
  q.high ??= num(first(t, new RegExp(`(?:上限|上緣|upper edge|upper cutoff|high_freq|h_freq)\\s*(?:=|:|是|為|設|設在|at|of)?\\s*${NUM}`)));
  q.low ??= num(first(t, new RegExp(`(?:下限|下緣|lower edge|lower cutoff|low_freq|l_freq)\\s*(?:=|:|是|為|設|設在|at|of)?\\s*${NUM}`)));
  q.low ??= num(
    first(
      t,
      // the figure written before the edge's name comes first: in "1 Hz high-pass at 250 Hz" the figure after it is the rate
      new RegExp(`${NUM}\\s*hz\\s*(?:high-?\\s?pass|高通)`),
      new RegExp(`(?:high-?\\s?pass|高通)\\s*(?:filter|濾波)?\\s*(?:at|of|=|:|cutoff|edge|在|設在|設為|為)?\\s*${NUM}\\s*hz`),
    ),
  );
  q.upTo = num(
    first(
      t,
      new RegExp(`(?:up to|as high as|upto|至多|最高到|最高|(?<![降樣])到|(?<![降樣])至)\\s*${NUM}\\s*hz`),
      new RegExp(`(?:analy[sz]e|study|look at|keep|分析|保留|看)[^.?]{0,30}?${NUM}\\s*hz`),
    ),
  );

  q.notch = num(
    first(
      t,
      new RegExp(`(?:notch|陷波)\\s*(?:filter|濾波器?)?\\s*(?:at|of|=|:|在|設在|設為|為|用)?\\s*${NUM}\\s*hz`),
      new RegExp(`${NUM}\\s*hz\\s*(?:的)?\\s*(?:notch|陷波)`),
    ),
  );

  // epoch window in seconds (ms converted)
  const sec = (v: string | undefined, unit: string | undefined) =>
    v === undefined ? undefined : (num(v) as number) / (unit && /ms|毫秒/.test(unit) ? 1000 : 1);
  const tminM = new RegExp(`t_?min\\s*(?:=|:|of|is|是|為)?\\s*${SIGNED}\\s*(ms|s|秒|毫秒)?`).exec(t);
  const tmaxM = new RegExp(`t_?max\\s*(?:=|:|of|is|是|為)?\\s*${SIGNED}\\s*(ms|s|秒|毫秒)?`).exec(t);
  if (tminM && tmaxM) {
    q.tmin = sec(tminM[1], tminM[2] ?? tmaxM[2]);
    q.tmax = sec(tmaxM[1], tmaxM[2] ?? tminM[2]);
  } else {
    const win = new RegExp(`${SIGNED}\\s*(ms|s|sec|秒|毫秒)?\\s*(?:to|–|—|~|到|至|-)\\s*${SIGNED}\\s*(ms|s\\b|sec|seconds|秒|毫秒)`).exec(t);
    if (win) {
      q.tmin = sec(win[1], win[2] ?? win[4]);
      q.tmax = sec(win[3], win[4]);
    }
  }

  // a duration with the thing it measures ("a 2 s window", "4 秒 epoch", "一個 2 秒的 window"), when no t_min–t_max is given
  if (q.tmin === undefined) {
    const d = new RegExp(
      `${NUM}\\s*(ms|s|sec|secs|seconds?|秒|毫秒)\\s*(?:long\\s+|長的?\\s*|的\\s*)?(?:epochs?|windows?|segments?|trials?|時間窗|視窗|窗|片段|段)`,
    ).exec(t);
    if (d) q.duration = sec(d[1], d[2]);
  }
  q.trialSeconds = num(
    first(
      t,
      new RegExp(`${NUM}\\s*(?:s|sec|secs|seconds|秒)\\s*(?:per|each|a|every|\\/|一個|每)\\s*(?:trial|selection|選擇|試次)`),
      new RegExp(
        `(?:每個?試次|每次選擇|per trial|per selection|trial (?:length|duration|time)|selection time|trials? (?:are|of|last|lasting|take|takes))\\s*(?:is|of|=|:|為|是|約)?\\s*${NUM}\\s*(?:s|sec|秒)`,
      ),
    ),
  );
  q.trialsPerMinute = num(first(t, new RegExp(`${NUM}\\s*(?:trials?|selections?)\\s*(?:per|\\/|a)\\s*min`), new RegExp(`每分鐘\\s*${NUM}\\s*(?:個|次)?`)));
  // generate_dataset's ratios ("test_ratio 0.2 val 0.2", "20% test, 10% validation", "測試 0.2")
  const asFraction = (v: string | undefined) => (v === undefined ? undefined : v.endsWith('%') ? Number(v.slice(0, -1)) / 100 : Number(v));
  const RATIO = String.raw`(\d+(?:\.\d+)?\s*%|0?\.\d+)`;
  q.testRatio = asFraction(
    first(
      t,
      new RegExp(`(?:test_ratio|test(?:ing)?(?:\\s+(?:ratio|split|set|share))?|測試(?:集)?(?:比例)?)\\s*(?:=|:|of|is|是|為|設)?\\s*${RATIO}`),
      new RegExp(`${RATIO}\\s*(?:for\\s+)?(?:test|測試)`),
    )?.replace(/\s/g, ''),
  );
  q.valRatio = asFraction(
    first(
      t,
      new RegExp(`(?:val_ratio|val(?:idation)?(?:\\s+(?:ratio|split|set|share))?|驗證(?:集)?(?:比例)?)\\s*(?:=|:|of|is|是|為|設)?\\s*${RATIO}`),
      new RegExp(`${RATIO}\\s*(?:for\\s+)?(?:val|驗證)`),
    )?.replace(/\s/g, ''),
  );
  if (q.testRatio !== undefined && !(q.testRatio > 0 && q.testRatio < 1)) delete q.testRatio;
  if (q.valRatio !== undefined && !(q.valRatio > 0 && q.valRatio < 1)) delete q.valRatio;

  // the one rate a question gives ("0 到 4 秒、250 Hz 有幾個樣本") when nothing else claims it
  const hz = [...t.matchAll(new RegExp(`${NUM}\\s*hz`, 'g'))];
  if (q.sf === undefined && hz.length === 1 && q.low === undefined && q.high === undefined && q.upTo === undefined) q.sf = Number(hz[0][1]);
  // with a band or an edge given, the one other Hz figure above twice the highest edge is the rate ("160 Hz 做 8-30 Hz")
  else if (q.sf === undefined && (q.low !== undefined || q.high !== undefined)) {
    const edges = [q.low, q.high].filter((x): x is number => x !== undefined);
    const others = hz.map((m) => Number(m[1])).filter((v) => !edges.includes(v));
    if (others.length === 1 && others[0] > 2 * Math.max(...edges)) q.sf = others[0];
  }
  // a named public data set states what the question leaves out (its sampling rate, its classes)
  const dataset = DATASETS.find((d) => d.name.test(t));
  if (dataset) {
    q.dataset = dataset.label;
    q.filled = [];
    if (q.sf === undefined) {
      q.sf = dataset.sf;
      q.filled.push('sf');
    }
    if (dataset.classes && q.classes === undefined) {
      q.classes = dataset.classes;
      q.filled.push('classes');
    }
  }
  for (const k of Object.keys(q) as (keyof Quantities)[]) if (q[k] === undefined || (typeof q[k] === 'number' && Number.isNaN(q[k]))) delete q[k];
  return q;
}

/**
 * A question or a statement of results ("2 class 50 test trials, got 66%"), not a request: "resample to 128 Hz" is
 * an operation handled elsewhere, and an imperative with no question clause gets no figure.
 */
export function isCalculationQuestion(question: string): boolean {
  const t = question.trim().toLowerCase();
  const command =
    /^(?:please\s+|pls\s+|now\s+|ok,?\s+|then\s+|(?:i\s+)?(?:want|need|would like|'d like)\s+to\s+|let'?s\s+|go ahead and\s+)?(?:resample|downsample|upsample|filter|apply|set|epoch|train|run|load|split|evaluate|band-?pass|notch|re-?reference|plot|remove|drop|start|use|cut|change|make)\b|^(?:請|幫我|幫忙|麻煩|我要|我想要)|^(?:重新取樣|降取樣|降到|濾波|套用|設定|切段|訓練|執行|載入|開始|改成)/;
  const asks = /[?？]|嗎|多少|幾|是否|能不能|可不可以|可以|算不算|有沒有|呢|\b(?:can|could|is|are|will|would|does|do|what|what's|how|should|which|whether)\b/;
  return !command.test(t) || asks.test(t);
}

// ---------------------------------------------------------------- the sentence

const fmt = (x: number, digits = 1) => String(Number(x.toFixed(digits)));
const paren = (x: number) => (x < 0 ? `(${x})` : String(x));
const pct = (x: number) => `${fmt(x * 100)}%`;
/** A p-value as evaluate writes it, with the decimal form after a power of ten (4.8 × 10^-4 is 0.00048) */
const pText = (p: number) =>
  p < 0.001 && p >= 1e-6 ? `${formatPValue(p)} (${Number(p.toPrecision(2)).toFixed(-Math.floor(Math.log10(p)) + 1)})` : formatPValue(p);

const ASKS = {
  itr: /\bitr\b|information transfer|bits?\s*(?:per|\/|a)\s*(?:trial|min|selection)|bits\/|bit rate|位元|資訊傳輸/,
  filter:
    /transition|trans_bandwidth|filter_length|filter (?:length|order|size)|how long (?:is )?the (?:fir |filter)|\bfir (?:kernel|length)|filter kernel|taps|過渡|濾波器(?:的)?(?:長度|多長|階數)/,
  samples: /samples?|樣本數|幾個樣本|多少(?:個)?樣本|幾個?點|多少(?:個)?點|點數|取樣點|how many points|data points/,
  /** the highest frequency a rate can hold ("highest freq i can keep at 64 Hz", "is 160 Hz enough for gamma?") */
  highestFreq:
    /\b(?:highest|max(?:imum)?|top)\s+(?:freq\w*|frequency)|\benough for (?:gamma|high[- ]gamma|\d+\s*hz)|\bhow high (?:a |in )?freq\w*|\b(?:highest|max(?:imum)?|what)\s+(?:freq\w*\s+)?(?:can|could)\s+(?:i|we|it)\s+(?:see|resolve|analy[sz]e|keep|look at)|\bup to what freq\w*|最高(?:的)?頻率|能看到?多高|最高(?:能|可以|可|只能)?(?:看到|看得到|分析到?|保留到?|到)\s*(?:幾|多少)|夠(?:不夠)?看\s*gamma|gamma\s*夠/,
  kappa: /kappa|κ|卡帕/,
  nyquist: /nyquist|奈奎斯特|奈氏/,
  minSf:
    /(?:minimum|min|lowest|least|at least|need|required?)\b[^.?]{0,30}sampl|sampl\w*\s*(?:rate|frequency)?[^.?]{0,20}(?:at least|minimum|need)|最低(?:的)?(?:取樣|採樣)|(?:取樣|採樣)率?(?:至少|最少|最低|要多少|需要多少|要多高)|至少要?多少/,
  edge: /low-?\s?pass|band-?\s?pass|低通|帶通|上限|上緣|upper edge|cutoff|截止|filter|濾波|h_freq|high_freq/,
  /** the highest edge a rate allows ("at 500 Hz what is the highest low-pass", "降到 128 Hz 以後上限最多設多少") */
  maxEdge: /\b(?:highest|max(?:imum)?|how high|upper limit|limit)\b|上限|最高|最多|最大|極限/,
  significance:
    /significan|above chance|better than chance|over chance|beat chance|p-?value|\bp\s*[<=≤]|\bp\b|threshold|luck|顯著|(?:高於|超過|贏過|勝過|贏|勝過|打敗|超越|比)機率|機率水準|門檻|p 值|運氣|chance/,
  chance: /chance|機率水準|隨機|猜/,
  alias: /alias|混疊|疊頻/,
  /** the low-pass a resampling needs first ("downsample to 64 Hz without a low-pass") */
  antiAlias: /low-?\s?pass|lowpass|低通|anti-?alias/,
  /** the rate the question gives is the one the data goes to */
  resampled: /resampl|downsampl|down-sampl|decimat|降取樣|降採樣|重新取樣|重新採樣|降到|降成/,
  kernel: /kernel|卷積核|核(?:的)?(?:長度|大小)|\bconv\w*\s*(?:layer\s*)?(?:length|size|width)|first conv/,
  /** the shortest epoch a model takes ("is a 1 s epoch long enough for EEGNet at 250 Hz", "EEGNet 最短要幾個樣本") */
  minEpoch: /\b(?:min(?:imum)?|shortest|least|long enough|enough|too short|short(?:est)? (?:epoch|window))\b|最短|至少|最少|夠不夠|夠嗎|夠長|太短/,
  /** a layer's parameter count ("how many weights/parameters does … have", 參數量) */
  parameters:
    /\b(?:how many|number of|count of|total)\s+(?:trainable\s+|learnable\s+)?(?:parameters|params|weights)\b|\bparameter count\b|參數量|幾個參數|多少(?:個)?參數|多少(?:個)?權重|幾個權重/,
};

/**
 * A verdict asked about a stated result ("0.6 on 40 trials, 2 classes: did it learn anything?", 這樣算好嗎, 有學到嗎): with
 * the classes, trials and accuracy given, the binomial test against chance is the figure that answers it.
 */
const VERDICT_ON_RESULT =
  /\b(?:good|bad|real|learn\w*|meaningful|decent|ok|okay|fine|worth|acceptable|random|luck\w*|trust\w*|believ\w*)\b|算好|算有|學到|有用|好嗎|可以嗎|正常嗎|有意義|可信|靠得住|合理嗎|及格|還行/;

/** The computed sentence for a question that gives the numbers a method needs, or undefined. */
export function computedAnswer(question: string): ComputedAnswer | undefined {
  const a = compute(question);
  const q = a && readQuantities(question);
  // a number taken from a named data set is said, so the user can see where it came from
  const usesRate = a && ['epoch_samples', 'nyquist', 'edge_vs_nyquist', 'mne_filter', 'kernel'].includes(a.kind);
  const used = q?.filled?.filter((f) => (f === 'sf') === usesRate) ?? [];
  if (!a || !q || used.length === 0) return a;
  const zh = /[\u4e00-\u9fff]/.test(question);
  const facts = used.map((f) => (f === 'sf' ? `${q.sf} Hz` : zh ? `${q.classes} 類` : `${q.classes} classes`)).join(zh ? '、' : ', ');
  return { ...a, text: zh ? `${a.text}（${q.dataset}：${facts}）` : `${a.text} (${q.dataset}: ${facts}.)` };
}

/**
 * Whether a frequency (a notch, a low-pass edge) lies below the Nyquist frequency of a rate, with the formula (sf / 2 =
 * …): "yes", or "no" with the rule it breaks. `what` names the frequency, `rule` the reason.
 */
function belowNyquist(sf: number, freq: number, zh: boolean, o: { what: string; rule: string }): ComputedAnswer {
  const nyq = fmt(sf / 2, 2);
  const value = `${sf} / 2 = ${nyq}`;
  const ok = freq < sf / 2;
  return {
    kind: 'edge_vs_nyquist',
    text: zh
      ? `計算結果：取樣率 ${sf} Hz 的 Nyquist 頻率是 ${value} Hz，${o.what} ${ok ? '低於它，可以' : `不低於它，不行：${o.rule}`}。`
      : `Computed: at ${sf} Hz the Nyquist frequency is ${value} Hz, so ${o.what} is ${ok ? 'below it: yes' : `not below it: no, ${o.rule}`}.`,
  };
}

function compute(question: string): ComputedAnswer | undefined {
  if (!isCalculationQuestion(question)) return undefined;
  const out: ComputedAnswer[] = [];
  const zh = /[\u4e00-\u9fff]/.test(question);
  const t = question.toLowerCase();
  const q = readQuantities(question);
  const K = q.classes !== undefined && q.classes >= 2 && q.classes <= 100 ? q.classes : undefined;
  const acc =
    q.accuracy !== undefined && q.accuracy > 0 && q.accuracy <= 1 ? q.accuracy : q.correct !== undefined && q.trials ? q.correct / q.trials : undefined;

  if (ASKS.itr.test(t) && K && acc !== undefined) {
    const bits = itrBitsPerTrial(K, acc);
    const perMin = q.trialsPerMinute ?? (q.trialSeconds ? 60 / q.trialSeconds : undefined);
    const b = bits.toFixed(3);
    const m = perMin !== undefined ? (bits * perMin).toFixed(2) : undefined;
    out.push({
      kind: 'itr',
      text: zh
        ? `計算結果：依 Wolpaw 公式，${K} 類、準確率 ${pct(acc)} 的 ITR 為每試次 ${b} bits${m ? `（每分鐘 ${fmt(perMin as number, 2)} 個試次時為每分鐘 ${m} bits）` : ''}。`
        : `Computed: by Wolpaw's formula, ${K} classes at ${pct(acc)} accuracy give an ITR of ${b} bits per trial${m ? ` and ${m} bits/min at ${fmt(perMin as number, 2)} trials per minute` : ''}.`,
    });
  }

  // without a sampling rate only a high-pass edge's transition (and the filter's length in seconds) follows
  const filterable = q.sf
    ? (q.low !== undefined || q.high !== undefined) && (q.high === undefined || q.high < q.sf / 2)
    : q.low !== undefined && q.high === undefined;
  if (ASKS.filter.test(t) && filterable) {
    const f = mneFilter(q.low, q.high, q.sf);
    const parts = [
      // the −6 dB cutoff lies half a transition band outside the edge the user gave (firwin's cutoff is the band's middle)
      f.lTrans !== undefined
        ? `l_trans_bandwidth = min(max(0.25 × ${q.low}, 2), ${q.low}) = ${fmt(f.lTrans, 2)} Hz (−6 dB at ${fmt((q.low as number) - f.lTrans / 2, 2)} Hz)`
        : '',
      f.hTrans !== undefined
        ? `h_trans_bandwidth = min(max(0.25 × ${q.high}, 2), ${q.sf}/2 − ${q.high}) = ${fmt(f.hTrans, 2)} Hz (−6 dB at ${fmt((q.high as number) + f.hTrans / 2, 2)} Hz)`
        : '',
    ].filter(Boolean);
    const band =
      q.low !== undefined && q.high !== undefined ? `${q.low}–${q.high} Hz` : q.low !== undefined ? `high-pass ${q.low} Hz` : `low-pass ${q.high} Hz`;
    const narrowest = fmt(Math.min(f.lTrans ?? Infinity, f.hTrans ?? Infinity), 2);
    const at = q.sf ? (zh ? `、取樣率 ${q.sf} Hz` : ` at ${q.sf} Hz`) : '';
    const samples = f.samples !== undefined ? (zh ? `，即 ${f.samples} 個樣本（取奇數）` : `, ${f.samples} samples (made odd)`) : '';
    out.push({
      kind: 'mne_filter',
      text: zh
        ? `計算結果：${band}${at}時，MNE 自動選 ${parts.join('、')}，FIR 濾波器長度為 3.3 / ${narrowest} = ${fmt(f.seconds, 3)} 秒${samples}。`
        : `Computed: for ${band}${at}, MNE picks ${parts.join(' and ')}, so the FIR filter is 3.3 / ${narrowest} = ${fmt(f.seconds, 3)} s long${samples}.`,
    });
  }

  // "4 s epochs at 250 Hz, downsampled to 100 Hz: how many samples now?": after a resampling the window holds the new
  // rate's samples (the rate after "to"), not the recorded rate's
  const resampledTo = ASKS.resampled.test(t) ? num([...t.matchAll(new RegExp(`(?:\\bto|到|至|成)\\s*${NUM}\\s*hz`, 'g'))].at(-1)?.[1]) : undefined;
  if (resampledTo !== undefined) q.sf = resampledTo;
  if (ASKS.samples.test(t) && q.sf && q.tmin !== undefined && q.tmax !== undefined && q.tmax > q.tmin) {
    const n = epochSamples(q.tmin, q.tmax, q.sf);
    out.push({
      kind: 'epoch_samples',
      text: zh
        ? `計算結果：t_min ${q.tmin} 秒到 t_max ${q.tmax} 秒、取樣率 ${q.sf} Hz，MNE 包含兩端，所以每個 epoch 有 round((${q.tmax} − ${paren(q.tmin)}) × ${q.sf}) + 1 = ${n} 個樣本。`
        : `Computed: from t_min ${q.tmin} s to t_max ${q.tmax} s at ${q.sf} Hz an epoch holds round((${q.tmax} − ${paren(q.tmin)}) × ${q.sf}) + 1 = ${n} samples (MNE includes both ends).`,
    });
  }

  // a duration at a rate: duration × rate samples, one more when both ends are kept as an MNE epoch from t_min to t_max keeps them
  if (ASKS.samples.test(t) && q.sf && q.duration !== undefined && q.duration > 0 && q.tmin === undefined) {
    const n = Math.round(q.duration * q.sf);
    out.push({
      kind: 'epoch_samples',
      text: zh
        ? `計算結果：${q.duration} 秒、取樣率 ${q.sf} Hz 是 ${q.duration} × ${q.sf} = ${n} 個樣本；若像 MNE 的 epoch 從 t_min 到 t_max 兩端都包含（例如 0 到 ${q.duration} 秒），則是 ${n} + 1 = ${n + 1} 個。`
        : `Computed: ${q.duration} s at ${q.sf} Hz is ${q.duration} × ${q.sf} = ${n} samples; an MNE epoch from t_min to t_max includes both ends (for example 0 to ${q.duration} s), so it holds ${n} + 1 = ${n + 1}.`,
    });
  }

  if (ASKS.kappa.test(t) && K) {
    if (q.kappa !== undefined && (q.accuracy === undefined || /what|which|how|多少|幾|是/.test(t))) {
      const a = accuracyFromKappa(q.kappa, K);
      out.push({
        kind: 'accuracy_from_kappa',
        text: zh
          ? `計算結果：${K} 個平衡類別（機率水準 ${pct(1 / K)}）時，kappa ${q.kappa} 對應準確率 ${q.kappa} × (1 − 1/${K}) + 1/${K} = ${pct(a)}。`
          : `Computed: with ${K} balanced classes (chance ${pct(1 / K)}), kappa ${q.kappa} is an accuracy of ${q.kappa} × (1 − 1/${K}) + 1/${K} = ${pct(a)}.`,
      });
    }
    // an accuracy with the kappa it gives ("why is kappa 0 when accuracy is 50% on 2 classes"): the formula shows where the
    // stated kappa comes from; a kappa that does not follow from the accuracy (imbalanced classes) is left alone
    const agrees = q.kappa !== undefined && acc !== undefined && Math.abs(kappaFromAccuracy(acc, K) - q.kappa) < 0.05;
    if (acc !== undefined && (q.kappa === undefined || (agrees && !out.some((a) => a.kind === 'accuracy_from_kappa')))) {
      const k = kappaFromAccuracy(acc, K);
      out.push({
        kind: 'kappa',
        text: zh
          ? `計算結果：${K} 個平衡類別（機率水準 ${pct(1 / K)}）時，準確率 ${pct(acc)} 的 kappa = (${fmt(acc, 4)} − 1/${K}) / (1 − 1/${K}) = ${fmt(k, 3)}。`
          : `Computed: with ${K} balanced classes (chance ${pct(1 / K)}), ${pct(acc)} accuracy is kappa = (${fmt(acc, 4)} − 1/${K}) / (1 − 1/${K}) = ${fmt(k, 3)}.`,
      });
    }
  }

  // a notch at or above the Nyquist frequency of the rate the data has ("resampled to 100 Hz, then a 60 Hz notch fails")
  if (q.sf && q.notch !== undefined && q.high === undefined && !ASKS.minSf.test(t)) {
    const after = ASKS.resampled.test(t);
    out.push(
      belowNyquist(q.sf, q.notch, zh, {
        what: zh ? `${q.notch} Hz 的 notch` : `a ${q.notch} Hz notch`,
        rule: zh
          ? `濾波頻率必須低於 Nyquist 頻率${after ? `，請在降到 ${q.sf} Hz 之前做 notch` : ''}`
          : `a filter frequency must be below the Nyquist frequency${after ? `, so apply the notch before resampling to ${q.sf} Hz` : ''}`,
      }),
    );
  }
  // "1000 → 250 Hz, will it alias?": the new rate's Nyquist frequency is where content must stop
  // ("downsample 500 Hz to 128 Hz": the rate after "to" is the new one, whichever the sampling-rate reading took)
  const target = num([...t.matchAll(new RegExp(`(?:\\bto|到|至|成)\\s*${NUM}\\s*hz`, 'g'))].at(-1)?.[1]) ?? q.sf;
  if (target && (ASKS.alias.test(t) || (ASKS.antiAlias.test(t) && q.high === undefined)) && ASKS.resampled.test(t) && !ASKS.minSf.test(t)) {
    const nyq = fmt(target / 2, 2);
    out.push({
      kind: 'nyquist',
      text: zh
        ? `計算結果：降到 ${target} Hz 後的 Nyquist 頻率是 ${target} / 2 = ${nyq} Hz，高於 ${nyq} Hz 的成分必須先以抗混疊低通去除（resample_data 的 FFT 方法會做到），否則會混疊。`
        : `Computed: at the new rate of ${target} Hz the Nyquist frequency is ${target} / 2 = ${nyq} Hz; content above ${nyq} Hz must be removed by an anti-aliasing low-pass first (resample_data's FFT method does this), or it aliases.`,
    });
  }
  const edge = q.high ?? (ASKS.edge.test(t) ? q.upTo : undefined);
  if (q.sf && edge !== undefined && ASKS.edge.test(t) && !ASKS.minSf.test(t)) {
    const nyq = fmt(q.sf / 2, 2);
    out.push(
      belowNyquist(q.sf, edge, zh, {
        what: `${edge} Hz`,
        rule: zh ? `低通邊界必須低於 ${nyq} Hz` : `the low-pass edge must be below ${nyq} Hz`,
      }),
    );
  }
  const highest = q.upTo ?? q.high;
  if (ASKS.minSf.test(t) && highest !== undefined) {
    out.push({
      kind: 'min_sampling_rate',
      text: zh
        ? `計算結果：要分析到 ${highest} Hz，取樣率必須大於 2 × ${highest} = ${fmt(2 * highest, 2)} Hz（Nyquist 頻率是取樣率的一半）。`
        : `Computed: to analyse up to ${highest} Hz the sampling rate must be above 2 × ${highest} = ${fmt(2 * highest, 2)} Hz (the Nyquist frequency is half the sampling rate).`,
    });
  }
  // a rate and the highest edge it allows, without an edge value to check: the edge must stay below the Nyquist frequency
  if (!ASKS.nyquist.test(t) && q.sf && edge === undefined && ASKS.edge.test(t) && ASKS.maxEdge.test(t) && !ASKS.minSf.test(t)) {
    out.push({
      kind: 'nyquist',
      text: zh
        ? `計算結果：取樣率 ${q.sf} Hz 的 Nyquist 頻率是 ${q.sf} / 2 = ${fmt(q.sf / 2, 2)} Hz，低通或帶通的上緣必須低於它。`
        : `Computed: at ${q.sf} Hz the Nyquist frequency is ${q.sf} / 2 = ${fmt(q.sf / 2, 2)} Hz, and a low-pass or band-pass upper edge must stay below it.`,
    });
  }
  if ((ASKS.nyquist.test(t) || (ASKS.highestFreq.test(t) && edge === undefined)) && q.sf) {
    out.push({
      kind: 'nyquist',
      text: zh
        ? `計算結果：Nyquist 頻率是取樣率的一半，${q.sf} Hz 時為 ${q.sf} / 2 = ${fmt(q.sf / 2, 2)} Hz。`
        : `Computed: the Nyquist frequency is half the sampling rate; at ${q.sf} Hz it is ${q.sf} / 2 = ${fmt(q.sf / 2, 2)} Hz.`,
    });
  }

  // a trial split's sizes: generate_dataset counts with int() truncation as XBrainLab does, the test set from all epochs and
  // the validation set from what the test set leaves
  if (
    q.testRatio !== undefined &&
    q.trials &&
    q.trials <= 100000 &&
    // a split is asked about ("test_ratio 0.2 …", "20% test split"), not a result reported ("70% test accuracy")
    (/ratio|split|分割|切分|比例|generate_dataset|each set|go to each|各分|分到|分成|各幾|各有/.test(t) || q.valRatio !== undefined) &&
    !/acc|準確|正確率|significan|顯著|chance|機率|kappa|auc/.test(t) &&
    !/subject|session|受試者|場次|kfold|k-fold|fold/.test(t)
  ) {
    const n = q.trials;
    const nTest = Math.trunc(q.testRatio * n + 1e-9);
    const nVal = q.valRatio !== undefined ? Math.trunc(q.valRatio * (n - nTest) + 1e-9) : 0;
    const val = q.valRatio !== undefined;
    out.push({
      kind: 'split_counts',
      text: zh
        ? `計算結果：依試次分割時 generate_dataset 以 int() 截斷計數（同 XBrainLab）：測試 int(${q.testRatio} × ${n}) = ${nTest}${val ? `，驗證取自剩下的 ${n - nTest} 個：int(${q.valRatio} × ${n - nTest}) = ${nVal}` : ''}，訓練 ${n - nTest - nVal}。`
        : `Computed: in a trial split generate_dataset counts with int() truncation (as XBrainLab): test int(${q.testRatio} × ${n}) = ${nTest}${val ? `, validation from the ${n - nTest} left: int(${q.valRatio} × ${n - nTest}) = ${nVal}` : ''}, training ${n - nTest - nVal}.`,
    });
  }

  // a result stated with its classes, trials and accuracy ("2 class 50 test trials, got 66%") asks whether it beats chance
  if (
    K &&
    q.trials &&
    q.trials >= 1 &&
    q.trials <= 100000 &&
    (ASKS.significance.test(t) || (acc !== undefined && (!/[?？]|嗎|\b(?:what|which|how|why|should)\b/.test(t) || VERDICT_ON_RESULT.test(t))))
  ) {
    const p0 = 1 / K;
    const n = q.trials;
    // without an accuracy only the threshold is stated
    const k = acc !== undefined ? (q.correct ?? Math.round(acc * n)) : n;
    const { p, significant: sig, need: thr } = binomialTest(k, n, p0);
    const thrText = zh
      ? thr !== null
        ? `p < 0.05 時最少需答對 ${thr}/${n}（${pct(thr / n)}）。`
        : `${n} 個試次即使全對也達不到 p < 0.05。`
      : thr !== null
        ? `The smallest significant result at p < 0.05 is ${thr} of ${n} correct (${pct(thr / n)}).`
        : `With ${n} trials not even ${n} of ${n} correct reaches p < 0.05.`;
    if (acc !== undefined) {
      out.push({
        kind: 'binomial',
        text: zh
          ? `計算結果：${K} 類（機率水準 ${pct(p0)}）、${n} 個測試試次時，${pct(acc)} 即答對 ${k} 次；精確單尾二項檢定 p = P(X ≥ ${k}) = ${pText(p)}，${sig ? '在 p < 0.05 下顯著高於機率水準' : '在 p < 0.05 下不顯著（沒有顯著高於機率水準）'}。${thrText}`
          : `Computed: with ${K} classes (chance ${pct(p0)}) and ${n} test trials, ${pct(acc)} is ${k} correct; the exact one-sided binomial p = P(X ≥ ${k}) = ${pText(p)}, so it is ${sig ? 'significantly above chance at p < 0.05' : 'not significantly above chance at p < 0.05'}. ${thrText}`,
      });
    } else
      out.push({
        kind: 'binomial',
        text: zh
          ? `計算結果：${K} 類（機率水準 ${pct(p0)}）、${n} 個測試試次時，${thrText}`
          : `Computed: with ${K} classes (chance ${pct(p0)}) and ${n} test trials, ${thrText.charAt(0).toLowerCase()}${thrText.slice(1)}`,
      });
  }

  // the shortest epoch a model takes at a rate (training/models.ts, XBrainLab's rule): EEGNet floor(f/2) + 4 + 4·floor(floor(f/2)/4)
  // + 32 samples, SCCNet trunc(f/2) + 1, ShallowConvNet ceil(0.1 f) + pool_len (75); against the user's epoch when given
  const model = /eegnet/.test(t) ? 'EEGNet' : /shallow/.test(t) ? 'ShallowConvNet' : /sccnet/.test(t) ? 'SCCNet' : undefined;
  if (model && q.sf && Number.isInteger(q.sf) && ASKS.minEpoch.test(t) && !ASKS.parameters.test(t)) {
    const f = q.sf;
    const need = minSamples(model, f);
    const half = Math.floor(f / 2);
    const formula =
      model === 'EEGNet'
        ? `floor(${f}/2) + 4 + 4 × floor(${half}/4) + 32 = ${need}`
        : model === 'SCCNet'
          ? `floor(${f}/2) + 1 = ${need}`
          : `ceil(0.1 × ${f}) + pool_len 75 = ${need}`;
    const secs = fmt(need / f, 2);
    const have =
      q.tmin !== undefined && q.tmax !== undefined && q.tmax > q.tmin
        ? epochSamples(q.tmin, q.tmax, f)
        : q.duration !== undefined
          ? Math.round(q.duration * f) + 1
          : undefined;
    const verdict =
      have === undefined
        ? ''
        : zh
          ? `；你的 epoch 有 ${have} 個樣本（含兩端），${have >= need ? '夠長' : `太短（至少要 ${need} 個）`}`
          : `; your epoch holds ${have} samples (both ends included), so it is ${have >= need ? 'long enough' : `too short (it needs ${need})`}`;
    out.push({
      kind: 'min_epoch',
      text: zh
        ? `計算結果：${model} 在 ${f} Hz 最短需要 ${formula} 個樣本（${need} / ${f} = ${secs} 秒）${verdict}。`
        : `Computed: ${model} at ${f} Hz needs at least ${formula} samples per epoch (${need} / ${f} = ${secs} s)${verdict}.`,
    });
  }

  // a layer's parameter count: EEGNet's temporal convolution is F1 kernels of floor(f/2) samples without bias (batch
  // normalisation follows it); a convolution given by its filters, kernel and input maps is filters × kernel × inputs
  // weights, plus one bias per filter when it has biases
  if (ASKS.parameters.test(t)) {
    const filters = num(first(t, /(\d+)\s*(?:filters|kernels|output (?:channels|maps)|feature maps|個濾波器|個卷積核)/, /\bf1\s*(?:=|:|of|是)?\s*(\d+)/));
    const kernel = /kernel(?:\s*size)?(?:\s*of)?\s*(?:=|:)?\s*\(?(\d+)\s*(?:[×x*,]\s*(\d+))?/.exec(t) ?? /(\d+)\s*[×x*]\s*(\d+)\s*(?:kernel|卷積核)/.exec(t);
    const inputsWord = /(\d+|one|a single|single)\s*input\s*(?:channels?|maps?|feature maps?|planes?)/.exec(t)?.[1];
    const inputs = inputsWord === undefined ? undefined : /\d/.test(inputsWord) ? Number(inputsWord) : 1;
    const bias =
      /\b(?:with|plus|and|\+)\s*(?:a\s+)?bias(?:es)?\b|\bbias\s*=\s*true|含偏差|加偏差|有偏差|含 bias|加 bias/.test(t) &&
      !/\bno bias|without bias|bias\s*=\s*false/.test(t);
    if (/eegnet/.test(t) && /temporal conv|first (?:temporal )?(?:conv|layer)|第一層|時間卷積|block 1/.test(t) && q.sf && Number.isInteger(q.sf)) {
      const f1 = num(first(t, /\bf1\s*(?:=|:|of|是)?\s*(\d+)/)) ?? 8;
      const k = Math.floor(q.sf / 2);
      out.push({
        kind: 'parameters',
        text: zh
          ? `計算結果：EEGNet 的時間卷積在 ${q.sf} Hz 有 F1 = ${f1} 個長 floor(${q.sf}/2) = ${k} 的卷積核，無偏差（後接批次正規化），共 ${f1} × ${k} = ${f1 * k} 個權重。`
          : `Computed: EEGNet's temporal convolution at ${q.sf} Hz has F1 = ${f1} kernels of floor(${q.sf}/2) = ${k} samples and no bias (batch normalisation follows), so ${f1} × ${k} = ${f1 * k} weights.`,
      });
    } else if (filters !== undefined && kernel) {
      const k = Number(kernel[1]) * (kernel[2] !== undefined ? Number(kernel[2]) : 1);
      const kText = kernel[2] !== undefined ? `${kernel[1]} × ${kernel[2]}` : kernel[1];
      const c = inputs ?? 1;
      const w = filters * k * c;
      out.push({
        kind: 'parameters',
        text: zh
          ? `計算結果：${filters} 個濾波器 × 卷積核 ${kText} × ${c} 個輸入 = ${w} 個權重${bias ? `，加上每個濾波器一個偏差共 ${w} + ${filters} = ${w + filters} 個參數` : ''}。`
          : `Computed: ${filters} filters × a ${kText} kernel × ${c} input map${c === 1 ? '' : 's'} = ${w} weights${bias ? `, plus one bias per filter: ${w} + ${filters} = ${w + filters} parameters` : ''}.`,
      });
    }
  }

  // kernel sizes follow the sampling rate (training/models.ts): EEGNet floor(f/2) and its separable floor(floor(f/2)/4),
  // ShallowConvNet ceil(0.1 f), SCCNet floor(0.1 f)
  if (q.sf && ASKS.kernel.test(t) && Number.isInteger(q.sf)) {
    const f = q.sf;
    const half = Math.floor(f / 2);
    const all = !/eegnet|shallow|sccnet/.test(t);
    const parts: string[] = [];
    if (all || /eegnet/.test(t))
      parts.push(
        zh
          ? `EEGNet 的時間卷積核為 floor(${f}/2) = ${half} 個樣本，可分離卷積核為 floor(${half}/4) = ${Math.floor(half / 4)}`
          : `EEGNet's temporal kernel is floor(${f}/2) = ${half} samples and its separable kernel floor(${half}/4) = ${Math.floor(half / 4)}`,
      );
    if (all || /shallow/.test(t))
      parts.push(
        zh
          ? `ShallowConvNet 的時間卷積核為 ceil(0.1 × ${f}) = ${Math.ceil(0.1 * f)} 個樣本`
          : `ShallowConvNet's temporal kernel is ceil(0.1 × ${f}) = ${Math.ceil(0.1 * f)} samples`,
      );
    if (all || /sccnet/.test(t))
      parts.push(
        zh
          ? `SCCNet 的時空卷積核為 floor(0.1 × ${f}) = ${Math.floor(0.1 * f)} 個樣本`
          : `SCCNet's spatio-temporal kernel is floor(0.1 × ${f}) = ${Math.floor(0.1 * f)} samples`,
      );
    out.push({ kind: 'kernel', text: zh ? `計算結果：取樣率 ${f} Hz 時，${parts.join('；')}。` : `Computed: at ${f} Hz, ${parts.join('; ')}.` });
  }

  // imbalanced classes ("imbalanced 80/20, 80% acc. impressive?"): always predicting the majority class scores its share,
  // the baseline an accuracy must beat; balanced accuracy keeps chance at 1/K
  if (q.classShares) {
    const total = q.classShares.reduce((a, b) => a + b, 0);
    const major = Math.max(...q.classShares) / total;
    const k = q.classShares.length;
    const split = q.classShares.join('/');
    const verdict =
      acc === undefined
        ? ''
        : acc <= major + 0.005
          ? zh
            ? `，${pct(acc)} 沒有超過它`
            : `, so ${pct(acc)} accuracy is no better than that`
          : zh
            ? `，${pct(acc)} 比它高 ${fmt((acc - major) * 100)} 個百分點`
            : `, so ${pct(acc)} accuracy is ${fmt((acc - major) * 100)} points above it`;
    out.push({
      kind: 'chance',
      text: zh
        ? `計算結果：類別比例 ${split} 時，永遠猜多數類別就有 ${pct(major)} 的準確率（不是 1/${k} = ${pct(1 / k)}）${verdict}；請看平衡準確率（機率水準 1/${k}）或 kappa。`
        : `Computed: with class shares ${split}, always predicting the majority class scores ${pct(major)} accuracy (not 1/${k} = ${pct(1 / k)})${verdict}; report balanced accuracy (chance 1/${k}) or kappa.`,
    });
  }
  // an accuracy with its classes but no test-set size ("acc 只有 50% 兩類，是不是壞掉了"): where it stands against 1/K; its
  // significance needs the number of test trials
  if (K && acc !== undefined && q.trials === undefined && !q.classShares && !ASKS.kappa.test(t) && !ASKS.itr.test(t)) {
    const d = Math.round((acc - 1 / K) * 1000) / 10;
    const where =
      Math.abs(d) < 0.05
        ? zh
          ? '正好在機率水準'
          : 'exactly at chance'
        : d > 0
          ? zh
            ? `高於機率水準 ${fmt(d)} 個百分點`
            : `${fmt(d)} points above chance`
          : zh
            ? `低於機率水準 ${fmt(-d)} 個百分點`
            : `${fmt(-d)} points below chance`;
    out.push({
      kind: 'chance',
      text: zh
        ? `計算結果：${K} 個平衡類別的機率水準是 1/${K} = ${pct(1 / K)}，${pct(acc)} ${where}；是否顯著取決於測試試次數（二項檢定）。`
        : `Computed: with ${K} balanced classes the chance level is 1/${K} = ${pct(1 / K)}, so ${pct(acc)} is ${where}; whether that is significant depends on the number of test trials (binomial test).`,
    });
  }
  if (K && ASKS.chance.test(t) && q.trials === undefined && acc === undefined) {
    out.push({
      kind: 'chance',
      text: zh
        ? `計算結果：${K} 個平衡類別的機率水準是 1/${K} = ${pct(1 / K)}。`
        : `Computed: with ${K} balanced classes the chance level is 1/${K} = ${pct(1 / K)}.`,
    });
  }
  // two figures when a question asks for two ("above chance? or report kappa?"), one per kind of figure: the Nyquist
  // figures answer one question
  const group = (k: ComputedAnswer['kind']) => (['nyquist', 'min_sampling_rate', 'edge_vs_nyquist'].includes(k) ? 'nyquist' : k);
  const picked = out.filter((a, i) => out.findIndex((b) => group(b.kind) === group(a.kind)) === i).slice(0, 2);
  if (picked.length === 0) return undefined;
  return { kind: picked[0].kind, text: picked.map((a) => a.text).join(/[\u4e00-\u9fff]/.test(question) ? '' : ' ') };
}
