/**
 * Preprocessing as the history records it: filters and other steps, the sampling rate, the data's scale
 * (topics filters, sampling, scale).
 */
import { epochsSd } from '../../evaluation/diagnose';
import type { StudySummary } from '../../study/summary';
import type { StudyState } from '../../study/types';
import { nextStep } from './format';

/** The epochs' scale (volts or normalised) and how the trainer standardises its input. */
export function scaleFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!state.epochs) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const out: string[] = [];
  const run = state.runs.find((r) => r.status !== 'running') ?? state.runs[0];
  const norm = [...state.history, ...state.epochHistory].filter((h) => h.op.startsWith('normalize')).map((h) => h.description);
  const inputNorm = (run?.config ?? state.training)?.input_norm === 'none' ? 'none' : 'train_fold';
  const sd = epochsSd(state.epochs);
  out.push(
    zh
      ? `輸入尺度：epoch 的標準差約 ${sd.toExponential(1)}${sd < 1e-3 ? '（伏特）' : ''}，${norm.length ? `已做 ${norm.join('、')}` : '沒有做 normalize_data'}，input_norm=${inputNorm}${inputNorm === 'train_fold' ? '（訓練時依訓練集標準化）' : '（不標準化）'}。`
      : `input scale: the epochs' SD is about ${sd.toExponential(1)}${sd < 1e-3 ? ' (volts)' : ''}, ${norm.length ? `normalised (${norm.join(', ')})` : 'not normalised with normalize_data'}, input_norm=${inputNorm}${inputNorm === 'train_fold' ? ' (the trainer standardises on each training split)' : ' (no standardisation)'}.`,
  );
  return out;
}

export function samplingFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.recordings.length) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const rates = [...new Set(s.recordings.map((r) => r.sfreq))];
  const resampled = state.history.filter((h) => /resampl/i.test(h.op) || /^Resample/.test(h.description)).map((h) => h.description);
  const out = [
    zh
      ? `${s.recordings.length} 個記錄檔目前的取樣率是 ${rates.join('、')} Hz${resampled.length ? `（${resampled.join('、')}）` : '（沒有重新取樣）'}，Nyquist 頻率 ${rates.map((r) => r / 2).join('、')} Hz。`
      : `${s.recordings.length === 1 ? 'the recording is' : `the ${s.recordings.length} recordings are`} now at ${rates.join(', ')} Hz${resampled.length ? ` (${resampled.join('; ')})` : ' (not resampled)'}, so the Nyquist frequency is ${rates.map((r) => r / 2).join(', ')} Hz.`,
  ];
  const chans = [...new Set(s.recordings.map((r) => r.channels))];
  out.push(zh ? `每個記錄檔 ${chans.join('、')} 個通道。` : `${s.recordings.length === 1 ? 'it has' : 'each has'} ${chans.join(', ')} channels.`);
  if (s.epochs && !rates.includes(s.epochs.sfreq)) out.push(zh ? `epoch 的取樣率是 ${s.epochs.sfreq} Hz。` : `the epochs are at ${s.epochs.sfreq} Hz.`);
  return out;
}

export function filterFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.recordings.length) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const steps = [...state.history, ...state.epochHistory].filter((h) => h.op !== 'epoch_data' && h.op !== 'window_epoch');
  const filters = steps.filter((h) => /filter|notch/i.test(h.op) || /^(?:Filtering|Notch)/.test(h.description));
  if (!steps.length) return [zh ? '還沒有套用任何濾波或其他前處理。' : 'no filter or other preprocessing has been applied yet.'];
  const out = [
    filters.length
      ? zh
        ? `套用過的濾波：${filters.map((h) => h.description).join('；')}。`
        : `filters applied: ${filters.map((h) => h.description).join('; ')}.`
      : zh
        ? '沒有套用濾波。'
        : 'no filter has been applied.',
  ];
  const others = steps.filter((h) => !filters.includes(h));
  if (others.length)
    out.push(zh ? `其他前處理：${others.map((h) => h.description).join('；')}。` : `other preprocessing: ${others.map((h) => h.description).join('; ')}.`);
  // the order the steps ran in, epoching included (the history's order: continuous recordings first, then the epochs)
  const ordered = [...state.history, ...state.epochHistory];
  if (ordered.length > 1)
    out.push(
      zh
        ? `執行順序：${ordered.map((h, i) => `${i + 1}. ${h.description}`).join(' → ')}。`
        : `in the order they ran: ${ordered.map((h, i) => `${i + 1}. ${h.description}`).join(' → ')}.`,
    );
  // what was not done answers "any notch?" as much as what was
  const done = (re: RegExp) => steps.some((h) => re.test(h.op) || re.test(h.description));
  const missing = STANDARD_STEPS.filter(([, , re]) => !done(re)).map(([en, zhName]) => (zh ? zhName : en));
  // a band-pass or low-pass edge below 50 Hz already puts 50/60 Hz mains in the stopband: no notch is needed
  const highs = filters
    .filter((h) => !/notch/i.test(h.op))
    .map((h) => Number(h.params.high_freq ?? h.params.h_freq))
    .filter((f) => Number.isFinite(f) && f > 0);
  const high = highs.length ? Math.min(...highs) : null;
  const mains = !done(/notch/i) && high !== null && high < 50;
  if (missing.length) out.push(zh ? `沒有做：${missing.join('、')}。` : `not applied: no ${missing.join(', no ')}.`);
  if (mains)
    out.push(
      zh
        ? `不需要另外 notch：50/60 Hz 市電在濾波上限 ${high} Hz 之上，已在阻帶裡（要加的話是 apply_notch_filter）。`
        : `no notch is needed: 50/60 Hz mains lie above the ${high} Hz upper edge, in the filter's stopband (apply_notch_filter would add one).`,
    );
  // the order: filtering on the continuous recordings, then epoching
  const epoching = state.epochHistory.find((h) => h.op === 'epoch_data' || h.op === 'window_epoch') ?? state.history.find((h) => h.op === 'epoch_data');
  if (epoching && filters.length)
    out.push(
      zh
        ? `之後才切 epoch：${epoching.description}（濾波在切 epoch 之前，在連續記錄上做）。`
        : `then epoched: ${epoching.description} (filtering came before epoching, on the continuous recordings).`,
    );
  return out;
}

/** The usual preprocessing steps, to say which were not applied: name (English, Chinese) and how the history names it. */
export const STANDARD_STEPS: [string, string, RegExp][] = [
  ['band-pass filter', '帶通濾波', /band-?pass|^Filtering/i],
  ['notch filter', '陷波濾波（notch）', /notch/i],
  ['re-referencing', '重新參考', /referenc/i],
  ['resampling', '重新取樣', /resampl/i],
  ['normalisation', '正規化', /normali[sz]|z-?score|min-?max/i],
];
