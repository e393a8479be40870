/**
 * The epoch window in force changed relative to itself (issue 14, session h15-units): "double the epoch length", "make
 * the epochs 1 s shorter", "start the epochs 100 ms earlier", "end them half a second sooner", "shift the epoch window
 * 200 ms later", 「epoch 比現在短一秒」, 「epoch 再長 0.5 秒」, 「epoch 長度改成兩倍」, 「window 往前多拉 500 ms」. One grammar for
 * every wording: which edge moves (the start, the end, both, or the length, which moves the end), which way (earlier or
 * later, longer or shorter, a factor), and by how much (a time, or a factor of the length). The text is read after the
 * number grammar (digits, "0.5 second", 「1秒」, 「2倍」). Null when the text says no such change or gives a window of
 * its own; the result may be out of range (t_max ≤ t_min), which the tool's check refuses by name.
 */
export interface EpochWindow {
  t_min: number;
  t_max: number;
}

const TIME = String.raw`(\d+(?:\.\d+)?)\s*(ms|s|sec|secs|seconds?|milliseconds?|毫秒|秒)(?![a-z])`;
const EPOCH_WORD = /\bepochs?\b|\btrials?\b|\bthem\b|epoch|試次/i;
/** the start of the window: "start", "onset of the epochs", 起點, 開始 */
const START_WORD = /\b(?:start|begin|beginning|onset|front|left\s+edge|t_?min)\b|起點|起始|開始|開頭|前面|前端|往前(?:多)?拉/i;
/** the end of the window: "end", "finish", 結束, 終點 */
const END_WORD = /\b(?:end|ends|ending|finish|stop|right\s+edge|t_?max|tail)\b|結束|終點|結尾|後面|尾端|往後(?:多)?拉/i;
const SHIFT_WORD = /\b(?:shift|move|slide|offset|translate)\b|平移|整體|整個.*(?:往|移)/i;
const EARLIER = /\b(?:earlier|sooner)\b|提早|提前|往前|早一?點/i;
const LATER = /\b(?:later)\b|延後|延遲|往後|晚一?點/i;
const LONGER = /\b(?:longer|extend(?:ed)?|lengthen(?:ed)?|widen(?:ed)?|wider)\b|延長|拉長|加長|再長|長了?(?=\s*\d)|多拉|多/i;
const SHORTER = /\b(?:shorter|shorten(?:ed)?|trim(?:med)?|narrower)\b|縮短|再短|短了?(?=\s*\d)|少/i;

const seconds = (n: string, u: string): number => (/^(?:ms|milliseconds?|毫秒)$/i.test(u) ? Number(n) / 1000 : Number(n));
const r = (x: number) => Math.round(x * 1e9) / 1e9;

export function epochWindowChange(text: string, window: EpochWindow | null): EpochWindow | null {
  if (!window) return null;
  const t = text.trim();
  if (!EPOCH_WORD.test(t) && !/\bepoch\s+window\b|^window\b/i.test(t)) return null;
  // a window of its own ("epoch T1 from -1 to 3 s", "epochs of 2 s") is a new epoching, not a change of this one
  const times = [...t.matchAll(new RegExp(TIME, 'gi'))];
  if (times.length > 1 || /\bfrom\s+-?\d|\d\s*(?:to|到|至|~)\s*-?\d/i.test(t)) return null;
  const len = window.t_max - window.t_min;
  if (times.length === 0) {
    // a factor of the length: "double the epoch length", "halve the epochs", 「epoch 長度改成 2 倍」, 「epoch 長度減半」
    const f =
      /\b(?:double|twice)\b|加倍|翻倍/i.test(t) && !/\bdouble[- ]check\b/i.test(t)
        ? 2
        : /\btriple\b/i.test(t)
          ? 3
          : /\b(?:halve|half)\b|減半|砍半|一半/i.test(t)
            ? 0.5
            : (() => {
                const m = /(\d+(?:\.\d+)?)\s*(?:倍|x|×|times)/i.exec(t);
                return m ? Number(m[1]) : null;
              })();
    if (f === null || !/\b(?:length|duration|window|long|epochs?)\b|長度|長|時長|窗/i.test(t)) return null;
    return { t_min: window.t_min, t_max: r(window.t_min + len * f) };
  }
  const [, n, u] = times[0];
  const x = seconds(n, u);
  const rest = t;
  const shift = SHIFT_WORD.test(rest);
  const earlier = EARLIER.test(rest);
  const later = LATER.test(rest);
  const longer = LONGER.test(rest);
  const shorter = SHORTER.test(rest);
  if (shift && (earlier || later)) {
    const d = earlier ? -x : x;
    return { t_min: r(window.t_min + d), t_max: r(window.t_max + d) };
  }
  const atStart = START_WORD.test(rest);
  const atEnd = END_WORD.test(rest);
  // "start 100 ms earlier", 「提早 200 毫秒開始」: the start moves; "end half a second sooner", 「結束往後延一秒」: the end moves
  if (atStart && !atEnd && (earlier || later || longer || shorter)) {
    const d = earlier || (longer && !later) ? -x : x;
    return { t_min: r(window.t_min + d), t_max: window.t_max };
  }
  if (atEnd && !atStart && (earlier || later || longer || shorter)) {
    const d = earlier || (shorter && !later) ? -x : x;
    return { t_min: window.t_min, t_max: r(window.t_max + d) };
  }
  // "one second longer", 「再長 0.5 秒」, 「比現在短一秒」: the length changes at the end
  if (longer !== shorter && !earlier && !later) return { t_min: window.t_min, t_max: r(window.t_max + (longer ? x : -x)) };
  return null;
}

/*
 * Which bound of the epoch window one time said alone is (issue 14, session h16-units). The words next to the time name
 * it: an edge word before it ("starting -0.5 s", "tmin = -0.2", "end at 3 s", 「起點設在 -0.2 秒」, 「終點在 3 秒」), a
 * preposition before it ("from -0.2 s", "until 2.5 s", 「從 -0.5 秒」, 「到 4 秒」), or a verb after it (「-0.5 秒開始」,
 * 「2.5 秒為止」). An edge word governs over a preposition ("set tmin to -0.2" is the start). With no such word, a time
 * before the event is the start (a window cannot end before its default start at the event) and one after it the end.
 */
const FILLER = String.raw`(?:\s*(?:at|from|with|of|is|to|around|the|its|time|point|cue|onset|event|stimulus|trigger|時間|時刻|點|=|:|：|設在|設成|設為|改成|改為|設|在|是|為|於|用|事件|刺激|提示))*\s*$`;
const START_EDGE = new RegExp(
  String.raw`(?:\b(?:start(?:s|ing|ed)?|begin(?:s|ning)?|t_?min|tstart|epoch_start|lower\s+bound|left\s+edge)\b|起點|起始|開頭|開始於|開始|起於)${FILLER}`,
  'i',
);
const END_EDGE = new RegExp(
  String.raw`(?:\b(?:end(?:s|ing|ed)?|stop(?:s|ping)?|finish(?:es|ing)?|t_?max|tend|epoch_end|upper\s+bound|right\s+edge)\b|終點|結尾|結束於|結束|止於)${FILLER}`,
  'i',
);
const START_PREP = /(?:\b(?:from|since)|從|自)\s*$/i;
const END_PREP = /(?:\b(?:to|until|till|through|thru|up\s+to)|直到|到|至)\s*$/i;
const START_AFTER = /^\s*(?:的地方|處)?\s*(?:開始|起(?!點)|onwards?\b|and\s+(?:later|on)\b|as\s+(?:the\s+)?(?:start|onset|beginning)\b)/i;
const END_AFTER = /^\s*(?:的地方|處)?\s*(?:結束|為止|止|as\s+(?:the\s+)?end\b)/i;

/** The bound a single time of an epoch request is: `before` is the text before it, `after` the text after it. */
export function loneTimeEdge(before: string, after: string, value: number): 't_min' | 't_max' {
  const start = START_EDGE.test(before);
  const end = END_EDGE.test(before);
  if (start !== end) return start ? 't_min' : 't_max';
  if (START_AFTER.test(after)) return 't_min';
  if (END_AFTER.test(after)) return 't_max';
  if (START_PREP.test(before)) return 't_min';
  if (END_PREP.test(before)) return 't_max';
  return value < 0 ? 't_min' : 't_max';
}
