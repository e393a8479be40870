import { describe, it, expect } from 'vitest';
import { Study, emptyState } from '../../../src/core/study/study';
import { deriveStage } from '../../../src/core/study/stage';
import { stateManager } from '../../../src/core/study/stateManager';
import { TOOL_DEFINITIONS } from '../../../src/core/tools/definitions';
import { STAGES } from '../../../src/core/study/types';
import { TOOL_STAGES } from '../../../src/core/study/availability';
import { syntheticEpochs, syntheticRecording } from '../helpers/synthetic';
import { harness, driveTo } from './fixtures';

describe('stage derivation (docs/architecture.md §2)', () => {
  it('walks empty → data_loaded → preprocessed → dataset_ready → training → trained from the state alone', () => {
    const s = emptyState();
    expect(deriveStage(s)).toBe('empty');
    const r = syntheticRecording();
    s.recordings = [r];
    expect(deriveStage(s)).toBe('data_loaded');
    s.epochs = syntheticEpochs(r);
    expect(deriveStage(s)).toBe('preprocessed');
    s.dataset = {
      config: {} as never,
      splits: [{ id: 'a', name: 'Fold_1', train: new Int32Array([0]), val: new Int32Array(), test: new Int32Array([1]) }],
      audit: { overlap: 0, warnings: [] },
      createdAt: '',
    };
    expect(deriveStage(s)).toBe('dataset_ready');
    const run = {
      id: 'r',
      splitId: 'a',
      splitName: 'Fold_1',
      repeat: 0,
      seed: 0,
      model: { name: 'EEGNet' as const, params: {} },
      config: {} as never,
      metrics: [],
      artefacts: {},
      startedAt: '',
    };
    s.runs = [{ ...run, status: 'running' }];
    expect(deriveStage(s)).toBe('training');
    s.runs = [{ ...run, status: 'done' }];
    expect(deriveStage(s)).toBe('trained');
    s.runs = [
      { ...run, status: 'done' },
      { ...run, id: 'r2', status: 'running' },
    ];
    expect(deriveStage(s)).toBe('training');
    s.runs = [{ ...run, status: 'failed' }];
    expect(deriveStage(s)).toBe('dataset_ready');
  });

  it('filtering raw data keeps data_loaded and epoching moves to preprocessed', async () => {
    const h = harness();
    await h.call('load_data', { paths: ['/a.edf'] });
    expect(h.study.stage).toBe('data_loaded');
    await h.call('apply_bandpass_filter', { low_freq: 8, high_freq: 30 });
    expect(h.study.stage).toBe('data_loaded');
    expect(h.study.state.history).toHaveLength(1);
    await h.call('epoch_data', { t_min: 0, t_max: 1 });
    expect(h.study.stage).toBe('preprocessed');
  });

  it('emits typed change events including a stage event when the stage moves', async () => {
    const h = harness();
    const seen: string[][] = [];
    h.study.onDidChange((c) => seen.push(c.kinds));
    await h.call('load_data', { paths: ['/a.edf'] });
    await h.call('apply_bandpass_filter', { low_freq: 8, high_freq: 30 });
    expect(seen[0]).toEqual(['recordings', 'stage']);
    expect(seen[1]).toEqual(['preprocessing']);
  });

  it('commit is all-or-nothing: an inconsistent patch throws and nothing changes', () => {
    const study = new Study();
    const r = syntheticRecording();
    const before = study.state;
    expect(() => study.commit({ recordings: [r] }, ['recordings'])).toThrow(/loadedEvents/);
    expect(study.state).toBe(before);
    const bad = { ...r, data: r.data.slice(1) };
    expect(() => study.commit({ recordings: [bad], loadedEvents: [r.events] }, ['recordings'])).toThrow(/data rows/);
    expect(study.state).toBe(before);
  });

  it("the availability table has one row per tool definition, in the definitions' order, and each definition reads its row", () => {
    expect(Object.keys(TOOL_STAGES)).toEqual(TOOL_DEFINITIONS.map((d) => d.name));
    for (const d of TOOL_DEFINITIONS) expect(d.stages).toBe(TOOL_STAGES[d.name as keyof typeof TOOL_STAGES]);
    expect(stateManager.isAvailable('not_a_tool', 'empty')).toBe(false);
    expect(stateManager.skipPlan('not_a_tool', emptyState())).toBeNull();
  });

  it('every stage offers exactly the tools whose definitions list it', () => {
    for (const stage of STAGES) {
      const expected = TOOL_DEFINITIONS.filter((d) => d.stages.includes(stage)).map((d) => d.name);
      expect(stateManager.availableTools(stage)).toEqual(expected);
    }
    expect(stateManager.availableTools('training')).toContain('stop_training');
    expect(stateManager.availableTools('empty')).toContain('load_data');
    expect(stateManager.availableTools('empty')).not.toContain('epoch_data');
  });

  it('per-step status reflects what has been done or skipped', async () => {
    const h = harness();
    expect(stateManager.steps(h.study.state).load).toBe('not_started');
    await driveTo(h, 'preprocessed');
    const st = stateManager.steps(h.study.state);
    expect(st.load).toBe('completed');
    expect(st.preprocess).toBe('skipped'); // epoched without any filtering
    expect(st.epoch).toBe('completed');
    expect(st.dataset).toBe('not_started');
  });
});
