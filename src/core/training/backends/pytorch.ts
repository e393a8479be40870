import { probeCommand } from './probeCommand';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { XBrainError } from '../../errors';
import type { BackendAvailability, BackendSettings, SpawnSpec } from './types';

/** The Python trainer shipped with XBrain (python/xbrain_trainer.py). */
export function pytorchTrainerScript(settings: BackendSettings): string {
  return path.join(settings.packageRoot, 'python', 'xbrain_trainer.py');
}

export interface PythonProbe {
  python: string;
  torch: string;
  cuda: boolean;
}

const probeCache = new Map<string, Promise<PythonProbe | string>>();

/**
 * Interpreters tried in order: the setting, $XBRAIN_PYTHON, then python3 on PATH and the system's /usr/bin/python3
 * (Debian's python3-torch installs there, while pyenv/conda shims on PATH often lack torch).
 */
export function pythonCandidates(settings: BackendSettings): string[] {
  const list = [settings.python, process.env.XBRAIN_PYTHON, 'python3', '/usr/bin/python3', 'python'];
  return [...new Set(list.filter((p): p is string => !!p && p.trim() !== ''))];
}

/**
 * Runs the trainer's --probe with each candidate; the first with torch wins. Asynchronous (importing torch takes
 * seconds and must not block the extension host) and cached per process, the pending probe included.
 */
export function probePython(settings: BackendSettings): Promise<PythonProbe | string> {
  const script = pytorchTrainerScript(settings);
  const key = `${script}|${pythonCandidates(settings).join('|')}`;
  let cached = probeCache.get(key);
  if (!cached) {
    cached = runProbe(script, pythonCandidates(settings));
    probeCache.set(key, cached);
  }
  return cached;
}

async function runProbe(script: string, candidates: string[]): Promise<PythonProbe | string> {
  if (!existsSync(script)) return `python trainer not found at ${script}`;
  const tried: string[] = [];
  for (const python of candidates) {
    const r = await probeCommand(python, [script, '--probe'], 60_000);
    if (r.error) {
      tried.push(`${python}: not found`);
      continue;
    }
    const line = r.stdout.trim().split('\n').pop() ?? '';
    try {
      const v = JSON.parse(line) as { torch?: string; cuda?: boolean; message?: string };
      if (v.torch) return { python, torch: v.torch, cuda: !!v.cuda };
      tried.push(`${python}: ${v.message ?? 'no torch'}`);
    } catch {
      tried.push(`${python}: exit ${r.status}`);
    }
  }
  return `python3 with torch not found (tried ${tried.join('; ')})`;
}

export async function pytorchAvailability(settings: BackendSettings): Promise<BackendAvailability> {
  const p = await probePython(settings);
  if (typeof p === 'string') return { name: 'pytorch', available: false, detail: p };
  return {
    name: 'pytorch',
    available: true,
    detail: `${p.python} with torch ${p.torch} (${p.cuda ? 'CUDA' : 'CPU'})`,
    info: { python: p.python, torch: p.torch, cuda: p.cuda },
  };
}

/** Spawn spec for a job; throws the availability detail when no interpreter with torch is found. */
export async function pytorchSpawn(settings: BackendSettings, jobFile: string): Promise<SpawnSpec> {
  const p = await probePython(settings);
  if (typeof p === 'string') throw new XBrainError('unavailable', `The pytorch backend is unavailable: ${p}.`, { field: 'backend' });
  return { command: p.python, args: ['-u', pytorchTrainerScript(settings), jobFile], env: { PYTHONUNBUFFERED: '1' } };
}
