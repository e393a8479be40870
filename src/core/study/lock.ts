import { mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { XBrainError } from '../errors';
import { studyDir } from './persistence';

/**
 * The cross-process guard of a workspace's Study: `.xbrain/study.lock`, created exclusively (O_EXCL) by the process
 * that changes the Study, holding its pid, host, command and start time. Another process that wants to change the
 * same Study is refused with a typed `study_locked` error naming the owner; a lock whose owner process is dead (same
 * host) is stale and taken over. Chosen over compare-and-swap on a revision because a refusal *before* work starts
 * loses nothing (a CAS conflict is found at the first save, after the work — a training run — was done), and the
 * message can say who holds the Study. Inside one process the session's queue orders the calls.
 */
export interface LockOwner {
  pid: number;
  host: string;
  /** what holds it, e.g. "xbrain run analysis.xbrain" or "VS Code" */
  command: string;
  startedAt: string;
}

export function lockFile(workspace: string): string {
  return join(studyDir(workspace), 'study.lock');
}

/** An unreadable lock younger than this is being written by its owner; older, it was left by a crash mid-write. */
const HALF_WRITTEN_MS = 10_000;

/** Locks this process holds, by lock file: sessions of one process on one workspace share it. */
const held = new Map<string, { owner: LockOwner; users: number }>();
let exitHook = false;

/** True while process `pid` runs (EPERM: it runs under another user). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const o = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
    return typeof o.pid === 'number' && typeof o.host === 'string' ? o : null;
  } catch {
    return null;
  }
}

export function describeOwner(o: LockOwner): string {
  return `${o.command} (pid ${o.pid} on ${o.host}, since ${o.startedAt})`;
}

/**
 * Takes the workspace's Study lock for this process, or throws `study_locked` naming the process that holds it.
 * Returns true when the lock was taken over from a dead owner (the caller may want to say so).
 */
export function acquireStudyLock(workspace: string, command: string): { recoveredFrom: LockOwner | null } {
  const file = lockFile(workspace);
  const mine = held.get(file);
  if (mine) {
    mine.users++;
    return { recoveredFrom: null };
  }
  mkdirSync(studyDir(workspace), { recursive: true });
  const owner: LockOwner = { pid: process.pid, host: hostname(), command, startedAt: new Date().toISOString() };
  let recoveredFrom: LockOwner | null = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(owner), { flag: 'wx' });
      held.set(file, { owner, users: 1 });
      if (!exitHook) {
        exitHook = true;
        // a normal exit or Ctrl-C leaves no lock behind; a SIGKILL leaves a stale one that the next process recovers
        process.once('exit', () => {
          for (const f of held.keys()) releaseFile(f);
        });
      }
      return { recoveredFrom };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new XBrainError('unavailable', `cannot create the Study lock ${file}: ${(e as Error).message}`, { path: file });
    }
    const other = readOwner(file);
    const stale = other ? other.host === hostname() && !alive(other.pid) : Date.now() - (statSafe(file) ?? Date.now()) > HALF_WRITTEN_MS;
    if (!stale) {
      const who = other ? describeOwner(other) : 'a process that is creating the lock right now';
      throw new XBrainError(
        'study_locked',
        `the Study in ${workspace} is being changed by another process: ${who}. Nothing was changed here; try again when it has finished${other && other.host !== hostname() ? `, or delete ${file} if that host no longer runs it` : ''}.`,
        { owner: other, lock: file },
      );
    }
    recoveredFrom = other;
    // move the stale lock aside (one rename wins if two processes recover at once), then retry the exclusive create
    const aside = `${file}.stale-${process.pid}-${Date.now()}`;
    try {
      renameSync(file, aside);
      unlinkSync(aside);
    } catch {
      /* another process recovered it first; the retry decides */
    }
  }
  throw new XBrainError('study_locked', `the Study lock ${file} keeps changing hands; try again`, { lock: file });
}

function statSafe(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

function releaseFile(file: string): void {
  const mine = held.get(file);
  held.delete(file);
  const on = readOwner(file);
  if (mine && on && on.pid === mine.owner.pid && on.startedAt === mine.owner.startedAt) {
    try {
      unlinkSync(file);
    } catch {
      /* already gone */
    }
  }
}

/** Gives up this session's use of the lock; the file goes when the last session of the process lets go. */
export function releaseStudyLock(workspace: string): void {
  const file = lockFile(workspace);
  const mine = held.get(file);
  if (!mine) return;
  if (--mine.users <= 0) releaseFile(file);
}
