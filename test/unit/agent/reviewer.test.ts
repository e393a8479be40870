import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mockSession } from '../../../src/core/agent/simulatedStudy';
import { reviewStudy, renderReport, BackgroundReviewer } from '../../../src/core/agent/reviewer';
import { AgentController } from '../../../src/core/agent/controller';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { repoRoot } from '../helpers/paths';

const env = () => ({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-rev-')), packageRoot: repoRoot, trusted: true });

describe('background reviewer and pitfall rubric', () => {
  it('flags few trials, short epochs, filtering after epoching, test-set selection and no band-pass before EEGNet', async () => {
    const s = await mockSession(env(), 'data_loaded');
    await s.invoke('epoch_data', { t_min: 0, t_max: 0.3, event_id: ['T1', 'T2'] });
    await s.invoke('apply_bandpass_filter', { low_freq: 8, high_freq: 30 });
    await s.invoke('generate_dataset', {});
    await s.invoke('set_model', { model_name: 'EEGNet' });
    await s.invoke('configure_training', { epoch: 5, batch_size: 4, learning_rate: 0.001, selection: 'best_test_accuracy' });
    const rules = reviewStudy(s.study.state).map((w) => w.rule);
    expect(rules).toEqual(expect.arrayContaining(['few_trials', 'short_epochs', 'filter_after_epoching', 'test_set_selection']));
    expect(rules).not.toContain('no_bandpass_before_eegnet');
    const raw = await mockSession(env(), 'dataset_ready');
    raw.study.commit({ history: [] }, ['preprocessing']);
    await raw.invoke('set_model', { model_name: 'EEGNet' });
    expect(reviewStudy(raw.study.state).map((w) => w.rule)).toContain('no_bandpass_before_eegnet');
  });

  it('flags a trial-wise group split over several subjects (leakage) but not a subject split', async () => {
    const s = await mockSession(env(), 'empty');
    await s.invoke('load_data', { paths: ['S001R04.edf', 'S002R04.edf'] });
    await s.invoke('epoch_data', { t_min: 0, t_max: 4 });
    await s.invoke('generate_dataset', { split_strategy: 'trial' });
    expect(reviewStudy(s.study.state).map((w) => w.rule)).toContain('subject_leakage');
    await s.invoke('generate_dataset', { split_strategy: 'subject' });
    expect(reviewStudy(s.study.state).map((w) => w.rule)).not.toContain('subject_leakage');
  });

  it('keeps .xbrain/report.md up to date and the agent surfaces new warnings with the reason', async () => {
    const e = env();
    const session = await mockSession(e, 'data_loaded');
    const reviewer = new BackgroundReviewer(session, 10);
    const agent = new AgentController({ llm: new OfflinePlanner(), session });
    const r = await agent.run('band-pass 8 to 30 Hz then epoch 0 to 0.25 s around T1 and T2');
    expect(r.answer).toMatch(/Warning \(few_trials\): only 24 T1, 21 T2 epochs/);
    await new Promise((res) => setTimeout(res, 50));
    await reviewer.flush();
    reviewer.dispose();
    const report = readFileSync(join(e.workspace, '.xbrain', 'report.md'), 'utf8');
    expect(report).toMatch(/## Preprocessing\n- Filtering 8 ~ 30 Hz \(FIR, 265 taps\) — \{"low_freq":8,"high_freq":30/);
    expect(report).toMatch(/45 epochs × 64 channels × 41 samples/);
    expect(report).toMatch(/\*\*few_trials\*\*/);
    expect(renderReport(session.study.state)).toContain('## Results');
    expect(existsSync(join(e.workspace, '.xbrain', 'study.json'))).toBe(false);
  });
});
