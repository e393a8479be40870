// A protocol interrupted mid-way (cancelled through its signal, or its process killed with SIGKILL) resumes at the
// first unfinished run on the next identical call, and its final table equals an uninterrupted call's.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProtocolResult, ProtocolRow } from '../../../src/core/evaluation/protocolResult';
import { simulateFiles } from '../../../src/core/io/simulateFiles';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import type { ToolContext } from '../../../src/core/tools/types';
import { buildCli } from '../agent/cliBuild';
import { repoRoot } from '../helpers/paths';

const reg = new ToolRegistry();
const CHANNELS = ['Fc3.', 'Fc4.', 'C3..', 'Cz..', 'C4..', 'Cp3.', 'Cp4.', 'Pz..'];
const STEPS = [
  ['load_data', { paths: ['sim'] }],
  ['select_channels', { channels: CHANNELS }],
  ['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }],
  ['epoch_data', { t_min: 0.5, t_max: 2.5, event_id: ['T1', 'T2'], baseline: null }],
] as const;
const PROTOCOL = { protocol: 'within_session', folds: 3, seed: 1 };
// 3 subjects × 2 runs × 3 folds × 2 pipelines
const RUNS = 36;

/** A workspace with the same simulated recordings (same seed: identical files) under sim/. */
function workspace(): string {
  const ws = mkdtempSync(join(tmpdir(), 'xb-resume-'));
  simulateFiles({ out: join(ws, 'sim'), subjects: 3, runs: 2, seed: 5, duration: 100, trials: 12 });
  return ws;
}

async function prepared(ws: string): Promise<ToolContext> {
  const ctx: ToolContext = { study: new Study(), env: { workspace: ws, packageRoot: repoRoot, trusted: true } };
  for (const [tool, args] of STEPS) {
    const r = await reg.invoke(tool, args as unknown as Record<string, unknown>, ctx, { confirmed: true });
    if (r.type === 'error') throw new Error(`${tool}: ${r.content}`);
  }
  return ctx;
}

/** The finished runs kept for resuming (each folder's protocol.json names its settings, it is not a run). */
const resumeFiles = (ws: string): string[] => {
  const root = join(ws, '.xbrain', 'protocols', 'resume');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((k) =>
    readdirSync(join(root, k))
      .filter((f) => f.endsWith('.json') && f !== 'protocol.json')
      .map((f) => join(k, f)),
  );
};

/** The table without the measured seconds (a resumed run keeps the seconds measured when it ran). */
const table = (r: ProtocolResult): Omit<ProtocolRow, 'time'>[] => r.rows.map(({ time: _t, ...rest }) => rest);

async function runTo(ctx: ToolContext, args: Record<string, unknown>, progress: string[]): Promise<ProtocolResult> {
  const n = ctx.study.state.protocols?.length ?? 0;
  const r = await reg.invoke('run_protocol', args, { ...ctx, progress: (m) => progress.push(m) }, { confirmed: true });
  expect(r.type, r.content).toBe('plot');
  return ctx.study.state.protocols![n];
}

describe('run_protocol resumes an interrupted protocol', () => {
  let reference: ProtocolResult;
  beforeAll(async () => {
    const ctx = await prepared(workspace());
    const progress: string[] = [];
    reference = await runTo(ctx, PROTOCOL, progress);
    expect(reference.resumed).toBe(0);
    expect(reference.nRuns).toBe(RUNS);
    // one progress line per run, counting up
    expect(progress).toHaveLength(RUNS);
    expect(progress[RUNS - 1]).toContain(`(${RUNS}/${RUNS},`);
    // the finished protocol leaves nothing to resume
    expect(resumeFiles(ctx.env.workspace)).toEqual([]);
  }, 180_000);

  it('cancelled after the 3rd run: the 3 finished runs are kept, the same call skips them and ends with the uninterrupted table', async () => {
    const ctx = await prepared(workspace());
    const before = ctx.study.state;
    const ac = new AbortController();
    let seen = 0;
    const r = await reg.invoke(
      'run_protocol',
      PROTOCOL,
      {
        ...ctx,
        signal: ac.signal,
        progress: () => {
          if (++seen === 3) ac.abort();
        },
      },
      { confirmed: true },
    );
    expect(r.type).toBe('error');
    expect(r.error?.code).toBe('cancelled');
    expect(r.content).toContain('run the same protocol again to resume');
    expect(ctx.study.state).toBe(before);
    expect(resumeFiles(ctx.env.workspace)).toHaveLength(3);

    // the confirmation says what will be reused; another seed is another protocol and reuses nothing
    const c = await reg.invoke('run_protocol', PROTOCOL, ctx);
    expect(c.content).toContain(`3 of the ${RUNS} runs were finished by an interrupted call`);
    const other = await reg.invoke('run_protocol', { ...PROTOCOL, seed: 2 }, ctx);
    expect(other.content).not.toContain('interrupted call');
    const otherProgress: string[] = [];
    const otherResult = await runTo(ctx, { ...PROTOCOL, seed: 2 }, otherProgress);
    expect(otherResult.resumed).toBe(0);
    expect(otherProgress.some((m) => m.startsWith('resumed'))).toBe(false);
    expect(resumeFiles(ctx.env.workspace)).toHaveLength(3); // the seed-1 runs are still there

    const progress: string[] = [];
    const resumed = await runTo(ctx, PROTOCOL, progress);
    expect(progress[0]).toBe(`resumed: 3 of ${RUNS} runs already done`);
    // only the unfinished runs ran, numbered after the kept ones
    expect(progress).toHaveLength(1 + RUNS - 3);
    expect(progress[1]).toContain(`(4/${RUNS},`);
    expect(resumed.resumed).toBe(3);
    expect(table(resumed)).toEqual(table(reference));
    expect(resumed.summary).toEqual(reference.summary);
    expect(resumed.comparisons).toEqual(reference.comparisons);
    const report = ctx.study.state.protocols!.length;
    expect(report).toBe(2);
    expect(resumeFiles(ctx.env.workspace)).toEqual([]);
  }, 240_000);

  it('a changed epoch window does not reuse runs of the earlier epochs, and its run replaces them', async () => {
    const ctx = await prepared(workspace());
    const ac = new AbortController();
    let seen = 0;
    await reg.invoke('run_protocol', PROTOCOL, { ...ctx, signal: ac.signal, progress: () => void (++seen === 2 && ac.abort()) }, { confirmed: true });
    expect(resumeFiles(ctx.env.workspace)).toHaveLength(2);
    const r = await reg.invoke('epoch_data', { t_min: 0.5, t_max: 2.0, event_id: ['T1', 'T2'], baseline: null }, ctx, { confirmed: true });
    expect(r.type, r.content).not.toBe('error');
    const progress: string[] = [];
    const res = await runTo(ctx, PROTOCOL, progress);
    expect(res.resumed).toBe(0);
    expect(progress).toHaveLength(RUNS);
    // the same protocol on the new epochs replaced the interrupted one and, completed, left nothing behind
    expect(resumeFiles(ctx.env.workspace)).toEqual([]);
    expect(readdirSync(join(ctx.env.workspace, '.xbrain', 'protocols', 'resume'))).toEqual([]);
  }, 240_000);

  it('model pipelines: kept EEGNet runs are reused only with the same training settings; the baselines are kept either way', async () => {
    const ctx = await prepared(workspace());
    const setTraining = async (epoch: number): Promise<void> => {
      const r = await reg.invoke('configure_training', { epoch, batch_size: 16, learning_rate: 0.001, repeat: 1 }, ctx, { confirmed: true });
      expect(r.type, r.content).not.toBe('error');
    };
    const n = await reg.invoke('normalize_data', { method: 'z-score' }, ctx, { confirmed: true });
    expect(n.type, n.content).not.toBe('error');
    await setTraining(2);
    // cross_subject on 3 subjects × (CSP+LDA, EEGNet) = 6 runs; cancelled after CSP+LDA f1, EEGNet f1, CSP+LDA f2
    const args = { protocol: 'cross_subject', pipelines: ['CSP+LDA', 'EEGNet'], seed: 2 };
    const ac = new AbortController();
    let seen = 0;
    const r = await reg.invoke('run_protocol', args, { ...ctx, signal: ac.signal, progress: () => void (++seen === 3 && ac.abort()) }, { confirmed: true });
    expect(r.error?.code, r.content).toBe('cancelled');
    expect(resumeFiles(ctx.env.workspace)).toHaveLength(3);
    await setTraining(1);
    expect((await reg.invoke('run_protocol', args, ctx)).content).toContain('2 of the 6 runs were finished by an interrupted call');
    await setTraining(2);
    expect((await reg.invoke('run_protocol', args, ctx)).content).toContain('3 of the 6 runs were finished by an interrupted call');
    const progress: string[] = [];
    const res = await runTo(ctx, args, progress);
    expect(progress[0]).toBe('resumed: 3 of 6 runs already done');
    expect(progress.slice(1).map((m) => m.split(' ')[0])).toEqual(['EEGNet', 'CSP+LDA', 'EEGNet']);
    expect(res.resumed).toBe(3);
    expect(res.rows).toHaveLength(6);
    expect(new Set(res.rows.map((x) => `${x.pipeline} ${x.subject}`)).size).toBe(6);
  }, 300_000);

  it('the xbrain CLI killed with SIGKILL mid-protocol: the next call resumes at the first unfinished run', async () => {
    const ws = workspace();
    const cli = await buildCli();
    const call = (tool: string, args: Record<string, unknown>): string =>
      `${tool}(${Object.entries(args)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(', ')})`;
    const source = [...STEPS.map(([t, a]) => call(t, a as unknown as Record<string, unknown>)), call('run_protocol', PROTOCOL)].join('\n');
    writeFileSync(join(ws, 'protocol.xbrain'), JSON.stringify({ version: 1, metadata: {}, cells: [{ kind: 'code', source, outputs: [], metadata: {} }] }));
    const child = spawn(process.execPath, [cli, 'run', join(ws, 'protocol.xbrain'), '--workspace', ws, '--yes'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.resume();
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => child.on('exit', (code, signal) => res({ code, signal })));
    // kill it as soon as the 2nd run is on disk
    const killed = await new Promise<boolean>((res) => {
      const poll = setInterval(() => {
        if (resumeFiles(ws).length >= 2) {
          clearInterval(poll);
          res(child.kill('SIGKILL'));
        }
      }, 5);
      void exited.then(() => {
        clearInterval(poll);
        res(false);
      });
    });
    expect(killed, `the CLI ended before it could be killed: ${stderr}`).toBe(true);
    expect((await exited).signal).toBe('SIGKILL');
    const kept = resumeFiles(ws).length;
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(kept).toBeLessThan(RUNS);

    // a killed protocol with model pipelines leaves its trainer job folder (named after its pid): the next call removes it
    const protocols = join(ws, '.xbrain', 'protocols');
    const orphan = join(protocols, `jobs-20260101T000000-${child.pid}`);
    const ours = join(protocols, `jobs-20260101T000000-${process.pid}`);
    for (const d of [orphan, ours]) mkdirSync(join(d, 'shared'), { recursive: true });
    const ctx = await prepared(ws);
    const progress: string[] = [];
    const resumed = await runTo(ctx, PROTOCOL, progress);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(ours)).toBe(true); // a running process's folder is left alone
    expect(progress[0]).toBe(`resumed: ${kept} of ${RUNS} runs already done`);
    expect(progress).toHaveLength(1 + RUNS - kept);
    expect(resumed.resumed).toBe(kept);
    expect(table(resumed)).toEqual(table(reference));
  }, 240_000);
});
