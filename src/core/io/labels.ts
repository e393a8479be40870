/**
 * Label files as XBrainLab reads them (`label_loader.py`, `label_import_service.py`), and their alignment to a
 * recording's events. Unlike XBrainLab's agent path, the real trigger timing is kept.
 * - .txt: whitespace-separated integers;
 * - .mat: first non-`__` numeric variable; (n,), (n,1), (1,n) → 1-D; MNE-style (n,3) events → last column;
 *   other 2-D arrays flattened (MATLAB column order);
 * - .csv/.tsv: timestamp mode when a time column (time/latency/onset) and a label column (label/trial_type/type)
 *   exist (+ optional duration); otherwise sequence mode (label column, else the first column).
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { XBrainError } from '../errors';
import { badFile } from './formats/binary';
import { firstNumericVariable, readMat } from './formats/mat';
import type { EventList } from './types';

export type LabelValue = number | string;

export type LabelFile =
  { mode: 'sequence'; path: string; labels: LabelValue[] } | { mode: 'timestamp'; path: string; onsets: number[]; durations: number[]; labels: LabelValue[] };

const TIME_COLS = ['time', 'latency', 'onset'];
const LABEL_COLS = ['label', 'trial_type', 'type'];

async function readText(path: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    throw new XBrainError('not_found', `label file ${path} not found or not readable`, { path });
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw badFile(path, 'text', 'is not valid UTF-8');
  }
}

function parseTxt(path: string, text: string): LabelFile {
  const tokens = text.split(/\s+/).filter(Boolean);
  const labels = tokens.map((t, i) => {
    if (!/^[+-]?\d+(\.0*)?$/.test(t)) throw badFile(path, `label ${i + 1}`, `"${t}" is not an integer`);
    return Math.trunc(Number(t));
  });
  if (labels.length === 0) throw badFile(path, 'labels', 'the file holds no labels');
  return { mode: 'sequence', path, labels };
}

function splitRow(line: string, sep: string): string[] {
  if (sep === '\t') return line.split('\t').map((c) => c.trim());
  // CSV with double-quoted fields
  const out: string[] = [];
  let cur = '',
    q = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (q) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') q = false;
      else cur += ch;
    } else if (ch === '"') q = true;
    else if (ch === sep) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

const asLabel = (s: string): LabelValue => (/^[+-]?\d+(\.0*)?$/.test(s) ? Math.trunc(Number(s)) : s);

function parseTable(path: string, text: string, sep: string): LabelFile {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) throw badFile(path, 'table', 'the file is empty');
  const head = splitRow(lines[0], sep).map((h) => h.toLowerCase());
  const timeCol = head.findIndex((h) => TIME_COLS.includes(h));
  const labelCol = head.findIndex((h) => LABEL_COLS.includes(h));
  const durCol = head.indexOf('duration');
  const hasHeader = timeCol >= 0 || labelCol >= 0 || head.some((h) => !/^[+-]?[\d.]+$/.test(h));
  const rows = (hasHeader ? lines.slice(1) : lines).map((l) => splitRow(l, sep));
  if (rows.length === 0) throw badFile(path, 'table', 'the file has a header but no rows');
  if (timeCol >= 0 && labelCol >= 0) {
    const onsets: number[] = [],
      durations: number[] = [],
      labels: LabelValue[] = [];
    rows.forEach((r, i) => {
      const on = Number(r[timeCol]);
      if (r[timeCol] === undefined || r[timeCol] === '' || !Number.isFinite(on) || on < 0)
        throw badFile(path, `row ${i + 2} column "${head[timeCol]}"`, `"${r[timeCol] ?? ''}" is not a time in seconds`);
      const d = durCol >= 0 && r[durCol] !== '' && r[durCol] !== 'n/a' ? Number(r[durCol]) : 0;
      if (!Number.isFinite(d) || d < 0) throw badFile(path, `row ${i + 2} column "duration"`, `"${r[durCol]}" is not a duration`);
      if (!r[labelCol]) throw badFile(path, `row ${i + 2} column "${head[labelCol]}"`, 'is empty');
      onsets.push(on);
      durations.push(d);
      labels.push(asLabel(r[labelCol]));
    });
    return { mode: 'timestamp', path, onsets, durations, labels };
  }
  const col = labelCol >= 0 ? labelCol : 0;
  const labels = rows.map((r, i) => {
    if (!r[col]) throw badFile(path, `row ${i + (hasHeader ? 2 : 1)}`, 'label is empty');
    return asLabel(r[col]);
  });
  return { mode: 'sequence', path, labels };
}

async function parseMatLabels(path: string): Promise<LabelFile> {
  const mat = await readMat(path);
  const v = firstNumericVariable(mat);
  if (!v) throw badFile(path, 'variables', `no numeric variable (variables: ${mat.names.join(', ') || 'none'})`);
  const { dims, data } = v.value;
  if (dims.length > 2)
    throw badFile(path, `variable "${v.name}"`, `has ${dims.length} dimensions (${dims.join('×')}); labels need a vector or an (n,3) events array`);
  const [rows, cols] = [dims[0] ?? 0, dims[1] ?? 1];
  let values: number[];
  if (rows === 1 || cols === 1) values = Array.from(data);
  else if (cols === 3)
    values = Array.from(data.subarray(2 * rows, 3 * rows)); // column-major: last column
  else values = Array.from(data);
  if (values.length === 0) throw badFile(path, `variable "${v.name}"`, 'is empty');
  const labels = values.map((x, i) => {
    if (!Number.isFinite(x) || !Number.isInteger(x)) throw badFile(path, `variable "${v.name}" element ${i + 1}`, `${x} is not an integer label`);
    return x;
  });
  return { mode: 'sequence', path, labels };
}

export async function readLabelFile(path: string): Promise<LabelFile> {
  const ext = extname(path).toLowerCase();
  if (ext === '.mat') return parseMatLabels(path);
  if (ext === '.txt') return parseTxt(path, await readText(path));
  if (ext === '.csv') return parseTable(path, await readText(path), ',');
  if (ext === '.tsv') return parseTable(path, await readText(path), '\t');
  throw new XBrainError('bad_file', `${path}: unsupported label file type "${ext || '(none)'}" (supported: .mat, .txt, .csv, .tsv)`, {
    path,
    field: 'extension',
  });
}

/** Event ids for labels: integer labels keep their value (named by it), text labels get 1..n in sorted order. */
function labelIds(labels: LabelValue[]): { codes: number[]; eventId: Record<string, number> } {
  const eventId: Record<string, number> = {};
  if (labels.every((l) => typeof l === 'number')) {
    for (const l of [...new Set(labels as number[])].sort((a, b) => a - b)) eventId[String(l)] = l;
    return { codes: labels as number[], eventId };
  }
  const names = [...new Set(labels.map(String))].sort();
  names.forEach((n, i) => {
    eventId[n] = i + 1;
  });
  return { codes: labels.map((l) => eventId[String(l)]), eventId };
}

export interface AlignOptions {
  /** trial-start event names or codes the labels align to (sequence mode) */
  eventFilter?: string[];
  /** align to the shorter of events and labels instead of failing */
  truncate?: boolean;
}

export interface Aligned {
  events: EventList;
  /** how the labels were placed, for the tool's answer */
  note: string;
  dropped: number;
}

/** Which events a sequence of labels replaces: the filter's, else all of them, else the one id with as many events. */
function selectTriggers(events: EventList, n: number, dataName: string, filter: string[] | undefined): number[] {
  const idx = Array.from(events.codes.keys());
  const nameOf = new Map(Object.entries(events.eventId).map(([k, v]) => [v, k]));
  const counts = (): string =>
    Object.entries(events.eventId)
      .map(([k, v]) => `${k} ×${events.codes.filter((c) => c === v).length}`)
      .join(', ') || 'none';
  if (filter && filter.length) {
    const wanted = new Set<number>();
    for (const f of filter) {
      const code = f in events.eventId ? events.eventId[f] : /^\d+$/.test(f) && nameOf.has(Number(f)) ? Number(f) : undefined;
      if (code === undefined)
        throw new XBrainError('invalid_arguments', `event_filter "${f}" matches no event of ${dataName} (events: ${counts()})`, { parameter: 'event_filter' });
      wanted.add(code);
    }
    return idx.filter((i) => wanted.has(events.codes[i]));
  }
  if (idx.length === n) return idx;
  const exact = Object.values(events.eventId).filter((v) => events.codes.filter((c) => c === v).length === n);
  if (exact.length === 1) return idx.filter((i) => events.codes[i] === exact[0]);
  return idx;
}

/** Replaces a recording's events by labelled ones (sequence: at the selected triggers; timestamp: at the given times). */
export function alignLabels(file: LabelFile, events: EventList, sfreq: number, nTimes: number, dataName: string, opts: AlignOptions = {}): Aligned {
  if (file.mode === 'timestamp') {
    const keep = file.onsets.map((o, i) => ({ o, i })).filter(({ o }) => Math.round(o * sfreq) < nTimes);
    const dropped = file.onsets.length - keep.length;
    if (dropped && !opts.truncate) {
      throw new XBrainError(
        'invalid_arguments',
        `${file.path}: ${dropped} of ${file.onsets.length} label onsets lie after the end of ${dataName} (${(nTimes / sfreq).toFixed(3)} s); pass truncate=true to drop them`,
        { parameter: 'mapping' },
      );
    }
    const { codes, eventId } = labelIds(keep.map(({ i }) => file.labels[i]));
    const order = keep.map((k, j) => ({ s: Math.round(k.o * sfreq), c: codes[j] })).sort((a, b) => a.s - b.s);
    return {
      events: { samples: Int32Array.from(order, (x) => x.s), codes: Int32Array.from(order, (x) => x.c), eventId, source: 'labels' },
      note: `${keep.length} labelled events at the times in ${file.path}`,
      dropped,
    };
  }
  const sel = selectTriggers(events, file.labels.length, dataName, opts.eventFilter);
  if (sel.length !== file.labels.length && !opts.truncate) {
    throw new XBrainError(
      'invalid_arguments',
      `${file.path} has ${file.labels.length} labels but ${dataName} has ${sel.length} ${opts.eventFilter?.length ? `events of ${opts.eventFilter.join('/')}` : 'events'}; choose event_filter or pass truncate=true to use the first ${Math.min(sel.length, file.labels.length)}`,
      { parameter: 'mapping', labels: file.labels.length, events: sel.length },
    );
  }
  const n = Math.min(sel.length, file.labels.length);
  if (n === 0) throw new XBrainError('invalid_arguments', `${dataName} has no events to attach the labels of ${file.path} to`, { parameter: 'mapping' });
  const { codes, eventId } = labelIds(file.labels.slice(0, n));
  return {
    events: { samples: Int32Array.from(sel.slice(0, n), (i) => events.samples[i]), codes: Int32Array.from(codes), eventId, source: 'labels' },
    note: `${n} labels on the ${opts.eventFilter?.length ? opts.eventFilter.join('/') + ' ' : ''}events (trigger timing kept)`,
    dropped: Math.abs(sel.length - file.labels.length),
  };
}
