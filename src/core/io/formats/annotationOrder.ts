import type { Annotation } from '../types';

/**
 * What `raw.set_annotations(Annotations(...))` does in MNE 1.3: sort by (onset, duration, original index), then crop to
 * the recording's time span [0, nTimes / sfreq] (annotations entirely outside are dropped, overlapping ones clipped).
 */
export function mneAnnotations(list: Annotation[], nTimes: number, sfreq: number): Annotation[] {
  const tmax = nTimes / sfreq;
  const sorted = list
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => Number.isFinite(a.onset))
    .sort((x, y) => x.a.onset - y.a.onset || x.a.duration - y.a.duration || x.i - y.i)
    .map(({ a }) => a);
  const out: Annotation[] = [];
  for (const a of sorted) {
    const duration = Number.isFinite(a.duration) ? a.duration : 0;
    let on = a.onset;
    let off = on + duration;
    if (on > tmax || off < 0) continue;
    const clipped = on < 0 || off > tmax;
    if (on < 0) on = 0;
    if (off > tmax) off = tmax;
    out.push({ onset: on, duration: clipped ? off - on : duration, description: a.description });
  }
  return out;
}
