import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildKbIndex, KbRetriever } from '../../../src/core/rag/knowledgeBase';
import { runKbEval, type KbEvalScores } from '../../../src/core/agent/kbEvaluation';
import { useFreshTrainer } from './simulatedTrainer';
import { repoRoot } from '../helpers/paths';
import { H16_KB_ROWS } from './kbAnswerTableH16';

useFreshTrainer();

/**
 * Session h16-kbanswer's table, scored as `npm run eval:kb` scores a file (offline planner, simulated Study at trained,
 * no confirmation). On main 3c972c3: 26 of 36 right; on this branch 31. The floor is what this session reached; the rows left open are
 * checked still wrong, so a change that fixes one updates this list.
 */
const FLOOR = 31;
const LEFT_OPEN = ['h16-03', 'h16-11', 'h16-20', 'h16-30', 'h16-31'];

let scores: KbEvalScores;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'xbrain-kb-h16-'));
  await buildKbIndex(join(repoRoot, 'knowledge_base'), dir);
  const retriever = await KbRetriever.open(dir);
  const env = { workspace: mkdtempSync(join(tmpdir(), 'xbrain-kb-h16-ws-')), packageRoot: repoRoot, trusted: true };
  scores = await runKbEval(H16_KB_ROWS, { env, retriever, stage: 'trained' });
}, 900_000);

describe('h16-kbanswer table: comparatives, figures from the asker’s and the Study’s numbers, refusals with their facts', () => {
  it('has 30+ questions, at least 45 % in Traditional Chinese', () => {
    expect(H16_KB_ROWS.length).toBeGreaterThanOrEqual(30);
    expect(H16_KB_ROWS.filter((r) => r.lang === 'zh-Hant').length / H16_KB_ROWS.length).toBeGreaterThanOrEqual(0.45);
  });

  it('answers at least the floor, and no question acts', () => {
    const wrong = scores.outcomes.filter((o) => !o.right);
    expect(scores.acted).toBe(0);
    expect(
      scores.outcomes.length - wrong.length,
      wrong.map((o) => `${o.id} missing ${JSON.stringify(o.missing)} (${o.grounding})`).join('\n'),
    ).toBeGreaterThanOrEqual(FLOOR);
  });

  it('the rows left open are still wrong (a fix moves them out of LEFT_OPEN)', () => {
    for (const id of LEFT_OPEN) expect(scores.outcomes.find((o) => o.id === id)?.right, id).toBe(false);
  });
});
