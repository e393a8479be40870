import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifest, maxRelErr, readRows } from './goldenData';
import { testDataDir } from '../helpers/paths';
import { f64, goldenRecording, studyWith } from './fixtures';
import { syntheticRecording } from '../helpers/synthetic';
import { designFir } from '../../../src/core/signal/firDesign';
import { firRows } from '../../../src/core/signal/rows';
import type { Recording } from '../../../src/core/io/types';

const TOL = 1e-6;
const T1T2 = { samples: [160, 333, 1000, 1000, 4700], codes: [1, 2, 1, 2, 2], eventId: { T1: 1, T2: 2 } };

describe('preprocessing tools through the registry (golden MNE outputs)', () => {
  it('apply_bandpass_filter (FIR default) reproduces MNE and records the exact design', async () => {
    const h = studyWith([goldenRecording(160)]);
    const r = await h.call('apply_bandpass_filter', { low_freq: 8, high_freq: 30 });
    expect(r.type, r.content).toBe('text');
    const rec = h.study.state.recordings[0];
    expect(maxRelErr(f64(rec.data), readRows('fir_bandpass_8_30_160.f64', 8))).toBeLessThan(TOL);
    const e = h.study.state.history[0];
    expect(e.op).toBe('bandpass_filter');
    expect(e.shape).toEqual([[8, 4800]]);
    expect(e.design).toMatchObject({
      method: 'fir',
      filter_length: 265,
      l_trans_bandwidth: 2,
      h_trans_bandwidth: 7.5,
      window: 'hamming',
      phase: 'zero',
      pad: 'reflect_limited',
      cutoff_minus_6db: [7, 33.75],
    });
    expect(e.design!.mne_log).toBe(manifest.params['160'].fir_bandpass_8_30.mne_log);
    expect(h.study.stage).toBe('data_loaded');
  });

  it('FIR at 250 Hz uses 413 taps and matches', async () => {
    const h = studyWith([goldenRecording(250)]);
    await h.call('apply_bandpass_filter', { low_freq: 8, high_freq: 30 });
    expect(h.study.state.history[0].design!.filter_length).toBe(413);
    expect(maxRelErr(f64(h.study.state.recordings[0].data), readRows('fir_bandpass_8_30_250.f64', 8))).toBeLessThan(TOL);
  });

  it("apply_bandpass_filter method 'iir' uses MNE's Butterworth SOS and padlen (truth: 80 at 160 Hz)", async () => {
    const truth = JSON.parse(readFileSync(join(testDataDir, 'truth/S001R04.edf.pipeline.json'), 'utf8'));
    const h = studyWith([goldenRecording(160)]);
    const before = f64(h.study.state.recordings[0].data);
    const r = await h.call('apply_bandpass_filter', { low_freq: 8, high_freq: 30, method: 'iir' });
    expect(r.type, r.content).toBe('text');
    const d = h.study.state.history[0].design!;
    expect(d.padlen).toBe(truth.filters.iir.padlen);
    const sos = d.sos as number[][];
    sos.forEach((row, s) => row.forEach((v, j) => expect(Math.abs(v - truth.filters.iir.sos[s][j])).toBeLessThan(1e-12)));
    // output differs from input and is band-limited: its power below 4 Hz is tiny compared to the input's
    const after = h.study.state.recordings[0].data[0];
    expect(maxRelErr([Float64Array.from(after)], [before[0]])).toBeGreaterThan(0.1);
  });

  it('apply_notch_filter 50 Hz matches MNE (harmonics below Nyquist)', async () => {
    const h = studyWith([goldenRecording(250)]);
    await h.call('apply_notch_filter', { freq: 50 });
    expect(maxRelErr(f64(h.study.state.recordings[0].data), readRows('notch50_250.f64', 8))).toBeLessThan(TOL);
    expect(h.study.state.history[0].design).toMatchObject({ freqs: [50, 100], filter_length: manifest.params['250'].notch50.filter_length });
  });

  it('resample_data matches MNE and re-indexes events round(sample·new/old)', async () => {
    const h = studyWith([goldenRecording(160, T1T2)]);
    await h.call('resample_data', { rate: 128 });
    const rec = h.study.state.recordings[0];
    expect(rec.sfreq).toBe(128);
    expect(rec.nTimes).toBe(3840);
    expect(maxRelErr(f64(rec.data), readRows('resample_to_128_160.f64', 8))).toBeLessThan(TOL);
    // 333·0.8 = 266.4 → 266; 4700·0.8 = 3760
    expect(Array.from(rec.events.samples)).toEqual([128, 266, 800, 800, 3760]);
    expect(h.study.state.loadedEvents[0].samples[1]).toBe(333);
  });

  it('set_reference average is the common average reference', async () => {
    const h = studyWith([goldenRecording(160)]);
    await h.call('set_reference', { method: 'average' });
    expect(maxRelErr(f64(h.study.state.recordings[0].data), readRows('car_160.f64', 8))).toBeLessThan(TOL);
  });

  it('set_reference to one channel (dot-insensitive) flattens it and subtracts it from the others', async () => {
    const h = studyWith([goldenRecording(160)]);
    const x = f64(h.study.state.recordings[0].data);
    await h.call('set_reference', { method: 'cz' });
    const y = h.study.state.recordings[0].data;
    expect(Math.max(...Array.from(y[2]).map(Math.abs))).toBe(0);
    expect(y[0][100]).toBeCloseTo(x[0][100] - x[2][100], 6);
  });

  it('select_channels matches C3 to C3.. and keeps the requested order', async () => {
    const h = studyWith([goldenRecording(160)]);
    const orig = h.study.state.recordings[0];
    await h.call('select_channels', { channels: ['cz', 'C3'] });
    const rec = h.study.state.recordings[0];
    expect(rec.channels.map((c) => c.name)).toEqual(['Cz..', 'C3..']);
    expect(rec.data[0]).toBe(orig.data[2]);
    expect(h.study.state.history[0].shape).toEqual([[2, 4800]]);
  });

  it('normalize_data z-score gives zero mean and unit std per channel; min-max spans [0, 1]', async () => {
    const h = studyWith([goldenRecording(160)]);
    await h.call('normalize_data', { method: 'z-score' });
    for (const row of h.study.state.recordings[0].data) {
      const m = row.reduce((a, b) => a + b, 0) / row.length;
      const sd = Math.sqrt(row.reduce((a, b) => a + (b - m) ** 2, 0) / row.length);
      expect(Math.abs(m)).toBeLessThan(1e-6);
      expect(Math.abs(sd - 1)).toBeLessThan(1e-5);
    }
    await h.call('normalize_data', { method: 'min-max' });
    const row = h.study.state.recordings[0].data[3];
    expect(Math.min(...row)).toBe(0);
    expect(Math.max(...row)).toBeCloseTo(1, 6);
  });

  it('set_montage assigns standard_1020 positions to PhysioNet names', async () => {
    const h = studyWith([goldenRecording(160)]);
    const r = await h.call('set_montage', { montage_name: 'standard_1020' });
    expect(r.type, r.content).toBe('text');
    const ch = h.study.state.recordings[0].channels;
    expect(ch.every((c) => Array.isArray(c.loc))).toBe(true);
    // C3 is on the left (x < 0), C4 on the right, Cz on the midline
    expect(ch[1].loc![0]).toBeLessThan(-0.03);
    expect(ch[3].loc![0]).toBeGreaterThan(0.03);
    expect(Math.abs(ch[2].loc![0])).toBeLessThan(0.002);
    expect(h.study.state.montage).toBe('standard_1020');
  });

  it('apply_standard_preprocess runs band-pass → notch → resample → reference → normalise in one commit', async () => {
    const a = studyWith([goldenRecording(250)]);
    let commits = 0;
    a.study.onDidChange(() => commits++);
    const r = await a.call('apply_standard_preprocess', {
      l_freq: 8,
      h_freq: 30,
      notch_freq: 50,
      resample_rate: 128,
      rereference: 'average',
      normalize_method: 'z-score',
    });
    expect(r.type, r.content).toBe('text');
    expect(commits).toBe(1);
    expect(a.study.state.history.map((e) => e.op)).toEqual(['bandpass_filter', 'notch_filter', 'resample', 'set_reference', 'normalize']);
    const b = studyWith([goldenRecording(250)]);
    await b.call('apply_bandpass_filter', { low_freq: 8, high_freq: 30 });
    await b.call('apply_notch_filter', { freq: 50 });
    await b.call('resample_data', { rate: 128 });
    await b.call('set_reference', { method: 'average' });
    await b.call('normalize_data', { method: 'z-score' });
    expect(maxRelErr(f64(a.study.state.recordings[0].data), f64(b.study.state.recordings[0].data))).toBe(0);
  });
});

describe('refusals leave the Study unchanged', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['apply_bandpass_filter', { low_freq: 8, high_freq: 90 }, 'high_freq'],
    ['apply_bandpass_filter', { low_freq: 30, high_freq: 8 }, 'low_freq'],
    ['apply_bandpass_filter', { low_freq: 85, high_freq: 95 }, 'low_freq'],
    ['apply_notch_filter', { freq: 80 }, 'freq'],
    ['select_channels', { channels: ['C3', 'XYZ'] }, 'channels'],
    ['set_reference', { method: 'Q7' }, 'method'],
    ['epoch_data', { t_min: 2, t_max: 1 }, 't_max'],
    ['epoch_data', { t_min: 0, t_max: 1, event_id: ['T9'] }, 'event_id'],
    ['epoch_data', { t_min: 0, t_max: 40 }, 't_min'],
    // a baseline the user passes is checked and named (without one, a window without 0 s has none: issue 18)
    ['epoch_data', { t_min: 0.5, t_max: 1, baseline: [null, 0] }, 'baseline'],
    ['window_epoch', { duration: 60 }, 'duration'],
    ['window_epoch', { duration: 2, overlap: 2 }, 'overlap'],
    ['edit_events', { rename: { T7: 'x' } }, 'rename'],
    ['apply_standard_preprocess', { rereference: 'nope' }, 'rereference'],
    ['apply_standard_preprocess', { notch_freq: 100 }, 'notch_freq'],
    ['apply_standard_preprocess', { resample_rate: -5 }, 'resample_rate'],
    // the kernels name their own parameters; each tool's refusal names its own arguments (signal/params, tools/argNames)
    ['apply_bandpass_filter', { low_freq: 8, high_freq: 90, method: 'iir' }, 'high_freq'],
    ['apply_bandpass_filter', { low_freq: 30, high_freq: 8, method: 'iir' }, 'low_freq'],
    ['apply_standard_preprocess', { l_freq: 30, h_freq: 8 }, 'l_freq'],
    ['apply_standard_preprocess', { l_freq: 4, h_freq: 95 }, 'h_freq'],
    ['apply_standard_preprocess', { rereference: 'C3,C3' }, 'rereference'],
    ['select_channels', { channels: ['C3', 'C3'] }, 'channels'],
  ];
  for (const [tool, args, parameter] of cases) {
    it(`${tool}(${JSON.stringify(args)}) → invalid_arguments naming ${parameter}`, async () => {
      const h = studyWith([goldenRecording(160, T1T2)]);
      const before = h.study.state;
      const r = await h.call(tool, args);
      expect(r.type).toBe('error');
      expect(r.error?.code).toBe('invalid_arguments');
      expect(r.meta.parameter).toBe(parameter);
      expect(r.content).toContain(parameter);
      expect(r.content).not.toMatch(/\{[a-z_]+\}/);
      expect(h.study.state).toBe(before);
    });
  }
});

function ramp(): Recording {
  // channel c holds (c+1)·i µV so every epoch's samples are known exactly
  const r = syntheticRecording({ channels: 3, sfreq: 100, seconds: 20 });
  r.data = r.data.map((_, c) => Float32Array.from({ length: r.nTimes }, (_, i) => (c + 1) * i * 1e-6));
  r.events = { samples: Int32Array.from([10, 300, 300, 700, 1950]), codes: Int32Array.from([2, 1, 2, 2, 1]), eventId: { T1: 1, T2: 2 }, source: 'annotations' };
  return r;
}

describe('epoch_data, window_epoch, edit_events', () => {
  it('cuts epochs like mne.Epochs: duplicates and out-of-bounds dropped and reported, default baseline (None, 0)', async () => {
    const h = studyWith([ramp()]);
    const r = await h.call('epoch_data', { t_min: -0.2, t_max: 0.5 });
    expect(r.type, r.content).toBe('text');
    const e = h.study.state.epochs!;
    expect(h.study.stage).toBe('preprocessed');
    // 10 − 20 < 0 → dropped; 300 twice → second dropped; 1950 + 50 ≥ 2000 → dropped
    expect(Array.from(e.eventSample)).toEqual([300, 700]);
    expect(e.nTimes).toBe(71);
    expect(e.tmin).toBeCloseTo(-0.2, 12);
    expect(e.eventId).toEqual({ T1: 0, T2: 1 });
    expect(Array.from(e.labels)).toEqual([0, 1]);
    expect((r.meta.dropped as { reason: string }[]).map((d) => d.reason).sort()).toEqual(['DROP DUPLICATE', 'NO_DATA', 'NO_DATA']);
    expect(r.content).toContain('crossing the record boundary');
    // baseline (None, 0): mean over samples −20 … 0 of a ramp is the value at −10; channel 2 slope 3 µV/sample
    const v = e.data[(0 * 3 + 2) * 71 + 20];
    expect(v).toBeCloseTo(3 * 10 * 1e-6, 9);
    expect(e.baseline).toEqual([-0.2, 0]);
  });

  it('baseline null keeps the raw values; [a, b] uses that interval; event_id selects classes', async () => {
    const h = studyWith([ramp()]);
    await h.call('epoch_data', { t_min: 0, t_max: 1, baseline: null, event_id: ['T2'] });
    const e = h.study.state.epochs!;
    expect(Array.from(e.eventSample)).toEqual([10, 300, 700]);
    expect(e.eventId).toEqual({ T2: 0 });
    expect(e.data[0 * 3 * 101 + 5]).toBeCloseTo(15e-6, 12);
    await h.call('epoch_data', { t_min: 0, t_max: 1, baseline: [0.5, 1], event_id: ['t2'] });
    const b = h.study.state.epochs!;
    // mean of i over 50..100 is 75 → value at 0 is −75 µV on channel 0
    expect(b.data[0]).toBeCloseTo(-75e-6, 10);
    expect(h.study.state.history.map((x) => x.op)).toEqual(['epoch_data', 'epoch_data']);
  });

  it('preprocessing after epoching acts on the epochs (per trial × channel) and goes to epochHistory', async () => {
    const h = studyWith([goldenRecording(160, T1T2)]);
    await h.call('epoch_data', { t_min: 0, t_max: 4, baseline: null });
    const e0 = h.study.state.epochs!;
    await h.call('apply_bandpass_filter', { low_freq: 8, high_freq: 30 });
    const e1 = h.study.state.epochs!;
    const fir = designFir(160, 8, 30);
    const rows = (e: typeof e0) => Array.from({ length: e.nEpochs * e.nChannels }, (_, k) => e.data.subarray(k * e.nTimes, (k + 1) * e.nTimes));
    const want = rows(e0).map((r) => new Float64Array(r.length));
    firRows(rows(e0), want, fir);
    expect(
      maxRelErr(
        rows(e1).map((r) => Float64Array.from(r)),
        want,
      ),
    ).toBeLessThan(1e-6);
    expect(h.study.state.epochHistory.map((x) => x.op)).toEqual(['bandpass_filter']);
    await h.call('normalize_data', { method: 'z-score' });
    const z = h.study.state.epochs!.data.subarray(5 * 641, 6 * 641);
    expect(Math.abs(z.reduce((a, b) => a + b, 0) / 641)).toBeLessThan(1e-5);
    await h.call('resample_data', { rate: 128 });
    expect(h.study.state.epochs!.nTimes).toBe(513);
    expect(h.study.state.epochs!.sfreq).toBe(128);
  });

  it('window_epoch cuts make_fixed_length_epochs windows', async () => {
    const h = studyWith([ramp()]);
    const r = await h.call('window_epoch', { duration: 2, overlap: 1, label: 'rest' });
    expect(r.type, r.content).toBe('text');
    const e = h.study.state.epochs!;
    // stop = 2000 − 200; starts 0, 100, …, 1800
    expect(e.nEpochs).toBe(19);
    expect(e.nTimes).toBe(200);
    expect(e.eventSample[18]).toBe(1800);
    expect(e.eventId).toEqual({ rest: 0 });
    expect(e.data[(18 * 3 + 0) * 200 + 199]).toBeCloseTo(1999e-6, 9);
  });

  it('edit_events renames and merges classes on epochs and raw events', async () => {
    const h = studyWith([ramp()]);
    await h.call('epoch_data', { t_min: 0, t_max: 0.5, baseline: null });
    const r = await h.call('edit_events', { rename: { T1: 'move', T2: 'move' } });
    expect(r.type, r.content).toBe('text');
    const e = h.study.state.epochs!;
    expect(e.eventId).toEqual({ move: 0 });
    expect(Array.from(e.labels).every((l) => l === 0)).toBe(true);
    expect(h.study.state.recordings[0].events.eventId).toEqual({ move: 1 });
    expect(Array.from(h.study.state.recordings[0].events.codes)).toEqual([1, 1, 1, 1, 1]);
  });

  it('export_epochs writes X.npy (float32), y.npy (int64) and epochs.json', async () => {
    const h = studyWith([ramp()]);
    await h.call('apply_bandpass_filter', { low_freq: 1, high_freq: 20 });
    await h.call('epoch_data', { t_min: 0, t_max: 0.5, baseline: null });
    const r = await h.call('export_epochs', { path: 'out/ep' });
    expect(r.type, r.content).toBe('text');
    const dir = join(h.workspace, 'out/ep');
    const x = readFileSync(join(dir, 'X.npy'));
    expect(x.subarray(0, 6).toString('latin1')).toBe('\x93NUMPY');
    const hl = x.readUInt16LE(8);
    expect((10 + hl) % 64).toBe(0);
    const header = x.subarray(10, 10 + hl).toString('latin1');
    expect(header).toContain("'descr': '<f4'");
    expect(header).toContain("'shape': (3, 3, 51)");
    const body = new Float32Array(x.buffer.slice(x.byteOffset + 10 + hl, x.byteOffset + x.length));
    expect(Array.from(body)).toEqual(Array.from(h.study.state.epochs!.data));
    const y = readFileSync(join(dir, 'y.npy'));
    const yh = y.readUInt16LE(8);
    expect(y.subarray(10, 10 + yh).toString('latin1')).toContain("'descr': '<i8', 'fortran_order': False, 'shape': (3,)");
    expect(Array.from(new BigInt64Array(y.buffer.slice(y.byteOffset + 10 + yh, y.byteOffset + y.length)), Number)).toEqual(
      Array.from(h.study.state.epochs!.labels),
    );
    const meta = JSON.parse(readFileSync(join(dir, 'epochs.json'), 'utf8'));
    expect(meta).toMatchObject({ channels: ['C1', 'C2', 'C3'], sfreq: 100, tmin: 0, event_id: { T1: 0, T2: 1 } });
    expect(meta.history.map((x: { op: string }) => x.op)).toEqual(['bandpass_filter', 'epoch_data']);
    expect(meta.history[0].design.filter_length).toBe(331);
  });

  it('plot_epochs returns decimated µV traces with event markers, ERPs per class and a PSD', async () => {
    const h = studyWith([goldenRecording(160, T1T2)]);
    const raw = await h.call('plot_epochs', { kind: 'traces', start: 0, duration: 20, channels: ['C3'] });
    expect(raw.type).toBe('plot');
    const rp = raw.meta.render as { mime: string; data: { times: number[]; channels: string[]; traces: { data: number[][] }[]; markers: { label: string }[] } };
    expect(rp.mime).toBe('application/vnd.xbrain.epochs+json');
    expect(rp.data.channels).toEqual(['C3..']);
    expect(rp.data.times.length).toBeLessThanOrEqual(1000);
    expect(rp.data.markers.map((m) => m.label)).toEqual(['T1', 'T2', 'T1', 'T2']);
    // 20 s · 160 Hz = 3200 samples, decimated by 4; values in µV with 6 significant digits
    const want = h.study.state.recordings[0].data[1][4] * 1e6;
    expect(Math.abs(rp.data.traces[0].data[0][1] - want) / Math.abs(want)).toBeLessThan(1e-5);
    await h.call('epoch_data', { t_min: 0, t_max: 1, baseline: null });
    const erp = await h.call('plot_epochs', { kind: 'erp' });
    const ep = (erp.meta.render as { data: { erp: { label: string; count: number }[] } }).data;
    expect(ep.erp.map((e) => [e.label, e.count])).toEqual([
      ['T1', 2],
      ['T2', 1],
    ]);
    const psd = await h.call('plot_epochs', { kind: 'psd', channels: ['Cz'] });
    const p = psd.meta.psd as { freqs: number[]; values: number[][] };
    expect(p.freqs[1]).toBeCloseTo(160 / 161, 4);
    expect(p.values[0].every((v) => v >= 0)).toBe(true);
    expect(JSON.stringify(psd).length).toBeLessThan(20000);
  });
});
