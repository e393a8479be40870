/**
 * Events as MNE builds them, with XBrainLab's precedence (`Raw.get_raw_event_list`): an epoched file's events, else
 * the stim channel(s) via `mne.find_events` (ids named str(code)), else `mne.events_from_annotations`.
 */
import type { Annotation, ChannelInfo, EventList } from './types';
import { pyRound } from '../signal/numeric';

/** `mne.events_from_annotations` default regexp: descriptions starting with BAD or EDGE (any case) are skipped. */
const DEFAULT_KEEP = /^(?![Bb][Aa][Dd]|[Ee][Dd][Gg][Ee]).*$/;

/** How many events (or epochs) carry each code, keyed by event name (the code as text when eventId has none). */
export function countEvents(codes: Int32Array, eventId: Record<string, number>): Record<string, number> {
  const names = new Map(Object.entries(eventId).map(([k, v]) => [v, k]));
  // counted in a Map: annotation descriptions are free text, and "constructor" or "__proto__" must count like any name
  const counts = new Map<string, number>();
  for (let i = 0; i < codes.length; i++) {
    const name = names.get(codes[i]) ?? String(codes[i]);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return Object.fromEntries(counts);
}

/** `mne.events_from_annotations(raw)`: ids 1..n from the sorted unique kept descriptions, sample = round(onset·sfreq). */
export function eventsFromAnnotations(annotations: Annotation[], sfreq: number): EventList {
  const kept = annotations.filter((a) => DEFAULT_KEEP.test(a.description));
  const names = [...new Set(kept.map((a) => a.description))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const eventId: Record<string, number> = {};
  names.forEach((n, i) => {
    eventId[n] = i + 1;
  });
  const samples = new Int32Array(kept.length),
    codes = new Int32Array(kept.length);
  // pyRound: halves to even, as MNE (numpy) rounds onsets
  kept.forEach((a, i) => {
    samples[i] = pyRound(a.onset * sfreq);
    codes[i] = eventId[a.description];
  });
  return { samples, codes, eventId, source: kept.length ? 'annotations' : 'none' };
}

/** MNE's default stim channel choice (`_get_stim_channel(None, info)`). */
export function defaultStimChannels(channels: ChannelInfo[]): number[] {
  for (const name of ['STI101', 'STI 101', 'STI 014', 'STI014']) {
    const i = channels.findIndex((c) => c.name === name);
    if (i >= 0) return [i];
  }
  return channels.flatMap((c, i) => (c.type === 'stim' ? [i] : []));
}

/**
 * `mne.find_events(raw)` with its defaults (output='onset', consecutive='increasing', min_duration=0,
 * initial_event=False): a step counts where every picked channel changes; negative values are made absolute.
 */
export function findEvents(stim: Float32Array[]): { samples: Int32Array; codes: Int32Array } {
  const empty = { samples: new Int32Array(0), codes: new Int32Array(0) };
  if (stim.length === 0 || stim[0].length < 2) return empty;
  const n = stim[0].length;
  const val = (c: number, i: number): number => Math.abs(Math.trunc(stim[c][i]));
  const idx: number[] = [],
    pre: number[] = [],
    post: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    let all = true;
    for (let c = 0; c < stim.length && all; c++) all = val(c, i + 1) !== val(c, i);
    if (all) {
      idx.push(i + 1);
      pre.push(val(0, i));
      post.push(val(0, i + 1));
    }
  }
  const onsets: number[] = [],
    offsets: number[] = [];
  for (let k = 0; k < idx.length; k++) {
    const on = post[k] > pre[k];
    if (on) onsets.push(k);
    if ((on || post[k] === 0) && pre[k] > 0) offsets.push(k);
  }
  if (onsets.length === 0 || offsets.length === 0) return empty;
  if (onsets[0] > offsets[0]) offsets.shift();
  if (offsets.length === 0 || onsets[onsets.length - 1] > offsets[offsets.length - 1]) onsets.pop();
  return { samples: Int32Array.from(onsets, (k) => idx[k]), codes: Int32Array.from(onsets, (k) => post[k]) };
}

/** XBrainLab precedence for a continuous recording: stim channel events first, else annotations. */
export function extractEvents(channels: ChannelInfo[], data: Float32Array[], annotations: Annotation[], sfreq: number): EventList {
  const picks = defaultStimChannels(channels);
  if (picks.length > 0) {
    const { samples, codes } = findEvents(picks.map((i) => data[i]));
    if (samples.length > 0) {
      const eventId: Record<string, number> = {};
      for (const c of [...new Set(codes)].sort((a, b) => a - b)) eventId[String(c)] = c;
      return { samples, codes, eventId, source: 'stim' };
    }
  }
  return eventsFromAnnotations(annotations, sfreq);
}
