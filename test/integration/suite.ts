// Integration tests inside the real VS Code extension host (code-server 1.139 via vscode-e2e's runner).
// The workspace is a temporary folder holding a copy of one real EDF (scripts/test-integration.mjs prepares it).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { test, runAll, waitFor as waitUntil } from './harness';
import type { XBrainApi } from '../../src/extension/extension';
import { STAGE_COMMANDS } from '../../src/extension/commands/table';
import { rootNodes } from '../../src/extension/views/studyTree';
import { TOOL_DEFINITIONS } from '../../src/core/tools/definitions';
import type { ToolResult } from '../../src/core/tools/result';
import type { HostToPage } from '../../src/webview/shared/protocol';

const waitFor = <T>(probe: () => T | undefined | Promise<T | undefined>, what: string, ms = 10_000): Promise<T> => waitUntil(probe, what, ms);

const EDF = 'S001R04.edf';
let api: XBrainApi;

function edfPath(): string {
  const ws = vscode.workspace.workspaceFolders?.[0];
  assert.ok(ws, 'no workspace folder open');
  return vscode.Uri.joinPath(ws.uri, EDF).fsPath;
}

/** A tool that is not implemented yet must fail this test, never skip it. */
function expectOk(r: ToolResult | undefined, what: string): ToolResult {
  assert.ok(r, `${what}: the command returned nothing`);
  assert.notEqual(r.type, 'error', `${what} failed: ${r.error?.code}: ${r.content}`);
  return r;
}

test('extension activates and exposes its session at stage empty', async () => {
  const ext = vscode.extensions.getExtension<XBrainApi>('xbrain.xbrain');
  assert.ok(ext, 'extension xbrain.xbrain not found');
  api = await ext.activate();
  assert.equal(api.host.stage, 'empty');
  assert.equal(api.host.trusted, true);
});

test('every stage command, panel command and Set API Key are registered', async () => {
  const all = new Set(await vscode.commands.getCommands(true));
  for (const c of STAGE_COMMANDS) assert.ok(all.has(c.id), `missing command ${c.id}`);
  for (const id of ['xbrain.setApiKey', 'xbrain.openEpochs', 'xbrain.openTraining', 'xbrain.openEvaluation', 'xbrain.openSaliency', 'xbrain.confirmTool'])
    assert.ok(all.has(id), `missing command ${id}`);
});

test('every registry tool is a language-model tool named xbrain_<name>', () => {
  const names = new Set(vscode.lm.tools.map((t) => t.name));
  for (const d of TOOL_DEFINITIONS) assert.ok(names.has(`xbrain_${d.name}`), `lm tool xbrain_${d.name} not registered`);
});

test('a stage command refused by the stage gate says what to do first and changes nothing', async () => {
  const r = await vscode.commands.executeCommand<ToolResult>('xbrain.bandpass', { low_freq: 8, high_freq: 30 }, { quiet: true });
  assert.equal(r?.type, 'error');
  assert.equal(r?.error?.code, 'stage_unavailable');
  assert.match(r!.content, /load_data/);
  assert.equal(api.host.stage, 'empty');
});

test('XBrain: Load EEG Files… loads the real EDF and the tree shows 64 channels and its events', async () => {
  expectOk(await vscode.commands.executeCommand<ToolResult>('xbrain.loadFiles', { paths: [edfPath()] }, { quiet: true }), 'load_data');
  assert.equal(api.host.stage, 'data_loaded');
  const rec = rootNodes(api.host).find((n) => n.id === 'recordings');
  assert.equal(rec?.description, '1');
  const [file] = rec!.children!();
  assert.equal(file.label, EDF);
  assert.match(file.description ?? '', /^64 ch · 160 Hz · 125\.0 s$/);
  const events = file.children!().find((n) => n.id.endsWith(':ev'))!;
  assert.deepEqual(
    events.children!()
      .map((n) => n.label)
      .sort(),
    ['T0', 'T1', 'T2'],
  );
});

test('band-pass then epoch through the commands: history grows, stage becomes preprocessed', async () => {
  expectOk(await vscode.commands.executeCommand<ToolResult>('xbrain.bandpass', { low_freq: 8, high_freq: 30 }, { quiet: true }), 'apply_bandpass_filter');
  assert.equal(api.host.session.study.state.history.length, 1);
  expectOk(await vscode.commands.executeCommand<ToolResult>('xbrain.epoch', { t_min: 0, t_max: 2, event_id: ['T1', 'T2'] }, { quiet: true }), 'epoch_data');
  assert.equal(api.host.stage, 'preprocessed');
  const epochs = rootNodes(api.host).find((n) => n.id === 'epochs');
  assert.ok(epochs, 'no Epochs node in the tree');
  assert.deepEqual(
    epochs.children!()
      .map((n) => n.label)
      .sort(),
    ['T1', 'T2'],
  );
});

test('the Epochs panel receives a figure with one trace per channel', async () => {
  await vscode.commands.executeCommand('xbrain.openEpochs');
  const m = await waitFor(
    async () => vscode.commands.executeCommand<HostToPage | undefined>('xbrain.panelSnapshot', 'epochs'),
    'a message to the epochs panel',
  );
  assert.ok(m, 'no message posted to the epochs panel');
  assert.equal(m.type, 'figure', m.type === 'empty' ? m.message : '');
  if (m.type !== 'figure') return;
  assert.equal(m.figure.data.length, 64);
  assert.equal(m.view.modes.join(','), 'traces,erp,psd');
  assert.match(m.summary, /epochs × 64 channels × 321 samples at 160 Hz/);
});

test('XBrain Offline is a tool-calling model and plans load_data for "load FILE"', async () => {
  let models: vscode.LanguageModelChat[] = [];
  for (let i = 0; i < 50 && models.length === 0; i++) {
    models = await vscode.lm.selectChatModels({ vendor: 'xbrain-offline' });
    if (!models.length) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(models.length > 0, 'XBrain Offline model not registered');
  const tools = TOOL_DEFINITIONS.map((d) => ({ name: `xbrain_${d.name}`, description: d.description, inputSchema: d.parameters }));
  const reply = await models[0].sendRequest([vscode.LanguageModelChatMessage.User(`load ${EDF}`)], { tools });
  const calls: vscode.LanguageModelToolCallPart[] = [];
  for await (const part of reply.stream) if (part instanceof vscode.LanguageModelToolCallPart) calls.push(part);
  assert.equal(calls.length, 1);
  assert.equal(calls[0].name, 'xbrain_load_data');
  assert.deepEqual(calls[0].input, { paths: [EDF] });
});

test('clear_dataset needs confirmation: unconfirmed nothing changes, confirmed it empties the study', async () => {
  const before = api.host.session.study.state;
  const r = await api.host.invoke('clear_dataset', {});
  assert.equal(r.type, 'confirm');
  assert.equal(api.host.session.study.state, before);
  expectOk(await vscode.commands.executeCommand<ToolResult>('xbrain.confirmTool', 'clear_dataset', {}), 'clear_dataset');
  assert.equal(api.host.stage, 'empty');
});

test('XBrain: Show Trainer Backends lists local, pytorch and slurm; the xbrain.python setting picks the interpreter', async () => {
  const config = vscode.workspace.getConfiguration('xbrain');
  await config.update('python', '/usr/bin/python3', vscode.ConfigurationTarget.Global);
  try {
    // the configuration listener puts the setting into the session's env, where the tools and the probe read it
    await waitFor(async () => (api.host.session.env.python === '/usr/bin/python3' ? true : undefined), 'xbrain.python in the session env');
    const list = await vscode.commands.executeCommand<Array<{ name: string; available: boolean; detail: string }>>('xbrain.showBackends');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.deepEqual(list.map((b) => b.name).sort(), ['local', 'pytorch', 'slurm']);
    assert.equal(list.find((b) => b.name === 'local')?.available, true);
    const pytorch = list.find((b) => b.name === 'pytorch')!;
    // CI installs Debian's python3-torch for /usr/bin/python3: the setting's interpreter is the one found
    assert.equal(pytorch.available, true, pytorch.detail);
    assert.match(pytorch.detail, /^\/usr\/bin\/python3 with torch /);
  } finally {
    await config.update('python', undefined, vscode.ConfigurationTarget.Global);
  }
});

export function run(): Promise<void> {
  return runAll();
}
