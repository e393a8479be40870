/**
 * Training options the user left unset adapt to the training set (docs/training.md, "Defaults"). XBrainLab's fixed
 * 10 epochs at batch 32 make 10 optimiser steps on the 20–40 training trials of one PhysioNet subject (one batch per
 * epoch): the network barely moves from its initialisation. When the user named no value, start_training therefore
 * resolves
 *
 * - batch_size: the largest power of two ≤ trials / 4 (at least 4 steps per epoch), clamped to 8…32 — 32 (XBrainLab's)
 *   from 128 training trials up; EEGNet's published examples train with batch 16 (Lawhern et al. 2018, arl-eegmodels);
 * - epoch: enough epochs for minSteps (300) optimiser steps, never fewer than XBrainLab's 10, at most 300 (the
 *   arl-eegmodels examples' epoch count).
 *
 * The model selection stays last_epoch. Selecting on validation loss (the EEGNet paper's validation stopping) was
 * measured and rejected for these sizes: with 7 validation trials per fold it kept the weights of epoch 1–6 (a barely
 * trained network) in 19 of 65 development runs and lowered the mean test accuracy (0.532 vs 0.557; docs/training.md).
 *
 * A value the user set with configure_training is never changed; the runs record the configuration that ran and
 * which options were adapted, so a rerun with those values reproduces them.
 */
import type { AdaptableOption, Adaptation, TrainingConfig } from '../study/types';

export type { AdaptableOption, Adaptation };
import { DEFAULT_TRAINING } from './defaults';

/** The options start_training may adapt when the user did not set them. */
export const ADAPTABLE_OPTIONS = ['epoch', 'batch_size'] as const satisfies readonly AdaptableOption[];

/** The constants of the rule (exported for the docs and tests). */
export const ADAPTIVE_RULE = {
  /** batch size ≤ training trials / this: at least this many optimiser steps per epoch */
  stepsPerEpoch: 4,
  minBatch: 8,
  /** XBrainLab's batch: large training sets keep it */
  maxBatch: DEFAULT_TRAINING.batch_size,
  /** optimiser steps a run makes at least (the epochs follow from the batches per epoch) */
  minSteps: 300,
  /** XBrainLab's epochs: never fewer */
  minEpochs: DEFAULT_TRAINING.epoch,
  maxEpochs: 300,
} as const;

/** What start_training trains with: the configuration that runs, and what in it was adapted. */
export interface ResolvedTraining {
  config: TrainingConfig;
  adapted: Adaptation[];
}

/** What the rule looks at: the training-set size of every split. */
export interface TrainingData {
  trainSizes: readonly number[];
}

/**
 * The options the user set. configure_training records them (`set_by_user`); never configured (null) means none;
 * a configuration saved before options were tracked counts every option as set, so an older Study trains as before.
 */
export function userSetOptions(training: Readonly<TrainingConfig> | null): Set<string> {
  if (!training) return new Set();
  const set = training.set_by_user;
  return new Set(Array.isArray(set) ? set.map(String) : Object.keys(training));
}

const pow2Floor = (x: number): number => (x < 1 ? 1 : 2 ** Math.floor(Math.log2(x)));

/** The batch size the rule gives for a training set of n trials. */
export function adaptedBatchSize(n: number): number {
  const r = ADAPTIVE_RULE;
  return Math.min(r.maxBatch, Math.max(r.minBatch, pow2Floor(n / r.stepsPerEpoch)));
}

/** The epochs the rule gives for n training trials at batch size b (the last partial batch is a step too). */
export function adaptedEpochs(n: number, batchSize: number): number {
  const r = ADAPTIVE_RULE;
  const steps = Math.max(1, Math.ceil(n / batchSize));
  return Math.min(r.maxEpochs, Math.max(r.minEpochs, Math.ceil(r.minSteps / steps)));
}

/**
 * The configuration start_training runs: `training` (the Study's, null when never configured) with every adaptable
 * option the user did not set resolved for `data`. The smallest training split decides, so every fold of a
 * cross-validation trains with the same settings.
 */
export function resolveTraining(training: Readonly<TrainingConfig> | null, data: TrainingData): ResolvedTraining {
  const set = userSetOptions(training);
  // the record says which options were the user's, also when nothing was configured (an empty list)
  const base: TrainingConfig = { ...DEFAULT_TRAINING, ...(training ?? {}), set_by_user: training?.set_by_user ?? (training ? [...set].sort() : []) };
  const n = data.trainSizes.length ? Math.min(...data.trainSizes) : 0;
  if (n === 0) return { config: base, adapted: [] };
  const config: TrainingConfig = { ...base };
  const adapted: Adaptation[] = [];
  if (!set.has('batch_size')) {
    config.batch_size = adaptedBatchSize(n);
    if (config.batch_size !== base.batch_size)
      adapted.push({
        option: 'batch_size',
        from: base.batch_size,
        to: config.batch_size,
        why: `${n} training trials: batch ${config.batch_size} gives ${Math.ceil(n / config.batch_size)} optimiser steps per epoch (batch ${base.batch_size} gave ${Math.ceil(n / base.batch_size)})`,
      });
  }
  if (!set.has('epoch')) {
    config.epoch = adaptedEpochs(n, config.batch_size);
    if (config.epoch !== base.epoch)
      adapted.push({
        option: 'epoch',
        from: base.epoch,
        to: config.epoch,
        why: `${config.epoch} epochs × ${Math.ceil(n / config.batch_size)} steps = ${config.epoch * Math.ceil(n / config.batch_size)} optimiser steps (at least ${ADAPTIVE_RULE.minSteps})`,
      });
  }
  return { config, adapted };
}

/** One line for results and confirmations: "Defaults adapted to the training set: batch 32 → 8 (…); …", or ''. */
export function adaptationText(adapted: readonly Adaptation[]): string {
  if (!adapted.length) return '';
  const name: Record<AdaptableOption, string> = { epoch: 'epochs', batch_size: 'batch' };
  return `Defaults adapted to the training set (you set none of these; configure_training sets them): ${adapted
    .map((a) => `${name[a.option]} ${a.from} → ${a.to} (${a.why})`)
    .join('; ')}.`;
}

/**
 * A batch at least as large as the smallest training split is legal (the trainer, like PyTorch's DataLoader, makes
 * one batch of what there is), but then every epoch is a single full-batch optimiser step: the user is told, not
 * refused. '' when the batch is smaller or no dataset exists yet.
 */
export function fullBatchWarning(config: Pick<TrainingConfig, 'batch_size' | 'epoch'>, trainSizes: readonly number[]): string {
  if (!trainSizes.length) return '';
  const n = Math.min(...trainSizes);
  if (config.batch_size < n) return '';
  const rule = adaptedBatchSize(n);
  return (
    `batch ${config.batch_size} ≥ the ${n} trials of the smallest training split: each epoch is one full-batch optimiser step ` +
    `(${config.epoch} epochs = ${config.epoch} steps); batch ${rule} would make ${Math.ceil(n / rule)} steps per epoch.`
  );
}
