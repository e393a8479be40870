import * as vscode from 'vscode';
import type { StudyState } from '../core/study/types';

/** The study's preprocessing so far as an .xbrain notebook: one code cell of tool calls per step (ARCHITECTURE.md §5). */
export function analysisNotebook(s: Readonly<StudyState>): vscode.NotebookData {
  const call = (tool: string, params: Record<string, unknown>) =>
    `${tool}(${Object.entries(params).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ')})`;
  const load = s.recordings.length ? [call('load_data', { paths: s.recordings.map((r) => r.path) })] : [];
  const steps = [...s.history, ...s.epochHistory].map((h) => `# ${h.description}\n${call(TOOL_FOR_OP[h.op] ?? h.op, h.params)}`);
  const cells = [
    new vscode.NotebookCellData(vscode.NotebookCellKind.Markup, '# XBrain analysis\nGenerated from the current study.', 'markdown'),
    ...[...load, ...steps].map((src) => new vscode.NotebookCellData(vscode.NotebookCellKind.Code, src, 'xbrain')),
  ];
  return new vscode.NotebookData(cells);
}

/** History ops are named by operation; the notebook needs the tool that performs them. */
const TOOL_FOR_OP: Record<string, string> = {
  bandpass_filter: 'apply_bandpass_filter', notch_filter: 'apply_notch_filter', resample: 'resample_data', normalize: 'normalize_data',
  rereference: 'set_reference', select_channels: 'select_channels', epoch: 'epoch_data', window_epoch: 'window_epoch',
};
