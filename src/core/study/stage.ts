import type { Stage, StudyState } from './types';

/** Stage derived most-advanced-first from the state (docs/architecture.md §2); never stored. */
export function deriveStage(s: Pick<StudyState, 'recordings' | 'epochs' | 'dataset' | 'runs'>): Stage {
  if (s.runs.some((r) => r.status === 'running')) return 'training';
  if (s.runs.some((r) => r.status === 'done')) return 'trained';
  if (s.dataset && s.dataset.splits.length > 0) return 'dataset_ready';
  if (s.epochs) return 'preprocessed';
  if (s.recordings.length > 0) return 'data_loaded';
  return 'empty';
}
