// Notebook integration tests inside the real VS Code extension host (code-server via vscode-e2e):
// open a .xbrain file, run its cells on a real EDF through the XBrain controller, check outputs, error cells,
// execution order/duration, save round trip, diagnostics, completion, hover and the two notebook commands.
// Run with: node test/integration/notebook.run.mjs
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { test, runAll, waitFor as waitUntil } from './harness';
import type { XBrainApi } from '../../src/extension/extension';
import { parseNotebook, serializeNotebook } from '../../src/core/notebook/format';
import { XBRAIN_MIME } from '../../src/core/mime';

const waitFor = <T>(probe: () => T | undefined | Promise<T | undefined>, what: string, ms = 20_000): Promise<T> => waitUntil(probe, what, ms);

const EDF = 'S001R04.edf';
let api: XBrainApi;
let nbDoc: vscode.NotebookDocument;

function wsUri(...p: string[]): vscode.Uri {
  const ws = vscode.workspace.workspaceFolders?.[0];
  assert.ok(ws, 'no workspace folder open');
  return vscode.Uri.joinPath(ws.uri, ...p);
}

const json = (item: vscode.NotebookCellOutputItem) => JSON.parse(new TextDecoder().decode(item.data));
const mimes = (cell: vscode.NotebookCell) => cell.outputs.flatMap((o) => o.items.map((i) => i.mime));

async function runCells(doc: vscode.NotebookDocument, indices: number[]): Promise<void> {
  const before = indices.map((i) => doc.cellAt(i).executionSummary?.executionOrder);
  await vscode.commands.executeCommand('notebook.cell.execute', { ranges: indices.map((i) => ({ start: i, end: i + 1 })), document: doc.uri });
  await waitFor(
    () => {
      const done = indices.every((i, k) => {
        const s = doc.cellAt(i).executionSummary;
        return s?.success !== undefined && s.executionOrder !== before[k] && s.timing !== undefined;
      });
      return done ? true : undefined;
    },
    `cells ${indices.join(',')} to finish`,
    60_000,
  );
}

test('the extension activates and the notebook pieces are registered', async () => {
  const ext = vscode.extensions.getExtension<XBrainApi>('xbrain.xbrain');
  assert.ok(ext, 'extension xbrain.xbrain not found');
  api = await ext.activate();
  assert.ok(api.host, 'activate() returns the session host');
  // extension.ts registers the notebook (serializer, controller, commands) itself; the test registers nothing
  const after = new Set(await vscode.commands.getCommands(true));
  assert.ok(after.has('xbrain.newAnalysisNotebook'));
  assert.ok(after.has('xbrain.exportChatToNotebook'));
});

test('a .xbrain file opens as an XBrain notebook with markdown and xbrain cells', async () => {
  const file = wsUri('analysis.xbrain');
  const cells = [
    { kind: 'markdown' as const, source: '# Integration\nS001R04, 8–30 Hz' },
    {
      kind: 'code' as const,
      source: `load_data(paths=["${EDF}"])\napply_bandpass_filter(low_freq=8, high_freq=30)  # mu/beta\nepoch_data(t_min=0, t_max=2, event_id=["T1", "T2"], baseline=null)\nplot_epochs(channels=["C3..", "Cz..", "C4.."])`,
    },
    { kind: 'code' as const, source: 'apply_notch_filter(freq=60)\napply_bandpass_filter(low_freq=30, high_freq=8)' },
    { kind: 'code' as const, source: 'apply_bandpas_filter(low_freq=8, high_freq=30)' },
  ];
  await vscode.workspace.fs.writeFile(
    file,
    new TextEncoder().encode(serializeNotebook({ version: 1, metadata: {}, cells: cells.map((c) => ({ ...c, outputs: [], metadata: {} })) })),
  );
  nbDoc = await vscode.workspace.openNotebookDocument(file);
  assert.equal(nbDoc.notebookType, 'xbrain-notebook');
  assert.deepEqual(
    nbDoc.getCells().map((c) => [c.kind, c.document.languageId]),
    [
      [vscode.NotebookCellKind.Markup, 'markdown'],
      [vscode.NotebookCellKind.Code, 'xbrain'],
      [vscode.NotebookCellKind.Code, 'xbrain'],
      [vscode.NotebookCellKind.Code, 'xbrain'],
    ],
  );
  await vscode.window.showNotebookDocument(nbDoc);
  await vscode.commands.executeCommand('notebook.selectKernel', { id: 'xbrain-notebook-controller', extension: 'xbrain.xbrain' });
});

test('running a cell on the real EDF shows every result and the epochs plot payload, with order and duration', async () => {
  await runCells(nbDoc, [1]);
  const cell = nbDoc.cellAt(1);
  const s = cell.executionSummary!;
  assert.equal(s.success, true, `cell failed: ${cell.outputs.map((o) => new TextDecoder().decode(o.items[0].data)).join(' | ')}`);
  assert.ok(typeof s.executionOrder === 'number' && s.executionOrder > 0);
  assert.ok(s.timing!.endTime >= s.timing!.startTime);
  assert.equal(api.host.stage, 'preprocessed');
  assert.deepEqual(
    cell.outputs
      .map((o) => o.metadata?.tool)
      .filter(Boolean)
      .slice(0, 4),
    ['load_data', 'apply_bandpass_filter', 'epoch_data', 'plot_epochs'],
  );
  const epochsItem = cell.outputs.flatMap((o) => o.items).find((i) => i.mime === XBRAIN_MIME.epochs);
  assert.ok(epochsItem, `no epochs output; got ${mimes(cell).join(', ')}`);
  const payload = json(epochsItem);
  assert.deepEqual(payload.channels, ['C3..', 'Cz..', 'C4..']);
  assert.deepEqual(payload.erp.map((e: { label: string }) => e.label).sort(), ['T1', 'T2']);
});

test('a failing cell shows an error output and leaves the Study exactly as it was (even its earlier calls)', async () => {
  const before = api.host.session.study.state;
  await runCells(nbDoc, [2]);
  const cell = nbDoc.cellAt(2);
  assert.equal(cell.executionSummary?.success, false);
  assert.ok(mimes(cell).includes('application/vnd.code.notebook.error'), `no error output: ${mimes(cell).join(', ')}`);
  assert.equal(api.host.session.study.state, before);
  const order1 = nbDoc.cellAt(1).executionSummary!.executionOrder!;
  assert.ok(cell.executionSummary!.executionOrder! > order1, 'execution order did not increase');
});

test('diagnostics name the closest tool; completion and hover work in xbrain cells', async () => {
  const doc = nbDoc.cellAt(3).document;
  const diags = await waitFor(() => {
    const d = vscode.languages.getDiagnostics(doc.uri);
    return d.length ? d : undefined;
  }, 'diagnostics on the misspelt cell');
  assert.match(diags[0].message, /did you mean 'apply_bandpass_filter'/);
  assert.equal(diags[0].range.start.line, 0);
  assert.equal(diags[0].severity, vscode.DiagnosticSeverity.Error);

  const loadDoc = nbDoc.cellAt(1).document;
  const list = await vscode.commands.executeCommand<vscode.CompletionList>(
    'vscode.executeCompletionItemProvider',
    loadDoc.uri,
    new vscode.Position(1, 'apply_bandpass_filter(low_freq=8, '.length),
  );
  const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
  assert.ok(labels.includes('high_freq'), `high_freq not offered: ${labels.join(', ')}`);
  assert.ok(!labels.includes('low_freq'), 'a parameter already given is offered again');
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', loadDoc.uri, new vscode.Position(2, 3));
  const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
  assert.match(text, /epoch_data\(t_min: number, t_max: number/);
});

test('a training cell asks for confirmation, streams a live training curve and ends with the final curves', async () => {
  const edit = new vscode.WorkspaceEdit();
  const source =
    'generate_dataset(test_ratio=0.2, val_ratio=0.2, seed=1)\nset_model(model_name="EEGNet")\nconfigure_training(epoch=4, batch_size=8, learning_rate=0.001, seed=1)\nstart_training()';
  edit.set(nbDoc.uri, [vscode.NotebookEdit.insertCells(nbDoc.cellCount, [new vscode.NotebookCellData(vscode.NotebookCellKind.Code, source, 'xbrain')])]);
  assert.ok(await vscode.workspace.applyEdit(edit));
  const index = nbDoc.cellCount - 1;
  // The modal confirmation cannot be clicked in a headless host: answer it here and record what was asked.
  const asked: string[] = [];
  const win = vscode.window as unknown as { showWarningMessage: (...a: unknown[]) => Thenable<unknown> };
  const original = win.showWarningMessage;
  win.showWarningMessage = async (message: unknown, ...rest: unknown[]) => {
    asked.push(String(message));
    const opts = rest[0] as { modal?: boolean } | undefined;
    return opts?.modal ? 'Confirm' : undefined;
  };
  let liveSeen = 0;
  const sub = vscode.workspace.onDidChangeNotebookDocument((e) => {
    for (const c of e.cellChanges) if (c.cell.index === index && c.outputs?.some((o) => o.metadata?.live === true)) liveSeen++;
  });
  try {
    await runCells(nbDoc, [index]);
  } finally {
    win.showWarningMessage = original;
    sub.dispose();
  }
  const cell = nbDoc.cellAt(index);
  assert.equal(cell.executionSummary?.success, true, cell.outputs.map((o) => new TextDecoder().decode(o.items[0].data)).join(' | '));
  assert.equal(asked.length, 1, `confirmations asked: ${asked.join(' / ')}`);
  assert.equal(api.host.stage, 'trained');
  assert.ok(liveSeen > 0, 'no live training output appeared while the cell ran');
  const final = cell.outputs
    .flatMap((o) => o.items)
    .filter((i) => i.mime === XBRAIN_MIME.training)
    .map(json);
  assert.equal(final.length, 1, 'the live output was not replaced by the final curves');
  assert.equal(final[0].live, false);
  const trainLoss = final[0].series.find((x: { split: string; metric: string }) => x.split === 'train' && x.metric === 'loss');
  assert.deepEqual(trainLoss.x, [1, 2, 3, 4]);
});

test('interrupting a training cell stops the trainer and leaves the Study as before the cell', async () => {
  const before = api.host.session.study.state;
  const edit = new vscode.WorkspaceEdit();
  edit.set(nbDoc.uri, [
    vscode.NotebookEdit.insertCells(nbDoc.cellCount, [
      new vscode.NotebookCellData(
        vscode.NotebookCellKind.Code,
        'configure_training(epoch=500, batch_size=8, learning_rate=0.001, seed=2)\nstart_training()',
        'xbrain',
      ),
    ]),
  ]);
  assert.ok(await vscode.workspace.applyEdit(edit));
  const index = nbDoc.cellCount - 1;
  const win = vscode.window as unknown as { showWarningMessage: (...a: unknown[]) => Thenable<unknown> };
  const original = win.showWarningMessage;
  win.showWarningMessage = async (_m: unknown, ...rest: unknown[]) => ((rest[0] as { modal?: boolean } | undefined)?.modal ? 'Confirm' : undefined);
  try {
    void vscode.commands.executeCommand('notebook.cell.execute', { ranges: [{ start: index, end: index + 1 }], document: nbDoc.uri });
    await waitFor(
      () => (api.host.session.study.state.runs.some((r) => r.status === 'running' && r.metrics.length > 0) ? true : undefined),
      'a training epoch to finish',
      60_000,
    );
    await vscode.commands.executeCommand('notebook.cancelExecution');
    await waitFor(() => (nbDoc.cellAt(index).executionSummary?.success === false ? true : undefined), 'the interrupted cell to end', 60_000);
  } finally {
    win.showWarningMessage = original;
  }
  assert.equal(api.host.session.study.state, before);
  assert.equal(api.host.stage, 'trained');
  const texts = nbDoc
    .cellAt(index)
    .outputs.map((o) => new TextDecoder().decode(o.items[0].data))
    .join('\n');
  assert.match(texts, /Interrupted/);
});

test('saving writes the outputs and execution metadata into the .xbrain file (core format)', async () => {
  // Outputs are not transient: running cells made the notebook dirty.
  await waitFor(() => (nbDoc.isDirty ? true : undefined), 'the notebook to be dirty after running cells', 5_000);
  const saved0 = await vscode.workspace.save(nbDoc.uri);
  assert.ok(saved0, `save failed (dirty: ${nbDoc.isDirty})`);
  const saved = parseNotebook(new TextDecoder().decode(await vscode.workspace.fs.readFile(nbDoc.uri)), 'analysis.xbrain');
  const cell = saved.cells[1];
  assert.equal((cell.metadata.execution as { success: boolean }).success, true);
  assert.ok(cell.outputs.some((o) => o.items.some((i) => i.mime === XBRAIN_MIME.epochs)));
  assert.ok(saved.cells[2].outputs.some((o) => o.items.some((i) => i.mime === 'application/vnd.code.notebook.error')));
});

test('XBrain: New Analysis Notebook opens a starter notebook', async () => {
  await vscode.commands.executeCommand('xbrain.newAnalysisNotebook');
  const nb = await waitFor(
    () => (vscode.window.activeNotebookEditor?.notebook.uri.scheme === 'untitled' ? vscode.window.activeNotebookEditor.notebook : undefined),
    'the starter notebook',
  );
  assert.equal(nb.notebookType, 'xbrain-notebook');
  assert.ok(nb.getCells().some((c) => c.document.getText().includes('start_training()')));
});

test('XBrain: Export Chat to Notebook turns requests into markdown and tool calls into code cells', async () => {
  await vscode.commands.executeCommand('xbrain.exportChatToNotebook', [
    {
      request: 'load the run and filter',
      toolCalls: [
        { tool: 'load_data', arguments: { paths: [EDF] } },
        { tool: 'apply_bandpass_filter', arguments: { low_freq: 8, high_freq: 30 } },
      ],
    },
  ]);
  const nb = await waitFor(() => {
    const n = vscode.window.activeNotebookEditor?.notebook;
    return n && n.cellCount === 2 && n.cellAt(1).document.getText().startsWith('load_data') ? n : undefined;
  }, 'the exported notebook');
  assert.equal(nb.cellAt(0).document.getText(), '> load the run and filter');
  assert.equal(nb.cellAt(1).document.getText(), 'load_data(paths=["S001R04.edf"])\napply_bandpass_filter(low_freq=8, high_freq=30)');
});

export function run(): Promise<void> {
  return runAll(180_000);
}
