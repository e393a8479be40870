import type { PlannedCall } from '../study/stateManager';
import { SKIP_DEFAULTS } from '../study/stateManager';
import type { Stage, TrainingConfig } from '../study/types';
import { TRAINING_BASICS } from '../training/defaults';
import { userSetOptions } from '../training/adaptiveDefaults';
import { findQuantities, isDimension, toUnit, type Quantity } from './units';
import { splitClauses as splitScoped } from './understanding/clauses';
import { DESTRUCTIVE_WORDS, MODEL_WORD, modelSpelling } from './understanding/lexicon';
import { GROUP_ID, splitCounts } from './understanding/splitCounts';
import type { PastTurn } from './understanding/references';
import { CHANNEL, channelsIn } from './understanding/channels';
import { RESTART_MEANS_RETRAIN } from './understanding/restart';
import { loneTimeEdge } from './understanding/epochWindow';

/** The English verbs that clear the Study when their object is the data or everything (the lexicon's clear and discard senses). */
const CLEAR_VERB = String.raw`\b(?:${[...DESTRUCTIVE_WORDS.clear.en, ...DESTRUCTIVE_WORDS.discard.en].join('|')})\b`;

export { CHANNEL, channelsIn };

export interface PlannerContext {
  stage: Stage;
  available: string[];
  dataPath: string | null;
  /** calls made for the previous request (corrections, "do it again") */
  previous: PlannedCall[];
  /** event names of the loaded recordings */
  events: string[];
  /** current training configuration, if any */
  training: Record<string, unknown> | null;
  /**
   * the settings in force in the Study, as the calls that set them (the newest band-pass, notch, resampling, epoch
   * window, split and training configuration; the prompt's "Current settings"): a value relative to the Study that no
   * earlier turn set starts from them
   */
  current?: PlannedCall[];
  /** every earlier turn of the conversation with its calls, oldest first ("same as before", "the previous model") */
  history?: PastTurn[];
  /** sampling rate of the loaded recordings (Hz), when known ("half the sampling rate") */
  sfreq?: number | null;
  channels?: number | null;
  /** the loaded channels' names in the Study's order, when known ("drop Fp1 and Fp2" keeps the others) */
  channelNames?: string[] | null;
}

export interface PlanOutcome {
  calls: PlannedCall[];
  /** prose to say instead of (or before) the calls */
  message?: string;
}

const DATA_EXT = 'edf|bdf|gdf|set|vhdr|fif|cnt|raw|mat|npy|xdf';
const LABEL_EXT = 'mat|txt|csv|tsv';

/** Splits a request into steps (negated clauses included; see understanding/clauses for their scope). */
export function splitClauses(text: string): string[] {
  return splitScoped(text).map((c) => c.text);
}

/** "8-30Hz", "8~30 Hz", "8 到 30" → "8 to 30" so that a dash between numbers is never read as a minus sign. */
export function normaliseRanges(s: string): string {
  return (
    s
      // a digit glued to letters is part of a name ("T2 -0.5 to 4", "C3-C4"), never a range's start
      // "-0.5..3.5 s", "8...30 Hz": a range written with dots
      .replace(/(?<![A-Za-z_][\d.]*)(\d)\s*\.{2,3}\s*(?=-?\d)/g, '$1 to ')
      .replace(/(?<![A-Za-z_][\d.]*)(\d)\s*(?:-|–|—|~|～|到|至)\s*(?=-?\d)/g, '$1 to ')
      // "from -0.5 to 3 s" is a range; "from -0.5 s" alone keeps its word, which names the epoch's start
      .replace(/\bfrom\s+(?=-?\d+(?:\.\d+)?\s*(?:[a-z]+|秒|毫秒|赫茲)?\s*(?:to|and|through|thru|till|until|up\s+to|到|至)\s*-?\d)/gi, '')
      .replace(/從\s*(?=-?\d+(?:\.\d+)?\s*(?:[a-z]+|秒|毫秒|赫茲)?\s*(?:to|and|到|至)\s*-?\d)/gi, '')
  );
}

interface Range {
  lo: number;
  hi: number;
}

/** The first "A to B unit" / "between A and B unit" range of the given dimension. */
function findRange(s: string, dim: 'Hz' | 's'): Range | null {
  const qs = findQuantities(s);
  for (let i = 0; i + 1 < qs.length; i++) {
    const a = qs[i];
    const b = qs[i + 1];
    const gap = s.slice(a.index + a.text.length, b.index);
    // "8 to 30", "8 through 30", "8–30", "7 & 35", "8 ～ 30", 「8 至 30」: the two ends of one range
    if (!/^\s*(?:to|and|through|thru|till|until|up to|-|–|—|&|到|至|~|～)\s*$/i.test(gap)) continue;
    const ua: Quantity = a.unit ? a : { ...a, unit: b.unit };
    if (!isDimension(ua, dim) || !isDimension(b, dim)) continue;
    if (dim === 'Hz' && !a.unit && !b.unit && !/hz|赫茲|frequen|頻/i.test(s)) continue;
    return { lo: toUnit(ua, dim), hi: toUnit(b, dim) };
  }
  return null;
}

/** Quantities of one dimension; bare numbers count when `bare` is true. */
function quantities(s: string, dim: 'Hz' | 's', bare: boolean): number[] {
  return (
    findQuantities(s)
      // a count ("加一個 50 Hz 的陷波" → "1 個", "4 階") is never a bare frequency or time
      .filter((q) => (q.unit ? isDimension(q, dim) : bare && !/^\s*(?:個|張|組|條|種|次|倍|階|項|份|位|段)/.test(s.slice(q.index + q.text.length))))
      .map((q) => toUnit(q, dim))
  );
}

/** The number after a keyword, e.g. "batch 64", "batch size of 64", "lr=1e-3". */
function numberAfter(s: string, keyword: RegExp): number | null {
  const m = new RegExp(
    `(?:${keyword.source})\\s*(?:size)?\\s*(?:of|=|:|to|at|is|為|是|設為|設成|設定為|設定成|改成|改為|改|換成|調成|調到|設|用|要|抓|取)?\\s*(-?\\d+(?:\\.\\d+)?(?:e-?\\d+)?)`,
    'i',
  ).exec(s);
  return m ? Number(m[1]) : null;
}

/** The number before a keyword, e.g. "20 epochs", "5 folds", "3 repeats". */
function numberBefore(s: string, keyword: RegExp): number | null {
  const m = new RegExp(`(\\d+(?:\\.\\d+)?)\\s*(?:-\\s*)?(?:${keyword.source})`, 'i').exec(s);
  return m ? Number(m[1]) : null;
}

function filesIn(s: string, ext: string): string[] {
  return [
    ...s.matchAll(
      new RegExp(
        `(?:"([^"]+\\.(?:${ext}))"|'([^']+\\.(?:${ext}))'|[「『“]([^」』”]+\\.(?:${ext}))[」』”]|([\\w./\\\\:+\\u4e00-\\u9fff-]+\\.(?:${ext})))(?![\\w])`,
        'gi',
      ),
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]);
}

/** Where an export goes: a place preposition (a word of its own) or a Chinese place verb ("放到 out", "放 export/v2"). */
const EXPORT_PLACE = /\bto\b|\binto\b|\bunder\b|\binside\b|\bin\b|\bat\b|放到|存到|放在|存在|放進|存進|放|到|至|在/;

function pathAfter(s: string, words: RegExp): string | null {
  const quoted = new RegExp(
    `(?<![A-Za-z])(?:${words.source})\\s*(?:(?:the|a|an)\\s+)?(?:(?:folder|directory|file|資料夾|目錄)\\s*(?:called|named)?\\s*)?(?:(?:一個|個)?\\s*(?:名為|名字叫做?|名稱叫做?|叫做|叫|名稱為|命名為|名字是|名稱是)\\s*)?["“「『']([^"”」』']+)["”」』']`,
    'i',
  ).exec(s);
  if (quoted) return quoted[1];
  const called = /\b(?:folder|directory|file|path)\s+(?:called|named)\s+([\w./\\~:-]+)/i.exec(s);
  // a sentence's full stop is not part of the name ("… a folder called results. thanks")
  if (called) return called[1].replace(/\.+$/, '');
  const zh = new RegExp(`(?:${words.source})\\s*([\\w./\\\\~:\u4e00-\u9fff-]*[/\\w][\\w./\\\\~:\u4e00-\u9fff-]*)`).exec(s);
  if (
    zh &&
    /[\u4e00-\u9fff]/.test(words.source) &&
    /[/\w]/.test(zh[1]) &&
    /[到至在放進]$/.test(zh[0].slice(0, zh[0].length - zh[1].length).trim()) &&
    (!/^(?:onnx|npy)$/i.test(zh[1]) || /^\s*(?:資料夾|目錄|folder|directory)/i.test(s.slice((zh.index ?? 0) + zh[0].length)))
  )
    return zh[1].replace(/(?:資料夾|目錄|裡面?|中|內)$/, '');
  // the first word after a place preposition that is a path ("to onnx under ./export": not the format)
  // (a preposition is a word of its own: the "at" of "that one", the "in" of "again" are not places)
  for (const m of s.matchAll(
    new RegExp(`(?<![A-Za-z])(?:${words.source})\\s+(?:the\\s+)?(?:folder\\s+|directory\\s+|資料夾\\s*)?["']?([\\w./\\\\~:-]+/?)["']?`, 'gi'),
  )) {
    const p = m[1].replace(/[.,]$/, '');
    if (!/^(the|a|an|it|them|all|my|this|that|onnx|npy|disk|file|format|folder|directory|to|into|in|at|under|as|one)$/i.test(p)) return p;
  }
  return null;
}

/** Frequencies in a list ("50 and 100 Hz", "50 Hz, 100 Hz", 「50 和 100」). */
const NOTCH_LIST =
  /(?<![\d.])\d+(?:\.\d+)?\s*(?:hz|赫茲)?(?:\s*(?:,|，|、|and|&|和|跟|與|及|plus|以及)\s*(?:at\s+|also\s+)?\d+(?:\.\d+)?\s*(?:hz|赫茲)?)+(?![\d.])/i;

/** Numeric event codes after "around"/"events"/"epoch" ("epoch 769 跟 770", "events 769 and 770"). */
const EVENT_LIST =
  /(?:\b(?:around|events?|event ids?|codes?|triggers?|markers?|classes|for|on|epoch|epochs)\s+|(?:事件|標記|碼)\s*)((?:\d{3,5}(?![\d.])(?!\s*(?:ms|s\b|sec|hz|%|秒|毫秒|赫茲|to\b|到|至|epochs?))(?:\s*(?:,|，|and|&|和|跟|與|、|及|or|\/)\s*|\s+|$))+)/i;

/**
 * Event codes of any length named as events ("event codes 3 and 4", "triggers 7/8", 「事件 7 和 8」), or a list of two or
 * more codes before the word ("769、770 這兩個事件", "codes 3 and 4"): names as written, never times or counts.
 */
const CODE_NUM = String.raw`\d{1,5}(?![\d.])(?!\s*(?:ms|s\b|sec|hz|%|秒|毫秒|赫茲|to\b|到|至|epochs?|個|次|輪))`;
const CODE_SEP = String.raw`\s*(?:,|，|and|&|和|跟|與|、|及|or|\/)\s*`;
const EVENT_CODES = new RegExp(
  String.raw`(?:\b(?:event\s+(?:ids?|codes?|numbers?)|events?|codes?|triggers?|markers?)\s+|(?:事件碼|事件|標記|觸發碼)\s*)((?:${CODE_NUM}(?:${CODE_SEP}|\s+|$))+)`,
  'gi',
);
const CODES_BEFORE = new RegExp(
  String.raw`((?:\d{1,5}${CODE_SEP})+\d{1,5})\s*(?:(?:這|那)?\s*(?:兩|二|三|四|幾|\d)?\s*(?:個|種)?\s*(?:事件|標記)|\s(?:events?|event codes|codes|triggers|markers)\b)`,
  'gi',
);

/**
 * Events excluded by name: "not T0", "except T0", "every event but T0", "excluding rest", 「不要 T0」, 「除了 T0 以外」,
 * 「排除 T0」. What is kept is the events the clause names otherwise, or every event of the Study when it names none.
 */
const EVENT_WORD = String.raw`(?:T\d|left|right|feet|hands|rest|tongue)`;
const EXCLUDED_EVENTS = new RegExp(
  String.raw`(?:\b(?:not|except(?:\s+for)?|but(?:\s+not)?|other\s+than|apart\s+from|excluding|exclude|without|minus|save|no)\s+(?:the\s+)?(?:events?\s+|class(?:es)?\s+)?|(?:不要|除了|排除|不含|不包括|去掉|扣掉|拿掉|不切)\s*(?:事件\s*)?)(${EVENT_WORD}(?:\s*(?:,|，|、|and|or|&|和|跟|與|及|\/)\s*${EVENT_WORD})*)\b`,
  'gi',
);
/** … and refused after their name: 「T0 不要」, "T0 excluded", "T0 not needed". */
const EXCLUDED_AFTER = new RegExp(
  String.raw`\b(${EVENT_WORD}(?:\s*(?:,|，|、|and|or|&|和|跟|與|及|\/)\s*${EVENT_WORD})*)\s*(?:(?:就|也)?(?:不要|不用|不切|除外|排除)(?:了)?|\s(?:excluded|left out|not needed)\b)`,
  'gi',
);
export function excludedEvents(s: string, known: string[]): string[] {
  const out: string[] = [];
  for (const re of [EXCLUDED_EVENTS, EXCLUDED_AFTER])
    for (const m of s.matchAll(re)) for (const e of eventNames(m[1], known, false)) if (!out.includes(e)) out.push(e);
  return out;
}

function eventNames(s: string, known: string[], exclusions = true): string[] {
  const excluded = exclusions ? excludedEvents(s, known) : [];
  if (excluded.length) {
    const named = eventNames(s.replace(EXCLUDED_EVENTS, ' ').replace(EXCLUDED_AFTER, ' '), known, false);
    return (named.length ? named : known).filter((e) => !excluded.includes(e));
  }
  const out: string[] = [];
  for (const m of s.matchAll(/\b(T\d|left|right|feet|hands|rest|tongue)\b/gi)) {
    const hit =
      known.find((k) => k.toLowerCase() === m[1].toLowerCase()) ?? (known.length === 0 || /^T\d$/i.test(m[1]) ? m[1].toUpperCase().replace(/^T/, 'T') : null);
    if (hit && !out.includes(hit)) out.push(hit);
  }
  // numeric event codes (GDF 769/770, triggers 1/2) after "around"/"events"/"codes": kept as written, never units
  const list = EVENT_LIST.exec(s);
  if (list) {
    for (const n of list[1].match(/\d+/g) ?? []) {
      if (n.length < 3 && !known.includes(n)) continue;
      if (!out.includes(n)) out.push(n);
    }
  }
  for (const re of [EVENT_CODES, CODES_BEFORE]) for (const m of s.matchAll(re)) for (const n of m[1].match(/\d+/g) ?? []) if (!out.includes(n)) out.push(n);
  for (const m of s.matchAll(/["“']([^"”']+)["”']/g)) if (known.includes(m[1]) && !out.includes(m[1])) out.push(m[1]);
  return out;
}

/** The subjects and runs a load keeps: "subjects 1 and 2", "only runs 4 and 12", "受試者 3", "第 8 次 run". */
export function loadSelection(s: string): { subjects?: number[]; runs?: number[] } {
  const nums = (t?: string) => (t ? (t.match(/\d+/g) ?? []).map(Number) : []);
  const subjects = nums(/\bsubjects?\s+((?:\d+\s*(?:,|and|&)?\s*)+)|受試者\s*((?:\d+\s*[、,和及與]?\s*)+)/i.exec(s)?.slice(1).find(Boolean));
  const runs = nums(
    /\b(?:runs?|sessions?)\s+((?:\d+\s*(?:,|and|&|跟|和|及|與|、)?\s*)+)|第\s*((?:\d+\s*[、,和及與]?\s*)+)\s*(?:回合|次|個?run)/i
      .exec(s)
      ?.slice(1)
      .find(Boolean),
  );
  return { ...(subjects.length ? { subjects } : {}), ...(runs.length ? { runs } : {}) };
}

type Rule = { tool: string; when: RegExp; unless?: RegExp; build: (s: string, ctx: PlannerContext, raw: string) => PlannedCall[] | string };

const MODEL = new RegExp(`\\b(${MODEL_WORD})\\b`, 'i');
export function modelName(s: string): 'EEGNet' | 'ShallowConvNet' | 'SCCNet' | null {
  const m = MODEL.exec(s);
  return m ? modelSpelling(m[1]) : null;
}

/** Hyper-parameters written as NAME=value ("F1=16 and D=4"). */
/**
 * The hyper-parameters the three networks accept (training/models.ts ALLOWED_PARAMS; a test keeps the two equal), as
 * the user types them: "Ns 30", "F1=16 and D 4", "dropout 0.25", "pool_len: 50".
 */
export const MODEL_PARAM_NAMES = ['F1', 'F2', 'D', 'Ns', 'pool_len', 'pool_stride', 'dropout'] as const;
const MODEL_PARAM = new RegExp(
  `(?<![A-Za-z0-9_])(${MODEL_PARAM_NAMES.join('|')}|dropout_rate)(?:\\s*(?:=|:|：|of|to|is|at|設定為|設定成|設為|設成|設定|設|改成|改為|改|為|用|調成|調到)\\s*|\\s+)(\\d+(?:\\.\\d+)?|\\.\\d+)(?![\\d.]*\\s*(?:Hz|ms|s\\b|秒|%))`,
  'gi',
);
export function modelParams(s: string): { params?: Record<string, number> } {
  const params: Record<string, number> = {};
  for (const m of s.matchAll(MODEL_PARAM)) {
    const name = MODEL_PARAM_NAMES.find((n) => n.toLowerCase() === m[1].toLowerCase()) ?? 'dropout';
    params[name] = Number(m[2]);
  }
  return Object.keys(params).length ? { params } : {};
}

/** A whole number up to float noise (2.9999999999 is 3). */
const isWhole = (v: number): boolean => Math.abs(v - Math.round(v)) < 1e-6;
/**
 * A count as the user said it: a whole number is kept whole; a fraction ("12.5 epochs", "batch 24.5") is passed as said,
 * so the tool's check refuses it with an error naming the parameter instead of a silently rounded value.
 */
const asSaid = (v: number): number => (isWhole(v) ? Math.round(v) : v);

export function trainingArgs(s: string, ctx: PlannerContext): Record<string, unknown> | null {
  // configure_training is an update, so the call carries what the sentence names plus the basics the user set before;
  // a basic never set stays unset, for start_training to adapt to the training set (training/adaptiveDefaults.ts).
  const current = (ctx.training ?? {}) as Record<string, unknown>;
  const set = userSetOptions(ctx.training as TrainingConfig | null);
  const out: Record<string, unknown> = Object.fromEntries(
    Object.keys(TRAINING_BASICS)
      .filter((k) => set.has(k) && current[k] !== undefined)
      .map((k) => [k, current[k]]),
  );
  let touched = false;
  // "every 5 epochs", "每 10 個 epoch" is how often, not how many
  const counted = s.replace(/\bevery\s+\d+\s*(?:epochs?|輪)|每\s*\d+\s*(?:個)?\s*(?:epochs?|輪|回合)/gi, ' ');
  const ep = numberBefore(counted, /epochs?\b|個?\s*epochs?|輪|回合/) ?? numberAfter(counted, /epochs?(?:\s*數)?|訓練輪數|輪數/);
  if (ep !== null) {
    out.epoch = asSaid(ep);
    touched = true;
  }
  const bs = numberAfter(s, /batch(?:[\s_-]?size)?|批次(?:大小)?/) ?? numberBefore(s, /per batch/);
  if (bs !== null) {
    out.batch_size = asSaid(bs);
    touched = true;
  }
  const lr =
    numberAfter(s, /learning[\s_-]?rate|\blr\b|學習率/) ??
    numberBefore(
      s.replace(/(\d)e-(\d)/gi, (_m, a, b) => `${a}e-${b}`),
      /\s*(?:as\s+(?:the\s+)?)?(?:learning[\s_-]?rate|\blr\b)/,
    );
  // "學習率百分之一", "a learning rate of 1%": a percentage
  const lrPct = /(?:learning[\s_-]?rate|\blr\b|學習率)\s*(?:of|=|:|to|at|is|為|是|設為|設成|改成|用)?\s*(\d+(?:\.\d+)?)\s*%/i.exec(s);
  if (lr !== null) {
    out.learning_rate = lrPct ? Number(lrPct[1]) / 100 : lr;
    touched = true;
  }
  const rep =
    numberBefore(s, /repeats?|repetitions?|times|runs|次重複/) ??
    numberAfter(s, /repeats?|repeat/) ??
    (/重複(?:訓練)?\s*(\d+)\s*(?:次|遍)/.exec(s) ? Number(/重複(?:訓練)?\s*(\d+)\s*(?:次|遍)/.exec(s)![1]) : null);
  if (rep !== null && /repeat|repetition|次重複|重複/i.test(s)) {
    out.repeat = Math.round(rep);
    touched = true;
  }
  const threads = /\b(\d+)\s*(?:cpu\s+)?threads?\b|\bthreads?\s*(?:=|:|to|of)?\s*(\d+)|(\d+)\s*(?:個)?\s*(?:執行緒|線程)/i.exec(s);
  if (threads) {
    out.threads = Number(threads[1] ?? threads[2] ?? threads[3]);
    touched = true;
  }
  const opt = /\b(adamw|adam|sgd)\b/i.exec(s);
  if (opt) {
    out.optimizer = opt[1].toLowerCase();
    touched = true;
  }
  if (/\b(cuda|gpu)\b|顯示卡|顯卡/i.test(s)) {
    out.device = 'cuda';
    touched = true;
  } else if (/\bcpu\b|處理器/i.test(s)) {
    out.device = 'cpu';
    touched = true;
  }
  const ck =
    numberAfter(s, /checkpoints?\s*every|save\s*every|(?:save|store|keep)\s+(?:a\s+)?checkpoints?\s+every/) ??
    /\bevery\s+(\d+)\s*(?:epochs?)?\s*(?:,\s*)?(?:save|store|write)\s+(?:a\s+)?checkpoint|(?:checkpoints?|檢查點)\s*(?:要|就)?\s*每\s*(\d+)\s*(?:個)?\s*(?:epochs?|輪|回合)|每\s*(\d+)\s*(?:個)?\s*(?:epochs?|輪|回合)\s*(?:就)?\s*(?:存|儲存|保存|存一次|寫)\S{0,3}\s*(?:checkpoint|檢查點|模型)/i
      .exec(s)
      ?.slice(1)
      .find(Boolean) ??
    null;
  if (ck !== null) {
    out.save_checkpoints_every = Math.round(Number(ck));
    touched = true;
  }
  if (
    /best[\s_-]*val(?:idation)?[\s_-]*acc|(?:highest|best|top|max(?:imum)?)[\s_-]+val(?:idation)?[\s_-]+acc|\bval(?:idation)?[\s_-]+acc\w*\s+(?:is\s+)?(?:the\s+)?(?:highest|best|max(?:imum)?)\b|(?:驗證|\bval(?:idation)?)\s*(?:集)?\s*(?:的)?\s*(?:準確率|正確率|accuracy|acc)\s*最\s*(?:高|好|佳)|(?:最高|最好|最佳)\s*(?:的)?\s*驗證\s*(?:集)?\s*(?:的)?\s*(?:準確率|正確率|accuracy|acc)/i.test(
      s,
    )
  ) {
    out.selection = 'best_val_accuracy';
    touched = true;
  } else if (
    /best[\s_-]*val(?:idation)?[\s_-]*loss|(?:lowest|minimum|min|smallest|least)[\s_-]+val(?:idation)?[\s_-]*loss|\bval(?:idation)?[\s_-]+loss\s+(?:is\s+)?(?:the\s+)?(?:lowest|smallest|min(?:imum)?)\b|(?:驗證|\bval(?:idation)?)\s*(?:集)?\s*(?:的)?\s*(?:損失|loss)\s*最\s*(?:低|小|佳|好)|(?:最低|最小|最佳|最好)\s*(?:的)?\s*驗證\s*(?:集)?\s*(?:的)?\s*(?:損失|loss)/i.test(
      s,
    )
  ) {
    out.selection = 'best_val_loss';
    touched = true;
  } else if (
    /best[\s_-]*test[\s_-]*acc|(?:highest|best|top)[\s_-]+test[\s_-]+acc|測試(?:集)?(?:準確率|正確率)最(?:高|好|佳)|(?:最高|最好|最佳)(?:的)?測試(?:集)?(?:準確率|正確率)/i.test(
      s,
    )
  ) {
    out.selection = 'best_test_accuracy';
    touched = true;
  } else if (
    /\blast_epoch\b|\b(?:the\s+)?(?:last|final)\s+epoch(?:'s)?\s+(?:model|weights|checkpoint)\b|\b(?:keep|use|select|save)\s+(?:the\s+)?(?:last|final)\s+epoch\b|最後一個\s*epoch/i.test(
      s,
    )
  ) {
    out.selection = 'last_epoch';
    touched = true;
  }
  const be = /\b(pytorch|torch|slurm)\b/i.exec(s);
  if (be) {
    out.backend = /slurm/i.test(be[1]) ? 'slurm' : 'pytorch';
    touched = true;
  } else if (
    /\b(?:local|built-?in|typescript|ts|node)\s+(?:backend|trainer)\b|\bbackend\s*(?:=|:|to|back to)?\s*local\b|\b(?:train|run)\w*\s+(?:it\s+)?locally\b|(?:本機|本地)\s*(?:的)?\s*(?:後端|訓練器|訓練)|後端\s*(?:改成|換成|設成|用|=|:)?\s*(?:本機|本地|local)/i.test(
      s,
    )
  ) {
    out.backend = 'local';
    touched = true;
  }
  // the trainer's own input scaling (input_norm), not the normalize_data step: "turn off the input normalisation",
  // "train on the data as given", "訓練時不要做輸入標準化"
  if (INPUT_NORM.test(s)) {
    out.input_norm = INPUT_NORM_OFF.test(s) ? 'none' : 'train_fold';
    touched = true;
  }
  const seed = numberAfter(s, /(?:random\s+|rng\s+)?seed|(?:亂數|隨機)?種子/);
  if (seed !== null) {
    out.seed = Math.round(seed);
    touched = true;
  }
  return touched ? out : null;
}

/** Euclidean alignment of a protocol's epochs: "Euclidean alignment", "EA", "align the subjects", "歐氏對齊". */
const EUCLIDEAN_ALIGNMENT = /\beuclid[ei]an(?:\s+(?:space\s+)?alignment)?\b|\bEA\b|\balign(?:ed|ing|ment)?\b|歐(?:氏|幾里得)?\s*對齊|對齊/;

/** The trainer's input scaling named: "input normalisation", "the trainer's standardisation", "輸入標準化", "input_norm". */
export const INPUT_NORM =
  /\binput[\s_-]*(?:normali[sz]\w*|norm\b|standardi[sz]\w*|scaling|z-?scor\w*)|\b(?:normali[sz]\w*|standardi[sz]\w*|scaling|z-?scor\w*)\s+(?:of\s+)?(?:the\s+)?inputs?\b|\b(?:the\s+)?(?:trainer'?s|training'?s?)\s+(?:own\s+)?(?:normali[sz]\w*|standardi[sz]\w*|scaling)|\b(?:normali[sz]\w*|standardi[sz]\w*|scaling)\s+(?:in|inside|of|by)\s+(?:the\s+)?(?:trainer|training)\b(?!\s+(?:data|set|split|epochs|trials))|\b(?:data|inputs?)\s+as\s+(?:given|is)\b|\btrain_fold\b|輸入(?:的)?\s*(?:標準化|正規化|歸一化|縮放)|訓練(?:器|時|的時候)?(?:的)?\s*(?:輸入)?\s*(?:標準化|正規化|縮放)/i;
/** The trainer's input scaling turned off ("turn off", "no", "without", "disable", "as given", "關掉", "不要"). */
const INPUT_NORM_OFF =
  /\b(?:turn(?:ing)?\s+off|switch(?:ing)?\s+off|disabl\w*|no|without|skip\w*|drop|remove|don'?t|do not|stop|none|deactivat\w*|as (?:given|is))\b|\boff\b|關掉|關閉|停用|取消|不要|不用|不做|拿掉|去掉|免了|沒有/i;

/** Lower edge used for a low-pass request: the tool filters a band, and 0.1 Hz only removes the DC drift. */
const LOWPASS_FLOOR = 0.1;

function bandpassArgs(s: string, ctx?: PlannerContext): Record<string, unknown> | string {
  // one edge only: "high-pass 1 Hz", "remove frequencies above 40 Hz", "低通 30 赫茲"
  const hi = /\b(?:low-?pass|lowpass|lp)\b|(?:above|over|higher than)\s+\d|低通|以上/i.test(s);
  const lo = /\b(?:high-?pass|highpass|hp)\b|(?:below|under|lower than)\s+\d|高通|以下/i.test(s);
  const edge = quantities(s, 'Hz', true);
  if (hi && lo && edge.length === 2 && !findRange(s, 'Hz')) {
    // "high-pass at 0.5 Hz and low-pass at 40 Hz": each number belongs to the word before it
    const after = (re: RegExp) => {
      const m = new RegExp(`(?:${re.source})\\D{0,12}?(\\d+(?:\\.\\d+)?)`, 'i').exec(s);
      return m ? Number(m[1]) : null;
    };
    const l = after(/high-?pass|highpass|\bhp\b|高通|below|under|lower than/);
    const h = after(/low-?pass|lowpass|\blp\b|低通|above|over|higher than/);
    if (l !== null && h !== null && l < h) return { low_freq: l, high_freq: h };
  }
  if (hi !== lo && edge.length === 1 && !findRange(s, 'Hz')) {
    if (hi) return { low_freq: LOWPASS_FLOOR, high_freq: edge[0] };
    // the tool needs an upper edge: just under Nyquist keeps everything above the cut
    if (!ctx?.sfreq) return `a high-pass at ${edge[0]} Hz needs an upper edge; the sampling rate is not known yet, so say e.g. "band-pass ${edge[0]} to 40 Hz"`;
    return { low_freq: edge[0], high_freq: Math.floor((ctx.sfreq / 2) * 0.9) };
  }
  const r = findRange(s, 'Hz');
  const order = FILTER_ORDER.exec(s);
  const iir = filterDesign(s);
  const upper =
    /(?:上限|上界|上緣|最高|高頻截止|upper(?:\s+(?:edge|cut-?off|bound|limit))?|high(?:er)?\s+(?:edge|cut-?off|end|bound)|\btop(?:\s+(?:edge|end|frequency))?\b|\bceiling\b|\bmax(?:imum)?\b|high_freq)\D{0,8}?(\d+(?:\.\d+)?)/i.exec(
      s,
    );
  const lower =
    /(?:下限|下界|下緣|最低|低頻截止|lower(?:\s+(?:edge|cut-?off|bound|limit))?|low(?:er)?\s+(?:edge|cut-?off|end|bound)|\bbottom(?:\s+(?:edge|end|frequency))?\b|\bfloor\b|\bmin(?:imum)?\b|low_freq)\D{0,8}?(\d+(?:\.\d+)?)/i.exec(
      s,
    );
  if (upper || lower) {
    const out: Record<string, unknown> = { ...iir };
    if (lower) out.low_freq = Number(lower[1]);
    if (upper) out.high_freq = Number(upper[1]);
    return out;
  }
  const sOrderless = order ? s.replace(order[0], ' ') : s;
  const r2 = findRange(sOrderless, 'Hz');
  if (r2) return { low_freq: Math.min(r2.lo, r2.hi), high_freq: Math.max(r2.lo, r2.hi), ...iir };
  if (r) return { low_freq: Math.min(r.lo, r.hi), high_freq: Math.max(r.lo, r.hi), ...iir };
  const hz = quantities(sOrderless, 'Hz', false);
  const nums = hz.length >= 2 ? hz : quantities(sOrderless, 'Hz', true);
  if (nums.length >= 2) return { low_freq: Math.min(nums[0], nums[1]), high_freq: Math.max(nums[0], nums[1]), ...iir };
  if (/\bmu\b|μ|alpha/i.test(s) && !/beta/i.test(s)) return { low_freq: 8, high_freq: 13 };
  if (/\bbeta\b/i.test(s) && !/alpha|mu/i.test(s)) return { low_freq: 13, high_freq: 30 };
  if (/motor imagery|mu.*beta|sensorimotor|運動想像/i.test(s)) return { low_freq: 8, high_freq: 30 };
  return 'a band-pass needs two frequencies, e.g. "band-pass 8 to 30 Hz"';
}

const FILTER_ORDER =
  /\border\s*(?:of\s*|=\s*|:\s*|is\s*|to\s*|set to\s*)?(\d+)|(\d+)(?:st|nd|rd|th)?[- ]order|(\d+)\s*階|階數\s*(?:為|是|用|設|設成|設為|=|:)?\s*(\d+)/i;

/** The filter design a request names: "IIR of order 4", "4th-order Butterworth", 「IIR 四階」, "FIR". */
export function filterDesign(s: string): { method?: string; iir_order?: number } {
  const order = FILTER_ORDER.exec(s);
  return /\b(iir|butter\w*)\b/i.test(s)
    ? { method: 'iir', ...(order ? { iir_order: Number(order[1] ?? order[2] ?? order[3] ?? order[4]) } : {}) }
    : /\bfir\b|finite impulse/i.test(s)
      ? { method: 'fir' }
      : {};
}

/**
 * Where the baseline's own words end in an epoch request: at the first comma, semicolon or 、 outside brackets, or at
 * "and" before more of the window ("baseline -0.2 to 0 s and -0.2 to 1 s", "baseline from -0.2 to 0 and tmin -0.2");
 * "between -0.2 and 0 s" stays one baseline. The rest of the request, before and after, is the epoch window.
 */
function baselineEnd(s: string, from: number): number {
  let depth = 0;
  for (let i = from; i < s.length; i++) {
    const ch = s[i];
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && /[,，;；、]/.test(ch)) return i;
    else if (depth === 0 && /\s/.test(ch)) {
      const and = /^\s+(?:and|with|plus)\s+(?!-?\d+(?:\.\d+)?(?![\d.])\s*(?:ms|s|sec|secs|seconds?|秒|毫秒)?\s*(?:$|[,，;；]|\.(?!\d)))/i.exec(s.slice(i));
      if (and) return i;
    }
  }
  return s.length;
}

function epochArgs(s: string, ctx: PlannerContext): Record<string, unknown> {
  const bi = s.search(/baseline|基線/i);
  const be = bi >= 0 ? baselineEnd(s, bi) : -1;
  const withEvents = bi >= 0 ? `${s.slice(0, bi)} ${s.slice(be)}` : s;
  // the codes of an event list are names, not times ("epoch on events 769 and 770 from 0 to 4 s")
  const main = [EVENT_CODES, CODES_BEFORE].reduce(
    (t, re) => t.replace(re, (m) => m.replace(/\d+/g, ' ')),
    withEvents.replace(EVENT_LIST, (m) => m.replace(/\d+/g, ' ')),
  );
  const base = bi >= 0 ? s.slice(bi, be) : '';
  const r = findRange(main, 's');
  const timed = main.replace(/\bT\d\b/g, '  ');
  const times = r ? [r.lo, r.hi] : quantities(timed, 's', false);
  // one time alone is the bound its words name ("starting -0.5 s", "tmin = -0.2", "until 2.5 s", 「從 -0.5 秒開始」)
  const lone = times.length === 1 ? findQuantities(timed).find((q) => q.unit && isDimension(q, 's')) : undefined;
  const edge = lone ? loneTimeEdge(timed.slice(0, lone.index), timed.slice(lone.index + lone.text.length), times[0]) : null;
  const args: Record<string, unknown> =
    times.length >= 2
      ? // "ending 100 ms before the cue and starting 600 ms before it": the earlier time is the start, whatever the order said
        { t_min: Math.min(times[0], times[1]), t_max: Math.max(times[0], times[1]) }
      : edge === 't_min'
        ? { ...SKIP_DEFAULTS.epoch, t_min: times[0] }
        : times.length === 1
          ? { t_min: 0, t_max: times[0] }
          : { ...SKIP_DEFAULTS.epoch };
  const ev = eventNames(withEvents, ctx.events);
  if (ev.length) args.event_id = ev;
  if (/no baseline|without (?:the |a |any )?baseline|skip (?:the )?baseline|不做基線|不要基線|不要做基線|不用基線|無基線|不.{0,3}基線校正/i.test(s))
    args.baseline = null;
  else if (base) {
    const br = findRange(base, 's');
    // "baseline from the start to 0", 「baseline 用 epoch 開頭到 0」, MNE's (None, 0): from the epoch's first sample
    const fromStart =
      /(?:from\s+)?(?:the\s+)?(?:(?:epoch|window)(?:'s)?\s+)?(?:start|beginning|onset)(?:\s+of\s+the\s+(?:epoch|window))?\s*(?:to|until|till|-|–)\s*(-?\d+(?:\.\d+)?)|(?:epoch\s*)?(?:的)?(?:開頭|開始|起點|最前面)\s*(?:到|至|~|-)\s*(-?\d+(?:\.\d+)?)/i.exec(
        base,
      );
    const one = br ? [] : quantities(base, 's', false);
    if (fromStart) args.baseline = [null, Number(fromStart[1] ?? fromStart[2])];
    else if (br) args.baseline = [br.lo, br.hi];
    // "baseline 200 ms pre-stimulus" (read as -200 ms): from there to the event
    else if (one.length === 1 && one[0] < 0) args.baseline = [one[0], 0];
    else if (/baseline\s*(?:correction)?\s*(?:$|on)/i.test(base) || /基線校正/.test(base)) args.baseline = [null, 0];
  }
  return args;
}

function splitArgs(s: string): Record<string, unknown> {
  const a: Record<string, unknown> = { test_ratio: 0.2, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group' };
  // a run is a recording session here ("以 run 為單位", "split per run")
  const by =
    /\b(?:by|per|across|on)\s+(trials?|subjects?|sessions?|runs?|recordings?)\b|(?:依照|按照|根據|照著?|依|按|以|用)\s*(試次|受試者|場次|trials?|subjects?|sessions?|runs?)\s*(?:(?:為|當|作為|做)\s*單位)?/i.exec(
      s.replace(
        /(?:不要|別|不|不是|not|rather than|instead of)\s*(?:按|依|以|by|per)?\s*(?:trials?|subjects?|sessions?|runs?|試次|受試者|場次)\s*(?:切|分)?/gi,
        ' ',
      ),
    );
  if (by) a.split_strategy = /trial|試次/i.test(by[0]) ? 'trial' : /subject|受試者/i.test(by[0]) ? 'subject' : 'session';
  else if (/subject|受試者|跨受試|leave[- ]one[- ]subject/i.test(s)) a.split_strategy = 'subject';
  else if (/session|場次|cross-session/i.test(s)) a.split_strategy = 'session';
  if (/individual|per[- ]subject|each subject|個別|每位受試者|within[- ]subject/i.test(s)) a.training_mode = 'individual';
  // "測試 20% 驗證 10%", "test 20% val 10%": written label first, a number between two labels is the one before it (the
  // number-then-label reading, "20% for testing", is kept for text written number first)
  const labelFirst = (text: string) => {
    const label = text.search(/test|val|held[- ]?out|測試|驗證/i);
    return label >= 0 && label < text.search(/\d/);
  };
  const pct = (re: RegExp, text: string): number | null => {
    const read = (skipNumberFirst: boolean) =>
      new RegExp(
        `${skipNumberFirst ? '(?!)' : ''}(\\d+(?:\\.\\d+)?)\\s*(%|percent)?\\s*(?:(?:of (?:(?:the )?(?:data|rest|remainder|remaining(?: data)?|epochs|trials|training (?:data|set))|it|them|those|these)\\s+)?(?:(?:aside|apart|out|back|away|separately)\\s+)?(?:(?:for|as|in|held out for|into|goes to|go to)\\s+(?:the\\s+)?|(?:的)?\\s*(?:資料|trials?|epochs?|試次|樣本|segments?|windows?)?\\s*(?:(?:拿來|用來|用於|用作|留作|留給|當作?|作為|做為|給|來)\\s*)+))?(?:${re.source})|(?:${re.source})\\s*(?:ratio|set|split|share|fraction|portion|part|size|比例|部分)?\\s*(?:of|=|:|為|to|at|is|gets|takes|uses|with|around|about|佔|占|用|要|給|取|留|設|設成|設為|是|拿|分|大約|約)?\\s*(?:of|=|:|為|to|at|佔|占)?\\s*(\\d+(?:\\.\\d+)?)\\s*(%|percent)?`,
        'i',
      ).exec(text);
    const m = (labelFirst(text) && read(true)) || read(false);
    if (!m) return null;
    const v = Number(m[1] ?? m[3]);
    const isPct = Boolean(m[2] ?? m[4]) || v > 1;
    return isPct ? v / 100 : v;
  };
  const counts = splitCounts(s);
  if (counts) {
    // counts of groups (unit "number" is all-or-nothing): a test set always exists, validation only when asked for
    a.unit = 'number';
    a.test_ratio = counts.test ?? 1;
    a.val_ratio = counts.val ?? 0;
    if (!by && counts.group) a.split_strategy = counts.group;
  } else {
    // "subject 2", "run 3": identifiers, never shares
    const shares = s.replace(GROUP_ID, ' ');
    const t = pct(
      /test(?:ing)?(?:\s+(?:set|share|split|fraction|portion|part))?|held[- ]?out|測試(?:集|資料)?(?:佔|占|比例|[\u4e00-\u9fff]{1,4}(?=\s*\d))?/,
      shares,
    );
    if (t !== null) a.test_ratio = t;
    const v = pct(/val(?:idation)?(?:\s+(?:set|share|split|fraction|portion|part))?|驗證(?:集|資料)?(?:佔|占|比例|[\u4e00-\u9fff]{1,4}(?=\s*\d))?/, shares);
    if (v !== null) a.val_ratio = v;
  }
  const folds = numberBefore(s, /[- ]?folds?\b|折/) ?? numberAfter(s, /k[- ]?fold|folds?/);
  if (folds !== null) {
    a.unit = 'kfold';
    a.folds = Math.round(folds);
  }
  const seed = numberAfter(s, /(?:random\s+|rng\s+)?seed|(?:亂數|隨機)?種子/);
  if (seed !== null) a.seed = Math.round(seed);
  return a;
}

export const PANELS: [RegExp, string][] = [
  [/dashboard|儀表板|總覽/i, 'dashboard'],
  [/dataset|資料集/i, 'dataset'],
  [/preprocess|前處理/i, 'preprocess'],
  [/training|訓練/i, 'training'],
  [/visuali[sz]ation|saliency|topo|spectrogram|視覺化|顯著/i, 'visualization'],
  [/evaluation|評估/i, 'evaluation'],
];

/** Views of a panel, by the words people use for them (the panel they belong to, the view_mode). */
export const VIEW_MODES: [RegExp, string, string][] = [
  [/\btopo(?:graphic(?:al)?)?[\s_-]*(?:map|plot)s?\b|\btopomaps?\b|地形圖/i, 'visualization', 'topographic_map'],
  [/\bspectrograms?\b|時頻圖/i, 'visualization', 'spectrogram'],
  [/\b3[\s-]?d[\s_-]*(?:plot|view|brain|head)\b|3D ?圖/i, 'visualization', '3d_plot'],
  [/\bmodel[\s_-]*summary\b|\b(?:network|model) architecture\b|模型摘要|模型架構/i, 'evaluation', 'model_summary'],
  [/\btime[\s_-]*domain(?:\s+view)?\b|\btime[\s_-]*(?:view|mode)\b|時域/i, 'preprocess', 'time_domain'],
  [/\bfrequency[\s_-]*domain(?:\s+view)?\b|\b(?:frequency|spectral)[\s_-]*(?:view|mode)\b|頻域/i, 'preprocess', 'frequency_domain'],
];

/** Ordered from the most specific to the most general; the first rule that matches a clause wins. */
export const RULES: Rule[] = [
  {
    tool: 'stop_training',
    when: /\b(stop|abort|cancel|halt|kill|terminate|interrupt)\b.*\b(?:train\w*|run|job|fit)\b|\bstop\b|\babort\b|^(?:kill|halt|terminate)\s+(?:it|that|this)\b|停止訓練|中止訓練|停止|停掉|停下|先停|中斷|終止|中止|叫停|喊停|(?<!(?:baseline|基線|基準|CSP\+LDA)\s*(?:就|也|先)?\s*)(?:別|不要|不用)(?:再)?(?:跑|訓練)了|\b(?:don'?t|do not) (?:run|train) (?:any ?more|any longer)/i,
    // "別再訓練了" asks to stop a run that is going; with none going it only says not to train again
    build: (s, ctx) =>
      ctx.stage !== 'training' &&
      /(?:別|不要|不用)(?:再)?(?:跑|訓練)了|\b(?:don'?t|do not) (?:run|train) (?:any ?more|any longer)/i.test(s) &&
      !/停|\bstop\b/i.test(s)
        ? []
        : [{ tool: 'stop_training', arguments: {} }],
  },
  {
    tool: 'switch_panel',
    when: /\b(switch|go|open|show|display|bring up|pull up|view)\b.*\b(panel|view|tab|page|dashboard)\b|切換|面板|儀表板|分頁/i,
    build: (s) => {
      const p = PANELS.find(([re]) => re.test(s.replace(/\bpanel\b/gi, '')));
      if (!p) return 'which panel? dashboard, dataset, preprocess, training, visualization or evaluation';
      const mode =
        /\b(saliency_map|spectrogram|topographic_map|3d_plot|metrics|model_summary|time_domain|frequency_domain)\b/i.exec(s)?.[1].toLowerCase() ??
        VIEW_MODES.find(([re]) => re.test(s))?.[2] ??
        (/\bsaliency\b|顯著/i.test(s) ? 'saliency_map' : undefined) ??
        (p[1] === 'evaluation' && /protocol|moabb|協定|協議/i.test(s) ? 'protocol' : undefined) ??
        // a view named by what it shows, read against the panel it belongs to
        (p[1] === 'visualization' && /spectr|頻譜|時頻/i.test(s)
          ? 'spectrogram'
          : p[1] === 'visualization' && /topo|地形|頭皮/i.test(s)
            ? 'topographic_map'
            : p[1] === 'preprocess' && /frequen|spectr|psd|頻/i.test(s)
              ? 'frequency_domain'
              : p[1] === 'preprocess' && /\btime\b|時間|波形/i.test(s)
                ? 'time_domain'
                : (p[1] === 'evaluation' || p[1] === 'training') && /metric|confusion|accuracy|指標|混淆|準確/i.test(s)
                  ? 'metrics'
                  : undefined);
      return [{ tool: 'switch_panel', arguments: { panel_name: p[1], ...(mode ? { view_mode: mode } : {}) } }];
    },
  },
  {
    tool: 'plot_training',
    when: /(plot|show|draw|display|chart|graph|visuali[sz]e|畫|繪).*(training|learning|loss|accuracy|auc|roc)\s*(curve|history|plot)?|(training|learning|loss|accuracy|auc|roc|learning rate)\s*curves?|(?:auc|roc|loss|accuracy|準確率|損失|學習率)\s*(?:的)?\s*(?:變化|訓練|學習|收斂)?\s*曲線|訓練曲線|學習曲線|(?:訓練|training)\s*(?:過程)?\s*(?:的|中)?\s*(?:auc|roc|loss|accuracy|acc|準確率|正確率|損失|學習率)\s*(?:的)?\s*(?:變化|走勢|趨勢|歷程|history)|(?:auc|roc|loss|準確率|正確率|損失|學習率)\s*(?:的)?\s*(?:變化|走勢|趨勢)(?:圖)?|(?:畫|繪|顯示).*(?:訓練過程|準確率|損失|loss)|(?:訓練過程|準確率|損失).*(?:畫|繪|曲線)|\b(?:loss|accuracy|acc|auc|learning rate)\b\s*(?:curves?|曲線|圖)?\s*(?:的)?\s*(?:也|都)?\s*(?:給我|幫我)?\s*(?:畫|繪)/i,
    unless: /\b(erp|psd|trace)/i,
    build: (s) => {
      const m = /\b(accuracy|auc|roc|lr|learning rate|loss)\b|準確率|正確率|學習率|損失/i.exec(s);
      const metric = !m
        ? 'loss'
        : /acc|準確|正確/i.test(m[0])
          ? 'accuracy'
          : /auc|roc/i.test(m[0])
            ? 'auc'
            : /lr|learning rate|學習率/i.test(m[0])
              ? 'lr'
              : 'loss';
      return [{ tool: 'plot_training', arguments: { metric } }];
    },
  },
  {
    tool: 'reset_preprocessing',
    // "start over with the preprocessing", "redo the filtering from scratch", "前處理重來": the preprocessing, not the Study
    when: /\b(reset|undo|revert|remove)\b.*\b(preprocess\w*|filter\w*)|\b(?:start(?:ing)? over|start (?:again|fresh|afresh|anew)|begin again|from scratch)\b.*\b(?:preprocess\w*|filter\w*)|\b(?:preprocess\w*|filter\w*)\b.*\b(?:start(?:ing)? over|from scratch)\b|前處理\s*(?:全部|整個)?\s*(?:重來|重新來過|從頭(?:開始|來)?)|(?:重新|從頭)\s*(?:做|來)\s*(?:一次)?\s*前處理|back to (the )?raw|(?:重置|重設|清除|取消|撤銷)\s*(?:所有|全部|一切|剛才|剛剛)?\s*(?:的)?\s*前處理|(?:把|將)\s*(?:所有|全部|剛才|剛剛)?\s*(?:的)?\s*前處理\s*(?:都|全部)?\s*(?:重置|重設|清除|取消|撤銷|還原)|復原|還原|撤銷|撤消|回到原始/i,
    build: () => [{ tool: 'reset_preprocessing', arguments: {} }],
  },
  {
    tool: 'clear_dataset',
    when: new RegExp(
      String.raw`(?:${CLEAR_VERB}).*\b(?:everything|all|dataset|study|data|workspace|(?:whole|entire)\s+(?:thing|lot|project))\b|\b(?:reset|empty)\b(?:\s+(?:out\s+)?(?:the\s+|my\s+)?(?:whole\s+|entire\s+)?)?(?:everything|all|study|workspace)\b|start over|start fresh|from scratch|清除|清空|清掉|清光|刪光|刪掉全部|重新開始|刪除所有`,
      'i',
    ),
    // a restart word in a request about training ("換成 SCCNet 重新開始", 重新開始訓練) asks for another run (start_training)
    unless: RESTART_MEANS_RETRAIN,
    build: () => [{ tool: 'clear_dataset', arguments: {} }],
  },
  {
    tool: 'run_protocol',
    // "leave-one-subject-out split", 「留一位受試者當測試集來切資料」: a split of the dataset that holds a subject out is a
    // split (generate_dataset); the protocol is an evaluation of pipelines ("… evaluation", "compare …", CSP+LDA)
    unless:
      /^(?!.*(?:protocol|evaluat|compar|pipelines?|\bcsp\b|ts\+lr|benchmark|moabb|評估|比較|協定|流程)).*(?:\bsplit\b|\bdataset\b|\bpartition\b|\b(?:for|as)\s+(?:the\s+)?(?:test(?:ing)?|validation)(?:\s+set)?\b|切分|切資料|分資料|切割|資料集|測試集|驗證集)/i,
    when: /\b(within[- ]session|cross[- ]session|cross[- ]subject|leav(?:e|ing)[- ](one|\d+|two|three|a)[- ](subjects?|sessions?|runs?)[- ]out|loso|moabb|evaluation protocol)\b|跨\s*(?:受試者|subjects?|場次|sessions?)|(?:受試者|session|場次)\s*內/i,
    build: (s) => {
      const protocol = /cross[- ]subject|subjects?[- ]out|loso|跨\s*(?:受試者|subjects?)/i.test(s)
        ? 'cross_subject'
        : /cross[- ]session|(session|run)s?[- ]out|跨\s*(?:場次|sessions?)/i.test(s)
          ? 'cross_session'
          : 'within_session';
      const pipelines: string[] = [];
      if (/\bcsp\b/i.test(s)) pipelines.push('CSP+LDA');
      if (/tangent|ts\+lr|riemann/i.test(s)) pipelines.push('TS+LR');
      if (/eegnet/i.test(s)) pipelines.push('EEGNet');
      if (/shallow/i.test(s)) pipelines.push('ShallowConvNet');
      if (/sccnet/i.test(s)) pipelines.push('SCCNet');
      const folds = numberBefore(s, /[- ]?folds?\b|\s*折/);
      const words: Record<string, number> = { two: 2, three: 3 };
      const n = /leave[- ](\d+|two|three)[- ]subjects?/i.exec(s);
      return [
        {
          tool: 'run_protocol',
          arguments: {
            protocol,
            ...(pipelines.length ? { pipelines } : {}),
            ...(folds && protocol === 'within_session' ? { folds: Math.round(folds) } : {}),
            ...(n ? { n_test_subjects: words[n[1].toLowerCase()] ?? Number(n[1]) } : {}),
            // "pooling all runs of the subject", "場次合併": within_session over every run
            ...(/\bpool(?:ed|ing)?\s+(?:(?:all|every|the)\s+)?(?:the\s+)?(?:sessions?|runs?|recordings?)\b|\b(?:sessions?|runs?)\s+pooled\b|(?:合併|混合|合在一起)\s*(?:所有)?\s*(?:的)?\s*(?:場次|sessions?|runs?)|(?:場次|sessions?|runs?)\s*(?:全部)?\s*(?:合併|混合|合在一起)/i.test(
              s,
            )
              ? { pool_sessions: true }
              : {}),
            // "with Euclidean alignment", "EA", "歐氏對齊", "align each subject first"; "without alignment" is the default
            ...(EUCLIDEAN_ALIGNMENT.test(s)
              ? { alignment: /\b(?:no|without|skip|don'?t)\b[^,.;]*\balign|不要?\s*(?:做)?\s*(?:歐氏)?對齊|不對齊/i.test(s) ? 'none' : 'euclidean' }
              : {}),
            ...(filesIn(s, 'csv|json').length ? { export_path: filesIn(s, 'csv|json')[0] } : {}),
            ...(numberAfter(s, /(?:random\s+|rng\s+)?seed|(?:亂數|隨機)?種子/) !== null
              ? { seed: Math.round(numberAfter(s, /(?:random\s+|rng\s+)?seed|(?:亂數|隨機)?種子/) as number) }
              : {}),
          },
        },
      ];
    },
  },
  {
    tool: 'run_sweep',
    when: /\b(sweep|grid search|hyper-?parameter search)\b|超參數|網格搜尋/i,
    build: (s) => {
      const grid: Record<string, number[]> = {};
      const list = (re: RegExp) => {
        // a count after the values ("…, 2 repeats each", 「各重複 3 次」) is not one of them
        const m = new RegExp(
          `(?:${re.source})[^\\d]*((?:\\d+(?:\\.\\d+)?(?:e-?\\d+)?(?![\\d.e])(?!\\s*(?:repeats?|repetitions?|times|runs?|folds?|seeds?|重複|次|遍|折))\\s*(?:,|，|and|or|/|、|跟|和|與|及|或)?\\s*)+)`,
          'i',
        ).exec(s);
        return m
          ? m[1]
              .split(/[^\d.e-]+/)
              .filter(Boolean)
              .map(Number)
          : [];
      };
      const lr = list(/learning[\s_-]?rates?|\blrs?\b|學習率/);
      if (lr.length) grid.learning_rate = lr;
      const bs = list(/batch(?:[\s_-]?sizes?)?|批次/);
      if (bs.length) grid.batch_size = bs;
      const ep = list(/epochs?\s*(?:of|in)?/);
      if (ep.length && /epochs?\s*(of|in)?\s*\d+\s*(,|and|or)/i.test(s)) grid.epoch = ep;
      if (Object.keys(grid).length === 0) return 'a sweep needs values, e.g. "sweep learning rate 0.001, 0.0005"';
      const folds = numberBefore(s, /[- ]?folds?|\s*折/);
      const reps = numberBefore(s, /repeats?|times each|runs? each/) ?? numberAfter(s, /repeats?|(?:各|每個)?重複/);
      const be = /\b(pytorch|slurm|local)\b/i.exec(s);
      return [
        {
          tool: 'run_sweep',
          arguments: {
            grid,
            ...(folds ? { folds } : {}),
            ...(reps ? { repeats: reps } : {}),
            ...(be ? { backend: be[1].toLowerCase() } : {}),
          },
        },
      ];
    },
  },
  {
    tool: 'export_model',
    when: /\b(export|save|write|dump|store|persist|seriali[sz]e)\b.*\b(model|onnx|network|net|weights|run[-_]\w+|(?:best|last|latest|trained|finished|final|newest)\s+run)\b|(?:匯出|導出|輸出|儲存|保存|存)\S{0,8}模型|模型\S{0,6}(?:匯出|導出|輸出|儲存|保存|存)|(?:把|將)\s*模型.*匯出|(?:把|將)\s*(?:這個|那個|它|剛剛的|剛才的)?\s*(?:模型|model)\s*(?:export|save|匯出|導出|存)|\.onnx\b/i,
    build: (s) => {
      const path = pathAfter(s, new RegExp(`${EXPORT_PLACE.source}|\\bas\\b`)) ?? 'exports/model';
      const run = /\b(run[-_][\w-]+)/i.exec(s);
      return [{ tool: 'export_model', arguments: { path, ...(run ? { run_id: run[1] } : {}) } }];
    },
  },
  {
    tool: 'export_epochs',
    unless: /checkpoints?|檢查點/i,
    when: /\b(export|save|write|dump)\b.*\b(epochs?|npy|data)\b|(?:epochs?|分段)\s*\S{0,4}?\s*(?:存成|存到|存進|存下|儲存|保存|輸出|寫成|寫到|寫入)|匯出\s*epoch|匯出資料|匯出分段|epochs?\s*(?:也|都)?\s*匯出|分段.*匯出|資料.*匯出/i,
    build: (s) => [{ tool: 'export_epochs', arguments: { path: pathAfter(s, EXPORT_PLACE) ?? 'exports/epochs' } }],
  },
  {
    // "export it to exports/best" with no object: the model once there is one, else the epochs
    tool: 'export_model',
    when: /^(?:(?:ok(?:ay)?|好的?|then|now|and)[,，\s]*)?(?:please\s+)?(?:export|save|dump|write)\s+(?:(?:it|that|this|them|everything)\b|(?=(?:to|into|under)\s))|^(?:(?:好的?|那|然後)[,，\s]*)?(?:把|將)?\s*(?:它|這個|那個|結果)?\s*(?:匯出|導出|輸出)/i,
    build: (s, ctx) => {
      const path = pathAfter(s, EXPORT_PLACE);
      return ctx.stage === 'trained' || ctx.stage === 'training'
        ? [{ tool: 'export_model', arguments: { path: path ?? 'exports/model' } }]
        : [{ tool: 'export_epochs', arguments: { path: path ?? 'exports/epochs' } }];
    },
  },
  {
    tool: 'compute_saliency',
    when: /saliency|explain|attribution|integrated gradients|smoothgrad|vargrad|gradient\s*(?:x|×|times)\s*input|顯著|可解釋|歸因/i,
    build: (s) => {
      const methods: [RegExp, string][] = [
        [/integrated/i, 'integrated_gradients'],
        [/smoothgrad[\s_-]?(sq|squared)|\bsquared[\s-]+smooth[\s-]?grad|smoothgrad\s*(?:的)?\s*平方|平方\s*(?:的)?\s*smoothgrad/i, 'smoothgrad_sq'],
        [/smoothgrad/i, 'smoothgrad'],
        [/vargrad/i, 'vargrad'],
        [/gradient\s*(?:x|×|times|_x_)\s*input/i, 'gradient_x_input'],
      ];
      const m = methods.find(([re]) => re.test(s));
      const n =
        numberAfter(s, /samples?|n_samples|樣本數?|取樣|steps?/) ??
        numberBefore(s, /samples|steps|iterations|個?\s*樣本|次取樣|步/) ??
        // "smoothgrad 50 次": the number of noisy passes
        (/(\d+)\s*(?:次|遍)(?!方)/.exec(s) ? Number(/(\d+)\s*(?:次|遍)(?!方)/.exec(s)![1]) : null) ??
        // "30 smoothgrad samples", "50 noisy samples", "20 interpolation steps": a word between the count and its noun
        (/\b(\d+)\s+(?:[a-z]+\s+)?(?:samples|steps|iterations)\b/i.exec(s)
          ? Number(/\b(\d+)\s+(?:[a-z]+\s+)?(?:samples|steps|iterations)\b/i.exec(s)![1])
          : null);
      const sd = numberAfter(s, /(?:noise\s+)?(?:std(?:ev)?|standard deviation|sigma|σ)|(?:雜訊|噪音)?\s*標準差/);
      return [
        {
          tool: 'compute_saliency',
          arguments: {
            method: m ? m[1] : 'gradient',
            ...(n ? { n_samples: n } : {}),
            ...(sd !== null ? { stdev: sd } : {}),
            ...(/absolute|abs\b|絕對/i.test(s) ? { absolute: true } : {}),
          },
        },
      ];
    },
  },
  {
    tool: 'evaluate',
    when: /\b(evaluat\w*|assess|test (the )?(model|accuracy)|how (good|well)|accuracy on|performance|kappa|confusion matrix|metrics|(?<![-\w])score (?:the|my|it)|benchmark)\b|評估|測試集準確|混淆矩陣|表現/i,
    build: (s) => {
      const split = /\bval(idation)?\b|驗證/i.test(s)
        ? 'val'
        : /\btrain(ing)? (set|split|data)\b|\b(?:on|with) (?:the )?train(?:ing)?\b(?!\s+(?:a|the|it|model|eegnet|for))|訓練集/i.test(s)
          ? 'train'
          : 'test';
      return [
        {
          tool: 'evaluate',
          arguments: {
            split,
            ...(/no baseline|without (the )?(?:[\w+]+ )?baseline|skip (the )?(?:[\w+]+ )?baseline|(?:baseline|基線|基準)\s*(?:的部分)?\s*(?:就|也|先)?\s*(?:不用|不要|不必|不需要|免了?|省略|跳過|略過|別)\s*(?:跑|做|算|了)?|\bbaseline\s+(?:is\s+not|isn'?t|not)\s+(?:needed|necessary|required)\b|\bno need for (?:the |a )?(?:[\w+]+ )?baseline|\bbaseline\s*[:=]?\s*(?:off|skip(?:ped)?|none|no)\b|不要基準|不用.*基準|不要.*基準|不跑基準|不用跑?基線|沒有基準|(?:不要|不用|不需要|不必|免|別|省略|跳過)\s*(?:跑|做|算)?\s*(?:CSP\+LDA\s*)?(?:的)?\s*(?:baseline|基線|基準)/i.test(
              s,
            )
              ? { baseline: false }
              : /\b(?:with|include|including|plus|and|run)\s+(?:the\s+)?(?:[\w+]+\s+)?baseline|(?:要|加上?|跑|含|包括)\s*(?:CSP\+LDA\s*)?(?:baseline|基準|基線)/i.test(
                    s,
                  )
                ? { baseline: true }
                : {}),
          },
        },
      ];
    },
  },
  { tool: 'configure_training', when: INPUT_NORM, build: (s, ctx) => [{ tool: 'configure_training', arguments: trainingArgs(s, ctx) ?? {} }] },
  {
    tool: 'configure_training',
    when: /\b(configure|set( up)?|change|tweak|adjust|modify|update|alter|edit|bump|up|raise|increase|lower|decrease|reduce|boost|crank)\b.*\b(training|learning rate|lr|batch|epochs?|optimizer)\b|重複\s*\d+\s*(?:次|遍)|訓練\s*(?:的)?\s*(?:後端|參數|裝置|設備|優化器|組態|配置)|\bbackend\b|後端|(?:設定|設|調整)\s*\d+\s*個?\s*epochs?|\b(?:on|use)\s+(?:the\s+)?(?:cpu|gpu|cuda)\b|(?:用|使用|改用|在)\s*(?:cpu|gpu|cuda|顯卡|顯示卡)(?![a-z])(?!\s*(?:跑|訓練|來訓練|去訓練))|\b(?:use|with|switch to|try|go with)\s+(?:the\s+)?(?:adamw?|sgd)\b|\b(?:lowest|minimum|min|smallest|best)\s+val(?:idation)?\s+(?:loss|acc\w*)\b|\b(?:slurm|pytorch)\b|\b(learning rate|batch size|optimizer)\b|\bbatch\s*(?:of|=|:)?\s*\d|\b(?:batch(?:\s*size)?|epochs?|learning rate)\s*(?:數)?\s*(?:=|:|改成|改為|設為|設成|調成|換成|調到|設|用|要|改|為|是)\s*\d|^\s*\d+\s+(?:training\s+)?epochs\s*$|\bbest val\w*|\bbest[\s_-]test[\s_-]acc\w*|\blast_epoch\b|驗證(?:集)?(?:準確率|正確率|損失|loss)最|(?:最高|最低|最小|最好|最佳)(?:的)?驗證|\bcheckpoints?\b|檢查點|\b\d+\s+repeats?\b|\brepeat\s+\d|\b\d+\s*(?:cpu\s+)?threads?\b|\bthreads?\s*(?:=|:|to)?\s*\d|執行緒|線程|訓練參數|學習率|批次|^(?:換成|改用|改成|換用)\s*(?:adamw?|sgd)\b|(?<!(?:優化器|最佳化器|optimi[sz]er)\s*)(?:\b(?:adamw?|sgd)\s*(?:optimi[sz]er|優化器|最佳化器)|(?:換|改|使用|換成|換用|改用|採用)\s*(?:成)?\s*(?:adamw?|sgd)\b)(?!.*(?:訓練|跑|\btrain\w*)\s*\d)|^(?:優化器|最佳化器)\s*(?:改用|換成|改成|用|使用|設成|設為)/i,
    unless:
      /\b(train|start)\b\s+(?!for)|^(?:please\s+|now\s+|then\s+)?(?:re)?train\b|開始訓練|(?:^|用\s*\w+\s*|再\s*|重新\s*|上\s*)訓練(?!參數|設定|設置|選項|組態|配置|重複|(?:時|的時候)?(?:要)?(?:用|使用|改用|採用))|跑\s*\d+\s*(?:個\s*)?(?:epochs?|輪)|\brun\s+(?:it\s+)?(?:for\s+)?\d+\s+epochs\b|\b(?:one more|another|a second|a new|a fresh)\s+(?:training\s+)?run\b|\d+(?:\.\d+)?\s*%?\s*(?:of\s+(?:the\s+)?(?:data|epochs|trials)\s+)?(?:for|as)\s+(?:the\s+)?(?:test\w*|validat\w*)\b/i,
    build: (s, ctx) => {
      const a = trainingArgs(s, ctx);
      const m = modelName(s);
      return a
        ? [...(m ? [{ tool: 'set_model', arguments: { model_name: m } }] : []), { tool: 'configure_training', arguments: a }]
        : 'which training options? e.g. "20 epochs, batch 64, learning rate 0.001"';
    },
  },
  {
    tool: 'start_training',
    // a restart word next to a training setting or model ("換成 SCCNet 重新開始") is another run
    when: new RegExp(
      `${RESTART_MEANS_RETRAIN.source}|${/\b(train|training|fit|retrain)\b|\b(?:one more|another|a second|a new|a fresh)\s+(?:training\s+)?run\b|\b(?:start|launch|begin|kick off|fire off|queue)\s+(?:up\s+)?(?:a|the|one)\s+(?:training\s+)?run\b|訓練|開始學習|跑\s*\d+\s*(?:個\s*)?(?:epochs?|輪)|\brun\s+(?:it\s+)?(?:for\s+)?\d+\s+epochs\b/i.source}`,
      'i',
    ),
    unless:
      /\b(training (panel|curve)|split|test set)\b|\btraining\s+(?:model|network|architecture|loss|accuracy|curves?|config\w*|settings?|data|panel|tab|page|backend|device|progress|status|log)\b|\b(?:leave|keep|let)\s+(?:the\s+|my\s+)?training\s+(?:run\s+)?(?:running|going|alone|be)\b|分割|切分|資料集|測試集|驗證集|訓練(?:完|好了|結束|過了|重複|參數|設定|中)|正在訓練|^訓練(?:時|的時候)?(?:要)?(?:用|使用|改用|採用)(?!.*(?:開始|啟動|跑))(?!\s*(?:eegnet|shallowconvnet|sccnet|shallow)\b)|訓練\s*(?:的)?\s*(?:後端|裝置|設備|優化器|組態|配置)|(?:還|正)在跑|跑完了?|\b(?:generate|make|create|build)\s+(?:the\s+|a\s+)?dataset\b|\bindividual training\b|\btraining mode\b|\b(?:still|is|while it'?s?)\s+(?:running|training)\b|\bwhile it runs\b|\btraining\s+(?:run\s+)?(?:is|was|seems|looks|'s)\s+(?:going|running|progressing|doing|looking|coming along|fine|ok(?:ay)?|good|great|well|smooth)\b|訓練得\s*(?:還|挺|蠻|滿|很|非常)?\s*(?:不錯|順|穩)|訓練[^，,。；;]{0,3}?(?:跑得|進行得|看起來|感覺|似乎|好像)\s*(?:還|挺|蠻|滿|很|非常)?\s*(?:不錯|好|順|穩|正常)|after (?:the )?training|training (?:is |has )?(?:done|finished|over|complete)|\d+\s*%\s*(?:of\s+(?:the\s+)?data\s+)?(?:for\s+)?(?:train\w*|test\w*|val\w*)\b.*\d+\s*%|\b(?:tweak|adjust|modify|update|alter|edit)\s+(?:the\s+)?training\b/i,
    build: (s, ctx) => {
      const calls: PlannedCall[] = [];
      const m = modelName(s);
      if (m) calls.push({ tool: 'set_model', arguments: { model_name: m } });
      const a = trainingArgs(s, ctx);
      if (a) calls.push({ tool: 'configure_training', arguments: a });
      calls.push({ tool: 'start_training', arguments: {} });
      return calls;
    },
  },
  {
    tool: 'set_model',
    when: MODEL,
    build: (s, ctx) => {
      const calls: PlannedCall[] = [{ tool: 'set_model', arguments: { model_name: modelName(s), ...modelParams(s) } }];
      // "eegnet, 40 epochs": training settings said with the model, in one clause, configure the run too
      const a = trainingArgs(s, ctx);
      if (a && JSON.stringify(a) !== JSON.stringify(trainingArgs('', ctx))) calls.push({ tool: 'configure_training', arguments: a });
      return calls;
    },
  },
  {
    tool: 'generate_dataset',
    // "split the recording into 2-second windows": windows of a length are window_epoch, not a train/test split
    unless:
      /資訊|訊息|摘要|概況|\binfo(?:rmation)?\b|\bsummary\b|^(?!.*(?:\btest|\bval|%|\bfolds?\b|\btrain)).*\b\d+(?:\.\d+)?\s*-?\s*(?:s|sec|seconds?|ms)\s*-?\s*(?:long\s+)?(?:windows|segments|chunks|pieces|slices)\b/i,
    when: /\b(split|generate|make|create|build)\b.*\b(dataset|data|train|test|folds?)\b|\bleav(?:e|ing)\s+(?:\w+\s+){1,3}out\b.*\b(?:test\w*|validat\w*)\b|\b(?:set aside|hold out|reserve|leave out|put aside|keep back)\b.*\b(?:test\w*|validat\w*)\b|\b(?:put|set|keep|leave|hold)\b.{0,60}?\b(?:aside|apart|back)\b.*\b(?:test\w*|validat\w*)\b|\d*\.?\d+\s*(?:%\s*)?of\s+(?:the\s+)?(?:data|epochs|trials)\s+(?:for|as)\s+(?:the\s+)?(?:test\w*|validat\w*)\b|\bsplit\b|\bk-?fold|\b\d+\s*[- ]?folds?\b|cross[- ]validation|\d+\s*%\s*(?:of\s+(?:the\s+)?(?:data|epochs|trials)\s+)?(?:for|as|to)?\s*(?:the\s+)?(?:test\w*|validat\w*|val)\b|\b(?:test|validation|val)\s*(?:set|share|split|ratio|fraction|size|proportion|percentage)\b|\bhold(?:ing)?[- ]?out\b|\bheld[- ]?out\b|分割|切分|產生資料集|建立資料集|資料集|測試集|驗證集|交叉驗證|\d+\s*折|(?:依照|按照|根據|照著?|按|依|以|用)\s*(?:受試者|試次|場次|subjects?|trials?|sessions?|runs?)\s*(?:為|當|作為|做)?\s*(?:單位)?\s*(?:來)?\s*(?:分|切)|(?:測試|驗證)\s*(?:集|資料)?\s*(?:的)?\s*(?:比例|比率|佔比|占比)|\d+(?:\.\d+)?\s*%\s*(?:的)?\s*(?:資料)?\s*(?:當作?|作為|做為|拿來當|用來當|留給|留作|給)\s*(?:測試|驗證)|(?:測試|驗證)\s*(?:佔|占|用|留|抓|取)?\s*\d+(?:\.\d+)?\s*%/i,
    build: (s) => [{ tool: 'generate_dataset', arguments: splitArgs(s) }],
  },
  {
    tool: 'apply_standard_preprocess',
    when: /\b(standard|default|usual|typical|basic)\b.*\bpreprocess\w*|\bpreprocess\w*\b(?!.*\b(reset|undo)\b)|標準前處理|預設前處理|前處理/i,
    build: (s) => {
      const a: Record<string, unknown> = {};
      const r = findRange(s, 'Hz');
      // "with the 1-30 band", 「1 到 30 的頻帶」: a range named as a band is the pass band
      const band = r ? null : /(\d+(?:\.\d+)?)\s*(?:-|–|~|to|到|至)\s*(\d+(?:\.\d+)?)\s*(?:hz\s*)?(?:的)?\s*(?:band\b|頻帶|頻段)/i.exec(s);
      if (r) {
        a.l_freq = r.lo;
        a.h_freq = r.hi;
      } else if (band && Number(band[1]) < Number(band[2])) {
        a.l_freq = Number(band[1]);
        a.h_freq = Number(band[2]);
      }
      // the notch's frequency on either side of its word: "notch 60", "60 Hz notch", "陷波 60", "60 Hz 陷波"
      const notchBefore = /(\d+(?:\.\d+)?)\s*(?:hz|赫茲)?\s*(?:的)?\s*(?:notch|陷波)/i.exec(s);
      const notch = numberAfter(s, /notch(?:\s+at)?|陷波/) ?? (notchBefore ? Number(notchBefore[1]) : null);
      if (notch !== null) a.notch_freq = notch;
      const rs = numberAfter(s, /resampl\w*(?:\s+to)?|downsampl\w*(?:\s+to)?|重新取樣(?:到|至)?/);
      if (rs !== null) a.resample_rate = Math.round(rs);
      if (/average reference|re-?referenc|\bcar\b|平均參考|參考\s*(?:就|都)?\s*(?:用|改成|改為|設成|設為|為|選|到|成)?\s*(?:共同)?平均|重新?參考/i.test(s))
        a.rereference = 'average';
      if (/min-?max/i.test(s)) a.normalize_method = 'min-max';
      else if (/z-?score|normali[sz]|標準化/i.test(s)) a.normalize_method = 'z-score';
      return [{ tool: 'apply_standard_preprocess', arguments: a }];
    },
  },
  {
    tool: 'apply_notch_filter',
    when: /notch|line noise|mains|power[- ]line|陷波|市電|電源雜訊/i,
    build: (s) => {
      // a frequency written with its unit wins over a bare count before it (「再加一個 60 Hz 陷波」: 一個 is one notch)
      const withUnit = quantities(s, 'Hz', false);
      const hz = withUnit.length ? withUnit : quantities(s, 'Hz', true);
      // "notch at 50 and at 100 Hz", 「加兩個陷波，50 和 100 Hz」: a list of frequencies is a notch at each (the unit said once)
      const list =
        NOTCH_LIST.exec(s)?.[0]
          .match(/\d+(?:\.\d+)?/g)
          ?.map(Number) ?? [];
      if (list.length > 1 && list.every((f) => f >= 1 && f <= 1000))
        return [...new Set(list)].map((freq) => ({ tool: 'apply_notch_filter', arguments: { freq } }));
      return [{ tool: 'apply_notch_filter', arguments: { freq: hz[0] ?? 50 } }];
    },
  },
  {
    tool: 'apply_bandpass_filter',
    when: /band[\s-]?pass|\bfilter\w*|\b(?:low(?:er)?|high(?:er)?|upper)\s+cut-?off\b|帶通|濾波|濾(?!掉|除)\s*\d|high-?pass|low-?pass|\b(?:hp|lp)\b|高通|低通|\b(?:remove|cut|suppress|drop)\s+(?:all\s+)?(?:the\s+)?(?:frequencies|activity|components?|content)\s+(?:below|above|under|over)\b|\b(?:everything|anything|all|frequencies|activity|content|components?|noise)\s+(?:above|below|over|under|higher than|lower than)\s+\d/i,
    build: (s, ctx) => {
      const a = bandpassArgs(s, ctx);
      return typeof a === 'string' ? a : [{ tool: 'apply_bandpass_filter', arguments: a }];
    },
  },
  {
    tool: 'resample_data',
    // … and the rate given as the value of its slot: "set fs to 128 Hz", "take the rate down to 32", "I want the data at 100 Hz"
    when: /resampl\w*|downsampl\w*|upsampl\w*|sampling rate|\b(?:fs|sfreq|srate|sample rate|sampling frequency)\s*(?:down\s+|up\s+)?(?:to|=|:|at|of)\s*\d|\b(?:take|bring|get|set|drop|lower|reduce|put|move|change|cut)\s+(?:the\s+)?rate\s+(?:down\s+|up\s+)?to\s+\d|\b(?:want|need|like|have|get|keep|put|store)\b.*\b(?:data|eeg|recordings?|signals?|files?|everything)\s+(?:down\s+|up\s+)?(?:at|to|sampled at)\s+\d+(?:\.\d+)?\s*(?:hz|hertz)\b(?!\s*(?:-|–|to|and)\s*\d)|重新取樣|降採樣|降取樣|降頻|重採樣|取樣率|取樣到|(?:降到|降至|降為)\s*\d+(?:\.\d+)?\s*(?:hz|赫茲)?\s*$/i,
    build: (s) => {
      const hz = quantities(s, 'Hz', true);
      if (!hz.length) return 'resample to which rate? e.g. "resample to 128 Hz"';
      const rate = hz[hz.length - 1];
      // "resample to 127.5 Hz", "twice the Nyquist plus a half": the rate is a whole number of hertz; say so, never round silently
      return isWhole(rate)
        ? [{ tool: 'resample_data', arguments: { rate: Math.round(rate) } }]
        : `rate must be a whole number of hertz, and ${rate} Hz is not (${Math.floor(rate)} or ${Math.ceil(rate)} Hz?)`;
    },
  },
  {
    tool: 'normalize_data',
    when: /normali[sz]\w*|z-?score|min-?max|standardi[sz]e|標準化|正規化|歸一化/i,
    build: (s) => [{ tool: 'normalize_data', arguments: { method: /min-?max|歸一化/i.test(s) ? 'min-max' : 'z-score' } }],
  },
  {
    tool: 'set_montage',
    when: /montage|electrode positions?|10-?20|10-?05|電極位置|蒙太奇/i,
    unless: /\b(?:split|test|validation)\b.*\b\d+\s*\/\s*\d+/i,
    build: (s, _c, raw) => [{ tool: 'set_montage', arguments: { montage_name: /1005|10-05/i.test(raw) ? 'standard_1005' : 'standard_1020' } }],
  },
  {
    tool: 'set_reference',
    when: /re-?referenc\w*|\breference\b|\bcar\b|common average|參考/i,
    build: (s) => {
      if (/average|\bcar\b|平均/i.test(s)) return [{ tool: 'set_reference', arguments: { method: 'average' } }];
      // "re-reference them to Cz": the channel after "to" is the reference
      const target = /\b(?:to|against|at)\s+(?:the\s+)?(?:channel\s+)?([A-Za-z]{1,3}\d{0,2}z?)\b|(?:到|為|用)\s*([A-Za-z]{1,3}\d{0,2}z?)/i.exec(s);
      const ch = [...(target ? channelsIn(target[1] ?? target[2]) : []), ...channelsIn(s)];
      return ch.length ? [{ tool: 'set_reference', arguments: { method: ch[0] } }] : [{ tool: 'set_reference', arguments: { method: 'average' } }];
    },
  },
  {
    tool: 'select_channels',
    when: /\b(select|keep|pick|retain|use only|only use|restrict to)\b.*\bchannels?\b|\bchannels?\b.*\bonly\b|\b(?:select|keep|pick|retain|restrict to|use)\s+(?:only\s+|just\s+|solely\s+)?(?:the\s+)?(?:channels?\s+)?(?:Fp|AF|FC|FT|CP|TP|PO|F|C|T|P|O)[z\d]|\b(?:crop|limit|narrow|reduce|trim|cut down|subset|restrict)\w*\s+(?:\w+\s+){0,3}?(?:to|down to)\s+(?:the\s+)?(?:channels?\s+)?(?:Fp|AF|FC|FT|CP|TP|PO|F|C|T|P|O)[z\d]|(?:限制在|限定在?|只取|縮減到|縮到)\s*(?:通道\s*)?(?:Fp|AF|FC|FT|CP|TP|PO|F|C|T|P|O)[z\d]|選擇通道|選取通道|只保留|只用|只留|(?:選擇|選取|保留|(?<!(?:channels?|通道)\s*)選|留下|挑)\s*(?:Fp|AF|FC|FT|CP|TP|PO|F|C|T|P|O)[z\d]/i,
    build: (s) => {
      const ch = channelsIn(s);
      return ch.length ? [{ tool: 'select_channels', arguments: { channels: ch } }] : 'which channels? e.g. "keep only C3, Cz and C4"';
    },
  },
  {
    tool: 'window_epoch',
    when: /sliding|window(?:s|ed)?\b|滑動視窗|視窗|切窗|窗口|(?:秒|s)\s*的?\s*窗|每段\s*(?:長)?\s*\d+(?:\.\d+)?\s*(?:秒|s)|段長\s*\d|每\s*\d+(?:\.\d+)?\s*(?:秒|s)\s*(?:切)?\s*(?:一|1)\s*(?:個)?\s*(?:段|塊|窗)|\binto\s+\d+(?:\.\d+)?\s*(?:-\s*)?(?:s|sec|seconds?|ms)\s*(?:-\s*)?(?:long\s+)?(?:pieces|slices|chunks|blocks|bits|segments|windows)\b|\d+(?:\.\d+)?\s*(?:秒|s)\s*(?:一|1)\s*(?:個)?\s*(?:段|塊|窗)|\b(?:chunks?|pieces|slices)\b/i,
    // … nor pieces cut from a time range around events ("chop the T1/T2 trials into 0–3 s chunks"): those are epochs;
    // nor the epochs' own window ("epoch T1 with the window starting 250 ms pre-cue")
    unless:
      /^(?!.*(?:sliding|overlap|stride|hop|滑動|重疊|步長|\bwindows\b)).*\bepoch(?:s|ing)?\b.*\b(?:the|its|epoch|time)\s+window\b|\b(?:show|plot|display|draw|view)\b.*\b(?:traces?|raw|signals?)\b|^(?!.*(?:sliding|overlap|stride|hop|滑動|重疊|步長)).*(?:\bT\d+\b|\b(?:trials?|events?|onsets?|cues?|markers?)\b|事件|試次|提示).*?-?\d+(?:\.\d+)?\s*(?:s|sec|seconds?|ms|秒|毫秒)?\s*(?:-|–|~|to|到|至)\s*-?\d+(?:\.\d+)?\s*(?:s|sec|secs|seconds?|ms|秒|毫秒)\b/i,
    build: (s) => {
      // the overlap may come before or after its word: "0.5 s overlap", "overlap of 50%", "重疊 50%"
      const OV =
        /(-?\d+(?:\.\d+)?)\s*(ms|s|sec|seconds?|%|秒|毫秒)?\s*(?:of\s+)?(?:overlap\w*(?!\w)|重疊)(?!\s*(?:by|of|=|:|為|is|at)?\s*-?\d)|(?:overlap\w*|重疊)\s*(?:(?:them|it|each\s+other|one\s+another|the\s+(?:next|previous|last)(?:\s+one)?|its\s+neighbou?rs?|consecutive\s+ones)\s+)?(?:(?:of|by|=|:|為|is|to|at|set to|改成|改為|設成|設為|設|用|是|變成|調成|大約|約|about)\s*)?(?:of\s+)?(-?\d+(?:\.\d+)?)\s*(ms|s|sec|seconds?|%|秒|毫秒)?/i;
      const ov = OV.exec(s);
      const rest = ov ? s.replace(ov[0], ' ') : s;
      const t = quantities(rest.replace(/\b(?:step|stride|hop)\b.*$|\d+(?:\.\d+)?\s*(?:ms|s)?\s*(?:step|stride|hop)\b|步長.*$/i, ''), 's', true);
      const duration = t[0] ?? 1;
      let overlap = 0;
      const noOverlap = /\bno overlap|non-?overlapping|without (?:any )?overlap|不重疊|沒有重疊|不要重疊|無重疊/i.test(s);
      if (ov && !noOverlap) {
        const v = Number(ov[1] ?? ov[3]);
        const u = ov[2] ?? ov[4];
        overlap = u === '%' ? (v / 100) * duration : u ? toUnit({ value: v, unit: /^ms|毫秒/.test(u) ? 'ms' : 's' }, 's') : v < 1 && v > 0 ? v * duration : v;
      }
      const step =
        /\b(?:step|stride|hop)\s*(?:size)?\s*(?:of|=|:)?\s*(\d+(?:\.\d+)?)\s*(ms|s)?|(\d+(?:\.\d+)?)\s*(ms|s)?\s*(?:step|stride|hop)\b|步長\s*(\d+(?:\.\d+)?)\s*(毫秒|秒)?/i.exec(
          s,
        );
      if (!ov && step) {
        const v = Number(step[1] ?? step[3] ?? step[5]);
        const u = step[2] ?? step[4] ?? step[6];
        overlap = duration - toUnit({ value: v, unit: u === 'ms' || u === '毫秒' ? 'ms' : 's' }, 's');
      }
      const label =
        /(?:\blabel\w*|\bclass(?:\s+name)?|\btag|標籤|標記|類別(?:名稱)?)\s*(?:(?:them|it|these|those|each(?:\s+one)?|all(?:\s+of\s+them)?|the\s+windows?)\s+)?(?:as|to|is|=|:|：|called|named|叫做|叫|是|為|設為|設成|改成|用|寫成|寫|填上?|打上?|命名為)?\s*["“'「]([^"”'」]+)["”'」]|\b(?:call|name)\s+(?:the\s+|their\s+|its\s+)?(?:class|label|windows?|segments?|them|it)\s+(?:as\s+)?["“'「]?([\w-]+)["”'」]?|\blabel\w*\b[^"“'「]*?\bas\s+["“'「]([^"”'」]+)["”'」]|\blabel(?:l?ed)?\s+(?:(?:them|it|these|those|each(?:\s+one)?|all(?:\s+of\s+them)?)\s+)?(?:as\s+)?["“'「]([^"”'」]+)["”'」]|\blabel(?:l?ed)?\s+(?:(?:them|it|these|those|each(?:\s+one)?|all(?:\s+of\s+them)?)\s+)?(?:as\s+)?([\w-]+)|(?:標記為|(?:標籤|標記|label|類別(?:名稱)?|類別名|\bclass(?:\s+name)?)\s*(?:叫做|叫|是|為|設為|設成|用|寫成|寫|填上?|打上?|=|:|：)\s*)\s*["“「]?([^"”」\s，,]+)/i.exec(
          s,
        );
      return [
        {
          tool: 'window_epoch',
          arguments: {
            duration,
            ...(overlap || noOverlap ? { overlap: Math.round(overlap * 1e6) / 1e6 } : {}),
            ...(label ? { label: label.slice(1).find((x) => x !== undefined) } : {}),
          },
        },
      ];
    },
  },
  {
    tool: 'epoch_data',
    // "train for 30 epochs", "epochs 25 and seed 4": a number of training epochs, not epoching (no times, no events)
    unless:
      /^(?!.*(?:\d\s*(?:s|ms|sec|seconds|秒|毫秒)\b|around|baseline|event|T\d)).*(?:(?:最\s*(?:低|高|好|佳|小|大)|\b(?:best|lowest|highest|whichever))\s*(?:的)?\s*(?:那個|那一個|one)?\s*epoch\b|\b\d+\s+(?:training\s+)?epochs\b|\d+\s*個\s*epochs?|\bepochs\s*(?:=|:|to|of|設|設成|設為|為)?\s*\d+(?!\s*(?:-|to|到|至)\s*\d))/i,
    when: /\bepoch\w*|segment\w*|\bcut\b|\btrials?\b.*\baround\b|切段|分段|切割|擷取|切(?!換|分|到?\s*(?:儀表板|資料集|前處理|訓練|視覺化|評估|頁|面板))/i,
    build: (s, ctx) => [{ tool: 'epoch_data', arguments: epochArgs(s, ctx) }],
  },
  {
    tool: 'edit_events',
    when: /\b(rename|relabel|merge|combine)\b|\b(?:change|set|switch|make|update)\s+(?:the\s+)?(?:label|name)\s+(?:of\s+)?(?:event\s+)?(?:T\d+|\d{3,5})\s+(?:to|into|as)\b|\b(?:change|set|update)\s+(?:event\s+)?(?:T\d+|\d{3,5})'?s?\s+(?:label|name)\s+(?:to|as)\b|\b(?:call|name)\s+(?:the\s+)?(?:event\s+)?(?:T\d+|\d{3,5})\b|重新命名|合併|改名|改叫|改稱|\b(?:T\d+|\d{3,5})\s*(?:叫做|命名為|取名為?|稱為)|\bT\d+\s*(?:改成|改為|換成|->|→|=>)\s*["“'「]?[A-Za-z\u4e00-\u9fff]|(?:事件|標記|event|marker)s?\s*(?:名稱)?\s*(?:T\d+|\d{3,5})\s*(?:改成|改為|換成|->|→|=>)\s*["“'「]?\d+(?![\d.]*\s*(?:秒|毫秒|s\b|ms\b|hz|赫茲|%|個|折|epochs?))|\blabel\s+(?:the\s+)?(?:event\s+)?T\d+\s+as\b/i,
    build: (said, _ctx) => {
      // "the label of T1 to X", "T2's name to X": the event itself to X
      const s = said
        .replace(/\b(T\d+|\d{3,5})'?s\s+(?:label|name)\b/gi, '$1')
        .replace(/\b(?:the\s+)?(?:label|name)\s+(?:of\s+)?(?:event\s+)?(?=(?:T\d+|\d{3,5})\b)/gi, '')
        // "把 T0 事件改名成「停止」", "rename the T2 event to right": the code named before its noun is the event
        .replace(/\b(T\d+|\d{3,5})\s*(?:這個)?(?:事件|標記)|\b(T\d+|\d{3,5})\s+(?:event|marker)\b/gi, (_m, a?: string, b?: string) => a ?? b ?? '')
        .replace(/取名(?:為|成)?|命名成|稱為/g, '命名為')
        // "T0 幫我改名叫 rest", "把 T0 改名成 rest": a new name given to an event (a courtesy between them is no word of it)
        .replace(/(?:幫我|請|麻煩|要)?\s*(?:改名(?:叫做?|為|成)?|改叫做?)\s*/g, ' 命名為 ');
      const rename: Record<string, string> = {};
      // "merge T1 and T2 into one class called task", "把 T1 跟 T2 合併成一類，叫做 move": the sources are the events named
      // before into/成, the target the name after called/叫做, else the word after into/as/成
      const mergeAt = /\b(?:merge|combine|pool|collapse)\b|合併|併成|合成/i.exec(s);
      if (mergeAt) {
        const cut = /\s(?:into|as|to)\s|[成為]/i.exec(s.slice(mergeAt.index + mergeAt[0].length));
        const span = cut ? s.slice(0, mergeAt.index + mergeAt[0].length + cut.index) : s;
        const sources = [...span.matchAll(/["“'「]([^"”'」]+)["”'」]|\b(T\d+|\d{3,5})\b|\b([A-Za-z][\w-]*)\b/g)]
          .map((m) => m[1] ?? m[2] ?? m[3])
          .filter((w) => /^T\d+$|^\d{3,5}$/.test(w) || _ctx.events.includes(w));
        const named =
          /\b(?:called|named|labell?ed|as)\s+["“'「]?([\w-]+)|(?:叫做|叫|命名為|名為|稱為|取名為?)\s*["“「]?([\w\u4e00-\u9fff-]+)/i.exec(s) ??
          /\b(?:into|to)\s+(?!(?:one|a|an|single|the|same)\b)["“'「]?([\w-]+)|[成為]\s*(?!一類|一個|同一)["“「]?([\w-]+)/i.exec(s.slice(mergeAt.index));
        const target = named ? (named[1] ?? named[2]) : null;
        if (target && sources.length >= 1) {
          for (const old of sources) rename[old] = target;
          return [{ tool: 'edit_events', arguments: { rename } }];
        }
      }
      const merge = /(?:merge|combine|合併)\s+(.+?)\s+(?:into|as|to|為|成)\s+["']?([\w-]+)/i.exec(s);
      if (merge) for (const old of merge[1].split(/\s*(?:,|and|&|和|與|、)\s*/)) if (old.trim()) rename[old.trim()] = merge[2];
      // quoted names are taken whole, spaces and all ("rename 'clear everything' to rest")
      const quoted =
        /["“'「]([^"”'」]+)["”'」]\s*(?:to|->|→|as|=>|改名為|改名成|重新命名為|命名為|改叫|叫做|改稱|改成|改為|換成|為|成)\s*["“'「]?([^"”'」,]+?)["”'」]?\s*(?:$|,|\band\b)/gi;
      for (const m of s.matchAll(quoted)) rename[m[1]] = m[2].trim();
      const quotedTarget =
        /\b([\w-]+)\s*(?:to|->|→|as|=>|改名為|改名成|改名叫|重新命名為|命名為|改叫|叫做|改稱|改成|改為|換成|為|成|叫)\s*["“'「]([^"”'」]+)["”'」]/gi;
      // "call T1 'imagine_left' and T2 'imagine_right'": an event and the quoted name after it
      if (/\b(?:call|name)\b/i.test(s)) for (const m of s.matchAll(/\b(T\d+|\d{3,5})\s+["“'「]([^"”'」]+)["”'」]/g)) rename[m[1]] = m[2].trim();
      for (const m of s.matchAll(quotedTarget)) if (!/^(rename|relabel|events?|event)$/i.test(m[1])) rename[m[1]] = m[2].trim();
      const rest = s
        .replace(quoted, ' ')
        .replace(quotedTarget, ' ')
        .replace(/(?:改名|重新命名|命名)\s*(?=成|為)/g, '');
      // "rename 769 and 770 to left and right", "事件 769、770 改名為 左、右": two lists of the same length pair up in order,
      // when the first names only events and the second none
      const item = '[\\w\\u4e00-\\u9fff-]+';
      const list = `${item}(?:\\s*(?:,|、|\\band\\b|&|和|跟|與|及)\\s*${item})+`;
      const lists = new RegExp(`(${list})\\s*(?:to|->|→|as|=>|改名為|改名成|重新命名為|命名為|改叫|叫做|改稱|改成|改為|換成|為|成)\\s*(${list})`, 'i').exec(
        rest,
      );
      const isEvent = (w: string) => /^T\d+$|^\d{3,5}$/.test(w) || _ctx.events.includes(w);
      const parts = (l: string) => l.split(/\s*(?:,|、|\band\b|&|和|跟|與|及)\s*/i).filter(Boolean);
      if (lists) {
        const [from, to] = [parts(lists[1]), parts(lists[2])];
        if (from.length === to.length && from.every(isEvent) && !to.some(isEvent)) {
          from.forEach((f, i) => (rename[f] = to[i]));
          return [{ tool: 'edit_events', arguments: { rename } }];
        }
      }
      for (const m of rest.matchAll(
        /\b([\w-]+)\s*(?:to|->|→|as|=>|改名為|改名成|重新命名為|命名為|改叫|叫做|改稱|改成|改為|換成|為|成)\s*["']?([\w\u4e00-\u9fff-]+)/gi,
      ))
        if (!/^(rename|relabel|events?|event|merge|combine)$/i.test(m[1])) rename[m[1]] = m[2];
      return Object.keys(rename).length ? [{ tool: 'edit_events', arguments: { rename } }] : 'which events? e.g. "rename T1 to left and T2 to right"';
    },
  },
  {
    tool: 'attach_labels',
    when: /\blabels?\b.*\.(mat|txt|csv|tsv)\b|attach|標籤/i,
    build: (s) => {
      const labels = filesIn(s, LABEL_EXT);
      const data = filesIn(s, DATA_EXT).filter((f) => !labels.includes(f));
      if (!labels.length) return 'which label file? e.g. "attach labels.mat to A01T.gdf"';
      const mapping: Record<string, string> = {};
      labels.forEach((l, i) => {
        mapping[(data[i] ?? data[0] ?? '*').split(/[\\/]/).pop() as string] = l;
      });
      const ev = /event[_ ]?filter\s*(\w+)|align(?:ed)? to (?:event )?["']?(\w+)/i.exec(s);
      return [
        {
          tool: 'attach_labels',
          arguments: { mapping, ...(ev ? { event_filter: [ev[1] ?? ev[2]] } : {}), ...(/truncate/i.test(s) ? { truncate: true } : {}) },
        },
      ];
    },
  },
  {
    tool: 'plot_epochs',
    when: /\b(plot|draw|visuali[sz]e|show|display|graph)\b.*\b(data|signal|traces?|erp|psd|spectrum|spectra|epochs?|raw|channels?|power)\b|\b(?:traces?|signals?|raw)\s+(?:plot|view|graph|chart)s?\b|(?<!只\s*|只要\s*|就\s*)(?:看看?|看一下|顯示|秀出?|給我看)\s*(?:一下)?\s*(?:通道\s*)?(?:Fp|AF|FC|FT|CP|TP|PO|F|C|T|P|O)[z\d]{1,2}(?![\w])|(?:Fp|AF|FC|FT|CP|TP|PO|F|C|T|P|O)[z\d]{1,2}\s*(?:的)?\s*(?:原始)?(?:訊號|信號|腦波)|\b(?:plot|graph|chart)s?\s+(?:of|for)\s+(?:the\s+)?(?:channels?\s+)?(?:Fp|AF|FC|FT|CP|TP|PO|F|C|T|P|O)[z\d]{1,2}\b|\b(?:plot|draw|show|display|graph)\s+(?:the\s+)?(?:channels?\s+)?(?:Fp|AF|FC|FT|CP|TP|PO|F|C|T|P|O)[z\d]{1,2}\b|\b(?:show|display|plot|draw|graph|view|give)\b(?:\s+me)?(?:\s+(?:the\s+)?(?:first\s+|last\s+)?[\w.]+){0,3}?\s+(?:of|for|on|from)\s+(?:the\s+)?(?:channels?\s+|electrodes?\s+)?(?:(?:Fp|AF|FC|FT|CP|TP|PO|F|C|P|O)[z\d]{1,2}|T(?:[7-9]|10))\b|\b(?:plot|draw|show|display|graph)\s+(?:the\s+)?(?:first\s+|last\s+|next\s+)?\d+(?:\.\d+)?\s*(?:ms|s|sec|secs|seconds?|min|minutes?)\s+of\s+(?:the\s+)?(?:channels?\s+)?(?:Fp|AF|FC|FT|CP|TP|PO|F|C|T|P|O)[z\d]{1,2}\b|\b(erps?|psd|power spectr\w*|spectra|welch)\b|畫|繪|功率譜|頻譜|波形/i,
    build: (s, _ctx, raw) => {
      const kind = /psd|spectr|power|welch|功率|頻譜/i.test(s) ? 'psd' : /\berp\b|evoked|average response|平均反應/i.test(s) ? 'erp' : 'traces';
      const ch = channelsIn(s);
      const a: Record<string, unknown> = { kind };
      if (ch.length) a.channels = ch;
      // read on the clause as written ("from 1.5 min" is a start, not a range): start and duration with their units
      const src = raw || s;
      // where the plot starts: "from 30 s", "starting at 1 min", "從第 30 秒開始", and the part skipped before it ("skip the
      // first 10 s", "after the first 20 seconds", "跳過前 10 秒", "前 5 秒不要"): that length is the start, not a duration
      const st =
        /(?:\bfrom|\bstart(?:ing)?(?:\s+at)?|\bbeginning at|\b(?:skip(?:ping)?|ignor(?:e|ing)|drop(?:ping)?|cut(?:ting)?(?:\s+off)?|leav(?:e|ing) out|past|after)\s+(?:over\s+)?(?:the\s+)?(?:first|initial|opening)|從\s*第?|(?:跳過|略過|忽略|去掉|拿掉|扣掉|不看|不要)\s*(?:最)?前(?:面)?)\s*(-?\d+(?:\.\d+)?)\s*(min|minutes?|s|sec|secs|seconds?|ms|秒|毫秒|分鐘)?/i.exec(
          src,
        ) ?? /(?:^|[\s，,])(?:最)?前\s*(\d+(?:\.\d+)?)\s*(秒|毫秒|分鐘)\s*(?:的?\s*(?:資料|訊號|信號|部分))?\s*(?:不要|不看|跳過|略過|去掉)/.exec(src);
      const unitOf = (u?: string) => (!u ? null : /^(?:min|分)/i.test(u) ? 'min' : /^(?:ms|毫)/i.test(u) ? 'ms' : 's');
      if (st && kind === 'traces') a.start = toUnit({ value: Number(st[1]), unit: unitOf(st[2]) }, 's');
      const dur = quantities(st ? src.replace(st[0], ' ') : src, 's', false);
      if (dur.length && kind === 'traces') a.duration = dur[0];
      return [{ tool: 'plot_epochs', arguments: a }];
    },
  },
  {
    tool: 'list_files',
    when: /\b(list|find|which|what|show)\b.*\bfiles?\b|\bls\b|^(?:just\s+|please\s+|只要|只|就|請|幫我)*\s*list\b|\bwhat(?:'?s| is)\s+(?:in|inside|under|within)\s+(?:the\s+)?[\w./-]+\s+(?:folder|directory)\b|(?:底下|裡面|裡|下面)\s*有(?:什麼|甚麼|哪些)\s*(?:檔案?|東西)|(?:資料夾|目錄|folder|directory)\s*(?:的)?\s*(?:底下|裡面|裡頭|裡|下面|內|中)?\s*(?:放了|裝了)?\s*有?(?:什麼|甚麼|哪些)|列出|有哪些檔案|檔案列表/i,
    build: (s) => {
      const pat =
        /\b(?:matching|pattern|named|like|glob)\s+["“'「]([^"”'」]+)["”'」]/i.exec(s)?.[1] ??
        /(\*[\w.*?-]*|[\w-]*\*[\w.*?-]*)/.exec(s)?.[1] ??
        (/(\b|\.)(edf|bdf|gdf|set|vhdr|fif|mat|npy)\b/i.exec(s) ? `*.${/(\b|\.)(edf|bdf|gdf|set|vhdr|fif|mat|npy)\b/i.exec(s)![2].toLowerCase()}` : null);
      const zhDir =
        /列出\s*([^\s的裡]+?)\s*(?:資料夾|目錄)?\s*(?:裡面?|中|內|下)?的?\s*(?:edf\s*|所有\s*)?(?:檔案?|檔)/.exec(s)?.[1] ??
        /([\w./\\~\u4e00-\u9fff-]+?)\s*(?:資料夾|目錄)?\s*(?:底下|裡面|裡|中|內|下面|下)\s*(?:(?:有|放了|存了)\s*(?:什麼|甚麼|哪些)|列出)/.exec(s)?.[1];
      const folder =
        /\b(?:in|of)\s+(?:the\s+)?([\w./-]+)\s+(?:folder|directory)\b/i.exec(s)?.[1] ??
        /\blist\b\D{0,6}?\s([\w./-]+)\s*(?:資料夾|目錄|folder|directory)/i.exec(s)?.[1] ??
        // "把 data 資料夾裡的檔案列出來", "raw 目錄的 edf": the folder named before its noun, wherever the verb is
        /(?<![\w./\\~-])([\w./\\~-]+)\s*(?:資料夾|目錄)/.exec(s)?.[1] ??
        /(?<![\w./\\~-])(?!(?:list|ls|files?)\b)([\w./\\~-]+)\s*(?:底下|裡面|裡頭|下面)/i.exec(s)?.[1];
      // "ls data", "dir raw/", "list sub-01": the word after a bare listing verb is the folder
      const bare = /^(?:please\s+)?(?:ls|dir|list)\s+(?!(?:the|all|every\w*|my|of|files?|recordings?|what|which)\b)([\w./\\~-]+)\s*$/i.exec(s.trim())?.[1];
      const dir = (zhDir && zhDir !== '所有' ? zhDir : null) ?? folder ?? bare ?? pathAfter(s, /\bin|under|inside|from|在/) ?? '.';
      return [{ tool: 'list_files', arguments: { directory: /^(edf|bdf|gdf|the|this|my)$/i.test(dir) ? '.' : dir, ...(pat ? { pattern: pat } : {}) } }];
    },
  },
  {
    tool: 'load_data',
    when: /\b(load|open|import|read|reload|re-load|reopen|re-open)\b|載入|讀取|匯入|打開|開啟\s*(?=⟦|[\w./-]+\.(?:edf|bdf|gdf|set|vhdr|fif|cnt|mat|npy|xdf)\b)|(?:讀|載|開|匯)\s*[^\s，,。]*\.(?:edf|bdf|gdf|set|vhdr|fif|cnt|mat|npy|xdf)\b|進來/i,
    build: (s, ctx) => {
      const files = filesIn(s, DATA_EXT);
      const other = /([\w./\\-]+\.(?:docx?|pdf|xlsx?|pptx?|png|jpe?g|zip|exe|py|js|html?))\b/i.exec(s);
      if (!files.length && other) return `${other[1]} is not an EEG recording (.edf, .bdf, .gdf, .set, .vhdr, .fif, .cnt, .mat, .npy, .xdf)`;
      const folder =
        // "load the folder 'raw data/'": a quoted folder name, spaces and all
        /\b(?:folder|directory|dir)\s+(?:called\s+|named\s+)?["“'「]([^"”'」]+)["”'」]/i.exec(s)?.[1] ??
        /\b(?:folder|directory|dir)\s+(?!(?:but|and|with|then|only|please|to|in|from|for|of|that|which|first|now)\b)["']?([\w./\\~-]+)/i.exec(s)?.[1] ??
        /\b(?:recordings?|files?|data|everything|all(?:\s+the\s+(?:files|recordings))?|eeg)\s+(?:in|from|under|inside)\s+(?:the\s+)?(?!the\b|my\b|this\b)([\w./\\~-]+)(?![\w./\\~-])(?!\s+(?:folder|directory))/i.exec(
          s,
        )?.[1] ??
        /\b(?:the\s+)?([\w./\\~-]+)\s+(?:folder|directory)\b/i.exec(s)?.[1] ??
        /([\w./\u4e00-\u9fff~-]+?)\s*(?:資料夾|目錄)/.exec(s)?.[1]?.replace(/^(?:載入|讀取|匯入|打開)\s*/, '') ??
        /([\w./~-]+\/)(?=\s|$)/.exec(s)?.[1] ??
        // "load subject 1 from data", "bring in runs 4 and 8 of subject 1 from data": the folder after from/in
        /\b(?:from|in|inside|under)\s+(?:the\s+)?(?!(?:the|my|this|that|subjects?|runs?|sessions?|there|here|it|them|order|group|total)\b)([\w./\\~-]+)(?=\s*(?:[,.;]|$|\s+(?:only|please|and|then|too|as well)\b))/i.exec(
          s,
        )?.[1] ??
        // 「把 data 裡運動想像那幾個 run 讀進來」: the folder something is in
        /(?:^|把|從|將)\s*([\w./~-]+)\s*(?:裡面?|內|中|底下)/.exec(s)?.[1];
      const paths = files.length ? files : folder ? [folder] : ctx.dataPath ? ctx.dataPath.split(/\s*,\s*/) : [];
      if (!paths.length) return 'which recordings? name the files or a folder, e.g. "load S001R04.edf"';
      const calls: PlannedCall[] = [{ tool: 'load_data', arguments: { paths, ...loadSelection(s) } }];
      const mont = /montage\s*(?:to)?\s*(standard_10(?:20|05))/i.exec(s);
      if (mont) calls.push({ tool: 'set_montage', arguments: { montage_name: mont[1] } });
      return calls;
    },
  },
  {
    tool: 'get_study_state',
    when: /\b(stage|status|state|progress|where am i|where are we|what (can|should) i do|what next|next step)\b|狀態|階段|進度|下一步|可以做什麼|(?:進行|做|走)到(?:哪|哪裡|哪一步|哪個階段)/i,
    build: () => [{ tool: 'get_study_state', arguments: {} }],
  },
  {
    tool: 'get_dataset_info',
    when: /\b(info|information|describe|summary|summari[sz]e|details|how many|overview|what('s| is) (loaded|in the (?:data(?:set)?|recordings?|study)(?! (?:folder|directory))))\b|\bwhat(?:'s| is) in (?:it|them|there|this file|that file)\b|\bwhat (?:it|they|the (?:data(?:set)?|recordings?|files?)) (?:contains?|holds?|looks? like)\b|資訊|描述|多少|摘要|概況|裡面(?:有|裝了?)(?:什麼|哪些)|(?:有|包含)(?:哪些|什麼)內容/i,
    build: () => [{ tool: 'get_dataset_info', arguments: {} }],
  },
];
