import * as vscode from 'vscode';
import { runCell, type CellRun } from '../../core/notebook/runner';
import { resultOutputs } from '../../core/notebook/outputs';
import { XBRAIN_MIME } from '../../core/mime';
import { trainingPayload } from '../../core/training/curves';
import type { ToolResult } from '../../core/tools/result';
import { CELL_LANGUAGE, NOTEBOOK_TYPE, toVsOutput } from './convert';
import { liveTrainingLine } from '../../core/notebook/textView';
import { resolveSession, type GetSession } from './session';

const LIVE_INTERVAL_MS = 250;

/**
 * Runs `xbrain` cells in order against the workspace Study through the shared runner: each tool result becomes
 * outputs, errors become error outputs (the runner restores the Study), training curves update live, and the
 * execution order and duration are recorded. Interrupt aborts the running call and stops the queue.
 */
export class XBrainNotebookController implements vscode.Disposable {
  readonly controller: vscode.NotebookController;
  private order = 0;
  private running: AbortController | null = null;

  constructor(private readonly getSession: GetSession) {
    this.controller = vscode.notebooks.createNotebookController('xbrain-notebook-controller', NOTEBOOK_TYPE, 'XBrain');
    this.controller.supportedLanguages = [CELL_LANGUAGE];
    this.controller.supportsExecutionOrder = true;
    this.controller.description = 'Runs tool calls on the workspace study';
    this.controller.executeHandler = (cells) => this.execute(cells);
    this.controller.interruptHandler = () => this.interrupt();
  }

  interrupt(): void {
    this.running?.abort();
  }

  private async execute(cells: vscode.NotebookCell[]): Promise<void> {
    const abort = new AbortController();
    this.running = abort;
    try {
      for (const cell of cells) {
        if (cell.kind !== vscode.NotebookCellKind.Code) continue;
        if (abort.signal.aborted) break;
        const ok = await this.executeCell(cell, abort);
        // Like Run All in a kernel: a failed cell stops the cells queued after it.
        if (!ok) break;
      }
    } finally {
      if (this.running === abort) this.running = null;
    }
  }

  private async executeCell(cell: vscode.NotebookCell, abort: AbortController): Promise<boolean> {
    const exec = this.controller.createNotebookCellExecution(cell);
    exec.executionOrder = ++this.order;
    const tokenSub = exec.token.onCancellationRequested(() => abort.abort());
    exec.start(Date.now());
    await exec.clearOutput();
    const { runner, save } = resolveSession(await this.getSession());
    const study = runner.study;
    const runsBefore = new Set(study.state.runs.map((r) => r.id));

    // Live training: a status line and the curve, two outputs replaced as epochs arrive, dropped when the final
    // outputs are written.
    let live: vscode.NotebookCellOutput | null = null;
    let liveText: vscode.NotebookCellOutput | null = null;
    let lastLive = 0;
    const liveSub = study.onDidChange((c) => {
      if (!c.kinds.includes('runs')) return;
      const now = Date.now();
      const runs = study.state.runs.filter((r) => !runsBefore.has(r.id));
      if (runs.length === 0 || (now - lastLive < LIVE_INTERVAL_MS && runs.some((r) => r.status === 'running'))) return;
      lastLive = now;
      // with its wrapping view, like every text output (the line is longer than a narrow cell)
      const line = toVsOutput({ items: [{ mime: 'text/plain', data: liveTrainingLine(runs) }] }).items;
      if (!liveText) {
        liveText = new vscode.NotebookCellOutput(line, { live: true });
        void exec.appendOutput(liveText);
      } else void exec.replaceOutputItems(line, liveText);
      const item = vscode.NotebookCellOutputItem.json(trainingPayload(runs), XBRAIN_MIME.training);
      if (!live) {
        live = new vscode.NotebookCellOutput([item], { live: true });
        void exec.appendOutput(live);
      } else void exec.replaceOutputItems([item], live);
    });

    const shown: vscode.NotebookCellOutput[] = [];
    let run: CellRun;
    try {
      run = await runCell(cell.document.getText(), runner, {
        signal: abort.signal,
        confirm: (r) => confirm(r),
        afterRollback: save,
        onResult: (r: ToolResult) => {
          const outs = resultOutputs(r, study.state).map(toVsOutput);
          shown.push(...outs);
          void exec.appendOutput(outs);
        },
      });
    } catch (e) {
      // The runner turns tool failures into results; anything thrown here is a bug worth showing in the cell.
      await exec.replaceOutput([...shown, new vscode.NotebookCellOutput([vscode.NotebookCellOutputItem.error(e instanceof Error ? e : new Error(String(e)))])]);
      exec.end(false, Date.now());
      liveSub.dispose();
      tokenSub.dispose();
      return false;
    }
    liveSub.dispose();
    tokenSub.dispose();
    // Cleared, then written afresh: replacing the outputs in place kept the live outputs' measured positions in the
    // output webview, so the final curve overlapped the result text above it (seen in the e2e screenshot).
    if (live || liveText) {
      await exec.clearOutput();
      await exec.appendOutput(shown.map((o) => new vscode.NotebookCellOutput(o.items, o.metadata)));
    }
    exec.end(run.outcome === 'ok', Date.now());
    return run.outcome === 'ok';
  }

  dispose(): void {
    this.running?.abort();
    this.controller.dispose();
  }
}

/** The same confirmation every front end asks for, as a modal dialog. */
async function confirm(r: ToolResult): Promise<boolean> {
  const pick = await vscode.window.showWarningMessage(r.content, { modal: true, detail: `The notebook cell wants to run ${r.tool}.` }, 'Confirm');
  return pick === 'Confirm';
}
