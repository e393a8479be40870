import { describe, it, expect } from 'vitest';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentController } from '../../../src/core/agent/controller';
import { runCell } from '../../../src/core/notebook/runner';
import { XBrainSession } from '../../../src/core/session';
import { repoRoot, testDataDir } from '../helpers/paths';
import { ScriptedLlm, call } from '../agent/scripted';

/**
 * A yes answers the question it was given, in every door that asks and then runs: the agent loop (chat with a model,
 * xbrain ask) and notebook cells, like MCP tokens. If the Study changes while the user decides (here: epochs are cut
 * between the question and the yes), the call is planned again and the user is asked again with what changed.
 * Before, the yes ran whatever the call now does (a clear_dataset asked as "1 loaded file" also wiped the epochs).
 */
async function loaded() {
  const ws = mkdtempSync(join(tmpdir(), 'xb-confirm-doors-'));
  copyFileSync(join(testDataDir, 'S001R04.edf'), join(ws, 'S001R04.edf'));
  const s = XBrainSession.inMemory({ workspace: ws, packageRoot: repoRoot, trusted: true });
  expect((await s.invoke('load_data', { paths: ['S001R04.edf'] })).type).toBe('data');
  return s;
}

describe('a confirmation answers its own question in every door', () => {
  it('agent loop: the Study changes while the user decides, so the user is asked again before anything runs', async () => {
    const s = await loaded();
    const questions: string[] = [];
    const llm = new ScriptedLlm([() => ({ toolCalls: [call('clear_dataset')] }), () => ({ content: 'done' })]);
    const agent = new AgentController({
      llm,
      session: s,
      confirm: async ({ question }) => {
        questions.push(question);
        if (questions.length === 1) {
          await s.invoke('epoch_data', { t_min: 0, t_max: 1 }); // someone else changes the Study meanwhile
          expect(s.study.state.epochs).not.toBeNull();
        }
        return true;
      },
    });
    await agent.run('clear the dataset');
    expect(questions).toHaveLength(2);
    expect(questions[0]).toContain('1 loaded file(s)');
    expect(questions[1]).toContain('The study changed since this was confirmed, so nothing ran');
    expect(s.study.state.recordings).toHaveLength(0);
  });

  it('agent loop: a no to the second question leaves the changed Study as it is', async () => {
    const s = await loaded();
    let asked = 0;
    const llm = new ScriptedLlm([() => ({ toolCalls: [call('clear_dataset')] }), () => ({ content: 'ok' })]);
    const agent = new AgentController({
      llm,
      session: s,
      confirm: async () => {
        asked++;
        if (asked === 1) await s.invoke('epoch_data', { t_min: 0, t_max: 1 });
        return asked === 1;
      },
    });
    await agent.run('clear the dataset');
    expect(asked).toBe(2);
    expect(s.study.state.recordings).toHaveLength(1);
    expect(s.study.state.epochs).not.toBeNull();
  });

  it("notebook cell: the same re-ask through the cell's confirmation policy", async () => {
    const s = await loaded();
    const questions: string[] = [];
    const run = await runCell('clear_dataset()', s, {
      confirm: async (r) => {
        questions.push(r.content);
        if (questions.length === 1) await s.invoke('epoch_data', { t_min: 0, t_max: 1 });
        return true;
      },
    });
    expect(run.outcome).toBe('ok');
    expect(questions).toHaveLength(2);
    expect(questions[1]).toMatch(/It would now:[\s\S]*epochs/);
    expect(s.study.state.recordings).toHaveLength(0);
  });
});
