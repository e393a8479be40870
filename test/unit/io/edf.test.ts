import { describe, expect, it } from 'vitest';
import { readEdf, readEdfHeader, readEdfLayout } from '../../../src/core/io/formats/edf';
import { channelStats } from '../../../src/core/io/stats';
import { dataFile, expectClose, loadTruth } from './truth';

const EDF_FILES = ['S001R04.edf', 'S001R08.edf', 'S001R10.edf', 'S001R14.edf', 'test.edf', 'test_uneven_samp.edf', 'test.bdf', 'test_bdf_stim_channel.bdf'];

describe('EDF/EDF+/BDF reader against MNE 1.3 truth', () => {
  for (const file of EDF_FILES) {
    it(file, async () => {
      const truth = loadTruth(file);
      const raw = await readEdf(dataFile(file));
      expect(raw.channels.map((c) => c.name)).toEqual(truth.ch_names);
      expect(raw.channels.map((c) => c.type)).toEqual(truth.ch_types);
      expect(raw.sfreq).toBe(truth.sfreq);
      expect(raw.nTimes).toBe(truth.n_times);
      expect(raw.measDate).toBe(truth.meas_date);
      expect(raw.data.every((d) => d.length === truth.n_times)).toBe(true);
      expect(raw.annotations.map((a) => a.description)).toEqual(truth.annotations.map((a) => a.description));
      raw.annotations.forEach((a, i) => {
        expect(Math.abs(a.onset - truth.annotations[i].onset)).toBeLessThan(1e-6);
        expect(Math.abs(a.duration - truth.annotations[i].duration)).toBeLessThan(1e-6);
      });
      const stats = raw.exactStats!;
      const stored = channelStats(raw.data);
      truth.fingerprint.mean.forEach((m, c) => {
        const sd = truth.fingerprint.std[c];
        // a mean that is tiny next to the spread is compared relative to the spread's float32 resolution
        expectClose(stats.mean[c], m, 1e-6, sd * 1e-2, `${file} ${truth.ch_names[c]} mean`);
        expectClose(stats.std[c], sd, 1e-6, 0, `${file} ${truth.ch_names[c]} std`);
        // the stored float32 samples agree too: a std moves at most by the float32 rounding (½ ulp of the values)
        expectClose(stored.mean[c], m, 1e-6, sd, `${file} ${truth.ch_names[c]} stored mean`);
        expectClose(stored.std[c], sd, 1e-6, (Math.abs(m) * 2 ** -23) / 1e-6, `${file} ${truth.ch_names[c]} stored std`);
      });
      truth.fingerprint.first5_first3ch.forEach((row, c) => row.forEach((v, i) => expectClose(raw.data[c][i], v, 1e-6, 1e-12, `${file} sample ${c},${i}`)));
    });
  }

  it('reads the header without sample data and agrees with the full read', async () => {
    const h = await readEdfHeader(dataFile('S001R04.edf'));
    const truth = loadTruth('S001R04.edf');
    expect(h.format).toBe('EDF+');
    expect(h.channels.map((c) => c.name)).toEqual(truth.ch_names);
    expect(h.annotations.length).toBe(30);
    expect('data' in h).toBe(false);
  });

  it('keeps PhysioNet trailing dots and excludes the annotation signal', async () => {
    const layout = await readEdfLayout(dataFile('S001R04.edf'));
    expect(layout.channels.map((c) => c.name)).toContain('Fc5.');
    expect(layout.channels.map((c) => c.name)).toContain('Iz..');
    expect(layout.annotationSignals).toEqual([64]);
    expect(layout.signals[64].samplesPerRecord).toBe(80);
  });

  it('reads a window equal to the same span of the full read, touching only the records it needs', async () => {
    const full = await readEdf(dataFile('S001R04.edf'));
    const win = await readEdf(dataFile('S001R04.edf'), { start: 1234, stop: 2345 });
    expect(win.firstSample).toBe(1234);
    expect(win.data[0].length).toBe(1111);
    for (const c of [0, 17, 63]) expect(Array.from(win.data[c])).toEqual(Array.from(full.data[c].subarray(1234, 2345)));
    expect(win.annotations).toEqual(full.annotations);
    await expect(readEdf(dataFile('S001R04.edf'), { start: 0, stop: 20001 })).rejects.toThrow(/window/);
  });

  it('brings the 12.8 Hz channel to 100 Hz like MNE and keeps its own-rate samples', async () => {
    const truth = loadTruth('test_uneven_samp.edf');
    const raw = await readEdf(dataFile('test_uneven_samp.edf'));
    const native = truth.native_rate_channels!;
    expect(raw.channels[1].ownSfreq).toBe(12.8);
    const own = raw.ownRate![1]!;
    expect(own.length).toBe(native[1].n_times);
    native[1].first5.forEach((v, i) => expectClose(own[i], v, 1e-6, 0, `own-rate sample ${i}`));
    const s = channelStats([own]);
    expectClose(s.mean[0], native[1].mean, 1e-6, 0, 'own-rate mean');
    expectClose(s.std[0], native[1].std, 1e-6, 0, 'own-rate std');
    expect(raw.ownRate![0]).toBeUndefined();
  });

  it('masks the BDF Status channel to 17 bits as raw digital values', async () => {
    const raw = await readEdf(dataFile('test_bdf_stim_channel.bdf'));
    const status = raw.data[raw.channels.findIndex((c) => c.type === 'stim')];
    expect(status.every((v) => Number.isInteger(v) && v >= 0 && v < 2 ** 17)).toBe(true);
    expect(new Set(status).size).toBeGreaterThan(1);
  });
});
