import type { RunRecord } from '../study/types';

/**
 * How a text output reads in a notebook (VS Code renders text/plain unwrapped, so a load summary was cut at the
 * cell's width): the same text as HTML that wraps, its first lines shown and the rest behind a disclosure. The HTML
 * is derived at display time and never saved (the notebook file keeps the text/plain item only).
 */

/** Lines shown before "N more lines". */
export const SUMMARY_LINES = 6;

const MARK = 'data-xbrain-text';
const TEXT_STYLE =
  'white-space:pre-wrap;overflow-wrap:anywhere;margin:0;font-family:var(--vscode-editor-font-family,monospace);font-size:var(--vscode-editor-font-size,13px);line-height:1.45';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The wrapped view of a text output: all of it when short, else its first lines and the rest expandable. */
export function textOutputHtml(text: string): string {
  const lines = text.replace(/\n+$/, '').split('\n');
  const head = lines.slice(0, SUMMARY_LINES).join('\n');
  const rest = lines.slice(SUMMARY_LINES);
  const more = rest.length
    ? `<details><summary style="cursor:pointer;color:var(--vscode-textLink-foreground)">${rest.length} more line${rest.length > 1 ? 's' : ''}</summary><pre style="${TEXT_STYLE}">${escapeHtml(rest.join('\n'))}</pre></details>`
    : '';
  return `<div ${MARK}="1"><pre style="${TEXT_STYLE}">${escapeHtml(head)}</pre>${more}</div>`;
}

/** True for HTML made by textOutputHtml (dropped again when the notebook is saved). */
export function isTextOutputHtml(html: string): boolean {
  return html.startsWith(`<div ${MARK}="1">`);
}

/** The live status line of a training cell: the run training now, its epoch and last figures. */
export function liveTrainingLine(runs: readonly RunRecord[]): string {
  const current = runs.find((r) => r.status === 'running' && r.startedAt) ?? runs.find((r) => r.status === 'running');
  const done = runs.filter((r) => r.status !== 'running').length;
  if (!current) return `Training finished: ${done} run(s).`;
  const last = current.metrics[current.metrics.length - 1];
  const fig = last
    ? ` · train loss ${last.train.loss.toFixed(3)} acc ${(last.train.accuracy * 100).toFixed(1)}%${last.val ? ` · val acc ${(last.val.accuracy * 100).toFixed(1)}%` : ''}`
    : '';
  return `Training ${current.splitName} repeat ${current.repeat} (run ${done + 1} of ${runs.length}): epoch ${current.metrics.length}/${current.config.epoch}${fig}`;
}
