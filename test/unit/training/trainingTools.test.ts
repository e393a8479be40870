import { availableParallelism } from 'node:os';
// set_model / configure_training / start_training / stop_training / plot_training through the registry on a Study
// that holds epochs and a dataset split (put in directly, as generate_dataset would), with the real trainer bundle.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Epochs } from '../../../src/core/signal/types';
import { Study } from '../../../src/core/study/study';
import type { Dataset } from '../../../src/core/study/types';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { DEFAULT_TRAINING } from '../../../src/core/training/defaults';
import type { ToolContext } from '../../../src/core/tools/types';
import { toyData } from './toyData';
import { epochsFile, spillDir, spillEpochs } from '../../../src/core/signal/spill';
import { tempPackageRoot } from './trainerBundle';

const { tmp, packageRoot } = tempPackageRoot('xbrain-ttools-');

const range = (a: number, b: number): Int32Array => Int32Array.from({ length: b - a }, (_, i) => a + i);

function epochs(nTimes = 160, sfreq = 64): Epochs {
  const n = 48;
  const C = 4;
  const { x, labels } = toyData(n, C, nTimes, sfreq, 5);
  return {
    data: x,
    nEpochs: n,
    nChannels: C,
    nTimes,
    channels: ['C3', 'Cz', 'C4', 'Pz'],
    sfreq,
    tmin: 0,
    eventId: { T1: 0, T2: 1 },
    labels,
    subject: Array(n).fill('S001'),
    session: Array(n).fill('R04'),
    recording: new Int32Array(n),
    eventSample: range(0, n),
    baseline: null,
  };
}

function dataset(): Dataset {
  return {
    config: { test_ratio: 0.2, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group' },
    splits: [{ id: 'fold-1', name: 'Fold_1', train: range(0, 30), val: range(30, 39), test: range(39, 48) }],
    audit: { overlap: 0, warnings: [] },
    createdAt: new Date(0).toISOString(),
  };
}

function setup(
  name: string,
  opts: { nTimes?: number; sfreq?: number; root?: string; disk?: boolean } = {},
): { study: Study; reg: ToolRegistry; ctx: ToolContext; progress: string[]; workspace: string } {
  const workspace = path.join(tmp, name);
  mkdirSync(workspace, { recursive: true });
  const study = new Study();
  const e = epochs(opts.nTimes, opts.sfreq);
  // disk: the epochs kept in a spill file, as epoch_data leaves them for a study above the spill threshold
  study.commit({ epochs: opts.disk ? spillEpochs(spillDir(workspace), e) : e, dataset: dataset() }, ['epochs', 'datasets']);
  const progress: string[] = [];
  const ctx: ToolContext = { study, env: { workspace, packageRoot: opts.root ?? packageRoot, trusted: true }, progress: (m) => progress.push(m) };
  return { study, reg: new ToolRegistry(), ctx, progress, workspace };
}

describe('set_model', () => {
  it('refuses epochs too short for the model with the minimum samples and seconds, leaving the Study unchanged', async () => {
    const { study, reg, ctx } = setup('short', { nTimes: 120, sfreq: 128 });
    const before = study.state;
    const r = await reg.invoke('set_model', { model_name: 'EEGNet' }, ctx);
    expect(r.type).toBe('error');
    expect(r.error?.code).toBe('invalid_arguments');
    // XBrainLab: ⌊128/2⌋ + 4 + 4·⌊64/4⌋ + 32 = 164 samples = 1.281 s
    expect(r.meta).toMatchObject({ minSamples: 164, minSeconds: 164 / 128, samples: 120 });
    expect(r.content).toContain('Minimum required: 164 samples (1.281s)');
    expect(study.state).toBe(before);
    // SCCNet needs only ⌊128/2⌋ + 1 = 65 samples.
    const ok = await reg.invoke('set_model', { model_name: 'SCCNet', params: { Ns: 8 } }, ctx);
    expect(ok.type).toBe('text');
    expect(study.state.model).toEqual({ name: 'SCCNet', params: { Ns: 8 } });
  });

  it('rejects a parameter the model does not have, naming it', async () => {
    const { reg, ctx } = setup('badparam');
    const r = await reg.invoke('set_model', { model_name: 'ShallowConvNet', params: { F1: 4 } }, ctx);
    expect(r.type).toBe('error');
    expect(r.content).toContain('ShallowConvNet has no parameter "F1"');
  });
});

describe('configure_training', () => {
  it("uses its threads, else the front end's default threads (xbrain.training.threads), else up to 2", async () => {
    const { reg, ctx } = setup('threads');
    const say = async (args: Record<string, unknown>) =>
      (await reg.invoke('configure_training', { epoch: 1, batch_size: 8, learning_rate: 0.01, ...args }, ctx)).content;
    expect(await say({})).toMatch(new RegExp(`, ${Math.min(2, availableParallelism())} thread\\(s\\)`));
    ctx.env.trainerThreads = 3;
    expect(await say({})).toMatch(/, 3 thread\(s\)/);
    expect(await say({ threads: 1 })).toMatch(/, 1 thread\(s\)/);
  });

  it('stores the options and warns about test-set model selection', async () => {
    const { study, reg, ctx } = setup('config');
    const r = await reg.invoke(
      'configure_training',
      { epoch: 3, batch_size: 8, learning_rate: 0.01, selection: 'best_test_accuracy', repeat: 2, seed: 7 },
      ctx,
    );
    expect(r.type).toBe('text');
    expect(r.content).toMatch(/leaks test information/);
    expect((r.meta.warnings as string[]).length).toBe(1);
    expect(study.state.training).toMatchObject({
      epoch: 3,
      batch_size: 8,
      learning_rate: 0.01,
      selection: 'best_test_accuracy',
      repeat: 2,
      seed: 7,
      optimizer: 'adam',
    });
    const clean = await reg.invoke('configure_training', { epoch: 3, batch_size: 8, learning_rate: 0.01, selection: 'best_val_loss' }, ctx);
    expect(clean.meta.warnings).toEqual([]);
    // a batch the user set at least as large as a training split is kept, with a warning (no default batch warns)
    const n = Math.min(...study.state.dataset!.splits.map((s) => s.train.length));
    const full = await reg.invoke('configure_training', { batch_size: n + 5 }, ctx);
    expect(full.type).toBe('text');
    expect(study.state.training?.batch_size).toBe(n + 5);
    expect((full.meta.warnings as string[]).join(' ')).toMatch(new RegExp(`the ${n} trials of the smallest training split`));
  });

  it('is an update: what a call leaves out keeps its current value, the default only when never set', async () => {
    const { study, reg, ctx } = setup('update');
    expect((await reg.invoke('configure_training', { batch_size: 64 }, ctx)).type).toBe('text');
    expect(study.state.training).toMatchObject({ ...DEFAULT_TRAINING, batch_size: 64 });
    await reg.invoke('configure_training', { epoch: 40, optimizer: 'adamw', seed: 5 }, ctx);
    const r = await reg.invoke('configure_training', { learning_rate: 0.005 }, ctx);
    expect(r.content).toMatch(/40 epochs, batch 64, adamw lr 0.005/);
    expect(study.state.training).toMatchObject({ epoch: 40, batch_size: 64, optimizer: 'adamw', seed: 5, learning_rate: 0.005, repeat: 1 });
    // a bad value is refused by name and changes nothing
    const before = study.state.training;
    const bad = await reg.invoke('configure_training', { epoch: 0, batch_size: 16 }, ctx);
    expect(bad.type).toBe('error');
    expect(bad.meta.parameter).toBe('epoch');
    expect(study.state.training).toBe(before);
  });
});

describe('adapted defaults (training/adaptiveDefaults.ts) through the tools', () => {
  it('configure_training records the options the user set, as a union over calls', async () => {
    const { study, reg, ctx } = setup('setbyuser');
    const r = await reg.invoke('configure_training', { epoch: 3 }, ctx);
    expect(study.state.training!.set_by_user).toEqual(['epoch']);
    expect(r.content).toMatch(/adapted to the training set when training starts: batch_size\./);
    await reg.invoke('configure_training', { batch_size: 32, seed: 4 }, ctx);
    expect(study.state.training!.set_by_user).toEqual(['batch_size', 'epoch', 'seed']);
  });

  it('start_training adapts only what the user left unset, says so, and the runs record what the trainer ran', async () => {
    const { study, reg, ctx } = setup('adapt');
    await reg.invoke('set_model', { model_name: 'EEGNet', params: { F1: 4, D: 2, F2: 8 } }, ctx);
    await reg.invoke('configure_training', { epoch: 3 }, ctx);
    const ask = await reg.invoke('start_training', {}, ctx);
    // 30 training trials: batch 8 (4 steps per epoch); the 3 epochs the user set stay
    expect(ask.content).toMatch(/Train EEGNet for 3 epochs \(batch 8, adam lr 0.001, selection last_epoch\)/);
    expect(ask.content).toMatch(/Defaults adapted to the training set .*batch 32 → 8 \(30 training trials: batch 8 gives 4 optimiser steps per epoch/);
    const r = await reg.invoke('start_training', {}, { ...ctx, awaitLongJobs: true }, { confirmed: true });
    expect(r.type, r.content).toBe('text');
    expect(r.content).toMatch(/Settings: 3 epochs, batch 8, adam lr 0.001, selection last_epoch\.\nDefaults adapted/);
    const [run] = study.state.runs;
    expect(run.config).toMatchObject({ epoch: 3, batch_size: 8, selection: 'last_epoch', set_by_user: ['epoch'] });
    expect(run.adaptedDefaults!.map((a) => a.option)).toEqual(['batch_size']);
    expect(r.meta.config).toEqual(run.config);
    // what the trainer ran: the 3 epochs the user set
    expect(run.metrics).toHaveLength(3);
    expect(run.selection).toBe('last_epoch');
    // the Study's configuration stays the user's: a new dataset adapts again
    expect(study.state.training).toMatchObject({ epoch: 3, batch_size: 32 });
  }, 60_000);

  it('with nothing configured the trainer runs the adapted epochs the run records (30 trials: batch 8, 75 epochs)', async () => {
    const { study, reg, ctx } = setup('nothing-set');
    await reg.invoke('set_model', { model_name: 'EEGNet', params: { F1: 4, D: 2, F2: 8 } }, ctx);
    const r = await reg.invoke('start_training', {}, { ...ctx, awaitLongJobs: true }, { confirmed: true });
    expect(r.content).toMatch(/epochs 10 → 75 \(75 epochs × 4 steps = 300 optimiser steps/);
    const [run] = study.state.runs;
    expect(run.config).toMatchObject({ epoch: 75, batch_size: 8, learning_rate: 0.001, set_by_user: [] });
    expect(study.state.training).toBeNull();
    expect(run.metrics).toHaveLength(75);
  }, 120_000);

  it('an explicit value equal to the default is never adapted', async () => {
    const { study, reg, ctx } = setup('explicit');
    await reg.invoke('set_model', { model_name: 'EEGNet', params: { F1: 4, D: 2, F2: 8 } }, ctx);
    await reg.invoke('configure_training', { epoch: 2, batch_size: 32 }, ctx);
    const r = await reg.invoke('start_training', {}, { ...ctx, awaitLongJobs: true }, { confirmed: true });
    expect(r.content).not.toMatch(/Defaults adapted/);
    const [run] = study.state.runs;
    expect(run.config).toMatchObject({ epoch: 2, batch_size: 32 });
    expect(run.adaptedDefaults).toBeUndefined();
    expect(run.metrics).toHaveLength(2);
  }, 60_000);
});

describe('start_training / stop_training / plot_training', () => {
  it('needs confirmation, then trains every repeat in the child process with recorded seeds and per-epoch metrics', async () => {
    const { study, reg, ctx, progress, workspace } = setup('train');
    await reg.invoke('set_model', { model_name: 'EEGNet', params: { F1: 4, D: 2, F2: 8 } }, ctx);
    await reg.invoke('configure_training', { epoch: 3, batch_size: 8, learning_rate: 0.01, repeat: 2, seed: 3, selection: 'best_val_accuracy' }, ctx);
    const ask = await reg.invoke('start_training', {}, ctx);
    expect(ask.type).toBe('confirm');
    expect(ask.content).toContain('2 run(s)');
    expect(study.state.runs).toEqual([]);
    const r = await reg.invoke('start_training', {}, { ...ctx, awaitLongJobs: true }, { confirmed: true });
    expect(r.type, r.content).toBe('text');
    expect(study.stage).toBe('trained');
    const runs = study.state.runs;
    expect(runs.map((x) => [x.splitName, x.repeat, x.status])).toEqual([
      ['Fold_1', 1, 'done'],
      ['Fold_1', 2, 'done'],
    ]);
    expect(runs[0].seed).not.toBe(runs[1].seed);
    for (const run of runs) {
      expect(run.metrics.map((m) => m.epoch)).toEqual([1, 2, 3]);
      expect(run.metrics.every((m) => m.val && m.test && m.train.loss > 0)).toBe(true);
      for (const key of ['weights', 'onnx', 'metrics', 'lastWeights']) expect(existsSync(path.join(workspace, '.xbrain', run.artefacts[key]))).toBe(true);
      // The weights file records the seed the run was trained with.
      const index = JSON.parse(readFileSync(path.join(workspace, '.xbrain', run.artefacts.weights), 'utf8')) as {
        meta: { seed: number };
        params: Record<string, number>;
      };
      expect(index.meta.seed).toBe(run.seed);
      expect(index.params).toEqual({ F1: 4, D: 2, F2: 8 });
    }
    expect(progress.filter((l) => /epoch \d\/3/.test(l))).toHaveLength(6);
    // Job files are removed once the runs are over.
    expect(existsSync(path.join(workspace, '.xbrain', 'jobs'))).toBe(true);
    expect(readdirSync(path.join(workspace, '.xbrain', 'jobs'))).toEqual([]);

    const p = await reg.invoke('plot_training', { metric: 'accuracy' }, ctx);
    expect(p.type).toBe('plot');
    expect(p.meta.mime).toBe('application/vnd.xbrain.training+json');
    const series = p.meta.series as Array<{ label: string; split: string; x: number[]; y: number[] }>;
    expect(series.map((s) => s.label)).toEqual(['Fold_1 r1 train', 'Fold_1 r1 val', 'Fold_1 r1 test', 'Fold_1 r2 train', 'Fold_1 r2 val', 'Fold_1 r2 test']);
    expect(series[1].y).toEqual(runs[0].metrics.map((m) => m.val!.accuracy));
    expect(p.meta.live).toBe(false);
  }, 60_000);

  it('epochs kept on disk (a spill file) train to the same per-epoch metrics as the same epochs in memory', async () => {
    const trained = async (name: string, disk: boolean) => {
      const { study, reg, ctx } = setup(name, { disk });
      expect(epochsFile(study.state.epochs!) !== undefined).toBe(disk);
      await reg.invoke('set_model', { model_name: 'EEGNet', params: { F1: 4, D: 2, F2: 8 } }, ctx);
      await reg.invoke('configure_training', { epoch: 2, batch_size: 8, learning_rate: 0.01, seed: 11 }, ctx);
      const r = await reg.invoke('start_training', {}, { ...ctx, awaitLongJobs: true }, { confirmed: true });
      expect(r.type, r.content).toBe('text');
      return study.state.runs.map((x) => ({ status: x.status, metrics: x.metrics.map((m) => [m.train.loss, m.val?.accuracy, m.test?.accuracy]) }));
    };
    const mem = await trained('train-mem', false);
    const disk = await trained('train-disk', true);
    expect(mem[0].status).toBe('done');
    expect(disk).toEqual(mem);
  }, 60_000);

  it('two trainings started in the same second get distinct run ids, records and folders', async () => {
    // A notebook running a training cell right after another once gave both runs one id: the second run's epochs
    // went into the first run's record and both wrote runs/<id>. The clock is frozen so the two starts share a second.
    const { study, reg, ctx, workspace } = setup('same-second');
    await reg.invoke('set_model', { model_name: 'EEGNet', params: { F1: 4, D: 2, F2: 8 } }, ctx);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T01:56:11.200Z') });
    try {
      for (const epoch of [2, 3]) {
        await reg.invoke('configure_training', { epoch, batch_size: 8, learning_rate: 0.01, seed: epoch }, ctx);
        const r = await reg.invoke('start_training', {}, { ...ctx, awaitLongJobs: true }, { confirmed: true });
        expect(r.type, r.content).toBe('text');
      }
    } finally {
      vi.useRealTimers();
    }
    const runs = study.state.runs;
    expect(runs.map((x) => x.id)).toEqual(['20261126T015611-Fold_1-r1', '20261126T015611-2-Fold_1-r1']);
    expect(runs.map((x) => [x.status, x.metrics.map((m) => m.epoch)])).toEqual([
      ['done', [1, 2]],
      ['done', [1, 2, 3]],
    ]);
    expect(runs[0].artefacts.onnx).not.toBe(runs[1].artefacts.onnx);
    for (const run of runs) expect(existsSync(path.join(workspace, '.xbrain', run.artefacts.onnx))).toBe(true);
  }, 60_000);

  it('returns at once when not awaiting, and stop_training ends the run keeping its finished epochs', async () => {
    const { study, reg, ctx } = setup('stop');
    await reg.invoke('configure_training', { epoch: 5000, batch_size: 8, learning_rate: 0.01 }, ctx);
    const firstEpoch = new Promise<void>((resolve) => {
      ctx.progress = (m) => (/epoch 1\//.test(m) ? resolve() : undefined);
    });
    const r = await reg.invoke('start_training', {}, ctx, { confirmed: true });
    expect(r.type, r.content).toBe('text');
    expect(r.content).toMatch(/Training started: 1 run/);
    expect(study.stage).toBe('training');
    await firstEpoch;
    const s = await reg.invoke('stop_training', {}, ctx);
    expect(s.type, s.content).toBe('text');
    const run = study.state.runs[0];
    expect(run.status).toBe('stopped');
    expect(run.metrics.length).toBeGreaterThanOrEqual(1);
    expect(run.metrics.length).toBeLessThan(5000);
    expect(run.artefacts.onnx).toMatch(/runs\/.+\/model\.onnx$/);
    expect(study.stage).toBe('dataset_ready');
  }, 60_000);

  it('an aborted awaiting call (notebook interrupt, Ctrl-C) stops the trainer and returns with the run stopped', async () => {
    const { study, reg, ctx } = setup('abort');
    await reg.invoke('configure_training', { epoch: 5000, batch_size: 8, learning_rate: 0.01, repeat: 3 }, ctx);
    const ac = new AbortController();
    ctx.progress = (m) => (/epoch 2\//.test(m) ? ac.abort() : undefined);
    const r = await reg.invoke('start_training', {}, { ...ctx, signal: ac.signal, awaitLongJobs: true }, { confirmed: true });
    expect(r.type, r.content).toBe('text');
    // The first repeat is stopped and the other two never start.
    expect(study.state.runs.map((x) => x.status)).toEqual(['stopped']);
    expect(study.state.runs[0].metrics.length).toBeGreaterThanOrEqual(1);
    expect(study.stage).toBe('dataset_ready');
  }, 60_000);

  it('on slurm without a cluster says why (sbatch not on PATH) and leaves the Study unchanged', async () => {
    const { study, reg, ctx } = setup('slurm');
    await reg.invoke('configure_training', { epoch: 2, batch_size: 8, learning_rate: 0.01, backend: 'slurm' }, ctx);
    const before = study.state;
    const path0 = process.env.PATH;
    process.env.PATH = path.join(tmp, 'no-such-bin');
    try {
      const r = await reg.invoke('start_training', {}, ctx, { confirmed: true });
      expect(r.type).toBe('error');
      expect(r.content).toMatch(/slurm backend is unavailable: sbatch not on PATH/);
    } finally {
      process.env.PATH = path0;
    }
    expect(study.state).toBe(before);
  });

  it('marks a crashing trainer failed with its stderr tail and keeps the rest of the Study intact', async () => {
    const root = path.join(tmp, 'crashpkg');
    mkdirSync(path.join(root, 'dist'), { recursive: true });
    writeFileSync(path.join(root, 'dist', 'trainer.js'), "process.stderr.write('Segmentation fault in conv kernel\\n'); process.exit(139);\n");
    const { study, reg, ctx } = setup('crash', { root });
    await reg.invoke('configure_training', { epoch: 2, batch_size: 8, learning_rate: 0.01 }, ctx);
    const { epochs: e, dataset: d, model, training } = study.state;
    const r = await reg.invoke('start_training', {}, { ...ctx, awaitLongJobs: true }, { confirmed: true });
    expect(r.type).toBe('text');
    expect(r.content).toContain('1 failed');
    const run = study.state.runs[0];
    expect(run.status).toBe('failed');
    expect(run.error).toContain('exited with code 139');
    expect(run.error).toContain('Segmentation fault in conv kernel');
    expect(study.state.epochs).toBe(e);
    expect(study.state.dataset).toBe(d);
    expect(study.state.model).toBe(model);
    expect(study.state.training).toBe(training);
    expect(study.stage).toBe('dataset_ready');
  }, 60_000);

  it('refuses to start without a trainer bundle and leaves the Study unchanged', async () => {
    const { study, reg, ctx } = setup('nobundle', { root: path.join(tmp, 'empty') });
    const before = study.state;
    const r = await reg.invoke('start_training', {}, ctx, { confirmed: true });
    expect(r.type).toBe('error');
    expect(r.error?.code).toBe('not_found');
    expect(r.content).toContain('trainer bundle was not found');
    expect(study.state).toBe(before);
  });

  it('stop_training marks runs orphaned by a closed window as failed', async () => {
    const { study, reg, ctx } = setup('orphan');
    const run = {
      id: 'r1',
      splitId: 'fold-1',
      splitName: 'Fold_1',
      repeat: 1,
      seed: 0,
      model: { name: 'EEGNet' as const, params: {} },
      config: {
        epoch: 1,
        batch_size: 8,
        learning_rate: 0.01,
        repeat: 1,
        device: 'cpu',
        optimizer: 'adam' as const,
        save_checkpoints_every: 0,
        selection: 'last_epoch' as const,
        backend: 'local',
        seed: 0,
      },
      status: 'running' as const,
      metrics: [],
      artefacts: {},
      startedAt: '',
    };
    study.commit({ runs: [run] }, ['runs']);
    expect(study.stage).toBe('training');
    const r = await reg.invoke('stop_training', {}, ctx);
    expect(r.content).toContain('failed');
    expect(study.state.runs[0].status).toBe('failed');
    expect(study.stage).toBe('dataset_ready');
  });
});
