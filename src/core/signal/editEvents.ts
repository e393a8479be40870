/**
 * Rename or merge event types. On raw events a merged class takes the smallest code of its members; on epochs the
 * labels are renumbered 0..K-1 in the order the (new) names first appear in the old event_id order.
 */
import { withEpochsMeta } from './spill';
import { XBrainError } from '../errors';
import type { EventList } from '../io/types';
import type { Epochs } from './types';

export function renameEventList(ev: EventList, rename: Readonly<Record<string, string>>): EventList {
  const byNew = new Map<string, number[]>();
  for (const [name, code] of Object.entries(ev.eventId).sort((a, b) => a[1] - b[1])) {
    const to = rename[name] ?? name;
    byNew.set(to, [...(byNew.get(to) ?? []), code]);
  }
  const eventId: Record<string, number> = {};
  const remap = new Map<number, number>();
  for (const [name, codes] of byNew) {
    const code = Math.min(...codes);
    eventId[name] = code;
    for (const c of codes) remap.set(c, code);
  }
  return { ...ev, eventId, codes: Int32Array.from(ev.codes, (c) => remap.get(c) ?? c) };
}

export function renameEpochLabels(e: Epochs, rename: Readonly<Record<string, string>>): Epochs {
  const ordered = Object.entries(e.eventId).sort((a, b) => a[1] - b[1]);
  const eventId: Record<string, number> = {};
  const remap = new Map<number, number>();
  for (const [name, idx] of ordered) {
    const to = rename[name] ?? name;
    if (!(to in eventId)) eventId[to] = Object.keys(eventId).length;
    remap.set(idx, eventId[to]);
  }
  // the samples are untouched: epochs kept on disk stay on the same file
  return withEpochsMeta(e, { eventId, labels: Int32Array.from(e.labels, (l) => remap.get(l) ?? l) });
}

/** Validates the mapping against the names that exist; throws a typed error naming `rename`. */
export function checkRename(rename: Readonly<Record<string, string>>, known: ReadonlySet<string>): void {
  const entries = Object.entries(rename);
  if (entries.length === 0) throw new XBrainError('invalid_arguments', 'rename: give at least one {old name: new name}', { parameter: 'rename' });
  const missing = entries.map(([k]) => k).filter((k) => !known.has(k));
  if (missing.length)
    throw new XBrainError(
      'invalid_arguments',
      `rename: no event named ${missing.map((m) => `'${m}'`).join(', ')} (available: ${[...known].join(', ') || 'none'})`,
      { parameter: 'rename', missing },
    );
  const empty = entries.filter(([, v]) => !String(v).trim());
  if (empty.length) throw new XBrainError('invalid_arguments', `rename: new name for '${empty[0][0]}' is empty`, { parameter: 'rename' });
}
