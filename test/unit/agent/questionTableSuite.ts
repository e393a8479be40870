import { describe, it, expect } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { splitTurn } from '../../../src/core/agent/questionSplit';
import { AgentController } from '../../../src/core/agent/controller';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { toolsThatRan } from '../../../src/core/agent/kbEvaluation';
import { mockSession } from '../../../src/core/agent/simulatedStudy';
import type { Stage } from '../../../src/core/study/types';
import { repoRoot } from '../helpers/paths';

/** Runs a turn at a stage with no confirmation given (as `xbrain ask --json` and eval:kb do): what ran, and whether the Study changed. */
export async function runUnconfirmed(q: string, stage: Stage) {
  const session = await mockSession({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-qtable-')), packageRoot: repoRoot, trusted: true }, stage);
  const before = session.study.state;
  const r = await new AgentController({ llm: new OfflinePlanner(), session, confirm: async () => false }).run(q);
  return { ran: toolsThatRan(r.calls), same: session.study.state === before, answer: r.answer };
}

/**
 * A table of questions that name a tool's object: each, asked at trained and at data_loaded, runs no tool, leaves the
 * Study as it was and is answered. Each mixed turn (a question and a request) is split into both parts where
 * `mixedHasRequest` says so, and runs nothing either: the request is only proposed.
 */
export function describeQuestionTable(title: string, questions: readonly string[], mixed: readonly string[], mixedHasRequest = true): void {
  describe(title, () => {
    it.each(questions)('%s', async (q) => {
      for (const stage of ['trained', 'data_loaded'] as Stage[]) {
        const { ran, same, answer } = await runUnconfirmed(q, stage);
        expect(ran, stage).toEqual([]);
        expect(same, stage).toBe(true);
        expect(answer.length).toBeGreaterThan(0);
      }
    });

    it.each(mixed)('mixed, answered and only proposed: %s', async (q) => {
      const parts = splitTurn(q);
      expect(parts.questions.length, q).toBeGreaterThan(0);
      if (mixedHasRequest) expect(parts.requests.length, q).toBeGreaterThan(0);
      const { ran, same } = await runUnconfirmed(q, 'trained');
      expect(ran).toEqual([]);
      expect(same).toBe(true);
    });
  });
}
