/**
 * The epochs: class counts, what epoch_data kept and dropped, the window and its baseline, the events' spans
 * (topics classes, counts, window).
 */
import type { StudySummary } from '../../study/summary';
import type { StudyState } from '../../study/types';
import { minSamples } from '../../training/models';
import { pct, nextStep } from './format';
import type { ReadContext } from './types';

/** The models XBrain builds, as a question may name them. */
const MODEL_NAMES: [Parameters<typeof minSamples>[0], RegExp][] = [
  ['EEGNet', /\beegnet\b/i],
  ['ShallowConvNet', /\bshallow(?:\s*conv\s*net)?\b/i],
  ['SCCNet', /\bsccnet\b/i],
];

export function classFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  if (!s.epochs) {
    const events = new Map<string, number>();
    for (const r of s.recordings) for (const [k, n] of Object.entries(r.events)) events.set(k, (events.get(k) ?? 0) + n);
    const list = [...events].map(([k, n]) => `${k} ${n}`).join(', ');
    return [zh ? `${nextStep(s, zh)}${list ? `；記錄檔裡的事件：${list}` : ''}。` : `${nextStep(s, zh)}${list ? `; the recordings hold events ${list}` : ''}.`];
  }
  const per = Object.entries(s.epochs.perClass);
  const max = Math.max(...per.map(([, n]) => n));
  // the recordings' events epoch_data did not keep (its event_id): "where did T0 go?"
  const kept = Object.keys(state.epochs?.eventId ?? {});
  const left = new Map<string, number>();
  for (const r of s.recordings) for (const [k, n] of Object.entries(r.events)) if (!kept.includes(k)) left.set(k, (left.get(k) ?? 0) + n);
  const leftOut = left.size
    ? [
        zh
          ? `epoch_data 的 event_id 只取 ${kept.join('、')}；記錄檔裡的 ${[...left].map(([k, n]) => `${k}（${n} 個）`).join('、')}沒有切成 epoch，所以只有 ${kept.length} 類。`
          : `epoch_data kept event_id ${kept.join(', ')}; the recordings' ${[...left].map(([k, n]) => `${k} (${n} events)`).join(', ')} ${left.size === 1 ? 'was' : 'were'} not epoched, so there ${kept.length === 1 ? 'is 1 class' : `are ${kept.length} classes`}.`,
      ]
    : [];
  return [
    zh
      ? `共 ${s.epochs.count} 個 epoch，各類（標籤）：${per.map(([k, n]) => `${k} ${n}`).join('、')}（多數類 ${per.find(([, n]) => n === max)?.[0]} 佔 ${pct(max / s.epochs.count)}）。`
      : `${s.epochs.count} epochs, per class (label) ${per.map(([k, n]) => `${k} ${n}`).join(', ')} (the largest, majority class ${per.find(([, n]) => n === max)?.[0]} is ${pct(max / s.epochs.count)}).`,
    ...leftOut,
  ];
}

export function countFacts(state: StudyState, s: StudySummary, zh: boolean): string[] {
  const out = classFacts(state, s, zh);
  // what epoch_data kept and dropped (epochs crossing a recording's edge, repeated events)
  const ep = [...state.history, ...state.epochHistory].reverse().find((h) => h.op === 'epoch_data');
  const kept = ep?.design?.kept_per_recording as number[] | undefined;
  const dropped = ep?.design?.dropped as unknown[] | undefined;
  if (kept && dropped)
    out.push(
      zh
        ? `epoch_data 每個記錄檔保留 ${kept.join('、')} 個，${dropped.length ? `丟掉 ${dropped.length} 個` : '沒有丟掉任何 epoch'}。`
        : `epoch_data kept ${kept.join(', ')} per recording and ${dropped.length ? `dropped ${dropped.length}` : 'dropped none'}.`,
    );
  return out;
}

export function windowFacts(state: StudyState, s: StudySummary, zh: boolean, ctx: ReadContext = {}): string[] {
  if (!s.epochs) return [zh ? `${nextStep(s, zh)}。` : `${nextStep(s, zh)}.`];
  const e = s.epochs;
  const tmax = Number(e.tmax.toFixed(3));
  const out = [
    zh
      ? `epoch 是 ${e.tmin}–${tmax} 秒（相對事件起點），每個 ${e.times} 個樣本（${e.sfreq} Hz，(${tmax} − ${e.tmin}) × ${e.sfreq} + 1，兩端都包含），${e.channels} 個通道。`
      : `the epochs are ${e.tmin}–${tmax} s from the event onset, ${e.times} samples each at ${e.sfreq} Hz ((${tmax} − ${e.tmin}) × ${e.sfreq} + 1, both ends included), ${e.channels} channels.`,
  ];
  out.push(...baselineFacts(state, zh));
  // how long each class's event lasts in the recordings (to the next event): whether the window covers the task
  const { spans, annotated } = eventSpans(state);
  if (spans.length)
    out.push(
      annotated
        ? zh
          ? `記錄檔裡的事件長度約：${spans.map(([k, sec]) => `${k} ${sec} 秒`).join('、')}（中位數）。`
          : `in the recordings ${spans.map(([k, sec]) => `${k} lasts about ${sec} s`).join(', ')} (median).`
        : zh
          ? `記錄檔裡每個事件到下一個事件約：${spans.map(([k, sec]) => `${k} ${sec} 秒`).join('、')}（中位數）。`
          : `in the recordings the next event follows ${spans.map(([k, sec]) => `${k} after about ${sec} s`).join(', ')} (median).`,
    );
  // the minimum epoch length (XBrainLab's, what createModel checks) of the models the question names, else the chosen one
  type ModelName = Parameters<typeof minSamples>[0];
  const named = MODEL_NAMES.filter(([, re]) => re.test(ctx.question ?? '')).map(([n]) => n);
  const models: ModelName[] = named.length ? named : [(state.model?.name ?? 'EEGNet') as ModelName];
  for (const name of models) {
    const params = (name === state.model?.name ? state.model?.params : {}) as Parameters<typeof minSamples>[2];
    const need = minSamples(name, e.sfreq, params ?? {});
    const secs = Number((need / e.sfreq).toFixed(3));
    out.push(
      zh
        ? `${name} 在 ${e.sfreq} Hz 至少需要 ${need} 個樣本（${secs} 秒）：這些 epoch 有 ${e.times} 個，${e.times >= need ? '夠長' : '太短'}。`
        : `${name} needs at least ${need} samples (${secs} s) at ${e.sfreq} Hz: the epochs have ${e.times}, ${e.times >= need ? 'long enough' : 'too short'}.`,
    );
  }
  return out;
}

/** The epochs' baseline correction as epoch_data applied it, and what it subtracts. */
export function baselineFacts(state: StudyState, zh: boolean): string[] {
  const e = state.epochs;
  if (!e) return [];
  const b = e.baseline as [number | null, number | null] | null | undefined;
  if (!b) return [zh ? '沒有做基線校正（baseline=null）。' : 'no baseline correction (baseline=null).'];
  const [a, z] = [b[0] ?? e.tmin, b[1] ?? 0];
  const dflt = Math.abs(a - e.tmin) < 1e-9 && z === 0;
  // as epoch_data was given it: (None, 0) is the default, (-0.5, 0) with t_min = -0.5 the same interval written out
  const given = [...state.history, ...state.epochHistory].reverse().find((h) => h.op === 'epoch_data')?.params.baseline;
  const asDefault = b[0] === null || given === undefined || (Array.isArray(given) && given[0] === null);
  const name = asDefault ? `(None, ${b[1] ?? 'None'})` : `(${a}, ${z})`;
  const single = Math.abs(z - a) < 1 / e.sfreq;
  return [
    zh
      ? `基線校正 baseline ${name}${dflt ? `（${asDefault ? 'epoch_data 的預設' : '與 epoch_data 的預設 (None, 0) 同一段'}：從 epoch 開始到 t = 0）` : ''}：${single ? `因為 t_min = ${e.tmin}，區間只有 t = ${a} 秒那一個樣本，每個 epoch、每個通道減去它在 ${a} 秒的值` : `每個 epoch、每個通道減去 ${a}–${z} 秒的平均`}；baseline=null 則不做。`
      : `baseline correction ${name}${dflt ? ` (${asDefault ? "epoch_data's default" : "the same interval as epoch_data's default (None, 0)"}: from the epoch start to t = 0)` : ''}: ${single ? `with t_min = ${e.tmin} the interval is a single sample at t = ${a} s, so each epoch and channel has its value at ${a} s subtracted` : `each epoch and channel has its mean over ${a}–${z} s subtracted`}; baseline=null would skip it.`,
  ];
}

/** Per kept class (the epochs' classes, else every event), the median time from the event to the next one, in seconds. */
export function eventSpans(state: StudyState): { spans: [string, number][]; annotated: boolean } {
  const keep = state.epochs ? Object.keys(state.epochs.eventId) : null;
  const gaps = new Map<string, number[]>();
  // the annotations' own durations where the files give them
  for (const r of state.recordings)
    for (const a of r.annotations ?? [])
      if (a.duration > 0 && (!keep || keep.includes(a.description))) gaps.set(a.description, [...(gaps.get(a.description) ?? []), a.duration]);
  const annotated = gaps.size > 0;
  for (const r of annotated ? [] : state.recordings) {
    const names = new Map(Object.entries(r.events.eventId).map(([k, c]) => [c, k]));
    const order = [...r.events.samples.keys()].sort((a, b) => r.events.samples[a] - r.events.samples[b]);
    for (let i = 0; i + 1 < order.length; i++) {
      const name = names.get(r.events.codes[order[i]]);
      if (!name || (keep && !keep.includes(name))) continue;
      const gap = (r.events.samples[order[i + 1]] - r.events.samples[order[i]]) / r.sfreq;
      if (gap > 0) gaps.set(name, [...(gaps.get(name) ?? []), gap]);
    }
  }
  const spans = [...gaps].map(([k, g]): [string, number] => {
    const sorted = [...g].sort((a, b) => a - b);
    return [k, Number(sorted[Math.floor(sorted.length / 2)].toFixed(1))];
  });
  return { spans, annotated };
}
