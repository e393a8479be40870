/**
 * Number words to digits, in English ("sixty-four", "a dozen") and Traditional Chinese ("一百二十八", "兩", "百分之二十五",
 * "四分之一"). Only numbers that measure something are rewritten: "one" stays a pronoun ("the previous one") unless a
 * unit or count follows, and Chinese numerals need a unit or counter after them ("再一次" is "again", not "again 1").
 */
const UNITS_EN: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS_EN: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

const WORD = `(?:${[...Object.keys(TENS_EN), ...Object.keys(UNITS_EN)].join('|')}|hundred|thousand|a hundred|a thousand|a dozen|dozen)`;
const NUMBER_WORDS = new RegExp(`\\b${WORD}(?:[\\s-]+(?:and\\s+)?${WORD})*\\b`, 'gi');
/** What may follow "one" for it to be a number: a unit, a count noun, or a comparison. */
const MEASURED = new RegExp(
  `^-\\s*(?:hz|khz|ms|s\\b|sec|second|minute|min\\b)|^\\s*(?:hz|khz|ms|s\\b|sec|second|minute|min\\b|epoch|fold|repeat|run|batch|percent|%|channel|subject|session|trial|hundred\\b|thousand\\b|x\\b|times)|^\\s+(?:in|out\\s+of)\\s+(?:every\\s+)?(?:\\d|${WORD})`,
  'i',
);

/** What follows the first end of a range: "to"/"-"/"~" and a number ("one to forty", "one-40"). */
const RANGE_NEXT = new RegExp(`^\\s*(?:to|through|-|–|~)\\s*(?:\\d|${WORD})`, 'i');

function wordsValue(words: string): number | null {
  let total = 0;
  let current = 0;
  let lastWord = '';
  for (const w of words
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((x) => x && x !== 'and' && x !== 'a')) {
    const prev = lastWord;
    lastWord = w;
    // dictated hundreds said as pairs: "one twenty eight" is 128, "two fifty six" 256, "one ten" 110 (a digit word, then a
    // tens or teen word, with no hundred between)
    const pair = current >= 1 && current <= 9 && prev in UNITS_EN && (w in TENS_EN || (w in UNITS_EN && UNITS_EN[w] >= 10));
    if (pair) current = current * 100 + (w in TENS_EN ? TENS_EN[w] : UNITS_EN[w]);
    else if (w in UNITS_EN) current += UNITS_EN[w];
    else if (w in TENS_EN) current += TENS_EN[w];
    else if (w === 'dozen') current = (current || 1) * 12;
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else return null;
  }
  return total + current;
}

/** "one and a half" → 1.5, "2 and a half" → 2.5, "a second and a half" → "1.5 second". */
const AND_A_HALF = new RegExp(`\\b(${WORD}(?:[\\s-]+${WORD})*|\\d+)\\s+and\\s+a\\s+half\\b`, 'gi');
const UNIT_AND_A_HALF = /\b(?:a|an|one)\s+(second|minute|hertz|epoch)s?\s+and\s+a\s+half\b/gi;

const DIGIT_WORD: Record<string, string> = {
  zero: '0',
  oh: '0',
  ...Object.fromEntries(
    Object.entries(UNITS_EN)
      .filter(([, v]) => v < 10)
      .map(([k, v]) => [k, String(v)]),
  ),
};
/** "point zero zero one" → 0.001, "one point five" → 1.5: after "point" the digits are read one by one. */
const SPOKEN_DECIMAL = new RegExp(
  `(?:\\b(${WORD}(?:[\\s-]+${WORD})*)\\s+)?\\bpoint((?:\\s+(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\\b)+)`,
  'gi',
);

export function englishNumbers(text: string): string {
  const halves = text
    .replace(SPOKEN_DECIMAL, (m, whole: string | undefined, digits: string) => {
      const w = whole ? wordsValue(whole) : 0;
      const frac = digits
        .trim()
        .split(/\s+/)
        .map((d) => DIGIT_WORD[d.toLowerCase()] ?? '')
        .join('');
      return w === null || !frac ? m : `${w}.${frac}`;
    })
    .replace(UNIT_AND_A_HALF, (_m, u: string) => `1.5 ${u}s`)
    .replace(AND_A_HALF, (m, n: string) => {
      const v = /^\d+$/.test(n) ? Number(n) : wordsValue(n);
      return v === null ? m : String(v + 0.5);
    });
  return spokenDecimals(
    halves.replace(NUMBER_WORDS, (m, offset: number, all: string) => {
      // "between eight and thirty": "and" joins two numbers unless it follows hundred/thousand ("one hundred and twenty")
      // ("seven hundred and sixty-nine and seven hundred and seventy": the "and" that is not after hundred splits)
      for (const at of [...m.matchAll(/\s+and\s+/gi)]) {
        const left = m.slice(0, at.index);
        if (/(?:hundred|thousand)$/i.test(left.trim())) continue;
        const a = wordsValue(left);
        const b = wordsValue(m.slice((at.index ?? 0) + at[0].length));
        if (a !== null && b !== null) return `${a} and ${b}`;
      }
      const after = all.slice(offset + m.length);
      // "one to forty", "one-40", "from one": the end of a range is a number, not a pronoun
      const range = RANGE_NEXT.test(after) || /\b(?:from|between)\s+$/i.test(all.slice(0, offset));
      // "set the epochs to a hundred", "epochs = a dozen": a bare count in a value's slot is a number
      const slot = /^(?:a dozen|dozen|a hundred|a thousand)$/i.test(m.trim()) && /(?:\bto|=|:|\bat|\bbe)\s*$/i.test(all.slice(0, offset));
      if (/^(?:one|a dozen|dozen|a hundred|a thousand)$/i.test(m.trim()) && !MEASURED.test(after) && !range && !slot) return m;
      // "one of the", "the other one": pronouns
      const v = wordsValue(m);
      return v === null ? m : String(v);
    }),
  );
}

/** Decimals read aloud, once the words are digits: "point 5" → 0.5, "1 point 5" → 1.5 (dictation: "bandpass point five to thirty"). */
function spokenDecimals(text: string): string {
  return text.replace(
    /(?:(?<![\w.])(\d+)\s+)?\bpoint\s+(\d+)\b(?!\s*(?:of|mark|in)\b)/gi,
    (_m, whole: string | undefined, frac: string) => `${whole ?? '0'}.${frac}`,
  );
}

const ZH_DIGIT: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 兩: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const ZH_NUM = '[零〇一二兩两三四五六七八九十百千]+';

/** 一百二十八 → 128, 十五 → 15, 兩千 → 2000. */
export function zhValue(s: string): number | null {
  let total = 0;
  let current = 0;
  let digit = 0;
  let last = '';
  let lastMult = 0;
  for (const ch of s) {
    if (ch in ZH_DIGIT) {
      digit = ZH_DIGIT[ch];
      last = ch;
      continue;
    }
    const mult = ch === '十' ? 10 : ch === '百' ? 100 : ch === '千' ? 1000 : 0;
    if (!mult) return null;
    current += (digit || 1) * mult;
    digit = 0;
    last = ch;
    lastMult = mult;
  }
  // 「兩百五」 is 250 and 「一千二」 1200: a last digit straight after 百/千 (no 零 between) counts in the next unit down
  const elided = digit && lastMult >= 100 && s.length >= 3 && (s[s.length - 2] === '百' || s[s.length - 2] === '千') && last in ZH_DIGIT;
  total += current + (elided ? (digit * lastMult) / 10 : digit);
  return Number.isFinite(total) ? total : null;
}

/**
 * Chinese numerals that stand as values without a counter: both ends of a range ("八 到 三十", "一到四十", "八~三十",
 * "零-4 s") and a numeral written as a word of its own, with spaces, Latin letters or punctuation on both sides ("陷波 六十",
 * "batch 三十二", "上限改 三十五", "seed 設 一"). Inside Chinese words a numeral stays a word ("統一", "一下", "一樣"). Run
 * before the spaces between Han characters are dropped (canonicalText), since those spaces are the evidence.
 */
export function spacedChineseNumerals(text: string): string {
  return (
    text
      // "八 到 三十", "一到四十", "八~三十", "零-4 s": both ends of a range are numbers, counter or not
      .replace(
        new RegExp(`(?<![零〇一二兩两三四五六七八九十百千點.\\d])(${ZH_NUM})(\\s*(?:到|至|~|～|-|–)\\s*)(?=${ZH_NUM}|\\d)`, 'g'),
        (m, n: string, sep: string) => {
          const v = zhValue(n);
          return v === null ? m : `${v}${sep}`;
        },
      )
      .replace(
        new RegExp(
          `((?:\\d|\\s)(?:到|至|~|～|-|–)\\s*|(?:${ZH_NUM})\\s*(?:到|至)\\s*|\\d\\s*(?:到|至|~|～|-|–)\\s*)(${ZH_NUM})(?![零〇一二兩两三四五六七八九十百千分成點])`,
          'g',
        ),
        (m, lead: string, n: string) => {
          const v = zhValue(n);
          return v === null ? m : `${lead}${v}`;
        },
      )
      // 「一二八」, 「二五六」: three or four digits read one by one (no 十/百/千) are the number they spell
      .replace(
        /(?<![零〇一二兩两三四五六七八九十百千點])([一二三四五六七八九][零〇一二三四五六七八九]{2,3})(?![零〇一二兩两三四五六七八九十百千萬分成點之])/g,
        (m, n: string) => [...n].map((c) => String(ZH_DIGIT[c] ?? '')).join(''),
      )
      // "低通三十五", "降到一百二十八": a numeral of two characters or more with 十/百/千 is a number wherever it stands
      // ("十分" is "very", "千萬" is "by no means": a 分/萬/成/點 after it keeps it a word)
      .replace(
        new RegExp(
          `(?<![零〇一二兩两三四五六七八九十百千])((?:[零〇一二兩两三四五六七八九]?[十百千])+[零〇一二兩两三四五六七八九]?|[一二兩两三四五六七八九][十百千](?:[零〇一二兩两三四五六七八九十百千])*)(?![零〇一二兩两三四五六七八九十百千萬分成點之])`,
          'g',
        ),
        (m, n: string) => {
          if (n.length < 2) return m;
          const v = zhValue(n);
          return v === null ? m : String(v);
        },
      )
      // a numeral standing as a word of its own is a value; inside Chinese words it stays a word
      .replace(new RegExp(`(?<=^|[\\s,，。；;:：、(（=/]|[A-Za-z])(${ZH_NUM})(?=$|[\\s,，。；;:：、)）!！?？/%-]|[A-Za-z])`, 'g'), (m, n: string) => {
        const v = zhValue(n);
        return v === null ? m : String(v);
      })
  );
}

/** A unit or counter after a Chinese numeral: the numeral is a value ("三秒", "四階", "十折"). */
const COUNTER_AHEAD = /^\s*(?:赫茲|Hz|hz|kHz|秒|毫秒|分鐘|輪|回合|折|個|位|倍|階|次|%|epochs?|folds?|次重複|的(?:平方|立方))/;

/** Superscript digits and signs ("10⁻⁴") in the caret form the power rules read. */
const SUPERSCRIPT: Record<string, string> = {
  '⁻': '-',
  '⁺': '',
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
};

/** Chinese numerals followed by a unit or counter, percentages and fractions. */
export function chineseNumbers(text: string): string {
  return (
    spacedChineseNumerals(text)
      // decimals first, so a share or a fraction may be one ("百分之十二點五", "零點五倍")
      .replace(new RegExp(`(${ZH_NUM})點([零〇一二兩两三四五六七八九]+)`, 'g'), (m, i: string, f: string) => {
        const whole = zhValue(i);
        const frac = [...f].map((c) => String(zhValue(c) ?? '')).join('');
        return whole === null || !frac ? m : `${whole}.${frac}`;
      })
      .replace(new RegExp(`百分之\\s*(${ZH_NUM}|\\d+(?:\\.\\d+)?)`, 'g'), (_m, n: string) => `${/\d/.test(n) ? n : zhValue(n)}%`)
      .replace(new RegExp(`(${ZH_NUM}|\\d+)\\s*分之\\s*(${ZH_NUM}|\\d+)`, 'g'), (m, d: string, n: string) => {
        const den = /\d/.test(d) ? Number(d) : zhValue(d);
        const num = /\d/.test(n) ? Number(n) : zhValue(n);
        return den && num !== null ? String(num / den) : m;
      })
      // "一成五" is 15%, "兩成半" 25%
      .replace(new RegExp(`([一二兩两三四五六七八九])成([一二三四五六七八九半])(?![功為])`, 'g'), (m, a: string, b: string) => {
        const tens = zhValue(a);
        const ones = b === '半' ? 5 : zhValue(b);
        return tens === null || ones === null ? m : `${tens * 10 + ones}%`;
      })
      // "再少一半", "減少一半": half of the value, a factor (not 0.5 less)
      .replace(/(?:少|減少?|降低?|砍)(?:了)?\s*一半/g, '減半')
      .replace(new RegExp(`(${ZH_NUM})成(?![功為])`, 'g'), (m, n: string) => {
        const v = zhValue(n);
        return v !== null && v <= 10 ? `${v * 10}%` : m;
      })
      // "一秒半", "兩個半", "3 秒半": the whole plus a half, in the unit between them
      .replace(new RegExp(`(${ZH_NUM}|\\d+)\\s*(秒|毫秒|赫茲|個|倍)半`, 'g'), (m, n: string, u: string) => {
        const v = /\d/.test(n) ? Number(n) : zhValue(n);
        return v === null ? m : `${v + 0.5} ${u === '個' ? '' : u}`.trimEnd();
      })
      // "十的負三次方", "二的六次方": both numbers of a power
      .replace(new RegExp(`(${ZH_NUM}|\\d+)\\s*的\\s*(負|-)?\\s*(${ZH_NUM}|\\d+)\\s*次方`, 'g'), (m, b: string, neg: string | undefined, e: string) => {
        const base = /\d/.test(b) ? Number(b) : zhValue(b);
        const exp = /\d/.test(e) ? Number(e) : zhValue(e);
        return base === null || exp === null ? m : `${base} 的 ${neg ? '負' : ''}${exp} 次方`;
      })
      .replace(/半(?=\s*(?:秒|毫秒|分鐘))/g, '0.5')
      .replace(new RegExp(`(${ZH_NUM})(\\s*(?:個|道|組|次)\\s*(?=\\d))?`, 'g'), (m, n: string, article: string | undefined, offset: number, all: string) => {
        // 「加一個 50 Hz 的陷波」, 「做一組 8 到 30 的帶通」: 一 and its counter before a quantity are the article "a", never the
        // value 1
        if (article && n === '一') return '';
        const rest = all.slice(offset + n.length);
        if (!COUNTER_AHEAD.test(rest)) return m;
        // "再一次", "一次" (once) are words, not counts; "這一輪", "每一個": 一 after a demonstrative is an article
        if (n === '一' && /^\s*次/.test(rest)) return m;
        if (n === '一' && /[這那每同哪]$/.test(all.slice(0, offset))) return m;
        const v = zhValue(n);
        return v === null ? m : `${v}${article ?? ''}`;
      })
      // a numeral as the value a setting is given ("batch 設六十四", "階數改成四", "學習率用零點零一"): no counter follows,
      // the setting word before it says it is a value; a lone 一 stays a word ("設一下", "用一樣的")
      .replace(
        new RegExp(
          `((?:設成|設為|設定為|設定成|改成|改為|調成|調到|換成|除以|乘以|乘上|乘|設|為|是|用|到|=|:)\\s*)(${ZH_NUM})(?=\\s*(?:$|[，,。；;、)）!！?？\\s]|[A-Za-z]))`,
          'g',
        ),
        (m, lead: string, n: string) => {
          if (n === '一') return m;
          const v = zhValue(n);
          return v === null ? m : `${lead}${v}`;
        },
      )
      .replace(/(?:的)?一半/g, ' half ')
  );
}

/**
 * Units spelt out or written in other scales, in the spelling the rules read: "kilohertz" and 千赫(茲) → kHz (before
 * chineseNumbers, which would read 千 as a thousand), "hertz" and "cycles per second" → Hz, "milliseconds", "msec" →
 * ms. Only after a number: a unit word alone ("in hertz", "毫秒級") is left as written.
 */
export function unitSpellings(text: string): string {
  const after = `(?<=(?:\\d|[零〇一二兩两三四五六七八九十百]|\\b${WORD})\\s*-?\\s*)`;
  return text
    .replace(new RegExp(`${after}(?:kilo-?hertz|kilo-?hz)\\b`, 'gi'), 'kHz')
    .replace(new RegExp(`${after}千赫(?:茲)?`, 'g'), ' kHz ')
    .replace(new RegExp(`${after}(?:hertz|cycles?\\s+(?:per|a|each)\\s+second|cps)\\b`, 'gi'), 'Hz')
    .replace(new RegExp(`${after}(?:milli-?seconds?|msecs?|millisecs?|millis)\\b`, 'gi'), 'ms');
}

const VULGAR: Record<string, string> = {
  '½': '0.5',
  '⅓': '0.333333333',
  '⅔': '0.666666667',
  '¼': '0.25',
  '¾': '0.75',
  '⅕': '0.2',
  '⅖': '0.4',
  '⅗': '0.6',
  '⅘': '0.8',
  '⅙': '0.166666667',
  '⅚': '0.833333333',
  '⅐': '0.142857143',
  '⅛': '0.125',
  '⅜': '0.375',
  '⅝': '0.625',
  '⅞': '0.875',
  '⅑': '0.111111111',
  '⅒': '0.1',
};

/**
 * Numerals written in forms the rules after do not read: vulgar fractions ("½ Hz" → "0.5 Hz", "1½ s" → "1.5 s") and a
 * decimal comma before a unit ("0,5 s", "2,5 Hz"); a comma between numbers with no unit after them stays a list ("C3,4").
 */
export function numeralForms(text: string): string {
  return (
    text
      // superscript exponents ("3×10⁻⁴", "2⁵"): the caret form every rule reads
      .replace(/(?<=\d\s*)[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (e) => `^${[...e].map((c) => SUPERSCRIPT[c] ?? c).join('')}`)
      // 「萬分之三」: ten-thousandths, as 千分之 and 百分之 are read
      .replace(/萬分之/g, '10000分之')
      // a range written with a spaced dash between two values ("-0.5 – 3 s", "7 Hz – 35 Hz"): "to", as the range rules read it
      .replace(/(?<=\d(?:\s*(?:hz|khz|ms|s|sec|秒|毫秒|赫茲))?)\s+[–—]\s+(?=-?\d)/gi, ' to ')
      .replace(/(\d*)([½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒])/g, (_m, whole: string, f: string) => String(Math.round((Number(whole || 0) + Number(VULGAR[f])) * 1e9) / 1e9))
      .replace(/(?<![\d.,])(\d+),(\d{1,2})(?![\d,])(?=\s*(?:ms|s|sec|secs|seconds?|hz|khz|%|秒|毫秒|赫茲)(?![A-Za-z]))/gi, '$1.$2')
      // the start of a range whose end carries the unit: "0,5 to 38 Hz", "between 0,5 and 2,5 s", "0,5-40 Hz"
      .replace(
        /(?<![\d.,])(\d+),(\d{1,2})(?![\d,])(?=\s*(?:to|and|up to|-|–|~|到|至)\s*\d+(?:[.,]\d+)?\s*(?:ms|s|sec|secs|seconds?|hz|khz|秒|毫秒|赫茲)(?![A-Za-z]))/gi,
        '$1.$2',
      )
  );
}

/**
 * A value as written in code: a number ("1.", "-0.2", "3e-4") or None (the edge, left to the tool); an operand of
 * arithmetic after it ("epochs = 2 的 5 次方", "lr = 1e-3 / 2") leaves the key to the arithmetic rules.
 */
const CODE_VALUE = String.raw`(-?\d+(?:\.\d*)?(?:e-?\d+)?|None|null)`;
const KEY = (names: string, said = String.raw`\s*=\s*`) =>
  new RegExp(
    String.raw`(?<![\w.])(?:${names})${said}${CODE_VALUE}(?:\s*(ms|msec|millis(?:econds?)?|s|sec|secs|seconds?|hz)\b)?(?![\w.])(?!\s*(?:的|[\^*/×+-]|times\b|to\s+the\b|乘|除|次方))\s*,?\s*`,
    'i',
  );
const FREQ_PAIR: [RegExp, RegExp] = [KEY('l_freq|lfreq|low_freq|locutoff|lowcut|fmin|hp_freq'), KEY('h_freq|hfreq|high_freq|hicutoff|highcut|fmax|lp_freq')];
/**
 * The epoch's time keys are also written in prose with a verb or nothing between the key and its value ("tmin -0.4",
 * "tmax of 3", "tmin: -0.2", 「tmin 設 -0.3」, 「tmax 改成 3」): only these names, which are no English words.
 */
const TIME_SAID = String.raw`(?:\s*[=:：]\s*|\s*(?:設成|設為|改成|改為|設|為|是|用|調成)\s*|\s+(?:(?:of|at|to|is|=|be)\s+)?)`;
const TIME_PAIR: [RegExp, RegExp] = [KEY('tmin|t_min|tstart|epoch_start', TIME_SAID), KEY('tmax|t_max|tend|epoch_end', TIME_SAID)];
/** One keyword, one value in the words the rules read. */
const SINGLE_KEYS: [RegExp, (v: string) => string][] = [
  [KEY('sfreq|new_sfreq|srate|fs'), (v) => `sfreq = ${v} Hz `],
  [KEY('freqs|notch_freq|line_freq'), (v) => `${v} Hz `],
  [KEY('lr|learning_rate'), (v) => `learning rate ${v} `],
  [KEY('batch_size|batchsize|bs'), (v) => `batch size ${v} `],
  [KEY('n_epochs|max_epochs|num_epochs|epochs'), (v) => `${v} epochs `],
  [KEY('test_size|test_ratio|test_split'), (v) => `test ratio ${v} `],
  [KEY('val_size|val_ratio|validation_split'), (v) => `validation ratio ${v} `],
];
const edge = (v: string) => (/^(?:none|null)$/i.test(v) ? null : v.replace(/\.$/, ''));
/** A time value typed with its unit ("tmin = -1500 ms"): in seconds, the unit the time keywords take. */
const inSeconds = (v: string | null, unit: string | undefined) =>
  v !== null && unit && /^(?:ms|msec|millis)/i.test(unit) ? String(Math.round((Number(v) / 1000) * 1e9) / 1e9) : v;

/**
 * Values written in another toolbox's syntax, in the words the rules read: MNE/EEGLAB/Keras keyword arguments
 * ("l_freq=8, h_freq=30" → "8 to 30 Hz", "tmin=-0.2, tmax=0.8" → "from -0.2 to 0.8 s", "sfreq=128" → "128 Hz",
 * "lr=3e-4", "batch_size=16", "epochs=40", "test_size=0.25") and a MATLAB/Python pair of numbers ("[0 4]", "[8, 30]",
 * "(1, 40)") as a range. A trailing point ("1.") is the integer. Keys of XBrain's own tools typed as code are read by
 * codeCalls.ts, before this.
 */
export function toolboxArguments(text: string): string {
  let s = text;
  for (const [[lo, hi], unit, from] of [
    [FREQ_PAIR, 'Hz', ''],
    [TIME_PAIR, 's', 'from '],
  ] as const) {
    const a = lo.exec(s);
    const b = hi.exec(s);
    if (a && b) {
      const x = unit === 's' ? inSeconds(edge(a[1]), a[2]) : edge(a[1]);
      const y = unit === 's' ? inSeconds(edge(b[1]), b[2]) : edge(b[1]);
      if (x === null || y === null) continue;
      const [first, second] = a.index < b.index ? [a, b] : [b, a];
      s = `${s.slice(0, first.index)}${from}${x} to ${y} ${unit} ${s.slice(first.index + first[0].length, second.index)}${s.slice(second.index + second[0].length)}`;
    } else if (a || b) {
      const m = (a ?? b) as RegExpExecArray;
      const v = unit === 's' ? inSeconds(edge(m[1]), m[2]) : edge(m[1]);
      if (v === null) continue;
      const words = unit === 'Hz' ? (a ? `low cutoff ${v} Hz ` : `high cutoff ${v} Hz `) : a ? `from ${v} s ` : `to ${v} s `;
      s = `${s.slice(0, m.index)}${words}${s.slice(m.index + m[0].length)}`;
    }
  }
  for (const [key, words] of SINGLE_KEYS) {
    const m = key.exec(s);
    const v = m && edge(m[1]);
    if (m && v !== null) s = `${s.slice(0, m.index)}${words(v)}${s.slice(m.index + m[0].length)}`;
  }
  // "baseline=(None, 0)": the baseline window in code, not a range of the step
  s = s.replace(/\bbaseline\s*=\s*[([][^)\]]*[)\]]\s*,?/gi, ' ');
  // "epoch T1 in a [-0.5 3.5] window", "epochs over the window [0 4]": the bracketed pair is the epoch's own time window
  // (the word "window" there names no windowing step)
  if (/\bepochs?\b|epoch|切段/i.test(s) && !/\bwindows\b|視窗|滑動/i.test(s))
    s = s.replace(
      /\b(?:(?:in|over|with|using)\s+)?(?:a|an|the)?\s*(?:time\s+)?window\s*(?:of\s+)?\[\s*(-?\d+(?:\.\d+)?)\s*(?:,\s*|\s+)(-?\d+(?:\.\d+)?)\s*\]|\b(?:in|over|with|using)?\s*(?:a|an|the)?\s*\[\s*(-?\d+(?:\.\d+)?)\s*(?:,\s*|\s+)(-?\d+(?:\.\d+)?)\s*\]\s*(?:s\s+|sec\s+|second\s+)?(?:time\s+)?window\b/gi,
      (_m, a?: string, b?: string, c?: string, d?: string) => ` from ${a ?? c} to ${b ?? d} s `,
    );
  // "[0 4]", "[8, 30]", "(1, 40)": two numbers in brackets are a range
  // (a pair in round brackets only after "=": "(4, 8)" after "runs" is a list)
  return s.replace(/(?:\[|(?<==\s*)\()\s*(-?\d+(?:\.\d+)?)\.?\s*(?:,\s*|\s+)(-?\d+(?:\.\d+)?)\.?\s*[\])]/g, ' $1 to $2 ');
}
