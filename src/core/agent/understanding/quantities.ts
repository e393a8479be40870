import { evaluate, unit as mathUnit } from 'mathjs';
import { findQuantities, isDimension, unitName } from '../units';
import { chineseNumbers, englishNumbers, numeralForms, toolboxArguments, unitSpellings, zhValue } from './numbers';
import { withoutCorrectedParts } from './correctionScope';

/** What the Study says about itself, as far as the planner can read it from the system prompt and the conversation. */
export interface StudyFacts {
  /** sampling rate of the loaded recordings (after any resampling), Hz */
  sfreq: number | null;
  channels: number | null;
  events: string[];
  training: Record<string, unknown> | null;
  /** the tools' default values by parameter name ("4x the default batch size") */
  defaults?: Record<string, unknown>;
}

export interface Resolved {
  text: string;
  /** values the text refers to but the Study cannot supply: ask, do not guess */
  problems: string[];
}

const NUM = '(-?\\d+(?:\\.\\d+)?(?:e-?\\d+)?)';
const UNIT = '\\s*(khz|hz|ms|s|sec|secs|seconds?|%)?';

const FRACTIONS: [RegExp, number][] = [
  [/\b(?:a|one)\s+half\b|\bhalf\b/gi, 1 / 2],
  [/\b(?:a|one)\s+third\b/gi, 1 / 3],
  [/\b2\s+thirds\b/gi, 2 / 3],
  [/\b(?:a|one)\s+(?:quarter|fourth)\b|\bquarter\b/gi, 1 / 4],
  [/\b3\s+(?:quarters|fourths)\b/gi, 3 / 4],
  [/\b(?:a|one)\s+fifth\b/gi, 1 / 5],
  [/\b(?:a|one)\s+tenth\b/gi, 1 / 10],
  [/\b(?:a|one)\s+hundredth\b/gi, 1 / 100],
  [/\b(?:a|one)\s+thousandth\b/gi, 1 / 1000],
  [/\btwice\b|\bdouble\b/gi, 2],
  [/\btriple\b|\bthrice\b/gi, 3],
];

/** Regions by mains frequency (the grid's line-noise frequency). */
const MAINS_60 =
  /\b(?:taiwan|taipei|kaohsiung|taichung|tainan|hsinchu|us|usa|u\.s\.?|united states|america|american|canada|canadian|mexico|brazil|colombia|korea|korean|seoul|busan|philippines|manila|saudi|new york|boston|chicago|los angeles|san francisco|san diego|seattle|houston|toronto|montreal|vancouver|osaka|kyoto|brazilian|mexican|colombian|venezuelan|peru|peruvian|filipino|philippine|taiwanese|saudi arabian|costa rica|puerto rico|guatemala|ecuador|taoyuan|keelung|chiayi|hualien|incheon|daegu|cebu|nagoya|kobe|hiroshima|fukuoka|bogota|medellin|lima|caracas|rio de janeiro|sao paulo|riyadh|jeddah|atlanta|miami|dallas|austin|denver|phoenix|philadelphia|washington|detroit|san jose|pittsburgh|baltimore|minneapolis|ottawa|calgary|guadalajara|monterrey|panama)\b|\bbogotá|\bmedellín|\bsão paulo|桃園|基隆|嘉義|花蓮|芝加哥|西雅圖|洛杉磯|紐約|波士頓|舊金山|多倫多|溫哥華|京都|名古屋|神戶|釜山|仁川|沙烏地|秘魯|委內瑞拉|聖保羅|里約|巴西|墨西哥|菲律賓|哥倫比亞|台灣|臺灣|台北|臺北|高雄|台中|臺中|台南|新竹|美國|加拿大|韓國|首爾|北美|大阪/i;
const MAINS_50 =
  /\b(?:europe|european|eu|uk|britain|british|england|germany|german|france|french|italy|spain|netherlands|dutch|belgium|switzerland|swiss|austria|sweden|norway|denmark|finland|poland|portugal|ireland|greece|china|chinese|beijing|shanghai|shenzhen|india|australia|sydney|melbourne|new zealand|russia|moscow|africa|hong kong|singapore|london|paris|berlin|munich|madrid|rome|amsterdam|zurich|vienna|stockholm|tokyo|italian|spanish|english|scottish|irish|australian|indian|russian|swedish|norwegian|danish|finnish|polish|portuguese|greek|austrian|belgian|singaporean|south african|egypt|egyptian|israel|israeli|turkey|turkish|iran|iranian|argentina|argentinian|argentine|chile|chilean|new zealand|kiwi|indonesia|indonesian|vietnam|vietnamese|thailand|thai|malaysia|malaysian|pakistan|manchester|edinburgh|glasgow|birmingham|oxford|dublin|barcelona|milan|naples|brussels|geneva|lyon|marseille|hamburg|frankfurt|cologne|oslo|copenhagen|helsinki|warsaw|prague|budapest|lisbon|athens|istanbul|cairo|johannesburg|cape town|nairobi|lagos|bangkok|jakarta|hanoi|ho chi minh|auckland|wellington|buenos aires|santiago|tel aviv|jerusalem|dubai|abu dhabi|tehran|mumbai|delhi|new delhi|bangalore|bengaluru|chennai|kolkata|karachi|lahore|dhaka|kathmandu|colombo|kuala lumpur|brisbane|perth|adelaide|canberra|yokohama|sapporo|sendai|guangzhou|chengdu|wuhan|hangzhou|nanjing|tianjin|macau|macao)\b|雪梨|墨爾本|孟買|吉隆坡|斯德哥爾摩|曼谷|廣州|杭州|南京|成都|武漢|天津|澳門|都柏林|愛丁堡|曼徹斯特|米蘭|羅馬|馬德里|巴塞隆納|阿姆斯特丹|布魯塞爾|維也納|蘇黎世|日內瓦|慕尼黑|法蘭克福|漢堡|奧斯陸|哥本哈根|赫爾辛基|華沙|布拉格|伊斯坦堡|開羅|雅加達|河內|奧克蘭|布宜諾斯艾利斯|新德里|德里|班加羅爾|橫濱|札幌|仙台|義大利|西班牙|荷蘭|瑞士|瑞典|俄羅斯|以色列|土耳其|阿根廷|智利|紐西蘭|泰國|越南|馬來西亞|印尼|歐洲|英國|德國|法國|中國|大陸|北京|上海|深圳|香港|澳洲|印度|新加坡|倫敦|巴黎|柏林|東京/i;
const MAINS_WORD = /\bmains\b|line noise|power[- ]?line|\bhum\b|\b(?:line|mains|power|grid|ac)\s+frequency\b|市電|電源雜訊|工頻/i;

const PARAMS: [RegExp, string, string][] = [
  [/epochs?(?:\s+數)?|訓練輪數|輪數|epoch\s*數/, 'epoch', 'epochs'],
  [/batch(?:\s*size)?|批次(?:大小)?/, 'batch_size', 'batch size'],
  [/learning\s*rate|學習率/, 'learning_rate', 'learning rate'],
];

/** The factor a fraction or multiple word names ("a tenth" → 0.1, "twice" → 2). */
function FRACTION_WORD(f: string): number {
  const w = f.toLowerCase().trim();
  // a share fractionWords already wrote as a decimal ("an eighth" → 0.125)
  if (/^\d*\.\d+$/.test(w)) return Number(w);
  const den = /^(?:an?|one)\s+(sixth|seventh|eighth|ninth)$/.exec(w);
  if (den) return 1 / ORDINAL_DENOMINATOR[den[1]];
  return /half/.test(w)
    ? 0.5
    : /quarter|fourth/.test(w)
      ? 0.25
      : /third/.test(w)
        ? 1 / 3
        : /fifth/.test(w)
          ? 0.2
          : /tenth/.test(w)
            ? 0.1
            : /hundredth/.test(w)
              ? 0.01
              : /triple|thrice/.test(w)
                ? 3
                : 2;
}

/** "twice as many epochs as last time" → "configure training epochs 20" (at 10): values taken from the configuration. */
function trainingArithmetic(text: string, facts: StudyFacts): string {
  // "the number of epochs", "the size of the batch": the setting itself
  let s = text
    .replace(/\b(?:the\s+)?(?:number|amount|count) of\s+(?:training\s+)?(epochs?)\b/gi, 'the $1')
    .replace(/\b(?:training\s+)?epoch\s+(?:count|number)\b/gi, 'epochs')
    .replace(/\bthe size of the batch(?:es)?\b/gi, 'the batch size');
  const t = facts.training;
  for (const [word, key, name] of PARAMS) {
    const w = word.source;
    const cur = t && typeof t[key] === 'number' ? (t[key] as number) : null;
    // "train three times as many epochs as last time": the verb that starts a run stays a start
    const put = (factor: number) => (m: string) =>
      cur === null ? m : /^(?:train|run)\b/i.test(m) ? `train with ${name} ${fmt(cur * factor)}` : `configure training ${name} ${fmt(cur * factor)}`;
    s = s
      .replace(
        new RegExp(
          `(?:\\b(?:train|run)\\s+(?:for\\s+)?)?\\b(twice|double|three times|triple|half)\\s+as\\s+(?:many|much|large|big|high)\\s+(?:the\\s+)?(?:${w})(?:\\s+as\\s+(?:last time|before|now|previously|the last run))?`,
          'gi',
        ),
        (m, f: string) => put(/half/i.test(f) ? 0.5 : /three|triple/i.test(f) ? 3 : 2)(m),
      )
      .replace(
        new RegExp(
          `(?:\\b(?:train|run)\\s+(?:for\\s+)?)?\\b(\\d+(?:\\.\\d+)?)\\s*(?:times|x|×)\\s+(?:as\\s+(?:many|much|large|big|high)\\s+|more\\s+|the\\s+|bigger\\s+|larger\\s+)?(?:the\\s+)?(?:${w})(?:\\s+(?:as|than)\\s+(?:last time|before|now|previously|the last run))?`,
          'gi',
        ),
        (m, n: string) => put(Number(n))(m),
      )
      .replace(
        new RegExp(
          `\\b(cut|reduce|lower|decrease|drop|shrink|increase|raise|bump(?:\\s+up)?|grow|multiply|divide|scale)\\s+(?:the\\s+|my\\s+)?(?:${w})\\s+(?:(?:up|down)\\s+)?(?:(?:by|in)\\s+(?:a\\s+)?(half)|by\\s+(?:a\\s+factor\\s+(?:of\\s+)?)?(\\d+(?:\\.\\d+)?)\\s*(%|x|×|fold|times)?)`,
          'gi',
        ),
        (m, verb: string, half?: string, n?: string, u?: string) => {
          const down = /cut|reduce|lower|decrease|drop|shrink|divide/i.test(verb);
          if (half) return put(down ? 0.5 : 1.5)(m);
          const v = Number(n);
          if (u === '%') return put(down ? 1 - v / 100 : 1 + v / 100)(m);
          // "increase the learning rate by a factor of 10" multiplies, as "reduce … by a factor of 10" divides
          if (/multiply|scale/i.test(verb) || (!down && (u || /factor/i.test(m)))) return put(v)(m);
          if (/divide/i.test(verb) || (down && (u || /factor/i.test(m)))) return put(1 / v)(m);
          // "increase the epochs by 5": an amount, not a factor
          return cur === null ? m : `configure training ${name} ${fmt(down ? cur - v : cur + v)}`;
        },
      )
      // "cut the learning rate to 30% of the last run's", "batch size to 50 percent of what it is now": a share of the value now
      .replace(
        new RegExp(
          `(?:${w})\\s+(?:(?:down|up)\\s+)?(?:to|at)\\s+(\\d+(?:\\.\\d+)?)\\s*%\\s+of\\s+(?:the\\s+|its\\s+|what\\s+(?:it|we)\\s+(?:is|was|has|had|used)(?:\\s+(?:now|before|last\\s+time))?|that\\b|it\\b)?\\s*(?:(?:current|present|previous|old|original|last(?:\\s+run'?s?)?|earlier)(?:\\s+(?:one|value|run'?s?|setting))?)?`,
          'gi',
        ),
        (m, n: string) => put(Number(n) / 100)(m),
      )
      // "學習率降到原本的一半", "batch 改成現在的兩倍", "set the learning rate to half its current value"
      .replace(
        new RegExp(
          `(?:${w})\\s*(?:再)?\\s*(?:降到|減到|改成|變成|調成|調到|設成|設為|降為|減為|改為|砍到|砍成|降成|減成|變為|調為|縮小到|縮成|降低到|減少到|提高到|加到|升到|設|改|調|用|為|to)?\\s*(?:原本|原來|目前|現在|當前|上次|上一次|之前|剛才|剛剛|its current(?: value)?|the current(?: value)?|last time'?s?)\\s*(?:的)?\\s*(half|\\d+(?:\\.\\d+)?\\s*倍|\\d*\\.\\d+)`,
          'gi',
        ),
        (m, f: string) => put(/half/i.test(f) ? 0.5 : /倍/.test(f) ? parseFloat(f) : Number(f))(m),
      )
      .replace(
        new RegExp(
          `(?:${w})\\s*(?:to\\s+|=\\s*|:\\s*)(half|(?:a|an|one)\\s+(?:quarter|third)|twice|double|triple)\\s+(?:of\\s+)?(?:its|the|what it is|what it was)\\s*(?:current|present|previous|old)?\\s*(?:(?:value|one|number|count|amount|setting|size|rate)\\b)?`,
          'gi',
        ),
        (m, f: string) => put(/half/i.test(f) ? 0.5 : /quarter/i.test(f) ? 0.25 : /third/i.test(f) ? 1 / 3 : /triple/i.test(f) ? 3 : 2)(m),
      )
      // "half the learning rate", "a tenth of the current learning rate", "twice my batch size": a share of the setting
      .replace(
        new RegExp(
          `\\b(half|(?:a|an|one)\\s+(?:quarter|third|fifth|tenth)|twice|double|triple|thrice|(\\d+(?:\\.\\d+)?)\\s*(?:times|x|×))\\s+(?:of\\s+)?(?:the\\s+|its\\s+|my\\s+|our\\s+|your\\s+)?(?:(?:current|present|previous|old|last|existing|original)\\s+)?(?:${w})\\b`,
          'gi',
        ),
        (m, f: string, n?: string) => put(n ? Number(n) : FRACTION_WORD(f))(m),
      )
      // "a batch size four times the current one", "the learning rate at a tenth of what it is": the setting named before
      .replace(
        new RegExp(
          `(?:${w})\\s+(?:(?:down|up)\\s+)?(?:to\\s+|at\\s+|of\\s+)?(half|(?:a|an|one)\\s+(?:quarter|third|fifth|tenth)|twice|double|triple|\\d*\\.\\d+(?=\\s+of\\b)|(\\d+(?:\\.\\d+)?)\\s*(?:times|x|×))\\s+(?:of\\s+)?(?:the current|the present|the previous|the old|the last|its current|its|what it is(?: now)?|what it was|what we had|the one (?:before|we had|now)|(?:the )?last time'?s?|before|previously|earlier|now|last time)(?:\\s+(?:one|value|size|setting|rate))?\\b`,
          'gi',
        ),
        (m, f: string, n?: string) => put(n ? Number(n) : FRACTION_WORD(f))(m),
      )
      // "the epochs to three times as many as now", "batch size at half as large": the setting named before its multiple
      .replace(
        new RegExp(
          `(?:${w})\\s+(?:to\\s+|at\\s+|=\\s*)?(twice|double|triple|half|(\\d+(?:\\.\\d+)?)\\s*(?:times|x|×))\\s+as\\s+(?:many|much|large|big|high|long)(?:\\s+as\\s+(?:now|before|last time|currently|previously|it is(?: now)?|it was))?`,
          'gi',
        ),
        (m, f: string, n?: string) => put(n ? Number(n) : FRACTION_WORD(f))(m),
      )
      .replace(new RegExp(`\\b(double|halve|triple|quadruple)\\s+(?:the\\s+|my\\s+|our\\s+)?(?:${w})`, 'gi'), (m, f: string) =>
        put(/halve/i.test(f) ? 0.5 : /quadruple/i.test(f) ? 4 : /triple/i.test(f) ? 3 : 2)(m),
      )
      // "epochs 50% more than the last run", "30% fewer epochs than before", "batch size 25% smaller": a share up or down
      .replace(
        new RegExp(
          `(?:${w})\\s+(?:to\\s+|at\\s+)?(\\d+(?:\\.\\d+)?)\\s*%\\s+(more|higher|larger|bigger|greater|longer|less|lower|fewer|smaller|shorter)\\b(?:\\s+than\\s+(?:the\\s+)?(?:last(?:\\s+(?:run|time|one))?|before|now|previously|current(?:\\s+(?:one|value))?|it is(?: now)?|it was))?|\\b(\\d+(?:\\.\\d+)?)\\s*%\\s+(more|fewer|less|extra|additional)\\s+(?:${w})(?:\\s+than\\s+(?:the\\s+)?(?:last(?:\\s+(?:run|time|one))?|before|now|previously))?`,
          'gi',
        ),
        (m, a?: string, da?: string, b?: string, db?: string) => {
          const up = /more|higher|larger|bigger|greater|longer|extra|additional/i.test(da ?? db ?? '');
          const p = Number(a ?? b) / 100;
          return put(up ? 1 + p : 1 - p)(m);
        },
      )
      // 「學習率降一個數量級」 (made "降1個數量級"), 「batch 大兩個數量級」: a power of ten down or up
      .replace(
        new RegExp(`(?:${w})\\s*(?:再)?\\s*(降低|減少|調降|調低|降|減|少|小|低|提高|增加|調高|調升|升|加|大|高)\\s*(?:了)?\\s*(\\d+)\\s*個?\\s*數量級`, 'gi'),
        (m, dir: string, n: string) => put(Math.pow(10, (/降|減|少|小|低/.test(dir) ? -1 : 1) * Number(n)))(m),
      )
      .replace(new RegExp(`(?:${w})\\s*(?:再)?\\s*(除以|乘以|乘上|乘|除(?!了)|÷|/)\\s*(\\d+(?:\\.\\d+)?)`, 'gi'), (m, op: string, n: string) =>
        put(/除|÷|\//.test(op) ? 1 / Number(n) : Number(n))(m),
      )
      .replace(new RegExp(`(?:${w})\\s*(?:數)?\\s*(?:減少|減|少|砍|降低|降)\\s*(?:了|成|到)?\\s*half`, 'gi'), (m) => put(0.5)(m))
      .replace(new RegExp(`(?:${w})\\s*(加倍|翻倍|減半|砍半|對半砍?|砍一半|變兩倍|變一半)`, 'gi'), (m, f: string) =>
        put(/減半|砍|對半|一半/.test(f) ? 0.5 : 2)(m),
      )
      // "學習率再小十倍", "batch 大兩倍", "a learning rate ten times smaller": a factor down or up
      .replace(
        new RegExp(
          `(?:${w})\\s*(?:數)?\\s*(?:再)?\\s*(?:(小|少|低|降低|減少|縮小|大|多|高|提高|增加|放大)\\s*(\\d+(?:\\.\\d+)?)\\s*倍|(?:to\\s+|by\\s+)?(\\d+(?:\\.\\d+)?)\\s*(?:x|×|times)\\s+(smaller|lower|less|bigger|larger|higher|more))`,
          'gi',
        ),
        (m, zdir?: string, zn?: string, en?: string, edir?: string) => {
          const up = /大|多|高|提高|增加|放大|bigger|larger|higher|more/i.test(zdir ?? edir ?? '');
          const n = Number(zn ?? en);
          return put(up ? n : 1 / n)(m);
        },
      )
      // 「epoch 數比上次多三成」 (made "多30%"), 「batch 比現在小 25%」: a share up or down, in Chinese order
      .replace(
        new RegExp(
          `(?:${w})\\s*(?:要|再)?\\s*比\\s*(?:上次|上一次|之前|原本|原來|現在|目前|剛剛|剛才)\\s*(?:再)?\\s*(多|少|高|低|大|小)\\s*(\\d+(?:\\.\\d+)?)\\s*%`,
          'gi',
        ),
        (m, dir: string, n: string) => put(/多|高|大/.test(dir) ? 1 + Number(n) / 100 : 1 - Number(n) / 100)(m),
      )
      .replace(new RegExp(`\\b(\\d+)\\s+(?:more|extra|additional)\\s+(?:${w})`, 'gi'), (m, n: string) => (cur === null ? m : `${name} ${fmt(cur + Number(n))}`))
      .replace(new RegExp(`(?:多|再多)\\s*(\\d+)\\s*(?:個|輪)?\\s*(?:${w})`, 'gi'), (m, n: string) => (cur === null ? m : `${name} ${fmt(cur + Number(n))}`));
    // "the learning rate was too aggressive; go with 40% of it", "batch 太大了，用它的一半": a share of "it", the
    // setting this request names (and no other)
    if (cur !== null && new RegExp(w, 'i').test(s) && PARAMS.filter(([re]) => re.test(s)).length === 1)
      s = s
        .replace(
          /\b(\d+(?:\.\d+)?\s*%|half|(?:a|an|one)\s+(?:quarter|third|fifth|tenth)|\d*\.\d+)\s+(?:of\s+)?(?:it|that|this)\b(?!\s+(?:for|as)\b)/gi,
          (_m, f: string) => `${name} ${fmt(cur * (/%/.test(f) ? parseFloat(f) / 100 : /^\d*\.\d+$/.test(f.trim()) ? Number(f) : FRACTION_WORD(f)))}`,
        )
        .replace(
          /(?:用|改成|設成|調成|降到|變成)\s*(?:它|他|這個|那個)的?\s*(half|\d*\.\d+|\d+(?:\.\d+)?%)/g,
          (_m, f: string) => `${name} ${fmt(cur * (/half/i.test(f) ? 0.5 : /%/.test(f) ? parseFloat(f) / 100 : Number(f)))}`,
        );
  }
  return s;
}

/**
 * A training setting changed to a fraction ("學習率改成十分之一", "batch 減為一半", "make the learning rate a tenth"): epochs
 * and batch sizes are counts and a learning rate is no share, so the fraction is of the value it has now. Marked as
 * such ("原本的…", "… of its current value") for trainingArithmetic; shares such as a test ratio are left alone.
 */
function relativeShares(text: string, facts: StudyFacts): string {
  const t = facts.training ?? {};
  const has = (word: string) => typeof t[/batch|批次/i.test(word) ? 'batch_size' : /learning|學習率/i.test(word) ? 'learning_rate' : 'epoch'] === 'number';
  return text
    .replace(
      /(epochs?(?:\s*數)?|訓練輪數|輪數|batch(?:\s*size)?|批次(?:大小)?|learning\s*rate|學習率)\s*(?:再)?\s*(改成|變成|降到|減到|降為|減為|調成|調到|設成|設為|改為|砍到|砍成|降成|減成|縮小到|縮成|降低到|減少到)\s*(?!原本|原來|目前|現在|當前)((?:[零〇一二兩两三四五六七八九十百千]+|\d+)分之(?:[零〇一二兩两三四五六七八九十]+|\d+)|一半)/gi,
      (m, word: string, verb: string, share: string) => {
        // "學習率設成千分之一" is a learning rate of 0.001; a share of a few parts ("十分之一", "一半") is of the value now
        const den = /分之/.test(share) ? share.split('分之')[0] : '2';
        const parts = /^\d+$/.test(den) ? Number(den) : zhValue(den);
        if (!has(word) || parts === null || parts > 10) return m;
        return `${word}${verb}原本的${share}`;
      },
    )
    .replace(
      /\b((?:(?:set|make|change|cut|reduce|drop|bring|lower|decrease)\s+)?(?:the\s+|my\s+)?(?:epochs?|batch(?:\s*size)?|learning\s*rate|lr)\s+(?:(?:down|up)\s+)?(?:to\s+)?)(half|(?:an?|one)\s+(?:quarter|third|fifth|sixth|seventh|eighth|ninth|tenth))\b(?!\s+(?:of|the)\b)/gi,
      (m, lead: string, share: string) => (has(lead) ? `${lead}${share} of its current value` : m),
    );
}

/** Default values a request may be relative to, by parameter word (from the tool definitions, passed in by the planner). */
const DEFAULT_WORDS: [RegExp, string][] = [
  [/batch(?:\s*size)?|批次(?:大小)?/i, 'batch_size'],
  [/learning\s*rate|學習率/i, 'learning_rate'],
  [/folds?|折/i, 'folds'],
  [/epochs?|輪/i, 'epoch'],
];

function defaultArithmetic(text: string, facts: StudyFacts): string {
  const defaults = facts.defaults ?? {};
  let s = text;
  const param = (span: string): [string, number] | null => {
    for (const [re, key] of DEFAULT_WORDS) if (re.test(span) && typeof defaults[key] === 'number') return [key, defaults[key] as number];
    return null;
  };
  // "set the batch size to 4x the default", "twice the default learning rate", "預設的兩倍"
  s = s.replace(
    /\b(\d+(?:\.\d+)?)\s*(?:x|×|times)\s+(?:the\s+)?default(?:\s+(?:value|one|setting))?|\b(twice|double|half|triple|thrice|(?:a|one)\s+(?:half|third|quarter|fourth|fifth|tenth|hundredth)|\d*\.\d+|\d+(?:\.\d+)?\s*%)\s+(?:of\s+)?the\s+default(?:\s+(?:value|one|setting))?|預設(?:值)?的\s*(\d+(?:\.\d+)?)\s*倍/gi,
    (m, a?: string, w?: string, z?: string, offset?: number, all?: string) => {
      const p = param(all ?? s);
      if (!p) return m;
      const f = a ? Number(a) : z ? Number(z) : shareValue(w ?? '');
      return fmt(p[1] * f);
    },
  );
  // "預設的一半" (chineseNumbers made it "預設 half"), "預設值的 0.25", "預設的 50%": a share of the default
  s = s.replace(/預設(?:值)?\s*(?:的)?\s*(half|\d*\.\d+|\d+(?:\.\d+)?\s*%)/g, (m, w: string, offset: number, all: string) => {
    const p = param(all);
    return p ? fmt(p[1] * shareValue(w)) : m;
  });
  // "one fold fewer than the default", "10 more epochs than the default", "比預設多 5 個 epoch"
  s = s.replace(
    /\b(\d+(?:\.\d+)?)\s+(more|fewer|less|extra)\s+([a-z ]+?)\s+than\s+(?:the\s+)?default\b|\b(\d+(?:\.\d+)?)\s+([a-z]+)\s+(more|fewer|less)\s+than\s+(?:the\s+)?default\b|比預設(?:值)?(多|少)\s*(\d+(?:\.\d+)?)\s*個?\s*([\w\u4e00-\u9fff]+)/gi,
    (m, n?: string, dir?: string, word?: string, n2?: string, word2?: string, dir2?: string, zdir?: string, zn?: string, zword?: string) => {
      const noun = word ?? word2 ?? zword ?? '';
      const p = param(noun);
      if (!p) return m;
      const v = Number(n ?? n2 ?? zn);
      const up = /more|extra|多/i.test(dir ?? dir2 ?? zdir ?? '');
      return `${fmt(up ? p[1] + v : p[1] - v)} ${noun}`;
    },
  );
  return s;
}

/** The factor a share or multiple names: "twice" 2, "a tenth" 0.1, "0.25" 0.25, "25%" 0.25. */
function shareValue(w: string): number {
  const pct = /^(\d+(?:\.\d+)?)\s*%$/.exec(w.trim());
  if (pct) return Number(pct[1]) / 100;
  if (/^\d*\.\d+$/.test(w.trim())) return Number(w);
  return FRACTION_WORD(w);
}

/** Denominators by ordinal word, for fractions said in words ("five eighths", "3 tenths", "two thirds"). */
const ORDINAL_DENOMINATOR: Record<string, number> = {
  third: 3,
  quarter: 4,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  twelfth: 12,
  sixteenth: 16,
  twentieth: 20,
  thirtieth: 30,
  fortieth: 40,
  fiftieth: 50,
  sixtieth: 60,
  eightieth: 80,
  hundredth: 100,
  thousandth: 1000,
};

/** Ordinals that name a denominator with a compound ("ten-thousandth", "hundred thousandth") or alone ("millionth"). */
const SCALED_ORDINAL: Record<string, number> = {
  'ten-thousandth': 1e4,
  'ten thousandth': 1e4,
  'hundred-thousandth': 1e5,
  'hundred thousandth': 1e5,
  millionth: 1e6,
};
/** Denominators no word rule of the planner spells out ("a tenth", "a quarter" are read by the rules as words). */
const RARE_DENOMINATORS = [
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'twelfth',
  'sixteenth',
  'twentieth',
  'thirtieth',
  'fortieth',
  'fiftieth',
  'sixtieth',
  'eightieth',
  'hundredth',
  'thousandth',
];
const ONE_WORD = String.raw`(?:an?|one|1)`;

/**
 * A fraction said as a word with a single numerator ("an eighth", "one ten-thousandth", "a millionth", "one
 * sixteenth") is its decimal, before englishNumbers reads "one ten" as a number. The common shares (half, third,
 * quarter, fifth, tenth) stay words: the relative-value rules read them as shares of the value now.
 */
export function fractionWords(text: string): string {
  const ordinals = [...Object.keys(SCALED_ORDINAL).map((k) => k.replace(/[- ]/, '[- ]')), ...RARE_DENOMINATORS].join('|');
  return text.replace(new RegExp(`\\b${ONE_WORD}[\\s-]+(${ordinals})\\b(?!s)`, 'gi'), (m, d: string) => {
    const key = d.toLowerCase().replace(/\s/, ' ');
    const den = SCALED_ORDINAL[key] ?? SCALED_ORDINAL[key.replace(' ', '-')] ?? ORDINAL_DENOMINATOR[key];
    return den ? fmt(1 / den) : m;
  });
}

/**
 * "five eighths of the sampling rate" (englishNumbers made it "5 eighths"), "3 tenths", "2 fifths": a numerator and a
 * plural ordinal are a fraction, written as its decimal so the arithmetic after it treats it like "0.625 of …".
 */
export function ordinalFractions(text: string): string {
  return text.replace(new RegExp(`\\b(\\d+)[\\s-]+(${Object.keys(ORDINAL_DENOMINATOR).join('|')})s\\b`, 'gi'), (m, n: string, d: string) => {
    const den = ORDINAL_DENOMINATOR[d.toLowerCase()];
    const v = Number(n) / den;
    return den && v > 0 ? fmt(v) : m;
  });
}

/** Units an amount may carry in plus/minus arithmetic (their names and conversions are units.ts's). */
const ADD_UNIT = '(khz|hz|赫茲|ms|毫秒|secs?|seconds?|s|秒|mins?|minutes?|分鐘)';
const ADD_NUM = '(-?\\d+(?:\\.\\d+)?)';
/** Words after an amount that make its "plus" a conjunction of two steps ("band-pass 1-40 Hz plus a 50 Hz notch"). */
const STEP_NOUN =
  /^\s*(?:notch|filter|band|high|low|overlap|baseline|step|windows?|epochs?|resampl|re-?refer|reference|notch|陷波|濾波|帶通|高通|低通|重疊|基線|視窗|的?陷波)/i;

/**
 * Plus and minus between amounts, after every share and multiple has been read: the order of operations an EEG
 * researcher means is the arithmetic one. "Half of 160 Hz minus 10" is (160 / 2) − 10 = 70 Hz, "twice 40 Hz plus 20" is
 * 100 Hz, "a quarter of the sampling rate plus 10 Hz" is 50 Hz, 「160 Hz 的一半減 10」 is 70 Hz and 「160 Hz 減 10 的一半」 is
 * 160 − 5 = 155 Hz (的一半 binds to the amount next to it, as 「甲減乙的一半」 does in school arithmetic): shares (half
 * of, 的一半, 三分之一, a quarter of, N% of), multiples (twice, 的兩倍半, N times, a factor of), division and powers bind
 * tighter, and are evaluated by the rules before this step; plus/minus/less/減/加 and "N Hz below/above X", 比 X 低/高 N
 * then apply left to right ("100 Hz minus 10 plus 6" = 96 Hz). An amount without a unit takes the other's; amounts in
 * the same dimension are converted ("1 s minus 200 ms" = 0.8 s); amounts of different dimensions ("80 Hz minus 2 s")
 * have no value, and the request is asked about instead of guessed.
 */
function additiveStep(text: string, problems: string[]): string {
  const unitOf = (u?: string) => (u ? (unitName(u) ?? undefined) : undefined);
  // b in a's unit; null when the dimensions differ
  const combine = (a: string, ua: string | undefined, b: string, ub: string | undefined, sign: 1 | -1): string | null => {
    const na = unitOf(ua) ?? unitOf(ub);
    const nb = unitOf(ub) ?? unitOf(ua);
    if (na && nb && !mathUnit(1, na).equalBase(mathUnit(1, nb))) return null;
    const k = na && nb && na !== nb ? mathUnit(1, nb).toNumber(na) : 1;
    const v = Number(a) + sign * Number(b) * k;
    const unit = ua ?? ub;
    return `${fmt(v)}${unit ? ` ${unit}` : ''}`;
  };
  const ask = (m: string) => {
    if (!problems.length) problems.push(`"${m.trim()}" adds or subtracts amounts of different kinds (give the value itself)`);
    return m;
  };
  const binary = new RegExp(
    `(?<![\\w.])${ADD_NUM}(?:\\s*${ADD_UNIT}(?![a-z]))?(?:\\s+(minus|less|plus)\\s+|\\s+\\+\\s+|\\s*(?:[，,]\\s*再\\s*|再\\s*)?(減去|減掉|減|加上|加)\\s*)${ADD_NUM}(?:\\s*${ADD_UNIT}(?![a-z]))?(?![\\d.]|\\s*(?:倍|分之|%))`,
    'gi',
  );
  const relative = new RegExp(
    `${ADD_NUM}\\s*(khz|hz|赫茲)\\s+(below|under|short of|above|over)\\s+${ADD_NUM}\\s*(khz|hz|赫茲)(?![a-z])|比\\s*${ADD_NUM}\\s*(khz|hz|赫茲)\\s*(低|少|小|高|多|大)\\s*${ADD_NUM}\\s*(khz|hz|赫茲)?`,
    'i',
  );
  // 「十二加八」: chineseNumbers leaves a lone numeral after the operator ("12加八"); read it as the operand it is
  let s = text.replace(
    /(\d\s*(?:赫茲|秒|毫秒|hz|ms|s)?\s*(?:減去|減掉|減|加上|加)\s*)([零〇一二兩三四五六七八九十百千]+(?:點[零〇一二兩三四五六七八九]+)?)(?![倍分])/gi,
    (m, lead: string, n: string) => {
      const v = zhValue(n);
      return v === null ? m : `${lead}${v}`;
    },
  );
  let mismatch: string | null = null;
  for (let pass = 0; pass < 8; pass++) {
    let changed = false;
    s = s.replace(
      binary,
      (
        all: string,
        a: string,
        ua: string | undefined,
        enOp: string | undefined,
        zhOp: string | undefined,
        b: string,
        ub: string | undefined,
        offset: number,
        whole: string,
      ) => {
        const after = whole.slice(offset + all.length);
        const op = enOp ?? zhOp ?? '+';
        const minus = /minus|less|減/i.test(op);
        // "… plus a 50 Hz notch", "8 加 30 到 40": a conjunction or a range's start, not arithmetic
        if ((!minus && STEP_NOUN.test(after)) || /^\s*(?:to|and|到|至|~|～|-)\s*-?\d/i.test(after)) return all;
        const v = combine(a, ua, b, ub, minus ? -1 : 1);
        if (v === null) {
          mismatch ??= all;
          return all;
        }
        changed = true;
        return v;
      },
    );
    s = s.replace(
      relative,
      (all: string, a?: string, ua?: string, op?: string, b?: string, ub?: string, za?: string, zua?: string, zop?: string, zb?: string, zub?: string) => {
        const v =
          a !== undefined
            ? combine(b as string, ub, a, ua, /above|over/i.test(op ?? '') ? 1 : -1)
            : combine(za as string, zua, zb as string, zub, /高|多|大/.test(zop ?? '') ? 1 : -1);
        if (v === null) return all;
        changed = true;
        return v;
      },
    );
    if (!changed) break;
  }
  if (mismatch !== null) ask(mismatch);
  return s;
}

function round(v: number): number {
  return Math.round(v * 1e9) / 1e9;
}

function fmt(v: number): string {
  return String(round(v));
}

/**
 * Rewrites quantities given by words, arithmetic or reference to the Study into plain numbers with units:
 * "half of 256 Hz" → "128 Hz", "a quarter of the sampling rate" → "40 Hz" (at 160 Hz), "downsample by a factor of two"
 * → "resample to 80 Hz", "2^5" → "32", "200 ms before" → "-200 ms", "mains in Taiwan" → "60 Hz", "百分之二十五" → "25%".
 * A reference the Study cannot resolve (no sampling rate known yet) is reported instead of guessed.
 */
const ORDINAL_POWER = ['second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];

const T_UNIT = String.raw`(ms|s|sec|secs|seconds?|毫秒|秒)`;
const secondsOf = (n: string, u: string): number => (/^(?:ms|毫秒)$/i.test(u) ? Number(n) / 1000 : Number(n));
const EPOCH_LENGTH = [
  new RegExp(String.raw`(?<![\w.])(\d+(?:\.\d+)?)\s*${T_UNIT}[\s-]*(?:long\s+)?epochs?\b`, 'i'),
  new RegExp(String.raw`\bepochs?\s+of\s+(\d+(?:\.\d+)?)\s*${T_UNIT}(?![\w])`, 'i'),
  new RegExp(String.raw`\b(?:lasting|last|lasts|spanning|span)\s+(?:for\s+)?(\d+(?:\.\d+)?)\s*${T_UNIT}(?![\w])(?:\s+in\s+total|\s+overall)?`, 'i'),
  new RegExp(String.raw`(?:epoch\s*)?(\d+(?:\.\d+)?)\s*(秒|毫秒)\s*長|長\s*(\d+(?:\.\d+)?)\s*(秒|毫秒)`),
];
/** A start or an end said relative to the event: [pattern, sign of "before"/"after" group, which edge]. */
const EPOCH_START = [
  new RegExp(
    String.raw`\b(?:starting|beginning|that\s+starts?|which\s+starts?|starts?|begins?)\s+(\d+(?:\.\d+)?)\s*${T_UNIT}\s+(before|after|prior\s+to|pre|post)\b`,
    'i',
  ),
  new RegExp(String.raw`(?:事件|刺激|提示|cue|onset)?\s*(前|後)\s*(\d+(?:\.\d+)?)\s*(秒|毫秒)\s*(?:的地方)?\s*開始`, 'i'),
];
const EPOCH_START_ZERO =
  /\b(?:starting|beginning|that\s+starts?|starts?)\s+(?:at|from|with)\s+(?:the\s+)?(?:cue|onset|event|stimulus|trigger|marker)\b|從\s*(?:事件|刺激|提示|cue|onset)\s*(?:出現)?(?:的時候|當下)?\s*開始/i;
const EPOCH_END = [
  new RegExp(
    String.raw`\b(?:ending|that\s+ends?|which\s+ends?|ends?|end|finishing|stopping)\s+(?:at\s+)?(\d+(?:\.\d+)?)\s*${T_UNIT}\s+(before|after|prior\s+to|pre|post)\b`,
    'i',
  ),
  new RegExp(String.raw`(?:事件|刺激|提示|cue|onset)?\s*(前|後)\s*(\d+(?:\.\d+)?)\s*(秒|毫秒)\s*結束`, 'i'),
];

/**
 * An epoch given by its length and one edge ("4 s epochs starting 1 s before each cue", "epochs that end 500 ms after the
 * event and last 1.5 s in total", "epochs of 3 s starting at the cue", 「每個 epoch 四秒長，從事件前一秒開始切」): the window
 * from the edge, "from -1 to 3 s". Only for epochs around an event (not windows), and only when both are said.
 */
function epochByStartAndLength(s: string): string {
  if (!/epoch|切/i.test(s) || /window|segment|chunk|視窗/i.test(s)) return s;
  const len = EPOCH_LENGTH.map((r) => r.exec(s)).find((m) => m);
  if (!len) return s;
  const L = secondsOf(len[1] ?? len[3], len[2] ?? len[4]);
  const edgeOf = (m: RegExpExecArray): number => {
    const zh = /^[前後]$/.test(m[1]);
    const v = zh ? secondsOf(m[2], m[3]) : secondsOf(m[1], m[2]);
    const dir = zh ? m[1] : m[3];
    return /前|before|prior|pre/i.test(dir) ? -v : v;
  };
  const start = EPOCH_START.map((r) => r.exec(s)).find((m) => m);
  const zero = start ? null : EPOCH_START_ZERO.exec(s);
  const end = start || zero ? null : EPOCH_END.map((r) => r.exec(s)).find((m) => m);
  let a: number;
  let edge: RegExpExecArray;
  if (start) [a, edge] = [edgeOf(start), start];
  else if (zero) [a, edge] = [0, zero];
  else if (end) [a, edge] = [edgeOf(end) - L, end];
  else return s;
  if (!(L > 0)) return s;
  const zh = !/[a-z]/i.test(len[0].replace(/epoch/i, ''));
  const range = zh ? ` epoch ${fmt(a)} 到 ${fmt(a + L)} 秒 ` : ` epochs from ${fmt(a)} s to ${fmt(a + L)} s `;
  // the edge phrase goes (the event words around it stay), the length phrase becomes the range
  const [first, second] = len.index < edge.index ? [len, edge] : [edge, len];
  const put = (m: RegExpExecArray) => (m === len ? range : ' ');
  return `${s.slice(0, first.index)}${put(first)}${s.slice(first.index + first[0].length, second.index)}${put(second)}${s.slice(second.index + second[0].length)}`;
}

const ORDINAL_STEP: Record<string, number> = {
  other: 2,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
  eighth: 8,
  '8th': 8,
  tenth: 10,
  '10th': 10,
};

/**
 * Samples kept as a share ("keep 3 samples out of every 5", "retain two samples in three", "keep 60% of the samples"): the
 * rate that share of the rate now gives, read before a count in a count becomes a bare percentage.
 */
function keptSamples(text: string, facts: StudyFacts): string {
  if (facts.sfreq === null) return text;
  const fs = facts.sfreq;
  return text.replace(
    /\b(?:keep|retain|take|use)\s+(?:only\s+)?(\d+)\s+samples?\s+(?:out\s+of|in|of|from)\s+(?:every\s+|each\s+)?(\d+)(?:\s+samples?)?|\b(?:keep|retain)\s+(?:only\s+)?(\d+(?:\.\d+)?)\s*%\s+of\s+(?:the\s+)?samples\b/gi,
    (m, a?: string, b?: string, p?: string) => {
      const k = a !== undefined && b !== undefined ? Number(a) / Number(b) : Number(p) / 100;
      return k > 0 && k < 1 ? `resample to ${fmt(fs * k)} Hz` : m;
    },
  );
}

/**
 * A sampling period said instead of a rate (issue 14, session h16-units): "4 ms per sample", "one sample every 10 ms",
 * "resample so that one sample is 10 ms", "a sampling interval of 5 ms", 「每個點間隔 8 毫秒」, 「取樣間隔改成 5 毫秒」,
 * 「每 4 毫秒取一個點」. The rate it means is one over the period; the resampling verb is added when the request has none
 * ("I need 4 ms per sample" is a resampling). A rate that is not whole is passed as computed, for the tool's check; a period over 100 ms is no sampling period.
 */
const PERIOD = String.raw`(\d+(?:\.\d+)?)\s*(ms|s|sec|secs|seconds?|毫秒|秒)(?![a-z])`;
const SAMPLE_PERIOD = [
  String.raw`(?:\b(?:a|an|the)\s+)?${PERIOD}\s*(?:per|a|for\s+each|for\s+every|each|between)\s+(?:each\s+|every\s+|two\s+|consecutive\s+)?(?:data\s+)?(?:samples?|points?)\b`,
  String.raw`\b(?:(?:one|a|each|every)\s+)?(?:data\s+)?(?:samples?|points?)\s+(?:every|each)\s+${PERIOD}`,
  String.raw`\b(?:(?:so|such)\s+that\s+)?(?:one|a|each|every)\s+(?:data\s+)?(?:samples?|points?)\s+(?:is|are|lasts?|spans?|takes|covers|=|of)\s+${PERIOD}`,
  String.raw`(?:\b(?:a|an|the)\s+)?\b(?:sampl(?:e|ing)\s+(?:period|interval|spacing|step)|inter-?sample\s+(?:interval|spacing|time))\s*(?:of|is|=|:|to|at|should\s+be|becomes?)?\s*${PERIOD}`,
  String.raw`(?:\b(?:a|an|the)\s+)?${PERIOD}\s+sampl(?:e|ing)\s+(?:period|interval|spacing)\b`,
  String.raw`(?:每(?:一)?個?(?:取樣|採樣)?點(?:之間)?(?:的)?(?:間隔|間距|相隔|隔)|(?:取樣|採樣|抽樣)(?:點)?(?:的)?(?:間隔|間距|週期|周期)|點與點(?:之間)?(?:的)?(?:間隔|距離|相隔|隔)?)\s*(?:改成|改為|設成|設為|調成|變成|為|是|要|用|=|:)?\s*${PERIOD}`,
  String.raw`每(?:隔)?\s*${PERIOD}\s*(?:取|留|採|抽|收|記錄?)?\s*(?:一|1)\s*(?:個)?\s*(?:點|樣本|取樣點|sample)`,
].map((p) => new RegExp(p, 'gi'));

function samplePeriod(text: string): string {
  let s = text;
  let found = false;
  for (const re of SAMPLE_PERIOD)
    s = s.replace(re, (m, n: string, u: string) => {
      const period = secondsOf(n, u);
      // a "sample" of 2 s is a training example (a window), not a sampling period: EEG is sampled faster than 10 Hz
      if (!(period > 0 && period <= 0.1)) return m;
      found = true;
      return ` ${fmt(1 / period)} Hz `;
    });
  if (!found) return text;
  return /resampl|downsampl|upsampl|decimat|取樣|採樣|降頻|降採樣|\brate\b/i.test(s) ? s : `resample to ${s}`;
}

/**
 * Decimation said as samples kept or dropped: "drop every other sample", "keep only every fourth sample", "take every
 * 2nd sample", 「每兩個點留一個」, 「每 4 個取樣點取 1 個」 → "resample to <rate> Hz" at the Study's rate (kept every Nth: the
 * rate / N; dropped every Nth: the rate × (N − 1) / N). With no rate known, a problem: ask, never guess.
 */
function subsampling(text: string, facts: StudyFacts, problems: string[]): string {
  const to = (m: string, factor: number): string => {
    if (facts.sfreq === null) {
      problems.push(`"${m.trim()}" is relative to the sampling rate, which is not known yet (load a recording first or give the rate in Hz)`);
      return m;
    }
    return `resample to ${fmt(facts.sfreq * factor)} Hz`;
  };
  return text
    .replace(
      /\b(?:(?:downsample|decimate|resample)\s+(?:by\s+)?)?(keep(?:ing)?|take|taking|retain(?:ing)?|use|using|drop(?:ping)?|discard(?:ing)?|remove|removing|skip(?:ping)?|throw(?:ing)?\s+(?:away|out))\s+(?:only\s+)?every\s+(other|second|third|fourth|fifth|eighth|tenth|\d+(?:st|nd|rd|th))\s+(?:data\s+)?(?:samples?|points?|data\s+points?|time\s*points?)\b/gi,
      (m, verb: string, nth: string) => {
        const n = ORDINAL_STEP[nth.toLowerCase()] ?? parseInt(nth, 10);
        if (!(n >= 2)) return m;
        return to(m, /keep|take|retain|use/i.test(verb) ? 1 / n : (n - 1) / n);
      },
    )
    .replace(
      /每\s*(\d+)\s*個\s*(?:取樣點|採樣點|樣本點|樣本|點)\s*(?:裡面?|中|之中)?\s*(留|取|保留|拿|丟掉?|刪掉?|去掉?)\s*(?:1|一)\s*個|(?:每隔|隔)\s*(?:1|一)\s*個\s*(?:取樣點|採樣點|樣本點|點)\s*(?:丟|刪|去掉|拿掉)\s*(?:1|一)\s*個/g,
      (m, n?: string, verb?: string) => {
        if (!n) return to(m, 0.5);
        const k = Number(n);
        if (!(k >= 2)) return m;
        return to(m, /丟|刪|去/.test(verb ?? '') ? (k - 1) / k : 1 / k);
      },
    );
}

export function resolveQuantities(input: string, facts: StudyFacts, hasStep: (t: string) => boolean = () => false): Resolved {
  const problems: string[] = [];
  let s = chineseNumbers(ordinalFractions(englishNumbers(fractionWords(relativeShares(numeralForms(unitSpellings(toolboxArguments(input))), facts)))));
  // "250 msec", "40 millisecs": milliseconds however abbreviated
  s = s.replace(/(?<=\d)\s*(?:msecs?|millisecs?)\b/gi, ' ms');
  // "1500-ms windows", "a 2-s window": a unit joined to its number by a hyphen is still its unit
  s = s.replace(/(?<=\d)-(ms|s|sec|secs|seconds?|hz|khz|milliseconds?|mins?|minutes?)\b/gi, ' $1');
  // a window's start every so often is its step: "starting 500 ms apart", "500 ms apart" → "500 ms step"
  s = s.replace(
    /\b(?:(?:starting|started|begin(?:ning)?|start(?:s)?|spaced|placed|set)\s+)?(\d+(?:\.\d+)?\s*(?:ms|s|sec|secs|seconds?))\s+apart\b/gi,
    '$1 step',
  );
  // "3 s windows shifted by a third of their length", "hop by half the window", 「每次移動視窗長度的四分之一」: a step as a share of
  // the window's own length, when one length is said
  if (/window|segment|chunk|視窗|窗|段/i.test(s)) {
    const lengths = [...s.matchAll(/(?<![\w.])(\d+(?:\.\d+)?)\s*(ms|s|sec|secs|seconds?|秒|毫秒)(?![a-z])/gi)];
    if (lengths.length === 1) {
      const L = secondsOf(lengths[0][1], lengths[0][2]);
      s = s.replace(
        /\b(?:advanc\w*|hop\w*|slid\w*|shift\w*|mov\w*|step\w*|jump\w*)\s+(?:forward\s+|ahead\s+|along\s+|on\s+)?(?:by\s+)?((?:a|an|one)\s+(?:half|third|quarter|fifth|tenth)|half|\d+(?:\.\d+)?\s*%)\s+(?:of\s+)?(?:their|its|the|each)\s+(?:(?:window(?:'s)?|segment(?:'s)?)\s+)?(?:length|duration|size|width|window)\b|(?:每次|每一步)?\s*(?:往前|向前)?\s*(?:移動|移|滑動|滑|前進|推進)\s*(?:視窗|窗|段)?(?:長度|長)的?\s*(\d*\.\d+|\d+(?:\.\d+)?\s*%|一半|half)/gi,
        (m, en?: string, zh?: string) => {
          const f = en ?? zh ?? '';
          const k = /%/.test(f) ? parseFloat(f) / 100 : /^\d*\.\d+$/.test(f) ? Number(f) : /half|一半/i.test(f) ? 0.5 : shareValue(f);
          return k > 0 && k <= 1 ? ` ${fmt(L * k)} s step` : m;
        },
      );
    }
  }
  // "windows that advance by 1 s each time", "hopping by 250 ms", 「每次往前移 0.5 秒」: how far one window moves on is the step
  // ("sliding 4 s windows": a length before the noun is the window's duration, not its step)
  if (/window|segment|chunk|視窗|窗|段/i.test(s))
    s = s
      .replace(
        /\b(?:advanc\w*|hop\w*|slid\w*|shift\w*|mov\w*|step\w*|jump\w*)\s+(?:forward\s+|ahead\s+|along\s+|on\s+)?(?:by\s+)?(\d+(?:\.\d+)?\s*(?:ms|s|sec|secs|seconds?))\b(?![\s-]*(?:long\s+)?(?:windows?|segments?|chunks?|epochs?)\b)(?:\s+(?:each\s+time|at\s+a\s+time|per\s+step|each\s+step|every\s+time))?/gi,
        '$1 step',
      )
      .replace(
        /(?:每次|每一步)?\s*(?:往前|向前|往後)?\s*(?:移動|移|滑動|滑|前進|推進)\s*(\d+(?:\.\d+)?)\s*(秒|毫秒)/g,
        (_m, n: string, u: string) => `${n} ${u === '秒' ? 's' : 'ms'} step`,
      );
  // "a new one starting every 500 ms", "windows begin every 0.25 s", 「每 0.5 秒開始一個新的視窗」: the start of one window to
  // the next is the step
  s = s
    .replace(
      /\b(?:(?:with\s+)?(?:a\s+new\s+(?:one|window|segment)|one|each(?:\s+one)?|windows?|segments?)\s+)?(?:start(?:ing|s|ed)?|begin(?:ning|s)?|placed)\s+every\s+(\d+(?:\.\d+)?\s*(?:ms|s|sec|secs|seconds?))\b/gi,
      '$1 step',
    )
    .replace(/每(?:隔)?\s*(\d+(?:\.\d+)?)\s*(秒|毫秒)\s*(?:就)?\s*(?:開始|起)\s*(?:一|1)\s*個\s*(?:新的?)?\s*(?:視窗|窗|段)/g, '步長 $1 $2');
  // "相鄰視窗共用一秒", "前後兩窗共用 0.5 秒": the time two neighbouring windows share is their overlap
  s = s.replace(/(?:相鄰|前後|鄰近|兩個?)?(?:視窗|窗|段)?(?:之間)?(?:共用|共享|重複)\s*(\d+(?:\.\d+)?)\s*(秒|毫秒|s|ms)/g, '重疊 $1 $2');
  // "let neighbouring windows share a quarter of their length", "consecutive windows share 0.5 s": the shared part is the overlap
  s = s.replace(
    /\b(?:let\s+)?(?:the\s+)?(?:neighbou?ring|adjacent|consecutive|successive|neighbou?r)\s+(?:windows|segments)\s+(?:should\s+)?share\b/gi,
    'overlap by',
  );
  // the rate as recorded ("what the amplifier recorded", "what it was recorded at", "the native/acquisition rate"): the
  // sampling rate of the loaded recordings, as "the original rate" is read
  s = s.replace(
    /\bwhat\s+(?:the\s+)?(?:amplifier|amp|system|headset|device|data|it|they|we)\s+(?:was\s+|were\s+|originally\s+)?(?:recorded|sampled|acquired)(?:\s+(?:at|with|in))?|\bthe\s+(?:native|acquisition|recording|recorded)\s+(?:sampling\s+)?rate\b/gi,
    'the original rate',
  );
  s = subsampling(keptSamples(samplePeriod(s), facts), facts, problems);
  // "one trial in ten", "2 out of every 10 epochs", 「每十個留一個」: a share said as a count in a count
  s = s
    .replace(
      /\b(\d+)\s+(?:(?:trials?|epochs?|samples?|recordings?|examples?|segments?|windows?|items?|runs?)\s+)?(?:in|out of)\s+(?:every\s+)?(\d+)(?:\s+(?:trials?|epochs?|samples?|recordings?|examples?|segments?|windows?|items?|runs?))?\b(?!\s*(?:hz|khz|s|ms|sec|secs|seconds?|min|minutes?|%|秒))/gi,
      (m, a: string, b: string) => (Number(a) > 0 && Number(a) < Number(b) ? `${fmt((Number(a) / Number(b)) * 100)}%` : m),
    )
    .replace(
      /每\s*(\d+)\s*個(?:\s*[\w\u4e00-\u9fff]{0,6}?)?\s*(?:裡面?|之中|中)?\s*(留|拿|取|抽|挑|選)(?:出)?\s*(\d+)\s*個|(\d+)\s*個\s*(?:裡面?|之中|中)\s*(留|拿|取|抽|挑|選)(?:出)?\s*(\d+)\s*個/g,
      (m, a?: string, v?: string, b?: string, c?: string, w?: string, d?: string) => {
        const [whole, part] = [Number(a ?? c), Number(b ?? d)];
        return part > 0 && part < whole ? `${v ?? w} ${fmt((part / whole) * 100)}%` : m;
      },
    );
  // "從第 1 分鐘開始", "第 30 秒起": an ordinal time is the time itself
  s = s.replace(/第\s*(\d+(?:\.\d+)?)\s*(分鐘|分|秒)/g, '$1 $2');
  // a duration in two units: "1 min 40 s", "2 minutes and 5 seconds", "1 分 30 秒" (seconds)
  s = s.replace(
    /(?<![\w.])(\d+(?:\.\d+)?)\s*(?:min|mins|minutes?|分鐘?)\s*(?:and\s+|又\s*)?(\d+(?:\.\d+)?)\s*(?:s|sec|secs|seconds?|秒)(?![a-z])/gi,
    (_m, a: string, b: string) => `${fmt(Number(a) * 60 + Number(b))} s`,
  );
  // minutes and kilohertz in the units the tools take: "2 min" → 120 s, "at minute 2" → at 120 s, 「兩分鐘」 → 120 秒,
  // "0.1 kHz" → 100 Hz (every rule after this one reads seconds and hertz)
  // a time on the recording's clock: "from 01:30", "at 1:05", "starting at 1m05s", "1 min 5 s", 「從 2 分 30 秒開始」 → seconds
  // (only after a word that places a time, so "split 80:20" stays a ratio)
  s = s
    .replace(
      /(?<=\b(?:from|at|starting(?:\s+at)?|start(?:ing)?\s+at|beginning(?:\s+at)?|until|till)\s+|從\s*|在\s*)(\d{1,2}):([0-5]\d)(?![\d:])/gi,
      (_m, mm: string, ss: string) => `${Number(mm) * 60 + Number(ss)} s`,
    )
    .replace(
      /(?<![\w.])(\d+)\s*(?:m|min|mins|minutes?)\s*(?:and\s+)?(\d+(?:\.\d+)?)\s*(?:s|sec|secs|seconds?)\b/gi,
      (_m, mm: string, ss: string) => `${fmt(Number(mm) * 60 + Number(ss))} s`,
    )
    .replace(/(\d+)\s*分\s*(\d+(?:\.\d+)?)\s*秒/g, (_m, mm: string, ss: string) => `${fmt(Number(mm) * 60 + Number(ss))} 秒`)
    // "starting at 1 min 10", "from 2 minutes 30": minutes and then a bare number under 60 are minutes and seconds on the clock
    .replace(
      /(?<=\b(?:from|at|starting(?:\s+at)?|start(?:ing)?\s+at|beginning(?:\s+at)?|until|till)\s+)(\d+)\s*(?:m|min|mins|minutes?)\s*(?:and\s+)?([0-5]?\d)(?![\d.]|\s*(?:s|sec|secs|seconds?|ms|hz|min|minutes?|%)\b)/gi,
      (_m, mm: string, ss: string) => `${Number(mm) * 60 + Number(ss)} s`,
    );
  // 「從第 90 秒畫到第 110 秒」: a stretch given by its start and its end, as the start and the length
  s = s.replace(
    /從\s*第?\s*(\d+(?:\.\d+)?)\s*秒\s*(?:開始)?\s*(畫|顯示|看|播)?\s*(?:到|至)\s*第?\s*(\d+(?:\.\d+)?)\s*秒/g,
    (m, a: string, verb: string | undefined, b: string) => (Number(b) > Number(a) ? `從第 ${a} 秒開始${verb ?? ''} ${fmt(Number(b) - Number(a))} 秒` : m),
  );
  s = s
    .replace(/\b(?:a\s+|one\s+)?half\s+(?:a|an)\s+minute\b/gi, '30 s')
    .replace(
      /\b(?:a\s+)?(half|quarter)[-\s](minute|second)s?\b/gi,
      (_m, f: string, u: string) => `${fmt((/half/i.test(f) ? 0.5 : 0.25) * (/minute/i.test(u) ? 60 : 1))} s`,
    )
    // "a second before T2", "one minute long": one of the unit, where a time is meant (not "a second model")
    .replace(/\b(?:a|one)\s+(second|minute)(?=\s+(?:before|after|prior|earlier|later|long|apart|of\s+overlap|overlap|step)\b)/gi, (_m, u: string) =>
      /minute/i.test(u) ? '60 s' : '1 s',
    )
    .replace(/(?<![\w.])(\d+(?:\.\d+)?)\s*(?:min|mins|minutes?)\b/gi, (_m, n: string) => `${fmt(Number(n) * 60)} s`)
    .replace(/\bminute\s+(\d+(?:\.\d+)?)\b(?!\s*(?:s|sec|secs|seconds?|ms|hz)\b)/gi, (_m, n: string) => `${fmt(Number(n) * 60)} s`)
    .replace(/(\d+(?:\.\d+)?)\s*分鐘/g, (_m, n: string) => `${fmt(Number(n) * 60)} 秒`)
    .replace(/(?<![\w.])(\d+(?:\.\d+)?)\s*khz\b/gi, (_m, n: string) => `${fmt(Number(n) * 1000)} Hz`)
    // "at the 60 s mark", "from the 90-second point": the time itself
    .replace(/\bthe\s+(\d+(?:\.\d+)?\s*(?:ms|s|sec|secs|seconds?))[-\s]+(?:mark|point|timestamp)\b/gi, '$1');
  s = epochByStartAndLength(s);
  s = s.replace(/(\d)\s*percent\b/gi, '$1%').replace(/(\d)\s*(?:pct)\b/gi, '$1%');
  // "fs 的 1/4", "1/4 的取樣率": a fraction beside 的 is a share, written as its decimal for the rules after it
  s = s.replace(/(?<=的\s*)(\d+)\s*\/\s*(\d+)(?![\d/])|(?<![\d/.])(\d+)\s*\/\s*(\d+)(?=\s*的)/g, (m, a?: string, b?: string, c?: string, d?: string) => {
    const [x, y] = [Number(a ?? c), Number(b ?? d)];
    return y > 0 && x < y ? fmt(x / y) : m;
  });
  // "2^7Hz", "256/2Hz": a unit written against the number is still a unit of its own for the arithmetic
  s = s.replace(/(?<=[\d)])(khz|hz)\b/gi, ' $1');
  // the Study's own values
  const rate = (m: string): string => {
    if (facts.sfreq === null) {
      problems.push(`"${m.trim()}" refers to the sampling rate, which is not known yet (load a recording first or give the value in Hz)`);
      return m;
    }
    return `${fmt(facts.sfreq)} Hz`;
  };
  // "from -32 to 640 samples", 「-32 到 640 個取樣點」: both ends of a range counted in samples are times at the rate
  if (facts.sfreq !== null) {
    const fs = facts.sfreq;
    s = s.replace(
      /(?<![\w.])(-?\d+)(\s*(?:to|-|–|~|到|至)\s*)(-?\d+)\s*(?:個\s*)?(samples?\b|取樣點|採樣點|樣本點)/gi,
      (_m, a: string, sep: string, b: string, u: string) => `${fmt(Number(a) / fs)}${sep}${fmt(Number(b) / fs)} ${/^[a-z]/i.test(u) ? 's' : '秒'}`,
    );
  }
  // an epoch's range said in seconds but hundreds of them ("epoch around T1 from -200 to 800 s", 「從負兩百毫秒到八百秒」): a
  // unit that looks wrong (an epoch around an event lasts seconds): ask which was meant, never guess milliseconds
  if (/\bepoch|epoch|around\s+T\d|刺激|事件/i.test(s) && !/\bwindows?\b|segment|chunk|視窗|\bplot\b|\bshow\b|畫|顯示|\bcrop\b|裁/i.test(s)) {
    const wrong = new RegExp(
      String.raw`(-?\d+(?:\.\d+)?)\s*(ms|s|sec|secs|seconds?|毫秒|秒)?\s*(?:to|到|至|~|～)\s*(-?\d+(?:\.\d+)?)\s*(s|sec|secs|seconds?|秒)(?![a-z])`,
      'i',
    ).exec(s);
    if (wrong) {
      const a = Number(wrong[1]) / (/^(?:ms|毫秒)$/i.test(wrong[2] ?? '') ? 1000 : 1);
      const b = Number(wrong[3]);
      if (Math.max(Math.abs(a), Math.abs(b)) >= 100)
        problems.push(
          `an epoch from ${fmt(a)} s to ${fmt(b)} s would be hundreds of seconds long; did you mean milliseconds (${fmt(a >= 100 || a <= -100 ? a / 1000 : a)} to ${fmt(b / 1000)} s)?`,
        );
    }
  }
  // an epoch's range with no unit in the hundreds ("epoch T1 from -200 to 800", 「T2 切 -100 到 600」): milliseconds, the only
  // unit an epoch around an event is counted in at that size (values under 100 are left as seconds)
  if (/\bepoch|切\s*epoch|epoch|刺激|事件/i.test(s) && !/window|segment|chunk|視窗/i.test(s))
    s = s.replace(
      /(?<![\w.])(-?\d+)(\s*(?:to|到|至|~|～)\s*)(-?\d+)(?![\d.]|\s*(?:ms|s|sec|secs|seconds?|毫秒|秒|hz|赫茲|%|samples?|個|點|epochs?|trials?)|\s*[A-Za-z\u4e00-\u9fff]*\s*(?:epochs|個))/gi,
      (m, a: string, sep: string, b: string) =>
        Math.max(Math.abs(Number(a)), Math.abs(Number(b))) >= 100 && Number(a) < Number(b) ? `${a} ms${sep}${b} ms` : m,
    );
  // "windows of 320 samples", "640-sample epochs": a length in samples is a length in time at the sampling rate
  s = s.replace(
    /\b((?:windows?|epochs?|segments?|chunks?)\s+of\s+)(\d+)\s*samples?\b|\b(\d+)[\s-]*samples?(?=\s+(?:long\s+)?(?:windows?|epochs?|segments?|chunks?)\b)/gi,
    (m, lead: string | undefined, a?: string, b?: string) => (facts.sfreq === null ? m : `${lead ?? ''}${fmt(Number(a ?? b) / facts.sfreq)} s`),
  );
  // "grab 480 samples after every T1", "320 samples long": a length in samples beside an event or a length word
  s = s.replace(
    /\b(\d+)\s*samples?(?=\s+(?:after|before|around|following|preceding|post|pre|long|(?:on\s+)?(?:each|either|both)\s+sides?)\b)/gi,
    (m, n: string) => (facts.sfreq === null ? m : `${fmt(Number(n) / facts.sfreq)} s`),
  );
  // "the first 320 samples", "800 samples of C3", "前 320 個取樣點": a stretch of the recording counted in samples
  s = s.replace(
    /(?<=\b(?:first|last|initial|final|next)\s+)(\d+)\s*samples?\b|\b(\d+)\s*samples?(?=\s+of\s+(?:the\s+)?(?:[A-Z]{1,3}\d*z?\b|data\b|signal|recording|raw|eeg|channel))|(\d+)\s*個?\s*(?:取樣點|採樣點|樣本點)/g,
    (m, a?: string, b?: string, z?: string) => (facts.sfreq === null ? m : `${fmt(Number(a ?? b ?? z) / facts.sfreq)} ${z ? '秒' : 's'}`),
  );
  // any other length in samples where a time is meant ("512-sample windows", "an overlap of 80 samples", 「256 點的視窗」,
  // 「重疊 512 點」): a time at the Study's rate; a count of samples for a split ("100 samples for testing") is not a time
  if (/window|segment|chunk|epoch|overlap|plot|show|draw|display|before|after|long|length|duration|視窗|窗|段|重疊|畫|顯示|前|後|長|切/i.test(s))
    s = s.replace(
      /(?<![\w.])(\d+)\s*(?:個\s*)?[\s-]*(?:samples?|sample\s+points?|data\s+points?)\b(?!\s+(?:per|for|as|each|in\s+(?:the\s+)?(?:test|validation|training))\b)|(?<!第\s*)(?<![\d.])(\d+)\s*個?\s*(?:取樣點|採樣點|樣本點|樣本(?!數)|點)(?![\d鐘])/gi,
      (m, a?: string, z?: string) => {
        if (facts.sfreq === null) {
          problems.push(`"${m.trim()}" is a length in samples, and the sampling rate is not known yet (give it in seconds)`);
          return m;
        }
        return `${fmt(Number(a ?? z) / facts.sfreq)} ${z ? '秒' : 's'}`;
      },
    );
  // "the Nyquist frequency to end up at 50 Hz", 「奈奎斯特頻率變成 40」: the rate that has that Nyquist, twice it
  s = s.replace(
    /\b(?:the\s+)?nyquist(?:\s+(?:frequency|rate|limit))?\s+(?:(?:to|should|must|will|would)\s+)?(?:end\s+up\s+(?:at|as|being)|become|be|land\s+(?:at|on)|sit\s+at|come\s+out\s+(?:at|to))\s+(\d+(?:\.\d+)?)\s*(?:hz)?|奈(?:奎斯特|氏)(?:頻率)?\s*(?:要|得|會)?\s*(?:變成|降到|降為|設為|設成|改成|調成|剛好是|是)\s*(\d+(?:\.\d+)?)\s*(?:hz|赫茲)?/gi,
    (_m, a?: string, b?: string) => `resample to ${fmt(Number(a ?? b) * 2)} Hz`,
  );
  s = s.replace(/\b(?:the\s+)?nyquist(?:\s+(?:frequency|rate|limit))?\b|奈(?:奎斯特|氏)(?:頻率)?/gi, (m) =>
    facts.sfreq === null ? rate(m) : `${fmt(facts.sfreq / 2)} Hz`,
  );
  // "halve the sampling rate", "downsample by a factor of 2", "decimate by 4" → "resample to <rate> Hz"
  // the factor may be written without "by" when "x"/"fold" marks it: "downsample 2x", "decimate 4-fold", "2x downsampling"
  s = s.replace(new RegExp(`\\b${NUM}\\s*(?:x|×|-?fold)\\s+(downsampl|decimat)\\w*`, 'gi'), (_m, n: string) => `downsample by ${n}`);
  s = s.replace(
    new RegExp(`\\b(downsampl\\w*|decimat\\w*)\\s+(?:the\\s+(?:data|recordings?|signals?|eeg)\\s+)?${NUM}\\s*(?:x|×|-?fold|times)(?![\\w])`, 'gi'),
    (_m, v: string, n: string) => `${v} by ${n}`,
  );
  // "reduce the sampling rate by half", "cut fs in half"
  s = s.replace(
    /\b(?:reduce|lower|decrease|cut|drop|bring down)\s+(?:the\s+)?(?:sampling\s+rate|sample\s+rate|sampling\s+frequency|rate|fs|sfreq)\s+(?:by\s+(?:a\s+)?half|in\s+half|by\s+50\s*%)/gi,
    (m) => (facts.sfreq === null ? rate(m) : `resample to ${fmt(facts.sfreq / 2)} Hz`),
  );
  // "cut the sampling rate by 25%", "raise fs by 50%", 「取樣率降低兩成」: a share of the rate now off or onto it
  s = s.replace(
    /\b(reduce|lower|decrease|cut|drop|bring down|raise|increase|bump up|(?:knock|bring|take|push|turn)(?=\s+(?:the\s+)?(?:sampling\s+rate|sample\s+rate|sampling\s+frequency|rate|fs|sfreq)\s+(?:down|up)\b))\s+(?:the\s+)?(?:sampling\s+rate|sample\s+rate|sampling\s+frequency|rate|fs|sfreq)\s+(?:(down|up)\s+)?by\s+(\d+(?:\.\d+)?\s*%|0?\.\d+|(?:a|an|one)\s+(?:quarter|third|fifth|tenth))(?![\d.]|\s*(?:hz|khz|赫茲))|(?:取樣率|採樣率|取樣頻率|採樣頻率)\s*(?:再)?\s*(降低|減少|降|減|提高|增加|加)(?:了)?\s*(\d+(?:\.\d+)?)\s*%/gi,
    (m, ev?: string, dir?: string, en?: string, zv?: string, zn?: string) => {
      if (facts.sfreq === null) return rate(m);
      // "by 25%", "by 0.25", "by a quarter": the share of the rate now taken off or put on
      const k =
        zn !== undefined ? Number(zn) / 100 : /%/.test(en ?? '') ? parseFloat(en ?? '') / 100 : /^[\d.]/.test(en ?? '') ? Number(en) : shareValue(en ?? '');
      const down = dir ? /down/i.test(dir) : /reduce|lower|decrease|cut|drop|降|減/i.test(ev ?? zv ?? '');
      const v = facts.sfreq * (down ? 1 - k : 1 + k);
      return v > 0 ? `resample to ${fmt(v)} Hz` : m;
    },
  );
  // a share as the rate's target ("bring the rate down to 40%", 「取樣率砍到剩四成」 (made 40%), 「取樣率只留 60%」): a rate is no
  // percentage, so the share is of the rate now
  s = s.replace(
    /(?:取樣率|採樣率|取樣頻率|採樣頻率)\s*(?:(?:再|先|直接|就)\s*)?(?:砍到|降到|減到|改成|變成|調成|調到|設成|設為|降為|減為|留|只留|剩|只剩)\s*(?:剩下?|只剩)?\s*(?:原本|原來|現在|目前)?\s*(?:的)?\s*(\d+(?:\.\d+)?)\s*%|\b(?:sampling\s+rate|sample\s+rate|sampling\s+frequency|rate|fs|sfreq)\s+(?:down\s+|up\s+)?(?:to|at)\s+(\d+(?:\.\d+)?)\s*%(?!\s*of\b)/gi,
    (m, zp?: string, ep?: string) => {
      const k = Number(zp ?? ep) / 100;
      if (!(k > 0 && k < 1)) return m;
      return facts.sfreq === null ? rate(m) : `resample to ${fmt(facts.sfreq * k)} Hz`;
    },
  );
  // 「取樣率先除以二」, "the sampling rate divided by 4": the rate now, divided or multiplied
  s = s.replace(
    /(?:(?:目前|現在|原本|原來)的?)?(?:取樣率|採樣率|取樣頻率|採樣頻率)\s*(?:(?:先|再|直接|就)\s*)?(除以|乘以|乘上|乘|除(?!了))\s*(\d+(?:\.\d+)?)(?!\s*(?:hz|赫茲|%|\d))/gi,
    (m, op: string, n: string) => {
      if (facts.sfreq === null) return rate(m);
      const v = /除/.test(op) ? facts.sfreq / Number(n) : facts.sfreq * Number(n);
      return v > 0 ? `resample to ${fmt(v)} Hz` : m;
    },
  );
  // 「取樣頻率要比現在少 60 赫茲」, 「取樣率比目前高 32 Hz」: the rate now, an amount off or onto it
  s = s.replace(
    /(?:取樣率|採樣率|取樣頻率|採樣頻率)\s*(?:要|再|得)?\s*比\s*(?:現在|目前|原本|原來)(?:的)?\s*(?:再)?\s*(低|少|小|高|多|大)\s*(\d+(?:\.\d+)?)\s*(?:hz|赫茲)(?![a-z])/gi,
    (m, dir: string, n: string) => {
      if (facts.sfreq === null) return rate(m);
      const v = facts.sfreq + (/低|少|小/.test(dir) ? -1 : 1) * Number(n);
      return v > 0 ? `resample to ${fmt(v)} Hz` : m;
    },
  );
  // "drop the sample rate by 40 Hz", "raise fs by 32 Hz", "取樣率降低 40 Hz": an amount in Hz off or onto the rate
  s = s.replace(
    /\b(reduce|lower|decrease|cut|drop|bring down|raise|increase|bump up)\s+(?:the\s+)?(?:sampling\s+rate|sample\s+rate|sampling\s+frequency|rate|fs|sfreq)\s+by\s+(\d+(?:\.\d+)?)\s*(khz|hz)\b|(?:取樣率|採樣率|取樣頻率|採樣頻率)\s*(?:再)?\s*(降低|減少|降|減|提高|增加|加)(?:了)?\s*(\d+(?:\.\d+)?)\s*(khz|hz|赫茲)/gi,
    (m, ev?: string, en?: string, eu?: string, zv?: string, zn?: string, zu?: string) => {
      if (facts.sfreq === null) return rate(m);
      const amount = Number(en ?? zn) * (/khz/i.test(eu ?? zu ?? '') ? 1000 : 1);
      const down = /reduce|lower|decrease|cut|drop|降|減/i.test(ev ?? zv ?? '');
      const v = down ? facts.sfreq - amount : facts.sfreq + amount;
      return v > 0 ? `resample to ${fmt(v)} Hz` : m;
    },
  );
  s = s.replace(
    new RegExp(
      `\\b(downsample|resample|reduce|lower|decrease|cut|decimate|bring|take|get)\\w*\\s+(?:the\\s+(?:data|recordings?|signals?|eeg|sampling rate|sample rate|rate)\\s+)?(?:down\\s+)?by\\s+(?:a\\s+factor\\s+(?:of\\s+)?)?${NUM}(?![\\d.])\\s*(?:x|×|times|fold)?(?!\\s*(?:hz|khz|%|percent))`,
      'gi',
    ),
    (m, _v: string, n: string) => {
      if (facts.sfreq === null) return rate(m);
      return `resample to ${fmt(facts.sfreq / Number(n))} Hz`;
    },
  );
  s = s.replace(
    new RegExp(
      `\\b(upsample)\\w*\\s+(?:the\\s+\\w+\\s+)?by\\s+(?:a\\s+factor\\s+(?:of\\s+)?)?${NUM}(?![\\d.])\\s*(?:x|×|times|fold)?(?!\\s*(?:hz|khz|%|percent))`,
      'gi',
    ),
    (m, _v: string, n: string) => {
      if (facts.sfreq === null) return rate(m);
      return `resample to ${fmt(facts.sfreq * Number(n))} Hz`;
    },
  );
  s = s.replace(/\b(halve|double)\s+the\s+(?:sampling\s+)?rate\b/gi, (m, verb: string) =>
    facts.sfreq === null ? rate(m) : `resample to ${fmt(verb.toLowerCase() === 'halve' ? facts.sfreq / 2 : facts.sfreq * 2)} Hz`,
  );
  s = s.replace(
    /(?:降採樣|降取樣|下採樣|降頻|降低取樣率|降低採樣率|(?:取樣率|採樣率|取樣頻率|採樣頻率)\s*(?:再)?\s*(?:降低|降|減少|減低|縮小|減)了?|抽取|\bdownsampl\w*|\bdecimat\w*)\s*(\d+(?:\.\d+)?)\s*倍/gi,
    (m, n: string) => (facts.sfreq === null ? rate(m) : `resample to ${fmt(facts.sfreq / Number(n))} Hz`),
  );
  // "取樣率降一半", "把取樣率砍半": the rate halved
  s = s.replace(
    /(?:取樣率|sampling rate|\bfs\b)\s*(?:再)?\s*(?:降|減少?|砍|降低|減低)\s*(?:成|到|為)?\s*(?:原本的)?\s*(half|0?\.\d+)(?!\s*(?:hz|khz|赫茲|\d))|(?:取樣率|採樣率|sampling rate|sample rate|\bfs\b)\s*(?:(?:直接|就|先|再|給我|幫我|要)\s*)*(?:砍半|減半)/gi,
    (m, f?: string) => (facts.sfreq === null ? rate(m) : `resample to ${fmt(facts.sfreq * (!f || /half/i.test(f) ? 0.5 : Number(f)))} Hz`),
  );
  // "取樣率變成四分之三" (chineseNumbers made it 0.75), "fs 改成 0.5": a rate below 1 with no unit is a share of the rate now
  s = s.replace(
    /(?:取樣率|採樣率|sampling rate|sample rate|\bfs\b)\s*(?:再)?\s*(?:變成|改成|降到|降至|調成|調到|設成|設為|降為|減到|減為|變為|改為|縮成|縮小到|降低到|減少到)\s*(0?\.\d+)(?!\s*(?:hz|khz|赫茲|%|\d))/gi,
    (m, f: string) => (facts.sfreq === null ? rate(m) : `resample to ${fmt(facts.sfreq * Number(f))} Hz`),
  );
  // a share of the value it has now: "取樣率降到原本的一半", "resample to half the original", "降到目前的四分之一"
  if (/取樣率|採樣率|取樣|採樣|降頻|resampl|downsampl|sampling|\bfs\b/i.test(s))
    s = s.replace(
      /(?:原本|原來|原始|目前|現在|當前)\s*(?:的)?\s*(\d+(?:\.\d+)?\s*%|half|\d*\.\d+)|\b(\d+(?:\.\d+)?\s*(?:\*|×|x|times)|half|(?:a|an|one)\s+(?:quarter|third|fifth|tenth)|\d*\.\d+)\s+(?:of\s+)?(?:(?:the\s+)?(?:original|current|native|present|old)(?:\s+(?:one|value|rate))?\b(?!\s+(?:sampling|sample|rate))|what\s+it\s+is(?:\s+now)?\b|its\s+(?:current|present)\s+value\b)/gi,
      (m, a?: string, b?: string) => {
        const w = (a ?? b ?? '').toLowerCase().trim();
        const f = w === 'half' ? 0.5 : /%$/.test(w) ? parseFloat(w) / 100 : /[a-z]/.test(w) && !/times|x$/.test(w) ? shareValue(w) : parseFloat(w);
        return facts.sfreq === null ? rate(m) : `${fmt(facts.sfreq * f)} Hz`;
      },
    );
  // "take the sampling rate down to a fifth", "bring fs to 0.8": a rate given as a share is of the rate it has now
  s = s.replace(
    /\b((?:the\s+)?(?:sampling\s+rate|sample\s+rate|sampling\s+frequency|fs|sfreq)\s+(?:down\s+|up\s+)?to\s+)(half|a half|one half|a quarter|a third|a fifth|a tenth|3 quarters|0?\.\d+)(?!\s*(?:hz|khz|\d|of\b))/gi,
    (m, _lead: string, f: string) => {
      const v = /half/i.test(f)
        ? 0.5
        : /3 quarters/i.test(f)
          ? 0.75
          : /quarter/i.test(f)
            ? 0.25
            : /third/i.test(f)
              ? 1 / 3
              : /fifth/i.test(f)
                ? 0.2
                : /tenth/i.test(f)
                  ? 0.1
                  : Number(f);
      return facts.sfreq === null ? rate(m) : `resample to ${fmt(facts.sfreq * v)} Hz`;
    },
  );
  // the rate as a value: "a quarter of the sampling rate", "the sampling rate / 4", "取樣率的一半"
  s = s.replace(/(?:原始|目前的?)?取樣率的?\s*(half|\d*\.\d+|\d+(?:\.\d+)?%)/g, (m, f: string) =>
    facts.sfreq === null ? rate(m) : `${f} of ${fmt(facts.sfreq)} Hz`,
  );
  s = s.replace(/(\d*\.?\d+|half)\s*的\s*(?:原始|目前的?)?(?:取樣率|採樣率|fs|sfreq)/gi, (m, f: string) =>
    facts.sfreq === null ? rate(m) : `${f} of ${fmt(facts.sfreq)} Hz`,
  );
  s = s.replace(/\b(?:fs|sfreq|sampling rate)\s*的?\s*(half|\d*\.\d+|\d+(?:\.\d+)?%)(?!\s*of\b)/gi, (m, f: string) =>
    facts.sfreq === null ? rate(m) : `${f} of ${fmt(facts.sfreq)} Hz`,
  );
  s = s.replace(
    /\b(?:the\s+)?(?:(?:current|original|native|new|resampled|present|recording(?:'s)?)\s+(?:sampling\s+)?rate|(?:current\s+|original\s+|native\s+|new\s+|resampled\s+|present\s+|recording(?:'s)?\s+)?(?:sampling\s+(?:rate|frequency)|sample\s+rate|sfreq|fs))\b/gi,
    (m, offset: number, all: string) => {
      const before = all.slice(0, offset);
      const after = all.slice(offset + m.length);
      const asValue =
        /\b(?:of|half|quarter|third|fifth|tenth|twice|double|triple|times)\s*$|[*/x×]\s*$/i.test(before) ||
        /^\s*(?:[*/+]|divided by|times|minus|plus|less)\s*\d/i.test(after);
      return asValue ? rate(m) : m;
    },
  );
  // Chinese ratio idiom and colon notation for a split: "八二分" (80/20), "七三分", "80:20", "8:2"
  s = s.replace(/([一二三四五六七八九])([一二三四五六七八九])分(?:法)?/g, (m, a: string, b: string) => {
    const x = chineseNumbers(`${a}成`);
    const y = chineseNumbers(`${b}成`);
    return /^\d+%$/.test(x) && /^\d+%$/.test(y) ? `${parseInt(x, 10)}/${parseInt(y, 10)}` : m;
  });
  if (/split|分割|切分|資料集|dataset|train|test|測試|驗證/i.test(s))
    s = s.replace(/(?<![\w.:])(\d+)\s*:\s*(\d+)(?:\s*:\s*(\d+))?(?![\w:])/g, (m, a: string, b: string, c?: string) => [a, b, c].filter(Boolean).join('/'));
  // split notation: "80/20", "70/15/15" (shares summing to 100 or 1) are train/(validation/)test shares, not a division
  s = s.replace(/(?<![\w./])(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)(?:\s*\/\s*(\d+(?:\.\d+)?))?(?![\w/])/g, (m, a: string, b: string, c?: string) => {
    const parts = [a, b, c].filter((x): x is string => x !== undefined).map(Number);
    const sum = parts.reduce((x, y) => x + y, 0);
    const pct =
      Math.abs(sum - 100) < 1e-6 ? 1 : Math.abs(sum - 1) < 1e-6 ? 100 : Math.abs(sum - 10) < 1e-6 && /split|分割|切分|資料集|dataset/i.test(s) ? 10 : 0;
    // "split 50/30/30": three shares of a split that do not add up are asked about, never replaced by the defaults
    if (!pct && parts.length === 3 && /split|分割|切分|資料集|dataset|train|test|測試|驗證/i.test(s))
      problems.push(`the split shares ${parts.join('/')} add up to ${fmt(sum)}, not 100 (train/validation/test)`);
    if (!pct) return m;
    const [, v, t] = parts.length === 3 ? parts : [parts[0], null, parts[1]];
    return `${v !== null ? `${fmt((v as number) * pct)}% validation, ` : ''}${fmt((t as number) * pct)}% test`;
  });
  // "2 to the 7th", "2 to the power 7", "half a second", "a quarter of a second"
  s = s
    // "two to the seventh", "2 to the sixth power": an ordinal word as the exponent; "4 squared", "the square of 4", "2 cubed"
    .replace(
      /(\d+)\s*to the\s*(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)\b(?:\s+power)?/gi,
      (_m, b: string, o: string) => `${b}^${ORDINAL_POWER.indexOf(o.toLowerCase()) + 2}`,
    )
    .replace(/(?<![\w.])(\d+(?:\.\d+)?)\s+(squared|cubed)\b/gi, (_m, b: string, p: string) => `${b}^${/cub/i.test(p) ? 3 : 2}`)
    .replace(/\bthe\s+(square|cube)\s+of\s+(\d+(?:\.\d+)?)/gi, (_m, p: string, b: string) => `${b}^${/cube/i.test(p) ? 3 : 2}`)
    .replace(/(\d+)\s*to the\s*(\d+)(?:st|nd|rd|th)(?:\s+power)?/gi, '$1^$2')
    .replace(/(\d+)\s*to the power\s+(\d+)/gi, '$1^$2')
    .replace(/\b(?:a\s+|one\s+)?half\s+(?:a|an)\s+(second|minute|millisecond)/gi, '0.5 $1')
    .replace(/\b(?:a\s+|one\s+)?quarter\s+of\s+(?:a|an)\s+(second|minute)/gi, '0.25 $1');
  // powers of ten in words: "3 times 10 to the minus 4" → 3e-4, "10 to the minus 3" → 1e-3, "10^-4"
  s = s
    .replace(
      /(\d+(?:\.\d+)?)\s*(?:times|x|×|\*)\s*10\s*(?:\^|\*\*|to the(?:\s+power of)?)\s*(?:minus|negative|-|−)\s*(\d+)/gi,
      (_m, a: string, k: string) => `${a}e-${k}`,
    )
    .replace(/(?<![\d.])10\s*(?:\^|\*\*|to the(?:\s+power of)?)\s*(?:minus|negative|-|−)\s*(\d+)/gi, (_m, k: string) => `1e-${k}`)
    .replace(/(\d+(?:\.\d+)?)\s*(?:乘以|乘上|乘|\*|×)\s*10\s*的\s*(?:負|-)\s*(\d+)\s*次方/g, (_m, a: string, k: string) => `${a}e-${k}`)
    .replace(/10\s*的\s*(?:負|-)\s*(\d+)\s*次方/g, (_m, k: string) => `1e-${k}`);
  // Chinese powers and decimals: "2 的 7 次方", "零點五"
  s = s.replace(/(\d+(?:\.\d+)?)\s*的\s*(\d+)\s*次方/g, '$1^$2').replace(/(\d+(?:\.\d+)?)\s*的平方/g, '$1^2');
  // the tool's default as a value: "4x the default batch size", "one fold fewer than the default"
  s = defaultArithmetic(s, facts);
  // the training configuration as a value: "twice as many epochs as last time", "halve the learning rate", "學習率減半"
  s = trainingArithmetic(s, facts);
  // arithmetic: 2^5, 256/2, 3 * 64, 2 ** 5, 128 divided by 4
  s = s
    .replace(/(\d)\s*\*\*\s*(\d)/g, '$1^$2')
    .replace(/\bto the power of\b/gi, '^')
    .replace(/\bdivided by\b/gi, '/')
    .replace(/\bmultiplied by\b|\btimes\b(?=\s*\d)/gi, '*')
    .replace(/×/g, '*')
    .replace(/÷/g, '/');
  // operands may be written in scientific notation ("1e-3 / 4", "2.5e-4 * 2")
  const OPERAND = String.raw`\(?\d+(?:\.\d+)?(?:e[-+]?\d+)?\)?`;
  s = s.replace(new RegExp(String.raw`(?<![\w./-])${OPERAND}(?:\s*[*/^]\s*-?${OPERAND})+(?![\w/])`, 'gi'), (m, offset: number, all: string) => {
    // a path or date ("data/2024/01") is not arithmetic, nor a list of event codes ("events 769/770")
    if (/[/\\]\s*$/.test(all.slice(0, offset)) || /^\s*[/\\]/.test(all.slice(offset + m.length))) return m;
    if (/\b(?:events?|codes?|triggers?|markers?|classes|around)\s*$|(?:事件|標記|碼)\s*$/i.test(all.slice(0, offset))) return m;
    try {
      const v = evaluate(m) as unknown;
      return typeof v === 'number' && Number.isFinite(v) ? fmt(v) : m;
    } catch {
      return m;
    }
  });
  // "just under 80 Hz, say 70 Hz", "about 1 s, i.e. 1000 ms": the value said after "say"/"i.e." is the one meant
  s = s.replace(
    new RegExp(
      `(?:\\b(?:just|slightly|a bit)\\s+(?:under|below|above|over)\\s+|\\b(?:around|about|roughly)\\s+)?${NUM}\\s*(khz|hz|ms|s)\\s*,?\\s+(?:say|i\\.e\\.?|that is|namely)\\s*,?\\s+(?=${NUM}\\s*(?:khz|hz|ms|s)\\b)`,
      'gi',
    ),
    '',
  );
  // fractions and multiples of a quantity: "half of 256 Hz", "a quarter of 160 Hz", "twice 30 s"
  for (const [re, f] of FRACTIONS) {
    const src = re.source.replace(/\\b$/, '');
    s = s.replace(
      new RegExp(`(?:${src})\\b\\s*(?:of\\s+|the\\s+|that\\s+)*${NUM}${UNIT}`, 'gi'),
      (_m, n: string, u?: string) => `${fmt(Number(n) * f)}${u ? ` ${u}` : ''}`,
    );
  }
  // "lowpass at 40 and highpass at a tenth of that": a share of the quantity said just before, in the same request
  for (const [re, f] of FRACTIONS) {
    const src = re.source.replace(/\\b$/, '');
    s = s.replace(new RegExp(`(?:${src})\\b\\s+of\\s+(?:that|it|this)\\b(?!\\s+(?:for|as)\\b)`, 'gi'), (m, offset: number, all: string) => {
      const before = [...all.slice(0, offset).matchAll(new RegExp(`${NUM}${UNIT}`, 'gi'))].filter((q) => q[2] !== '%').pop();
      return before ? `${fmt(Number(before[1]) * f)}${before[2] ? ` ${before[2]}` : ''}` : m;
    });
  }
  // "low-pass at 0.1875 of it" (three sixteenths), "and 25% of that": a share written as a number, of the quantity said just
  // before in the same request
  s = s.replace(/(?<![\w.])(\d*\.\d+|\d+(?:\.\d+)?\s*%)\s+of\s+(?:that|it|this)\b(?!\s+(?:for|as)\b)/gi, (m, f: string, offset: number, all: string) => {
    const k = f.includes('%') ? parseFloat(f) / 100 : Number(f);
    const before = [...all.slice(0, offset).matchAll(new RegExp(`${NUM}${UNIT}`, 'gi'))].filter((q) => q[2] && q[2] !== '%').pop();
    return before && k > 0 ? `${fmt(Number(before[1]) * k)} ${before[2]}` : m;
  });
  // Chinese order "40 Hz 的 2 倍": a multiple of the quantity before it
  s = s.replace(
    /(\d+(?:\.\d+)?)\s*(hz|khz|赫茲|ms|s|秒|毫秒)?\s*的\s*(\d+(?:\.\d+)?)\s*倍/gi,
    (_m, n: string, u: string | undefined, k: string) => `${fmt(Number(n) * Number(k))}${u ? ` ${u}` : ''}`,
  );
  // Chinese order "80 Hz 的 0.375" (奈奎斯特頻率的八分之三), "160 Hz 的 25%": a share of the quantity before it
  // ("300 的三分之一" is 100: a bare number's share too, as its multiple "40 的 2 倍" above; never a name's, T2 的 0.5)
  s = s.replace(
    /(?<![\w.])(\d+(?:\.\d+)?)\s*(hz|khz|赫茲|ms|s|秒|毫秒)?\s*的\s*(\d*\.\d+|\d+(?:\.\d+)?%)(?![\d倍])/gi,
    (m, n: string, u: string | undefined, f: string) => {
      const k = f.endsWith('%') ? Number(f.slice(0, -1)) / 100 : Number(f);
      return k > 0 && k < 1 ? `${fmt(Number(n) * k)}${u ? ` ${u}` : ''}` : m;
    },
  );
  // Chinese order "200 赫茲的一半" (chineseNumbers made it "200 赫茲 half")
  // ("1e-3 的一半" is 5e-4: the whole number in scientific notation, never its exponent alone)
  s = s.replace(
    /(?<![\d.]|\de-?)(\d+(?:\.\d+)?(?:e-?\d+)?)\s*(hz|khz|赫茲|ms|s|秒|毫秒)?\s*half\b/gi,
    (_m, n: string, u?: string) => `${fmt(Number(n) / 2)}${u ? ` ${u}` : ''}`,
  );
  // a chain of operations on a value, in Chinese order: 「1e-3 的一半再一半」 (made "0.0005 再 0.5"), 「2 的平方再乘 5」 (made
  // "4再乘5"), 「160 Hz 再除以 4」: each step applied to the value before it; an addition only where nothing follows the
  // operand ("30 再加 60 Hz 的陷波" is two steps); a value that is itself an operand ("80 減 25 再加 5") is left to the
  // arithmetic of the whole expression
  for (let i = 0; i < 4; i++) {
    const next = s.replace(
      /(?<![\w.])(?<!(?:減|加|乘|除|以|上|去|掉|[-+*/×÷])\s*)(\d+(?:\.\d+)?(?:e-?\d+)?)\s*(hz|赫茲|ms|s|秒|毫秒)?\s*[，,]?\s*(?:再|然後再?|接著)\s*(?:(乘以|乘上|乘|除以|除)\s*(\d+(?:\.\d+)?)|(half|0?\.5)(?![\d.])|(加上|加|減去|減掉|減)\s*(\d+(?:\.\d+)?)(?=\s*(?:hz|赫茲|ms|s|秒|毫秒)?\s*(?:$|[，,。；;！!]|就好|就行|吧)))/gi,
      (_m, a: string, u: string | undefined, op?: string, b?: string, half?: string, add?: string, c?: string) => {
        const x = Number(a);
        const v = half ? x * 0.5 : op ? (/除/.test(op) ? x / Number(b) : x * Number(b)) : /加/.test(add ?? '') ? x + Number(c) : x - Number(c);
        return `${fmt(v)}${u ? ` ${u}` : ''}`;
      },
    );
    if (next === s) break;
    s = next;
  }
  // "0.25 of 160 Hz", "25% of 160 Hz"
  s = s.replace(new RegExp(`${NUM}\\s*(%)?\\s*of\\s+${NUM}${UNIT}`, 'gi'), (m, a: string, pct: string | undefined, b: string, u?: string) => {
    const f = Number(a) / (pct ? 100 : 1);
    return f > 0 && f < 1 ? `${fmt(f * Number(b))}${u ? ` ${u}` : ''}` : m;
  });
  // "128 Hz / 2"
  s = s.replace(new RegExp(`${NUM}\\s*(hz|khz|ms|s)\\s*/\\s*${NUM}\\b`, 'gi'), (_m, a: string, u: string, b: string) => `${fmt(Number(a) / Number(b))} ${u}`);
  // a share of the window ("overlapping by a quarter of the window", "重疊視窗長度的一半", "視窗的 25%"): the share
  // itself, which the window rule reads as a part of the window's duration
  s = s
    .replace(
      /\b(half|(?:a|an|one)\s+(?:quarter|third|fourth|fifth|tenth)|\d*\.\d+|\d+(?:\.\d+)?\s*%)\s+(?:of\s+)?(?:(?:the|each|every|a|its|one)\s+(?:window|segment)s?(?:'s)?(?:\s+(?:length|duration))?|(?:their|its)\s+(?:length|duration))\b/gi,
      (_m, f: string) => (f.includes('%') ? f : fmt(shareValue(f))),
    )
    .replace(
      /(?:視窗|窗口|窗|每段|段)(?:的)?(?:長度|長)?\s*(?:(half)|的\s*(\d*\.\d+|\d+(?:\.\d+)?\s*%))(?!\s*(?:秒|毫秒|s\b|ms|hz|赫茲|\d|倍))/gi,
      (_m, h?: string, f?: string) => (h ? '0.5' : (f as string)),
    );
  // leftover fraction words used as shares ("a fifth for validation", "a quarter held out"): decimals
  for (const [re, f] of FRACTIONS.filter(([, f]) => f < 1))
    s = s.replace(re, (m, offset: number, all: string) =>
      /^\s*(?:of|the)\b/i.test(all.slice(offset + m.length)) &&
      !/^\s*of\s+(?:(?:the\s+|all\s+(?:the\s+)?)?(?:data(?:set)?|epochs|trials|samples|recordings|examples)|it|them|those|these|that)\b/i.test(
        all.slice(offset + m.length),
      )
        ? m
        : fmt(f),
    );
  // plus and minus last, left to right: shares and multiples above have bound tighter (see additiveStep)
  s = additiveStep(s, problems);
  // "minus half a second", "negative 0.2 s", "負 0.5 秒": a signed value
  s = s.replace(/\b(?:minus|negative)\s+(?=\d)|負\s*(?=\d)/gi, '-');
  // a window on both sides of the event: "±1.5 s", "1 s either side of T1", "half a second before and after", "前後各 1.5 秒"
  const both = (n: string, u: string, zh = false) => `${n.startsWith('-') ? n : `-${n}`} ${u} ${zh ? '到' : 'to'} ${n.replace(/^-/, '')} ${u}`;
  s = s
    .replace(new RegExp(`(?:±|\\+\\s*/\\s*-|\\+-)\\s*${NUM}\\s*(ms|s|sec|secs|seconds?)\\b`, 'gi'), (_m, n: string, u: string) => both(n, u))
    .replace(
      new RegExp(`${NUM}\\s*(ms|s|sec|secs|seconds?)\\s+(?:(?:on\\s+)?(?:either|each|both)\\s+sides?|before\\s+and\\s+after)(?:\\s+of)?\\b`, 'gi'),
      (_m, n: string, u: string) => both(n, u),
    )
    .replace(/(?:前後|前\s*後)\s*各\s*(\d+(?:\.\d+)?)\s*(毫秒|秒|ms|s)/g, (_m, n: string, u: string) => both(n, u, true));
  // the side of the event written before the time ("pre 200 ms, post 800 ms", "prestimulus 0.5 s", "post-cue: 2 s"): a signed time
  s = s.replace(
    new RegExp(`\\b(pre|post)(?:-|\\s)?(?:stimulus|onset|event|cue|trigger)?\\s*[:=]?\\s*${NUM}\\s*(ms|s|sec|secs|seconds?|milliseconds?)\\b`, 'gi'),
    (_m, side: string, n: string, u: string) => `${/^pre$/i.test(side) && !n.startsWith('-') ? '-' : ''}${n} ${/^milli/i.test(u) ? 'ms' : u}`,
  );
  // times relative to the event: "200 ms before" → "-200 ms", "from 0.5 s before to 2 s after"
  s = s.replace(
    new RegExp(
      `${NUM}\\s*(ms|s|sec|secs|seconds?|milliseconds?)\\s+(?:before|prior to|pre(?:(?:-|\\s)?(?:stimulus|onset|event|cue))?)\\b(?:\\s+(?:the\\s+)?(?:stimulus|onset|event|cue|trigger|marker)(?:\\s+onset)?)?`,
      'gi',
    ),
    (_m, n: string, u: string) => `${n.startsWith('-') ? n : `-${n}`} ${/^milli/i.test(u) ? 'ms' : u}`,
  );
  s = s.replace(
    new RegExp(
      `${NUM}\\s*(ms|s|sec|secs|seconds?|milliseconds?)\\s+(?:after|post(?:(?:-|\\s)?(?:stimulus|onset|event|cue))?)\\b(?:\\s+(?:the\\s+)?(?:stimulus|onset|event|cue|trigger|marker)(?:\\s+onset)?)?`,
      'gi',
    ),
    (_m, n: string, u: string) => `${n} ${/^milli/i.test(u) ? 'ms' : u}`,
  );
  s = s
    // 「畫 C3 前 10 秒」, 「只看前 5 秒」: the first seconds of the recording when no event or epoch is in the request
    .replace(
      /(?<=(?:畫|看|顯示|秀|列出|[A-Z]{1,3}\d*z?|波形|訊號|資料|錄音|的)\s*)前\s*(\d+(?:\.\d+)?)\s*(毫秒|秒|ms|s)/g,
      (m, n: string, u: string, offset: number, all: string) => (/事件|刺激|提示|epoch|切|T\d|後\s*\d|之後|onset|cue/i.test(all) ? m : `開頭 ${n} ${u}`),
    )
    // (not the first seconds of a recording skipped: "跳過前 10 秒" is a start at 10 s)
    .replace(/(?<!(?:跳過|略過|忽略|去掉|拿掉|扣掉|不看|不要)\s*(?:最)?)(?:事件|刺激|提示)?(?:發生)?前\s*(\d+(?:\.\d+)?)\s*(毫秒|秒|ms|s)/g, '-$1 $2')
    .replace(/(?:事件|刺激|提示)?(?:發生)?後\s*(\d+(?:\.\d+)?)\s*(毫秒|秒|ms|s)/g, '$1 $2');
  s = s.replace(/\bmilliseconds?\b/gi, 'ms');
  // mains frequency by region when no frequency was written
  if (MAINS_WORD.test(s) || /\bnotch\b|陷波/i.test(s)) {
    // Japan's grid is 50 Hz in the east and 60 Hz in the west: the country alone does not say which
    if (!/\d\s*(?:hz|赫茲)|notch\s*(?:at\s+)?\d|陷波\s*\d/i.test(s) && regionMains(s) === null && /\bjapan(?:ese)?\b|日本/i.test(s))
      problems.push('Japan has both 50 Hz (east: Tokyo, Sendai) and 60 Hz (west: Osaka, Nagoya) mains; which city, or which frequency');
    if (!/\d\s*(?:hz|赫茲)|notch\s*(?:at\s+)?\d|陷波\s*\d/i.test(s)) {
      const hz = regionMains(s);
      const anchor = /\b(?:the\s+)?mains\b|\bnotch\b(?!\s+(?:at|the))|市電|陷波/i;
      // the frequency goes next to the notch word, or at the end when none can carry it ("notch the line frequency")
      if (hz !== null) s = anchor.test(s) ? s.replace(anchor, (m) => `${m} ${hz} Hz`) : `${s} ${hz} Hz`;
    }
  }
  // "resample to 100 — scratch that, 128", 「帶通 4 到 40，啊不對，8 到 30」: the message corrected within itself (read once
  // the numbers are digits, so "two hundred, no, one hundred" is corrected too)
  s = reasonValues(withoutCorrectedParts(s, hasStep));
  // "128 Hz，幫我降到這個", "100 Hz is the target, resample to that": the value said before the verb
  s = s.replace(
    /(?<=(?:\bto|\bat|到|至|成|為|用)\s*)(?:這個|那個|this|that)(?:\s*(?:value|rate|frequency|值|數值|頻率))?(?![\w\u4e00-\u9fff])/gi,
    (m, offset: number, all: string) => {
      const before = [...all.slice(0, offset).matchAll(/(?<![\w.])(\d+(?:\.\d+)?)\s*(hz|赫茲|ms|毫秒|s|秒)(?![a-z])/gi)];
      return before.length === 1 ? `${before[0][1]} ${before[0][2]}` : m;
    },
  );
  // an expression no rule could evaluate ("1e-3 / four tenths", "3 * the old one"): ask rather than pass on a wrong value
  const unread = /(?<![\w./])\d+(?:\.\d+)?(?:e-?\d+)?\s*(?:[*^]|\s\/\s)\s*(?:\d|[a-z])/i.exec(s);
  const relative =
    /\b\d+(?:\.\d+)?\s*(?:times|×|x)\s+(?:the\s+|its\s+)?(?:old|current|previous|original|last|present|earlier)\b(?!\s+(?:sampling|sample)\b)/i.exec(s);
  // "the previous value minus 28" with no earlier value (references.ts puts it in when there is one): ask
  const orphan =
    /\b(?:the\s+)?(?:previous|last|earlier|old|former)\s+(?:value|setting|number)\s+(?:minus|plus|less|times|divided by)\b|(?:前一個|之前的|剛剛的|剛才的|上一個|原來的|原本的)(?:值|數值|數字)\s*(?:減|加|乘|除)/i.exec(
      input,
    );
  // "twice the current window" with no window cut before (references.ts puts its length in when there is one)
  const noWindow = /\b(?:twice|double|triple|\d+(?:\.\d+)?\s*(?:times|x))\s+(?:the\s+)?(?:(?:current|previous|last|old|earlier|present)\s+)?window\b/i.exec(s);
  if (noWindow && !problems.length) problems.push(`I could not tell which window "${noWindow[0].trim()}" means (give the length in seconds)`);
  if (orphan && !problems.length) problems.push(`I could not tell which earlier value "${orphan[0].trim()}…" means (give the value itself)`);
  if (relative && !unread && !problems.length) problems.push(`I could not tell what "${relative[0].trim()}…" is a multiple of (give the value itself)`);
  if (unread && !problems.length) problems.push(`I could not work out the value of "${unread[0].trim()}…" (write the number itself)`);
  return { text: s, problems };
}

/**
 * A reason that states a fact ("Because the trials are 4 s long, cut 2 s windows", 「因為我們的放大器是 1000 Hz，重新取樣到
 * 250 就好」) gives the request its values only when the request gives none of its own: a value of the same kind in the
 * main clause is the setting, and the reason's values of that kind are left out ("Since the amplifier picked up 60 Hz
 * line noise, notch it out" keeps its 60 Hz).
 */
function reasonValues(s: string): string {
  const m = /^(\s*(?:(?:because|since|as|given\s+that|seeing\s+that|now\s+that)\b|因為|由於|既然))([^,，;；]*?)([,，;；]\s*)(.+)$/i.exec(s);
  if (!m) return s;
  const [, lead, reason, sep, main] = m;
  const inMain = findQuantities(main);
  // "Because the line noise here is 60 Hz, notch it", "Since the amp picked up 60 Hz hum, notch it out": a request with
  // no value of its own takes the reason's, and the reason is no step of its own (it had planned a second notch at 50 Hz)
  if (!inMain.length) {
    const given = findQuantities(reason).filter((q) => q.unit);
    if (!given.length) return s;
    const span = reason.slice(given[0].index, given[given.length - 1].index + given[given.length - 1].text.length).trim();
    return `${main.replace(/[.!。！]\s*$/, '')} ${span}`;
  }
  if (!/\b(?:is|are|was|were|be|been|records?|recorded|runs?|ran|sampled|sits?|has|have|had|lasts?)\b|是|只有|有|為|錄|跑/i.test(reason)) return s;
  const kind = (q: { unit: string | null }) => (!q.unit ? null : isDimension(q, 'Hz') ? 'Hz' : isDimension(q, 's') ? 's' : null);
  const kinds = new Set(inMain.map(kind));
  const stripped = reason.replace(/(?<![A-Za-z_\d.])-?\d+(?:\.\d+)?\s*(?:khz|hz|ms|s|sec|secs|seconds?|min|minutes?|秒|毫秒|赫茲)(?![a-z])/gi, (q) => {
    const [found] = findQuantities(q);
    return found && (kinds.has(kind(found)) || kinds.has(null)) ? ' ' : q;
  });
  return `${lead}${stripped}${sep}${main}`;
}

/** The mains frequency of a place the text names (Taiwan, US → 60; Europe, China → 50), or null. */
/** A sentence that only says where the data was recorded ("our lab is in Paris", "資料是在高雄收的"): a fact, no step. */
const PLACE_SUBJECT =
  /^(?:(?:and|also|btw|by the way|fyi|note|oh|sorry)[,:\s]+)*(?:(?:our|my|the)\s+(?:lab|data|recordings?|eeg|site|hospital|clinic)\b|we(?:'re| are)?\b|i(?:'m| am)?\b|it was\b|this was\b|recorded\b)|^(?:抱歉[，,]?\s*)?(?:我們|我|資料|實驗室|數據|這些資料|這批資料)/i;

export function isPlaceStatement(text: string): boolean {
  const t = text.trim();
  return regionMains(t) !== null && PLACE_SUBJECT.test(t) && !/\d/.test(t) && t.split(/\s+/).length <= 12;
}

export function regionMains(text: string): 50 | 60 | null {
  // a place denied ("Tokyo lab, not Osaka", "是東京不是大阪") is not where the data was recorded
  const t = text.replace(
    /(?:\b(?:not|never|isn'?t|wasn'?t)\s+(?:in\s+|from\s+|at\s+|the\s+)?|不是|並非|而非)\s*[A-Za-z\u4e00-\u9fff][\w\u4e00-\u9fff]*(?:\s+[A-Z][\w]*)?/g,
    ' ',
  );
  return MAINS_60.test(t) ? 60 : MAINS_50.test(t) ? 50 : null;
}

/** True when the text names a mains/line-noise notch without any frequency or region (ask, do not assume 50 Hz). */
export function mainsUnresolved(text: string): boolean {
  return (MAINS_WORD.test(text) || /\bnotch\b|陷波/i.test(text)) && !/\d/.test(text) && !MAINS_60.test(text) && !MAINS_50.test(text);
}
