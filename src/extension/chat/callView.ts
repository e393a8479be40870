import type { ToolResult } from '../../core/tools/result';
import { toolArgsSummary } from '../../core/tools/argsText';
import { summarizeRun, type AgentCall } from '../../core/agent/runSummary';
import type { RunRecord } from '../../core/study/types';

/**
 * How a tool call reads in chat (pure, no `vscode`): one progress step per call (VS Code folds the steps into its
 * collapsible "Completed N steps" list, as agent mode does), then in the answer a compact call line followed by the
 * result once. Long results show their first lines; the whole text is one click away.
 */

/** Result lines shown in the answer; the rest opens in an editor. */
export const PREVIEW_LINES = 8;

/** `load_data(paths=["S001R04.edf"])`, cut to one line of at most `max` characters. */
export function callLine(tool: string, args: Record<string, unknown>, max = 90): string {
  const a = toolArgsSummary(args);
  const line = `${tool}(${a})`;
  return line.length > max ? `${line.slice(0, max - 2)}…)` : line;
}

export interface CallMarkdown {
  /** the call line and the result preview (markdown) */
  markdown: string;
  /** result lines left out of the preview (0: everything is shown) */
  hiddenLines: number;
}

const escapeMd = (line: string): string => line.replace(/([\\`*_[\]<>#|])/g, '\\$1');
const code = (s: string): string => `\`${s.replace(/`/g, "'")}\``;

/** The markdown of a finished call: status mark, tool name and arguments on one line, then the result. */
export function callMarkdown(r: ToolResult, args: Record<string, unknown>): CallMarkdown {
  const a = toolArgsSummary(args);
  const head = (mark: string, tail = '') => `${mark} **${r.tool}**${a ? ` ${code(a.length > 120 ? a.slice(0, 118) + '…' : a)}` : ''}${tail}`;
  if (r.type === 'error') return { markdown: `${head('✗', ` failed (${r.error?.code ?? 'error'})`)}  \n${escapeMd(r.content)}`, hiddenLines: 0 };
  if (r.type === 'confirm') return { markdown: `${head('?', ' needs your confirmation')}  \n${escapeMd(r.content)}`, hiddenLines: 0 };
  const lines = r.content.split('\n').filter((l, i, all) => l.trim() || (i > 0 && i < all.length - 1));
  const shown = lines.slice(0, PREVIEW_LINES);
  const hiddenLines = lines.length - shown.length;
  const body = shown.map(escapeMd).join('  \n') + (hiddenLines > 0 ? `  \n*… ${hiddenLines} more line${hiddenLines > 1 ? 's' : ''}*` : '');
  return { markdown: `${head('✓')}${body ? `  \n${body}` : ''}`, hiddenLines };
}

/**
 * The agent's answer without its per-call summary lines ("✓ load_data(…) → …"): chat has shown each call with its
 * result already. What the model said, warnings and "Stopped: …" stay, and so does the closing "Stage: …" unless the
 * last result has just said it.
 */
export function answerWithoutCalls(answer: string, calls: readonly AgentCall[]): string {
  if (calls.length === 0) return answer;
  const callLines = new Set(
    summarizeRun([...calls], '')
      .split('\n')
      .slice(0, calls.length),
  );
  const lastText = calls[calls.length - 1].result.content;
  const said = (l: string) => /^Stage: \w+\.$/.test(l) && lastText.includes(l);
  return answer
    .split('\n')
    .filter((l) => !callLines.has(l) && !said(l))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const BARS = '▁▂▃▄▅▆▇█';

/** A curve as one line of block characters (min to max of the values; flat when they do not vary). */
export function sparkline(values: readonly number[]): string {
  const v = values.filter((x) => Number.isFinite(x));
  if (v.length === 0) return '';
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  return v.map((x) => BARS[hi > lo ? Math.round(((x - lo) / (hi - lo)) * (BARS.length - 1)) : 3]).join('');
}

const pct = (x: number | undefined): string => (x === undefined || !Number.isFinite(x) ? '–' : `${(x * 100).toFixed(1)}%`);

/**
 * The closing curve of a training in chat: per run its status, epochs, the validation accuracy (training accuracy
 * when there is no validation split) as a sparkline from first to last epoch, and the final loss.
 */
export function trainingCurveMarkdown(runs: readonly RunRecord[]): string {
  if (runs.length === 0) return '';
  const rows = runs.map((r) => {
    const m = r.metrics;
    const useVal = m.some((e) => e.val);
    const acc = m.map((e) => (useVal ? e.val?.accuracy : e.train.accuracy) ?? NaN);
    const last = m[m.length - 1];
    const what = useVal ? 'val acc' : 'train acc';
    const curve = acc.length ? `${what} ${code(sparkline(acc))} ${pct(acc[0])} → ${pct(acc[acc.length - 1])}` : 'no epoch finished';
    const losses = m.map((e) => e.train.loss);
    const loss = last ? ` · train loss ${code(sparkline(losses))} ${losses[0].toFixed(3)} → ${last.train.loss.toFixed(3)}` : '';
    return `- ${escapeMd(r.splitName)} · repeat ${r.repeat} · ${r.status} · ${m.length} epoch${m.length === 1 ? '' : 's'} · ${curve}${loss}`;
  });
  return `**Training curve** (per epoch)\n${rows.join('\n')}`;
}
