import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths';
import { XBRAIN_MIMES } from '../../../src/core/mime';

const frag = JSON.parse(readFileSync(join(repoRoot, 'src/extension/contributes/notebook.json'), 'utf8'));
const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));

describe('notebook manifest fragment', () => {
  it('declares the notebook type, the renderer for every XBrain MIME type, the language and both commands, and package.json has them', () => {
    const c = frag.contributes;
    expect(c.notebooks[0]).toMatchObject({ type: 'xbrain-notebook', selector: [{ filenamePattern: '*.xbrain' }] });
    expect(c.notebookRenderer[0].mimeTypes).toEqual([...XBRAIN_MIMES]);
    expect(c.notebookRenderer[0].entrypoint).toBe('./dist/renderer/index.js');
    expect(c.commands.map((x: { command: string }) => x.command)).toEqual(['xbrain.newAnalysisNotebook', 'xbrain.exportChatToNotebook']);
    for (const key of ['notebooks', 'notebookRenderer', 'languages', 'grammars']) expect(pkg.contributes[key], key).toEqual(expect.arrayContaining(c[key]));
  });

  it('points at files that exist, and the grammar patterns compile and find tool names, parameters and comments', () => {
    const files = [
      ...frag.contributes.languages.map((l: { configuration: string }) => l.configuration),
      ...frag.contributes.grammars.map((g: { path: string }) => g.path),
    ];
    for (const f of files) expect(existsSync(join(repoRoot, f)), f).toBe(true);
    const grammar = JSON.parse(readFileSync(join(repoRoot, frag.contributes.grammars[0].path), 'utf8'));
    const patterns: string[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if ((k === 'match' || k === 'begin' || k === 'end') && typeof x === 'string') patterns.push(x);
          else walk(x);
        }
      }
    };
    walk(grammar);
    for (const p of patterns) expect(() => new RegExp(p), p).not.toThrow();
    const line = 'epoch_data(t_min=-0.5, event_id=["T1"], baseline=null)  # cut';
    expect(new RegExp(grammar.repository.call.begin).exec(line)?.[1]).toBe('epoch_data');
    const param = new RegExp(grammar.repository.call.patterns[1].match, 'g');
    expect([...line.matchAll(param)].map((m) => m[1])).toEqual(['t_min', 'event_id', 'baseline']);
    expect(new RegExp(grammar.repository.comment.match).exec(line)?.[0]).toBe('# cut');
  });
});
