import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { STAGES } from '../../../src/core/study/types';
import { STAGE_MEANING, STAGE_NEXT, describeStage, trainingProgress } from '../../../src/core/study/stageLabels';
import { stageStatus } from '../../../src/extension/views/stageText';
import { emptyState } from '../../../src/core/study/study';
import { syntheticRecording } from '../helpers/synthetic';
import { repoRoot } from '../helpers/paths';
import type { RunRecord, StudyState } from '../../../src/core/study/types';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });

describe('one stage vocabulary (docs/architecture.md §2)', () => {
  it('the status bar names the stage by its contract name', () => {
    const loaded: StudyState = { ...emptyState(), recordings: [syntheticRecording({ channels: 4, sfreq: 100, seconds: 5 })] };
    expect(stageStatus(emptyState(), true).text).toBe('$(pulse) XBrain: empty');
    expect(stageStatus(loaded, true).text).toBe('$(pulse) XBrain: data_loaded');
    expect(stageStatus(loaded, false).text).toBe('$(pulse) XBrain: data_loaded (read-only)');
    expect(stageStatus(loaded, true).tooltip).toContain(describeStage('data_loaded'));
  });

  it('while training, the status bar says where the training is', () => {
    const run = (id: string, startedAt: string, epochs: number): RunRecord =>
      ({ id, startedAt, status: 'running', config: { epoch: 10 }, metrics: Array.from({ length: epochs }, () => ({})) }) as unknown as RunRecord;
    const s = { ...emptyState(), runs: [run('a', '2026-01-01T00:00:00Z', 3), run('b', '', 0)] };
    expect(trainingProgress(s)).toBe('epoch 3/10 · +1 run queued');
    expect(stageStatus(s, true).text).toBe('$(sync~spin) XBrain: training · epoch 3/10 · +1 run queued');
    expect(trainingProgress(emptyState())).toBeNull();
  });

  it('every stage has a meaning and a next step, and the README table says the same', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    for (const st of STAGES) {
      expect(STAGE_MEANING[st]).toBeTruthy();
      expect(readme).toContain(`| \`${st}\` | ${STAGE_MEANING[st]} | ${STAGE_NEXT[st]} |`);
    }
  });

  it('no front end keeps labels of its own for the stages (the old status bar said "epoched", "no data")', () => {
    const sources = [...files(join(repoRoot, 'src/extension')), ...files(join(repoRoot, 'src/webview'))].filter((f) => f.endsWith('.ts'));
    for (const f of sources) {
      const text = readFileSync(f, 'utf8');
      expect(text, f).not.toMatch(/preprocessed:\s*'epoched'|'no data'|dataset_ready:\s*'dataset ready'/);
    }
  });
});
