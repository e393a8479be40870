import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, delimiter, dirname, isAbsolute, resolve } from 'node:path';
import { XBrainError } from '../errors';
import type { ToolEnv } from './types';
import { contains } from '../io/paths';

/**
 * The workspace boundary: the one check every tool runs on every path a caller names (reads, listings, writes).
 * It compares *real* paths — symbolic links resolved — so a link inside the workspace that points outside is
 * outside, and a link that stays inside keeps working. Text comparison of path names is never the test (a file
 * called `..hidden.edf` is inside; `link/../x` is resolved the way the OS would resolve it).
 *
 * Reads and listings may also reach the configured data folders (`ToolEnv.dataFolders`: VS Code setting
 * `xbrain.data.folders`, CLI `--data-folder`, environment `XBRAIN_DATA_FOLDERS`); writes stay in the workspace.
 */
export type PathAccess = 'read' | 'list' | 'write';

/** Environment variable holding extra data folders (separated like PATH) when a front end sets none. */
export const DATA_FOLDERS_ENV = 'XBRAIN_DATA_FOLDERS';

const MAX_LINK_HOPS = 40;

/**
 * The real location of `p`: its realpath when it exists; for a path that does not exist yet (a new export folder),
 * the realpath of its nearest existing ancestor joined with the missing rest. A dangling symbolic link is followed
 * to where it points (writing through it would create its target), at most MAX_LINK_HOPS times.
 */
export function realTarget(p: string, hops = 0): string {
  let cur = resolve(p);
  const rest: string[] = [];
  for (;;) {
    try {
      return resolve(realpathSync.native(cur), ...rest);
    } catch {
      // not there (or not readable): if something is there it is a dangling or looping link; follow it
      const link = lstatSafe(cur);
      if (link?.isSymbolicLink()) {
        if (hops >= MAX_LINK_HOPS) throw new XBrainError('invalid_arguments', `${p}: too many levels of symbolic links`, { path: p });
        return realTarget(resolve(dirname(cur), readlinkSync(cur), ...rest), hops + 1);
      }
      const parent = dirname(cur);
      if (parent === cur) return resolve(cur, ...rest);
      rest.unshift(basename(cur));
      cur = parent;
    }
  }
}

function lstatSafe(p: string): ReturnType<typeof lstatSync> | null {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}

export { contains };

/** Extra data folders: the front end's list, else XBRAIN_DATA_FOLDERS; relative entries resolve against the workspace. */
export function dataFolders(env: ToolEnv): string[] {
  const list = env.dataFolders ?? (process.env[DATA_FOLDERS_ENV] ?? '').split(delimiter);
  return list
    .map((f) => f.trim())
    .filter(Boolean)
    .map((f) => resolve(env.workspace, f));
}

/** Absolute form of a caller's path (relative paths are relative to the workspace), without touching the disk. */
export function absolutePath(env: ToolEnv, p: string): string {
  return isAbsolute(p) ? resolve(p) : resolve(env.workspace, p);
}

/**
 * Resolves a path a caller named and checks it against the boundary. Returns the absolute path (as the caller
 * named it, so file names stay the user's) once its real location is inside; throws `outside_workspace` naming the
 * parameter otherwise. `extraRoots` are folders the request itself named as data (xbrain ask --data).
 */
export function insideWorkspace(env: ToolEnv, p: string, access: PathAccess, parameter: string, extraRoots: readonly string[] = []): string {
  if (typeof p !== 'string' || p.length === 0) throw new XBrainError('invalid_arguments', `${parameter}: a path must be a non-empty string`, { parameter });
  if (p.includes('\0')) throw new XBrainError('invalid_arguments', `${parameter}: the path contains a NUL character`, { parameter });
  const abs = absolutePath(env, p);
  const real = realTarget(abs);
  const roots = access === 'write' ? [env.workspace] : [env.workspace, ...dataFolders(env), ...extraRoots.map((r) => absolutePath(env, r))];
  if (roots.some((r) => contains(realTarget(r), real))) return abs;
  const via = real !== abs && contains(realTarget(env.workspace), abs) ? ` (a symbolic link leads to ${real})` : '';
  const how =
    access === 'write'
      ? 'XBrain writes only inside the workspace'
      : `to read from another folder, add it to the data folders (VS Code setting xbrain.data.folders, CLI --data-folder or ${DATA_FOLDERS_ENV})`;
  throw new XBrainError('outside_workspace', `${parameter}: '${p}' is outside the workspace ${env.workspace}${via}; ${how}`, { parameter, path: p, access });
}

/** The same check for a file found inside a checked folder (directory listings, folder expansion): true when inside. */
export function entryInside(env: ToolEnv, p: string, access: PathAccess): boolean {
  try {
    insideWorkspace(env, p, access, 'path');
    return true;
  } catch {
    return false;
  }
}
