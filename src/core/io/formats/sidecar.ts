import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { badFile } from './binary';
import { companionInside } from './companion';

/** What a `<stem>.json` next to a bare array file (.npy, .mat) may state: arrays carry no rate or names of their own. */
export interface ArraySidecar {
  sfreq?: number;
  ch_names?: string[];
  ch_types?: string[];
}

export const sidecarPath = (path: string): string => join(dirname(path), `${basename(path, extname(path))}.json`);

/** The sidecar of `path`, or undefined when there is none; malformed JSON is a typed error naming the sidecar. */
export async function readSidecar(path: string): Promise<ArraySidecar | undefined> {
  const p = companionInside(path, sidecarPath(path), 'sidecar JSON');
  let text: string;
  try {
    text = await readFile(p, 'utf8');
  } catch {
    return undefined;
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw badFile(p, 'sidecar JSON', 'is not valid JSON');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw badFile(p, 'sidecar JSON', 'expected an object like {"sfreq": 250}');
  const o = v as Record<string, unknown>;
  const strings = (k: string): string[] | undefined => {
    const a = o[k];
    if (a === undefined) return undefined;
    if (!Array.isArray(a) || !a.every((s) => typeof s === 'string')) throw badFile(p, k, 'expected an array of strings');
    return a as string[];
  };
  if (o.sfreq !== undefined && typeof o.sfreq !== 'number') throw badFile(p, 'sfreq', 'expected a number');
  return { sfreq: o.sfreq as number | undefined, ch_names: strings('ch_names'), ch_types: strings('ch_types') };
}
