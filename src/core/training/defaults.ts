import type { ModelConfig, TrainingConfig } from '../study/types';

/**
 * The one home of the training defaults (docs/architecture.md §3), XBrainLab's: the model set_model falls back to
 * and the configuration start_training, run_sweep and run_protocol use until configure_training sets one.
 * configure_training's schema defaults and descriptions, the skip-ahead plan (SKIP_DEFAULTS), the chat's /train,
 * the palette prompts (they read the schema) and the notebook starter all import these values.
 */
export const DEFAULT_MODEL: ModelConfig = { name: 'EEGNet', params: {} };

/** The three options a front end shows and a skip-ahead plan sets: epochs, batch size, learning rate. */
export const TRAINING_BASICS = { epoch: 10, batch_size: 32, learning_rate: 0.001 } as const;

export const DEFAULT_TRAINING: TrainingConfig = {
  ...TRAINING_BASICS,
  repeat: 1,
  device: 'cpu',
  optimizer: 'adam',
  save_checkpoints_every: 0,
  selection: 'last_epoch',
  backend: 'local',
  seed: 0,
};

const OPTIMIZER_NAMES: Record<TrainingConfig['optimizer'], string> = { adam: 'Adam', sgd: 'SGD', adamw: 'AdamW' };

/** The defaults in words, for tool descriptions: "10 epochs, batch 32, Adam 1e-3". */
export function trainingDefaultsText(c: TrainingConfig = DEFAULT_TRAINING): string {
  return `${c.epoch} epochs, batch ${c.batch_size}, ${OPTIMIZER_NAMES[c.optimizer]} ${c.learning_rate.toExponential()}`;
}
