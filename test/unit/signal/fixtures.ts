import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import type { ToolContext } from '../../../src/core/tools/types';
import type { ChannelInfo, Recording } from '../../../src/core/io/types';
import { repoRoot } from '../helpers/paths';
import { readRows } from './goldenData';

/** PhysioNet-style names, so dot-insensitive matching is exercised. */
export const GOLDEN_CHANNELS = ['Fc5.', 'C3..', 'Cz..', 'C4..', 'Cp3.', 'Pz..', 'O1..', 'O2..'];

/** The golden MNE input (8 × 30 s) as a Recording in float32, with events of our choosing. */
export function goldenRecording(
  sfreq: 160 | 250,
  events: { samples: number[]; codes: number[]; eventId: Record<string, number> } = { samples: [], codes: [], eventId: {} },
): Recording {
  const rows = readRows(`input_${sfreq}.f64`, 8);
  const channels: ChannelInfo[] = GOLDEN_CHANNELS.map((name) => ({ name, type: 'eeg', unit: 'V' }));
  return {
    format: 'golden',
    path: `/data/golden_${sfreq}.edf`,
    sfreq,
    nTimes: rows[0].length,
    channels,
    measDate: null,
    annotations: [],
    data: rows.map((r) => Float32Array.from(r)),
    events: { samples: Int32Array.from(events.samples), codes: Int32Array.from(events.codes), eventId: events.eventId, source: 'annotations' },
    subject: 'S001',
    session: 'R04',
  };
}

export function studyWith(recordings: Recording[]) {
  const study = new Study();
  study.commit({ recordings, loadedEvents: recordings.map((r) => r.events) }, ['recordings']);
  const registry = new ToolRegistry();
  const workspace = mkdtempSync(join(tmpdir(), 'xbrain-signal-'));
  const ctx: ToolContext = { study, env: { workspace, packageRoot: repoRoot, trusted: true } };
  return { study, registry, ctx, workspace, call: (name: string, args: unknown = {}, confirmed = true) => registry.invoke(name, args, ctx, { confirmed }) };
}

/** float32 rows → float64 arrays for comparison helpers */
export const f64 = (rows: readonly Float32Array[]) => rows.map((r) => Float64Array.from(r));
