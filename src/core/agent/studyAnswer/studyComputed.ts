/**
 * A figure computed from the question's numbers and the Study's own ("if I set a low-pass of 90 Hz on my current
 * recordings what happens", 「我的資料如果降到 100 Hz，一個 epoch 會剩幾點」, "how many correct do I need on my test set
 * for p < 0.05", "what would a test ratio of 0.3 give me with my epochs"): the formula of computedAnswer.ts needs a
 * figure the asker did not type because the Study holds it (the sampling rate, the epoch window, the epoch count and
 * validation ratio, the test set's size and classes). The Study's figures are added to the question, one kind at a
 * time, and the formulas that then compute are the answer, stated with the figures they took from the Study.
 * Reads only.
 */
import type { StudySummary } from '../../study/summary';
import { computedAnswer, type ComputedAnswer } from '../computedAnswer';
import { OWN_EN, OWN_ZH, REQUEST } from './questionCues';
import { ownsStudyPart } from './topics';

/** One kind of the Study's figures, written as computedAnswer.ts reads the asker's. */
interface StudyFigure {
  /** how computedAnswer.ts reads it, appended to the question */
  phrase: string;
  /** how the answer names it */
  en: string;
  zh: string;
  /** the question already states this figure (its own number wins) */
  stated: (q: string) => boolean;
}

/** "my data", 「我的資料」, 「我把資料…」, "our recordings": the user's own data named, with a number of theirs or none. */
const OWN_DATA =
  /\b(?:my|our)\s+(?:\w+\s+)?(?:data(?:set)?|study|recordings?|files?|epochs?|test(?:\s+set)?|eeg)\b|我(?:們)?(?:的|把|這邊的)?\s*(?:資料|數據|epoch|檔案|錄音|記錄|test|測試集|study)/i;

/** The Study's sampling rate now: the epochs' when cut, else the first recording's. */
const rateOf = (s: StudySummary): number | undefined => s.epochs?.sfreq ?? s.recordings[0]?.sfreq;
/** A computed figure's text without its "Computed:" lead (the answer says where the figures came from). */
const bodyOf = (c: ComputedAnswer): string => c.text.replace(/^(?:Computed:|計算結果：)\s*/, '');

function figuresOf(s: StudySummary): StudyFigure[] {
  const out: StudyFigure[] = [];
  const rate = rateOf(s);
  if (rate)
    out.push({
      phrase: `Data at ${rate} Hz.`,
      en: `${rate} Hz`,
      zh: `${rate} Hz`,
      stated: (q) => new RegExp(`(?<![\\d.])${rate}\\s*Hz`, 'i').test(q),
    });
  if (s.epochs) {
    const t0 = Number(s.epochs.tmin.toFixed(3));
    const t1 = Number(s.epochs.tmax.toFixed(3));
    out.push({
      phrase: `Epochs ${t0} to ${t1} s.`,
      en: `epochs ${t0}–${t1} s`,
      zh: `epoch ${t0}–${t1} 秒`,
      stated: (q) => /\d\s*(?:s|sec|秒)\b|\d\s*秒|t_?min|t_?max/i.test(q),
    });
  }
  const split = s.dataset?.splits[0];
  const classes = s.epochs ? Object.keys(s.epochs.perClass).length : 0;
  if (split && classes >= 2)
    out.push({
      phrase: `${split.test} test trials and ${classes} classes.`,
      en: `${split.test} test trials, ${classes} classes`,
      zh: `測試集 ${split.test} 個 trial、${classes} 類`,
      stated: (q) => /\d+\s*(?:test\s+)?(?:trials?|試次|個\s*trial)|\d+\s*類|\d+\s*classes/i.test(q),
    });
  if (s.epochs && s.dataset)
    out.push({
      phrase: `${s.epochs.count} trials, validation ratio ${s.dataset.config.val_ratio}.`,
      en: `${s.epochs.count} epochs, validation ratio ${s.dataset.config.val_ratio}`,
      zh: `${s.epochs.count} 個 epoch、validation ratio ${s.dataset.config.val_ratio}`,
      stated: (q) => /\d+\s*(?:trials?|epochs|試次|個\s*(?:trial|epoch))/i.test(q) && /val/i.test(q),
    });
  return out;
}

/** The figures computed for a question about the user's own data, or [] (the Study's facts or the passages answer). */
export function studyComputedFacts(question: string, s: StudySummary): string[] {
  const q = question.trim();
  const own = ownsStudyPart(q) || OWN_DATA.test(q) || OWN_EN.some((re) => re.test(q)) || OWN_ZH.test(q);
  // a question that computes from its own numbers is not this one, nor a request ("resample my data to 100 Hz"); a
  // conditional or a question mark asks ("如果我把資料降到 100 Hz，一個 epoch 會剩幾點")
  const asked = /^\s*(?:if|what if|假如|如果|要是|萬一)|[?？]\s*$|會怎樣|會如何|what (?:happens|would)/i.test(q);
  if (!own || (REQUEST.test(q) && !asked) || computedAnswer(q)) return [];
  const zh = /[\u4e00-\u9fff]/.test(q);
  const figures = figuresOf(s).filter((f) => !f.stated(q));
  const facts: string[] = [];
  const kinds = new Set<ComputedAnswer['kind']>();
  // one kind of the Study's figures at a time, then the rate with the window (a resampled epoch needs both): each formula
  // that computes adds its figure, at most two
  const tries: StudyFigure[][] = [...figures.map((f) => [f]), ...(figures.length >= 2 ? [figures.slice(0, 2)] : [])];
  for (const used of tries) {
    const c = computedAnswer(`${q} ${used.map((f) => f.phrase).join(' ')}`);
    if (!c || kinds.has(c.kind) || facts.length >= 2) continue;
    kinds.add(c.kind);
    const body = bodyOf(c);
    // the filter tools check every edge against the data's Nyquist frequency (signal/params.ts) and refuse one above it
    const refused =
      c.kind === 'edge_vs_nyquist' && /not below|不低於/.test(c.text)
        ? zh
          ? '濾波工具會拒絕這個設定（頻率必須介於 0 Hz 與 Nyquist 頻率之間，否則回報錯誤），Study 不會改變。'
          : ' The filter tools refuse such an edge with an error (each frequency must lie between 0 Hz and the Nyquist frequency), and the Study is left unchanged.'
        : '';
    facts.push(
      zh
        ? `用你的 Study 的數字（${used.map((f) => f.zh).join('；')}）計算：${body}${refused}`
        : `computed with your Study's figures (${used.map((f) => f.en).join('; ')}): ${body}${refused}`,
    );
  }
  return facts.length ? [...facts, ...resampled(q, s, zh)] : facts;
}

/** A new rate asked about: "resample my study to 128 Hz", 「把資料降到 100 Hz」. */
const RESAMPLED_TO =
  /\b(?:re-?sampl\w*|down-?sampl\w*|decimat\w*)\b[^.?？。]*?(\d{2,5})\s*Hz|(?:降到|降至|降成|重新取樣(?:到|成)?|降取樣(?:到|成)?|降採樣(?:到|成)?)\s*(\d{2,5})\s*Hz/i;

/**
 * What a new rate does to the Study beside an epoch's samples: its Nyquist frequency (the highest frequency left) and
 * the model's shortest epoch at that rate against the Study's window (the kernels scale with the rate).
 */
function resampled(q: string, s: StudySummary, zh: boolean): string[] {
  const m = RESAMPLED_TO.exec(q);
  const target = m ? Number(m[1] ?? m[2]) : NaN;
  const rate = rateOf(s);
  if (!Number.isFinite(target) || !rate || target === rate) return [];
  const nyq = Number((target / 2).toFixed(2));
  const out = [
    zh
      ? `降到 ${target} Hz 後 Nyquist 頻率是 ${target} / 2 = ${nyq} Hz（現在 ${rate} Hz 時是 ${rate / 2} Hz），低通邊界必須低於它。`
      : `at ${target} Hz the Nyquist frequency becomes ${target} / 2 = ${nyq} Hz (${rate / 2} Hz at the current ${rate} Hz), so any low-pass edge must stay below it.`,
  ];
  if (s.epochs) {
    const model = /shallow/i.test(q) ? 'ShallowConvNet' : /sccnet/i.test(q) ? 'SCCNet' : /eegnet/i.test(q) ? 'EEGNet' : (s.model?.name ?? 'EEGNet');
    const seconds = Number((s.epochs.tmax - s.epochs.tmin).toFixed(3));
    const c = computedAnswer(
      zh ? `${model} 在 ${target} Hz，${seconds} 秒的 epoch 夠長嗎？` : `Is a ${seconds} s epoch long enough for ${model} at ${target} Hz?`,
    );
    if (c?.kind === 'min_epoch') out.push(bodyOf(c));
  }
  return out;
}
