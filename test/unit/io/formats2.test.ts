import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brainVisionReader } from '../../../src/core/io/formats/brainvision';
import { cntReader } from '../../../src/core/io/formats/cnt';
import { eeglabReader } from '../../../src/core/io/formats/eeglab';
import { egiReader } from '../../../src/core/io/formats/egi';
import { fifReader } from '../../../src/core/io/formats/fif';
import { matReader, readMat } from '../../../src/core/io/formats/mat';
import { npyReader } from '../../../src/core/io/formats/npy';
import type { FormatReader, RawContent } from '../../../src/core/io/formats/reader';
import { XBrainError } from '../../../src/core/errors';
import { dataFile, loadTruth, type Truth } from './truth';
import { inlineEeglabSet, matArray, matDoubleAsUint8, matFile, matStruct, npyBytes, zipBytes } from './fuzz/fixtures';

const truth = loadTruth;
const data = dataFile;

function stats(x: ArrayLike<number>): { mean: number; std: number } {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i];
  const mean = s / x.length;
  let v = 0;
  for (let i = 0; i < x.length; i++) v += (x[i] - mean) ** 2;
  return { mean, std: Math.sqrt(v / x.length) };
}

function closeRel(actual: number, expected: number, rel = 1e-6, abs = 0): void {
  const tol = Math.max(rel * Math.abs(expected), abs);
  if (!(Math.abs(actual - expected) <= tol)) throw new Error(`expected ${expected}, got ${actual} (tol ${tol})`);
}

/** The §6 inspect contract against MNE truth: names, types, sfreq, nTimes, annotations, per-channel mean/std. */
function expectMatchesTruth(rec: RawContent, t: Truth): void {
  expect(rec.channels.map((c) => c.name)).toEqual(t.ch_names);
  expect(rec.channels.map((c) => c.type)).toEqual(t.ch_types);
  expect(rec.sfreq).toBe(t.sfreq);
  expect(rec.nTimes).toBe(t.n_times);
  expect(rec.data.length).toBe(t.ch_names.length);
  expect(rec.annotations.map((a) => a.description)).toEqual(t.annotations.map((a) => a.description));
  rec.annotations.forEach((a, i) => {
    expect(Math.abs(a.onset - t.annotations[i].onset)).toBeLessThanOrEqual(1e-6);
    expect(Math.abs(a.duration - t.annotations[i].duration)).toBeLessThanOrEqual(1e-6);
  });
  expect(rec.exactStats).toBeDefined();
  rec.data.forEach((ch, c) => {
    expect(ch.length).toBe(t.n_times);
    // the §6 numbers: float64 statistics within 1e-6 relative
    closeRel(rec.exactStats!.mean[c], t.fingerprint.mean[c], 1e-6, 1e-300);
    closeRel(rec.exactStats!.std[c], t.fingerprint.std[c], 1e-6, 1e-300);
    // the float32 samples themselves: within float32 resolution of the channel's scale
    const s = stats(ch);
    closeRel(s.mean, t.fingerprint.mean[c], 1e-6, 1e-6 * t.fingerprint.std[c]);
    closeRel(s.std, t.fingerprint.std[c], 1e-6);
  });
  t.fingerprint.first5_first3ch.forEach((row, c) => row.forEach((v, i) => closeRel(rec.data[c][i], v, 1e-6, 1e-12)));
}

async function expectTypedError(p: Promise<unknown>, code: string, ...mentions: string[]): Promise<XBrainError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(XBrainError);
  const x = e as XBrainError;
  expect(x.code).toBe(code);
  for (const m of mentions) expect(x.message).toContain(m);
  return x;
}

async function expectHeaderAndWindow(reader: FormatReader, file: string, t: Truth): Promise<void> {
  const h = await reader.readHeader(file);
  expect(h.nTimes).toBe(t.n_times);
  expect(h.channels.map((c) => c.name)).toEqual(t.ch_names);
  expect('data' in h).toBe(false);
  const full = await reader.read(file);
  const start = Math.floor(t.n_times / 3);
  const stop = Math.min(t.n_times, start + 50);
  const win = await reader.read(file, { start, stop });
  expect(win.firstSample).toBe(start);
  win.data.forEach((ch, c) => expect(Array.from(ch)).toEqual(Array.from(full.data[c].subarray(start, stop))));
}

const tmp = mkdtempSync(join(tmpdir(), 'xbrain-formats2-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('MAT v5 (readMat)', () => {
  it('reads test_edf_eeglab.mat exactly as scipy.io.loadmat (shape, dtype, values, row statistics)', async () => {
    const t = truth('test_edf_eeglab.mat');
    const mat = await readMat(data('test_edf_eeglab.mat'));
    expect(mat.headerText).toContain('MATLAB 5.0 MAT-file');
    for (const tv of t.mat!.variables) {
      const v = mat.variables[tv.name];
      expect(v.kind).toBe('numeric');
      if (v.kind !== 'numeric') continue;
      expect(v.dims).toEqual(tv.shape);
      expect(v.className).toBe(tv.dtype === 'float32' ? 'single' : 'double');
      const [rows, cols] = v.dims;
      tv.first5_first3rows.forEach((row, r) => row.forEach((x, j) => expect(v.data[j * rows + r]).toBe(x)));
      for (let r = 0; r < rows; r++) {
        const row = new Float64Array(cols);
        for (let j = 0; j < cols; j++) row[j] = v.data[j * rows + r];
        const s = stats(row);
        closeRel(s.mean, tv.row_mean[r], 1e-9, 1e-12);
        closeRel(s.std, tv.row_std[r], 1e-9);
      }
    }
  });

  it('reads structs, cells and char arrays (EEGLAB EEG struct)', async () => {
    const mat = await readMat(data('eeglab_data.set'));
    const eeg = mat.variables.EEG;
    expect(eeg.kind).toBe('struct');
    if (eeg.kind !== 'struct') return;
    const f = eeg.elements[0];
    expect(f.setname).toEqual({ kind: 'char', dims: [1, 19], rows: ['Continuous EEG Data'] });
    expect(f.chanlocs.kind === 'struct' && f.chanlocs.elements.length).toBe(32);
    expect(f.eventdescription.kind).toBe('cell');
    expect(f.comments.kind === 'char' && f.comments.rows.length).toBe(6);
  });

  it('decompresses miCOMPRESSED variables and agrees with the uncompressed layout', async () => {
    const src = await readMat(data('test_edf_eeglab.mat'));
    const v = src.variables.data;
    if (v.kind !== 'numeric') throw new Error('data');
    const els = [matArray('data', v.dims, v.data), matArray('sfreq', [1, 1], new Float64Array([512]))];
    for (const compress of [false, true]) {
      const p = join(tmp, `arr_${compress}.mat`);
      writeFileSync(p, matFile(els, compress));
      const m = await readMat(p);
      expect(m.names).toEqual(['data', 'sfreq']);
      const d = m.variables.data;
      expect(d.kind === 'numeric' && Array.from(d.data.subarray(0, 1000))).toEqual(Array.from(v.data.subarray(0, 1000)));
    }
  });

  it('gives a typed "not supported yet" error for MAT v7.3 (HDF5) naming the file', async () => {
    const p = join(tmp, 'v73.mat');
    const head = new Uint8Array(512);
    head.set(new TextEncoder().encode('MATLAB 7.3 MAT-file, Platform: GLNXA64, HDF5 schema 1.00 .'), 0);
    new DataView(head.buffer).setUint16(124, 0x0200, true);
    head[126] = 'I'.charCodeAt(0);
    head[127] = 'M'.charCodeAt(0);
    head.set([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a], 512 - 8);
    writeFileSync(p, head);
    const e = await expectTypedError(readMat(p), 'not_implemented', p, 'v7.3', 'not supported yet');
    expect(e.details.field).toBe('MAT version');
  });

  it('rejects truncated files and absurd dimensions with typed errors', async () => {
    const bytes = readFileSync(data('test_edf_eeglab.mat'));
    const cut = join(tmp, 'cut.mat');
    writeFileSync(cut, bytes.subarray(0, 5000));
    await expectTypedError(readMat(cut), 'bad_file', cut);
    const p = join(tmp, 'absurd.mat');
    const els = [matArray('data', [100000, 100000], new Float64Array(4))];
    writeFileSync(p, matFile(els, false));
    await expectTypedError(readMat(p), 'bad_file', p, 'dimensions');
  });
});

describe('MAT v5 arrays as a recording (matReader)', () => {
  it('reads data + sfreq variables as channels x times, equal to the stored rows', async () => {
    const t = truth('test_edf_eeglab.mat').mat!.variables[0];
    const src = await readMat(data('test_edf_eeglab.mat'));
    const v = src.variables.data;
    if (v.kind !== 'numeric') throw new Error('data');
    const p = join(tmp, 'rec.mat');
    writeFileSync(p, matFile([matArray('data', v.dims, v.data), matArray('sfreq', [1, 1], new Float64Array([512]))], true));
    const rec = await matReader.read(p);
    expect(rec.sfreq).toBe(512);
    expect(rec.nTimes).toBe(3072);
    expect(rec.channels.length).toBe(139);
    rec.data.forEach((ch, r) => {
      const s = stats(ch);
      closeRel(s.mean, t.row_mean[r], 1e-9, 1e-12);
      closeRel(s.std, t.row_std[r], 1e-9);
    });
    const h = await matReader.readHeader(p);
    expect(h.nTimes).toBe(3072);
    expect('data' in h).toBe(false);
  });

  it('says that a MAT file without a sampling rate cannot be a recording', async () => {
    const e = await expectTypedError(matReader.read(data('test_edf_eeglab.mat')), 'bad_file', 'test_edf_eeglab.mat', 'sfreq');
    expect(e.details.field).toBe('sfreq');
  });
});

describe('EEGLAB .set', () => {
  const file = data('eeglab_data.set');
  it('matches MNE (data in the .fdt, events latency - 1, µV to V)', async () => {
    expectMatchesTruth(await eeglabReader.read(file), truth('eeglab_data.set'));
  });

  it('reads the header without the data and a window equal to the full read', async () => {
    await expectHeaderAndWindow(eeglabReader, file, truth('eeglab_data.set'));
  });

  it('carries channel locations from chanlocs as MNE does ([-Y, X, Z] with montage_units mm)', async () => {
    const h = await eeglabReader.readHeader(file);
    const mat = await readMat(file);
    const eeg = mat.variables.EEG;
    if (eeg.kind !== 'struct') throw new Error('EEG');
    const locs = eeg.elements[0].chanlocs;
    if (locs.kind !== 'struct') throw new Error('chanlocs');
    expect(h.channels.every((c) => c.loc)).toBe(true);
    h.channels.forEach((c, i) => {
      const num = (k: string): number => {
        const v = locs.elements[i][k];
        return v.kind === 'numeric' ? v.data[0] : NaN;
      };
      expect(c.loc![0]).toBeCloseTo(-num('Y') / 1000, 15);
      expect(c.loc![1]).toBeCloseTo(num('X') / 1000, 15);
      expect(c.loc![2]).toBeCloseTo(num('Z') / 1000, 15);
      // this sample file stores positions on the unit sphere, which MNE reads as 1 mm
      expect(Math.hypot(...c.loc!)).toBeCloseTo(1e-3, 6);
    });
  });

  async function inlineSet(trials = 1): Promise<string> {
    const dir = mkdtempSync(join(tmp, 'inline-'));
    const p = join(dir, 'inline.set');
    writeFileSync(p, await inlineEeglabSet(file, data('eeglab_data.fdt'), { trials }));
    return p;
  }

  it('reads data stored inside the .set (compressed MAT) the same as from the .fdt', async () => {
    const p = await inlineSet();
    const rec = await eeglabReader.read(p);
    expectMatchesTruth(rec, truth('eeglab_data.set'));
    const h = await eeglabReader.readHeader(p);
    expect(h.channels.map((c) => c.loc)).toEqual(rec.channels.map((c) => c.loc));
    const win = await eeglabReader.read(p, { start: 5000, stop: 5020 });
    const full = await eeglabReader.read(file);
    win.data.forEach((ch, c) => expect(Array.from(ch)).toEqual(Array.from(full.data[c].subarray(5000, 5020))));
  });

  it('names numeric event types as MNE prints them (compact integer storage "7", double storage "2.5", "3.0"), onsets (latency - 1) / srate', async () => {
    const d = (x: number) => (n: string) => matArray(n, [1, 1], new Float64Array([x]));
    const el = matStruct(
      'EEG',
      ['nbchan', 'trials', 'pnts', 'srate', 'data', 'chanlocs', 'event'],
      [
        {
          nbchan: d(1),
          trials: d(1),
          pnts: d(100),
          srate: d(50),
          data: (n) =>
            matArray(
              n,
              [1, 100],
              Float32Array.from({ length: 100 }, (_, i) => i),
            ),
          chanlocs: (n) => matArray(n, [0, 0], new Float64Array(0)),
          event: (n) =>
            matStruct(
              n,
              ['type', 'latency'],
              [
                { type: (m) => matDoubleAsUint8(m, [1, 1], [7]), latency: d(11) },
                { type: d(2.5), latency: d(1.5) },
                { type: d(3), latency: d(100) },
              ],
            ),
        },
      ],
    );
    const p = join(mkdtempSync(join(tmp, 'numev-')), 'numev.set');
    writeFileSync(p, matFile([el], false));
    const rec = await eeglabReader.read(p);
    expect(rec.channels).toEqual([{ name: 'EEG 000', type: 'eeg', unit: 'V' }]);
    expect(rec.annotations).toEqual([
      { onset: 0.5 / 50, duration: 0, description: '2.5' },
      { onset: 10 / 50, duration: 0, description: '7' },
      { onset: 99 / 50, duration: 0, description: '3.0' },
    ]);
    expect(rec.data[0][99]).toBeCloseTo(99e-6, 10);
  });

  it('an epoched .set (trials > 1) without EEG.epoch or events carrying an epoch field is a typed error naming EEG.epoch', async () => {
    // epoched files are read (test/unit/io/epoched.test.ts); this one claims 3 trials but says nothing about them
    await expectTypedError(eeglabReader.read(await inlineSet(3)), 'bad_file', 'inline.set', 'EEG.epoch');
  });

  it('names the missing .fdt companion', async () => {
    const dir = mkdtempSync(join(tmp, 'nofdt-'));
    const p = join(dir, 'eeglab_data.set');
    copyFileSync(file, p);
    await expectTypedError(eeglabReader.read(p), 'not_found', 'eeglab_data.fdt');
  });

  it('names a truncated .fdt', async () => {
    const dir = mkdtempSync(join(tmp, 'shortfdt-'));
    const p = join(dir, 'eeglab_data.set');
    copyFileSync(file, p);
    writeFileSync(join(dir, 'eeglab_data.fdt'), readFileSync(data('eeglab_data.fdt')).subarray(0, 1000));
    await expectTypedError(eeglabReader.read(p), 'bad_file', 'eeglab_data.fdt', 'EEG.data');
  });
});

describe('BrainVision', () => {
  const file = data('test.vhdr');
  const vhdrText = readFileSync(file, 'utf8');
  const vmrk = readFileSync(data('test.vmrk'));
  const raw16 = readFileSync(data('test.eeg'));
  const nch = 32;
  const nt = raw16.length / 2 / nch;
  const int16 = new Int16Array(raw16.buffer.slice(raw16.byteOffset, raw16.byteOffset + raw16.length));

  /** A copy of test.vhdr with its binary layout changed and the samples re-encoded accordingly. */
  function variant(name: string, fmt: 'INT_16' | 'INT_32' | 'IEEE_FLOAT_32', orient: 'MULTIPLEXED' | 'VECTORIZED', resolution?: string): string {
    const dir = mkdtempSync(join(tmp, `bv-${name}-`));
    let text = vhdrText.replace(/^BinaryFormat=.*$/m, `BinaryFormat=${fmt}`).replace(/^DataOrientation=.*$/m, `DataOrientation=${orient}`);
    if (resolution) text = text.replace(/^(Ch\d+=[^,]*,[^,]*,)0\.5/gm, `$1${resolution}`);
    writeFileSync(join(dir, 'test.vhdr'), text);
    writeFileSync(join(dir, 'test.vmrk'), vmrk);
    const factor = resolution ? 0.5 / Number(resolution) : 1;
    const bps = fmt === 'INT_16' ? 2 : 4;
    const out = new DataView(new ArrayBuffer(nt * nch * bps));
    for (let t = 0; t < nt; t++) {
      for (let c = 0; c < nch; c++) {
        const v = int16[t * nch + c] * factor;
        const o = (orient === 'MULTIPLEXED' ? t * nch + c : c * nt + t) * bps;
        if (fmt === 'INT_16') out.setInt16(o, v, true);
        else if (fmt === 'INT_32') out.setInt32(o, v, true);
        else out.setFloat32(o, v, true);
      }
    }
    writeFileSync(join(dir, 'test.eeg'), new Uint8Array(out.buffer));
    return join(dir, 'test.vhdr');
  }

  it('matches MNE (INT_16 multiplexed, resolution 0.5, non-voltage channels as misc, markers)', async () => {
    const rec = await brainVisionReader.read(file);
    expectMatchesTruth(rec, truth('test.vhdr'));
    expect(rec.measDate).toBe(truth('test.vhdr').meas_date);
    expect(rec.channels[28]).toEqual({ name: 'HL', type: 'misc', unit: 'ARU' });
  });

  it('reads the header without data and a window equal to the full read', async () => {
    await expectHeaderAndWindow(brainVisionReader, file, truth('test.vhdr'));
  });

  it.each([
    ['int32-vectorized', 'INT_32', 'VECTORIZED', undefined],
    ['float32-multiplexed', 'IEEE_FLOAT_32', 'MULTIPLEXED', undefined],
    ['float32-vectorized-res0.1', 'IEEE_FLOAT_32', 'VECTORIZED', '0.1'],
    ['int16-vectorized', 'INT_16', 'VECTORIZED', undefined],
  ] as const)('reads the same samples re-encoded as %s', async (name, fmt, orient, res) => {
    const t = truth('test.vhdr');
    const p = variant(name, fmt, orient, res);
    const rec = await brainVisionReader.read(p);
    expectMatchesTruth(rec, t);
    const win = await brainVisionReader.read(p, { start: 100, stop: 140 });
    const full = await brainVisionReader.read(file);
    win.data.forEach((ch, c) => ch.forEach((v, i) => closeRel(v, full.data[c][100 + i], 1e-6, 1e-12)));
  });

  it.each([
    ['.', ' '],
    [',', ' '],
  ] as const)('reads multiplexed ASCII data (decimal symbol "%s") like the binary file', async (decimal, sep) => {
    const dir = mkdtempSync(join(tmp, 'bv-ascii-'));
    const text = vhdrText
      .replace(/^DataFormat=.*$/m, 'DataFormat=ASCII')
      .replace(/^\[Binary Infos\][^[]*/m, `[ASCII Infos]\nDecimalSymbol=${decimal}\nSkipLines=1\nSkipColumns=0\n\n`)
      .replace(/^(Ch\d+=[^,]*,[^,]*,)0\.5/gm, '$10.25');
    writeFileSync(join(dir, 'test.vhdr'), text);
    writeFileSync(join(dir, 'test.vmrk'), vmrk);
    const lines = ['channel names would be here'];
    for (let t = 0; t < nt; t++) {
      const row: string[] = [];
      for (let c = 0; c < nch; c++) row.push((int16[t * nch + c] * 2).toFixed(1).replace('.', decimal));
      lines.push(row.join(sep));
    }
    writeFileSync(join(dir, 'test.eeg'), lines.join('\r\n') + '\r\n');
    const rec = await brainVisionReader.read(join(dir, 'test.vhdr'));
    expectMatchesTruth(rec, truth('test.vhdr'));
  });

  it('names a missing .eeg or .vmrk companion', async () => {
    const dir = mkdtempSync(join(tmp, 'bv-missing-'));
    writeFileSync(join(dir, 'test.vhdr'), vhdrText);
    await expectTypedError(brainVisionReader.read(join(dir, 'test.vhdr')), 'not_found', 'test.eeg', 'DataFile');
    writeFileSync(join(dir, 'test.eeg'), raw16);
    await expectTypedError(brainVisionReader.read(join(dir, 'test.vhdr')), 'not_found', 'test.vmrk', 'MarkerFile');
  });

  it('rejects bad header fields and non-UTF-8 labels with typed errors naming the field', async () => {
    const dir = mkdtempSync(join(tmp, 'bv-bad-'));
    writeFileSync(join(dir, 'test.eeg'), raw16);
    writeFileSync(join(dir, 'test.vmrk'), vmrk);
    const p = join(dir, 'test.vhdr');
    const cases: [string, string, string][] = [
      [vhdrText.replace(/^NumberOfChannels=.*$/m, 'NumberOfChannels=-3'), 'bad_file', 'NumberOfChannels'],
      [vhdrText.replace(/^NumberOfChannels=.*$/m, 'NumberOfChannels=33'), 'bad_file', 'Ch33'],
      [vhdrText.replace(/^SamplingInterval=.*$/m, 'SamplingInterval=0'), 'bad_file', 'SamplingInterval'],
      [vhdrText.replace(/^BinaryFormat=.*$/m, 'BinaryFormat=UINT_8'), 'not_implemented', 'BinaryFormat'],
      [vhdrText.replace(/^DataOrientation=.*$/m, 'DataOrientation=SIDEWAYS'), 'not_implemented', 'DataOrientation'],
      [vhdrText.replace(/^Ch2=.*$/m, 'Ch2=FP2,,abc,µV'), 'bad_file', 'resolution'],
    ];
    for (const [text, code, field] of cases) {
      writeFileSync(p, text);
      await expectTypedError(brainVisionReader.read(p), code, p, field);
    }
    writeFileSync(p, vhdrText);
    writeFileSync(join(dir, 'test.vmrk'), vmrk.toString('utf8').replace('Mk4=Event,254,1770,1,0', 'Mk4=Event,254,17x0,1,0'));
    await expectTypedError(brainVisionReader.read(p), 'bad_file', 'test.vmrk', 'Mk4 position');
    writeFileSync(join(dir, 'test.vmrk'), vmrk);
    const bytes = Buffer.from(vhdrText.replace('Ch1=FP1,', 'Ch1=FP\u00e91,'), 'utf8');
    const bad = Buffer.from(bytes);
    bad[bad.indexOf(Buffer.from('FP\u00e91', 'utf8')) + 2] = 0xe9; // a lone Latin-1 byte inside a UTF-8 file
    writeFileSync(p, bad);
    await expectTypedError(brainVisionReader.read(p), 'bad_file', p, 'UTF-8');
  });
});

describe('FIF raw', () => {
  const file = data('test_bin_raw.fif');
  it('matches MNE (meas info, cal x range, stim channel STI 014)', async () => {
    const rec = await fifReader.read(file);
    const t = truth('test_bin_raw.fif');
    expectMatchesTruth(rec, t);
    expect(rec.measDate).toBe(t.meas_date);
    expect(rec.channels[32]).toMatchObject({ name: 'STI 014', type: 'stim' });
  });

  it('reads the header without data and a window equal to the full read', async () => {
    await expectHeaderAndWindow(fifReader, file, truth('test_bin_raw.fif'));
  });

  /** test_bin_raw.fif with every data buffer (DAU_PACK16) re-encoded as another FIFF type; other tags copied. */
  function reencode(type: 2 | 3 | 4 | 5 | 20 | 21): string {
    const src = readFileSync(file);
    const parts: Buffer[] = [];
    let pos = 0;
    while (pos < src.length) {
      const kind = src.readInt32BE(pos),
        ttype = src.readInt32BE(pos + 4),
        size = src.readInt32BE(pos + 8),
        next = src.readInt32BE(pos + 12);
      const body = src.subarray(pos + 16, pos + 16 + size);
      if (kind === 300) {
        expect(ttype).toBe(16);
        const n = size / 2;
        const width = { 2: 2, 3: 4, 4: 4, 5: 8, 20: 8, 21: 16 }[type];
        const out = Buffer.alloc(n * width);
        for (let i = 0; i < n; i++) {
          const v = body.readInt16BE(2 * i);
          if (type === 2) out.writeInt16BE(v, 2 * i);
          else if (type === 3) out.writeInt32BE(v, 4 * i);
          else if (type === 4 || type === 20) out.writeFloatBE(v, width * i);
          else out.writeDoubleBE(v, width * i);
        }
        const head = Buffer.alloc(16);
        head.writeInt32BE(kind, 0);
        head.writeInt32BE(type, 4);
        head.writeInt32BE(out.length, 8);
        head.writeInt32BE(0, 12);
        parts.push(head, out);
      } else {
        parts.push(src.subarray(pos, pos + 16 + size));
      }
      if (next === -1) break;
      pos += 16 + size;
    }
    const p = join(tmp, `fif-type${type}.fif`);
    writeFileSync(p, Buffer.concat(parts));
    return p;
  }

  it('fills a data skip with zeros as MNE does, and refuses an absurd skip count', async () => {
    const src = readFileSync(file);
    const first = src.indexOf(Buffer.from([0, 0, 1, 44])); // kind 300 (FIFF_DATA_BUFFER), big-endian
    expect(src.readInt32BE(first)).toBe(300);
    const skip = (n: number): Buffer => {
      const b = Buffer.alloc(20);
      b.writeInt32BE(301, 0);
      b.writeInt32BE(3, 4);
      b.writeInt32BE(4, 8);
      b.writeInt32BE(0, 12);
      b.writeInt32BE(n, 16);
      return b;
    };
    const size = src.readInt32BE(first + 8);
    const second = first + 16 + size;
    const p = join(tmp, 'skip.fif');
    // a skip of 2 buffers before the second buffer
    writeFileSync(p, Buffer.concat([src.subarray(0, second), skip(2), src.subarray(second)]));
    const rec = await fifReader.read(p);
    const orig = await fifReader.read(file);
    const nsamp = size / 2 / 33;
    expect(rec.nTimes).toBe(orig.nTimes + 2 * nsamp);
    expect(Array.from(rec.data[0].subarray(0, nsamp))).toEqual(Array.from(orig.data[0].subarray(0, nsamp)));
    expect(rec.data[0].subarray(nsamp, 3 * nsamp).every((v) => v === 0)).toBe(true);
    expect(Array.from(rec.data[0].subarray(3 * nsamp, 4 * nsamp))).toEqual(Array.from(orig.data[0].subarray(nsamp, 2 * nsamp)));
    writeFileSync(p, Buffer.concat([src.subarray(0, second), skip(2_000_000_000), src.subarray(second)]));
    await expectTypedError(fifReader.read(p), 'bad_file', p, 'FIFF_DATA_SKIP');
  });

  it.each([2, 3, 4, 5, 20, 21] as const)('reads data buffers of FIFF type %i like the original', async (type) => {
    const rec = await fifReader.read(reencode(type));
    expectMatchesTruth(rec, truth('test_bin_raw.fif'));
  });

  it('rejects a non-FIF file, a truncated file and a broken tag size with typed errors', async () => {
    const bytes = readFileSync(file);
    const p = join(tmp, 'broken.fif');
    writeFileSync(p, readFileSync(data('test.vhdr')));
    await expectTypedError(fifReader.read(p), 'bad_file', p, 'file id');
    writeFileSync(p, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expectTypedError(fifReader.read(p), 'bad_file', p);
    const big = Buffer.from(bytes);
    big.writeInt32BE(0x7fffff00, 8); // size field of the first tag
    writeFileSync(p, big);
    await expectTypedError(fifReader.read(p), 'bad_file', p, 'size');
  });
});

describe('Neuroscan CNT', () => {
  const file = data('test.cnt');
  it('matches MNE (int16 detected from the event table position, block-interleaved samples, events)', async () => {
    const rec = await cntReader.read(file);
    const t = truth('test.cnt');
    expectMatchesTruth(rec, t);
    expect(rec.measDate).toBe(t.meas_date);
  });

  it('reads the header without data and a window equal to the full read', async () => {
    await expectHeaderAndWindow(cntReader, file, truth('test.cnt'));
  });

  it('reads the same recording re-encoded with int32 samples (size detected from numsamples, events re-addressed)', async () => {
    const src = readFileSync(file);
    const n = 2,
      dataStart = 900 + 75 * n;
    const evPos = src.readInt32LE(886);
    const nSamples = (evPos - dataStart) / (2 * n);
    const body = Buffer.alloc((evPos - dataStart) * 2);
    for (let i = 0; i < (evPos - dataStart) / 2; i++) body.writeInt32LE(src.readInt16LE(dataStart + 2 * i), 4 * i);
    const table = Buffer.from(src.subarray(evPos));
    const total = table.readInt32LE(1);
    for (let k = 9; k + 8 <= 9 + total; k += 8) table.writeInt32LE(dataStart + (table.readInt32LE(k + 4) - dataStart) * 2, k + 4);
    const head = Buffer.from(src.subarray(0, dataStart));
    head.writeInt32LE(nSamples, 864);
    head.writeInt32LE(dataStart + body.length, 886);
    head.writeInt32LE(src.readInt32LE(894) * 2, 894);
    const p = join(tmp, 'int32.cnt');
    writeFileSync(p, Buffer.concat([head, body, table]));
    const t = truth('test.cnt');
    const rec = await cntReader.read(p);
    expect(rec.nTimes).toBe(t.n_times);
    expect(rec.annotations).toEqual((await cntReader.read(file)).annotations);
    // the last partial 8-sample block is read past the data, from the event table (as MNE does), so it differs
    const whole = Math.floor(t.n_times / 8) * 8;
    const ref = await cntReader.read(file, { start: 0, stop: whole });
    const got = await cntReader.read(p, { start: 0, stop: whole });
    got.data.forEach((ch, c) => expect(Array.from(ch)).toEqual(Array.from(ref.data[c])));
  });

  it('rejects truncated files and absurd header counts with typed errors naming the field', async () => {
    const bytes = readFileSync(file);
    const p = join(tmp, 'bad.cnt');
    writeFileSync(p, bytes.subarray(0, 500));
    await expectTypedError(cntReader.read(p), 'bad_file', p, 'SETUP header');
    const many = Buffer.from(bytes);
    many.writeUInt16LE(60000, 370);
    writeFileSync(p, many);
    await expectTypedError(cntReader.read(p), 'bad_file', p, 'nchannels');
    const ev = Buffer.from(bytes);
    ev.writeUInt8(9, ev.readInt32LE(886));
    writeFileSync(p, ev);
    await expectTypedError(cntReader.read(p), 'bad_file', p, 'event table type');
    const label = Buffer.from(bytes);
    label[900] = 0xff;
    writeFileSync(p, label);
    await expectTypedError(cntReader.read(p), 'bad_file', p, 'electrode 1 label', 'UTF-8');
  });
});

describe('EGI simple binary', () => {
  const file = data('test_egi.raw');
  it('matches MNE (256 EEG, 6 event channels as stim, synthesized STI 014)', async () => {
    const rec = await egiReader.read(file);
    const t = truth('test_egi.raw');
    expectMatchesTruth(rec, t);
    expect(rec.measDate).toBe(t.meas_date);
  });

  it('reads the header (same channels as read) and a window equal to the full read', async () => {
    await expectHeaderAndWindow(egiReader, file, truth('test_egi.raw'));
  });

  it('rejects unknown versions, segmented files and absurd counts with typed errors', async () => {
    const bytes = readFileSync(file);
    const p = join(tmp, 'bad.raw');
    const cases: [number, number, 'i32' | 'i16', string, string][] = [
      [0, 99, 'i32', 'bad_file', 'version'],
      [0, 5, 'i32', 'not_implemented', 'version'],
      [30, 1_000_000, 'i32', 'bad_file', 'n_samples'],
      [30, -5, 'i32', 'bad_file', 'n_samples'],
      [22, -1, 'i16', 'bad_file', 'n_channels'],
      [20, 0, 'i16', 'bad_file', 'samp_rate'],
    ];
    for (const [off, value, kind, code, field] of cases) {
      const b = Buffer.from(bytes);
      if (kind === 'i32') b.writeInt32BE(value, off);
      else b.writeInt16BE(value, off);
      writeFileSync(p, b);
      await expectTypedError(egiReader.read(p), code, p, field);
    }
    writeFileSync(p, bytes.subarray(0, bytes.length - 100));
    await expectTypedError(egiReader.read(p), 'bad_file', p, 'n_samples');
  });
});

describe('NPY / NPZ', () => {
  const t = truth('eeglab_data.set');
  let chans: Float32Array[] = [];
  const nch = 32;
  const nt = t.n_times;
  async function eeg(): Promise<Float32Array[]> {
    if (chans.length === 0) chans = (await eeglabReader.read(data('eeglab_data.set'))).data;
    return chans;
  }
  function expectSameAsEeglab(rec: RawContent): void {
    expect(rec.nTimes).toBe(nt);
    expect(rec.data.length).toBe(nch);
    rec.data.forEach((ch, c) => {
      const s = stats(ch);
      closeRel(s.mean, t.fingerprint.mean[c], 1e-6, 1e-6 * t.fingerprint.std[c]);
      closeRel(s.std, t.fingerprint.std[c], 1e-6);
    });
  }

  it('reads a channels x times .npy with a sidecar rate, and a Fortran-order big-endian float64 one', async () => {
    const d = await eeg();
    const c = new Float32Array(nch * nt);
    d.forEach((ch, i) => c.set(ch, i * nt));
    const dir = mkdtempSync(join(tmp, 'npy-'));
    writeFileSync(join(dir, 'rec.npy'), npyBytes('<f4', [nch, nt], new Uint8Array(c.buffer)));
    await expectTypedError(npyReader.read(join(dir, 'rec.npy')), 'bad_file', 'rec.npy', 'sfreq');
    writeFileSync(join(dir, 'rec.json'), JSON.stringify({ sfreq: 128, ch_names: t.ch_names }));
    const rec = await npyReader.read(join(dir, 'rec.npy'));
    expect(rec.sfreq).toBe(128);
    expect(rec.channels.map((x) => x.name)).toEqual(t.ch_names);
    expectSameAsEeglab(rec);
    // times x channels stored in Fortran order as >f8: same matrix, other layout
    const f = new DataView(new ArrayBuffer(nch * nt * 8));
    d.forEach((ch, i) => ch.forEach((v, k) => f.setFloat64((i * nt + k) * 8, v, false)));
    writeFileSync(join(dir, 'fort.npy'), npyBytes('>f8', [nt, nch], new Uint8Array(f.buffer), true));
    writeFileSync(join(dir, 'fort.json'), JSON.stringify({ sfreq: 128 }));
    const rec2 = await npyReader.read(join(dir, 'fort.npy'));
    expectSameAsEeglab(rec2);
    const win = await npyReader.read(join(dir, 'fort.npy'), { start: 1000, stop: 1010 });
    expect(Array.from(win.data[5])).toEqual(Array.from(rec.data[5].subarray(1000, 1010)));
  });

  it.each([false, true])('reads an .npz (deflated: %s) with data, sfreq and ch_names members', async (deflate) => {
    const d = await eeg();
    const c = new Float32Array(nch * nt);
    d.forEach((ch, i) => c.set(ch, i * nt));
    const width = Math.max(...t.ch_names.map((s) => s.length));
    const names = new DataView(new ArrayBuffer(nch * width * 4));
    t.ch_names.forEach((s, i) => [...s].forEach((ch, k) => names.setUint32((i * width + k) * 4, ch.codePointAt(0)!, true)));
    const p = join(tmp, `rec_${deflate}.npz`);
    writeFileSync(
      p,
      zipBytes(
        [
          ['data.npy', npyBytes('<f4', [nch, nt], new Uint8Array(c.buffer))],
          ['sfreq.npy', npyBytes('<f8', [], new Uint8Array(new Float64Array([128]).buffer))],
          ['ch_names.npy', npyBytes(`<U${width}`, [nch], new Uint8Array(names.buffer))],
        ],
        deflate,
      ),
    );
    const rec = await npyReader.read(p);
    expect(rec.sfreq).toBe(128);
    expect(rec.channels.map((x) => x.name)).toEqual(t.ch_names);
    expectSameAsEeglab(rec);
    const h = await npyReader.readHeader(p);
    expect(h.nTimes).toBe(nt);
  });

  it('rejects object arrays, bad magic, truncated data and broken archives with typed errors', async () => {
    const p = join(tmp, 'bad.npy');
    writeFileSync(p, npyBytes('|O', [3], new Uint8Array(24)));
    await expectTypedError(npyReader.read(p), 'not_implemented', p, 'dtype');
    writeFileSync(p, npyBytes('<f4', [4, 1000], new Uint8Array(400)));
    await expectTypedError(npyReader.read(p), 'bad_file', p, 'data');
    writeFileSync(p, new TextEncoder().encode('not numpy at all'));
    await expectTypedError(npyReader.read(p), 'bad_file', p, 'magic');
    const z = join(tmp, 'bad.npz');
    writeFileSync(z, zipBytes([['data.npy', npyBytes('<f4', [2, 2], new Uint8Array(16))]], true).subarray(0, 40));
    await expectTypedError(npyReader.read(z), 'bad_file', z, 'zip');
  });
});

describe('array sidecars', () => {
  it('gives a rate-less MAT array its sfreq and channel names from <stem>.json', async () => {
    const dir = mkdtempSync(join(tmp, 'matside-'));
    const p = join(dir, 'test_edf_eeglab.mat');
    copyFileSync(data('test_edf_eeglab.mat'), p);
    const names = Array.from({ length: 139 }, (_, i) => `ch${i}`);
    writeFileSync(join(dir, 'test_edf_eeglab.json'), JSON.stringify({ sfreq: 512, ch_names: names }));
    const rec = await matReader.read(p);
    expect(rec.sfreq).toBe(512);
    expect(rec.nTimes).toBe(3072);
    expect(rec.channels.map((c) => c.name)).toEqual(names);
    const t = truth('test_edf_eeglab.mat').mat!.variables[0];
    rec.exactStats!.mean.forEach((m, r) => closeRel(m, t.row_mean[r], 1e-9, 1e-12));
    writeFileSync(join(dir, 'test_edf_eeglab.json'), '{"sfreq": "fast"}');
    await expectTypedError(matReader.read(p), 'bad_file', 'test_edf_eeglab.json', 'sfreq');
    writeFileSync(join(dir, 'test_edf_eeglab.json'), '{sfreq: 512');
    await expectTypedError(matReader.read(p), 'bad_file', 'test_edf_eeglab.json', 'JSON');
  });
});
