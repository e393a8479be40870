import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeEdf } from '../../../src/core/io/edfWrite';
import { readEdf, readEdfLayout } from '../../../src/core/io/formats/edf';
import { parseNpy, parseNpz } from '../../../src/core/io/formats/npy';
import { crc32, encodeNpy, writeNpy, writeNpz } from '../../../src/core/io/npyWrite';
import { dataFile } from './truth';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'xbrain-write-'));

describe('EDF+ writer', () => {
  it('round-trips S001R04.edf: samples within half a quantisation step, annotations exact, names with dots kept', async () => {
    const src = await readEdf(dataFile('S001R04.edf'));
    const out = join(tmp(), 'copy.edf');
    writeEdf(out, { channels: src.channels, sfreq: src.sfreq, data: src.data, annotations: src.annotations, measDate: src.measDate });
    const back = await readEdf(out);
    expect(back.format).toBe('EDF+');
    expect(back.channels.map((c) => c.name)).toEqual(src.channels.map((c) => c.name));
    expect(back.nTimes).toBe(src.nTimes);
    expect(back.measDate).toBe(src.measDate);
    expect(back.annotations).toEqual(src.annotations);
    const layout = await readEdfLayout(out);
    for (let c = 0; c < src.data.length; c++) {
      const step = layout.cal[c] * layout.gain[c];
      let worst = 0,
        peak = 0;
      for (let i = 0; i < src.nTimes; i++) {
        worst = Math.max(worst, Math.abs(back.data[c][i] - src.data[c][i]));
        peak = Math.max(peak, Math.abs(src.data[c][i]));
      }
      // half a step, plus the float32 rounding of the values read back
      expect(worst).toBeLessThanOrEqual(step / 2 + peak * 2 ** -23);
      expect(step).toBeLessThan(0.05e-6); // 16 bits over the channel's range: finer than 0.05 µV here
    }
  });

  it('writes UTF-8 annotations with durations, overlapping ones and a stim channel; pads the last record', async () => {
    const sfreq = 100,
      n = 250;
    const eeg = Float32Array.from({ length: n }, (_, i) => 20e-6 * Math.sin(i / 5));
    const stim = Float32Array.from({ length: n }, (_, i) => (i >= 100 && i < 110 ? 3 : 0));
    const annotations = [
      { onset: 0.5, duration: 1.25, description: 'Ruhe – Augen zu' },
      { onset: 0.75, duration: 0, description: '顔' },
      { onset: 2.25, duration: 0.1, description: 'late' },
    ];
    const out = join(tmp(), 'small.edf');
    writeEdf(out, {
      channels: [
        { name: 'Cz', type: 'eeg', unit: 'V' },
        { name: 'Status', type: 'stim', unit: 'NA' },
      ],
      sfreq,
      data: [eeg, stim],
      annotations,
    });
    const back = await readEdf(out);
    expect(back.nTimes).toBe(300);
    expect(back.annotations).toEqual(annotations);
    expect(back.channels[1].type).toBe('stim');
    expect(Array.from(back.data[1].subarray(0, n))).toEqual(Array.from(stim));
    const layout = await readEdfLayout(out);
    expect(back.data[0].subarray(n).every((v) => Math.abs(v) <= (layout.cal[0] * layout.gain[0]) / 2)).toBe(true);
    back.data[0].subarray(0, n).forEach((v, i) => expect(Math.abs(v - eeg[i])).toBeLessThanOrEqual((layout.cal[0] * layout.gain[0]) / 2 + 1e-12));
  });

  it('window reads reuse the annotations of an unchanged file and notice a rewritten one', async () => {
    const out = join(tmp(), 'cache.edf');
    const ch = [{ name: 'Cz', type: 'eeg' as const, unit: 'V' }];
    const x = Float32Array.from({ length: 400 }, (_, i) => 1e-5 * Math.sin(i));
    writeEdf(out, { channels: ch, sfreq: 100, data: [x], annotations: [{ onset: 1, duration: 0, description: 'first' }] });
    expect((await readEdf(out, { start: 10, stop: 20 })).annotations.map((a) => a.description)).toEqual(['first']);
    expect((await readEdf(out, { start: 30, stop: 40 })).annotations.map((a) => a.description)).toEqual(['first']);
    writeEdf(out, { channels: ch, sfreq: 100, data: [x], annotations: [{ onset: 2, duration: 0, description: 'a much longer second annotation text' }] });
    expect((await readEdf(out, { start: 10, stop: 20 })).annotations.map((a) => a.description)).toEqual(['a much longer second annotation text']);
  });

  it('refuses what EDF cannot hold, naming the channel', () => {
    const out = join(tmp(), 'bad.edf');
    expect(() => writeEdf(out, { channels: [{ name: 'Status', type: 'stim', unit: 'NA' }], sfreq: 10, data: [Float32Array.from([0, 70000])] })).toThrow(
      /Status/,
    );
    expect(() => writeEdf(out, { channels: [{ name: 'Fz', type: 'eeg', unit: 'V' }], sfreq: 10, data: [Float32Array.from([0, NaN])] })).toThrow(/Fz/);
    expect(() => writeEdf(out, { channels: [{ name: 'Fz', type: 'eeg', unit: 'V' }], sfreq: 12.5, data: [new Float32Array(4)] })).toThrow(/whole number/);
  });
});

describe('NPY / NPZ writer', () => {
  it('writes numpy 1.0 headers padded to 64 bytes and round-trips through the NPY reader', () => {
    const x = Float32Array.from({ length: 2 * 3 * 4 }, (_, i) => i * 0.5 - 3);
    const bytes = encodeNpy({ data: x, shape: [2, 3, 4] });
    const headerLen = bytes[8] | (bytes[9] << 8);
    expect((10 + headerLen) % 64).toBe(0);
    expect(Buffer.from(bytes.subarray(10, 10 + headerLen)).toString('latin1')).toMatch(
      /^\{'descr': '<f4', 'fortran_order': False, 'shape': \(2, 3, 4\), \}\s*\n$/,
    );
    const back = parseNpy(bytes, 'x.npy');
    expect(back.shape).toEqual([2, 3, 4]);
    expect(Array.from(back.values!)).toEqual(Array.from(x));
    const y = BigInt64Array.from([1n, 2n, -3n]);
    const by = parseNpy(encodeNpy({ data: y, shape: [3] }), 'y.npy');
    expect(by.descr).toBe('<i8');
    expect(Array.from(by.values!)).toEqual([1, 2, -3]);
    expect(() => encodeNpy({ data: x, shape: [5, 5] })).toThrow(/shape/);
  });

  it('writes NPZ archives numpy can open (stored ZIP with CRCs) and the NPZ reader reads back', () => {
    const dir = tmp();
    const X = Float64Array.from([1.5, -2, 3e-6, 4]);
    const labels = Int32Array.from([1, 2, 2, 1]);
    writeNpz(join(dir, 'd.npz'), { X: { data: X, shape: [2, 2] }, y: { data: labels, shape: [4] } });
    const bytes = new Uint8Array(readFileSync(join(dir, 'd.npz')));
    const m = parseNpz(bytes, 'd.npz');
    expect([...m.keys()].sort()).toEqual(['X', 'y']);
    expect(Array.from(m.get('X')!.values!)).toEqual(Array.from(X));
    expect(m.get('y')!.shape).toEqual([4]);
    expect(Array.from(m.get('y')!.values!)).toEqual([1, 2, 2, 1]);
    writeNpy(join(dir, 'a.npy'), { data: labels, shape: [4] });
    expect(parseNpy(new Uint8Array(readFileSync(join(dir, 'a.npy'))), 'a.npy').descr).toBe('<i4');
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});
