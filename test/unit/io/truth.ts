import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { testDataDir } from '../helpers/paths';

export interface Truth {
  file: string;
  format: string;
  ch_names: string[];
  ch_types: string[];
  sfreq: number;
  n_times: number;
  meas_date: string | null;
  annotations: { onset: number; duration: number; description: string }[];
  fingerprint: { mean: number[]; std: number[]; first5_first3ch: number[][] };
  native_rate_channels?: { name: string; sfreq: number; n_times: number; first5: number[]; mean: number; std: number }[];
  header?: Record<string, unknown>;
  /** MAT files: the variables as scipy.io.loadmat reads them */
  mat?: { variables: { name: string; shape: number[]; dtype: string; first5_first3rows: number[][]; row_mean: number[]; row_std: number[] }[] };
}

export const dataFile = (name: string): string => join(testDataDir, name);

export function loadTruth(file: string): Truth {
  return JSON.parse(readFileSync(join(testDataDir, 'truth', `${file}.json`), 'utf8')) as Truth;
}

/** Every recording that has an MNE truth file (the pipeline truth is not a recording). */
export function truthFiles(): string[] {
  return readdirSync(join(testDataDir, 'truth'))
    .filter((f) => f.endsWith('.json') && !f.endsWith('.pipeline.json'))
    .map((f) => f.slice(0, -5))
    .sort();
}

/** |a − b| ≤ rel·|b|, with a floor of rel·scale for values that are zero up to rounding of the data. */
export function expectClose(actual: number, expected: number, rel: number, scale: number, what: string): void {
  const tol = rel * Math.max(Math.abs(expected), scale);
  if (!(Math.abs(actual - expected) <= tol)) expect.fail(`${what}: got ${actual}, MNE ${expected} (tolerance ${tol})`);
}
