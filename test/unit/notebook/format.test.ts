import { describe, expect, it } from 'vitest';
import { parseNotebook, serializeNotebook, type XBrainNotebook } from '../../../src/core/notebook/format';
import { XBRAIN_MIME } from '../../../src/core/mime';
import { XBrainError } from '../../../src/core/errors';

const sample: XBrainNotebook = {
  version: 1,
  metadata: { title: 'MI', xbrain: { seed: 0, pipeline: '0.1.0' } },
  cells: [
    { kind: 'markdown', source: '# Motor imagery\n\nwith *markdown*', outputs: [], metadata: {} },
    {
      kind: 'code',
      source: 'load_data(paths=["S001R04.edf"])\n# comment\nepoch_data(t_min=0, t_max=4, baseline=null)',
      outputs: [
        { items: [{ mime: 'text/plain', data: 'loaded 1 file\nunicode µV ✓' }], metadata: { tool: 'load_data', type: 'text' } },
        {
          items: [
            {
              mime: XBRAIN_MIME.metrics,
              data: {
                split: 'test',
                classes: ['T1', 'T2'],
                confusion: [
                  [3, 1],
                  [0, 4],
                ],
                metrics: { accuracy: 0.875 },
              },
            },
          ],
        },
        { items: [{ mime: 'image/png', base64: 'iVBORw0KGgo=' }] },
      ],
      metadata: { executionOrder: 3, durationMs: 12.5 },
    },
  ],
};

describe('.xbrain format', () => {
  it('round-trips without losing anything and is byte-stable', () => {
    const text = serializeNotebook(sample);
    const back = parseNotebook(text, 'a.xbrain');
    expect(back).toEqual(sample);
    expect(serializeNotebook(back)).toBe(text);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('writes a fixed key order and sorted metadata whatever order it was given in', () => {
    const shuffled = JSON.stringify({
      cells: [{ metadata: { b: 1, a: 2 }, outputs: [], source: 'x()', kind: 'code' }],
      metadata: { z: 1, a: { y: 1, b: 2 } },
      version: 1,
    });
    const text = serializeNotebook(parseNotebook(shuffled));
    expect(text.indexOf('"version"')).toBeLessThan(text.indexOf('"metadata"'));
    expect(text.indexOf('"metadata"')).toBeLessThan(text.indexOf('"cells"'));
    expect(text.indexOf('"kind"')).toBeLessThan(text.indexOf('"source"'));
    expect(text.indexOf('"a": {')).toBeLessThan(text.indexOf('"z"'));
    expect(text.indexOf('"b": 2')).toBeLessThan(text.indexOf('"y": 1'));
  });

  it('keeps arrays of numbers on one line so a trace is one diff line', () => {
    const nb: XBrainNotebook = {
      version: 1,
      metadata: {},
      cells: [
        {
          kind: 'code',
          source: '',
          metadata: {},
          outputs: [
            {
              items: [
                {
                  mime: XBRAIN_MIME.epochs,
                  data: {
                    times: [0, 0.01, 0.02],
                    erp: [
                      {
                        label: 'T1',
                        mean: [
                          [1, 2, 3],
                          [4, 5, 6],
                        ],
                      },
                    ],
                  },
                },
              ],
            },
          ],
        },
      ],
    };
    const text = serializeNotebook(nb);
    expect(text).toContain('"times": [0, 0.01, 0.02]');
    expect(text).toContain('[1, 2, 3],');
  });

  it('keeps fields it does not know (a newer writer) on the notebook and its cells', () => {
    const text = JSON.stringify({
      version: 1,
      metadata: {},
      cells: [{ kind: 'code', source: 'a()', outputs: [], metadata: {}, id: 'c1', tags: ['x'] }],
      nbformat_extra: { k: 1 },
    });
    const nb = parseNotebook(text);
    const again = JSON.parse(serializeNotebook(nb));
    expect(again.cells[0].id).toBe('c1');
    expect(again.cells[0].tags).toEqual(['x']);
    expect(again.nbformat_extra).toEqual({ k: 1 });
  });

  it('reads an empty file as an empty notebook and fills missing outputs/metadata', () => {
    expect(parseNotebook('')).toEqual({ version: 1, metadata: {}, cells: [] });
    expect(parseNotebook('{"version":1,"cells":[{"kind":"code","source":"a()"}]}').cells[0]).toEqual({
      kind: 'code',
      source: 'a()',
      outputs: [],
      metadata: {},
    });
  });

  it.each([
    ['{"version": 1, "cells": [', 'a.xbrain: not valid JSON'],
    ['[1, 2]', 'a.xbrain: a notebook is a JSON object'],
    ['{"cells": []}', 'missing "version"'],
    ['{"version": 2, "cells": []}', 'unsupported notebook version 2'],
    ['{"version": 1}', '"cells" must be an array'],
    ['{"version": 1, "metadata": [], "cells": []}', '"metadata" must be an object'],
    ['{"version": 1, "cells": [{"kind": "raw", "source": ""}]}', 'cells[0].kind must be "markdown" or "code", not "raw"'],
    ['{"version": 1, "cells": [{"kind": "code", "source": ["a()"]}]}', 'cells[0].source must be a string'],
    ['{"version": 1, "cells": [{"kind": "code", "source": "", "outputs": {}}]}', 'cells[0].outputs must be an array'],
    ['{"version": 1, "cells": [{"kind": "code", "source": "", "outputs": [{"items": [{"data": 1}]}]}]}', 'cells[0].outputs[0].items[0] needs a "mime" string'],
    [
      '{"version": 1, "cells": [{"kind": "code", "source": "", "outputs": [{"items": [{"mime": "text/plain", "data": 3}]}]}]}',
      'data must be a string for text/plain',
    ],
  ])('rejects %j with a clear bad_file error', (text, message) => {
    let err: unknown;
    try {
      parseNotebook(text, 'a.xbrain');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(XBrainError);
    expect((err as XBrainError).code).toBe('bad_file');
    expect((err as XBrainError).message).toContain(message);
    expect((err as XBrainError).message.startsWith('a.xbrain: ')).toBe(true);
  });

  it('says where invalid JSON breaks', () => {
    expect(() => parseNotebook('{\n  "version": 1,\n  "cells": [,]\n}', 'b.xbrain')).toThrow(/line 3, column \d+/);
  });
});
