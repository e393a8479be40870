import { mkdirSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { XBrainError } from '../errors';
import { writeEdf } from './edfWrite';
import { simulateRun } from './simulate';

export interface SimulateFilesOptions {
  /** FILE.edf (one run, or the name stem of several) or a folder */
  out: string;
  subjects?: number;
  runs?: number;
  /** the runs' numbers in the file names (PhysioNet's imagined left/right fist runs: 4, 8, 12); default 1..runs */
  runNumbers?: number[];
  seed?: number;
  /** seconds per run (default: PhysioNet's 125 s with 15 cues) */
  duration?: number;
  trials?: number;
}

/**
 * Writes simulated runs as EDF+ files named like PhysioNet's (S001R01.edf …, or S001R04.edf … with `runNumbers`), so
 * load_data takes subject and session from the names. Every subject has its own rhythms and ERD strength (simulate.ts),
 * so T1 and T2 are learnable within and across subjects. One run to FILE.edf goes exactly there; several go beside it as <stem>_S001R01.edf, or into a folder.
 */
export function simulateFiles(o: SimulateFilesOptions): string[] {
  const subjects = o.subjects ?? 1,
    runs = o.runs ?? 1,
    seed = o.seed ?? 1;
  const int = (v: number, name: string, max: number): void => {
    if (!Number.isInteger(v) || v < 1 || v > max)
      throw new XBrainError('invalid_arguments', `--${name} must be an integer from 1 to ${max} (got ${v})`, { parameter: name });
  };
  int(subjects, 'subjects', 999);
  if (o.runNumbers === undefined) int(runs, 'runs', 99);
  else {
    if (o.runs !== undefined && o.runs !== o.runNumbers.length)
      throw new XBrainError('invalid_arguments', `--runs ${o.runs} and --run-numbers (${o.runNumbers.length} numbers) disagree`, { parameter: 'runs' });
    if (o.runNumbers.length === 0 || new Set(o.runNumbers).size !== o.runNumbers.length)
      throw new XBrainError('invalid_arguments', `--run-numbers must be distinct run numbers (got '${o.runNumbers.join(',')}')`, { parameter: 'run-numbers' });
    for (const r of o.runNumbers) int(r, 'run-numbers', 99);
  }
  const runList = o.runNumbers ?? Array.from({ length: runs }, (_, i) => i + 1);
  if (!Number.isInteger(seed)) throw new XBrainError('invalid_arguments', `--seed must be an integer (got ${seed})`, { parameter: 'seed' });
  if (o.duration !== undefined && !(o.duration >= 10 && o.duration <= 86400))
    throw new XBrainError('invalid_arguments', `--duration must be 10..86400 seconds (got ${o.duration})`, { parameter: 'duration' });
  const single = subjects * runList.length === 1 && extname(o.out).toLowerCase() === '.edf';
  const isFile = extname(o.out).toLowerCase() === '.edf';
  const folder = isFile ? dirname(o.out) : o.out;
  mkdirSync(folder, { recursive: true });
  const written: string[] = [];
  for (let s = 1; s <= subjects; s++) {
    for (const r of runList) {
      const id = `S${String(s).padStart(3, '0')}R${String(r).padStart(2, '0')}`;
      const path = single ? o.out : isFile ? join(folder, `${basename(o.out, extname(o.out))}_${id}.edf`) : join(folder, `${id}.edf`);
      // trials scale with a custom duration (one cue + rest per 8.3 s)
      const trials = o.trials ?? (o.duration ? Math.max(1, Math.floor((o.duration - 4.7) / 8.3)) : 15);
      const sim = simulateRun({ seed, subject: s, run: r, duration: o.duration, trials });
      writeEdf(path, {
        channels: sim.channels,
        sfreq: sim.sfreq,
        data: sim.data,
        annotations: sim.annotations,
        measDate: sim.measDate,
        patientId: `X X X XBrain-simulated-${id}`,
      });
      written.push(path);
    }
  }
  return written;
}
