import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHYSIONET_CHANNELS, simulateRun } from '../../../src/core/io/simulate';
import { simulateFiles } from '../../../src/core/io/simulateFiles';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import type { Recording } from '../../../src/core/io/types';
import { repoRoot } from '../helpers/paths';
import { loadTruth } from './truth';

/** Hann-windowed DFT power summed over [f0, f1] Hz (0.5 Hz steps). */
function bandPower(x: Float32Array, start: number, len: number, sfreq: number, f0: number, f1: number): number {
  let p = 0;
  for (let f = f0; f <= f1; f += 0.5) {
    let re = 0,
      im = 0;
    for (let i = 0; i < len; i++) {
      const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (len - 1));
      const ph = (2 * Math.PI * f * i) / sfreq;
      re += w * x[start + i] * Math.cos(ph);
      im += w * x[start + i] * Math.sin(ph);
    }
    p += re * re + im * im;
  }
  return p;
}

describe('simulated motor imagery', () => {
  it('is deterministic per seed and uses the PhysioNet channel names with trailing dots', () => {
    const a = simulateRun({ seed: 3, duration: 20, trials: 2 });
    const b = simulateRun({ seed: 3, duration: 20, trials: 2 });
    const c = simulateRun({ seed: 4, duration: 20, trials: 2 });
    expect(a.data[5]).toEqual(b.data[5]);
    expect(a.data[5]).not.toEqual(c.data[5]);
    expect(a.channels.map((ch) => ch.name)).toEqual(loadTruth('S001R04.edf').ch_names);
    expect(PHYSIONET_CHANNELS).toHaveLength(64);
  });

  it('writes EDF+ runs that load through the Study with subject/session and T0/T1/T2 events, and T1 vs T2 is learnable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xbrain-sim-'));
    const files = simulateFiles({ out: dir, subjects: 1, runs: 3, seed: 7 });
    expect(files.map((f) => f.split('/').pop())).toEqual(['S001R01.edf', 'S001R02.edf', 'S001R03.edf']);
    const study = new Study();
    const r = await new ToolRegistry().invoke('load_data', { paths: [dir] }, { study, env: { workspace: dir, packageRoot: repoRoot, trusted: true } });
    expect(r.type).toBe('data');
    const recs: readonly Recording[] = study.state.recordings;
    expect(recs.map((x) => [x.subject, x.session])).toEqual([
      ['001', '01'],
      ['001', '02'],
      ['001', '03'],
    ]);
    for (const rec of recs) {
      expect(rec.sfreq).toBe(160);
      expect(rec.nTimes).toBe(20000);
      expect(rec.events.eventId).toEqual({ T0: 1, T1: 2, T2: 3 });
      const counts = [1, 2, 3].map((k) => rec.events.codes.filter((c) => c === k).length);
      expect(counts[0]).toBe(16);
      expect(counts[1] + counts[2]).toBe(15);
    }
    const rec = recs[0];
    const ch = (n: string): Float32Array => rec.data[rec.channels.findIndex((c) => c.name === n)];
    // 1/f background: more power at 2-4 Hz than at 40-44 Hz; occipital alpha; frontal blinks
    expect(bandPower(ch('Cz..'), 0, 1600, 160, 2, 4)).toBeGreaterThan(5 * bandPower(ch('Cz..'), 0, 1600, 160, 40, 44));
    expect(bandPower(ch('Oz..'), 0, 1600, 160, 9, 12)).toBeGreaterThan(3 * bandPower(ch('Fz..'), 0, 1600, 160, 9, 12));
    const peak = (x: Float32Array): number => x.reduce((m, v) => Math.max(m, v), -Infinity);
    expect(peak(ch('Fp1.'))).toBeGreaterThan(60e-6);
    expect(peak(ch('Oz..'))).toBeLessThan(60e-6);
    // lateralised ERD: log 8-30 Hz power C3 − C4 over 0.5-2.5 s after the cue, threshold from runs 1-2, tested on run 3
    const feats = recs.map((x) => {
      const c3 = x.data[x.channels.findIndex((c) => c.name === 'C3..')],
        c4 = x.data[x.channels.findIndex((c) => c.name === 'C4..')];
      return x.annotations
        .filter((a) => a.description !== 'T0')
        .map((a) => {
          const s = Math.round((a.onset + 0.5) * 160);
          return { y: a.description, f: Math.log(bandPower(c3, s, 320, 160, 8, 30) / bandPower(c4, s, 320, 160, 8, 30)) };
        });
    });
    const train = [...feats[0], ...feats[1]];
    const mean = (y: string): number => {
      const v = train.filter((t) => t.y === y).map((t) => t.f);
      return v.reduce((a, b) => a + b, 0) / v.length;
    };
    const thr = (mean('T1') + mean('T2')) / 2;
    expect(mean('T1')).toBeGreaterThan(mean('T2')); // left-hand imagery lowers the right hemisphere (C4)
    const acc = feats[2].filter((t) => (t.f > thr ? 'T1' : 'T2') === t.y).length / feats[2].length;
    expect(acc).toBeGreaterThanOrEqual(0.8);
  });

  it('refuses bad counts with the flag name', () => {
    expect(() => simulateFiles({ out: join(tmpdir(), 'x.edf'), subjects: 0 })).toThrow(/--subjects/);
    expect(() => simulateFiles({ out: join(tmpdir(), 'x.edf'), runs: 1.5 })).toThrow(/--runs/);
    expect(() => simulateFiles({ out: join(tmpdir(), 'x.edf'), runNumbers: [4, 4] })).toThrow(/--run-numbers/);
    expect(() => simulateFiles({ out: join(tmpdir(), 'x.edf'), runNumbers: [4, 100] })).toThrow(/--run-numbers/);
    expect(() => simulateFiles({ out: join(tmpdir(), 'x.edf'), runs: 2, runNumbers: [4, 8, 12] })).toThrow(/--runs 2 and --run-numbers/);
  });

  it('--run-numbers names the runs like the PhysioNet imagery runs; load_data selects subjects and runs by them', async () => {
    const ws = mkdtempSync(join(tmpdir(), 'xb-sim-runs-'));
    const files = simulateFiles({ out: join(ws, 'sim'), subjects: 2, runNumbers: [4, 8, 12], seed: 3, duration: 30 });
    expect(files.map((f) => f.split('/').pop())).toEqual(['S001R04.edf', 'S001R08.edf', 'S001R12.edf', 'S002R04.edf', 'S002R08.edf', 'S002R12.edf']);
    const ctx = { study: new Study(), env: { workspace: ws, packageRoot: repoRoot, trusted: true } };
    const r = await new ToolRegistry().invoke('load_data', { paths: ['sim'], subjects: ['2'], runs: [8, 12] }, ctx, { confirmed: true });
    expect(r.type, r.content).not.toBe('error');
    expect(ctx.study.state.recordings.map((x) => `${x.subject}/${x.session}`)).toEqual(['002/08', '002/12']);
  });
});
