import type { Stage, StudyState } from './types';

/**
 * The one wording of the stages (docs/architecture.md §2). Every front end shows the stage by its contract name (status
 * bar, Study tree, chat, notebook diagnostics, `xbrain state`, docs) and explains it with these lines: there is no
 * second set of labels ("epoched", "no data") to drift.
 */
export const STAGE_MEANING: Readonly<Record<Stage, string>> = {
  empty: 'no recordings loaded',
  data_loaded: 'recordings loaded; filtering keeps this stage',
  preprocessed: 'epochs cut (filtering can continue on them)',
  dataset_ready: 'train / validation / test splits built',
  training: 'a model is training',
  trained: 'a finished training run exists',
};

/** The step that moves each stage on (tool names of docs/architecture.md §3). */
export const STAGE_NEXT: Readonly<Record<Stage, string>> = {
  empty: 'load_data',
  data_loaded: 'epoch_data (after any filtering)',
  preprocessed: 'generate_dataset',
  dataset_ready: 'start_training',
  training: 'wait for it, or stop_training',
  trained: 'evaluate, compute_saliency, or train again',
};

/** `preprocessed: epochs cut (…). Next: generate_dataset.` */
export function describeStage(stage: Stage): string {
  return `${stage}: ${STAGE_MEANING[stage]}. Next: ${STAGE_NEXT[stage]}.`;
}

/** Where a running training is, for one-line displays: `epoch 3/10`, and `+2 runs queued` when more follow. */
export function trainingProgress(s: Pick<StudyState, 'runs'>): string | null {
  // start_training records every planned run as running; the one with a start time is the one training now
  const running = s.runs.filter((r) => r.status === 'running');
  const current = running.find((r) => r.startedAt) ?? running[0];
  if (!current) return null;
  const queued = running.length - 1;
  return `epoch ${current.metrics.length}/${current.config.epoch}${queued > 0 ? ` · +${queued} run${queued > 1 ? 's' : ''} queued` : ''}`;
}
