/**
 * Epoched files (EEGLAB .set with trials > 1, MNE -epo.fif) against MNE's own reading of them
 * (test/fixtures/epoched/make_epoched.py writes the files and the mne.read_epochs / read_epochs_eeglab truth).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inspectFile, type InspectReport } from '../../../src/core/io/inspect';
import { readRecording } from '../../../src/core/io/read';
import { loadStudy, saveStudy } from '../../../src/core/study/persistence';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { repoRoot } from '../helpers/paths';
import { buildTrainerBundle } from '../training/trainerBundle';
import { epochsFromFiles } from '../../../src/core/signal/epochedFiles';
import { XBrainError } from '../../../src/core/errors';
import { mutate, rng } from './fuzz/mutate';
import { domainCheck } from '../../../src/core/agent/validators';
import { dataFile, expectClose } from './truth';

interface EpochTruth {
  file: string;
  shape: [number, number, number];
  ch_names: string[];
  ch_types: string[];
  sfreq: number;
  tmin: number;
  tmax: number;
  baseline: [number | null, number | null] | null;
  events: [number, number, number][];
  event_id: Record<string, number>;
  samples: { index: [number, number, number]; value: number }[];
  channel_mean: number[];
  channel_std: number[];
  sum_abs: number;
}

const FIX = join(repoRoot, 'test/fixtures/epoched');
const fixture = (name: string): string => join(FIX, name);
const truthOf = (name: string): EpochTruth => JSON.parse(readFileSync(join(FIX, 'truth', `${name}.json`), 'utf8')) as EpochTruth;
const FILES = [
  'S001R04_4ch-epo.fif',
  'S001R04_4ch_inline.set',
  'S001R04_4ch_fdt.set',
  'S001R04_3ch-epo.fif',
  'S001R04_4ch_tmin-epo.fif',
  'S001R04_2ch_multi.set',
];
/** float32 storage: relative 1e-6 of the value, with a floor of 1e-6 of the channel's std for values near zero */
const close = (a: number, b: number, std: number, what: string): void => expectClose(a, b, 1e-6, std * 1e-3, what);

describe('epoched readers agree with MNE', () => {
  for (const file of FILES) {
    it(file, async () => {
      const t = truthOf(file);
      const r = await readRecording(fixture(file));
      const [nEp, nCh, nT] = t.shape;
      expect(r.format).toBe(file.endsWith('.set') ? 'EEGLAB' : 'FIF');
      expect(r.channels.map((c) => c.name)).toEqual(t.ch_names);
      expect(r.channels.map((c) => c.type)).toEqual(t.ch_types);
      expect(r.channels.every((c) => c.unit === 'V')).toBe(true);
      expect(r.sfreq).toBe(t.sfreq);
      expect(r.epochs).toBeDefined();
      const e = r.epochs!;
      expect([e.count, r.channels.length, e.nTimes]).toEqual([nEp, nCh, nT]);
      expect(r.nTimes).toBe(nEp * nT);
      expect(e.tmin).toBeCloseTo(t.tmin, 12);
      expect(e.tmin + (nT - 1) / r.sfreq).toBeCloseTo(t.tmax, 9);
      expect(e.eventId).toEqual(t.event_id);
      expect(Object.keys(e.eventId)).toEqual(Object.keys(t.event_id));
      expect(Array.from(e.samples)).toEqual(t.events.map((x) => x[0]));
      expect(Array.from(e.codes)).toEqual(t.events.map((x) => x[2]));
      if (t.baseline === null) expect(e.baseline).toBeNull();
      else t.baseline.forEach((b, i) => (b === null ? expect(e.baseline![i]).toBeNull() : expect(e.baseline![i]).toBeCloseTo(b, 12)));
      expect(r.events.source).toBe('epochs');
      expect(r.annotations).toEqual([]);
      for (const s of t.samples) {
        const [k, c, i] = s.index;
        close(r.data[c][k * nT + i], s.value, t.channel_std[c], `${file} [${s.index.join(', ')}]`);
      }
      let sumAbs = 0;
      for (const row of r.data) for (const x of row) sumAbs += Math.abs(x);
      expectClose(sumAbs, t.sum_abs, 1e-6, 0, `${file} sum |x|`);
    });
  }

  it('the inline and .fdt variants hold the same samples as the -epo.fif they were written from', async () => {
    const fif = await readRecording(fixture('S001R04_4ch-epo.fif'));
    for (const f of ['S001R04_4ch_inline.set', 'S001R04_4ch_fdt.set']) {
      const set = await readRecording(fixture(f));
      for (let c = 0; c < 4; c++) {
        // written as float32 µV from MNE's float64 volts: equal up to float32 rounding
        let worst = 0,
          peak = 0;
        for (let i = 0; i < set.data[c].length; i++) {
          worst = Math.max(worst, Math.abs(set.data[c][i] - fif.data[c][i]));
          peak = Math.max(peak, Math.abs(fif.data[c][i]));
        }
        expect(worst, `${f} channel ${c}`).toBeLessThan(peak * 1e-6);
      }
    }
  });

  it('without EEG.epoch, the events carrying an epoch field name the trials as MNE names them from EEG.epoch', async () => {
    const multi = await readRecording(fixture('S001R04_2ch_multi.set'));
    const bare = await readRecording(fixture('S001R04_2ch_noepoch.set'));
    expect(multi.epochs!.eventId).toEqual({ 'T2/resp': 1, 'T0/resp': 2, 'T1/resp': 3 });
    expect(bare.epochs!.eventId).toEqual(multi.epochs!.eventId);
    expect(Array.from(bare.epochs!.codes)).toEqual(Array.from(multi.epochs!.codes));
    expect(Array.from(bare.epochs!.samples)).toEqual(Array.from(multi.epochs!.samples));
    expect(Array.from(bare.data[1])).toEqual(Array.from(multi.data[1]));
  });

  it('a window over the epochs back to back reads only that span', async () => {
    const { readWindow } = await import('../../../src/core/io/read');
    const whole = await readRecording(fixture('S001R04_4ch-epo.fif'));
    const part = await readWindow(fixture('S001R04_4ch-epo.fif'), 150, 500);
    expect(part.firstSample).toBe(150);
    expect(Array.from(part.data[2])).toEqual(Array.from(whole.data[2].subarray(150, 500)));
    const set = await readWindow(fixture('S001R04_4ch_fdt.set'), 150, 500);
    expect(Array.from(set.data[2])).toEqual(Array.from((await readRecording(fixture('S001R04_4ch_fdt.set'))).data[2].subarray(150, 500)));
  });
});

describe('load_data of epoched files puts the Study in the epoched stage', () => {
  let ws = '';
  let study: Study;
  const reg = new ToolRegistry();
  const call = (name: string, args: Record<string, unknown>, confirmed = false) =>
    reg.invoke(name, args, { study, env: { workspace: ws, packageRoot: repoRoot, trusted: true } }, { confirmed });

  beforeEach(() => {
    ws = mkdtempSync(join(tmpdir(), 'xbrain-epoched-'));
    study = new Study();
  });

  it('an -epo.fif gives epochs as epoch_data would, and generate_dataset works after it', async () => {
    const t = truthOf('S001R04_4ch-epo.fif');
    const r = await call('load_data', { paths: [fixture('S001R04_4ch-epo.fif')], subject_pattern: 'S(?<subject>\\d{3})R(?<session>\\d{2})' });
    expect(r.type, r.content).toBe('data');
    expect(study.stage).toBe('preprocessed');
    const e = study.state.epochs!;
    expect([e.nEpochs, e.nChannels, e.nTimes]).toEqual(t.shape);
    expect(e.channels).toEqual(t.ch_names);
    expect(e.sfreq).toBe(160);
    expect(e.tmin).toBeCloseTo(-0.2, 12);
    expect(e.eventId).toEqual({ T0: 0, T1: 1, T2: 2 });
    const names = Object.fromEntries(Object.entries(t.event_id).map(([k, v]) => [v, k]));
    expect(Array.from(e.labels)).toEqual(t.events.map((x) => e.eventId[names[x[2]]]));
    expect(Array.from(e.eventSample)).toEqual(t.events.map((x) => x[0]));
    expect(e.subject.every((s) => s === '001') && e.session.every((s) => s === '04')).toBe(true);
    for (const s of t.samples) {
      const [k, c, i] = s.index;
      close(e.data[(k * e.nChannels + c) * e.nTimes + i], s.value, t.channel_std[c], `epochs [${s.index.join(', ')}]`);
    }
    // the file stays known as a header-only entry
    const rec = study.state.recordings[0];
    expect([rec.nTimes, rec.epochs?.count, rec.data.every((d) => d.length === 0)]).toEqual([0, 29, true]);
    expect(r.content).toContain('T0=14 T1=8 T2=7');
    expect(r.meta.epochs).toMatchObject({ shape: [29, 4, 273] });

    const info = await call('get_dataset_info', {});
    expect(info.content).toContain('S001R04_4ch-epo.fif: 4 ch, 160 Hz, 29 epochs, subject 001, session 04');
    expect(info.content).toMatch(/Epochs: 29 \(.*T0: 14.*\), -0\.2\.\.1\.500 s/);

    const g = await call('generate_dataset', { test_ratio: 0.2, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group' });
    expect(g.type, g.content).toBe('text');
    expect(study.stage).toBe('dataset_ready');
    const sp = study.state.dataset!.splits[0];
    expect(sp.train.length + sp.val.length + sp.test.length).toBe(29);
    const plot = await call('plot_epochs', { kind: 'erp' });
    expect(plot.type, plot.content).toBe('plot');
  });

  it('epoched .set files with the same layout concatenate (inline + .fdt), labels in first-seen order', async () => {
    const r = await call('load_data', { paths: [fixture('S001R04_4ch_inline.set'), fixture('S001R04_4ch_fdt.set')] });
    expect(r.type, r.content).toBe('data');
    const e = study.state.epochs!;
    expect(e.nEpochs).toBe(58);
    expect(e.eventId).toEqual({ T2: 0, T0: 1, T1: 2 });
    expect(Array.from(e.recording.subarray(27, 31))).toEqual([0, 0, 1, 1]);
    const t = truthOf('S001R04_4ch_fdt.set');
    const names = Object.fromEntries(Object.entries(t.event_id).map(([k, v]) => [v, k]));
    expect(Array.from(e.labels.subarray(29))).toEqual(t.events.map((x) => e.eventId[names[x[2]]]));
    expect(study.state.loadedEvents.map((x) => x.source)).toEqual(['epochs', 'epochs']);
    // event names of epoched files can be renamed/merged like any others
    const ed = await call('edit_events', { rename: { T1: 'left', T2: 'right' } });
    expect(ed.type, ed.content).toBe('text');
    expect(Object.keys(study.state.epochs!.eventId).sort()).toEqual(['T0', 'left', 'right']);
    expect(study.state.epochs!.labels).toEqual(e.labels);
  });

  it('mixed inputs are typed errors naming the file and leave the Study unchanged', async () => {
    const empty = study.state;
    const mixed = await call('load_data', { paths: [fixture('S001R04_4ch-epo.fif'), dataFile('S001R04.edf')] });
    expect(mixed.type).toBe('error');
    expect(mixed.error?.code).toBe('invalid_arguments');
    expect(mixed.content).toContain('S001R04_4ch-epo.fif');
    expect(mixed.content).toContain('S001R04.edf');
    expect(study.state).toBe(empty);

    const ch = await call('load_data', { paths: [fixture('S001R04_4ch-epo.fif'), fixture('S001R04_3ch-epo.fif')] });
    expect(ch.type).toBe('error');
    expect(ch.content).toContain('channels differ: S001R04_4ch-epo.fif has 4 channels but S001R04_3ch-epo.fif has 3');
    const tmin = await call('load_data', { paths: [fixture('S001R04_4ch-epo.fif'), fixture('S001R04_4ch_tmin-epo.fif')] });
    expect(tmin.type).toBe('error');
    expect(tmin.content).toMatch(/S001R04_4ch_tmin-epo\.fif: tmin \(-0\.1 s vs -0\.2 s\)/);
    expect(study.state).toBe(empty);

    // continuous recordings first, then an epoched file: refused, the raw study stays as it was
    await call('load_data', { paths: [dataFile('S001R04.edf')] });
    const raw = study.state;
    const late = await call('load_data', { paths: [fixture('S001R04_4ch_inline.set')] });
    expect(late.type).toBe('error');
    expect(late.content).toContain('S001R04_4ch_inline.set is epoched');
    expect(study.state).toBe(raw);
    expect(study.stage).toBe('data_loaded');
  });

  it('epoch_data refuses; filters work on the epochs; reset_preprocessing restores them as loaded; the study persists', async () => {
    await call('load_data', { paths: [fixture('S001R04_4ch-epo.fif')] });
    const loaded = study.state.epochs!;
    const before = study.state;
    const ep = await call('epoch_data', { t_min: 0, t_max: 1 });
    expect(ep.type).toBe('error');
    expect(ep.error?.code).toBe('invalid_state');
    expect(ep.content).toContain('epoched file');
    expect(study.state).toBe(before);
    // the agent's pre-check tells the model the same thing before the call reaches the registry
    expect(domainCheck('epoch_data', { t_min: 0, t_max: 1 }, study.state, { workspace: ws, packageRoot: repoRoot, trusted: true })).toMatch(/epoched files/);
    const win = await call('window_epoch', { duration: 0.5 });
    expect(win.type).toBe('error');
    const labels = await call('attach_labels', { mapping: { 'S001R04_4ch-epo.fif': 'x.txt' } });
    expect(labels.type).toBe('error');

    const f = await call('apply_bandpass_filter', { low_freq: 8, high_freq: 30 });
    expect(f.type, f.content).toBe('text');
    expect(f.meta.target).toBe('epochs');
    expect(study.stage).toBe('preprocessed');
    expect(study.state.epochHistory.map((h) => h.op)).toEqual(['bandpass_filter']);
    expect(study.state.epochs!.data).not.toEqual(loaded.data);

    await saveStudy(ws, study.state);
    const back = new Study(await loadStudy(ws));
    expect(back.stage).toBe('preprocessed');
    expect(back.state.recordings[0].epochs?.count).toBe(29);

    const ask = await call('reset_preprocessing', {});
    expect(ask.type).toBe('confirm');
    expect(ask.content).toContain('re-reads the epoched file(s)');
    const reset = await call('reset_preprocessing', {}, true);
    expect(reset.type, reset.content).toBe('text');
    expect(study.state.epochHistory).toEqual([]);
    expect(Array.from(study.state.epochs!.data)).toEqual(Array.from(loaded.data));
    expect(study.state.epochs!.eventId).toEqual(loaded.eventId);
  });
});

describe('epoched readers on mutated files: typed errors or consistent epochs', () => {
  const groups: [string, string[]][] = [
    ['S001R04_4ch-epo.fif', ['S001R04_4ch-epo.fif']],
    ['S001R04_4ch_inline.set', ['S001R04_4ch_inline.set']],
    ['S001R04_4ch_fdt.set', ['S001R04_4ch_fdt.set', 'S001R04_4ch_fdt.fdt']],
  ];
  for (const [main, files] of groups) {
    it(
      main,
      async () => {
        const r = rng(20_261_123 + main.length);
        const dir = mkdtempSync(join(tmpdir(), 'xbrain-epoched-fuzz-'));
        let ok = 0,
          typed = 0;
        for (let i = 0; i < 150; i++) {
          for (const f of files) copyFileSync(fixture(f), join(dir, f));
          // the main file most of the time, the .fdt companion otherwise
          const target = files[files.length > 1 && r() < 0.3 ? 1 : 0];
          const m = mutate(new Uint8Array(readFileSync(fixture(target))), r, 4096, false);
          writeFileSync(join(dir, target), m.bytes);
          try {
            const rec = await readRecording(join(dir, main));
            if (rec.epochs) {
              const e = rec.epochs;
              expect(rec.nTimes, `${main} case ${i} (${m.what})`).toBe(e.count * e.nTimes);
              expect(
                rec.data.every((d) => d.length === rec.nTimes),
                `${main} case ${i} rows`,
              ).toBe(true);
              expect([e.samples.length, e.codes.length]).toEqual([e.count, e.count]);
              const { epochs } = epochsFromFiles([rec]);
              expect(epochs.data.length).toBe(epochs.nEpochs * epochs.nChannels * epochs.nTimes);
            }
            ok++;
          } catch (err) {
            if (!(err instanceof XBrainError)) throw new Error(`${main} case ${i} (${m.what}): untyped ${String(err)}`);
            expect(['bad_file', 'not_found', 'not_implemented', 'invalid_arguments'], `${main} case ${i} (${m.what}): ${err.message}`).toContain(err.code);
            typed++;
          }
        }
        expect(ok + typed).toBe(150);
      },
      120_000,
    );
  }
});

describe('training on epochs loaded from an epoched file', () => {
  it('load_data → generate_dataset → EEGNet trains in the child process', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'xbrain-epoched-train-'));
    const packageRoot = join(tmp, 'pkg');
    await buildTrainerBundle(join(packageRoot, 'dist'));
    const study = new Study();
    const reg = new ToolRegistry();
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = await reg.invoke(name, args, { study, env: { workspace: tmp, packageRoot, trusted: true }, awaitLongJobs: true }, { confirmed: true });
      expect(r.type, `${name}: ${r.content}`).not.toBe('error');
      return r;
    };
    await call('load_data', { paths: [fixture('S001R04_4ch_fdt.set')] });
    await call('normalize_data', { method: 'z-score' });
    await call('generate_dataset', { test_ratio: 0.2, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group' });
    await call('set_model', { model_name: 'EEGNet' });
    await call('configure_training', { epoch: 2, batch_size: 8, learning_rate: 0.001, seed: 1 });
    await call('start_training', {});
    expect(study.stage).toBe('trained');
    const run = study.state.runs[0];
    expect(run.status, run.error).toBe('done');
    expect(run.metrics).toHaveLength(2);
    const ev = await call('evaluate', {});
    expect(ev.type).not.toBe('error');
  }, 300_000);
});

describe('xbrain inspect on epoched files', () => {
  it("reports the epochs and MNE's statistics over every epoch", async () => {
    for (const file of ['S001R04_4ch-epo.fif', 'S001R04_4ch_inline.set', 'S001R04_4ch_fdt.set']) {
      const t = truthOf(file);
      const r = await inspectFile(fixture(file));
      expect(r.epochs).toMatchObject({ count: t.shape[0], nTimes: t.shape[2], eventId: t.event_id });
      expect(r.nTimes).toBe(t.shape[0] * t.shape[2]);
      expect(Object.values(r.epochs!.counts).reduce((a, b) => a + b, 0)).toBe(t.shape[0]);
      t.channel_mean.forEach((m, c) => {
        expectClose(r.stats.mean[c], m, 1e-6, t.channel_std[c] * 1e-3, `${file} ${t.ch_names[c]} mean`);
        expectClose(r.stats.std[c], t.channel_std[c], 1e-6, 0, `${file} ${t.ch_names[c]} std`);
      });
    }
  });

  let cli = '';
  beforeAll(async () => {
    spawnSync(process.execPath, ['scripts/gen-cli-index.mjs'], { cwd: repoRoot });
    cli = join(mkdtempSync(join(tmpdir(), 'xbrain-inspect-epo-')), 'cli.js');
    await esbuild.build({
      entryPoints: [join(repoRoot, 'src/cli/main.ts')],
      outfile: cli,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      external: ['onnxruntime-node', 'vscode'],
      logLevel: 'error',
    });
  }, 60_000);

  it('the CLI prints the epochs (--json and text)', () => {
    const r = spawnSync(process.execPath, [cli, 'inspect', fixture('S001R04_4ch-epo.fif'), '--json'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as InspectReport;
    expect(out.epochs).toMatchObject({ count: 29, nTimes: 273, tmin: -0.2, counts: { T0: 14, T1: 8, T2: 7 } });
    const txt = spawnSync(process.execPath, [cli, 'inspect', fixture('S001R04_4ch_fdt.set')], { encoding: 'utf8' });
    expect(txt.status).toBe(0);
    expect(txt.stdout).toContain('epochs: 29 × 273 samples (-0.2 … 1.500 s)');
  });
});
