import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { rng } from '../../src/core/io/simulate';
import { XBrainSession } from '../../src/core/session';
import { mutate } from '../unit/io/fuzz/mutate';
import { changedFiles, fileSizes } from './outsideWrites';
import { INTERNAL_TEXT } from './rawMcp';

/**
 * Mutated recordings of every format, sidecars included (.vhdr/.vmrk/.eeg, .set/.fdt), loaded through the real
 * `load_data` tool on a session with the strict workspace boundary. Each case mutates one or two files of the
 * recording (bit flips, truncation, header fields, deleted chunks, random runs, text lines), drops a companion, or
 * points a header at a file outside the workspace. Counted: crashes (an exception escaping the tool or an
 * 'internal' error), hangs (a case over 2 s), internal text in answers, a Study changed by a failed load, a load
 * that succeeded from a header pointing outside, files written outside the workspace, and peak RSS over idle.
 */
export interface FilesFuzzReport {
  seed: number;
  perFormat: Record<string, { cases: number; loaded: number; refused: number }>;
  crashes: number;
  hangs: number;
  internalTexts: number;
  studyChanged: number;
  escapes: number;
  writesOutside: number;
  rssIdleMB: number;
  rssPeakMB: number;
  slowestMs: number;
  examples: string[];
}

/** One recording: its main file and companions, as the shared test data holds them. */
export const FORMATS: Record<string, { main: string; files: string[]; text?: string[]; generated?: Record<string, string> }> = {
  edf: { main: 'test.edf', files: ['test.edf'] },
  bdf: { main: 'test_bdf_stim_channel.bdf', files: ['test_bdf_stim_channel.bdf'] },
  gdf: { main: 'sample.gdf', files: ['sample.gdf'] },
  eeglab: { main: 'eeglab_data.set', files: ['eeglab_data.set', 'eeglab_data.fdt'] },
  brainvision: { main: 'test.vhdr', files: ['test.vhdr', 'test.vmrk', 'test.eeg'], text: ['test.vhdr', 'test.vmrk'] },
  fif: { main: 'test_bin_raw.fif', files: ['test_bin_raw.fif'] },
  // a bare MAT array takes its rate from a JSON sidecar (the reader's documented layout)
  mat: {
    main: 'test_edf_eeglab.mat',
    files: ['test_edf_eeglab.mat', 'test_edf_eeglab.json'],
    text: ['test_edf_eeglab.json'],
    generated: { 'test_edf_eeglab.json': '{"sfreq": 512}' },
  },
  egi: { main: 'test_egi.raw', files: ['test_egi.raw'] },
  cnt: { main: 'test.cnt', files: ['test.cnt'] },
};

const TYPED = new Set(['bad_file', 'not_found', 'not_implemented', 'invalid_arguments', 'invalid_state', 'over_budget', 'outside_workspace']);

export async function runFilesFuzz(opts: {
  dataDir: string;
  count: number;
  seed: number;
  formats?: string[];
  log?: (line: string) => void;
}): Promise<FilesFuzzReport> {
  const r = rng(opts.seed);
  const int = (n: number): number => Math.floor(r() * n);
  const root = mkdtempSync(join(tmpdir(), 'xbrain-filesfuzz-'));
  const ws = join(root, 'ws');
  const outside = join(root, 'outside');
  mkdirSync(ws);
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.eeg'), readFileSync(join(opts.dataDir, 'test.eeg')));
  writeFileSync(join(outside, 'secret.vmrk'), readFileSync(join(opts.dataDir, 'test.vmrk')));
  const before = fileSizes(root, ws);
  const report: FilesFuzzReport = {
    seed: opts.seed,
    perFormat: {},
    crashes: 0,
    hangs: 0,
    internalTexts: 0,
    studyChanged: 0,
    escapes: 0,
    writesOutside: 0,
    rssIdleMB: 0,
    rssPeakMB: 0,
    slowestMs: 0,
    examples: [],
  };
  const note = (kind: string, what: string): void => {
    if (report.examples.length < 20) report.examples.push(`${kind}: ${what.slice(0, 300)}`);
  };
  /** the files of a failing case are kept for reproduction (XBRAIN_FUZZ_KEEP=folder) */
  const keep = (dir: string, label: string): void => {
    if (process.env.XBRAIN_FUZZ_KEEP) cpSync(dir, join(process.env.XBRAIN_FUZZ_KEEP, label), { recursive: true });
  };
  const env = { workspace: ws, packageRoot: process.cwd(), trusted: true, dataFolders: [], memoryBudgetMB: 512 };
  const idle = process.memoryUsage().rss;
  let peak = idle;
  report.rssIdleMB = Math.round(idle / 2 ** 20);

  for (const [fmt, g] of Object.entries(FORMATS).filter(([f]) => !opts.formats || opts.formats.includes(f))) {
    const originals = g.files.map((f) => (g.generated?.[f] !== undefined ? Buffer.from(g.generated[f]) : readFileSync(join(opts.dataDir, f))));
    const tally = { cases: 0, loaded: 0, refused: 0 };
    report.perFormat[fmt] = tally;
    for (let i = 0; i < opts.count; i++) {
      const dir = join(ws, `${fmt}-${i % 4}`);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      const files: Uint8Array[] = originals.map((b) => new Uint8Array(b));
      let what = '';
      let escape = false;
      const k = r();
      if (g.files.length > 1 && k < 0.1) {
        // a companion missing
        const drop = 1 + int(g.files.length - 1);
        files[drop] = new Uint8Array(0);
        what = `${g.files[drop]} missing`;
      } else if (fmt === 'brainvision' && k < 0.2) {
        // a header pointing outside the workspace (relative escape or absolute)
        const text = new TextDecoder('latin1').decode(files[0]);
        const target = r() < 0.5 ? '../../outside/secret.eeg' : join(outside, 'secret.eeg');
        files[0] = Uint8Array.from(
          text
            .replace(/^DataFile=.*$/m, `DataFile=${target}`)
            .replace(/^MarkerFile=.*$/m, r() < 0.5 ? `MarkerFile=${target.replace('.eeg', '.vmrk')}` : 'MarkerFile=test.vmrk'),
          (c) => c.charCodeAt(0) & 0xff,
        );
        what = `header points at ${target}`;
        escape = true;
      } else {
        const which = int(files.length);
        const m = mutate(files[which], r, g.files[which].endsWith('.vhdr') ? 8192 : 4096, Boolean(g.text?.includes(g.files[which])));
        files[which] = m.bytes;
        what = `${g.files[which]}: ${m.what}`;
        if (r() < 0.2 && files.length > 1) {
          const other = (which + 1) % files.length;
          const m2 = mutate(files[other], r, 4096, Boolean(g.text?.includes(g.files[other])));
          files[other] = m2.bytes;
          what += `; ${g.files[other]}: ${m2.what}`;
        }
      }
      g.files.forEach((f, j) => {
        if (!(files[j].length === 0 && j > 0)) writeFileSync(join(dir, f), files[j]);
      });
      const session = XBrainSession.inMemory(env);
      const initial = session.study.state;
      const t0 = Date.now();
      tally.cases++;
      try {
        const res = await session.invoke('load_data', { paths: [relative(ws, join(dir, g.main))] });
        const ms = Date.now() - t0;
        report.slowestMs = Math.max(report.slowestMs, ms);
        if (ms > 2000) {
          report.hangs++;
          keep(dir, `${fmt}-${i}-slow`);
          note('hang', `${fmt} ${what}: ${ms} ms`);
        }
        if (INTERNAL_TEXT.test(res.content)) {
          report.internalTexts++;
          note('internal text', `${fmt} ${what}: ${res.content}`);
        }
        if (res.type === 'error') {
          tally.refused++;
          if (!TYPED.has(res.error?.code ?? '')) {
            report.crashes++;
            keep(dir, `${fmt}-${i}`);
            note('untyped error', `${fmt} ${what}: ${res.error?.code} ${res.content}`);
          }
          if (session.study.state !== initial) {
            report.studyChanged++;
            note('study changed', `${fmt} ${what}`);
          }
        } else {
          tally.loaded++;
          if (escape) {
            report.escapes++;
            note('escape', `${fmt} ${what}`);
          }
          if (session.study.state.recordings.length !== 1) {
            report.studyChanged++;
            note('study', `${fmt} ${what}: ${session.study.state.recordings.length} recordings`);
          }
        }
      } catch (e) {
        report.crashes++;
        note('crash', `${fmt} ${what}: ${(e as Error).message}`);
      }
      if (i % 20 === 0) peak = Math.max(peak, process.memoryUsage().rss);
    }
    opts.log?.(`files fuzz: ${fmt}: ${tally.cases} cases, ${tally.loaded} loaded, ${tally.refused} refused with a typed error`);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  report.rssPeakMB = Math.round(peak / 2 ** 20);
  const after = fileSizes(root, ws);
  for (const f of changedFiles(before, after)) {
    report.writesOutside++;
    note('write outside', f);
  }
  rmSync(root, { recursive: true, force: true });
  return report;
}
