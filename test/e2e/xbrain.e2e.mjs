// End-to-end tests: a real VS Code 1.139 workbench (code-server) in Chromium, driven by Playwright through
// ../shared/tools/vscode-e2e/lib. Run with `npm run test:e2e` (scripts/test-e2e.mjs prepares the workspace).
// Every test depends on the previous one's study (load → epoch → train), as a user's session would.
import { test as nodeTest, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const TOOL = process.env.VSCODE_E2E_TOOL;
const WS = process.env.XBRAIN_E2E_WORKSPACE;
const EXT = process.env.XBRAIN_E2E_EXTENSION;
const OUT = process.env.XBRAIN_E2E_OUT;
const PORT = Number(process.env.PORT || 8951);
assert.ok(TOOL && WS && EXT && OUT, 'run through scripts/test-e2e.mjs (it sets VSCODE_E2E_TOOL, XBRAIN_E2E_WORKSPACE, XBRAIN_E2E_EXTENSION, XBRAIN_E2E_OUT)');
const vs = await import(path.join(TOOL, 'lib', 'vscode-e2e.mjs'));

const EDF = 'S001R04.edf';
let server, browser, page;
const shot = (name) => page.screenshot({ path: path.join(OUT, name) });
const statusText = () => page.locator('.statusbar-item', { hasText: 'XBrain:' }).first().innerText();

async function waitForStatus(re, timeout = 30000) {
  const t0 = Date.now();
  let last = '';
  while (Date.now() - t0 < timeout) {
    last = await statusText().catch(() => '');
    if (re.test(last)) return last;
    await page.waitForTimeout(200);
  }
  throw new Error(`status bar never matched ${re}; last: ${JSON.stringify(last)}`);
}

/**
 * vs.runCommand, once any quick input still closing (a picker just accepted) is gone: otherwise runCommand sees that
 * input as visible, skips F1 and types into a box that is disappearing (seen on CI).
 */
async function runCommand(title) {
  await page.locator('.quick-input-widget input').waitFor({ state: 'hidden', timeout: 10000 }).catch(() => {});
  await vs.runCommand(page, title);
}

/** Runs a palette command that opens its own quick pick (so the palette input never hides, unlike vs.runCommand). */
async function startPaletteCommand(title) {
  const input = page.locator('.quick-input-widget input');
  await page.keyboard.press('F1');
  await input.waitFor();
  await input.fill('>' + title);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
  // the command's own quick pick replaces the palette's list
  await page.waitForFunction(() => !document.querySelector('.quick-input-widget input')?.value.startsWith('>'), null, { timeout: 20000 });
}

/** The first chat message right after start-up can meet "Language model unavailable" (vscode-e2e README): send again. */
async function chat(text, expect, timeout = 60000) {
  const last = () => page.locator('.interactive-item-container.interactive-response').last().innerText().catch(() => '');
  for (let attempt = 0; attempt < 3; attempt++) {
    // the chat list is virtualised, so count nothing: wait for the last response to differ from before sending
    const before = await last();
    await vs.sendChat(page, text);
    const t0 = Date.now();
    while (Date.now() - t0 < timeout) {
      const current = await last();
      const now = current !== before ? current : '';
      if (/Language model unavailable/.test(now)) break;
      if (now.includes(expect)) return vs.waitForChatResponse(page, expect, { timeout });
      await page.waitForTimeout(200);
    }
    if (!/Language model unavailable/.test(await last())) throw new Error(`no chat response containing "${expect}" to "${text}"; last: ${JSON.stringify(await last())}`);
    await page.waitForTimeout(2000);
  }
  throw new Error(`chat "${text}" never reached a language model`);
}

let shotIndex = 0;
/** node:test's test, plus a screenshot of the workbench when the test fails (test-results/e2e/failed-N.png). */
function test(name, fn) {
  nodeTest(name, async () => {
    const n = ++shotIndex;
    try {
      await fn();
    } catch (e) {
      await shot(`failed-${n}.png`).catch(() => {});
      throw e;
    }
  });
}

before(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  server = vs.startServer({ workspace: WS, ext: EXT, port: PORT });
  browser = await vs.launchBrowser();
  page = browser.page;
  await vs.openWorkbench(page, server.url);
  await vs.waitForCommand(page, 'XBrain: Load EEG Files…');
  await waitForStatus(/XBrain: no data/);
});

after(async () => {
  if (page) await shot('e2e-final.png').catch(() => {});
  await browser?.close();
  server?.stop();
});

test('a stage command from the palette loads a real EDF and the Study tree shows it', async () => {
  await startPaletteCommand('XBrain: Load EEG Files…');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(EDF);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: EDF }).first();
  await row.waitFor();
  await row.locator('.monaco-checkbox').first().click();
  assert.equal(await row.getAttribute('aria-checked'), 'true');
  // Enter would toggle the focused checkbox again: accept with the picker's OK button
  await page.locator('.quick-input-widget .monaco-button', { hasText: 'OK' }).first().click();
  await waitForStatus(/XBrain: data loaded/);
  await runCommand('XBrain: Focus on Study View');
  const tree = page.locator('.monaco-list[aria-label*="Study"], [id="workbench.view.extension.xbrain"]').first();
  await page.locator('.monaco-tl-row', { hasText: 'Recordings' }).first().click();
  const recRow = page.locator('.monaco-tl-row', { hasText: EDF }).first();
  await recRow.waitFor();
  assert.match(await recRow.innerText(), /64 ch · 160 Hz/);
  assert.ok(await tree.count());
  await shot('e2e-a-tree.png');
});

test('@xbrain load FILE with XBrain Offline answers with the channel count', async () => {
  // start over through the palette: Clear Dataset asks in a modal dialog first
  await startPaletteCommand('XBrain: Clear Dataset').catch(() => {});
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.getByText(/Clear the study\? This removes 1 loaded file/).first().waitFor();
  await dialog.locator('.monaco-button', { hasText: 'Run' }).first().click();
  await waitForStatus(/XBrain: no data/);
  const reply = await chat(`@xbrain load ${EDF}`, 'Loaded 1 file');
  assert.match(reply, /S001R04\.edf: EDF\+, 64 ch, 160 Hz/);
  await shot('e2e-b-chat.png');
});

test('the Epochs webview shows a plot of the epochs', async () => {
  await chat('@xbrain /epoch 0 2', 'epoch');
  await waitForStatus(/XBrain: epoched/);
  await runCommand('XBrain: Open Epochs Panel');
  const wv = vs.webviewFrame(page, 'xbrain.xbrain');
  await wv.locator('#plot .main-svg').first().waitFor({ timeout: 30000 });
  assert.match(await wv.locator('#title').innerText(), /Epoch 1 of \d+/);
  assert.equal(await wv.locator('#plot').getAttribute('data-traces'), '64');
  assert.ok((await wv.locator('#plot .scatterlayer .trace').count()) >= 64);
  await shot('e2e-c-epochs-webview.png');
});

test('a confirmation button gates training', async () => {
  const reply = await chat('@xbrain /train', 'Confirm');
  assert.match(reply, /start_training/);
  // nothing started yet: the study is still at the epoch stage
  assert.match(await statusText(), /XBrain: epoched/);
  await shot('e2e-d-confirm.png');
  const button = page.locator('.interactive-item-container.interactive-response').last().locator('.monaco-button', { hasText: 'Run start_training' });
  await button.click();
  await waitForStatus(/XBrain: (training…|trained)/, 120000);
  await runCommand('XBrain: Stop Training').catch(() => {});
});
