/**
 * h16-conv's follow-ups through `xbrain ask --mock --conversation FILE` (docs/agent.md "Tuning session h16-conv"): the
 * CLI's conversation file carries the earlier turns' calls, so one step of an earlier turn is taken back by its kind,
 * "what did you just run?" is answered from the file without a call, and a bare start runs the training the turn
 * before set up — as in the conversation table, which runs the planner in-process.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { buildCli } from './cliBuild';
import { useFreshTrainer } from './simulatedTrainer';

useFreshTrainer();

let cli = '';
const ws = mkdtempSync(join(tmpdir(), 'xbrain-ask16-'));
const turn = (args: string[]) => {
  const r = spawnSync(process.execPath, [cli, ...args, '--workspace', ws, '--json'], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { calls: { tool: string; arguments: unknown }[]; answer: string };
};
const calls = (t: ReturnType<typeof turn>) => t.calls.map((c) => [c.tool, c.arguments]);

describe('xbrain ask: h16-conv follow-ups through the conversation file', () => {
  beforeAll(async () => {
    cli = await buildCli();
  });

  it('"undo the notch" after band-pass + notch resets and redoes the band-pass; "what did you just run?" calls nothing', { timeout: 600_000 }, () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xbrain-conv16-')), 'chat.json');
    turn(['ask', '--mock', '--stage', 'data_loaded', '--yes', '--conversation', file, 'band-pass 8 to 30 and notch 60']);
    const undo = turn(['ask', '--mock', '--yes', '--conversation', file, '陷波那個撤掉']);
    expect(calls(undo)).toEqual([
      ['reset_preprocessing', {}],
      ['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }],
    ]);
    const recap = turn(['ask', '--mock', '--conversation', file, 'wait, what did you just run?']);
    expect(recap.calls).toEqual([]);
    expect(recap.answer).toMatch(/reset_preprocessing.*apply_bandpass_filter/);
  });

  it('a corrected value before its setting ("oops, 64 for the batch") and a bare start (「那就開始吧」) after a model choice', { timeout: 600_000 }, () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xbrain-conv16-')), 'chat.json');
    turn(['ask', '--mock', '--stage', 'dataset_ready', '--conversation', file, 'batch size 32, 20 epochs']);
    expect(calls(turn(['ask', '--mock', '--conversation', file, 'oops, 64 for the batch']))).toEqual([['configure_training', { epoch: 20, batch_size: 64 }]]);
    turn(['ask', '--mock', '--conversation', file, '模型用 SCCNet']);
    expect(turn(['ask', '--mock', '--yes', '--conversation', file, '那就開始吧']).calls.map((c) => c.tool)).toEqual(['start_training']);
  });
});
