import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extensionContributes } from '../../../src/extension/manifestFragment';
import { STAGE_COMMANDS } from '../../../src/extension/commands/table';
import { parsePromptArgs } from '../../../src/extension/chat/promptArgs';
import { planSlashCommand } from '../../../src/extension/chat/slashCommands';
import { offlineReply } from '../../../src/extension/chat/offlineTurn';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { epochsMessage, trainingMessage } from '../../../src/extension/panels/figures';
import { minMaxDecimate } from '../../../src/core/signal/decimate';
import { emptyState } from '../../../src/core/study/study';
import { syntheticRecording } from '../helpers/synthetic';
import { repoRoot } from '../helpers/paths';

describe('extension manifest fragment', () => {
  it('src/extension/contributes/extension.json is extensionContributes() written out', () => {
    const onDisk = JSON.parse(readFileSync(join(repoRoot, 'src/extension/contributes/extension.json'), 'utf8'));
    expect(onDisk).toEqual(JSON.parse(JSON.stringify(extensionContributes())));
  });

  it('every stage command is enabled exactly in its tool stages, trusted-only when it mutates', () => {
    const cmds = extensionContributes().contributes.commands;
    const load = cmds.find((c) => c.command === 'xbrain.loadFiles') as { enablement?: string };
    expect(load.enablement).toBe("xbrain.trusted && (xbrain.stage == 'empty' || xbrain.stage == 'data_loaded')");
    const stop = cmds.find((c) => c.command === 'xbrain.stopTraining') as { enablement?: string };
    expect(stop.enablement).toBe("xbrain.trusted && (xbrain.stage == 'training')");
    expect(new Set(STAGE_COMMANDS.map((c) => c.id)).size).toBe(STAGE_COMMANDS.length);
  });
});

describe('chat prompt parsing', () => {
  it('reads key=value JSON pairs and leaves the other words', () => {
    expect(parsePromptArgs('t_min=0 t_max=4 event_id=["T1","T2"] now')).toEqual({ args: { t_min: 0, t_max: 4, event_id: ['T1', 'T2'] }, rest: ['now'] });
  });

  it('/epoch 0 4 and /load FILE become tool calls', () => {
    expect(planSlashCommand('epoch', '0 4')).toEqual([{ tool: 'epoch_data', args: { t_min: 0, t_max: 4 } }]);
    expect(planSlashCommand('load', 'S001R04.edf')).toEqual([{ tool: 'load_data', args: { paths: ['S001R04.edf'] } }]);
    expect(planSlashCommand('nonsense', '')).toBeNull();
  });

  it('XBrain Offline is the agent OfflinePlanner: stage from the Study, only offered tools, agent-mode names', async () => {
    const loaded = { ...emptyState(), recordings: [syntheticRecording({ channels: 4, sfreq: 100, seconds: 20 })] };
    const offered = ['xbrain_apply_bandpass_filter', 'xbrain_epoch_data', 'xbrain_get_study_state'];
    const r = await offlineReply(new OfflinePlanner(), [{ role: 'user', text: 'band-pass 8 to 30 Hz' }], offered, loaded);
    expect(r.calls).toHaveLength(1);
    expect(r.calls[0].name).toBe('xbrain_apply_bandpass_filter');
    expect(r.calls[0].input).toMatchObject({ low_freq: 8, high_freq: 30 });
    // start_training is neither offered nor allowed before a dataset: no call, a message naming what can be done
    const t = await offlineReply(new OfflinePlanner(), [{ role: 'user', text: 'train EEGNet for 20 epochs' }], offered, loaded);
    expect(t.calls).toHaveLength(0);
    expect(t.text).toMatch(/start_training.* not available/);
    // @xbrain's own system prompt (sent as the first user message) is read as the system prompt
    const sys = 'You are XBrain, an assistant.\nCurrent stage: empty\nAvailable tools now: load_data, get_study_state';
    const l = await offlineReply(
      new OfflinePlanner(),
      [
        { role: 'user', text: sys },
        { role: 'user', text: 'load S001R04.edf' },
      ],
      [],
      undefined,
    );
    expect(l.calls.map((c) => c.name)).toEqual(['load_data']);
    expect(l.calls[0].input).toMatchObject({ paths: ['S001R04.edf'] });
  });
});

describe('panel figures', () => {
  it('min/max decimation keeps every extreme and stays under the point budget', () => {
    const row = new Float32Array(100_000).map((_, i) => Math.sin(i / 50));
    row[77_777] = 5;
    row[12_345] = -7;
    const d = minMaxDecimate(row, 0, 0.01, 2000);
    expect(d.x.length).toBeLessThanOrEqual(2000);
    expect(Math.max(...d.y)).toBe(5);
    expect(Math.min(...d.y)).toBe(-7);
    expect(d.x[d.y.indexOf(5)]).toBeCloseTo(777.77, 6);
  });

  it('raw traces before epoching: one trace per channel with event markers; no runs means an empty training panel', () => {
    const rec = syntheticRecording({ channels: 4, sfreq: 100, seconds: 20 });
    const m = epochsMessage({ ...emptyState(), recordings: [rec] }, {});
    expect(m.type).toBe('figure');
    if (m.type !== 'figure') return;
    expect(m.figure.data).toHaveLength(4);
    expect((m.figure.layout.shapes as unknown[]).length).toBe(Array.from(rec.events.samples).filter((s) => s < 1000).length);
    expect(m.view.modes).toEqual(['traces', 'psd']);
    expect(trainingMessage(emptyState(), {}).type).toBe('empty');
  });
});
