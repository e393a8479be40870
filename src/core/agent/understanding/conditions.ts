/*
 * A request made on a condition about the Study ("if the rate is above 200, downsample to 128", "downsample to 128 only
 * if the rate is over 256", 「如果取樣率超過 250 就降到 250」, "if there are more than 32 channels, keep C3, Cz and C4"):
 * the condition is decided on the Study's facts. When it holds the request is what remains; when it does not, nothing
 * runs and the answer says why; when the fact is not known yet, the request waits for it.
 */
export interface ConditionFacts {
  sfreq: number | null;
  channels: number | null;
}

type Cmp = '>' | '<' | '>=' | '<=';
const NUM = String.raw`(\d+(?:\.\d+)?)`;
const ABOVE = String.raw`(?:is\s+)?(?:above|over|higher\s+than|greater\s+than|more\s+than|larger\s+than|bigger\s+than|exceeds?|>)`;
const BELOW = String.raw`(?:is\s+)?(?:below|under|lower\s+than|less\s+than|smaller\s+than|fewer\s+than|<)`;
const AT_LEAST = String.raw`(?:is\s+)?(?:at\s+least|>=|≥)`;
const AT_MOST = String.raw`(?:is\s+)?(?:at\s+most|<=|≤)`;
const CMP_EN = `(${AT_LEAST}|${AT_MOST}|${ABOVE}|${BELOW})`;
const CMP_ZH = '(超過|高於|大於|多於|高過|大過|不低於|至少|不超過|最多|低於|小於|少於|不到)';
const RATE_EN = String.raw`(?:the\s+)?(?:(?:sampling|sample)\s+(?:rate|frequency)|rate|fs|sfreq|srate)`;
const CHANNELS_EN = String.raw`(?:the\s+)?(?:number\s+of\s+channels|channel\s+count)`;
const IF_EN = String.raw`(?:only\s+)?(?:if|when|in\s+case|provided(?:\s+that)?)`;

/** The fact, the comparison and the value of a condition, and where it sits in the text. */
interface Condition {
  fact: 'sfreq' | 'channels';
  cmp: Cmp;
  value: number;
  span: [number, number];
  words: string;
}

const EN_CONDITION = new RegExp(
  String.raw`(?:^|[,;，]?\s*(?:but\s+)?)\b${IF_EN}\s+(?:(${RATE_EN}|${CHANNELS_EN})\s+${CMP_EN}\s+${NUM}\s*(?:hz|channels?)?|(?:there\s+are|we\s+have|it\s+has|the\s+data\s+has)\s+${CMP_EN}\s+${NUM}\s+channels)\s*(?:[,，]\s*(?:then\s+)?|\s+then\s+|(?=\s*$))`,
  'i',
);
const ZH_CONDITION = new RegExp(
  String.raw`(?:如果|若是?|要是|假如|假設)?\s*(取樣率|採樣率|通道數|通道數量|通道)\s*(?:如果|若)?\s*(?:有)?\s*${CMP_ZH}\s*${NUM}\s*(?:hz|赫茲|個)?\s*(?:個通道)?\s*(?:的話)?\s*[，,]?\s*(?:就|再|那就|則)?\s*`,
  'i',
);

function cmpOf(words: string): Cmp {
  if (/at\s+least|>=|≥|不低於|至少/i.test(words)) return '>=';
  if (/at\s+most|<=|≤|不超過|最多/i.test(words)) return '<=';
  if (/below|under|lower|less|smaller|fewer|<|低於|小於|少於|不到/i.test(words)) return '<';
  return '>';
}

function findCondition(text: string): Condition | null {
  const en = EN_CONDITION.exec(text);
  if (en) {
    const channels = en[1] ? /channel/i.test(en[1]) : true;
    const cmpWords = en[2] ?? en[4];
    const value = Number(en[3] ?? en[5]);
    return { fact: channels ? 'channels' : 'sfreq', cmp: cmpOf(cmpWords), value, span: [en.index, en.index + en[0].length], words: en[0].trim() };
  }
  const zh = ZH_CONDITION.exec(text);
  if (zh && /如果|若|要是|假如|假設|的話|就/.test(zh[0])) {
    return {
      fact: /通道/.test(zh[1]) ? 'channels' : 'sfreq',
      cmp: cmpOf(zh[2]),
      value: Number(zh[3]),
      span: [zh.index, zh.index + zh[0].length],
      words: zh[0].trim(),
    };
  }
  return null;
}

const holds = (x: number, cmp: Cmp, v: number) => (cmp === '>' ? x > v : cmp === '<' ? x < v : cmp === '>=' ? x >= v : x <= v);

/**
 * The request with its condition decided: `text` without the condition when it holds (or when there is none);
 * `unmet` says why nothing runs when it does not hold or the fact is not known.
 */
export function decideCondition(text: string, facts: ConditionFacts): { text: string; unmet?: string } {
  const c = findCondition(text);
  if (!c) return { text };
  const actual = c.fact === 'sfreq' ? facts.sfreq : facts.channels;
  const what = c.fact === 'sfreq' ? 'sampling rate' : 'number of channels';
  const unit = c.fact === 'sfreq' ? ' Hz' : '';
  if (actual === null) return { text, unmet: `the ${what} is not known until recordings are loaded, so I cannot check "${c.words}"` };
  if (!holds(actual, c.cmp, c.value))
    return {
      text,
      unmet: `the ${what} is ${actual}${unit}, so the condition "${c.words.replace(/^[,;，\s]+|[,，\s]+$/g, '')}" does not hold; nothing was changed`,
    };
  return { text: `${text.slice(0, c.span[0])} ${text.slice(c.span[1])}`.replace(/\s+/g, ' ').trim() };
}
