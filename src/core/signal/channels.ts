import { XBrainError } from '../errors';

/** Channel-name key for matching: case-insensitive, dots and surrounding spaces ignored (PhysioNet "C3.." ↔ "C3"). */
export function channelKey(name: string): string {
  return name.trim().replace(/\./g, '').toLowerCase();
}

/**
 * Indices of the requested channels in `available`, in the requested order. Exact names win over key matches;
 * unknown or ambiguous names raise a typed error naming `parameter` and the channels that were not found.
 */
/** `label` is how messages name the parameter (a kernel passes `{method}` for the tool boundary to name). */
export function matchChannels(requested: readonly string[], available: readonly string[], parameter = 'channels', label = parameter): number[] {
  const byKey = new Map<string, number[]>();
  available.forEach((n, i) => {
    const k = channelKey(n);
    byKey.set(k, [...(byKey.get(k) ?? []), i]);
  });
  const missing: string[] = [];
  const out: number[] = [];
  for (const r of requested) {
    const exact = available.indexOf(r);
    if (exact >= 0) {
      out.push(exact);
      continue;
    }
    const hits = byKey.get(channelKey(r)) ?? [];
    if (hits.length === 1) out.push(hits[0]);
    else if (hits.length > 1)
      throw new XBrainError('invalid_arguments', `${label}: '${r}' matches several channels (${hits.map((i) => available[i]).join(', ')})`, { parameter });
    else missing.push(r);
  }
  if (missing.length) {
    const shown = available.slice(0, 12).join(', ') + (available.length > 12 ? ', …' : '');
    throw new XBrainError('invalid_arguments', `${label}: no channel named ${missing.map((m) => `'${m}'`).join(', ')} (available: ${shown})`, {
      parameter,
      missing,
    });
  }
  const seen = new Set<number>();
  for (const i of out) {
    if (seen.has(i)) throw new XBrainError('invalid_arguments', `${label}: channel '${available[i]}' is listed twice`, { parameter });
    seen.add(i);
  }
  return out;
}
