/** The trainer backends behind one interface: availability for the UI/CLI and the spawn spec for a job. */
import { XBrainError } from '../../errors';
import { localAvailability, localSpawn } from './local';
import { pytorchAvailability, pytorchSpawn } from './pytorch';
import { slurmAvailability } from './slurm';
import { BACKEND_NAMES, type BackendAvailability, type BackendName, type BackendSettings, type SpawnSpec } from './types';

export type { BackendAvailability, BackendName, BackendSettings, SpawnSpec } from './types';
export { BACKEND_NAMES } from './types';

/** The backend settings of a tool call's environment (packageRoot, and the python interpreter when one is set). */
export function backendSettingsOf(env: { packageRoot: string; python?: string }): BackendSettings {
  return { packageRoot: env.packageRoot, ...(env.python ? { python: env.python } : {}) };
}

/** Probes run child processes (python importing torch, sbatch, scontrol) asynchronously: callers may be the extension host. */
export async function backendAvailability(name: BackendName, settings: BackendSettings): Promise<BackendAvailability> {
  switch (name) {
    case 'local':
      return localAvailability(settings);
    case 'pytorch':
      return pytorchAvailability(settings);
    case 'slurm':
      return slurmAvailability();
  }
}

export function listBackends(settings: BackendSettings): Promise<BackendAvailability[]> {
  return Promise.all(BACKEND_NAMES.map((n) => backendAvailability(n, settings)));
}

/**
 * How to start one run of a job on a backend. A single run on `slurm` is a one-task sweep (see sweep/run.ts), so
 * only local and pytorch have a direct spawn spec.
 */
export async function spawnForBackend(name: BackendName, settings: BackendSettings, jobFile: string): Promise<SpawnSpec> {
  if (name === 'pytorch') return pytorchSpawn(settings, jobFile);
  if (name === 'local') return localSpawn(settings, jobFile);
  throw new XBrainError(
    'invalid_arguments',
    'The slurm backend has no single-process spawn: its runs are array-job tasks (start_training and run_sweep submit them).',
    { field: 'backend' },
  );
}
