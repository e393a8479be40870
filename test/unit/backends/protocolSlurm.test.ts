// run_protocol with backend slurm on a real one-node Slurm cluster (SLURM_CONF, started by .ci/run; part of
// `npm run test:backends`): the model-family runs of all folds go out as ONE array job, each is reported as its task
// finishes, a cancelled protocol scancels the job and keeps the finished runs, and the same call resubmits only the
// unfinished ones. Without a cluster these tests fail with the reason.
import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProtocolResult } from '../../../src/core/evaluation/protocolResult';
import type { Epochs } from '../../../src/core/signal/types';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import type { ToolContext } from '../../../src/core/tools/types';
import { arrayTaskStates } from '../../../src/core/training/backends/slurm';
import { toyData } from '../training/toyData';
import { tempPackageRoot } from '../training/trainerBundle';

const { tmp, packageRoot } = tempPackageRoot('xbrain-protocolslurm-');
const reg = new ToolRegistry();
const SUBJECTS = ['001', '002', '003', '004'];

/** 4 subjects × 16 epochs of the toy two-class data (4 channels, 2.5 s at 64 Hz), in one Study. */
function setup(name: string): { study: Study; ctx: ToolContext; progress: string[] } {
  const per = 16;
  const n = per * SUBJECTS.length;
  const { x, labels } = toyData(n, 4, 160, 64, 3);
  const epochs: Epochs = {
    data: x,
    nEpochs: n,
    nChannels: 4,
    nTimes: 160,
    channels: ['C3', 'Cz', 'C4', 'Pz'],
    sfreq: 64,
    tmin: 0,
    eventId: { T1: 0, T2: 1 },
    labels,
    subject: Array.from({ length: n }, (_, i) => SUBJECTS[Math.floor(i / per)]),
    session: Array(n).fill('04'),
    recording: Int32Array.from({ length: n }, (_, i) => Math.floor(i / per)),
    eventSample: Int32Array.from({ length: n }, (_, i) => i),
    baseline: null,
  };
  const study = new Study();
  study.commit({ epochs }, ['epochs']);
  const progress: string[] = [];
  const ctx: ToolContext = { study, env: { workspace: path.join(tmp, name), packageRoot, trusted: true }, progress: (m) => progress.push(m) };
  return { study, ctx, progress };
}

const PROTOCOL = { protocol: 'cross_subject', pipelines: ['CSP+LDA', 'EEGNet'] };
const submitted = (progress: string[]): string[] => progress.filter((m) => /submitted to Slurm as one array job \(job \d+\)/.test(m));

async function configure(ctx: ToolContext): Promise<void> {
  // confirmed: at stage preprocessed the skip-ahead plan also makes a dataset, which run_protocol does not use
  const r = await reg.invoke('configure_training', { epoch: 2, batch_size: 8, learning_rate: 0.001, backend: 'slurm' }, ctx, { confirmed: true });
  expect(r.type, r.content).not.toBe('error');
}

describe('run_protocol on slurm', () => {
  it('sends every fold × model run as one array job and reports each as its task finishes', async () => {
    const { study, ctx, progress } = setup('whole');
    await configure(ctx);
    const c = await reg.invoke('run_protocol', PROTOCOL, ctx);
    expect(c.type).toBe('confirm');
    const r = await reg.invoke('run_protocol', PROTOCOL, ctx, { confirmed: true });
    expect(r.type, r.content).toBe('plot');
    expect(c.content).toContain('this starts 4 training run(s) as one Slurm array job');
    expect(submitted(progress)).toHaveLength(1);
    expect(submitted(progress)[0]).toMatch(/^4 model run\(s\) submitted/);
    // one line per finished run: 4 baselines and 4 array tasks
    expect(progress.filter((m) => m.startsWith('EEGNet test '))).toHaveLength(4);
    expect(progress.filter((m) => m.startsWith('CSP+LDA test '))).toHaveLength(4);
    const res: ProtocolResult = study.state.protocols![0];
    expect(res.rows.map((x) => `${x.pipeline} ${x.subject}`).sort()).toEqual(SUBJECTS.flatMap((s) => [`CSP+LDA ${s}`, `EEGNet ${s}`]).sort());
    expect(res.training?.backend).toBe('slurm');
    // the toy classes are separable on every subject: the trained networks score above chance
    expect(res.summary.EEGNet.accuracy.mean).toBeGreaterThan(0.6);
    // the job folder (trainer inputs) is removed once the result is stored
    expect(readdirSync(path.join(ctx.env.workspace, '.xbrain', 'protocols')).filter((f) => f.startsWith('jobs-'))).toEqual([]);
  }, 300_000);

  it('a cancelled protocol scancels its array job; the same call resubmits only the unfinished runs', async () => {
    const { study, ctx } = setup('cancel');
    // with aligned inputs (alignment euclidean): the tasks train on, and are scored on, the aligned epochs
    const PROTOCOL = { protocol: 'cross_subject', pipelines: ['CSP+LDA', 'EEGNet'], alignment: 'euclidean' };
    await configure(ctx);
    const ac = new AbortController();
    const first: string[] = [];
    const r1 = await reg.invoke(
      'run_protocol',
      PROTOCOL,
      {
        ...ctx,
        signal: ac.signal,
        progress: (m) => {
          first.push(m);
          if (m.startsWith('EEGNet test ')) ac.abort();
        },
      },
      { confirmed: true },
    );
    expect(r1.type, r1.content).toBe('error');
    expect(r1.error?.code).toBe('cancelled');
    expect(study.state.protocols ?? []).toEqual([]);
    const resumeRoot = path.join(ctx.env.workspace, '.xbrain', 'protocols', 'resume');
    // the finished runs kept for resuming (each folder's protocol.json names its settings; it is not a run)
    const kept = existsSync(resumeRoot)
      ? readdirSync(resumeRoot).flatMap((k) => readdirSync(path.join(resumeRoot, k)).filter((f) => f.endsWith('.json') && f !== 'protocol.json'))
      : [];
    const keptModels = kept.filter((f) => f.includes('EEGNet')).length;
    expect(keptModels).toBeGreaterThanOrEqual(1);
    // the runs not kept were scancelled with their array job, not left to finish for nobody
    const jobId = /\(job (\d+)\)/.exec(submitted(first)[0])![1];
    const states = [...(await arrayTaskStates(jobId)).values()];
    expect(states.filter((s) => s === 'CANCELLED')).toHaveLength(4 - keptModels);

    const second: string[] = [];
    const r2 = await reg.invoke('run_protocol', PROTOCOL, { ...ctx, progress: (m) => second.push(m) }, { confirmed: true });
    expect(r2.type, r2.content).toBe('plot');
    expect(second[0]).toBe(`resumed: ${kept.length} of 8 runs already done`);
    // only the model runs the cancelled call did not finish go out again, as one array job
    const again = submitted(second);
    if (keptModels < 4) {
      expect(again).toHaveLength(1);
      expect(again[0]).toMatch(new RegExp(`^${4 - keptModels} model run\\(s\\) submitted`));
    } else expect(again).toEqual([]);
    expect(second.filter((m) => m.startsWith('EEGNet test '))).toHaveLength(4 - keptModels);
    const res = study.state.protocols![0];
    expect(res.resumed).toBe(kept.length);
    expect(res.rows).toHaveLength(8);
    expect(res.training?.alignment).toBe('euclidean');
    expect(res.summary.EEGNet.accuracy.mean).toBeGreaterThan(0.6);
  }, 300_000);
});
