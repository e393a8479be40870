/**
 * Epoching as `mne.Epochs(raw, events, event_id, tmin, tmax, baseline, preload=True, event_repeated='drop')` does it,
 * then XBrainLab's concatenation over files with labels renumbered 0..K-1 in first-seen order.
 *
 * MNE details kept: the epoch spans samples round(tmin·sfreq) … round(tmax·sfreq) around the event (both ends
 * included) and tmin becomes start/sfreq; of several events on one sample only the first is kept; an epoch that does
 * not fit in the record is dropped (reported, not an error); baseline (None, 0) by default, the mean over
 * times ≥ bmin and ≤ bmax subtracted from data channels.
 */
import { XBrainError } from '../errors';
import type { Recording } from '../io/types';
import type { Epochs } from './types';
import { isDataChannel } from './signalData';
import { pyRound } from './numeric';
import { diskEpochs, EpochsWriter } from './spill';

export type Baseline = [number | null, number | null] | null;

export interface EpochOptions {
  tmin: number;
  tmax: number;
  /** event names to keep; undefined = every event */
  eventNames?: readonly string[];
  /** MNE default (None, 0) when undefined is passed by the caller; null = no correction */
  baseline: Baseline;
}

export interface DroppedEpoch {
  file: string;
  sample: number;
  event: string;
  reason: 'NO_DATA' | 'DROP DUPLICATE';
}

export interface EpochingResult {
  epochs: Epochs;
  dropped: DroppedEpoch[];
  /** per recording: epochs kept */
  kept: number[];
  warnings: string[];
}

const bad = (parameter: string, message: string) => new XBrainError('invalid_arguments', `${parameter}: ${message}`, { parameter });

/** Names → code lookup for one recording: exact name first, then case-insensitive. */
function resolveName(eventId: Record<string, number>, name: string): string | undefined {
  if (name in eventId) return name;
  const lower = name.toLowerCase();
  return Object.keys(eventId).find((k) => k.toLowerCase() === lower);
}

/** MNE `_check_baseline` and `rescale` index rules on the epoch's time axis. */
export function baselineWindow(baseline: Baseline, times: Float64Array, sfreq: number): { imin: number; imax: number; interval: [number, number] } | null {
  if (baseline === null) return null;
  const t0 = times[0],
    t1 = times[times.length - 1];
  const bmin = baseline[0] ?? t0;
  const bmax = baseline[1] ?? t1;
  const tol = 0.5 / sfreq;
  if (bmin < t0 - tol || bmax > t1 + tol) {
    throw bad('baseline', `interval [${baseline[0] ?? 'None'}, ${baseline[1] ?? 'None'}] s is outside of the epoch (${t0.toFixed(3)} … ${t1.toFixed(3)} s)`);
  }
  if (bmin > bmax) throw bad('baseline', `start ${bmin} must not be after end ${bmax}`);
  let imin = 0;
  while (imin < times.length && !(times[imin] >= bmin)) imin++;
  let imax = times.length - 1;
  while (imax >= 0 && !(times[imax] <= bmax)) imax--;
  imax += 1;
  if (imax <= imin) throw bad('baseline', `interval [${bmin}, ${bmax}] s contains no sample`);
  return { imin, imax, interval: [bmin, bmax] };
}

interface Pick {
  rec: number;
  sample: number;
  name: string;
}

/** Everything epoching decides from headers and events alone, before a sample is copied. */
interface EpochPlan {
  picks: Pick[];
  dropped: DroppedEpoch[];
  kept: number[];
  warnings: string[];
  eventId: Record<string, number>;
  names: string[];
  sfreq: number;
  startIdx: number;
  nTimes: number;
  base: { imin: number; imax: number; interval: [number, number] } | null;
  /** per channel: baseline-corrected (a data channel and a baseline given) */
  correct: boolean[];
}

function planEpochs(recordings: readonly Recording[], o: EpochOptions): EpochPlan {
  if (recordings.length === 0) throw new XBrainError('invalid_state', 'no recordings are loaded');
  if (!Number.isFinite(o.tmin) || !Number.isFinite(o.tmax)) throw bad('t_min', 't_min and t_max must be finite numbers');
  if (o.tmin > o.tmax) throw bad('t_max', `t_max (${o.tmax}) must not be before t_min (${o.tmin})`);
  const first = recordings[0];
  const sfreq = first.sfreq;
  const names = first.channels.map((c) => c.name);
  for (const r of recordings) {
    if (r.sfreq !== sfreq) throw new XBrainError('invalid_state', `${r.path}: sampling rate ${r.sfreq} Hz differs from ${sfreq} Hz; resample first`);
    if (r.channels.length !== names.length || r.channels.some((c, i) => c.name !== names[i])) {
      throw new XBrainError('invalid_state', `${r.path}: channels differ from ${first.path}; select common channels first`);
    }
  }
  const startIdx = pyRound(o.tmin * sfreq);
  const endIdx = pyRound(o.tmax * sfreq);
  const nTimes = endIdx - startIdx + 1;
  if (nTimes < 1) throw bad('t_max', `the window ${o.tmin} … ${o.tmax} s holds no sample at ${sfreq} Hz`);
  const times = Float64Array.from({ length: nTimes }, (_, i) => (startIdx + i) / sfreq);
  const base = baselineWindow(o.baseline, times, sfreq);
  const warnings: string[] = [];
  if (o.tmax - o.tmin < 1) warnings.push(`epochs of ${(o.tmax - o.tmin).toFixed(2)} s may be too short for EEGNet/SCCNet/ShallowConvNet`);

  // which event names exist anywhere
  if (o.eventNames) {
    if (o.eventNames.length === 0) throw bad('event_id', 'list at least one event name (or omit event_id for all events)');
    const known = new Set(recordings.flatMap((r) => Object.keys(r.events.eventId)));
    const missing = o.eventNames.filter((n) => !recordings.some((r) => resolveName(r.events.eventId, n) !== undefined));
    if (missing.length) throw bad('event_id', `no event named ${missing.map((m) => `'${m}'`).join(', ')} (available: ${[...known].join(', ') || 'none'})`);
  }

  const picks: Pick[] = [];
  const dropped: DroppedEpoch[] = [];
  const labelOrder: string[] = [];
  const kept: number[] = [];
  recordings.forEach((r, ri) => {
    const ev = r.events;
    const byCode = new Map<number, string>();
    // the recording's event_id in MNE's dict order (events_from_annotations: codes ascending)
    const ordered = Object.entries(ev.eventId).sort((a, b) => a[1] - b[1]);
    const wanted = o.eventNames ? new Set(o.eventNames.map((n) => resolveName(ev.eventId, n)).filter((n): n is string => n !== undefined)) : null;
    for (const [name, code] of ordered) if (!wanted || wanted.has(name)) byCode.set(code, name);
    for (const [name] of ordered)
      if (byCode.has(ev.eventId[name]) && byCode.get(ev.eventId[name]) === name && !labelOrder.includes(name)) labelOrder.push(name);
    const seen = new Set<number>();
    let count = 0;
    for (let i = 0; i < ev.samples.length; i++) {
      const name = byCode.get(ev.codes[i]);
      if (name === undefined) continue;
      const s = ev.samples[i];
      if (seen.has(s)) {
        dropped.push({ file: r.path, sample: s, event: name, reason: 'DROP DUPLICATE' });
        continue;
      }
      seen.add(s);
      const start = s + startIdx;
      if (start < 0 || start + nTimes > r.nTimes) {
        dropped.push({ file: r.path, sample: s, event: name, reason: 'NO_DATA' });
        continue;
      }
      picks.push({ rec: ri, sample: s, name });
      count++;
    }
    kept.push(count);
  });
  if (picks.length === 0) {
    throw bad(
      o.eventNames ? 'event_id' : 't_min',
      `no epoch fits: ${dropped.length} event(s) found, all dropped (${o.tmin} … ${o.tmax} s crosses the record boundary or no events)`,
    );
  }
  const eventId: Record<string, number> = {};
  labelOrder.forEach((n, i) => {
    eventId[n] = i;
  });

  const correct = first.channels.map((c) => base !== null && isDataChannel(c.type));
  return { picks, dropped, kept, warnings, eventId, names, sfreq, startIdx, nTimes, base, correct };
}

/** Copies epoch p of recording r (baseline-corrected where the plan says) into data at offset `off`. */
function cutEpoch(plan: EpochPlan, r: Recording, p: Pick, data: Float32Array, off: number): void {
  const { nTimes, base, correct } = plan;
  const start = p.sample + plan.startIdx;
  for (let c = 0; c < plan.names.length; c++) {
    const o = off + c * nTimes;
    const src = r.data[c];
    if (correct[c] && base) {
      let m = 0;
      for (let i = base.imin; i < base.imax; i++) m += src[start + i];
      m /= base.imax - base.imin;
      for (let i = 0; i < nTimes; i++) data[o + i] = src[start + i] - m;
    } else {
      data.set(src.subarray(start, start + nTimes), o);
    }
  }
}

function epochsMeta(recordings: readonly Recording[], plan: EpochPlan): Omit<Epochs, 'data'> {
  const { picks, eventId } = plan;
  return {
    nEpochs: picks.length,
    nChannels: plan.names.length,
    nTimes: plan.nTimes,
    channels: plan.names.slice(),
    sfreq: plan.sfreq,
    tmin: plan.startIdx / plan.sfreq,
    eventId,
    labels: Int32Array.from(picks, (p) => eventId[p.name]),
    subject: picks.map((p) => recordings[p.rec].subject),
    session: picks.map((p) => recordings[p.rec].session),
    recording: Int32Array.from(picks, (p) => p.rec),
    eventSample: Int32Array.from(picks, (p) => p.sample),
    baseline: plan.base ? plan.base.interval : null,
  };
}

export function epochRecordings(recordings: readonly Recording[], o: EpochOptions): EpochingResult {
  const plan = planEpochs(recordings, o);
  const per = plan.names.length * plan.nTimes;
  const data = new Float32Array(plan.picks.length * per);
  plan.picks.forEach((p, k) => cutEpoch(plan, recordings[p.rec], p, data, k * per));
  const epochs: Epochs = { data, ...epochsMeta(recordings, plan) };
  return { epochs, dropped: plan.dropped, kept: plan.kept, warnings: plan.warnings };
}

/**
 * epochRecordings with the epochs written to a spill file in `dir` recording by recording (signal/spill.ts): the
 * epochs of one recording are cut, appended and dropped before the next recording is read, so memory holds one
 * recording and its epochs whatever the number of recordings. Same samples, labels and metadata as epochRecordings.
 */
export function epochRecordingsToDisk(recordings: readonly Recording[], o: EpochOptions, dir: string): EpochingResult {
  const plan = planEpochs(recordings, o);
  const per = plan.names.length * plan.nTimes;
  const writer = new EpochsWriter(dir, plan.names.length, plan.nTimes);
  // one block buffer for every recording (cutEpoch writes every sample of it): no garbage per recording
  let buf = new Float32Array(0);
  try {
    let k = 0;
    while (k < plan.picks.length) {
      const rec = plan.picks[k].rec;
      let end = k;
      while (end < plan.picks.length && plan.picks[end].rec === rec) end++;
      if (buf.length < (end - k) * per) buf = new Float32Array((end - k) * per);
      const block = buf.subarray(0, (end - k) * per);
      for (let j = k; j < end; j++) cutEpoch(plan, recordings[rec], plan.picks[j], block, (j - k) * per);
      writer.append(block);
      k = end;
    }
  } catch (e) {
    writer.abandon();
    throw e;
  }
  const epochs = diskEpochs(epochsMeta(recordings, plan), writer.finish());
  return { epochs, dropped: plan.dropped, kept: plan.kept, warnings: plan.warnings };
}
