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
 * wait, 60", "100 Hz, no, 128"): what the user said before the cue is replaced by what follows it. Values alone after the
 * cue replace the last values before it (the step stays; a value without a unit keeps the unit of the one it replaces,
 * names' digits such as T2 or C3 are no values); a step after an explicit cue replaces the whole earlier part. This is
 * the one place an in-message correction is read: `resolveQuantities` applies it once the numbers are digits.
 */
/** Cues that take back what was just said, a step included. */
const CUE_EXPLICIT = String.raw`(?:no\s+wait|wait\s+no|wait|scratch\s+that|strike\s+that|correction|i\s+mean|i\s+meant|make\s+that|sorry|oops|no\s+no)(?![A-Za-z])`;
const CUE_ZH = String.raw`(?:啊|欸|呃|喔|阿)?\s*(?:不對|不是啦|我是說|更正|我?打錯了?|我?說錯了?|我?寫錯了?|錯了|等等|抱歉)`;
/** Cues that correct a value only when the value alone follows ("notch 50, no, 60", "…, or rather 128"). */
const CUE_SOFT = String.raw`(?:or\s+rather|actually|rather|make\s+it|nope|no)(?![A-Za-z])`;
/** Fillers before a cue ("oh wait", "uh, sorry"). */
const FILLER = String.raw`(?:(?:oh|ah|uh|um|er)(?![A-Za-z])[,，!！]?\s*)*`;
const MID_CORRECTION = new RegExp(
  String.raw`^(.*?\S)\s*(?:[—–]+|\s-{1,2}\s?|[,;，；。.!！])\s*(${FILLER}(?:(?:${CUE_EXPLICIT}|${CUE_SOFT})[,，:!！]?\s*)+|(?:${CUE_ZH}\s*[,，:：!！]?\s*)+)(.+)$`,
  'i',
);
const UNIT_WORD = String.raw`(?:khz|hz|赫茲|ms|毫秒|s|sec|secs|seconds?|秒|%)`;
/** A value with its unit, never a name's digits (T2, C3) nor part of a longer number. */
const QUANTITY = new RegExp(String.raw`(?<![A-Za-z\d.])-?\d+(?:\.\d+)?(?:\s*${UNIT_WORD}(?![A-Za-z]))?(?![\d.])`, 'gi');
/** What follows a soft cue when it is a value alone: "60", "128 Hz", "8 to 30". */
const VALUES_ALONE = new RegExp(String.raw`^\s*${QUANTITY.source}(?:\s*(?:to|through|到|至|-|–|~|～)\s*${QUANTITY.source})?\s*[.!。！]?\s*$`, 'i');

export function withoutCorrectedPart(text: string, hasStep: (t: string) => boolean): string {
  const m = MID_CORRECTION.exec(text.trim());
  if (!m) return text;
  const [, before, cue, after] = m;
  const explicit = new RegExp(`${CUE_EXPLICIT}|${CUE_ZH}`, 'i').test(cue);
  const fresh = [...after.matchAll(QUANTITY)];
  // values alone ("…, scratch that, 128", "…，不對，8 到 30"): the last values said before take them, in order
  if (fresh.length && !hasStep(after) && (explicit || VALUES_ALONE.test(after))) {
    const old = [...before.matchAll(QUANTITY)];
    if (old.length < fresh.length) return text;
    const replaced = old.slice(old.length - fresh.length);
    let out = before;
    for (let i = replaced.length - 1; i >= 0; i--) {
      const at = replaced[i].index ?? 0;
      const was = replaced[i][0];
      const now = fresh[i][0].trim();
      // "100 Hz, no, 128" keeps Hz; "2 s, I mean 500 ms" takes the new unit
      const unit = /[a-z%\u4e00-\u9fff]+$/i.exec(was)?.[0];
      const value = /[a-z%\u4e00-\u9fff]$/i.test(now) || !unit ? now : `${now}${was.slice(was.search(/\s*[a-z%\u4e00-\u9fff]+$/i))}`;
      out = out.slice(0, at) + value + out.slice(at + was.length);
    }
    return out;
  }
  // a step after an explicit cue ("notch 50 — no wait, band-pass 1-40"): the step before is taken back
  if (explicit && hasStep(after)) return after;
  return text;
}
