import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { contains } from '../paths';
import { badFile } from './binary';

/**
 * A companion file (BrainVision data/marker file, EEGLAB .fdt, a sidecar .json) must really lie in its header's folder
 * or below once symbolic links are resolved: the tools check the header against the workspace, and neither the
 * header's text nor a link placed beside it may send the reader outside that folder. A missing companion passes
 * through unchanged (the read that follows names it).
 */
export function companionInside(header: string, companion: string, field: string): string {
  let real: string;
  try {
    real = realpathSync(companion);
  } catch {
    return companion;
  }
  const folder = realpathSync(dirname(header));
  if (!contains(folder, real)) {
    throw badFile(header, field, `'${companion}' leads outside the header's folder (a link to ${real}); companion files must really sit next to the header`);
  }
  return companion;
}
