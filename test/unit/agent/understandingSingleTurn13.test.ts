import { describe, it, expect } from 'vitest';
import { planSingleTurn } from './plannerContext';
import { SINGLE_TURN_TABLE_13 } from './singleTurnTable13';

/*
 * Session h13-single's own table (singleTurnTable13.ts), planned as the offline planner plans a turn (the question split,
 * interpretation, a destructive call the request does not ask for left out). Each row must make exactly its calls, in
 * order, with at least the arguments given.
 */
const plan = planSingleTurn;

describe('single-turn requests nobody tuned on (session h13-single table)', () => {
  it('has more than 100 rows', () => expect(SINGLE_TURN_TABLE_13.length).toBeGreaterThan(100));

  it.each(SINGLE_TURN_TABLE_13.map((r) => [r[0], r[1], r[2], r[3]] as const))('[%s] at %s: %j', (_cls, stage, text, calls) => {
    const got = plan(stage, text);
    expect(got.map((c) => c.tool)).toEqual(calls.map((c) => c[0]));
    calls.forEach(([, args], i) => {
      if (args) expect(got[i].arguments).toMatchObject(args);
    });
  });

  it('no row of the table reaches a destructive tool', () => {
    const destructive = new Set(['clear_dataset', 'reset_preprocessing', 'stop_training']);
    for (const [, stage, text, calls] of SINGLE_TURN_TABLE_13) {
      if (!calls.some((c) => destructive.has(c[0])))
        expect(
          plan(stage, text).filter((c) => destructive.has(c.tool)),
          text,
        ).toEqual([]);
    }
  });
});
