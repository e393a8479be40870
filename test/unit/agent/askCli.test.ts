import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { buildCli } from './cliBuild';
import { useFreshTrainer } from './simulatedTrainer';

useFreshTrainer();

let cli = '';
const ws = mkdtempSync(join(tmpdir(), 'xbrain-ask-'));
const run = (args: string[]) => spawnSync(process.execPath, [cli, ...args, '--workspace', ws], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });

describe('xbrain ask --mock --json (ARCHITECTURE.md §6)', () => {
  beforeAll(async () => {
    cli = await buildCli();
  });

  it('prints the calls made in order with arguments and results, and an answer', () => {
    const r = run(['ask', '--mock', '--json', 'load S001R04.edf then band-pass 8-30Hz then epoch -0.2 to 1 s around T1 and T2']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out).sort()).toEqual(['answer', 'calls']);
    expect(out.calls.map((c: { tool: string }) => c.tool)).toEqual(['load_data', 'apply_bandpass_filter', 'epoch_data']);
    expect(out.calls[2].arguments).toEqual({ t_min: -0.2, t_max: 1, event_id: ['T1', 'T2'] });
    for (const c of out.calls) expect(Object.keys(c.result)).toEqual(expect.arrayContaining(['type', 'content', 'meta', 'tool']));
    expect(out.calls[2].result.content).toMatch(/Created 15 epochs \(T1: 8, T2: 7\) of 64 channels × 193 samples/);
    expect(out.answer).toMatch(/Stage: preprocessed/);
  });

  it('--stage starts the simulated Study at that stage; --yes confirms training', () => {
    const no = JSON.parse(run(['ask', '--mock', '--stage', 'dataset_ready', '--json', 'start training']).stdout);
    expect(no.calls[0].result.type).toBe('confirm');
    const yes = JSON.parse(run(['ask', '--mock', '--stage', 'dataset_ready', '--yes', '--json', 'train EEGNet for 3 epochs with batch 4']).stdout);
    expect(yes.calls.map((c: { tool: string }) => c.tool)).toEqual(['set_model', 'configure_training', 'start_training']);
    expect(yes.calls[2].result.content).toMatch(/Training finished: 1 run\(s\)/);
    expect(yes.answer).toMatch(/Stage: trained/);
  });

  it('bad flags are a one-line error naming the parameter', () => {
    const r = run(['ask', '--mock', '--stage', 'cooking', 'hello']);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--stage/);
  });
});

