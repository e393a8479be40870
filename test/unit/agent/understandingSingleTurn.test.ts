import { describe, it, expect } from 'vitest';
import { interpretRequest } from '../../../src/core/agent/interpretRequest';
import { isStudyQuestion, splitTurn } from '../../../src/core/agent/questionSplit';
import { destructiveAsked } from '../../../src/core/agent/understanding/safety';
import type { PlannedCall } from '../../../src/core/study/stateManager';
import type { Stage } from '../../../src/core/study/types';
import { ctxAt } from './plannerContext';
import { SINGLE_TURN_TABLE } from './singleTurnTable';

/*
 * Session h11-single's own table of single-turn requests (singleTurnTable.ts), planned as the offline planner plans a
 * turn: the question split first (questions never act), the requests interpreted, and a destructive call the request
 * does not ask for on its own left out. Each row must make exactly its calls, in order, with at least the arguments given.
 */
function plan(stage: Stage, user: string): PlannedCall[] {
  const parts = splitTurn(user);
  const plannable = [...new Set([...parts.requests, ...parts.questions.filter(isStudyQuestion)])];
  if (!plannable.length) return [];
  const text = parts.questions.length === 0 ? user : plannable.join('; ');
  return interpretRequest(text, ctxAt(stage)).calls.filter((c) => destructiveAsked(c.tool, user));
}

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
