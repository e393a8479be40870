/**
 * The slurm backend: a sweep (or a single run) becomes one `sbatch --array` job whose task i runs the local or
 * pytorch trainer on job file i, writing the trainer's NDJSON events to a file in the shared folder. XBrain follows
 * those files and the task states (`scontrol show job -o`), cancels with `scancel`, and never runs cluster code of its
 * own. Every command only needs SLURM_CONF (or the cluster's default config) in the environment.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { XBrainError } from '../../errors';
import { probeCommand } from './probeCommand';
import type { BackendAvailability, SpawnSpec } from './types';

const run = promisify(execFile);

export interface SlurmOptions {
  partition?: string;
  /** extra sbatch arguments, e.g. ["--gres=gpu:1", "--time=02:00:00"] */
  sbatchArgs?: string[];
  env?: NodeJS.ProcessEnv;
}

export async function slurmAvailability(env: NodeJS.ProcessEnv = process.env): Promise<BackendAvailability> {
  const v = await probeCommand('sbatch', ['--version'], 15_000, env);
  if (v.error) return { name: 'slurm', available: false, detail: 'sbatch not on PATH' };
  const version = v.status === 0 ? v.stdout.trim().split('\n')[0] : 'sbatch';
  const ping = await probeCommand('scontrol', ['ping'], 15_000, env);
  const up = !ping.error && /UP/.test(ping.stdout);
  if (!up) {
    return {
      name: 'slurm',
      available: false,
      detail: `${version} found, but no Slurm controller answers (scontrol ping: ${(ping.stdout || ping.stderr || String(ping.error)).trim().split('\n')[0]}); set SLURM_CONF or run from a login node`,
    };
  }
  return { name: 'slurm', available: true, detail: `${version}; controller up`, info: { version, slurmConf: env.SLURM_CONF ?? null } };
}

/** Single-quotes a word for bash. */
const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

export interface ArrayTaskCommand {
  index: number;
  spawn: SpawnSpec;
  /** the trainer's stdout (NDJSON events) */
  eventsFile: string;
  stderrFile: string;
}

/** Writes the batch script: task i execs its trainer with stdout/stderr to its files. Returns the script path. */
export function writeArrayScript(dir: string, tasks: ArrayTaskCommand[]): string {
  mkdirSync(dir, { recursive: true });
  const lines = ['#!/bin/bash', '# XBrain sweep: one Slurm array task per trainer job (generated; do not edit)', 'set -u', 'case "$SLURM_ARRAY_TASK_ID" in'];
  for (const t of tasks) {
    const env = Object.entries({ ...t.spawn.env, XBRAIN_TRAINER_DETACHED: '1' })
      .map(([k, v]) => `${k}=${q(v)}`)
      .join(' ');
    lines.push(
      `  ${t.index}) exec ${env ? `env ${env} ` : ''}${[t.spawn.command, ...t.spawn.args].map(q).join(' ')} > ${q(t.eventsFile)} 2> ${q(t.stderrFile)} < /dev/null ;;`,
    );
  }
  lines.push('  *) echo "unknown array task $SLURM_ARRAY_TASK_ID" >&2; exit 2 ;;', 'esac', '');
  const file = path.join(dir, 'sweep.sbatch');
  writeFileSync(file, lines.join('\n'), { mode: 0o755 });
  return file;
}

/** Submits the array job; returns its job id. */
export async function submitArray(script: string, count: number, name: string, opts: SlurmOptions = {}): Promise<string> {
  const dir = path.dirname(script);
  const args = ['--parsable', `--array=0-${count - 1}`, '-J', name, '-D', dir, '-o', path.join(dir, 'slurm-%A_%a.out')];
  if (opts.partition) args.push('-p', opts.partition);
  args.push(...(opts.sbatchArgs ?? []), script);
  try {
    const { stdout } = await run('sbatch', args, { env: opts.env ?? process.env });
    const id = stdout.trim().split(';')[0];
    if (!/^\d+$/.test(id)) throw new Error(`unexpected sbatch output "${stdout.trim()}"`);
    return id;
  } catch (e) {
    throw new XBrainError('unavailable', `sbatch failed: ${(e as { stderr?: string }).stderr?.trim() || (e as Error).message}`, { field: 'backend' });
  }
}

export type SlurmState = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'TIMEOUT' | 'OUT_OF_MEMORY' | 'NODE_FAIL' | string;

/** Task states of an array job by task index, from `scontrol show job -o` (empty once the controller forgot it). */
export async function arrayTaskStates(jobId: string, opts: SlurmOptions = {}): Promise<Map<number, SlurmState>> {
  const states = new Map<number, SlurmState>();
  let stdout = '';
  try {
    ({ stdout } = await run('scontrol', ['show', 'job', '-o', jobId], { env: opts.env ?? process.env }));
  } catch {
    return states; // purged (MinJobAge) or controller unreachable: the caller falls back to the event files
  }
  for (const line of stdout.split('\n')) {
    const state = /\bJobState=(\S+)/.exec(line)?.[1];
    const task = /\bArrayTaskId=(\S+)/.exec(line)?.[1];
    if (!state || !task) continue;
    // a pending remainder is reported as a range, e.g. ArrayTaskId=2-3 or 4,6-7%2
    for (const part of task.replace(/%\d+$/, '').split(',')) {
      const [a, b] = part.split('-').map(Number);
      for (let i = a; i <= (Number.isFinite(b) ? b : a); i++) states.set(i, state);
    }
  }
  return states;
}

export async function cancelJob(jobId: string, opts: SlurmOptions = {}): Promise<void> {
  await run('scancel', [jobId], { env: opts.env ?? process.env });
}

export const isTerminal = (s: SlurmState): boolean => !['PENDING', 'RUNNING', 'CONFIGURING', 'COMPLETING', 'SUSPENDED', 'REQUEUED', 'RESIZING'].includes(s);
