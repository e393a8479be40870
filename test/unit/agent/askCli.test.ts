import { describe, it, expect, beforeAll } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { buildCli } from './cliBuild';
import { useFreshTrainer } from './simulatedTrainer';

useFreshTrainer();

let cli = '';
const ws = mkdtempSync(join(tmpdir(), 'xbrain-ask-'));
const run = (args: string[]) => spawnSync(process.execPath, [cli, ...args, '--workspace', ws], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });

describe('xbrain ask --mock --json (docs/architecture.md §5)', () => {
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

  it('--yes does not confirm default steps the request did not name: the skip-ahead plan waits', () => {
    const r = JSON.parse(run(['ask', '--mock', '--stage', 'data_loaded', '--yes', '--json', 'train now']).stdout);
    expect(r.calls.map((c: { tool: string }) => c.tool)).toEqual(['start_training']);
    expect(r.calls[0].result.meta.rejected).toBe(true);
    expect(r.answer).toMatch(/--yes did not confirm start_training: it would also run .*apply_bandpass_filter.*generate_dataset/);
    expect(r.answer).toMatch(/Stage: data_loaded/);
  });

  it('bad flags are a one-line error naming the parameter', () => {
    const r = run(['ask', '--mock', '--stage', 'cooking', 'hello']);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--stage/);
  });
});

describe('xbrain ask continues a conversation between calls', () => {
  beforeAll(async () => {
    cli ||= await buildCli();
  });
  const turn = (args: string[]) => {
    const r = run([...args, '--json']);
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };

  it('--mock --conversation: the second call refers to the first ("make it 4 to 40 Hz") on the Study the first left', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xbrain-conv-')), 'chat.json');
    const t1 = turn(['ask', '--mock', '--stage', 'data_loaded', '--conversation', file, 'band-pass 8 to 30 Hz']);
    expect(t1.calls.map((c: { tool: string }) => c.tool)).toEqual(['apply_bandpass_filter']);
    const t2 = turn(['ask', '--mock', '--conversation', file, 'make it 4 to 40 Hz']);
    expect(t2.calls.map((c: { tool: string; arguments: unknown }) => [c.tool, c.arguments])).toEqual([
      ['apply_bandpass_filter', { low_freq: 4, high_freq: 40 }],
    ]);
    // the simulated Study persisted: the second filter ran on the first one's output (two history entries)
    const state = turn(['ask', '--mock', '--conversation', file, 'show the status']);
    expect(state.calls[0].result.content).toMatch(/Preprocessing: Filtering 8 ~ 30 Hz .*→ Filtering 4 ~ 40 Hz/);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved).toMatchObject({ format: 'xbrain-conversation', version: 1, mock: { stage: 'data_loaded' }, pending: null });
    expect(saved.turns.map((t: { user: string }) => t.user)).toEqual(['band-pass 8 to 30 Hz', 'make it 4 to 40 Hz', 'show the status']);
    expect(existsSync(`${file}.mock/.xbrain/study.json`)).toBe(true);
    // --new starts over at the stage given
    const fresh = turn(['ask', '--mock', '--new', '--stage', 'empty', '--conversation', file, 'show the status']);
    expect(fresh.answer).toMatch(/Stage: empty/);
    expect(JSON.parse(readFileSync(file, 'utf8')).turns).toHaveLength(1);
  });

  it('a confirmation left waiting is answered by the next call: "yes" runs exactly that call (mock generate_dataset on a trained Study)', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xbrain-conv-')), 'chat.json');
    const t1 = turn(['ask', '--mock', '--stage', 'trained', '--conversation', file, 'split the data again by trial with 25% test']);
    expect(t1.calls.map((c: { tool: string }) => c.tool)).toEqual(['generate_dataset']);
    expect(t1.pending).toEqual({
      tool: 'generate_dataset',
      arguments: expect.objectContaining({ test_ratio: 0.25 }),
      question: 'Regenerating the dataset clears 1 training run(s) and their evaluations.',
    });
    expect(t1.answer).toMatch(/Stage: trained/);
    const t2 = turn(['ask', '--mock', '--conversation', file, 'yes']);
    expect(t2.calls.map((c: { tool: string; result: { type: string } }) => [c.tool, c.result.type])).toEqual([['generate_dataset', 'text']]);
    expect(t2.pending).toBeNull();
    expect(t2.answer).toMatch(/Stage: dataset_ready/);
    // "no" to a waiting question runs nothing
    turn(['ask', '--mock', '--conversation', file, '--new', '--stage', 'trained', 'clear everything']);
    const no = turn(['ask', '--mock', '--conversation', file, 'no']);
    expect(no.calls[0].result.meta.rejected).toBe(true);
    expect(no.answer).toMatch(/Stage: trained/);
  });

  it('the workspace keeps its conversation in .xbrain/conversation.json; a corrupt file is an error naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xbrain-conv-ws-'));
    const file = join(dir, 'conv.json');
    writeFileSync(file, JSON.stringify({ version: 1, turns: [{ user: 7, route: 'operation', messages: [], answer: '' }] }));
    const bad = run(['ask', '--conversation', file, 'show the status']);
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain(file);
    expect(bad.stderr).toMatch(/turns\[0\]\.user/);
    writeFileSync(file, '{"version": 1, "turns": [');
    expect(run(['ask', '--conversation', file, 'show the status']).stderr).toMatch(/not valid JSON.*--new/);
    expect(run(['ask', '--conversation', file, '--new', 'show the status']).status).toBe(0);
    // without --conversation: the workspace's own file
    turn(['ask', 'show the status']);
    expect(JSON.parse(readFileSync(join(ws, '.xbrain', 'conversation.json'), 'utf8')).turns.length).toBeGreaterThan(0);
    // a --mock conversation cannot continue on the real Study, nor at another stage
    const mockFile = join(dir, 'mock.json');
    turn(['ask', '--mock', '--stage', 'data_loaded', '--conversation', mockFile, 'show the status']);
    expect(run(['ask', '--conversation', mockFile, 'show the status']).stderr).toMatch(/--mock/);
    expect(run(['ask', '--mock', '--stage', 'trained', '--conversation', mockFile, 'show the status']).stderr).toMatch(/--stage: .* started at data_loaded/);
  });
});
