import { resolve } from 'node:path';
import type { CliCommand } from '../command';
import { CliUsageError, parseFlags } from '../command';
import { inspectFile } from '../../core/io/inspect';

export const inspectCommand: CliCommand = {
  name: 'inspect',
  usage: 'inspect FILE [--json]',
  summary: 'Read an EEG file and print its format, channels, rate, annotations and per-channel statistics',
  run: async (argv) => {
    const { flags, positional } = parseFlags(argv, ['json']);
    if (positional.length !== 1) throw new CliUsageError('inspect: give exactly one FILE');
    const report = await inspectFile(resolve(positional[0]));
    if (flags.json) {
      process.stdout.write(JSON.stringify(report) + '\n');
      return 0;
    }
    const secs = report.sfreq ? report.nTimes / report.sfreq : NaN;
    const types = new Map<string, number>();
    for (const c of report.channels) types.set(c.type, (types.get(c.type) ?? 0) + 1);
    const counts = new Map<string, number>();
    for (const a of report.annotations) counts.set(a.description, (counts.get(a.description) ?? 0) + 1);
    const lines = [
      `${positional[0]}: ${report.format}, ${report.channels.length} channels (${[...types].map(([t, n]) => `${n} ${t}`).join(', ')}), ${report.sfreq ?? 'unknown'} Hz, ${report.nTimes} samples${Number.isFinite(secs) ? ` (${secs.toFixed(3)} s)` : ''}`,
      `measurement date: ${report.measDate ?? 'unknown'}`,
      `channels: ${report.channels.map((c) => c.name).join(', ')}`,
      `annotations: ${report.annotations.length}${counts.size ? ` (${[...counts].map(([d, n]) => `${d} ×${n}`).join(', ')})` : ''}`,
    ];
    const e = report.epochs;
    if (e) {
      lines.push(
        `epochs: ${e.count} × ${e.nTimes} samples (${e.tmin} … ${e.tmax.toFixed(3)} s), events ${Object.entries(e.counts)
          .map(([d, n]) => `${d} ×${n}`)
          .join(', ')}, baseline ${e.baseline ? `${e.baseline[0] ?? 'None'} … ${e.baseline[1] ?? 'None'} s` : 'none'}`,
      );
    }
    process.stdout.write(lines.join('\n') + '\n');
    return 0;
  },
};
