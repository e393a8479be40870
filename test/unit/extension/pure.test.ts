import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extensionContributes } from '../../../src/extension/manifestFragment';
import { STAGE_COMMANDS } from '../../../src/extension/commands/table';
import { parsePromptArgs } from '../../../src/extension/chat/promptArgs';
import { planSlashCommand } from '../../../src/extension/chat/slashCommands';
import { planOffline } from '../../../src/extension/chat/offlinePlanner';
import { decimate, epochsMessage, trainingMessage } from '../../../src/extension/panels/figures';
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

  it('the offline rules only call available tools', () => {
    expect(planOffline('filter 8 30 Hz', () => true)).toEqual({ kind: 'call', tool: 'apply_bandpass_filter', args: { low_freq: 8, high_freq: 30 } });
    expect(planOffline('train now', (t) => t !== 'start_training').kind).toBe('text');
  });
});

describe('panel figures', () => {
  it('min/max decimation keeps every extreme and stays under the point budget', () => {
    const row = new Float32Array(100_000).map((_, i) => Math.sin(i / 50));
    row[77_777] = 5;
    row[12_345] = -7;
    const d = decimate(row, 0, 0.01, 2000);
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
