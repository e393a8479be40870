import { resolve } from 'node:path';
import type { CliCommand } from '../command';
import { CliUsageError, parseFlags } from '../command';
import { simulateFiles } from '../../core/io/simulateFiles';

const num = (v: string | boolean | undefined, name: string): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (typeof v !== 'string' || v.trim() === '' || !Number.isFinite(n)) throw new CliUsageError(`--${name}: expected a number, got '${String(v)}'`);
  return n;
};

/** --run-numbers 4,8,12: the runs' numbers in the file names (PhysioNet's imagery runs), instead of 1..--runs. */
const runNumbers = (v: string | boolean | undefined): number[] | undefined => {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^\s*\d+(\s*,\s*\d+)*\s*$/.test(v))
    throw new CliUsageError(`--run-numbers: expected numbers separated by commas, e.g. 4,8,12 (got '${String(v)}')`);
  return v.split(',').map((x) => Number(x.trim()));
};

export const simulateCommand: CliCommand = {
  name: 'simulate',
  usage: 'simulate --out FILE.edf|DIR [--subjects N] [--runs N | --run-numbers 4,8,12] [--seed S] [--duration SEC] [--json]',
  summary: 'Write synthetic motor-imagery EEG (PhysioNet-style 64 channels, 160 Hz, T0/T1/T2) as EDF+ files',
  run: async (argv) => {
    const { flags } = parseFlags(argv, ['json']);
    if (typeof flags.out !== 'string') throw new CliUsageError('simulate: --out FILE.edf (or a folder) is required');
    const files = simulateFiles({
      out: resolve(flags.out),
      subjects: num(flags.subjects, 'subjects'),
      runs: num(flags.runs, 'runs'),
      runNumbers: runNumbers(flags['run-numbers']),
      seed: num(flags.seed, 'seed'),
      duration: num(flags.duration, 'duration'),
    });
    if (flags.json) process.stdout.write(JSON.stringify({ files }) + '\n');
    else process.stdout.write(`Wrote ${files.length} simulated recording(s):\n${files.map((f) => `  ${f}`).join('\n')}\n`);
    return 0;
  },
};
