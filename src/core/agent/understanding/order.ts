/**
 * Steps said out of the order they run in, put back in order before the clauses are split: "epoch 0–4 s, but filter
 * 8–30 before that", "before epoching 0 to 3 s, re-reference", "z-score after you band-pass it", 「切 epoch，但在那之前
 * 先濾 8 到 30」, 「降到 100 Hz 之前先做陷波」. The step said second runs first; the rewrite joins them with "then" /
 * 「然後」, which the clause splitter reads as order. A step named only as the occasion ("before training, …",
 * 「訓練之前先…」) is no request: only the step asked for is kept (a training run is never started by "before training").
 */

/** Training named as the occasion of another step: never a step of its own. */
const TRAINING_OCCASION = /\btrain(?:ing|ed)?\b|\bfit(?:ting)?\b|訓練|開訓/i;
/** A step with values of its own ("epoching 0 to 3 s", "resampling to 128"): asked for, not only the occasion. */
const HAS_VALUE = /\d/;

const ZH = /[\u4e00-\u9fff]/;
const then = (first: string, second: string) => (ZH.test(first + second) ? `${first.trim()}，然後${second.trim()}` : `${first.trim()}, then ${second.trim()}`);

/** The step said as the occasion of another: asked for when it has values and is not training; else only the other. */
function occasion(asked: string, occasionStep: string): string {
  if (TRAINING_OCCASION.test(occasionStep) || !HAS_VALUE.test(occasionStep)) return asked.trim();
  return then(asked, occasionStep);
}

const RULES: [RegExp, (m: RegExpExecArray) => string][] = [
  // "epoch 0-4 s, but filter 8-30 before that", "resample to 100 Hz and notch 60 beforehand"
  [
    /^(.+?)(?:\s*[,;]\s*(?:but\s+|and\s+)?|\s+(?:but|and)\s+)(?:(?:please|also)\s+)?(.+?)\s+(?:before (?:that|this|it|doing (?:that|this|so)|you do (?:that|this|it))|beforehand|ahead of (?:that|it))\s*[.!]*$/i,
    (m) => then(m[2], m[1]),
  ],
  // "resample to 100, but first notch 60"
  [/^(.+?)(?:\s*[,;]\s*|\s+)(?:but|and)\s+first\s*,?\s+(.+)$/i, (m) => then(m[2], m[1])],
  // "before epoching 0 to 3 s, re-reference to the average"
  [/^before\s+(.+?)\s*[,;]\s*(.+)$/i, (m) => occasion(m[2], m[1])],
  // "z-score the data after you band-pass it 1-40", "plot the PSD once you've notched it at 60"
  [
    /^([^,;，；]+?)\s+(?:once|after)\s+(?:you(?:'ve| have)?|we(?:'ve| have)?|it(?:'s| is| has been)?)\s+([^,;，；]+?)\s*[.!]*$/i,
    (m) => (TRAINING_OCCASION.test(m[2]) || /\b(?:done|finished|ready|complete|over|stopped|ended)\b/i.test(m[2]) ? m[0] : then(m[2], m[1])),
  ],
  // 「切 0 到 4 秒的 epoch，但在那之前先濾 8 到 30」
  [/^(.+?)[，,;；]\s*(?:但是?|不過)?\s*(?:在)?(?:那之前|這之前|此之前|之前)\s*(?:請|要|記得)?\s*先\s*(.+)$/, (m) => then(m[2], m[1])],
  // 「降到 128，不過要先做 1 到 40 的帶通」, 「重新取樣到 100，但先陷波 60」: "but first" in Chinese
  [/^(.+?)[，,;；]\s*(?:但是?|不過|可是)\s*(?:請|要|得|記得|你)?\s*(?:要)?\s*先\s*(.+)$/, (m) => then(m[2], m[1])],
  // 「降到 100 Hz 之前先做 50 Hz 陷波」, 「在切 epoch 以前，先做平均參考」
  [/^(?:在)?(.+?)(?:之前|以前)\s*[，,]?\s*(?:請|要|記得)?\s*先\s*(.+)$/, (m) => occasion(m[2], m[1])],
];

/** The request with steps said out of order put in the order they run ("X, but Y before that" → "Y, then X"). */
export function inStatedOrder(text: string): string {
  for (const [re, fix] of RULES) {
    const m = re.exec(text.trim());
    if (m) return fix(m);
  }
  return text;
}

/**
 * An intention said and dropped before the request: "I was going to retrain with 50 epochs but let's not — just
 * evaluate", "I was thinking about z-scoring but let us not; filter 1-40", 「本來想重新訓練，但還是不要，評估就好」. The
 * dropped intention is no part of the request (its step and values are not read); what follows it is.
 */
const WITHDRAWN_EN =
  /\b(?:i|we)\s+(?:was|were|had been)\s+(?:going|planning|about|thinking(?:\s+(?:about|of))?)\b[^;—–]*?\bbut\s+(?:(?:let'?s|let us)\s+not|not now|no|never ?mind|(?:i|we)\s+(?:won'?t|will not|shouldn'?t)|(?:i|we)'?d rather not)\b[^;—–,]*?(?:[;—–,]|\s-\s)\s*(?:just\s+|only\s+|instead\s+)?/i;
const WITHDRAWN_ZH = /(?:本來|原本|剛剛)(?:想|要|打算)[^，,；;。]*[，,]\s*(?:但是?|不過)?\s*(?:還是)?\s*(?:不要|算了|先不要|不用)(?:了|好了)?\s*[，,；;。—]\s*/;

export function withoutWithdrawnIntent(text: string): string {
  const out = text.replace(WITHDRAWN_EN, '').replace(WITHDRAWN_ZH, '');
  return out.trim() ? out : text;
}
