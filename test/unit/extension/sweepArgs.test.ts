import { describe, it, expect } from 'vitest';
import { checkSweepGrid, sweepRunCount, backendItems } from '../../../src/extension/commands/sweepArgs';

describe('Run Sweep… prompts', () => {
  it('accepts a grid of training options and names what is wrong otherwise', () => {
    expect(checkSweepGrid('{"learning_rate": [0.001, 0.0005], "batch_size": [32]}')).toBeNull();
    expect(checkSweepGrid('{"learning_rate": [0.001')).toMatch(/JSON/);
    expect(checkSweepGrid('[1, 2]')).toMatch(/object/);
    expect(checkSweepGrid('{}')).toMatch(/grid is empty/);
    expect(checkSweepGrid('{"dropout": [0.25, 0.5]}')).toBeNull();
    expect(checkSweepGrid('{"device": ["cpu"]}')).toMatch(/"device" cannot be swept/);
    expect(checkSweepGrid('{"learning_rate": []}')).toMatch(/grid.learning_rate must be a non-empty list/);
    expect(checkSweepGrid('{"learning_rate": 0.001}')).toMatch(/grid.learning_rate must be a non-empty list/);
  });

  it('counts grid points × folds × repeats', () => {
    expect(sweepRunCount({ learning_rate: [1, 2], batch_size: [8, 16, 32] }, 2, 3)).toBe(36);
    expect(sweepRunCount({ learning_rate: [1] }, 1, 1)).toBe(1);
  });

  it('lists available backends first and keeps the reason of unavailable ones', () => {
    const items = backendItems([
      { name: 'slurm', available: false, detail: 'sbatch not on PATH' },
      { name: 'local', available: true, detail: 'TypeScript trainer, 4 threads' },
    ] as Parameters<typeof backendItems>[0]);
    expect(items.map((i) => i.name)).toEqual(['local', 'slurm']);
    expect(items[1]).toMatchObject({ available: false, detail: 'sbatch not on PATH', description: 'unavailable' });
  });
});
