import { DEFAULT_MODEL } from '../../training/defaults';
import type { PlannedCall } from '../../study/stateManager';
import { channelsIn } from './channels';
import { destructiveWords } from './lexicon';

/** Tools that only look (at the Study, its files or a panel): a turn of only these did nothing a follow-up refers to. */
export const READ_ONLY_TOOLS: ReadonlySet<string> = new Set(['get_study_state', 'get_dataset_info', 'list_files', 'switch_panel']);

/** One earlier request and what the agent called for it (with the tools' answers, for "load them" after a listing). */
export interface PastTurn {
  user: string;
  calls: PlannedCall[];
  results: string[];
  /** calls the tools refused or the user declined: asked for, but their values are not the Study's */
  failed?: PlannedCall[];
  /** what the agent said back when the turn made no call (its own question: "I need more detail: … (resample to which rate?)") */
  asked?: string;
}

/** The newest call of a tool that ran (not refused nor declined): the values in effect. */
export function lastDoneCallOf(turns: readonly PastTurn[], tool: string): PlannedCall | null {
  for (let i = turns.length - 1; i >= 0; i--) {
    const calls = turns[i].calls;
    for (let j = calls.length - 1; j >= 0; j--) if (calls[j].tool === tool && !turns[i].failed?.includes(calls[j])) return calls[j];
  }
  return null;
}

/** Whether an earlier call was refused by its tool or declined by the user. */
export function callFailed(turns: readonly PastTurn[], call: PlannedCall): boolean {
  return turns.some((t) => t.failed?.includes(call));
}

/** The newest call of a tool across all earlier turns. */
export function lastCallOf(turns: readonly PastTurn[], tool: string): PlannedCall | null {
  for (let i = turns.length - 1; i >= 0; i--) {
    const calls = turns[i].calls;
    for (let j = calls.length - 1; j >= 0; j--) if (calls[j].tool === tool) return calls[j];
  }
  return null;
}

/** All earlier calls, newest first. */
export function callsNewestFirst(turns: readonly PastTurn[]): PlannedCall[] {
  return turns.flatMap((t) => t.calls).reverse();
}

/** The calls of the newest turn that made any. */
export function lastTurnCalls(turns: readonly PastTurn[]): PlannedCall[] {
  for (let i = turns.length - 1; i >= 0; i--) if (turns[i].calls.length) return turns[i].calls;
  return [];
}

/**
 * Model names chosen so far, oldest first (set_model calls), starting with the model the Study had before the first
 * of them when a set_model answer names it ("Model set to SCCNet (was EEGNet)").
 */
function modelsChosen(turns: readonly PastTurn[]): string[] {
  const chosen = turns
    .flatMap((t) => t.calls)
    .filter((c) => c.tool === 'set_model' && typeof c.arguments.model_name === 'string')
    .map((c) => c.arguments.model_name as string);
  const was = turns.flatMap((t) => t.results.map((r) => /^Model set to \S+.*?\(was (\w+)\)/.exec(r)?.[1])).find(Boolean);
  return was ? [was, ...chosen] : chosen;
}

const PREVIOUS_MODEL =
  /\b(?:the\s+)?(?:previous|prior|last|earlier|old|original|other|first)\s+(?:model|network|net|architecture|one)\b|\bthe model (?:from|we used) (?:before|earlier)\b|\bthe\s+(?:model|network|net|architecture|one)\s+(?:(?:that\s+)?(?:we|i|you)\s+(?:had|used|were using|was using|chose|picked|trained|set)|from|used)\s+(?:before|earlier|previously|first|last time)\b|\bthe\s+(?:one|model)\s+before\b|上一個模型|之前的模型|前一個模型|原本的模型|(?:剛才|剛剛|上次|之前|前面)(?:的|那個|用的|那個用的)模型|(?<=(?:換回|改回|用回|切回|回到|還是用|改用|用)\s*)(?:原本|原來|之前|剛剛|剛才|另一個|另外一個|上一個)(?:的|那個)?(?=\s*(?:好了|吧|就好|就行|啦)?\s*[。.!！]*$)/i;
const SAME =
  /\b(?:same|identical)\s+(?:as\s+(?:before|last time|earlier|previously|above)|settings?|parameters?|values?|config(?:uration)?|options?|ones?|again|way)\b|\bas before\b|\blike (?:before|last time)\b|\bthe same\b|\b(?:again|once more)\s*$|^(?:please\s+)?(?:redo|repeat|rerun|re-run)\b|\b(?:the\s+)?same\s+(?:time|times|window|range|span|segment|interval|stretch)\b|跟之前一樣|和之前一樣|同樣的?|照舊|一樣的(?:設定|參數|時間|時段|範圍|區間|長度)|相同的(?:時間|時段|範圍|區間|長度)/i;
const PLURAL_REF =
  /\b(?:(?:both|the two|those two|these two|all three)(?=\s+(?:channels?|events?|files?|recordings?|classes)\b)|those|these|them|their|the same)(?:\s+(channels?|events?|files?|recordings?|classes))?\b(?!\s+(?:psd|erps?|traces?|spectr\w*|power|signals?|data)\b)|\btheir\b(?=\s+(?:psd|erps?|traces?|spectr\w*|power|signals?|data)\b)|[那這](?:些|[兩二三四幾]個|\d+\s*個)\s*(通道|事件|檔案)?|它們/i;

const ORDINALS: Record<string, number> = { first: 0, second: 1, seconds: 1, third: 2, last: -1, 第一: 0, 第二: 1, 第三: 2, 最後一: -1, 最後: -1 };
const ORDINAL_REF =
  /\bthe\s+(first|seconds?|third|last)\s+(?:one|files?|recordings?)(?:\s+(?:of|from|in)\s+(?:those|them|these|the list(?:ing)?|the files))?\b|\bthe\s+(first|seconds?|third|last)\s+of\s+(?:those|them|these)\b|(第一|第二|第三|最後一|最後)\s*(?:個|份)\s*(?:檔案?|檔)?/gi;

/** Values earlier calls set, named by what they are ("the upper edge", "the notch frequency"): [words, tool, argument]. */
const EARLIER_VALUES: [RegExp, string, string][] = [
  [
    /\b(?:the\s+)?(?:upper|high(?:er)?|top)\s+(?:edge|cut-?off|cutoff|corner|frequency|limit)\b|(?:帶通)?(?:的)?(?:上限|上緣|高頻截止)(?:頻率)?(?=\s*(?:的|\s*half|\s*\d*\.\d+))/i,
    'apply_bandpass_filter',
    'high_freq',
  ],
  [
    /\b(?:the\s+)?(?:lower|low|bottom)\s+(?:edge|cut-?off|cutoff|corner|frequency|limit)\b|(?:帶通)?(?:的)?(?:下限|下緣|低頻截止)(?:頻率)?(?=\s*(?:的|\s*half|\s*\d*\.\d+))/i,
    'apply_bandpass_filter',
    'low_freq',
  ],
  [/\b(?:the\s+)?notch(?:\s+filter)?(?:'s)?\s+frequency\b/i, 'apply_notch_filter', 'freq'],
  // training settings as operands ("epochs = half the batch size", 「epoch 數設成 batch size 的一半」)
  [/\b(?:the\s+)?batch[\s-]*size\b|批次大小/i, 'configure_training', 'batch_size'],
  [/\b(?:the\s+)?learning\s+rate\b|學習率/i, 'configure_training', 'learning_rate'],
  // "the batch size twice the number of epochs", 「批次大小設成 epoch 數的兩倍」 (only as an operand: see OPERAND_BEFORE)
  [
    /\b(?:the\s+)?(?:number\s+of\s+(?:training\s+)?epochs|(?:training\s+)?epoch\s+count|epoch\s+number)\b|epochs?\s*數|訓練輪數|輪數/i,
    'configure_training',
    'epoch',
  ],
  // "twice the current window", 「目前視窗的一半」 (a request that gives no time of its own: see resolveReferences)
  [
    /\b(?:the\s+)?(?:(?:current|previous|last|earlier|old|present)\s+)?window(?:'s)?(?:\s+(?:length|size|duration))?\b|(?:(?:目前|現在|之前|原本|原來)的?)?視窗(?:長度)?(?=\s*的)/i,
    'window_epoch',
    'duration',
  ],
];

/** The value a step's "previous value" names, and its unit. */
const PRIMARY_VALUE: Record<string, [string, string]> = {
  resample_data: ['rate', 'Hz'],
  apply_notch_filter: ['freq', 'Hz'],
  apply_bandpass_filter: ['high_freq', 'Hz'],
  window_epoch: ['duration', 's'],
  epoch_data: ['t_max', 's'],
  plot_epochs: ['duration', 's'],
};
const VALUE_REF =
  /\b(?:the\s+)?(?:previous|last|earlier|old|former)\s+(?:value|setting|number|one)\b|\bthat (?:value|number)\b|(?:前一個|之前的|剛剛的|剛才的|上一個|原來的|原本的)(?:值|數值|數字|設定值)/gi;
/** A rejected phrase that names a step (a destructive one from the lexicon, or train/run/start/load) stays a negated step: "wait, do not clear the data". */
const STEP_NAMED = new RegExp(String.raw`^(?:要|叫|說|想)|${destructiveWords()}|\b(?:train|run|start|load)\b|訓練`, 'i');
const ARITHMETIC_BEFORE = /\b(?:twice|double|triple|half|quarter|third|fifth|tenth|times|of|plus|minus)\s+(?:the\s+)?$|[*/×÷+-]\s*$|(?:加|減)\s*$/i;
const ARITHMETIC_AFTER = /^\s*(?:minus|plus|less|times|divided by|[*/×÷+]|減|加|的\s*(?:一半|\d|[一二三四五六七八九十兩]+倍|[一二三四五六七八九十]+分之))/i;

/** "equal to the batch size", "the same as the epochs", "= batch": an equality before another setting's name */
const EQUAL_BEFORE = /\b(?:equal\s+to|the\s+same\s+as|same\s+as|as\s+(?:big|large|many|much)\s+as|match(?:ing)?|to\s+match)\s+(?:the\s+)?$|=\s*$/i;
/** 「跟批次大小一樣」, 「和 batch size 相同」, 「等於批次大小」 */
const ZH_WITH_BEFORE = /(?:跟|和|與|同|等於|設成跟|改成跟)\s*$/;
const ZH_SAME_AFTER = /^\s*(?:一樣|相同|一致|同樣)|^\s*$/;
const MULTIPLIERS: [RegExp, number][] = [
  [/\b(?:twice|double)$/i, 2],
  [/\btriple$/i, 3],
  [/\bhalf$/i, 0.5],
  [/\bquarter$/i, 0.25],
  [/\bthird$/i, 1 / 3],
];

/**
 * Another setting's value written in place of its name (⟪32⟫ for "the batch size" when the epochs are being set): a
 * multiplier word before it or 「的一半/的兩倍」 after it is applied, an equality becomes the value itself
 * ("set the epochs to half the batch size" → "set the epochs to 16", 「輪數跟批次大小一樣」 → 「輪數設成 40」).
 */
function operandValues(text: string): string {
  const whole = (x: number) => String(Math.round(x * 1e9) / 1e9);
  let s = text.replace(/\b(twice|double|triple|half|quarter|third)\s+(?:of\s+)?(?:the\s+)?⟪(-?\d+(?:\.\d+)?(?:e-?\d+)?)⟫/gi, (_m, w: string, v: string) => {
    const k = MULTIPLIERS.find(([re]) => re.test(w))?.[1] ?? 1;
    return whole(Number(v) * k);
  });
  s = s.replace(/⟪(-?\d+(?:\.\d+)?(?:e-?\d+)?)⟫\s*的\s*(一半|兩倍|二倍|2\s*倍|三倍|3\s*倍)/g, (_m, v: string, w: string) =>
    whole(Number(v) * (/一半/.test(w) ? 0.5 : /[三3]/.test(w) ? 3 : 2)),
  );
  s = s.replace(/(?:設成|改成)?(?:跟|和|與|同|等於)\s*⟪(-?\d+(?:\.\d+)?(?:e-?\d+)?)⟫\s*(?:一樣|相同|一致|同樣)?(?:多|大)?/g, (_m, v: string) => `設成 ${v}`);
  s = s.replace(/\b(?:equal\s+to|the\s+same\s+as|same\s+as|as\s+(?:big|large|many|much)\s+as|match(?:ing)?|to\s+match)\s+(?:the\s+)?⟪([^⟫]+)⟫/gi, 'to $1');
  return s.replace(/⟪([^⟫]+)⟫/g, '$1 ');
}

/** Files named in a listing tool's answer ("S001R04.edf", "sub-01/run1.vhdr"). */
function filesFrom(text: string): string[] {
  return [...new Set([...text.matchAll(/[\w./\\-]+\.(?:edf|bdf|gdf|set|vhdr|fif|cnt|mat|npy|xdf)\b/gi)].map((m) => m[0]))];
}

function valuesOf(turns: readonly PastTurn[], kind: 'channels' | 'events' | 'files'): string[] {
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i];
    for (let j = t.calls.length - 1; j >= 0; j--) {
      const c = t.calls[j];
      if (kind === 'channels' && Array.isArray(c.arguments.channels)) return c.arguments.channels as string[];
      if (kind === 'events' && Array.isArray(c.arguments.event_id)) return (c.arguments.event_id as unknown[]).map(String);
      // "rename T1 to left and T2 to right", then "those two classes": the new names
      const rename = c.arguments.rename;
      if (kind === 'events' && c.tool === 'edit_events' && rename && typeof rename === 'object' && !Array.isArray(rename))
        return Object.values(rename as Record<string, unknown>).map(String);
      if (kind === 'files') {
        if (c.tool === 'list_files') {
          // a listing answers "<folder>:" then the names: the files are inside that folder
          const listed = t.results.flatMap((r) => {
            const dir = /^([^\n:]+):\n/.exec(r)?.[1]?.trim();
            return filesFrom(r).map((f) => (dir && dir !== '.' && !f.includes('/') ? `${dir}/${f}` : f));
          });
          if (listed.length) return [...new Set(listed)];
        }
        if (Array.isArray(c.arguments.paths)) return c.arguments.paths as string[];
      }
    }
    // "show me C3, Cz and C4" mapped to no step, then "keep just those channels": the channels the turn named
    if (kind === 'channels') {
      const said = channelsIn(t.user);
      if (said.length) return said;
    }
  }
  return [];
}

/**
 * Rewrites references to earlier turns into what they refer to: "the previous model" → the model chosen before the
 * current one, "those channels" → "C3, Cz, C4", "load them" after a listing → the files listed. Returns the text
 * unchanged when nothing earlier fits (the rules then ask).
 */
export function resolveReferences(
  text: string,
  turns: readonly PastTurn[],
  training: Record<string, unknown> | null = null,
  /** the turns with the Study's settings in force before them: what a named value ("the upper edge") is read from */
  settings: readonly PastTurn[] = turns,
): string {
  let s = text;
  // "to the same place", "同一個地方": the last path written to
  const place = /\b(?:the\s+)?same\s+(?:place|folder|directory|path|location)\b|同一個(?:地方|資料夾|位置|路徑)|同樣的(?:地方|資料夾|位置|路徑)/i;
  if (place.test(s)) {
    const last = callsNewestFirst(turns).find((c) => typeof c.arguments.path === 'string');
    if (last) s = s.replace(place, last.arguments.path as string);
  }
  if (PREVIOUS_MODEL.test(s)) {
    const models = modelsChosen(turns);
    const current = models[models.length - 1];
    const earlier = [...models].reverse().find((m) => m !== current);
    // only one model so far: "train the previous model again" is the model in place, not a new choice of it (a switch
    // back still names it)
    const back = /\b(?:back|revert|return|other)\b|換回|改回|切回|用回|回到|另一個|另外一個/i.test(s);
    // a switch back with no earlier model named anywhere: the Study trained with the default model before the switch
    const before = earlier ?? (current && back && current !== DEFAULT_MODEL.name ? DEFAULT_MODEL.name : current);
    if (earlier || (current && back)) s = s.replace(PREVIOUS_MODEL, before as string);
    else if (current) s = s.replace(PREVIOUS_MODEL, /[\u4e00-\u9fff]/.test(s) ? '模型' : 'the model');
  }
  // "twice the upper edge", "上限的一半": a value an earlier call set, by its name
  for (const [re, tool, key] of EARLIER_VALUES) {
    if (!re.test(s)) continue;
    // "cut 4 s windows overlapping by half the window": the window of this request, not an earlier one
    if (tool === 'window_epoch' && /\d\s*(?:s|ms|sec|secs|seconds?|秒|毫秒)(?![a-z])/i.test(s)) continue;
    const c = lastCallOf(settings, tool);
    const v = c?.arguments[key] ?? (tool === 'configure_training' ? training?.[key] : undefined);
    // only as a value in arithmetic ("twice the upper edge", "上限的一半"), never as the slot being set ("make the upper edge 35")
    if (typeof v === 'number')
      s = s.replace(re, (m, ...rest) => {
        const all = rest[rest.length - 1] as string;
        const offset = rest[rest.length - 2] as number;
        const before = all.slice(0, offset);
        const after = all.slice(offset + m.length);
        // "make the epochs equal to the batch size", 「輪數跟批次大小一樣」: another setting's value, said as an equality
        const equal =
          tool === 'configure_training' &&
          settingNamedIn(before) !== null &&
          (EQUAL_BEFORE.test(before) || (ZH_WITH_BEFORE.test(before) && ZH_SAME_AFTER.test(after)));
        const asValue =
          equal ||
          /\b(?:twice|double|triple|half|quarter|third|fifth|tenth|times|x|of|plus|minus)\s+(?:the\s+)?$|[*/×÷+-]\s*(?:the\s+)?$/i.test(before) ||
          /^\s*的\s*(?:half|\d|一半|[一二三四五六七八九十兩]+倍|[一二三四五六七八九十]+分之)/.test(after);
        if (!asValue) return m;
        // 「學習率改成它的兩倍」: with no other setting named, the value is the setting's own new value and keeps its name
        const own = tool === 'configure_training' && !settingNamedIn(before + ' ' + after) ? `${m} ` : '';
        // another setting's value: marked, so a multiplier word before it is worked out below ("half the batch size" →
        // 16, not "half" of the setting being set)
        if (tool === 'configure_training' && !own) return `⟪${v}⟫`;
        return `${own}${v}${tool === 'configure_training' ? ' ' : tool === 'epoch_data' || tool === 'window_epoch' ? ' s' : ' Hz'}`;
      });
  }
  s = operandValues(s);
  // "make the epochs twice as long", "windows half as long": the newest epoching or windowing, scaled (a request with a
  // time of its own is not about the earlier one)
  if (!/\d\s*(?:s|ms|sec|secs|seconds?|秒|毫秒)(?![a-z])/i.test(s))
    s = s.replace(
      /\b(?:the\s+)?(epochs?|windows?|segments?|them|it)\s+(?:(?:be|are|is)\s+)?(twice|double|triple|three\s+times|half|(\d+(?:\.\d+)?)\s*(?:times|x))\s+as\s+long\b(?:\s+as\s+(?:now|before|they are(?: now)?|it is(?: now)?))?/gi,
      (m, noun: string, f: string, n?: string) => {
        const k = n ? Number(n) : /half/i.test(f) ? 0.5 : /three|triple/i.test(f) ? 3 : 2;
        const tool = /epoch/i.test(noun)
          ? 'epoch_data'
          : /window|segment/i.test(noun)
            ? 'window_epoch'
            : (callsNewestFirst(turns).find((c) => c.tool === 'epoch_data' || c.tool === 'window_epoch')?.tool ?? null);
        const c = tool ? lastCallOf(turns, tool) : null;
        if (!c) return m;
        const r = (x: number) => Math.round(x * 1e9) / 1e9;
        if (tool === 'window_epoch' && typeof c.arguments.duration === 'number') return `windows of ${r(c.arguments.duration * k)} s`;
        const [a, b] = [c.arguments.t_min, c.arguments.t_max];
        return typeof a === 'number' && typeof b === 'number' ? `epochs from ${a} s to ${r(a + (b - a) * k)} s` : m;
      },
    );
  // "the previous value minus 28", "剛剛的值的一半": the value the newest step set, as an operand of arithmetic
  const newest = callsNewestFirst(turns).find((c) => PRIMARY_VALUE[c.tool] && typeof c.arguments[PRIMARY_VALUE[c.tool][0]] === 'number');
  if (newest) {
    const [key, unit] = PRIMARY_VALUE[newest.tool];
    s = s.replace(VALUE_REF, (m, offset: number, all: string) =>
      ARITHMETIC_BEFORE.test(all.slice(0, offset)) || ARITHMETIC_AFTER.test(all.slice(offset + m.length)) ? `${newest.arguments[key] as number} ${unit}` : m,
    );
  }
  // 「上限改成原來的一半」, 「下限調成之前的兩倍」: a band edge set to a share or multiple of its own earlier value
  s = s.replace(
    /(上限|上緣|下限|下緣)(\s*(?:再)?\s*(?:改成|變成|調成|設成|降到|減到|升到|提高到|改為|設為|調到)\s*)(?:原來|原本|之前|剛剛|剛才|目前|現在)\s*的(?=\s*(?:一半|half\b|[一二三四五六七八九十兩]+倍|[一二三四五六七八九十]+分之|\d))/g,
    (m, edge: string, verb: string) => {
      const v = lastCallOf(settings, 'apply_bandpass_filter')?.arguments[/上/.test(edge) ? 'high_freq' : 'low_freq'];
      return typeof v === 'number' ? `${edge}${verb}${v} Hz 的` : m;
    },
  );
  // "export that one to models/x": the thing the conversation is about, as the rules read it
  if (turns.some((t) => t.calls.length)) s = s.replace(/\b(?:that|this)\s+one\b(?!\s+(?:of|from|in)\b)/gi, 'it');
  // "R08 那個也一起", "and S002 too": a run or subject code in the spelling of a file named before is that file
  s = s.replace(/(?<![\w./\\⟦-])([A-Za-z]{1,4})(\d{2,4})(?![\w./\\⟧-])/g, (m, letters: string, digits: string) => {
    for (const f of valuesOf(turns, 'files')) {
      const base = f.split(/[\\/]/).pop() ?? f;
      const seg = new RegExp(`(?<![A-Za-z])${letters}\\d{${digits.length}}(?!\\d)`, 'i').exec(base);
      if (!seg) continue;
      const named =
        f.slice(0, f.length - base.length) + base.slice(0, seg.index) + seg[0].slice(0, letters.length) + digits + base.slice(seg.index + seg[0].length);
      return named === f ? m : named;
    }
    return m;
  });
  // "the first one of those", "the last file", "第一個檔案": one item of the files listed or loaded before
  s = s.replace(ORDINAL_REF, (m, a?: string, b?: string, c?: string) => {
    const files = valuesOf(turns, 'files');
    const k = ORDINALS[(a ?? b ?? c ?? '').toLowerCase()];
    if (!files.length || k === undefined) return m;
    const f = k < 0 ? files[files.length + k] : files[k];
    return f === undefined ? m : /\s/.test(f) ? ` "${f}" ` : ` ${f} `;
  });
  s = s.replace(new RegExp(PLURAL_REF.source, 'gi'), (m, en: string | undefined, zh: string | undefined) => {
    const noun = en ?? zh;
    const kind = noun ? (/chan|通道/i.test(noun) ? 'channels' : /event|class|事件/i.test(noun) ? 'events' : 'files') : guessKind(s);
    if (!kind) return m;
    const v = valuesOf(turns, kind);
    if (!v.length) return m;
    return kind === 'files' ? v.map((f) => (/\s/.test(f) ? `"${f}"` : f)).join(', ') : kind === 'channels' ? `channels ${v.join(', ')}` : v.join(' and ');
  });
  return s;
}

function guessKind(s: string): 'channels' | 'events' | 'files' | null {
  if (/\b(?:load|open|import|read)\b|載入|讀取|匯入/i.test(s)) return 'files';
  if (/\b(?:epoch|around|merge|rename)\b|切段|分段/i.test(s)) return 'events';
  if (/\b(?:keep|select|pick|plot|reference)\b|通道|畫/i.test(s)) return 'channels';
  return null;
}

/**
 * "Tokyo lab, not Osaka", "C4 rather than C3", "是東京不是大阪", "不是 EEGNet，是 SCCNet": a correction that names the value it
 * replaces. The rejected words are taken out when an earlier request said them or a comma sets them apart (otherwise
 * "not" keeps its meaning), so the rest is read as the change of that earlier step; a step word after "not" is never
 * taken out.
 */
export function withoutRejected(text: string, turns: readonly PastTurn[]): string {
  const said = turns
    .slice(-3)
    .map((t) => t.user)
    .join(' ')
    .toLowerCase();
  if (!said) return text;
  // after a comma ("Germany, not the US", "在德國，不是美國") the rejected value need not have been said before
  const earlier = (y: string, afterComma: boolean) => {
    const w = y.trim().toLowerCase();
    // a number rejected is one an earlier request said ("make it 256, not 128" after "resample to 128")
    if (/^-?\d+(?:\.\d+)?$/.test(w)) return afterComma || new RegExp(`(?<![\\d.])${w.replace('.', '\\.')}(?![\\d.])`).test(said);
    return (
      w.length > 1 &&
      !/^(?:it|that|this|now|yet|again|so|sure|really|the)$/.test(w) &&
      // a step named after "not" stays negated ("wait, do not clear the data"), whatever was said before
      !STEP_NAMED.test(w) &&
      (afterComma || said.includes(w))
    );
  };
  const forms: RegExp[] = [
    /(?:,\s*|(?<!\b(?:do|does|did|will|would|should|must|can|could|please|to|is|are|was|were|am|i|we|you))\s+)(?:and\s+|but\s+)?(?:not|rather than|instead of)\s+(?:the\s+|in\s+|at\s+|from\s+)?([\w.\-]+(?:\s+[\w.\-]+){0,2}?)\s*(?=[,.;!]|$)/gi,
    /^(?:(?:no|sorry|oops)[,.!]?\s+)?not\s+(?:the\s+|in\s+|at\s+|from\s+)?([\w.\-]+(?:\s+[\w.\-]+){0,2}?)\s*[,;]\s*(?:but\s+|rather\s+)?/gi,
    /(?<=[^\s，,]\s*)[，,]?\s*(?:而)?不是\s*(?:在|用)?\s*([^\s，,。；;！!]{1,12}?)\s*(?=[，,。；;！!]|$)/g,
    /^(?:(?:不對|抱歉|錯了)[，,]?\s*)?不是\s*(?:在|用)?\s*([^\s，,。；;！!]{1,12}?)\s*[，,]\s*(?:而)?(?:是|應該是)?\s*/g,
  ];
  let out = text;
  forms.forEach((re, i) => {
    // a number rejected first ("not 60, 50", "不是 60，是 50") is the number corrections' own form
    out = out.replace(re, (m: string, y: string) => (earlier(y, i % 2 === 0 && /^\s*[,，]/.test(m)) && !(i % 2 === 1 && /^[-\d.\s]+$/.test(y)) ? ' ' : m));
  });
  out = out.replace(/\s+/g, ' ').trim();
  return out && out !== text.trim() ? out : text;
}

/** "same as before": the request points at an earlier call of the tool it names. */
export function saysSame(text: string): boolean {
  return SAME.test(text);
}

/**
 * The values a follow-up may name instead of the step that set them ("取樣率再除以二", "raise the upper edge by 10 Hz",
 * "lr divided by ten", "批次再加倍"): [words, tool, argument, a time unit must (true) or must not (false) be written].
 * Whichever earlier turn set the value, the name finds it; the step need not be the last one.
 */
const NAMED_ARGUMENTS: [RegExp, string, string, boolean?][] = [
  [/\b(?:the\s+)?(?:sampling|sample)\s+(?:rate|frequency)\b|\bfs\b|取樣率|採樣率|取樣頻率|採樣頻率/i, 'resample_data', 'rate'],
  [
    /\b(?:the\s+)?(?:upper|top|high(?:er)?)\s+(?:edge|cut-?off|cutoff|corner|limit|bound|end)\b|\b(?:the\s+)?low-?pass(?:\s+edge)?\b|上限|上緣|低通|高頻截止/i,
    'apply_bandpass_filter',
    'high_freq',
  ],
  [
    /\b(?:the\s+)?(?:lower|bottom|low)\s+(?:edge|cut-?off|cutoff|corner|limit|bound|end)\b|\b(?:the\s+)?high-?pass(?:\s+edge)?\b|下限|下緣|高通|低頻截止/i,
    'apply_bandpass_filter',
    'low_freq',
  ],
  [/\b(?:the\s+)?notch(?:\s+filter)?(?:'s)?(?:\s+frequency)?\b|陷波(?:的)?(?:頻率)?/i, 'apply_notch_filter', 'freq'],
  [/\b(?:the\s+)?learning\s+rate\b|\blr\b|學習率/i, 'configure_training', 'learning_rate'],
  [/\b(?:the\s+)?batch(?:\s*size)?\b|批次(?:大小)?|批量/i, 'configure_training', 'batch_size'],
  [/epochs?\s*數|\b(?:the\s+)?(?:number of\s+)?(?:training\s+)?epochs?(?:\s+count)?\b|訓練輪數|輪數|回合數/i, 'configure_training', 'epoch', false],
  [/\b(?:the\s+)?test(?:\s+(?:share|ratio|set|split|size|part))?\b|測試(?:集)?(?:的)?(?:比例)?/i, 'generate_dataset', 'test_ratio'],
  [/\b(?:the\s+)?validation(?:\s+(?:share|ratio|set|split|size|part))?\b|驗證(?:集)?(?:的)?(?:比例)?/i, 'generate_dataset', 'val_ratio'],
  [/\b(?:the\s+)?windows?(?:\s+(?:length|size|duration))?\b|視窗(?:長度)?|窗長/i, 'window_epoch', 'duration'],
  // … and, with no sliding window made, the epoch window: its end moves (「視窗再長一點，多 200 ms」 after epoching 0–4 s)
  [/\b(?:the\s+)?(?:epoch\s+)?windows?(?:\s+(?:length|size|duration))?\b|視窗(?:長度)?|窗長/i, 'epoch_data', 't_max'],
  [/\b(?:the\s+)?end\b|結束(?:點|時間)?|終點/i, 'epoch_data', 't_max', true],
  [/\b(?:the\s+)?start\b|開始(?:點|時間)?|起點/i, 'epoch_data', 't_min', true],
];

/** Words that name the step a value belongs to, left out of the rest of a follow-up that names the value. */
const STEP_NAMES: Record<string, RegExp> = {
  epoch_data: /\b(?:of\s+)?(?:the\s+)?(?:epochs?|trials?)(?:'s)?(?:\s+window)?\b|epoch\s*的?|試次的?/gi,
  apply_bandpass_filter: /\b(?:of\s+)?(?:the\s+)?(?:band-?pass(?:\s+filter)?|filter)(?:'s)?\b|帶通(?:濾波)?的?|濾波器?的?/gi,
};

/**
 * The earlier value a follow-up names, with the text left once the name is taken out ("取樣率再除以二" → the
 * resample's rate, "再除以二"). Null when the text names none, or no earlier turn set that value.
 */
export function namedEarlierValue(
  text: string,
  turns: readonly PastTurn[],
  /** the training configuration in force: a training setting no earlier turn set is read from it */
  training: Record<string, unknown> | null = null,
): { call: PlannedCall; key: string; rest: string } | null {
  const timed = /\d\s*(?:s|ms|sec|seconds?|秒|毫秒)\b|\d\s*(?:秒|毫秒)|\b(?:second|millisecond)s?\b|秒/i.test(text);
  // the setting named first is the one changed (「epoch 數也設成 batch size 的一半」: the epochs, from the batch size)
  const found = NAMED_ARGUMENTS.flatMap(([re, tool, key, time]) => {
    if (time !== undefined && time !== timed) return [];
    const m = re.exec(text);
    return m ? [{ m, tool, key }] : [];
  }).sort((a, b) => a.m.index - b.m.index);
  for (const { m, tool, key } of found) {
    // the values in effect: a call its tool refused or the user declined is not the one a follow-up changes
    const call =
      lastDoneCallOf(turns, tool) ?? lastCallOf(turns, tool) ?? (tool === 'configure_training' && training ? { tool, arguments: { ...training } } : null);
    // a training setting the configuration did not name yet may still be given a value ("batch 48" → "epochs 24")
    if (!call || (typeof call.arguments[key] !== 'number' && tool !== 'configure_training')) continue;
    const rest = (text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length))
      .replace(/^\s*(?:(?:and|then|now|ok(?:ay)?|so)[,\s]+)*(?:把|將)?\s*/i, '')
      .replace(/^\s*(?:的|再把|把)\s*/, '')
      // the step the value belongs to, named beside it ("start the epochs …", "the filter's upper edge", 「epoch 起點…」)
      .replace(STEP_NAMES[tool] ?? /$^/, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return { call, key, rest };
  }
  return null;
}

/** "not the low one", 「不是下限」, "rather than the epochs": the setting the correction rules out */
const RULED_OUT = /\b(?:not|rather than|instead of)\s+(?:the\s+)?[^,.;，。；]*|不是[^，,。；;]*|而不是[^，,。；;]*/gi;
const RULED_OUT_CUE = /\b(?:not|rather than|instead of)\b|不是/i;
const MEANT = /\b(?:i\s+meant?|meant|i was talking about|talking about|actually|sorry|oops)\b|我是說|我說的是|我指的是|是指|我是指|才對|應該是/i;
/** Reads nothing else: a correction that only names the setting ("the high edge, not the low one", 「我是說結束時間」) */
const ONLY_A_NAME = /^[^\d]{1,60}$/;

/**
 * A correction that names only the setting a value was meant for ("band-pass 1–30" → "change the edge to 40" → "the
 * high edge, not the low one"; 「改 3」 → 「我是說結束時間」): the value the turn before wrote (its one number), put in
 * the named setting of the values in force before that turn (the turn's misread change is dropped). Null when the text
 * has a number of its own, names no setting, or the turn before wrote no single value.
 */
export function movedValue(
  text: string,
  turns: readonly PastTurn[],
  /** the settings in force before any turn (the Study's), oldest first */
  before: readonly PastTurn[],
  training: Record<string, unknown> | null,
): PlannedCall | null {
  const t = text.trim();
  const last = turns[turns.length - 1];
  if (!last || !ONLY_A_NAME.test(t)) return null;
  const numbers = last.user.match(/-?\d+(?:\.\d+)?/g) ?? [];
  if (numbers.length !== 1) return null;
  const value = Number(numbers[0]);
  const kept = t.replace(RULED_OUT, ' ');
  const found = NAMED_ARGUMENTS.flatMap(([re, tool, key]) => {
    const m = re.exec(kept);
    return m ? [{ at: m.index, tool, key }] : [];
  }).sort((a, b) => a.at - b.at)[0];
  if (!found) return null;
  // a correction: it rules a setting out, says what was meant, or is the setting's name alone
  const bare = kept.replace(NAMED_ARGUMENTS.find(([, tool, key]) => tool === found.tool && key === found.key)![0], ' ');
  if (!RULED_OUT_CUE.test(t) && !MEANT.test(t) && !/^[\s,.!;:，。！；：]*(?:the|one|please|on|is|是|啦|喔|的|那個)?[\s,.!;:，。！；：]*$/i.test(bare))
    return null;
  const earlier = [...before, ...turns.slice(0, -1)];
  const prior =
    lastDoneCallOf(earlier, found.tool) ?? (found.tool === 'configure_training' && training ? { tool: found.tool, arguments: { ...training } } : null);
  // the named setting must be one the value could have been meant for: a call of its tool before, or in the turn itself
  const own = last.calls.find((c) => c.tool === found.tool);
  if (!prior && !own) return null;
  const args = { ...(prior ?? own)!.arguments };
  if (args[found.key] === value) return null;
  args[found.key] = /_ratio$/.test(found.key) && value > 1 ? value / 100 : value;
  return { tool: found.tool, arguments: args };
}

/**
 * "double it" after "set the batch size to 64 and the learning rate to 0.01", 「那個改成 32」 after 「epoch 設 20、batch 設
 * 16」: a pronoun that could stand for either of two settings the turn before named with their values. The settings it
 * could mean ([words, value]), or null when the text names its setting or the turn before named fewer than two.
 */
export function ambiguousPronoun(text: string, turns: readonly PastTurn[]): [string, unknown][] | null {
  const t = text.trim();
  if (!/\b(?:it|that|this)\b|它|那個|這個/i.test(t) || settingNamedIn(t) || t.split(/\s+/).length > 8) return null;
  const last = [...turns].reverse().find((x) => x.calls.length);
  if (!last) return null;
  const named: [string, unknown, number][] = [];
  const keys = new Set<string>();
  for (const [re, tool, key] of NAMED_ARGUMENTS) {
    const m = re.exec(last.user);
    const call = last.calls.find((c) => c.tool === tool);
    if (!m || !call || typeof call.arguments[key] !== 'number' || keys.has(`${tool}.${key}`)) continue;
    keys.add(`${tool}.${key}`);
    named.push([m[0].trim(), call.arguments[key], m.index]);
  }
  // in the order the user named them, so a reply by place ("the second one", 「第一個」) means what the user said second
  return named.length >= 2 ? named.sort((a, b) => a[2] - b[2]).map(([w, v]) => [w, v]) : null;
}

/** The words of the first setting a text names ("which batch size did the last run use?" → "batch size"), or null. */
export function settingNamedIn(text: string): string | null {
  for (const [re, , , time] of NAMED_ARGUMENTS) {
    if (time === true) continue;
    const m = re.exec(text);
    if (m) return m[0].trim();
  }
  return null;
}
