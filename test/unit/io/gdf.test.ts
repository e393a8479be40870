import { describe, expect, it } from 'vitest';
import { readGdf, readGdfHeader } from '../../../src/core/io/formats/gdf';
import { readRecording } from '../../../src/core/io/read';
import { channelStats } from '../../../src/core/io/stats';
import { dataFile, expectClose, loadTruth } from './truth';

describe('GDF 1.x / 2.x reader against MNE 1.3 truth', () => {
  for (const file of ['sample.gdf', 'S001R04_gdf2.gdf']) {
    it(file, async () => {
      const truth = loadTruth(file);
      const raw = await readGdf(dataFile(file));
      expect(raw.channels.map((c) => c.name)).toEqual(truth.ch_names);
      expect(raw.channels.map((c) => c.type)).toEqual(truth.ch_types);
      expect(raw.sfreq).toBe(truth.sfreq);
      expect(raw.nTimes).toBe(truth.n_times);
      expect(raw.measDate).toBe(truth.meas_date);
      expect(raw.annotations.map((a) => a.description)).toEqual(truth.annotations.map((a) => a.description));
      raw.annotations.forEach((a, i) => {
        expect(Math.abs(a.onset - truth.annotations[i].onset)).toBeLessThanOrEqual(1e-6);
        expect(Math.abs(a.duration - truth.annotations[i].duration)).toBeLessThanOrEqual(1e-6);
      });
      const stored = channelStats(raw.data);
      truth.fingerprint.mean.forEach((m, c) => {
        const sd = truth.fingerprint.std[c];
        expectClose(raw.exactStats!.mean[c], m, 1e-6, 0, `${file} mean ${c}`);
        expectClose(raw.exactStats!.std[c], sd, 1e-6, 0, `${file} std ${c}`);
        expectClose(stored.mean[c], m, 1e-6, sd, `${file} stored mean ${c}`);
        expectClose(stored.std[c], sd, 1e-6, 0, `${file} stored std ${c}`);
      });
      truth.fingerprint.first5_first3ch.forEach((row, c) => row.forEach((v, i) => expectClose(raw.data[c][i], v, 1e-6, 0, `${file} sample ${c},${i}`)));
    });
  }

  it('turns the sample.gdf event table into BCI trial events (768 trial start, 769/770 cues)', async () => {
    const h = await readGdfHeader(dataFile('sample.gdf'));
    expect(h.format).toBe('GDF');
    const count = (d: string): number => h.annotations.filter((a) => a.description === d).length;
    expect([count('768'), count('769'), count('770'), count('781'), count('785'), count('786')]).toEqual([40, 20, 20, 40, 40, 40]);
    const rec = await readRecording(dataFile('sample.gdf'));
    expect(rec.events.source).toBe('annotations');
    expect(rec.events.eventId).toEqual({ 768: 1, 769: 2, 770: 3, 781: 4, 785: 5, 786: 6 });
  });

  it('reads a window equal to the full read', async () => {
    const full = await readGdf(dataFile('sample.gdf'));
    const w = await readGdf(dataFile('sample.gdf'), { start: 5000, stop: 5100 });
    expect(Array.from(w.data[2])).toEqual(Array.from(full.data[2].subarray(5000, 5100)));
  });
});
