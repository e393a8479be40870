import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brainVisionReader } from '../../../src/core/io/formats/brainvision';
import { cntReader } from '../../../src/core/io/formats/cnt';
import { eeglabReader } from '../../../src/core/io/formats/eeglab';
import { egiReader } from '../../../src/core/io/formats/egi';
import { fifReader } from '../../../src/core/io/formats/fif';
import { readerFor } from '../../../src/core/io/formats/index';
import { matReader, readMat } from '../../../src/core/io/formats/mat';
import { npyReader } from '../../../src/core/io/formats/npy';
import type { FormatReader } from '../../../src/core/io/formats/reader';
import { readHeader, readRecording } from '../../../src/core/io/read';
import type { RecordingHeader } from '../../../src/core/io/types';
import { XBrainError } from '../../../src/core/errors';
import { testDataDir } from '../helpers/paths';
import { inlineEeglabSet, matArray, matFile, npyBytes, zipBytes } from './fuzz/fixtures';
import { mutate, rng } from './fuzz/mutate';

/**
 * Seeded mutations of every shared EEG file (bit flips, truncations, header field edits, deleted chunks, random runs,
 * text line edits, companion files mutated or missing). Every case must end in a typed XBrainError that names a file
 * of the recording, or in a structurally valid recording; each case is bounded in time and in output memory.
 */

/** XBRAIN_FUZZ_SEED / XBRAIN_FUZZ_SCALE explore other cases locally; CI runs the fixed seed at scale 1. */
const SEED = Number(process.env.XBRAIN_FUZZ_SEED ?? 20_240_611);
const SCALE = Number(process.env.XBRAIN_FUZZ_SCALE ?? 1);
const MAX_CASE_MS = 10_000;
const MAX_RSS = 2 * 2 ** 30;
const VALID_TYPES = new Set(['eeg', 'eog', 'emg', 'ecg', 'stim', 'misc', 'resp', 'bio', 'mag', 'grad', 'ref_meg', 'seeg', 'ecog', 'syst']);
const VALID_CODES = new Set(['bad_file', 'not_found', 'not_implemented', 'invalid_arguments']);

/** Readers of this area by extension: used when the dispatcher does not know the extension yet. */
const OWN: Record<string, FormatReader> = {
  '.set': eeglabReader,
  '.vhdr': brainVisionReader,
  '.fif': fifReader,
  '.cnt': cntReader,
  '.raw': egiReader,
  '.mat': matReader,
  '.npy': npyReader,
  '.npz': npyReader,
};

interface Group {
  /** folder holding the unmutated files */
  src: string;
  /** the file passed to the reader */
  main: string;
  /** every file of the recording (main first) */
  files: string[];
  cases: number;
  /** bytes where counts/sizes live (mutations favour them) */
  headerLen: number;
}

function groups(): Group[] {
  const names = readdirSync(testDataDir).filter((f) => !f.endsWith('.md') && f !== 'truth');
  const companions: Record<string, string[]> = { 'eeglab_data.set': ['eeglab_data.fdt'], 'test.vhdr': ['test.vmrk', 'test.eeg'] };
  const isCompanion = new Set(Object.values(companions).flat());
  return names
    .filter((n) => !isCompanion.has(n))
    .sort()
    .map((main) => {
      const files = [main, ...(companions[main] ?? [])];
      const big = files.some((f) => readFileSync(join(testDataDir, f)).length > 2_000_000);
      // large recordings cost more per case: fewer cases there, more on the small ones (≥2000 in total)
      return { src: testDataDir, main, files, cases: Math.round((big ? 60 : 200) * SCALE), headerLen: main.endsWith('.vhdr') ? 8192 : 4096 };
    });
}

/**
 * Variants the shared files do not cover, built from their real samples: EEGLAB data inside the .set (compressed and
 * plain MAT structs), a MAT array with its rate, NPZ (deflated and stored) and NPY with a sidecar.
 */
async function generatedGroups(dir: string): Promise<Group[]> {
  const set = join(testDataDir, 'eeglab_data.set');
  const fdt = join(testDataDir, 'eeglab_data.fdt');
  writeFileSync(join(dir, 'inline_z.set'), await inlineEeglabSet(set, fdt, { pnts: 2000 }));
  writeFileSync(join(dir, 'inline.set'), await inlineEeglabSet(set, fdt, { pnts: 400 }));
  const mat = await readMat(join(testDataDir, 'test_edf_eeglab.mat'));
  const v = mat.variables.data;
  if (v.kind !== 'numeric') throw new Error('data');
  const sub = v.data.subarray(0, 139 * 512);
  writeFileSync(join(dir, 'array.mat'), matFile([matArray('data', [139, 512], sub), matArray('sfreq', [1, 1], new Float64Array([512]))], true));
  const rows = new Float32Array(8 * 512);
  for (let c = 0; c < 8; c++) for (let t = 0; t < 512; t++) rows[c * 512 + t] = sub[t * 139 + c] * 1e-6;
  const names = new DataView(new ArrayBuffer(8 * 3 * 4));
  for (let c = 0; c < 8; c++) [...`E${c}`].forEach((ch, k) => names.setUint32((c * 3 + k) * 4, ch.charCodeAt(0), true));
  const members: [string, Uint8Array][] = [
    ['data.npy', npyBytes('<f4', [8, 512], new Uint8Array(rows.buffer))],
    ['sfreq.npy', npyBytes('<f8', [], new Uint8Array(new Float64Array([512]).buffer))],
    ['ch_names.npy', npyBytes('<U3', [8], new Uint8Array(names.buffer))],
  ];
  writeFileSync(join(dir, 'arrays_z.npz'), zipBytes(members, true));
  writeFileSync(join(dir, 'arrays.npz'), zipBytes(members, false));
  writeFileSync(join(dir, 'array.npy'), npyBytes('<f4', [8, 512], new Uint8Array(rows.buffer)));
  writeFileSync(join(dir, 'array.json'), JSON.stringify({ sfreq: 512, ch_names: Array.from({ length: 8 }, (_, c) => `E${c}`) }));
  const g = (main: string, files = [main], cases = 100): Group => ({ src: dir, main, files, cases: Math.round(cases * SCALE), headerLen: 4096 });
  return [
    g('inline_z.set', ['inline_z.set'], 60),
    g('inline.set'),
    g('array.mat'),
    g('arrays_z.npz'),
    g('arrays.npz'),
    g('array.npy', ['array.npy', 'array.json']),
  ];
}

/** The dispatcher when it knows the file type (other area's readers + events), else this area's reader directly. */
async function readAny(path: string, headerOnly: boolean): Promise<RecordingHeader & { data?: Float32Array[] }> {
  let known = true;
  try {
    readerFor(path);
  } catch {
    known = false;
  }
  if (known) return headerOnly ? readHeader(path) : readRecording(path);
  const r = OWN[extname(path).toLowerCase()];
  if (!r) throw new Error(`no reader for ${path}`);
  return headerOnly ? r.readHeader(path) : r.read(path);
}

function checkValid(rec: RecordingHeader & { data?: Float32Array[] }, inputBytes: number): string | undefined {
  if (!(Number.isFinite(rec.sfreq) && rec.sfreq > 0)) return `sfreq ${rec.sfreq}`;
  if (!(Number.isSafeInteger(rec.nTimes) && rec.nTimes >= 0)) return `nTimes ${rec.nTimes}`;
  if (rec.channels.length === 0) return 'no channels';
  if (rec.data && rec.channels.length !== rec.data.length) return `${rec.channels.length} channels, ${rec.data.length} data rows`;
  for (const c of rec.channels) {
    if (typeof c.name !== 'string' || !VALID_TYPES.has(c.type)) return `channel ${JSON.stringify(c)}`;
  }
  let bytes = 0;
  for (const d of rec.data ?? []) {
    if (!(d instanceof Float32Array) || d.length !== rec.nTimes) return `data row of ${d.length} samples for nTimes ${rec.nTimes}`;
    bytes += d.byteLength;
  }
  // memory bound: a reader may widen samples (int16 → float32, lower rates brought up) but never balloon
  if (bytes > 64 * inputBytes + (64 << 20)) return `output ${bytes} bytes from ${inputBytes} input bytes`;
  for (const a of rec.annotations) {
    if (!Number.isFinite(a.onset) || !Number.isFinite(a.duration) || typeof a.description !== 'string') return `annotation ${JSON.stringify(a)}`;
  }
  return undefined;
}

const root = mkdtempSync(join(tmpdir(), 'xbrain-fuzz-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const tally = { cases: 0, ok: 0, errors: 0 };

describe('reader fuzzing: typed errors or valid recordings, never a crash, hang or blow-up', () => {
  const genDir = mkdtempSync(join(root, 'generated-'));
  const generated = generatedGroups(genDir);

  it.each([
    ...groups().map((g) => [g.main, g] as const),
    ...['inline_z.set', 'inline.set', 'array.mat', 'arrays_z.npz', 'arrays.npz', 'array.npy'].map((n) => [`generated ${n}`, n] as const),
  ])('%s', async (_name, which) => {
    const g = typeof which === 'string' ? (await generated).find((x) => x.main === which)! : which;
    const dir = mkdtempSync(join(root, `${basename(g.main)}-`));
    const originals = g.files.map((f) => new Uint8Array(readFileSync(join(g.src, f))));
    // unmutated companions are symlinks: only the mutated file is written per case
    g.files.forEach((f) => symlinkSync(join(g.src, f), join(dir, f)));
    const failures: string[] = [];
    const r = rng(SEED ^ [...g.main].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619), 2166136261));
    for (let k = 0; k < g.cases; k++) {
      // which file of the recording to mutate (companions sometimes, and sometimes a companion goes missing)
      const fi = g.files.length > 1 && r() < 0.4 ? 1 + Math.floor(r() * (g.files.length - 1)) : 0;
      const target = join(dir, g.files[fi]);
      const missing = fi > 0 && r() < 0.1;
      const isText = /\.(vhdr|vmrk)$/.test(target);
      const m = mutate(originals[fi], r, isText ? originals[fi].length : g.headerLen, isText);
      unlinkSync(target);
      if (!missing) writeFileSync(target, m.bytes);
      const what = `${g.files[fi]}: ${missing ? 'removed' : m.what} (case ${k})`;
      const inputBytes = originals.reduce((n, o) => n + o.length, 0);
      const t0 = performance.now();
      try {
        // every fourth case reads the header only (its own code path in several readers)
        const rec = await readAny(join(dir, g.main), k % 4 === 3);
        const problem = checkValid(rec, inputBytes);
        if (problem) failures.push(`${what}: invalid recording: ${problem}`);
        else tally.ok++;
      } catch (e) {
        if (!(e instanceof XBrainError)) {
          failures.push(`${what}: untyped ${(e as Error)?.name}: ${(e as Error)?.message}`);
        } else if (!VALID_CODES.has(e.code)) {
          failures.push(`${what}: unexpected code ${e.code}: ${e.message}`);
        } else if (!g.files.some((f) => e.message.includes(f))) {
          failures.push(`${what}: error does not name the file: ${e.message}`);
        } else {
          tally.errors++;
        }
      }
      const ms = performance.now() - t0;
      if (ms > MAX_CASE_MS) failures.push(`${what}: took ${ms.toFixed(0)} ms`);
      const rss = process.memoryUsage().rss;
      if (rss > MAX_RSS) failures.push(`${what}: process memory reached ${(rss / 2 ** 20).toFixed(0)} MiB`);
      tally.cases++;
      // restore the file for the next case
      rmSync(target, { force: true });
      symlinkSync(join(g.src, g.files[fi]), target);
    }
    expect(failures.slice(0, 20)).toEqual([]);
  });

  it('ran at least 2000 cases with both outcomes represented', () => {
    expect(tally.cases).toBeGreaterThanOrEqual(2000 * Math.min(SCALE, 1));
    expect(tally.ok).toBeGreaterThan(100);
    expect(tally.errors).toBeGreaterThan(100);
  });
});
