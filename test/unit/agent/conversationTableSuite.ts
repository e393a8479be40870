import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEval, type EvalCase } from '../../../src/core/agent/evaluation';
import { readJsonl } from '../helpers/jsonl';
import { repoRoot } from '../helpers/paths';

/** One tuning session's conversation table: a fixture of conversations and what the table must cover. */
export interface ConversationTable {
  title: string;
  /** The fixture under the repository (`test/unit/agent/fixtures/conversation-table-h14.jsonl`). */
  fixture: string;
  /** Every class (the cases' `category`) must have at least one conversation. */
  classes: readonly string[];
  /** At least this many conversations have Chinese in a turn. */
  minChinese: number;
  /** At least this many conversations have 4 turns or more. */
  minLong?: number;
  /** Conversations run with the fixture's (written in the test file). */
  extra?: readonly EvalCase[];
  /** Ids of the conversations left open, named in docs/agent.md. */
  open?: readonly string[];
}

/**
 * Runs a conversation table as `npm run eval:agent` runs a case: each conversation on the simulated Study with the real
 * tools, the last turn scored (exact tools in order, expected arguments as a subset). Every conversation passes except
 * the open ones, and an open one that starts to pass fails the test too, so the list stays true.
 */
export function describeConversationTable(t: ConversationTable): void {
  const table = readJsonl<EvalCase>(t.fixture);
  describe(t.title, () => {
    it('has 60+ conversations in both languages covering every class', () => {
      expect(table.length).toBeGreaterThanOrEqual(60);
      expect(table.filter((c) => /[\u4e00-\u9fff]/.test(c.turns.join(''))).length).toBeGreaterThanOrEqual(t.minChinese);
      if (t.minLong) expect(table.filter((c) => c.turns.length >= 4).length).toBeGreaterThanOrEqual(t.minLong);
      for (const cls of t.classes)
        expect(
          table.some((c) => c.category === cls),
          cls,
        ).toBe(true);
    });

    it('every conversation makes the expected calls on its last turn (real tools, simulated Study)', { timeout: 1_200_000 }, async () => {
      const env = { workspace: mkdtempSync(join(tmpdir(), 'xbrain-convtable-')), packageRoot: repoRoot, trusted: true };
      const s = await runEval([...table, ...(t.extra ?? [])], env);
      const open = new Set(t.open ?? []);
      // an unexpected failure shows what differed; an open row shows its id only
      const got = s.failures.map((f) => (open.has(f.id) ? f.id : `${f.id}: ${f.what}`)).sort();
      expect(got).toEqual([...open].sort());
    });
  });
}
