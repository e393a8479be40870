/**
 * One step of an earlier turn taken back or left out by the name of its kind: "undo the notch", "scrap that last filter,
 * I want 4 to 30", 「陷波那個撤掉」, 「取消剛剛的重新取樣」 (an undo), and "do it all again but skip the notch", 「全部再做一次，
 * 但這次不要陷波」 (a repeat without it). The words only: which step is meant among the turns is the planner's
 * (`interpretRequest.ts`, `undoNamedStep`, `repeatWithout`).
 */

/** The processing steps by the words that name the operation (not what it removes: "the hum" is a notch to do). */
const STEP_NAMES: readonly (readonly [tool: string, words: string])[] = [
  ['apply_notch_filter', String.raw`notch(?:ing)?(?:\s+filter)?|陷波(?:濾波)?`],
  ['apply_bandpass_filter', String.raw`band-?\s?pass(?:ing)?(?:\s+filter)?|帶通(?:濾波)?`],
  ['resample_data', String.raw`(?:re|down|up)-?sampl(?:e|ing)|(?:the\s+)?(?:new\s+)?sampling\s+rate|重新取樣|重取樣|重新採樣|重採樣|降採樣|降取樣|降頻`],
  ['epoch_data', String.raw`epoch(?:ing|s)?|切\s*epoch|切段|分段`],
  ['set_reference', String.raw`re-?referenc(?:e|ing)|(?:average\s+)?reference|重新參考|參考`],
  ['normalize_data', String.raw`normali[sz](?:ation|ing)|z-?scor(?:e|ing)|標準化|正規化|歸一化`],
];
/** A filter without its kind ("that last filter", 「濾波」): the newest band-pass or notch. */
const ANY_FILTER = String.raw`filter(?:ing)?|濾波`;
/** The newest step, by position ("the last step", 「最後那步」). */
const LAST_STEP = String.raw`(?:last|previous|latest)\s+(?:step|one|thing)|最後(?:那|一)?(?:個|步)|上一步`;

/** What a phrase names: the tools of the named kinds, or every filter (`filter`), or the newest step (`last`). */
export type NamedStep = { tools: string[] } | { filter: true } | { last: true };

function named(words: string): NamedStep | null {
  const tools = STEP_NAMES.filter(([, w]) => new RegExp(`^(?:${w})$`, 'i').test(words)).map(([t]) => t);
  if (tools.length) return { tools };
  if (new RegExp(`^(?:${ANY_FILTER})$`, 'i').test(words)) return { filter: true };
  if (new RegExp(`^(?:${LAST_STEP})$`, 'i').test(words)) return { last: true };
  return null;
}

const STEP = String.raw`(?:${STEP_NAMES.map(([, w]) => w).join('|')}|${ANY_FILTER}|${LAST_STEP})`;
const LEAD = String.raw`^(?:(?:actually|hmm+|ok(?:ay)?|wait|sorry|oh|please|on second thought|you know what)[,\s]+)*`;
const ZH_LEAD = String.raw`^(?:(?:欸|誒|嗯|啊|呃|其實|還是|好|喔|哦)[，,\s]*)*`;
/** English undo verbs (not "remove" alone, which also means the noise a step removes: "remove the hum"). */
const EN_UNDO = String.raw`undo|revert|roll\s+back|take\s+back|reverse|scrap|ditch|drop|remove|get\s+rid\s+of|lose|cancel|take\s+out|take\s+off`;
const ZH_UNDO = String.raw`撤掉|撤銷|撤消|撤回|撤除|拿掉|取消|復原|還原|去掉|移除|刪掉|不要了|不用了`;
const THE = String.raw`(?:(?:the|that|this|my|your)\s+)?(?:(?:last|previous|latest)\s+)?`;
const OWNER = String.raw`(?:剛剛|剛才|之前|前面|最後)?(?:的)?(?:那個|那一?步|這個|這一?步)?\s*`;
const UNDO_FORMS: readonly RegExp[] = [
  // "undo the notch", "scrap that last filter", "take the band-pass back"
  new RegExp(String.raw`${LEAD}(?:${EN_UNDO})\s+${THE}(${STEP})(?:\s+(?:step|filter|one))?(?:\s+(?:back|out|off))?(?:\s+(?:please|again|now))?[.!]*$`, 'i'),
  new RegExp(String.raw`${LEAD}take\s+${THE}(${STEP})(?:\s+(?:step|filter|one))?\s+(?:back|out|off)(?:\s+please)?[.!]*$`, 'i'),
  // 「陷波那個撤掉」, 「把最後那個濾波拿掉」, 「剛剛的重新取樣取消」
  new RegExp(
    String.raw`${ZH_LEAD}(?:把|將)?\s*${OWNER}(${STEP})\s*(?:的部分|那個|那一?步|這個|這一?步|步驟)?\s*(?:給|先)?\s*(?:${ZH_UNDO})(?:掉)?(?:吧|好了|啦)?[。！!]*$`,
    'i',
  ),
  // 「取消陷波」, 「撤銷剛剛的帶通」
  new RegExp(String.raw`${ZH_LEAD}(?:撤銷|撤消|撤回|取消|復原|還原)\s*${OWNER}(${STEP})(?:\s*(?:那個|那一?步|步驟))?(?:吧|好了)?[。！!]*$`, 'i'),
];

/** "keep the rest", 「其他的保留」 after an undo: the other steps stay, which the undo does anyway. */
const KEEP_THE_REST =
  /^(?:(?:and|but)\s+)?(?:keep|leave)\s+(?:the\s+)?(?:rest|others?|everything\s+else|other\s+steps)(?:\s+as\s+(?:is|they\s+are))?[.!]*$|^(?:其他|其餘|其它)(?:的)?(?:步驟)?(?:都)?(?:保留|不變|照舊|留著)[。！!]*$/i;

/**
 * The step an undo clause takes back and the request after it: "scrap that last filter, I want 4 to 30" → every filter
 * (the newest is meant) and "I want 4 to 30". The undo is the first clause (up to a comma, ;, or "and"/"then"); null when
 * it names no step kind this module knows.
 */
export function undoneStep(text: string): { step: NamedStep; rest: string } | null {
  const t = text.trim();
  const cuts = [...t.matchAll(/\s*(?:[,，;；、—–]+\s*(?:and\s+|then\s+|然後|再)?|\s+(?:and|then)\s+(?:then\s+)?)/gi)].map((m) => [
    m.index ?? 0,
    (m.index ?? 0) + m[0].length,
  ]);
  for (const [end, next] of [...cuts, [t.length, t.length]]) {
    const head = t.slice(0, end).trim();
    for (const form of UNDO_FORMS) {
      const m = form.exec(head);
      const step = m && named(m[1].trim());
      if (step) return { step, rest: t.slice(next).trim().replace(KEEP_THE_REST, '').trim() };
    }
  }
  return null;
}

/** A word of doing the earlier steps again ("again", "redo all of that", 「再做一次」, 「照剛剛的流程」). */
const REPEAT =
  /\b(?:again|once more|one more time|repeat|redo|re-?run|(?:the\s+)?same\s+(?:steps?|thing|pipeline|processing|way)|all\s+of\s+(?:that|it)|everything)\b|再(?:做|跑|來|處理)(?:一次|一遍|一輪)|重做|重跑|照(?:剛剛|剛才|之前|上次|舊|做)|(?:一樣|同樣|相同)的(?:步驟|流程|處理)/i;
const SKIP_EN = new RegExp(
  String.raw`\b(?:skip(?:ping)?|without|minus|except(?:\s+for)?|but\s+not|leave\s+out|leaving\s+out|omit(?:ting)?|drop(?:ping)?|no)\s+${THE}(${STEP})(?:\s+(?:step|filter|one))?(?:\s+this\s+time)?`,
  'gi',
);
const SKIP_ZH_BEFORE = new RegExp(String.raw`(?:不要|不用|不做|別做|跳過|省略|略過|去掉|除了)\s*(?:做)?\s*(${STEP})`, 'gi');
const SKIP_ZH_AFTER = new RegExp(
  String.raw`(${STEP})\s*(?:那步|那個|的部分|步驟)?\s*(?:就|都|先)?\s*(?:不要|不用|不做|別做|跳過|省略|略過|免了|拿掉|去掉)`,
  'gi',
);

/**
 * The steps a repeat leaves out: "do it all again but skip the notch", "same steps without the band-pass",
 * 「全部再做一次，但這次不要陷波」, 「照剛剛的流程，陷波跳過」. Null when the turn is not a repeat, names no step to leave out, or
 * says anything else with a number (a changed value is the corrections' to read).
 */
export function skippedInRepeat(text: string): NamedStep[] | null {
  const t = text.trim();
  if (!REPEAT.test(t)) return null;
  const skipped: NamedStep[] = [];
  let rest = t;
  for (const form of [SKIP_EN, SKIP_ZH_BEFORE, SKIP_ZH_AFTER])
    rest = rest.replace(form, (all: string, words: string) => {
      const step = named(words.trim());
      if (!step || 'last' in step) return all;
      skipped.push(step);
      return ' ';
    });
  if (!skipped.length || /\d/.test(rest)) return null;
  return skipped;
}
