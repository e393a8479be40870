import { execFile } from 'node:child_process';

export interface ProbeOutput {
  stdout: string;
  stderr: string;
  /** exit code; null when the command could not start or was killed by the timeout */
  status: number | null;
  /** set when the command could not start (not on PATH, not executable) */
  error?: Error;
}

/**
 * Runs a short availability probe (python --probe, sbatch --version, scontrol ping) without blocking the event loop,
 * like spawnSync's result: it never throws, a failure to start is `error`, a non-zero exit is `status`.
 */
export function probeCommand(command: string, args: string[], timeoutMs: number, env: NodeJS.ProcessEnv = process.env): Promise<ProbeOutput> {
  return new Promise((resolve) => {
    execFile(command, args, { encoding: 'utf8', timeout: timeoutMs, env }, (err, stdout, stderr) => {
      const e = err as (NodeJS.ErrnoException & { code?: string | number }) | null;
      if (e && typeof e.code === 'string') resolve({ stdout, stderr, status: null, error: e });
      else resolve({ stdout, stderr, status: e ? (typeof e.code === 'number' ? e.code : null) : 0 });
    });
  });
}
