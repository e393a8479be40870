import { availableParallelism } from 'node:os';
import { XBrainError } from '../../errors';
import type { EpochMetrics, StudyState, TrainingConfig } from '../../study/types';
import type { ToolEnv } from '../types';
import type { InputSpec } from '../../training/models';
import { resolveTraining, type ResolvedTraining } from '../../training/adaptiveDefaults';
import type { ProgressEvent } from '../../training/protocol';

// What start_training (training.ts), run_sweep (sweep.ts) and run_protocol (protocol.ts) all hand the trainer or take
// back from it; kept apart so training.ts and sweep.ts need not import each other.

/** The model's input as the Study's epochs define it. */
export function inputSpec(state: Readonly<StudyState>): InputSpec {
  const e = state.epochs;
  if (!e) throw new XBrainError('invalid_state', 'There are no epochs: run epoch_data first.');
  let maxLabel = 0;
  for (let i = 0; i < e.labels.length; i++) if (e.labels[i] > maxLabel) maxLabel = e.labels[i];
  const nClasses = Math.max(Object.keys(e.eventId).length, maxLabel + 1);
  return { nChannels: e.nChannels, nTimes: e.nTimes, sfreq: e.sfreq, nClasses };
}

/** configure_training's threads, else the front end's default (xbrain.training.threads), else up to 2 (the cores available). */
export function trainerThreads(config: Readonly<TrainingConfig>, env: ToolEnv): number {
  for (const v of [config.threads, env.trainerThreads]) {
    const t = Number(v);
    if (Number.isInteger(t) && t >= 1) return t;
  }
  return Math.max(1, Math.min(2, availableParallelism()));
}

/** configure_training's input_norm (train_fold unless set to none). */
export const inputNormOf = (config: TrainingConfig): 'train_fold' | 'none' => (config.input_norm === 'none' ? 'none' : 'train_fold');

/** A progress event (or a metrics.jsonl line) as the EpochMetrics a RunRecord keeps. */
export const toMetrics = (p: ProgressEvent): EpochMetrics => ({
  epoch: p.epoch,
  seconds: p.seconds,
  lr: p.lr,
  train: p.train,
  ...(p.val ? { val: p.val } : {}),
  ...(p.test ? { test: p.test } : {}),
});

/** ToolEnv.trainingEpochLimit when it is a positive integer (else no limit). */
export const epochLimitOf = (env: ToolEnv): number | undefined => {
  const limit = Number(env.trainingEpochLimit);
  return Number.isInteger(limit) && limit >= 1 ? limit : undefined;
};

/** configure_training's epochs, or fewer when the front end limits them (ToolEnv.trainingEpochLimit: simulated sessions). */
export const epochsFor = (config: TrainingConfig, env: ToolEnv): number => Math.min(config.epoch, epochLimitOf(env) ?? Infinity);

/** The line a result adds when the epochs were limited, else ''. */
export const epochLimitNote = (config: TrainingConfig, env: ToolEnv): string => {
  const n = epochsFor(config, env);
  return n < config.epoch ? `\nNote: this environment limits training to ${n} epoch(s) per run (configured: ${config.epoch}).` : '';
};

/**
 * The configuration start_training (every backend) runs on the Study's dataset: epochs and batch size the user did
 * not set adapted to the training splits (training/adaptiveDefaults.ts).
 */
export function resolvedTrainingOf(state: Readonly<StudyState>): ResolvedTraining {
  const splits = state.dataset?.splits ?? [];
  return resolveTraining(state.training, { trainSizes: splits.map((s) => s.train.length) });
}
