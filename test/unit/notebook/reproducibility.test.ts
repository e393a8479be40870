import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { buildCliPackage } from './cliBundle';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { repoRoot, testDataDir } from '../helpers/paths';
import { parseNotebook } from '../../../src/core/notebook/format';
import { parseCell } from '../../../src/core/notebook/cellParser';
import { runNotebook } from '../../../src/core/notebook/runner';
import { XBrainSession } from '../../../src/core/session';
import { ToolRegistry } from '../../../src/core/tools/registry';
import type { ToolResult } from '../../../src/core/tools/result';

const file = join(repoRoot, 'test/notebook/fixtures/reproducible.xbrain');
const nb = parseNotebook(readFileSync(file, 'utf8'), file);

/** A workspace holding a link to the real EDF (run artefacts go to its .xbrain/, never into the shared data). */
function workspace(): string {
  const ws = mkdtempSync(join(tmpdir(), 'xbrain-repro-'));
  symlinkSync(join(testDataDir, 'S001R04.edf'), join(ws, 'S001R04.edf'));
  return ws;
}

/** What must be identical between two runs: the evaluation figures and every epoch's training metrics (ids and times excluded). */
function fingerprint(results: ToolResult[]): unknown {
  const ev = results.find((r) => r.tool === 'evaluate');
  if (!ev || ev.type === 'error') throw new Error(`evaluate did not run: ${ev?.content}`);
  const m = ev.meta as Record<string, unknown> & { runs?: Record<string, unknown>[] };
  return {
    classes: m.classes,
    accuracy: m.accuracy,
    kappa: m.kappa,
    auc: m.auc,
    macroF1: m.macroF1,
    confusion: m.confusion,
    runs: (m.runs ?? []).map((r) => ({ seed: r.seed, accuracy: r.accuracy, confusion: r.confusion })),
  };
}

describe('reproducibility: the same seeded notebook run twice gives identical metrics', () => {
  let cli = '';
  beforeAll(async () => {
    cli = await buildCliPackage();
  });

  it('needs every tool of the notebook implemented (fails loudly, naming the missing ones)', () => {
    const used = [...new Set(nb.cells.filter((c) => c.kind === 'code').flatMap((c) => parseCell(c.source).calls.map((x) => x.tool)))];
    const reg = new ToolRegistry();
    expect(
      used.filter((t) => !reg.isImplemented(t)),
      'tools the reproducibility notebook needs but this build lacks',
    ).toEqual([]);
  });

  it('in-process runner and headless `xbrain run --yes --json` agree, run for run', async () => {
    const ws = workspace();
    const session = XBrainSession.inMemory({ workspace: ws, packageRoot: repoRoot, trusted: true });
    const a = await runNotebook(nb, session, { confirm: true });
    const failed = a.cells.find((c) => c.outcome !== 'ok');
    expect(
      failed?.results.map((r) => `${r.tool}: ${r.content}`),
      'first run',
    ).toBeUndefined();
    const first = fingerprint(a.cells.flatMap((c) => c.results));
    // the first run trained a real model: accuracy is a number in [0, 1] and the confusion matrix is 2×2
    expect((first as { accuracy: number }).accuracy).toBeGreaterThanOrEqual(0);
    expect((first as { confusion: number[][] }).confusion).toHaveLength(2);

    const r = spawnSync(process.execPath, [cli, 'run', file, '--yes', '--json', '--workspace', workspace()], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const b = JSON.parse(r.stdout) as { ok: boolean; cells: { results: ToolResult[] }[] };
    expect(b.ok).toBe(true);
    expect(fingerprint(b.cells.flatMap((c) => c.results))).toEqual(first);
  });
});
