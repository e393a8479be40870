// start_training on the pytorch backend through the registry: python/xbrain_trainer.py (python3 with torch) speaks
// the same trainer protocol as the TypeScript engine; part of `npm run test:backends`.
import { describe, expect, it } from 'vitest';
import { sweepSetup } from '../training/sweepFixture';
import { tempPackageRoot } from '../training/trainerBundle';

const { tmp, packageRoot } = tempPackageRoot('xbrain-pytorchtools-', { python: true });

describe('start_training on the pytorch backend', () => {
  it('trains every split through the same protocol (python/xbrain_trainer.py) and records the runs', async () => {
    const { study, reg, ctx } = sweepSetup(tmp, packageRoot, 'pytorch');
    await reg.invoke('configure_training', { epoch: 2, batch_size: 8, learning_rate: 0.01, backend: 'pytorch', seed: 4 }, ctx);
    const r = await reg.invoke('start_training', {}, { ...ctx, awaitLongJobs: true }, { confirmed: true });
    expect(r.type, r.content).toBe('text');
    expect(study.state.runs.map((run) => [run.status, run.error, run.metrics.map((m) => m.epoch), run.config.backend])).toEqual([
      ['done', undefined, [1, 2], 'pytorch'],
      ['done', undefined, [1, 2], 'pytorch'],
    ]);
  }, 180_000);
});
