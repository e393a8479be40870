import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { BackendAvailability, BackendSettings, SpawnSpec } from './types';

/**
 * The TypeScript engine: the bundled trainer (dist/trainer.js) run by the same Node as the caller; XBRAIN_TRAINER
 * overrides it as it does for start_training (findTrainerEntry).
 */
export function localTrainerScript(settings: BackendSettings): string {
  const override = process.env.XBRAIN_TRAINER;
  if (override && existsSync(override)) return override;
  return path.join(settings.packageRoot, 'dist', 'trainer.js');
}

export function localAvailability(settings: BackendSettings): BackendAvailability {
  const script = localTrainerScript(settings);
  return existsSync(script)
    ? { name: 'local', available: true, detail: `TypeScript engine (${script})`, info: { node: process.version } }
    : { name: 'local', available: false, detail: `trainer bundle not found at ${script}: run npm run build` };
}

export function localSpawn(settings: BackendSettings, jobFile: string): SpawnSpec {
  return { command: process.execPath, args: [localTrainerScript(settings), jobFile] };
}
