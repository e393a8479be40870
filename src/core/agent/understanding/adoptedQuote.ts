import { destructiveWords } from './lexicon';

/**
 * A quoted description of steps adopted by an instruction outside the quote ("From our methods: 'band-pass filtered
 * 1–40 Hz and downsampled to 128 Hz.' Apply that.", 「論文寫『…』，照做」, 'Apply this pipeline: "…"'): the quote is
 * what is asked for. Anywhere else a quote is data (a label, a folder, a note), so this holds only when
 *   - the text outside the quotes says to do what the quote says (do the same / apply that / 照做 …),
 *   - the outside negates nothing ("don't run it", 「不要照做」) and does not hedge,
 *   - there is exactly one quoted span, it names a processing step, and it names no step that throws work away.
 */
const QUOTE = /'([^'\n]{8,})'|"([^"\n]{8,})"|“([^”\n]{8,})”|「([^」\n]{4,})」|『([^』\n]{4,})』/g;

const ADOPT =
  /\b(?:apply|do|use|run|follow|replicate|reproduce|copy|mirror)\s+(?:exactly\s+)?(?:that|this|it|those|these|the same(?:\s+thing)?|likewise|(?:the|this|that|these|those)\s+(?:pipeline|steps?|settings|recipe|procedure|preprocessing))\b|\bsame\s+(?:thing\s+)?here\b|照做|照著做|照(?:這|那)樣(?:做|跑|處理)|就這樣(?:做|處理)|比照辦理|照(?:著)?(?:這|那)(?:個|些)?(?:步驟|流程|設定)?(?:做|跑|處理)/i;

const NEGATED_OR_HEDGED = /\b(?:don'?t|do not|never|not|no need|without|maybe|perhaps|later|was|were going to)\b|不要|別|不用|不必|先不|晚點|或許|也許/i;

const STEP =
  /filter|band-?pass|high-?pass|low-?pass|notch|resampl|downsampl|re-?referenc|average reference|epoch|z-?scor|normali[sz]|濾波|帶通|陷波|取樣|參考|切段|標準化|正規化/i;

/** A quoted step that throws work away (the lexicon's clear/reset/restart/stop senses) keeps the quote data; the discard
 * sense (remove, drop) is left out: in a methods text it names an ordinary step ("drop channel T9", "remove line noise"). */
const THROWS_AWAY = new RegExp(destructiveWords('clear', 'reset', 'restart', 'stop'), 'i');

/** The quoted steps when the text around them adopts them; null otherwise. */
export function adoptedQuote(text: string): string | null {
  const spans = [...text.matchAll(QUOTE)];
  if (spans.length !== 1) return null;
  const m = spans[0];
  const quoted = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '').trim();
  const outside = text.slice(0, m.index) + ' ' + text.slice((m.index ?? 0) + m[0].length);
  if (!ADOPT.test(outside) || NEGATED_OR_HEDGED.test(outside)) return null;
  if (!STEP.test(quoted) || THROWS_AWAY.test(quoted)) return null;
  return imperative(quoted);
}

/** "Signals were band-pass filtered … and downsampled …": a methods sentence read as the steps it reports. */
function imperative(quoted: string): string {
  return quoted
    .replace(/\b(?:the\s+)?(?:data|signals?|recordings?|eeg|epochs|trials)\s+(?:were|was|have been|has been|are|is)\s+/gi, '')
    .replace(/\bnotch[- ]filtered\b/gi, 'notch')
    .replace(/\b(band-?pass|high-?pass|low-?pass)[- ]filtered\b/gi, '$1')
    .replace(/\b(filter|epoch|segment)ed\b/gi, '$1')
    .replace(/\b(resampl|downsampl|re-?referenc|referenc|z-?scor|normali[sz]|decimat)ed\b/gi, '$1e');
}
