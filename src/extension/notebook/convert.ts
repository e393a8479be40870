import * as vscode from 'vscode';
import {
  isJsonMime,
  isTextMime,
  NOTEBOOK_VERSION,
  type NotebookCell,
  type NotebookOutput,
  type NotebookOutputItem,
  type XBrainNotebook,
} from '../../core/notebook/format';
import { isTextOutputHtml, textOutputHtml } from '../../core/notebook/textView';

/** The notebook type of `*.xbrain` files (package.json contributes.notebooks). */
export const NOTEBOOK_TYPE = 'xbrain-notebook';
export const CELL_LANGUAGE = 'xbrain';
/** Cell/notebook metadata key that carries file fields this version does not know, so saving loses nothing. */
const EXTRA_KEY = 'xbrain.extra';
/** Cell metadata key of the recorded execution (order, success, duration). */
const EXECUTION_KEY = 'execution';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function toVsOutputItem(it: NotebookOutputItem): vscode.NotebookCellOutputItem {
  if ('base64' in it) return new vscode.NotebookCellOutputItem(Buffer.from(it.base64, 'base64'), it.mime);
  const text = isJsonMime(it.mime) ? JSON.stringify(it.data) : typeof it.data === 'string' ? it.data : JSON.stringify(it.data);
  return new vscode.NotebookCellOutputItem(encoder.encode(text), it.mime);
}

/**
 * A text output also gets a wrapping HTML view (VS Code prefers text/html to text/plain and shows text/plain
 * unwrapped, cut at the cell's width); the HTML is dropped again on save (fromVsOutput).
 */
export function toVsOutput(o: NotebookOutput): vscode.NotebookCellOutput {
  const items = o.items.map(toVsOutputItem);
  const text = o.items.find((it) => it.mime === 'text/plain' && 'data' in it && typeof it.data === 'string') as { data: string } | undefined;
  if (text && !o.items.some((it) => it.mime === 'text/html'))
    items.push(new vscode.NotebookCellOutputItem(encoder.encode(textOutputHtml(text.data)), 'text/html'));
  return new vscode.NotebookCellOutput(items, o.metadata);
}

function fromVsOutputItem(it: vscode.NotebookCellOutputItem): NotebookOutputItem {
  let text: string | null = null;
  try {
    text = decoder.decode(it.data);
  } catch {
    text = null;
  }
  if (text !== null && isJsonMime(it.mime)) {
    try {
      return { mime: it.mime, data: JSON.parse(text) };
    } catch {
      /* not JSON after all: keep the bytes */
    }
  }
  if (text !== null && (isTextMime(it.mime) || it.mime === 'text/plain')) return { mime: it.mime, data: text };
  return { mime: it.mime, base64: Buffer.from(it.data).toString('base64') };
}

export function fromVsOutput(o: vscode.NotebookCellOutput): NotebookOutput {
  const items = o.items
    .map(fromVsOutputItem)
    .filter((it) => !(it.mime === 'text/html' && 'data' in it && typeof it.data === 'string' && isTextOutputHtml(it.data)));
  const out: NotebookOutput = { items };
  if (o.metadata && Object.keys(o.metadata).length > 0) out.metadata = { ...o.metadata };
  return out;
}

export function toNotebookData(nb: XBrainNotebook): vscode.NotebookData {
  const cells = nb.cells.map((c) => {
    const isCode = c.kind === 'code';
    const cell = new vscode.NotebookCellData(
      isCode ? vscode.NotebookCellKind.Code : vscode.NotebookCellKind.Markup,
      c.source,
      isCode ? CELL_LANGUAGE : 'markdown',
    );
    cell.outputs = c.outputs.map(toVsOutput);
    const metadata: Record<string, unknown> = { ...c.metadata };
    if (c.extra) metadata[EXTRA_KEY] = c.extra;
    cell.metadata = metadata;
    const exec = c.metadata[EXECUTION_KEY] as { order?: number; success?: boolean; durationMs?: number } | undefined;
    if (exec && typeof exec === 'object') {
      cell.executionSummary = {
        executionOrder: typeof exec.order === 'number' ? exec.order : undefined,
        success: typeof exec.success === 'boolean' ? exec.success : undefined,
        timing: typeof exec.durationMs === 'number' ? { startTime: 0, endTime: exec.durationMs } : undefined,
      };
    }
    return cell;
  });
  const data = new vscode.NotebookData(cells);
  data.metadata = { ...nb.metadata, ...(nb.extra ? { [EXTRA_KEY]: nb.extra } : {}) };
  return data;
}

export function fromNotebookData(data: vscode.NotebookData): XBrainNotebook {
  const cells = data.cells.map((c): NotebookCell => {
    const { [EXTRA_KEY]: extra, ...metadata } = (c.metadata ?? {}) as Record<string, unknown>;
    const s = c.executionSummary;
    if (s && (s.executionOrder !== undefined || s.timing)) {
      metadata[EXECUTION_KEY] = {
        ...(s.executionOrder !== undefined ? { order: s.executionOrder } : {}),
        ...(s.success !== undefined ? { success: s.success } : {}),
        ...(s.timing ? { durationMs: Math.round(s.timing.endTime - s.timing.startTime) } : {}),
      };
    }
    const cell: NotebookCell = {
      kind: c.kind === vscode.NotebookCellKind.Code ? 'code' : 'markdown',
      source: c.value,
      outputs: (c.outputs ?? []).map(fromVsOutput),
      metadata,
    };
    if (extra && typeof extra === 'object') cell.extra = extra as Record<string, unknown>;
    return cell;
  });
  const { [EXTRA_KEY]: extra, ...metadata } = (data.metadata ?? {}) as Record<string, unknown>;
  const nb: XBrainNotebook = { version: NOTEBOOK_VERSION, metadata, cells };
  if (extra && typeof extra === 'object') nb.extra = extra as Record<string, unknown>;
  return nb;
}
