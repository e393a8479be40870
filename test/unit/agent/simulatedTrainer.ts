// The simulated Study trains real models (src/core/agent/simulatedStudy.ts): for a test file whose sessions reach the
// trained or training stage, a trainer bundle built from the current sources, named by XBRAIN_TRAINER (which wins
// over a stale dist/ in the package root) for this process and the CLI processes it spawns.
import { rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildTrainerBundle } from '../training/trainerBundle';

export function useFreshTrainer(): void {
  const dir = mkdtempSync(join(tmpdir(), 'xbrain-sim-trainer-'));
  const before = process.env.XBRAIN_TRAINER;
  beforeAll(async () => {
    process.env.XBRAIN_TRAINER = await buildTrainerBundle(dir);
  }, 60_000);
  afterAll(() => {
    if (before === undefined) delete process.env.XBRAIN_TRAINER;
    else process.env.XBRAIN_TRAINER = before;
    rmSync(dir, { recursive: true, force: true });
  });
}
