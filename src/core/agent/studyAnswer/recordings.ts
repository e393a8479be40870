/**
 * The recordings: files, subjects, sessions, channels and events (topics recordings, channels, events).
 */
import type { StudySummary } from '../../study/summary';
import type { StudyState } from '../../study/types';
import { classFacts } from './epochs';
import { count, nextStep } from './format';
import { FILE_NAMED } from './questionCues';
import type { ReadContext } from './types';

/** A 10-20/10-10 electrode name (C3, Cz, FCz, Fp1, PO8, Iz). */
export const TEN_TWENTY = /^(?:Fp|AF|F|FC|FT|C|CP|TP|T|P|PO|O|I|Nz)(?:\d{1,2}|z)$/i;

export function channelFacts(state: StudyState, s: StudySummary, zh: boolean, ctx: ReadContext = {}): string[] {
  if (!s.recordings.length) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const counts = [...new Set(s.recordings.map((r) => r.channels))];
  const names = state.recordings[0].channels.map((c) => c.name);
  const shown = names.length <= 24 ? names.join(', ') : `${names.slice(0, 8).join(', ')} … ${names.slice(-3).join(', ')}`;
  const out = [
    zh
      ? `記錄檔有 ${counts.join('、')} 個通道（${shown}）${s.epochs ? `，epoch 有 ${s.epochs.channels} 個通道` : ''}${s.montage ? `，電極位置 ${s.montage}` : ''}。`
      : `the recordings have ${counts.join(', ')} channels (${shown})${s.epochs ? `, the epochs ${s.epochs.channels}` : ''}${s.montage ? `, montage ${s.montage}` : ''}.`,
  ];
  if (!s.montage) out.push(zh ? '還沒有設定電極位置（montage）：set_montage 會設定。' : 'no montage (electrode positions) is set yet: set_montage sets one.');
  // channels the question names ("do I have C3 and C4?"): which the recordings hold
  const lower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const tokens = [...new Set([...(ctx.question ?? '').matchAll(/\b[A-Za-z]{1,3}(?:\d{1,2}|z)\b/g)].map((m) => m[0]))];
  const have = tokens.filter((w) => lower.has(w.toLowerCase())).map((w) => lower.get(w.toLowerCase())!);
  const lack = tokens.filter((w) => !lower.has(w.toLowerCase()) && TEN_TWENTY.test(w));
  if (have.length)
    out.push(zh ? `${have.join('、')} 在記錄檔的通道裡。` : `${have.join(', ')} ${have.length === 1 ? 'is' : 'are'} among the recordings' channels.`);
  if (lack.length)
    out.push(zh ? `${lack.join('、')} 不在記錄檔的通道裡。` : `${lack.join(', ')} ${lack.length === 1 ? 'is' : 'are'} not among the recordings' channels.`);
  return out;
}

/** The loaded recordings: files, subjects, sessions, length; the workspace's EEG files that are not loaded; a file the question names. */
export function recordingFacts(state: StudyState, s: StudySummary, zh: boolean, ctx: ReadContext = {}): string[] {
  const loaded = s.recordings.map((r) => r.file);
  const notLoaded = (ctx.workspaceFiles ?? []).filter((f) => !loaded.includes(f));
  const named = ctx.question ? [...ctx.question.matchAll(new RegExp(FILE_NAMED.source, 'gi'))].map((m) => m[0]) : [];
  const out: string[] = [];
  for (const n of named) {
    const hit = loaded.find((f) => f.toLowerCase().startsWith(n.toLowerCase()));
    out.push(
      hit
        ? zh
          ? `${hit} 有載入，是這個 Study 的資料。`
          : `${hit} is loaded: it is part of this Study's data.`
        : zh
          ? `${n} 沒有載入（不在載入的記錄檔裡），所以不在 epoch、資料集或任何訓練裡。`
          : `${n} is not loaded (not among the loaded recordings), so it is not in the epochs, the dataset or any training.`,
    );
  }
  if (!s.recordings.length) {
    out.push(
      zh
        ? `${nextStep(s, zh)}${notLoaded.length ? `；工作區裡有 ${notLoaded.join('、')}` : ''}。`
        : `${nextStep(s, zh)}${notLoaded.length ? `; the workspace holds ${notLoaded.join(', ')}` : ''}.`,
    );
    return out;
  }
  const subjects = [...new Set(s.recordings.map((r) => r.subject).filter((x) => x !== undefined && x !== ''))];
  const sessions = [...new Set(s.recordings.map((r) => r.session).filter((x) => x !== undefined && x !== ''))];
  out.push(
    zh
      ? `載入了 ${s.recordings.length} 個記錄檔${subjects.length ? `，${subjects.length} 位受試者（${subjects.join('、')}）` : ''}${sessions.length ? `，場次 ${sessions.join('、')}` : ''}。`
      : `${count(s.recordings.length, 'recording')} loaded${subjects.length ? `, ${count(subjects.length, 'subject')} (${subjects.join(', ')})` : ''}${sessions.length ? `, sessions ${sessions.join(', ')}` : ''}.`,
  );
  for (const r of s.recordings.slice(0, 6)) {
    const ev = Object.entries(r.events)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    const secs = Number(r.seconds.toFixed(1));
    out.push(
      zh
        ? `${r.file}：${secs} 秒、${r.sfreq} Hz、${r.channels} 個通道${ev ? `，事件 ${ev}` : ''}。`
        : `${r.file}: ${secs} s at ${r.sfreq} Hz, ${r.channels} channels${ev ? `, events ${ev}` : ''}.`,
    );
  }
  if (s.recordings.length > 6) out.push(zh ? `（另有 ${s.recordings.length - 6} 個記錄檔）` : `(${count(s.recordings.length - 6, 'more recording')}.)`);
  if (notLoaded.length) out.push(zh ? `工作區裡還有，但沒有載入：${notLoaded.join('、')}。` : `in the workspace but not loaded: ${notLoaded.join(', ')}.`);
  return out;
}

export function eventFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.recordings.length) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const events = new Map<string, number>();
  for (const r of s.recordings) for (const [k, n] of Object.entries(r.events)) events.set(k, (events.get(k) ?? 0) + n);
  const list = [...events].map(([k, n]) => `${k} ${n}`).join(', ');
  const ev = s.recordings.map((r) =>
    Object.entries(r.events)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, n]) => `${k} ${n}`)
      .join(zh ? '、' : ', '),
  );
  const perFile = s.recordings.length > 1 && ev.every((x) => x === ev[0]) && ev[0] ? (zh ? `（每個檔案 ${ev[0]}）` : ` (${ev[0]} in each file)`) : '';
  const out = [
    zh
      ? `${s.recordings.length} 個記錄檔裡的事件共：${list || '沒有'}${perFile}。`
      : `the ${count(s.recordings.length, 'recording')} hold events ${list || 'none'} in all${perFile}.`,
  ];
  if (s.epochs) out.push(...classFacts(state, s, zh));
  return out;
}
