import { XBrainError } from '../errors';
import { channelKey } from './channels';
import { STANDARD_1005, STANDARD_1020, type MontageTable } from './montageData';

export const MONTAGE_NAMES = ['standard_1020', 'standard_1005'] as const;
export type MontageName = (typeof MONTAGE_NAMES)[number];

const TABLES: Record<MontageName, MontageTable> = { standard_1020: STANDARD_1020, standard_1005: STANDARD_1005 };

export interface MontageFit {
  montage: MontageName;
  /** channel name → position (m), for channels found in the montage */
  positions: Record<string, [number, number, number]>;
  /** channels the montage has no position for (EOG, stim, non-10-05 labels) */
  missing: string[];
}

/** Positions of a built-in montage by electrode name. */
export function montagePositions(name: MontageName): Map<string, [number, number, number]> {
  const t = TABLES[name];
  if (!t)
    throw new XBrainError('invalid_arguments', `montage_name: unknown montage '${String(name)}' (known: ${MONTAGE_NAMES.join(', ')})`, {
      parameter: 'montage_name',
    });
  const m = new Map<string, [number, number, number]>();
  t.names.forEach((n, i) => m.set(n, [t.xyz[3 * i], t.xyz[3 * i + 1], t.xyz[3 * i + 2]]));
  return m;
}

/** Match channel names to montage electrodes case- and dot-insensitively ("FC5." → FC5, "Fpz." → Fpz). */
export function fitMontage(name: MontageName, channels: readonly string[]): MontageFit {
  const pos = montagePositions(name);
  const byKey = new Map<string, [number, number, number]>();
  for (const [n, p] of pos) byKey.set(channelKey(n), p);
  const positions: Record<string, [number, number, number]> = {};
  const missing: string[] = [];
  for (const ch of channels) {
    const p = byKey.get(channelKey(ch));
    if (p) positions[ch] = p;
    else missing.push(ch);
  }
  return { montage: name, positions, missing };
}
