// End-to-end: a .xbrain notebook in a real VS Code 1.139 workbench (code-server) in Chromium. Runs all cells on a
// real EDF and finds the XBrain renderer's plotly plot in the notebook output webview; then opens a notebook with
// saved training / metrics / saliency outputs (the real tool payloads of test/notebook/fixtures/xbrain-outputs.ipynb)
// and finds their plots too. Run by scripts/test-e2e.mjs with the other e2e files, or standalone:
//   node --test test/e2e/notebook.e2e.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOOL = process.env.VSCODE_E2E_TOOL ?? path.resolve(ROOT, '../shared/tools/vscode-e2e');
const DATA = process.env.XBRAIN_TEST_DATA ? path.resolve(process.env.XBRAIN_TEST_DATA) : path.resolve(ROOT, 'test/data');
const OUT = process.env.XBRAIN_E2E_OUT ?? path.join(ROOT, 'test-results', 'e2e');
const PORT = Number(process.env.NOTEBOOK_E2E_PORT || 8953);
const vs = await import(path.join(TOOL, 'lib', 'vscode-e2e.mjs'));

let WS = process.env.XBRAIN_E2E_WORKSPACE;
let ownWs = false;
if (!WS) {
  WS = fs.mkdtempSync(path.join(os.tmpdir(), 'xbrain-nb-e2e-'));
  fs.copyFileSync(path.join(DATA, 'S001R04.edf'), path.join(WS, 'S001R04.edf'));
  ownWs = true;
}

/**
 * The extension to load. Until src/extension/extension.ts calls registerNotebook itself, a package-shaped copy whose
 * entry activates the real extension and then registers the notebook against its session host (as extension.ts will).
 */
async function extensionUnderTest() {
  const ext = process.env.XBRAIN_E2E_EXTENSION ?? ROOT;
  const bundle = path.join(ext, 'dist', 'extension.js');
  assert.ok(fs.existsSync(bundle), `${bundle} missing: run npm run build`);
  assert.ok(fs.existsSync(path.join(ext, 'dist', 'renderer', 'index.js')), 'dist/renderer/index.js missing: run npm run build');
  if (fs.readFileSync(bundle, 'utf8').includes('xbrain-notebook-controller')) return ext;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xbrain-ext-nb-'));
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  fs.cpSync(path.join(ext, 'dist'), path.join(dir, 'dist'), { recursive: true });
  const entry = path.join(ROOT, 'out', 'e2e-notebook-entry.ts');
  fs.mkdirSync(path.dirname(entry), { recursive: true });
  fs.writeFileSync(
    entry,
    [
      "import type * as vscode from 'vscode';",
      "import { activate as activateXBrain } from '../src/extension/extension';",
      "import { registerNotebook } from '../src/extension/notebook';",
      'export async function activate(context: vscode.ExtensionContext) {',
      '  const api = await activateXBrain(context);',
      '  registerNotebook(context, () => api.host);',
      '  return api;',
      '}',
      'export function deactivate() {}',
    ].join('\n'),
  );
  await esbuild.build({
    entryPoints: [entry],
    outfile: path.join(dir, 'dist', 'extension.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'onnxruntime-node'],
    logLevel: 'error',
  });
  return dir;
}

function writeNotebooks() {
  const code = (source, outputs = []) => ({ kind: 'code', source, outputs, metadata: {} });
  const run = {
    version: 1,
    metadata: {},
    cells: [
      { kind: 'markdown', source: '# e2e\nS001R04, motor channels', outputs: [], metadata: {} },
      code(
        'load_data(paths=["S001R04.edf"])\napply_bandpass_filter(low_freq=8, high_freq=30)\nepoch_data(t_min=0, t_max=2, event_id=["T1", "T2"], baseline=null)\nplot_epochs(channels=["C3..", "Cz..", "C4.."])',
      ),
    ],
  };
  fs.writeFileSync(path.join(WS, 'e2e-run.xbrain'), JSON.stringify(run, null, 2) + '\n');
  const ipynb = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/notebook/fixtures/xbrain-outputs.ipynb'), 'utf8'));
  const outputs = ipynb.cells
    .flatMap((c) => c.outputs ?? [])
    .map((o) => {
      const mime = Object.keys(o.data).find((m) => m.startsWith('application/vnd.xbrain.'));
      return { items: [{ mime, data: o.data[mime] }] };
    })
    .filter((o) => !o.items[0].mime.includes('epochs'));
  const train = {
    version: 1,
    metadata: {},
    // continues the Study e2e-run.xbrain left epoched (one Study per workspace)
    cells: [code('generate_dataset()\nconfigure_training(epoch=40, batch_size=8)\nstart_training()')],
  };
  fs.writeFileSync(path.join(WS, 'e2e-train.xbrain'), JSON.stringify(train, null, 2) + '\n');
  const saved = {
    version: 1,
    metadata: {},
    cells: [code('# outputs saved from a real run (training, metrics, saliency, protocol)\nget_study_state()', outputs)],
  };
  fs.writeFileSync(path.join(WS, 'e2e-saved.xbrain'), JSON.stringify(saved, null, 2) + '\n');
}

let server, browser, page;
/** The status and epoch count of every run the workspace's Study records (the extension saves it as runs change). */
function studyRuns() {
  try {
    const study = JSON.parse(fs.readFileSync(path.join(WS, '.xbrain', 'study.json'), 'utf8'));
    const runs = study.runs ?? study.state?.runs ?? [];
    return JSON.stringify(runs.map((r) => ({ id: r.id, status: r.status, epochs: r.metrics?.length, error: r.error })));
  } catch (e) {
    return `unreadable (${e.message})`;
  }
}
/** The text of every frame of the page (the notebook output webview is nested two iframes deep). */
async function frameTexts() {
  const texts = await Promise.all(
    page.frames().map(
      async (f) =>
        `[${f.url().slice(0, 80)}] ${(
          await f
            .locator('body')
            .innerText({ timeout: 2000 })
            .catch(() => '')
        ).slice(0, 600)}`,
    ),
  );
  return texts.join('\n');
}
const shot = (name) => page.screenshot({ path: path.join(OUT, name) });
/** drawn plotly graphs (plotly marks its graph div; each graph has several svg.main-svg layers) */
const plots = () => vs.notebookOutputFrame(page).locator('.xbrain-out .plot.js-plotly-plot');

before(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  writeNotebooks();
  server = vs.startServer({ workspace: WS, ext: await extensionUnderTest(), port: PORT });
  browser = await vs.launchBrowser();
  page = browser.page;
  await vs.openWorkbench(page, server.url);
  await vs.waitForCommand(page, 'XBrain: New Analysis Notebook');
});

after(async () => {
  if (page) await shot('notebook-final.png').catch(() => {});
  await browser?.close();
  server?.stop();
  if (ownWs) fs.rmSync(WS, { recursive: true, force: true });
});

test('Run All on a .xbrain notebook runs the cells on the real EDF and the renderer draws the epochs', async () => {
  await vs.quickOpen(page, 'e2e-run.xbrain');
  await page.locator('.notebookOverlay').first().waitFor();
  await page.locator('.action-label.codicon-notebook-execute-all').first().click();
  await plots().first().waitFor({ timeout: 90000 });
  // traces of one epoch (3 channels) and the ERP per class (T1, T2)
  await page.waitForTimeout(500);
  assert.equal(await plots().count(), 2);
  const traces = await vs.notebookOutputFrame(page).locator('.xbrain-out .plot .scatterlayer .trace').count();
  assert.ok(traces >= 5, `expected ≥ 5 line traces (3 channels + 2 classes), got ${traces}`);
  const title = await vs.notebookOutputFrame(page).locator('.xbrain-out .plot .gtitle').allTextContents();
  assert.ok(
    title.some((t) => /ERP per class/.test(t)),
    `titles: ${title.join(' | ')}`,
  );
  await shot('notebook-a-epochs.png');
});

test('text outputs wrap inside the cell: the load summary is read whole, not cut at the cell width', async () => {
  // the notebook run by the previous test is still open with its outputs
  const frame = vs.notebookOutputFrame(page);
  const summary = frame.locator('pre', { hasText: 'events (annotations)' }).first();
  await summary.waitFor({ timeout: 60000 });
  assert.match(await summary.innerText(), /events \(annotations\): T0=15 T1=8 T2=7/);
  const { scrollWidth, clientWidth, lines } = await summary.evaluate((e) => ({
    scrollWidth: e.scrollWidth,
    clientWidth: e.clientWidth,
    lines: Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)),
  }));
  assert.ok(scrollWidth <= clientWidth + 1, `the text overflows its cell: scrollWidth ${scrollWidth} > clientWidth ${clientWidth}`);
  assert.ok(lines >= 2, `the long summary line should wrap (rendered on ${lines} line(s))`);
  await summary.scrollIntoViewIfNeeded();
  await shot('notebook-c-text-wrapped.png');
});

test('saved training, metrics and saliency outputs render as plots when the notebook opens', async () => {
  await vs.runCommand(page, 'View: Close All Editors');
  await vs.quickOpen(page, 'e2e-saved.xbrain');
  await page.locator('.notebookOverlay').first().waitFor();
  await plots().first().waitFor({ timeout: 60000 });
  const frame = vs.notebookOutputFrame(page);
  await frame.locator('.xbrain-out table').first().waitFor();
  // 2 training plots, the confusion matrix, the saliency map, its topomap and spectrogram, run_protocol's per-subject figure
  const t0 = Date.now();
  while ((await plots().count()) < 7 && Date.now() - t0 < 30000) await page.waitForTimeout(250);
  assert.equal(await plots().count(), 7);
  const text = (await frame.locator('.xbrain-out').allInnerTexts()).join('\n');
  assert.match(text, /accuracy/);
  await shot('notebook-b-saved-outputs.png');
});

test('a training cell shows live output while it runs (status line and curve), then the final curves', async () => {
  await vs.runCommand(page, 'View: Close All Editors');
  await vs.quickOpen(page, 'e2e-train.xbrain');
  await page.locator('.notebookOverlay').first().waitFor();
  await page.locator('.action-label.codicon-notebook-execute-all').first().click();
  // start_training asks first, in a modal dialog
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.locator('.monaco-button', { hasText: 'Confirm' }).first().click({ timeout: 90000 });
  const frame = vs.notebookOutputFrame(page);
  const liveLine = frame.getByText(/Training Fold_\d+ repeat 1 \(run 1 of 1\): epoch \d+\/40/).first();
  await liveLine.waitFor({ timeout: 120000 });
  await plots().first().waitFor({ timeout: 60000 });
  await shot('notebook-d-training-live.png');
  // when the cell ends, the live line gives way to the result text and the final curves
  // Polled with the ground truth beside it, so a failure says which side stalled: the run (the Study on disk says it
  // is still running) or the cell (the run ended, or the cell shows its end state, but the text never appeared).
  const finishedText = frame.getByText(/Training finished: 1 run\(s\)/).first();
  const cellEnded = page.locator('.cell-statusbar-container .codicon-notebook-state-success, .cell-statusbar-container .codicon-notebook-state-error').first();
  const t1 = Date.now();
  let endedAt = 0;
  while (!(await finishedText.isVisible().catch(() => false))) {
    const ended = (await cellEnded.isVisible().catch(() => false)) || /"status":"(done|failed|stopped)"/.test(studyRuns());
    if (ended && !endedAt) endedAt = Date.now();
    if ((endedAt && Date.now() - endedAt > 60000) || Date.now() - t1 > 300000) {
      await shot('notebook-e-training-timeout.png').catch(() => {});
      assert.fail(
        `no 'Training finished' in the cell ${endedAt ? '60 s after the run or cell ended' : 'after 300 s'}` +
          `\n--- runs in .xbrain/study.json: ${studyRuns()}\n--- output frames:\n${await frameTexts()}`,
      );
    }
    await page.waitForTimeout(500);
  }
  assert.equal(await frame.getByText(/\(run 1 of 1\): epoch/).count(), 0);
  assert.ok((await plots().count()) >= 1);
  // the outputs were replaced at once: let the output webview report their new heights before the picture
  await page.waitForTimeout(2000);
  await shot('notebook-e-training-done.png');
});
