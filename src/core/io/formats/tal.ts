/**
 * EDF+ Time-stamped Annotation Lists, parsed as MNE 1.3's `_read_annotations_edf`: the bytes of every annotation
 * signal are concatenated (signal by signal, records in order) and matched with
 * `([+-]\d+\.?\d*)(\x15(\d+\.?\d*))?(\x14.*?)\x14\x00`; the first TAL's empty (time-keeping) entry gives the offset
 * subtracted from every onset. Text is UTF-8 (EDF+ spec); bytes that are not valid UTF-8 fall back to latin-1.
 */
import { latin1 } from '../fileBytes';
import type { Annotation } from '../types';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeText(latin: string): string {
  const bytes = new Uint8Array(latin.length);
  for (let i = 0; i < latin.length; i++) bytes[i] = latin.charCodeAt(i);
  try {
    return utf8.decode(bytes);
  } catch {
    return latin;
  }
}

/** Raw TAL entries in file order (onset already shifted by the time-keeping offset). */
export function parseTals(signals: Uint8Array[]): Annotation[] {
  const events: Annotation[] = [];
  let offset = 0;
  let k = 0;
  for (const bytes of signals) {
    // MNE's '.' (anything but '\n'), except that a TAL never spans a NUL: that keeps matching linear on corrupt
    // input (each attempt stops at the padding) and differs from MNE only for TALs missing their terminator
    const text = latin1(bytes);
    const pat = /([+-]\d+\.?\d*)(\x15(\d+\.?\d*))?(\x14[^\n\x00]*?)\x14\x00/g;
    for (let m = pat.exec(text); m; m = pat.exec(text), k++) {
      const onset = Number(m[1]) + offset;
      const duration = m[3] ? Number(m[3]) : 0;
      const parts = m[4].split('\x14').slice(1);
      for (const d of parts) {
        if (d) events.push({ onset, duration, description: decodeText(d) });
        else if (k === 0) offset = -onset;
      }
    }
  }
  return events;
}

/**
 * What `raw.set_annotations(Annotations(...))` keeps: sorted by (onset, duration, file order), cropped to
 * [0, tmax] (entries wholly outside dropped, the rest clipped).
 */
export function finishAnnotations(events: Annotation[], tmax: number): Annotation[] {
  const order = events.map((e, i) => ({ e, i }));
  order.sort((a, b) => a.e.onset - b.e.onset || a.e.duration - b.e.duration || a.i - b.i);
  const out: Annotation[] = [];
  for (const { e } of order) {
    let { onset, duration } = e;
    const end = onset + duration;
    if (onset > tmax || end < 0) continue;
    if (onset < 0) {
      duration = end;
      onset = 0;
    }
    if (onset + duration > tmax) duration = tmax - onset;
    out.push({ onset, duration, description: e.description });
  }
  return out;
}
