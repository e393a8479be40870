import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliCommand } from '../command';
import { CliUsageError, parseFlags } from '../command';
import { XBrainSession } from '../../core/session';
import { XBrainError } from '../../core/errors';
import { parseNotebook } from '../../core/notebook/format';
import { runNotebook, type NotebookRunReport } from '../../core/notebook/runner';
import { cliEnv } from '../env';

/** The one-line reason a run stopped, naming the cell (1-based, as editors number them) and the tool. */
export function failureLine(report: NotebookRunReport): string | null {
  if (report.ok) return null;
  const last = report.cells[report.cells.length - 1];
  const r = last?.results[last.results.length - 1];
  if (!last || !r) return 'run failed';
  const where = `cell ${last.index + 1}, ${r.tool}`;
  if (last.outcome === 'needs_confirmation') return `${where} needs confirmation: ${r.content.split('\n')[0]} (rerun with --yes)`;
  return `${where}: ${r.content.split('\n')[0]}`;
}

export const runCommand: CliCommand = {
  name: 'run',
  usage: 'run NOTEBOOK.xbrain [--workspace DIR] [--data-folder DIR] [--yes] [--json]',
  summary: 'Run all cells of a notebook headless on a fresh Study (--yes confirms what needs confirmation)',
  run: async (argv) => {
    const { flags, positional } = parseFlags(argv, ['json', 'yes']);
    if (positional.length !== 1) throw new CliUsageError('run: expected one NOTEBOOK.xbrain argument');
    const file = resolve(positional[0]);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      throw new XBrainError('not_found', `cannot read notebook '${file}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { file });
    }
    const nb = parseNotebook(text, file);
    const session = await XBrainSession.open(cliEnv(flags), { fresh: true, owner: `xbrain run ${positional[0] ?? ''}`.trim() });
    const json = flags.json === true;
    // Ctrl+C stops a running training and rolls the current cell back, like Interrupt in VS Code.
    const interrupt = new AbortController();
    const onSigint = () => interrupt.abort();
    process.once('SIGINT', onSigint);
    const report = await runNotebook(nb, session, {
      signal: interrupt.signal,
      confirm: flags.yes === true,
      progress: json ? undefined : (m) => process.stderr.write(`  ${m}\n`),
      afterRollback: () => session.save(),
      onResult: json
        ? undefined
        : (r) => {
            const head = r.type === 'error' ? `✗ ${r.tool}` : r.type === 'confirm' ? `? ${r.tool}` : `✓ ${r.tool}`;
            process.stdout.write(`${head}: ${r.content}\n`);
          },
      onCellStart: json ? undefined : (i) => process.stdout.write(`[cell ${i + 1}]\n`),
    });
    process.off('SIGINT', onSigint);
    if (json) process.stdout.write(JSON.stringify({ ok: report.ok, cells: report.cells.map((c) => ({ index: c.index, results: c.results })) }) + '\n');
    const failure = failureLine(report);
    if (failure) {
      process.stderr.write(`xbrain: ${failure}\n`);
      return interrupt.signal.aborted ? 130 : 1;
    }
    return 0;
  },
};
