import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

vi.mock('vscode', () => import('./vscodeStub'));

import { XBrainNotebookSerializer } from '../../../src/extension/notebook/serializer';
import { chatToNotebook, type ChatTurnCalls } from '../../../src/core/notebook/exportChat';
import { serializeNotebook, parseNotebook } from '../../../src/core/notebook/format';
import { parseCell } from '../../../src/core/notebook/cellParser';
import { starterNotebook } from '../../../src/core/notebook/starter';
import { diagnoseNotebook } from '../../../src/core/notebook/diagnostics';
import { repoRoot } from '../helpers/paths';
import * as stub from './vscodeStub';

const ser = new XBrainNotebookSerializer();
const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe('VS Code notebook serializer', () => {
  it('round-trips the fixture notebook byte for byte (outputs, execution, unknown fields)', () => {
    const file = readFileSync(join(repoRoot, 'test/notebook/fixtures/motor-imagery.xbrain'), 'utf8');
    const data = ser.deserializeNotebook(bytes(file));
    expect(data.cells.map((c) => [c.kind, c.languageId])).toEqual([
      [stub.NotebookCellKind.Markup, 'markdown'],
      [stub.NotebookCellKind.Code, 'xbrain'],
      [stub.NotebookCellKind.Code, 'xbrain'],
    ]);
    expect(data.cells[1].executionSummary).toEqual({ executionOrder: 1, success: true, timing: { startTime: 0, endTime: 840 } });
    expect(text(ser.serializeNotebook(data))).toBe(file);
  });

  it('keeps JSON outputs as JSON, text as text and other bytes as base64', () => {
    const data = new stub.NotebookData([new stub.NotebookCellData(stub.NotebookCellKind.Code, 'get_study_state()', 'xbrain')]);
    data.cells[0].outputs = [
      new stub.NotebookCellOutput([stub.NotebookCellOutputItem.json({ live: false, runs: [] }, 'application/vnd.xbrain.training+json')], {
        tool: 'plot_training',
      }),
      new stub.NotebookCellOutput([new stub.NotebookCellOutputItem(bytes('stage: empty'), 'text/plain')]),
      new stub.NotebookCellOutput([new stub.NotebookCellOutputItem(Uint8Array.from([0x89, 0x50, 0xff, 0x00]), 'image/png')]),
    ];
    const nb = parseNotebook(text(ser.serializeNotebook(data as never)));
    expect(nb.cells[0].outputs).toEqual([
      { items: [{ mime: 'application/vnd.xbrain.training+json', data: { live: false, runs: [] } }], metadata: { tool: 'plot_training' } },
      { items: [{ mime: 'text/plain', data: 'stage: empty' }] },
      { items: [{ mime: 'image/png', base64: Buffer.from([0x89, 0x50, 0xff, 0x00]).toString('base64') }] },
    ]);
    const back = ser.deserializeNotebook(ser.serializeNotebook(data as never));
    expect(Array.from(back.cells[0].outputs![2].items[0].data)).toEqual([0x89, 0x50, 0xff, 0x00]);
  });

  it('shows a text output wrapped (HTML view with the long tail expandable) and saves only the text', () => {
    const long =
      'S001R04.edf: EDF+, 64 ch, 160 Hz, 125.0 s, subject 001, session 04; events (annotations): T0=15 T1=8 T2=7 <b>\n' +
      Array.from({ length: 9 }, (_, i) => `line ${i + 2}`).join('\n');
    const file = serializeNotebook({
      version: 1,
      metadata: {},
      cells: [{ kind: 'code', source: 'load_data(paths=["S001R04.edf"])', metadata: {}, outputs: [{ items: [{ mime: 'text/plain', data: long }] }] }],
    });
    const data = ser.deserializeNotebook(bytes(file));
    const items = data.cells[0].outputs![0].items;
    expect(items.map((i) => i.mime)).toEqual(['text/plain', 'text/html']);
    const html = text(items[1].data);
    expect(html).toContain('white-space:pre-wrap');
    expect(html).toContain('events (annotations): T0=15 T1=8 T2=7 &lt;b&gt;');
    expect(html).toMatch(/<details><summary[^>]*>4 more lines<\/summary>/);
    expect(html.indexOf('line 6')).toBeLessThan(html.indexOf('<details>'));
    expect(html.indexOf('line 7')).toBeGreaterThan(html.indexOf('<details>'));
    expect(text(ser.serializeNotebook(data))).toBe(file);
  });

  it('throws the core bad_file error for a malformed file instead of opening it empty', () => {
    expect(() => ser.deserializeNotebook(bytes('{"version": 1, "cells": [{"kind": "code"}]}'))).toThrow('cells[0].source must be a string');
    expect(ser.deserializeNotebook(bytes('')).cells).toEqual([]);
  });
});

describe('chat export and starter notebook', () => {
  it('turns each request into markdown and its executed tool calls into one code cell that parses back to the same calls', () => {
    const turns: ChatTurnCalls[] = [
      {
        request: 'load S001R04 and filter 8-30 Hz',
        toolCalls: [
          { tool: 'load_data', arguments: { paths: ['S001R04.edf'] } },
          { tool: 'apply_bandpass_filter', arguments: { low_freq: 8, high_freq: 30 } },
        ],
      },
      { request: 'what is loaded?', toolCalls: [] },
      { request: 'epoch\nwithout baseline', toolCalls: [{ tool: 'epoch_data', arguments: { t_min: 0, t_max: 4, event_id: ['T1', 'T2'], baseline: null } }] },
    ];
    const nb = chatToNotebook(turns);
    expect(nb.cells.map((c) => c.kind)).toEqual(['markdown', 'code', 'markdown', 'markdown', 'code']);
    expect(nb.cells[3].source).toBe('> epoch\n> without baseline');
    const calls = nb.cells.filter((c) => c.kind === 'code').flatMap((c) => parseCell(c.source).calls.map((x) => ({ tool: x.tool, arguments: x.args })));
    expect(calls).toEqual(turns.flatMap((t) => t.toolCalls));
    expect(diagnoseNotebook(nb.cells).flat()).toEqual([]);
    expect(parseNotebook(serializeNotebook(nb))).toEqual(nb);
  });

  it('offers a starter notebook that is free of diagnostics', () => {
    const nb = starterNotebook();
    expect(diagnoseNotebook(nb.cells).flat()).toEqual([]);
    expect(nb.cells.some((c) => c.source.includes('seed=0'))).toBe(true);
  });
});
