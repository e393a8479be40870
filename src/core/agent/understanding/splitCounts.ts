/**
 * Counts of held-out groups in a split request: "hold out one subject for testing", "2 sessions for validation",
 * "留一個 run 當測試、一個當驗證", "測試集用 10 個 trial". generate_dataset takes them with unit "number" (a count of
 * trials, sessions or subjects instead of a fraction). A number that names a group ("subject 2", "run 3", "受試者 5")
 * is an identifier, not a share: it must never be read as 2 % or 3 %.
 */
import { zhValue } from './numbers';

// English count words; Chinese numerals are read by zhValue (numbers.ts)
const COUNT_WORDS: Record<string, number> = { one: 1, a: 1, an: 1, single: 1, two: 2, three: 3, four: 4, five: 5 };
const COUNT = `(\\d+|one|an?|single|two|three|four|five|一|兩|二|三|四|五)`;
const GROUP_EN = '(?:subjects?|participants?|sessions?|runs?|recordings?|trials?|epochs?)';
const GROUP_ZH = '(?:受試者|參與者|場次|場|試次|run|session|subject|trial)';
const ROLE_EN = '(test(?:ing)?|held[- ]out|validation|val)';
const ROLE_ZH = '(測試|驗證)';

export interface SplitCounts {
  test?: number;
  val?: number;
  /** the group the counts are of, when the request names one ("subject" → split by subject) */
  group?: 'trial' | 'session' | 'subject';
}

/** A number right after a group noun ("subject 2", "run 03", "受試者 5", "S002"): an identifier, not a count or share. */
export const GROUP_ID = /(?:\b(?:subject|participant|session|run|recording|sub|file)\s*#?|受試者\s*|第\s*)\d+|\b[SR]\d{2,3}\b/gi;

function count(word: string): number {
  const w = word.toLowerCase();
  return /^\d+$/.test(w) ? Number(w) : (COUNT_WORDS[w] ?? zhValue(w) ?? NaN);
}

function groupOf(noun: string | undefined): SplitCounts['group'] {
  if (!noun) return undefined;
  if (/subject|participant|受試者|參與者/i.test(noun)) return 'subject';
  if (/session|run|recording|場/i.test(noun)) return 'session';
  return 'trial';
}

const roleOf = (r: string | undefined): 'test' | 'val' => (r && /val|驗證/i.test(r) ? 'val' : 'test');

/** The held-out counts a split request states, or null when it states none (shares and k-folds are read elsewhere). */
export function splitCounts(text: string): SplitCounts | null {
  const out: SplitCounts = {};
  // "leave out subject 2", "hold out run 3 for validation": one group named by its identifier
  const named = new RegExp(
    `\\b(?:leave|hold|keep|set|put)\\s+(?:out|aside|back|apart)\\s+(subject|participant|session|run|recording)\\s*#?\\d+(?:\\s+(?:for|as)\\s+(?:the\\s+)?${ROLE_EN})?`,
    'i',
  ).exec(text);
  const s = text.replace(GROUP_ID, ' ');
  const put = (role: 'test' | 'val', n: number, noun?: string): void => {
    if (!Number.isInteger(n) || n < 1 || out[role] !== undefined) return;
    out[role] = n;
    out.group ??= groupOf(noun);
  };
  const patterns: [RegExp, (m: RegExpExecArray) => void][] = [
    // "hold out one subject (for testing)", "leave out 2 sessions as validation", "set aside a run for val"
    [
      new RegExp(
        `\\b(?:leave|hold|keep|set|put)\\s+(?:out|aside|back|apart)\\s+${COUNT}\\s+(?:whole\\s+)?(${GROUP_EN})(?:\\s+(?:for|as)\\s+(?:the\\s+)?${ROLE_EN})?`,
        'gi',
      ),
      (m) => put(roleOf(m[3]), count(m[1]), m[2]),
    ],
    // "leave one subject out", "leave-one-session-out"
    [
      new RegExp(`\\bleav(?:e|ing)[- ]${COUNT}[- ](${GROUP_EN})[- ]out\\b(?:\\s+(?:for|as)\\s+(?:the\\s+)?${ROLE_EN})?`, 'gi'),
      (m) => put(roleOf(m[3]), count(m[1]), m[2]),
    ],
    // "one subject for testing", "2 sessions as the validation set", "10 trials to test"
    [
      new RegExp(`\\b${COUNT}\\s+(?:whole\\s+)?(${GROUP_EN})\\s+(?:(?:aside|apart|out|back)\\s+)?(?:for|as|in|into|to)\\s+(?:the\\s+)?${ROLE_EN}`, 'gi'),
      (m) => put(roleOf(m[3]), count(m[1]), m[2]),
    ],
    // "test on one subject", "validate on 2 runs", "test set: 1 subject"
    [
      new RegExp(`\\b${ROLE_EN}(?:\\s+(?:set|split))?\\s*(?:on|of|with|=|:|gets|takes|uses)\\s*${COUNT}\\s+(${GROUP_EN})`, 'gi'),
      (m) => put(roleOf(m[1]), count(m[2]), m[3]),
    ],
    // 「留一個 run 當測試」「拿兩位受試者做驗證」「一個受試者當測試集」
    [
      new RegExp(
        `(?:留|拿|取|保留|抽|用)?\\s*${COUNT}\\s*(?:個|位|場|筆)?\\s*(${GROUP_ZH})\\s*(?:的資料)?\\s*(?:當|當作|作為|做為|做|給|來當|來做|用來|用於|拿來)\\s*${ROLE_ZH}`,
        'gi',
      ),
      (m) => put(roleOf(m[3]), count(m[1]), m[2]),
    ],
    // 「測試集用 10 個 trial」「驗證留一個 run」
    [
      new RegExp(`${ROLE_ZH}(?:集|資料)?\\s*(?:用|留|放|取|拿|要|給|是|為|佔|占)?\\s*${COUNT}\\s*(?:個|位|場|筆)?\\s*(${GROUP_ZH})`, 'gi'),
      (m) => put(roleOf(m[1]), count(m[2]), m[3]),
    ],
  ];
  if (named) put(roleOf(named[2]), 1, named[1]);
  for (const [re, take] of patterns) for (const m of s.matchAll(re)) take(m as RegExpExecArray);
  // 「留一個 run 當測試、一個當驗證」: a second count with the group left out, after a stated one
  if (out.test !== undefined || out.val !== undefined) {
    // "10 trials for testing and 5 for validation"
    for (const m of s.matchAll(new RegExp(`\\b(?:and|,)\\s+${COUNT}\\s+(?:(?:more|others?)\\s+)?(?:for|as|to)\\s+(?:the\\s+)?${ROLE_EN}`, 'gi')))
      put(roleOf(m[2]), count(m[1]));
    for (const m of s.matchAll(new RegExp(`[、，,]\\s*(?:再)?(?:留|拿|取)?\\s*${COUNT}\\s*(?:個|位|場)\\s*(?:當|當作|作為|做為|做|給)\\s*${ROLE_ZH}`, 'g')))
      put(roleOf(m[2]), count(m[1]));
  }
  return out.test !== undefined || out.val !== undefined ? out : null;
}
