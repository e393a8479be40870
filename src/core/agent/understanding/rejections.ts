/*
 * A value named only to be rejected ("notch — not 50 Hz, we're in Taipei", "resample to 128, not 100", 「陷波，不是 50，是
 * 60」, 「重取樣到 100，不是 128」) is no value of the request: the phrase that rejects it is taken out before the slots are
 * read, so the value kept is the other one the request names (or the one its place implies). Only a number the request
 * rejects while it names another value or a place is taken out; "not" before a step ("not notch 50") is a negation,
 * which the clause split reads.
 */
const NUM = String.raw`-?\d+(?:\.\d+)?`;
const UNIT = String.raw`(?:\s*(?:hz|khz|赫茲|s|sec|secs|seconds?|ms|秒|毫秒|%|epochs?|個|輪))?`;
const RANGE = String.raw`${NUM}(?:\s*(?:-|–|~|to|到|至)\s*${NUM})?${UNIT}`;

/** "…, not 100", "(not 1-40)", "not at 50,", "— not 50 Hz": English rejections of a number. */
const REJECTED_EN = new RegExp(
  String.raw`\s*[,;(（]?\s*(?:but\s+|and\s+)?(?:not|rather than|instead of)\s+(?:at\s+|to\s+|the\s+|by\s+)?(${RANGE})(?![\w./])\s*[)）]?\s*(?:[,;]\s*(?:but\s+)?(?:rather\s+)?(?:at\s+|to\s+)?(?=${NUM}))?`,
  'gi',
);
/** 「不是 50，是 60」, 「，不是 128」, 「而不是 50」: Chinese rejections of a number (a 是 after it introduces the kept value). */
const REJECTED_ZH = new RegExp(
  String.raw`\s*[，,]?\s*(?:而)?(?:不是|不要|並非|而非)\s*(${RANGE})(?![\w./])\s*(?:[，,]\s*(?:而|應該)?是\s*|(?:喔|哦|啦|啊|唷|呢)?(?=\s*(?:[，,。！!]|$)))`,
  'g',
);

/** The text without the numbers it rejects, when something else gives the value (another number, a place). */
export function withoutRejectedValues(text: string, hasPlace: (t: string) => boolean): string {
  let out = text;
  for (const re of [REJECTED_EN, REJECTED_ZH])
    out = out.replace(re, (m: string, _v: string, offset: number, all: string) => {
      const rest = all.slice(0, offset) + ' ' + all.slice(offset + m.length);
      // the value kept: another number, or a place that fixes the mains frequency
      return /\d/.test(rest) || hasPlace(rest) ? (/[，,]\s*(?:而|應該)?是\s*$|[,;]\s*(?:but\s+)?(?:rather\s+)?(?:at\s+|to\s+)?$/i.test(m) ? ', ' : ' ') : m;
    });
  return out;
}

/**
 * A correction inside one message ("resample to 100 — scratch that, 128", 「帶通 4 到 40，啊不對，8 到 30」, "notch 50, no
 * wait, 60"): what the user said before the cue is replaced by what follows it. Values alone after the cue replace the last
 * values before it (the step stays); a step after an explicit cue replaces the whole earlier part.
 */
const CUE_EXPLICIT = String.raw`(?:no\s+wait|wait\s+no|wait|scratch\s+that|strike\s+that|correction|i\s+mean|i\s+meant|make\s+that|sorry|oops|no\s+no)(?![A-Za-z])`;
const CUE_ZH = String.raw`(?:啊|欸|呃|喔|阿)?\s*(?:不對|不是啦|我是說|更正|打錯了?|說錯了?|寫錯了?)`;
const MID_CORRECTION = new RegExp(
  String.raw`^(.*?\S)\s*(?:[—–]+|\s-\s|[,;，；。.!！])\s*((?:(?:${CUE_EXPLICIT}|actually(?![A-Za-z])|rather(?![A-Za-z]))[,，:!]?\s*)+|(?:${CUE_ZH}\s*[,，:：!！]?\s*)+)(.+)$`,
  'i',
);
const VALUE = /-?\d+(?:\.\d+)?/g;

export function withoutCorrectedPart(text: string, hasStep: (t: string) => boolean): string {
  const m = MID_CORRECTION.exec(text.trim());
  if (!m) return text;
  const [, before, cue, after] = m;
  const explicit = new RegExp(`${CUE_EXPLICIT}|${CUE_ZH}`, 'i').test(cue);
  const newValues = after.match(VALUE) ?? [];
  // values alone ("…, scratch that, 128", "…，不對，8 到 30"): the last values said before take them, in order
  if (newValues.length && !hasStep(after)) {
    const old = [...before.matchAll(VALUE)];
    if (old.length < newValues.length) return text;
    const replaced = old.slice(old.length - newValues.length);
    let out = before;
    for (let i = replaced.length - 1; i >= 0; i--) {
      const at = replaced[i].index ?? 0;
      out = out.slice(0, at) + newValues[i] + out.slice(at + replaced[i][0].length);
    }
    return out;
  }
  // a step after an explicit cue ("notch 50 — no wait, band-pass 1-40"): the step before is taken back
  if (explicit && hasStep(after)) return after;
  return text;
}
