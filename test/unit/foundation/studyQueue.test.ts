import { describe, it, expect, afterEach } from 'vitest';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { XBrainSession } from '../../../src/core/session';
import { lockFile } from '../../../src/core/study/lock';
import { studyFile } from '../../../src/core/study/persistence';
import { repoRoot, testDataDir } from '../helpers/paths';
import { buildCli } from '../agent/cliBuild';

/**
 * One Study, many writers (issues 18 and 16 item 5). At 220fa39 five preprocessing calls sent at once all reported
 * success while the history said epoching came first and the epochs were unfiltered at 160 Hz; two processes on one
 * workspace silently replaced each other's Study.
 */
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

function workspace(): string {
  const ws = mkdtempSync(join(tmpdir(), 'xb-queue-'));
  copyFileSync(join(testDataDir, 'S001R04.edf'), join(ws, 'S001R04.edf'));
  copyFileSync(join(testDataDir, 'S001R08.edf'), join(ws, 'S001R08.edf'));
  return ws;
}
const env = (ws: string) => ({ workspace: ws, packageRoot: repoRoot, trusted: true });

/** A live process that is not us, to stand for another XBrain holding the lock. */
function otherProcess(): number {
  const c = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(c);
  return c.pid as number;
}

describe('the Study changes through one queue', () => {
  it('calls sent at once run in arrival order, each on the result of the one before', async () => {
    const ws = workspace();
    const s = XBrainSession.inMemory(env(ws));
    await s.invoke('load_data', { paths: ['S001R04.edf'] });
    const calls: [string, Record<string, unknown>][] = [
      ['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }],
      ['apply_notch_filter', { freq: 50 }],
      ['set_reference', { method: 'average' }],
      ['resample_data', { rate: 128 }],
      ['epoch_data', { t_min: 0, t_max: 2 }],
    ];
    const results = await Promise.all(calls.map(([n, a]) => s.invoke(n, a)));
    expect(results.map((r) => r.type)).toEqual(['text', 'text', 'text', 'text', 'text']);
    expect(s.study.state.history.map((h) => h.op)).toEqual(['bandpass_filter', 'notch_filter', 'set_reference', 'resample', 'epoch_data']);
    expect(s.study.state.epochs?.sfreq).toBe(128);
    expect(s.study.state.recordings[0].sfreq).toBe(128);
  });

  it('two loads at once both land; a call after a load sees it', async () => {
    const s = XBrainSession.inMemory(env(workspace()));
    const [a, b, f] = await Promise.all([
      s.invoke('load_data', { paths: ['S001R04.edf'] }),
      s.invoke('load_data', { paths: ['S001R08.edf'] }),
      s.invoke('apply_bandpass_filter', { low_freq: 1, high_freq: 40 }),
    ]);
    expect([a.type, b.type, f.type]).toEqual(['data', 'data', 'text']);
    expect(s.study.state.recordings.map((r) => r.path.split('/').pop())).toEqual(['S001R04.edf', 'S001R08.edf']);
    expect(f.content).toContain('2 recording(s)');
  });
});

describe('the cross-process Study lock', () => {
  it('refuses a change while another live process holds the lock, naming it, and leaves the Study as it was', async () => {
    const ws = workspace();
    mkdirSync(join(ws, '.xbrain'), { recursive: true });
    const pid = otherProcess();
    writeFileSync(lockFile(ws), JSON.stringify({ pid, host: hostname(), command: 'xbrain run other.xbrain', startedAt: '2026-11-24T08:00:00.000Z' }));
    const s = await XBrainSession.open(env(ws), { owner: 'test' });
    const r = await s.invoke('load_data', { paths: ['S001R04.edf'] });
    expect(r.error?.code).toBe('study_locked');
    expect(r.content).toContain(`xbrain run other.xbrain (pid ${pid}`);
    expect(s.study.state.recordings).toHaveLength(0);
    expect(existsSync(studyFile(ws))).toBe(false);
    // readers are not blocked
    expect((await s.invoke('get_study_state', {})).type).toBe('data');
    await s.dispose();
  });

  it('recovers a stale lock whose owner is dead and says so; releases it on dispose', async () => {
    const ws = workspace();
    mkdirSync(join(ws, '.xbrain'), { recursive: true });
    const dead = spawnSync('true').pid as number; // finished: its pid is not running
    writeFileSync(lockFile(ws), JSON.stringify({ pid: dead, host: hostname(), command: 'xbrain run killed.xbrain', startedAt: '2026-11-24T08:00:00.000Z' }));
    const s = await XBrainSession.open(env(ws), { owner: 'xbrain test' });
    const r = await s.invoke('load_data', { paths: ['S001R04.edf'] });
    expect(r.type).toBe('data');
    expect(r.content).toContain('took over the Study lock left by xbrain run killed.xbrain');
    expect(JSON.parse(readFileSync(lockFile(ws), 'utf8'))).toMatchObject({ pid: process.pid, command: 'xbrain test' });
    await s.dispose();
    expect(existsSync(lockFile(ws))).toBe(false);
  });

  it('a session whose Study was changed on disk by another process reloads it before changing it', async () => {
    const ws = workspace();
    const b = await XBrainSession.open(env(ws), { owner: 'B' });
    const a = await XBrainSession.open(env(ws), { owner: 'A' });
    expect((await a.invoke('load_data', { paths: ['S001R04.edf'] })).type).toBe('data');
    // B is in this process too, so it shares the lock; what matters is that it sees A's saved Study
    await a.dispose();
    const r = await b.invoke('apply_bandpass_filter', { low_freq: 8, high_freq: 30 });
    expect(r.type).toBe('text');
    expect(r.content).toContain('another process changed the Study');
    expect(b.study.state.recordings).toHaveLength(1);
    await b.dispose();
  });

  it('xbrain run on a workspace another process is changing fails with the owner named, writing nothing', async () => {
    const cli = await buildCli();
    const ws = workspace();
    mkdirSync(join(ws, '.xbrain'), { recursive: true });
    const pid = otherProcess();
    writeFileSync(lockFile(ws), JSON.stringify({ pid, host: hostname(), command: 'VS Code (XBrain extension)', startedAt: '2026-11-24T08:00:00.000Z' }));
    writeFileSync(
      join(ws, 'a.xbrain'),
      JSON.stringify({ version: 1, metadata: {}, cells: [{ kind: 'code', source: 'load_data(paths=["S001R04.edf"])', outputs: [], metadata: {} }] }),
    );
    const r = spawnSync(process.execPath, [cli, 'run', join(ws, 'a.xbrain'), '--workspace', ws], { encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stdout + r.stderr).toContain(`VS Code (XBrain extension) (pid ${pid}`);
    expect(existsSync(studyFile(ws))).toBe(false);
  });
});

describe('one door: every front end observes every call', () => {
  it('onDidInvoke sees each result in call order, refusals included, until unsubscribed', async () => {
    const ws = workspace();
    const s = XBrainSession.inMemory(env(ws));
    const seen: string[] = [];
    const off = s.onDidInvoke((e) => seen.push(`${e.tool}:${e.result.type}`));
    await Promise.all([
      s.invoke('load_data', { paths: ['S001R04.edf'] }),
      s.invoke('apply_bandpass_filter', { low_freq: 30, high_freq: 8 }),
      s.invoke('get_study_state', {}),
    ]);
    off();
    await s.invoke('get_study_state', {});
    expect(seen).toHaveLength(3);
    expect(seen[0]).toMatch(/^load_data:(?!error)/);
    expect(seen[1]).toBe('apply_bandpass_filter:error');
    expect(seen[2]).toMatch(/^get_study_state:/);
  });
});
