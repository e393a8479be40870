import { describe, it, expect } from 'vitest';
import { splitClauses, type PlannerContext } from '../../../src/core/agent/plannerRules';
import { interpretRequest } from '../../../src/core/agent/interpretRequest';
import { findQuantities, toUnit } from '../../../src/core/agent/units';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { buildSystemPrompt } from '../../../src/core/agent/prompts';
import { emptyState } from '../../../src/core/study/study';

const ctx = (over: Partial<PlannerContext> = {}): PlannerContext => ({
  stage: 'data_loaded',
  available: [],
  dataPath: null,
  previous: [],
  events: ['T0', 'T1', 'T2'],
  training: null,
  ...over,
});
const plan = (text: string, over: Partial<PlannerContext> = {}) => interpretRequest(text, ctx(over)).calls;

describe('units through mathjs', () => {
  it('converts ms, s, Hz and kHz', () => {
    const q = findQuantities('200 ms, 0.5 s, 8Hz and 1 kHz');
    expect(q.map((x) => x.unit)).toEqual(['ms', 's', 'Hz', 'kHz']);
    expect(toUnit(q[0], 's')).toBe(0.2);
    expect(toUnit(q[1], 's')).toBe(0.5);
    expect(toUnit(q[2], 'Hz')).toBe(8);
    expect(toUnit(q[3], 'Hz')).toBe(1000);
  });
});

describe('offline planner: English', () => {
  it('band-pass with a range and units', () => {
    expect(plan('band-pass 8 to 30 Hz')).toEqual([{ tool: 'apply_bandpass_filter', arguments: { low_freq: 8, high_freq: 30 } }]);
    expect(plan('filter between 0.5 and 40 Hz')).toEqual([{ tool: 'apply_bandpass_filter', arguments: { low_freq: 0.5, high_freq: 40 } }]);
    expect(plan('bandpass 8-30Hz using an IIR filter')[0].arguments).toEqual({ low_freq: 8, high_freq: 30, method: 'iir' });
  });

  it('epochs around events with ms converted to seconds and a baseline', () => {
    expect(plan('epoch -200 ms to 1 s around T1 and T2')).toEqual([{ tool: 'epoch_data', arguments: { t_min: -0.2, t_max: 1, event_id: ['T1', 'T2'] } }]);
    expect(plan('epoch -0.2 to 0.8 s with baseline -0.2 to 0')[0].arguments).toEqual({ t_min: -0.2, t_max: 0.8, baseline: [-0.2, 0] });
  });

  it('train EEGNet for 20 epochs with batch 64 becomes model + configuration + start', () => {
    // only what the sentence names: the learning rate stays unset (the default), as configure_training is an update
    expect(plan('train EEGNet for 20 epochs with batch 64', { stage: 'dataset_ready' })).toEqual([
      { tool: 'set_model', arguments: { model_name: 'EEGNet' } },
      { tool: 'configure_training', arguments: { epoch: 20, batch_size: 64 } },
      { tool: 'start_training', arguments: {} },
    ]);
  });

  it('load a file and set the montage; multi-step joined by then/and', () => {
    expect(plan('load S001R04.edf and set montage to standard_1020', { stage: 'empty' })).toEqual([
      { tool: 'load_data', arguments: { paths: ['S001R04.edf'] } },
      { tool: 'set_montage', arguments: { montage_name: 'standard_1020' } },
    ]);
    const calls = plan('notch 60 Hz then resample to 128 Hz and normalize with min-max');
    expect(calls.map((c) => c.tool)).toEqual(['apply_notch_filter', 'resample_data', 'normalize_data']);
    expect(calls.map((c) => Object.values(c.arguments)[0])).toEqual([60, 128, 'min-max']);
  });

  it('resample to 1 kHz is 1000 Hz', () => {
    expect(plan('resample to 1 kHz')).toEqual([{ tool: 'resample_data', arguments: { rate: 1000 } }]);
  });

  it('splits, channels, references, events', () => {
    expect(plan('split by subject with 25% test and 10% validation', { stage: 'preprocessed' })[0].arguments).toMatchObject({
      split_strategy: 'subject',
      test_ratio: 0.25,
      val_ratio: 0.1,
    });
    expect(plan('keep only channels C3, Cz and C4')[0]).toEqual({ tool: 'select_channels', arguments: { channels: ['C3', 'Cz', 'C4'] } });
    expect(plan('re-reference to the common average')[0]).toEqual({ tool: 'set_reference', arguments: { method: 'average' } });
    expect(plan('rename T1 to left and T2 to right')[0]).toEqual({ tool: 'edit_events', arguments: { rename: { T1: 'left', T2: 'right' } } });
  });

  it('corrections merge over the previous call; "do it again" repeats it', () => {
    const previous = [{ tool: 'apply_bandpass_filter', arguments: { low_freq: 8, high_freq: 30 } }];
    expect(plan('actually make it 4 to 40 Hz', { previous })).toEqual([{ tool: 'apply_bandpass_filter', arguments: { low_freq: 4, high_freq: 40 } }]);
    expect(plan('do it again', { previous })).toEqual(previous);
    const prevTrain = [{ tool: 'configure_training', arguments: { epoch: 20, batch_size: 64, learning_rate: 0.001 } }];
    expect(plan('no, use 0.0005 learning rate', { previous: prevTrain, stage: 'dataset_ready' })[0].arguments).toEqual({
      epoch: 20,
      batch_size: 64,
      learning_rate: 0.0005,
    });
  });
});

describe('offline planner: Traditional Chinese', () => {
  it('帶通濾波 8-30Hz 然後 切段 0 到 4 秒', () => {
    expect(plan('帶通濾波 8-30Hz 然後 切段 0 到 4 秒')).toEqual([
      { tool: 'apply_bandpass_filter', arguments: { low_freq: 8, high_freq: 30 } },
      { tool: 'epoch_data', arguments: { t_min: 0, t_max: 4 } },
    ]);
  });
  it('陷波 60 赫茲，用 EEGNet 訓練 30 輪', () => {
    expect(plan('陷波 60 赫茲')).toEqual([{ tool: 'apply_notch_filter', arguments: { freq: 60 } }]);
    expect(plan('用 EEGNet 訓練 30 輪', { stage: 'dataset_ready' }).map((c) => c.tool)).toEqual(['set_model', 'configure_training', 'start_training']);
  });
  it('splits on 然後 and 接著', () => {
    expect(splitClauses('載入 S001R04.edf 然後 帶通 8 到 30 Hz 接著 分割資料集')).toHaveLength(3);
  });
});

describe('offline planner as an LlmClient', () => {
  it('reads the stage from the system prompt and says what it can do when it cannot map a request', async () => {
    const p = new OfflinePlanner();
    const system = buildSystemPrompt(emptyState());
    const r = await p.chat({
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: 'make me a sandwich' },
      ],
      tools: [],
    });
    expect(r.toolCalls).toEqual([]);
    expect(r.content).toContain("stage 'empty'");
    expect(r.content).toContain('load_data');
    expect(r.content).not.toContain('start_training');
    const zh = await p.chat({
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: '幫我泡咖啡' },
      ],
      tools: [],
    });
    expect(zh.content).toContain('目前階段是 empty');
  });
  it('emits the plan as tool calls, then nothing once results came back', async () => {
    const p = new OfflinePlanner();
    const system = buildSystemPrompt(emptyState());
    const first = await p.chat({
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: 'load S001R04.edf then band-pass 8 to 30 Hz' },
      ],
      tools: [],
    });
    expect(first.toolCalls.map((c) => c.name)).toEqual(['load_data', 'apply_bandpass_filter']);
    expect(first.usage.promptTokens).toBeGreaterThan(0);
    const second = await p.chat({
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: 'load S001R04.edf' },
        { role: 'assistant', content: '', toolCalls: first.toolCalls },
        { role: 'tool', toolCallId: first.toolCalls[0].id, name: 'load_data', content: 'ok' },
      ],
      tools: [],
    });
    expect(second.toolCalls).toEqual([]);
  });
});

describe('xbrain demo script', () => {
  it('every demo request maps to the intended pipeline step', async () => {
    const { DEMO_REQUESTS } = await import('../../../src/cli/commands/demo');
    const stages: PlannerContext['stage'][] = ['empty', 'data_loaded', 'data_loaded', 'preprocessed', 'preprocessed', 'dataset_ready', 'trained'];
    const tools = DEMO_REQUESTS.map((r, i) => plan(r, { stage: stages[i] }).map((c) => c.tool));
    expect(tools).toEqual([
      ['load_data'],
      ['apply_bandpass_filter'],
      ['epoch_data'],
      ['normalize_data'],
      ['generate_dataset'],
      ['set_model', 'configure_training', 'start_training'],
      ['evaluate'],
    ]);
  });
});
