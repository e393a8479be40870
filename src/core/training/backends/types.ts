/** A training engine behind the trainer child-process protocol (docs/architecture.md §4, src/core/training/protocol.ts). */
export type BackendName = 'local' | 'pytorch' | 'slurm';

export const BACKEND_NAMES: readonly BackendName[] = ['local', 'pytorch', 'slurm'];

export interface BackendAvailability {
  name: BackendName;
  available: boolean;
  /** why it is unavailable ("python3 with torch not found", "sbatch not on PATH"), or what it found */
  detail: string;
  /** e.g. torch version, CUDA, slurm version */
  info?: Record<string, unknown>;
}

/** How to start one trainer process for a job file: the launcher spawns exactly this. */
export interface SpawnSpec {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

export interface BackendSettings {
  /** python interpreter for the pytorch backend (setting `xbrain.python`); auto-detected when empty */
  python?: string;
  /** the extension's / package's root: where dist/trainer.js and python/xbrain_trainer.py live */
  packageRoot: string;
}
