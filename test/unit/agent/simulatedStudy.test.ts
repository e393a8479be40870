import { describe, it, expect } from 'vitest';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentController, type ConfirmRequest } from '../../../src/core/agent/controller';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import {
  mockSession,
  disposeSimulatedSession,
  simulatedStageSetup,
  SIMULATED_CHANNELS,
  SIMULATED_EVENT_COUNTS,
  SIMULATED_FILES,
  SIMULATED_SECONDS,
  SIMULATED_SFREQ,
} from '../../../src/core/agent/simulatedStudy';
import { countEvents } from '../../../src/core/io/events';
import { repoRoot } from '../helpers/paths';
import { useFreshTrainer } from './simulatedTrainer';

useFreshTrainer();

const env = () => ({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-sim-')), packageRoot: repoRoot, trusted: true });

describe('the simulated Study (--mock, eval:agent): the real tools over simulated recordings', () => {
  it('keeps the facts the agent cases rely on: files, channels, rate, length, events per file', async () => {
    const session = await mockSession(env(), 'data_loaded');
    const recs = session.study.state.recordings;
    expect(recs.map((r) => r.path)).toEqual(SIMULATED_FILES.map((f) => join(session.env.workspace, f)));
    expect(SIMULATED_CHANNELS).toHaveLength(64);
    expect(SIMULATED_CHANNELS.slice(0, 4)).toEqual(['FC5', 'FC3', 'FC1', 'FCz']);
    expect(SIMULATED_CHANNELS).toEqual(expect.arrayContaining(['C3', 'Cz', 'C4', 'Fp1', 'Fpz', 'AFz', 'CPz', 'POz', 'TP7', 'FT8', 'T10', 'Iz']));
    for (const r of recs) {
      expect(r.channels.map((c) => c.name)).toEqual(SIMULATED_CHANNELS);
      expect(r.sfreq).toBe(SIMULATED_SFREQ);
      expect(r.nTimes / r.sfreq).toBe(SIMULATED_SECONDS);
      expect(countEvents(r.events.codes, r.events.eventId)).toEqual(SIMULATED_EVENT_COUNTS);
    }
    expect(recs.map((r) => [r.subject, r.session])).toEqual([
      ['001', '04'],
      ['001', '08'],
      ['001', '12'],
    ]);
  });

  it('reaches each stage by the setup calls; preprocessed holds 45 epochs of 641 samples (T1 24, T2 21)', async () => {
    expect(simulatedStageSetup('preprocessed').map((c) => c.tool)).toEqual(['load_data', 'apply_bandpass_filter', 'epoch_data']);
    const session = await mockSession(env(), 'preprocessed');
    const e = session.study.state.epochs!;
    expect([e.nEpochs, e.nChannels, e.nTimes, e.sfreq]).toEqual([45, 64, 641, 160]);
    expect(countEvents(e.labels, e.eventId)).toEqual({ T1: 24, T2: 21 });
    expect(session.study.state.history.map((h) => h.op)).toEqual(['bandpass_filter', 'epoch_data']);
  });

  it('every session is a copy: changes in one never reach another session of the same stage, paths point into its own workspace', async () => {
    const a = await mockSession(env(), 'data_loaded');
    const b = await mockSession(env(), 'data_loaded');
    expect((await a.invoke('apply_notch_filter', { freq: 60 })).type).not.toBe('error');
    expect(a.study.state.history).toHaveLength(1);
    expect(b.study.state.history).toHaveLength(0);
    expect(b.study.state.recordings[0].data[0]).not.toBe(a.study.state.recordings[0].data[0]);
    // reset_preprocessing re-reads the recordings from the session's own workspace
    const reset = await a.invoke('reset_preprocessing', {}, { confirmed: true });
    expect(reset.type, reset.content).not.toBe('error');
    expect(a.study.state.recordings.every((r) => r.path.startsWith(a.env.workspace))).toBe(true);
  });

  it('the trained stage holds a real run whose weights are in the session workspace; training is limited and says so', async () => {
    const session = await mockSession(env(), 'trained');
    const run = session.study.state.runs[0];
    expect(run.status).toBe('done');
    expect(run.metrics).toHaveLength(1);
    expect(existsSync(join(session.env.workspace, '.xbrain', run.artefacts.weights))).toBe(true);
    const ev = await session.invoke('evaluate', { split: 'test' });
    expect(ev.type, ev.content).not.toBe('error');
    await session.invoke('configure_training', { epoch: 30, batch_size: 16, learning_rate: 0.001 });
    const r = await session.invoke('start_training', {}, { confirmed: true, awaitLongJobs: true });
    expect(r.content).toMatch(/limits training to 1 epoch\(s\) per run \(configured: 30\)/);
    expect(session.study.state.runs.at(-1)?.metrics).toHaveLength(1);
  });

  it('generate_dataset on a trained Study asks the real confirmation; refused, nothing changes', async () => {
    const session = await mockSession(env(), 'trained');
    const before = session.study.state;
    const asked: ConfirmRequest[] = [];
    const agent = new AgentController({ llm: new OfflinePlanner(), session, confirm: async (q) => (asked.push(q), false) });
    const r = await agent.run('split the data again by trial with 25% test');
    expect(r.calls.map((c) => c.tool)).toEqual(['generate_dataset']);
    expect(asked.map((q) => q.question)).toEqual(['Regenerating the dataset clears 1 training run(s) and their evaluations.']);
    expect(asked[0].unrequested).toEqual([]);
    expect(session.study.state).toBe(before);
    expect(session.study.stage).toBe('trained');
  });

  it('the training stage is a real running trainer that stop_training ends', async () => {
    const session = await mockSession(env(), 'training');
    expect(session.study.stage).toBe('training');
    const blocked = await session.invoke('apply_bandpass_filter', { low_freq: 8, high_freq: 30 });
    expect(blocked.error?.code).toBe('stage_unavailable');
    const stop = await session.invoke('stop_training', {});
    expect(stop.content).toMatch(/Training stopped/);
    expect(session.study.stage).not.toBe('training');
    await disposeSimulatedSession(session);
  });
});
