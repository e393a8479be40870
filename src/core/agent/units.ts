import { unit as mathUnit } from 'mathjs';

/** A number with an optional unit as written in a request ("200 ms", "8Hz", "1 kHz", "0.5"). */
export interface Quantity {
  value: number;
  unit: string | null;
  /** index in the text and the matched text */
  index: number;
  text: string;
}

// a digit glued to letters is part of a name (T2, C3, run2), never a quantity
const QUANTITY = /(?<![A-Za-z_\d.])(-?\d+(?:\.\d+)?(?:e-?\d+)?)\s*(khz|hz|ms|s|sec|secs|seconds?|min|minutes?|秒|毫秒|赫茲)?(?![a-z])/giu;

const ALIASES: Record<string, string> = {
  khz: 'kHz',
  hz: 'Hz',
  ms: 'ms',
  s: 's',
  sec: 's',
  secs: 's',
  second: 's',
  seconds: 's',
  min: 'min',
  mins: 'min',
  minute: 'min',
  minutes: 'min',
  秒: 's',
  毫秒: 'ms',
  赫茲: 'Hz',
  分鐘: 'min',
};

/** The mathjs name of a unit as written ("secs" → s, 毫秒 → ms); null for a word that is not a unit of time or frequency. */
export function unitName(written: string): string | null {
  return ALIASES[written.toLowerCase()] ?? null;
}

/** Every number in the text with the unit written after it (normalised to mathjs unit names). */
export function findQuantities(text: string): Quantity[] {
  const out: Quantity[] = [];
  for (const m of text.matchAll(QUANTITY)) {
    const u = m[2] ? unitName(m[2]) : null;
    out.push({ value: Number(m[1]), unit: u, index: m.index ?? 0, text: m[0] });
  }
  return out;
}

/** Converts with mathjs's unit system; a bare number is taken to be in `target` already. */
export function toUnit(q: Pick<Quantity, 'value' | 'unit'>, target: 'Hz' | 's'): number {
  if (!q.unit) return q.value;
  const v = mathUnit(q.value, q.unit).toNumber(target);
  // floating noise from unit conversion (0.2000000001) is not a value anyone wrote
  return Math.round(v * 1e9) / 1e9;
}

/** True when the unit measures the given dimension (so "200 ms" is never read as a frequency). */
export function isDimension(q: Pick<Quantity, 'unit'>, target: 'Hz' | 's'): boolean {
  if (!q.unit) return true;
  try {
    return mathUnit(1, q.unit).equalBase(mathUnit(1, target));
  } catch {
    return false;
  }
}
