/**
 * The planner's question when a pronoun could mean two settings ("double it" after a turn that set the batch size and
 * the learning rate), and the reading of the user's reply to it. The history a later turn sees is rebuilt from the
 * transcript (the chat view's turns, `xbrain ask --conversation`), so the options live in the question's text: the
 * writer and the reader of that text are here together, and a test holds them to each other.
 */

/** A setting the pronoun could mean: its words ("batch size", 「批次」) and its current value. */
export type SettingOption = readonly [words: string, value: unknown];

/** The question, in the request's language: "… could mean the batch size (16) or the learning rate (0.01); which one?". */
export function askWhichOption(request: string, options: readonly SettingOption[]): string {
  return /[\u4e00-\u9fff]/.test(request)
    ? `I need more detail: 「${request.trim()}」指的是 ${options.map(([w, v]) => `${w}（${String(v)}）`).join(' 還是 ')}？`
    : `I need more detail: "${request.trim()}" could mean ${options.map(([w, v]) => `the ${w.replace(/^the\s+/i, '')} (${String(v)})`).join(' or ')}; which one?`;
}

/** The options' words a question of {@link askWhichOption} listed, in order; [] for any other text. */
export function optionsAsked(asked: string): string[] {
  if (!/could mean|指的是/.test(asked)) return [];
  const options = [...asked.matchAll(/([^()（）;；?？]+?)\s*[(（][^()（）]*[)）]/g)].map((m) =>
    m[1]
      .replace(/^.*?(?:could mean|指的是|\bor\b|還是)\s*/i, '')
      .replace(/^the\s+/i, '')
      .trim(),
  );
  return options.length >= 2 ? options : [];
}

/** Ordinal replies to a question that listed options: "the second one", "the latter", 「第一個」, 「後者」 (0-based; -1 = last). */
const ORDINALS: [RegExp, number][] = [
  [/^(?:the\s+)?(?:first|1st|former|top)(?:\s+one)?$|^(?:第\s*一|前者|前面那?個|第\s*1)\s*(?:個|項|種)?$/i, 0],
  [/^(?:the\s+)?(?:second|2nd)(?:\s+one)?$|^(?:第\s*二|第\s*2)\s*(?:個|項|種)?$/i, 1],
  [/^(?:the\s+)?(?:latter|last|other|bottom)(?:\s+one)?$|^(?:後者|後面那?個|最後那?個|另一個)$/i, -1],
];

/**
 * The option a reply picks ("the second one", "the batch one", 「第一個」, 「batch」): by its place or by its words.
 * Null when the question listed no options or the reply names none (or more than one).
 */
export function chosenOption(reply: string, asked: string): string | null {
  const options = optionsAsked(asked);
  if (!options.length) return null;
  const r = reply
    .trim()
    .replace(/[.!?。！？]+$/, '')
    .trim();
  for (const [re, i] of ORDINALS) if (re.test(r)) return options[i < 0 ? options.length - 1 : i];
  const words = r
    .toLowerCase()
    .replace(/^(?:i meant|i mean|the|我是說|是)\s*|\s*(?:one|那個|的那個)$/g, '')
    .trim();
  if (!words) return null;
  const named = options.filter((o) => o.toLowerCase().includes(words) || words.includes(o.toLowerCase()));
  return named.length === 1 ? named[0] : null;
}
