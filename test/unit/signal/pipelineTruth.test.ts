import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testDataDir } from '../helpers/paths';
import { readRecording } from '../../../src/core/io/read';
import { studyWith } from './fixtures';
import type { Epochs } from '../../../src/core/signal/types';

/**
 * MNE truth for S001R04.edf (PhysioNet EEGMMIDB): events_from_annotations, filter_data FIR / IIR 8–30 Hz, and
 * mne.Epochs(T1/T2, 0–4 s, baseline None) statistics per epoch and channel.
 */
const truth = JSON.parse(readFileSync(join(testDataDir, 'truth/S001R04.edf.pipeline.json'), 'utf8')) as {
  sfreq: number;
  n_channels: number;
  n_times: number;
  ch_names: string[];
  events: { event_id: Record<string, number>; samples: number[]; ids: number[] };
  filters: { continuous_check: Record<string, { mean_first3ch: number[]; std_first3ch: number[]; samples_1000_1004_first3ch: number[][] }> };
  epochs: {
    n_epochs: number;
    n_times_per_epoch: number;
    labels: string[];
    event_samples: number[];
    by_filter: Record<
      string,
      { mean_compact: number[][]; std_compact: number[][]; first_epoch_first5_first3ch: number[][]; last_epoch_last5_first3ch: number[][] }
    >;
  };
};

const TOL = 1e-6;

function epochStats(e: Epochs) {
  const mean: number[][] = [],
    std: number[][] = [];
  for (let k = 0; k < e.nEpochs; k++) {
    mean.push([]);
    std.push([]);
    for (let c = 0; c < e.nChannels; c++) {
      const o = (k * e.nChannels + c) * e.nTimes;
      let m = 0;
      for (let i = 0; i < e.nTimes; i++) m += e.data[o + i];
      m /= e.nTimes;
      let v = 0;
      for (let i = 0; i < e.nTimes; i++) v += (e.data[o + i] - m) ** 2;
      mean[k].push(m);
      std[k].push(Math.sqrt(v / e.nTimes));
    }
  }
  return { mean, std };
}

async function loaded() {
  const rec = await readRecording(join(testDataDir, 'S001R04.edf'));
  return studyWith([rec]);
}

describe('S001R04.edf pipeline against MNE truth', () => {
  it('events match events_from_annotations exactly', async () => {
    const h = await loaded();
    const r = h.study.state.recordings[0];
    expect(r.sfreq).toBe(truth.sfreq);
    expect(r.nTimes).toBe(truth.n_times);
    expect(r.events.eventId).toEqual(truth.events.event_id);
    expect(Array.from(r.events.samples)).toEqual(truth.events.samples);
    expect(Array.from(r.events.codes)).toEqual(truth.events.ids);
  });

  for (const [filter, args] of [
    ['none', null],
    ['fir', { low_freq: 8, high_freq: 30 }],
    ['iir', { low_freq: 8, high_freq: 30, method: 'iir', iir_order: 4 }],
  ] as const) {
    it(`${filter}: continuous data and T1/T2 epochs 0–4 s match MNE (≤1e-6 relative)`, async () => {
      const h = await loaded();
      if (args) {
        const f = await h.call('apply_bandpass_filter', args);
        expect(f.type, f.content).toBe('text');
      }
      const cc = truth.filters.continuous_check[filter];
      const rec = h.study.state.recordings[0];
      for (let c = 0; c < 3; c++) {
        const row = rec.data[c];
        const sd = cc.std_first3ch[c];
        for (let i = 0; i < 5; i++) expect(Math.abs(row[1000 + i] - cc.samples_1000_1004_first3ch[c][i]) / sd).toBeLessThan(TOL);
      }
      const r = await h.call('epoch_data', { t_min: 0, t_max: 4, event_id: ['T1', 'T2'], baseline: null });
      expect(r.type, r.content).toBe('text');
      const e = h.study.state.epochs!;
      const t = truth.epochs;
      expect(e.nEpochs).toBe(t.n_epochs);
      expect(e.nTimes).toBe(t.n_times_per_epoch);
      expect(Array.from(e.eventSample)).toEqual(t.event_samples);
      const names = Object.fromEntries(Object.entries(e.eventId).map(([k, v]) => [v, k]));
      expect(Array.from(e.labels, (l) => names[l])).toEqual(t.labels);
      expect(e.eventId).toEqual({ T1: 0, T2: 1 });
      const want = t.by_filter[filter];
      const got = epochStats(e);
      let worst = 0;
      for (let k = 0; k < e.nEpochs; k++) {
        for (let c = 0; c < e.nChannels; c++) {
          const s = want.std_compact[k][c];
          worst = Math.max(worst, Math.abs(got.mean[k][c] - want.mean_compact[k][c]) / s, Math.abs(got.std[k][c] - s) / s);
        }
      }
      expect(worst).toBeLessThan(TOL);
      for (let c = 0; c < 3; c++) {
        const s = want.std_compact[0][c];
        for (let i = 0; i < 5; i++) expect(Math.abs(e.data[c * e.nTimes + i] - want.first_epoch_first5_first3ch[c][i]) / s).toBeLessThan(TOL);
        const last = ((e.nEpochs - 1) * e.nChannels + c) * e.nTimes + e.nTimes - 5;
        const sl = want.std_compact[e.nEpochs - 1][c];
        for (let i = 0; i < 5; i++) expect(Math.abs(e.data[last + i] - want.last_epoch_last5_first3ch[c][i]) / sl).toBeLessThan(TOL);
      }
    });
  }
});
