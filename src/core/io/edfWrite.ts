/**
 * EDF+ (continuous, 16-bit) writer with an `EDF Annotations` signal. Voltage channels are stored in µV with a
 * physical range of whole microvolts around the data (so the 8-character header fields are exact), stim channels as
 * raw integers. Records are written one chunk at a time, so an hour of 64 channels never sits twice in memory.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { XBrainError } from '../errors';
import type { Annotation, ChannelInfo } from './types';

export interface EdfWriteInput {
  channels: Pick<ChannelInfo, 'name' | 'type' | 'unit'>[];
  sfreq: number;
  /** per channel, SI units (volts for voltage channels), equal lengths */
  data: Float32Array[];
  annotations?: Annotation[];
  /** ISO-8601; defaults to 2000-01-01T00:00:00Z (EDF has no "unknown" date) */
  measDate?: string | null;
  patientId?: string;
  recordingId?: string;
  /** seconds per data record (default 1); sfreq · duration must be an integer */
  recordDuration?: number;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function ascii(text: string, width: number, field: string): string {
  const clean = text.replace(/[^\x20-\x7e]/g, '_');
  if (clean.length > width) throw new XBrainError('invalid_arguments', `EDF ${field} "${text}" is longer than ${width} characters`, { field });
  return clean.padEnd(width, ' ');
}

/** A number in at most 8 characters (EDF header fields). */
export function fmt8(x: number): string {
  if (Number.isInteger(x) && String(x).length <= 8) return String(x);
  for (let p = 8; p >= 1; p--) {
    const s = String(Number(x.toPrecision(p)));
    if (s.length <= 8) return s;
  }
  throw new XBrainError('invalid_arguments', `value ${x} does not fit an 8-character EDF field`);
}

interface Scaling {
  dim: string;
  physMin: number;
  physMax: number;
  digMin: number;
  digMax: number;
  factor: number;
}

function scaling(ch: Pick<ChannelInfo, 'name' | 'type' | 'unit'>, x: Float32Array): Scaling {
  let lo = Infinity,
    hi = -Infinity;
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (!Number.isFinite(v))
      throw new XBrainError('invalid_arguments', `channel ${ch.name} holds a non-finite sample (${v}) at ${i}; EDF cannot store it`, { field: ch.name });
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (x.length === 0) {
    lo = 0;
    hi = 0;
  }
  if (ch.type === 'stim') {
    if (lo < -32768 || hi > 32767 || !x.every(Number.isInteger))
      throw new XBrainError('invalid_arguments', `stim channel ${ch.name} has values outside 16-bit integers; EDF cannot store them`, { field: ch.name });
    return { dim: '', physMin: -32768, physMax: 32767, digMin: -32768, digMax: 32767, factor: 1 };
  }
  const volts = ch.unit === 'V';
  const factor = volts ? 1e6 : 1;
  let pMin = lo * factor,
    pMax = hi * factor;
  if (volts) {
    pMin = Math.floor(pMin);
    pMax = Math.ceil(pMax);
  } else {
    const step = 10 ** (Math.floor(Math.log10(Math.max(pMax - pMin, Math.abs(pMax), Math.abs(pMin), 1e-30))) - 4);
    pMin = Math.floor(pMin / step) * step;
    pMax = Math.ceil(pMax / step) * step;
  }
  if (pMax <= pMin) pMax = pMin + (volts ? 1 : Math.max(Math.abs(pMin) * 1e-3, 1e-3));
  // the range actually stored is what the 8-character fields say
  return { dim: volts ? 'uV' : '', physMin: Number(fmt8(pMin)), physMax: Number(fmt8(pMax)), digMin: -32768, digMax: 32767, factor };
}

function talBytes(onset: number, duration: number, texts: string[]): Uint8Array {
  const head = `${onset >= 0 ? '+' : '-'}${String(Math.abs(onset))}${duration > 0 ? `\x15${String(duration)}` : ''}\x14`;
  return new TextEncoder().encode(head + texts.map((t) => `${t}\x14`).join('') + '\x00');
}

function dateParts(iso: string | null | undefined): Date {
  const d = iso ? new Date(iso) : new Date(Date.UTC(2000, 0, 1));
  if (!Number.isFinite(d.getTime())) throw new XBrainError('invalid_arguments', `measDate "${iso}" is not a date`, { field: 'measDate' });
  return d;
}

/** Writes `input` as an EDF+C file at `path`. */
export function writeEdf(path: string, input: EdfWriteInput): void {
  const { channels, sfreq, data } = input;
  const nCh = channels.length;
  if (nCh === 0 || data.length !== nCh)
    throw new XBrainError('invalid_arguments', `EDF writer needs one data array per channel (${nCh} channels, ${data.length} arrays)`);
  const nTimes = data[0].length;
  if (data.some((d) => d.length !== nTimes)) throw new XBrainError('invalid_arguments', 'EDF writer: channels have different lengths');
  const dur = input.recordDuration ?? 1;
  const spr = Math.round(sfreq * dur);
  if (spr < 1 || Math.abs(spr - sfreq * dur) > 1e-9)
    throw new XBrainError('invalid_arguments', `sfreq ${sfreq} × record duration ${dur} s is not a whole number of samples`, { field: 'recordDuration' });
  if (2 * spr * nCh > 61440 * 16)
    throw new XBrainError('invalid_arguments', `records of ${spr} samples × ${nCh} channels are too large; use a shorter record duration`);
  const nRec = Math.ceil(nTimes / spr);
  const scales = channels.map((c, i) => scaling(c, data[i]));
  // annotations go into the record their onset falls in, after that record's time-keeping TAL
  const perRecord: Uint8Array[][] = Array.from({ length: nRec }, (_, r) => [talBytes(r * dur, 0, [''])]);
  for (const a of input.annotations ?? []) {
    const r = Math.min(nRec - 1, Math.max(0, Math.floor(a.onset / dur)));
    perRecord[r].push(talBytes(a.onset, a.duration, [a.description]));
  }
  const talLen = Math.max(...perRecord.map((p) => p.reduce((n, b) => n + b.length, 0)));
  const talSamples = Math.ceil(talLen / 2) + 1;
  const ns = nCh + 1;
  const d = dateParts(input.measDate);
  const p2 = (n: number): string => String(n).padStart(2, '0');
  const labels = [...channels.map((c) => c.name), 'EDF Annotations'];
  const fields: string[] = [
    ascii('0', 8, 'version'),
    ascii(input.patientId ?? 'X X X X', 80, 'patient id'),
    ascii(input.recordingId ?? `Startdate ${p2(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()} X X X`, 80, 'recording id'),
    `${p2(d.getUTCDate())}.${p2(d.getUTCMonth() + 1)}.${p2(d.getUTCFullYear() % 100)}`,
    `${p2(d.getUTCHours())}.${p2(d.getUTCMinutes())}.${p2(d.getUTCSeconds())}`,
    ascii(String(256 * (ns + 1)), 8, 'header bytes'),
    ascii('EDF+C', 44, 'reserved'),
    ascii(String(nRec), 8, 'number of records'),
    ascii(fmt8(dur), 8, 'record duration'),
    ascii(String(ns), 4, 'number of signals'),
  ];
  const col = (f: (i: number) => string): void => {
    for (let i = 0; i < ns; i++) fields.push(f(i));
  };
  col((i) => ascii(labels[i], 16, `label of channel ${i + 1}`));
  col((i) => ascii(i < nCh ? (channels[i].type === 'eeg' ? 'AgAgCl electrode' : '') : '', 80, 'transducer'));
  col((i) => ascii(i < nCh ? scales[i].dim : '', 8, 'physical dimension'));
  col((i) => ascii(i < nCh ? fmt8(scales[i].physMin) : '-1', 8, 'physical minimum'));
  col((i) => ascii(i < nCh ? fmt8(scales[i].physMax) : '1', 8, 'physical maximum'));
  col((i) => ascii(i < nCh ? String(scales[i].digMin) : '-32768', 8, 'digital minimum'));
  col((i) => ascii(i < nCh ? String(scales[i].digMax) : '32767', 8, 'digital maximum'));
  col(() => ascii('', 80, 'prefiltering'));
  col((i) => ascii(String(i < nCh ? spr : talSamples), 8, 'samples per record'));
  col(() => ascii('', 32, 'reserved'));
  const header = Buffer.from(fields.join(''), 'latin1');
  if (header.length !== 256 * (ns + 1)) throw new XBrainError('internal', `EDF header is ${header.length} bytes, expected ${256 * (ns + 1)}`);

  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new XBrainError('internal', 'the EDF writer needs a little-endian machine');
  const recordBytes = 2 * (spr * nCh + talSamples);
  const recPerChunk = Math.max(1, Math.floor((8 << 20) / recordBytes));
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, header);
    const inv = scales.map((s) => ({ k: (s.digMax - s.digMin) / (s.physMax - s.physMin), s }));
    for (let r0 = 0; r0 < nRec; r0 += recPerChunk) {
      const n = Math.min(recPerChunk, nRec - r0);
      const buf = Buffer.alloc(n * recordBytes);
      const view = new Int16Array(buf.buffer, buf.byteOffset, buf.byteLength >> 1);
      for (let r = 0; r < n; r++) {
        const rec = r0 + r;
        let o = r * (recordBytes >> 1);
        for (let c = 0; c < nCh; c++) {
          const x = data[c],
            { k, s } = inv[c];
          const base = rec * spr;
          for (let i = 0; i < spr; i++, o++) {
            const t = base + i;
            // the last record is padded with zeros (0 V, code 0)
            const v = t < nTimes ? x[t] * s.factor : 0;
            const dig = Math.round((v - s.physMin) * k + s.digMin);
            view[o] = dig < -32768 ? -32768 : dig > 32767 ? 32767 : dig;
          }
        }
        let b = 2 * o;
        for (const part of perRecord[rec]) {
          buf.set(part, b);
          b += part.length;
        }
      }
      writeSync(fd, buf);
    }
  } finally {
    closeSync(fd);
  }
}
