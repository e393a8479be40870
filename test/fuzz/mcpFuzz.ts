import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rng } from '../../src/core/io/simulate';
import { loadStudy } from '../../src/core/study/persistence';
import { changedFiles, fileSizes } from './outsideWrites';
import { INTERNAL_TEXT, RawMcp, type Reply } from './rawMcp';

/**
 * Hostile-client fuzzing of `xbrain mcp` (issue 18): seeded malformed and hostile messages — broken JSON, bad
 * envelopes, batches, deep nesting, over-size lines, unknown and huge tool names, arguments of every wrong type,
 * paths that escape through links, `..` and absolute names, stale and forged confirmation tokens — mixed with real
 * pipeline calls. Every message is followed by a ping probe. Counted: crashes (the server exited), hangs (the probe
 * answered later than 2 s: the server stalled), requests not answered within 30 s, internal text in any answer, files created outside the workspace,
 * a study.json that does not load, and peak RSS above the idle server.
 */
export interface McpFuzzReport {
  seed: number;
  messages: number;
  crashes: number;
  hangs: number;
  unanswered: number;
  internalTexts: number;
  writesOutside: number;
  studyIntact: boolean;
  rssIdleMB: number;
  rssPeakMB: number;
  /** the longest any probe waited (server responsiveness) */
  slowestProbeMs: number;
  /** the longest exchange including the tool's own work */
  slowestMs: number;
  examples: string[];
}

const HANG_MS = 2000;
/** start_training / run_sweep would train for minutes: the fuzzer never confirms them (they are still called). */
const TOOLS = [
  'list_files',
  'load_data',
  'attach_labels',
  'clear_dataset',
  'get_dataset_info',
  'get_study_state',
  'reset_preprocessing',
  'edit_events',
  'generate_dataset',
  'apply_standard_preprocess',
  'apply_bandpass_filter',
  'apply_notch_filter',
  'resample_data',
  'normalize_data',
  'set_reference',
  'select_channels',
  'set_montage',
  'epoch_data',
  'window_epoch',
  'export_epochs',
  'plot_epochs',
  'set_model',
  'configure_training',
  'start_training',
  'stop_training',
  'evaluate',
  'plot_training',
  'compute_saliency',
  'export_model',
  'switch_panel',
  'run_sweep',
  'confirm_action',
];
const NO_CONFIRM = new Set(['start_training', 'run_sweep']);

export async function runMcpFuzz(opts: { cli: string; dataFile: string; count: number; seed: number; log?: (line: string) => void }): Promise<McpFuzzReport> {
  const r = rng(opts.seed);
  const int = (n: number): number => Math.floor(r() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  const root = mkdtempSync(join(tmpdir(), 'xbrain-mcpfuzz-'));
  const ws = join(root, 'ws');
  const outside = join(root, 'outside');
  mkdirSync(ws);
  mkdirSync(outside);
  copyFileSync(opts.dataFile, join(ws, 'rec.edf'));
  copyFileSync(opts.dataFile, join(outside, 'secret.edf'));
  writeFileSync(join(outside, 'labels.txt'), '1\n2\n');
  symlinkSync(outside, join(ws, 'escape'));
  symlinkSync(join(outside, 'not-yet'), join(ws, 'dangling'));
  const before = fileSizes(root, ws);
  const report: McpFuzzReport = {
    seed: opts.seed,
    messages: 0,
    crashes: 0,
    hangs: 0,
    unanswered: 0,
    internalTexts: 0,
    writesOutside: 0,
    studyIntact: true,
    rssIdleMB: 0,
    rssPeakMB: 0,
    slowestProbeMs: 0,
    slowestMs: 0,
    examples: [],
  };
  const note = (kind: string, what: string): void => {
    if (report.examples.length < 20) report.examples.push(`${kind}: ${what.slice(0, 300)}`);
  };
  const env = { ...process.env, XBRAIN_DATA_FOLDERS: '', XBRAIN_MEMORY_BUDGET_MB: '512' };
  let server = new RawMcp(opts.cli, ws, [], env);
  await server.initialize();
  await new Promise((res) => setTimeout(res, 200));
  const idle = server.rss();
  report.rssIdleMB = Math.round(idle / 2 ** 20);
  let peak = idle;
  const tokens: string[] = ['00000000-0000-0000-0000-000000000000'];

  const paths = [
    'rec.edf',
    './rec.edf',
    'escape/secret.edf',
    '../outside/secret.edf',
    join(outside, 'secret.edf'),
    '/etc/passwd',
    '/etc',
    '..',
    '../',
    'escape',
    'dangling',
    'dangling/x',
    '..hidden.edf',
    'a\u0000b',
    '',
    '.',
    'x'.repeat(5000),
    '/proc/self/mem',
    'rec.edf/../../outside',
    '\\..\\..\\windows',
    'C:\\Windows',
  ];
  const numbers = [0, -1, 1, 0.5, 2.5, 8, 30, 50, 128, 160, 1e308, -1e308, 5e-324, 1e-9, 0.9999999, 1e6, 2 ** 53, 3.7];
  const strings = [
    '',
    'average',
    'Fz',
    'EEGNet',
    'z-score',
    'T1',
    '768',
    '%s%s%s',
    '<script>',
    '${process.exit()}',
    '__proto__',
    'constructor',
    '*'.repeat(200),
    'é'.repeat(100),
  ];
  const anyValue = (depth = 0): unknown => {
    switch (int(depth > 2 ? 4 : 7)) {
      case 0:
        return pick(numbers);
      case 1:
        return pick(strings);
      case 2:
        return pick(paths);
      case 3:
        return pick([null, true, false]);
      case 4:
        return Array.from({ length: int(4) }, () => anyValue(depth + 1));
      case 5:
        return Object.fromEntries(Array.from({ length: int(3) }, () => [pick(['paths', 'freq', 'low_freq', 'x', '__proto__', 'path']), anyValue(depth + 1)]));
      default:
        return pick(paths);
    }
  };
  const realCall = (): [string, Record<string, unknown>] =>
    pick<[string, Record<string, unknown>]>([
      ['load_data', { paths: ['rec.edf'] }],
      ['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }],
      ['apply_notch_filter', { freq: pick([50, 60, 1.5, 5e-324, -3, 1e308]) }],
      ['set_reference', { method: 'average' }],
      ['resample_data', { rate: pick([128, 100, 20000, 16]) }],
      ['epoch_data', { t_min: pick([0, 0.5, -0.2]), t_max: pick([1, 2.5, 4, 1e6]) }],
      ['window_epoch', { duration: pick([1, 2, 1e-9]), overlap: pick([0, 0.5, 0.9999999]) }],
      ['generate_dataset', {}],
      ['export_epochs', { path: pick(['out', 'escape/out', 'dangling', '../out', join(outside, 'x')]) }],
      ['list_files', { directory: pick(paths.slice(0, 12)), pattern: pick(['*.edf', '*'.repeat(300), `${'*a'.repeat(100)}b`, '?']) }],
      ['clear_dataset', {}],
      ['reset_preprocessing', {}],
      ['attach_labels', { mapping: { 'rec.edf': pick(['escape/labels.txt', join(outside, 'labels.txt'), 'labels.txt']) } }],
      ['get_study_state', {}],
      ['window_epoch', { duration: 1, overlap: 0.9 }],
      ['export_model', { path: pick(['model', 'escape/m']) }],
      ['start_training', {}],
      ['stop_training', {}],
    ]);
  let id = 0;
  const message = (): { raw: string | Buffer; id?: number; kind: string } => {
    const k = int(100);
    const nid = ++id;
    if (k < 8)
      return {
        raw: pick(['{', '}', 'null', 'not json', '{"jsonrpc":"2.0","id":1,', '\u0000\u0001', '[[[[', '{"a":1}{"b":2}', '"str"', '1e999']),
        kind: 'garbage',
      };
    if (k < 10) return { raw: Buffer.from(Array.from({ length: 1 + int(200) }, () => int(255) + 1).filter((b) => b !== 10)), kind: 'bytes' };
    if (k < 18) {
      const env2 = pick<Record<string, unknown>>([
        { jsonrpc: '1.0', id: nid, method: 'ping' },
        { id: nid, method: 'ping' },
        { jsonrpc: '2.0', id: null, method: 'ping' },
        { jsonrpc: '2.0', id: { x: 1 }, method: 'ping' },
        { jsonrpc: '2.0', id: 1.5, method: 'ping' },
        { jsonrpc: '2.0', id: nid, method: 42 },
        { jsonrpc: '2.0', id: nid },
        { jsonrpc: '2.0', id: nid, result: 1, error: {} },
        { jsonrpc: '2.0', id: nid, method: 'tools/list', params: 'x' },
        { jsonrpc: '2.0', id: nid, method: 'tools/call', params: [1, 2] },
        { jsonrpc: '2.0', method: 'tools/call', params: { name: 1 } },
        { jsonrpc: '2.0', id: nid, method: 'initialize', params: { protocolVersion: 1 } },
        { jsonrpc: '2.0', id: nid, method: 'resources/list' },
        { jsonrpc: '2.0', id: nid, method: 'nope/nope', params: {} },
        { jsonrpc: '2.0', id: nid, method: 'tools/call', params: { name: 'load_data', arguments: { paths: ['rec.edf'] }, _meta: { progressToken: {} } } },
      ]);
      // an answer is owed under this id when the id is valid and the message is a request (an invalid id is answered as null)
      return { raw: JSON.stringify(env2), id: env2.method !== undefined && env2.id === nid ? nid : undefined, kind: 'envelope' };
    }
    if (k < 20) return { raw: JSON.stringify([{ jsonrpc: '2.0', id: nid, method: 'ping' }]), kind: 'batch' };
    if (k < 23) {
      const d = 33 + int(20_000);
      return {
        raw: `{"jsonrpc":"2.0","id":${nid},"method":"tools/call","params":{"name":"load_data","arguments":{"paths":${'['.repeat(d)}${']'.repeat(d)}}}}`,
        kind: `nesting ${d}`,
      };
    }
    if (k < 24)
      return { raw: `{"jsonrpc":"2.0","id":${nid},"method":"tools/call","params":{"name":"${'x'.repeat((1 << 20) + int(1 << 20))}"}}`, kind: 'oversize' };
    if (k < 28)
      return {
        raw: JSON.stringify({
          jsonrpc: '2.0',
          id: nid,
          method: 'tools/call',
          params: { name: pick(['', 'x'.repeat(129 + int(5000)), 'drop_tables', 'LOAD_DATA', 'load-data', '__proto__', 'toString']), arguments: {} },
        }),
        id: nid,
        kind: 'tool name',
      };
    if (k < 32) {
      const token = r() < 0.5 ? pick(tokens) : pick(['', 'x', '../../etc', '0'.repeat(5000)]);
      return {
        raw: JSON.stringify({ jsonrpc: '2.0', id: nid, method: 'tools/call', params: { name: 'confirm_action', arguments: { token } } }),
        id: nid,
        kind: 'confirm',
      };
    }
    if (k < 55) {
      const tool = pick(TOOLS);
      const args = Object.fromEntries(
        Array.from({ length: int(4) }, () => [
          pick([
            'paths',
            'directory',
            'path',
            'freq',
            'low_freq',
            'high_freq',
            't_min',
            't_max',
            'duration',
            'overlap',
            'rate',
            'method',
            'mapping',
            'channels',
            'pattern',
            'baseline',
            'rename',
            'token',
            'x',
          ]),
          anyValue(),
        ]),
      );
      return {
        raw: JSON.stringify({ jsonrpc: '2.0', id: nid, method: 'tools/call', params: { name: tool, arguments: r() < 0.9 ? args : pick([[], 'x', 1, null]) } }),
        id: nid,
        kind: `args ${tool}`,
      };
    }
    if (k < 58)
      return {
        raw: JSON.stringify({
          jsonrpc: '2.0',
          method: pick(['notifications/cancelled', 'notifications/initialized', 'notifications/x']),
          params: pick([{}, { requestId: 'x' }, 1]),
        }),
        kind: 'notification',
      };
    const [tool, args] = realCall();
    return { raw: JSON.stringify({ jsonrpc: '2.0', id: nid, method: 'tools/call', params: { name: tool, arguments: args } }), id: nid, kind: `call ${tool}` };
  };

  for (let i = 0; i < opts.count; i++) {
    const m = message();
    report.messages++;
    const res = await server.exchange(m.raw, m.id, 30_000);
    report.slowestMs = Math.max(report.slowestMs, res.ms);
    report.slowestProbeMs = Math.max(report.slowestProbeMs, res.probeMs);
    if (server.exited !== null) {
      report.crashes++;
      note('crash', `${m.kind}: exit ${server.exited}; ${server.stderr.slice(-300)}`);
      server = new RawMcp(opts.cli, ws, [], env);
      await server.initialize();
      continue;
    }
    // a hang: the server did not answer its probe within 2 s (a tool may work longer; the server must not stall)
    if (!res.alive || res.probeMs > HANG_MS) {
      report.hangs++;
      note('hang', `${m.kind}: probe answered after ${res.probeMs} ms`);
    }
    if (!res.answered) {
      report.unanswered++;
      note('unanswered', m.kind);
    }
    const text = JSON.stringify(res.replies);
    if (INTERNAL_TEXT.test(text)) {
      report.internalTexts++;
      note('internal text', `${m.kind}: ${text.match(INTERNAL_TEXT)?.[0]} in ${text.slice(0, 200)}`);
    }
    for (const rep of res.replies as Reply[]) {
      const token = rep.result?.structuredContent?.meta?.token;
      if (typeof token === 'string') tokens.push(token);
      // confirm what asked, unless it trains (minutes)
      if (typeof token === 'string' && r() < 0.5 && !NO_CONFIRM.has(String(rep.result?.structuredContent?.tool))) {
        const c = await server.exchange(
          JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name: 'confirm_action', arguments: { token } } }),
          id,
          30_000,
        );
        report.messages++;
        if (INTERNAL_TEXT.test(JSON.stringify(c.replies))) report.internalTexts++;
      }
    }
    if (i % 25 === 0) peak = Math.max(peak, server.rss());
    if (opts.log && i % 500 === 0)
      opts.log(`mcp fuzz: ${i}/${opts.count} messages, ${report.crashes} crashes, ${report.hangs} hangs, ${report.internalTexts} internal texts`);
  }
  peak = Math.max(peak, server.rss());
  await server.close();
  report.rssPeakMB = Math.round(peak / 2 ** 20);
  const after = fileSizes(root, ws);
  for (const f of changedFiles(before, after)) {
    report.writesOutside++;
    note('write outside', f);
  }
  if (existsSync(join(outside, 'not-yet'))) report.writesOutside++;
  try {
    if (existsSync(join(ws, '.xbrain', 'study.json'))) await loadStudy(ws);
  } catch (e) {
    report.studyIntact = false;
    note('study', (e as Error).message);
  }
  rmSync(root, { recursive: true, force: true });
  return report;
}
