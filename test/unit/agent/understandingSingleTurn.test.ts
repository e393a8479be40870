import { describe, it, expect } from 'vitest';
import { planSingleTurn } from './plannerContext';
import { SINGLE_TURN_TABLE } from './singleTurnTable';

/*
 * Session h11-single's own table of single-turn requests (singleTurnTable.ts), planned as the offline planner plans a
 * turn: the question split first (questions never act), the requests interpreted, and a destructive call the request
 * does not ask for on its own left out. Each row must make exactly its calls, in order, with at least the arguments given.
 */
const plan = planSingleTurn;

describe('single-turn requests nobody tuned on (session h11-single table)', () => {
  it.each(SINGLE_TURN_TABLE.map((r) => [r[0], r[1], r[2], r[3]] as const))('[%s] at %s: %j', (_cls, stage, text, calls) => {
    const got = plan(stage, text);
    expect(got.map((c) => c.tool)).toEqual(calls.map((c) => c[0]));
    calls.forEach(([, args], i) => {
      if (args) expect(got[i].arguments).toMatchObject(args);
    });
  });

  it('no row of the table reaches a destructive tool', () => {
    const destructive = new Set(['clear_dataset', 'reset_preprocessing', 'stop_training']);
    for (const [, stage, text, calls] of SINGLE_TURN_TABLE) {
      const asked = calls.some((c) => destructive.has(c[0]));
      if (!asked)
        expect(
          plan(stage, text).filter((c) => destructive.has(c.tool)),
          text,
        ).toEqual([]);
    }
  });
});
