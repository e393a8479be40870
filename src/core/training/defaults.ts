import type { ModelConfig, TrainingConfig } from '../study/types';

/**
 * The one home of the training defaults (docs/architecture.md §3): the model set_model falls back to and the
 * configuration start_training, run_sweep and run_protocol use until configure_training sets one. The tool
 * definitions, the skip-ahead plan, the slash commands and the notebook starter show these values by importing them.
 */
export const DEFAULT_MODEL: ModelConfig = { name: 'EEGNet', params: {} };

export const DEFAULT_TRAINING: TrainingConfig = {
  epoch: 10,
  batch_size: 32,
  learning_rate: 0.001,
  repeat: 1,
  device: 'cpu',
  optimizer: 'adam',
  save_checkpoints_every: 0,
  selection: 'last_epoch',
  backend: 'local',
  seed: 0,
};
