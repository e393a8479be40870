import { describe, it, expect } from 'vitest';
import { planSingleTurn } from './plannerContext';
import type { Row } from './singleTurnTable';

const DESTRUCTIVE = new Set(['clear_dataset', 'reset_preprocessing', 'stop_training']);

/**
 * A single-turn table planned as the offline planner plans a turn (`planSingleTurn`: the question split first, the
 * requests interpreted, a destructive call the request does not ask for on its own left out). Each row must make exactly
 * its calls, in order, with at least the arguments given, and no row reaches a destructive tool it does not list. With
 * `withSettings` the planner also sees the Study's settings in force at the stage (`settingsAt`), as the prompt gives them.
 */
/** Whether a row is planned as it asks: exactly its calls, in order, each with at least the arguments given. */
export function plansAsAsked(row: Row, withSettings = false): boolean {
  const [, stage, text, calls] = row;
  const got = planSingleTurn(stage, text, withSettings);
  if (got.length !== calls.length) return false;
  return calls.every(([tool, args], i) => {
    if (got[i].tool !== tool) return false;
    try {
      if (args) expect(got[i].arguments).toMatchObject(args);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Rows a session left open: each must still be planned wrong, so a fix shows up as a red row here, to be moved into the
 * session's table (where it is then held to its calls).
 */
export function describeLeftOpen(title: string, rows: readonly Row[], withSettings = false): void {
  describe(title, () => {
    it.each(rows.map((r) => [r[0], r[1], r[2], r] as const))('[%s] at %s is still planned wrong: %j', (_cls, _stage, _text, row) => {
      expect(plansAsAsked(row, withSettings)).toBe(false);
    });
  });
}

export function describeSingleTurnTable(title: string, table: readonly Row[], minRows = 0, withSettings = false): void {
  describe(title, () => {
    if (minRows > 0) it(`has more than ${minRows} rows`, () => expect(table.length).toBeGreaterThan(minRows));

    it.each(table.map((r) => [r[0], r[1], r[2], r[3]] as const))('[%s] at %s: %j', (_cls, stage, text, calls) => {
      const got = planSingleTurn(stage, text, withSettings);
      expect(got.map((c) => c.tool)).toEqual(calls.map((c) => c[0]));
      calls.forEach(([, args], i) => {
        if (args) expect(got[i].arguments).toMatchObject(args);
      });
    });

    it('no row of the table reaches a destructive tool', () => {
      for (const [, stage, text, calls] of table) {
        if (!calls.some((c) => DESTRUCTIVE.has(c[0])))
          expect(
            planSingleTurn(stage, text, withSettings).filter((c) => DESTRUCTIVE.has(c.tool)),
            text,
          ).toEqual([]);
      }
    });
  });
}
