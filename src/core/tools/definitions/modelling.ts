import type { ToolDefinition } from '../types';
import { TOOL_STAGES } from '../../study/availability';
import { DEFAULT_MODEL, DEFAULT_TRAINING, trainingDefaultsText } from '../../training/defaults';
import { ADAPTIVE_RULE } from '../../training/adaptiveDefaults';

const D = DEFAULT_TRAINING;

export const modellingTools = [
  {
    name: 'generate_dataset',
    summary: 'Split epochs into train/val/test',
    description:
      "Split the epochs into training, validation and test sets with XBrainLab's deterministic balanced selection: test first, then validation from the rest. split_strategy trial|session|subject decides what is held out; training_mode group (all subjects together) or individual (one dataset per subject). unit kfold with folds > 1 makes cross-validation folds. Regenerating after training asks for confirmation because runs are cleared.",
    category: 'dataset',
    parameters: {
      type: 'object',
      properties: {
        test_ratio: {
          type: 'number',
          minimum: 0,
          default: 0.2,
          description: 'Held-out test share: a fraction in [0, 1] when unit is ratio, a count of groups (trials, sessions or subjects) when unit is number.',
        },
        val_ratio: { type: 'number', minimum: 0, default: 0.2, description: 'Validation share from the rest, same units as test_ratio.' },
        split_strategy: { type: 'string', enum: ['trial', 'session', 'subject'], default: 'trial' },
        training_mode: { type: 'string', enum: ['individual', 'group'], default: 'group' },
        independent: { type: 'boolean', default: false, description: 'Drop the remaining epochs of held-out groups.' },
        unit: { type: 'string', enum: ['ratio', 'number', 'kfold'], default: 'ratio' },
        folds: { type: 'integer', minimum: 2, description: 'Number of cross-validation folds when unit is kfold.' },
        seed: { type: 'integer', default: 0 },
      },
      additionalProperties: false,
    },
    stages: TOOL_STAGES.generate_dataset,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'set_model',
    summary: 'Choose the model',
    description:
      'Choose the network: EEGNet (compact, good default), ShallowConvNet (band-power features, motor imagery), SCCNet (spatial-component). Kernel sizes derive from the sampling rate; epochs too short for the model are refused with the minimum length.',
    category: 'training',
    parameters: {
      type: 'object',
      properties: {
        model_name: { type: 'string', enum: ['EEGNet', 'ShallowConvNet', 'SCCNet'] },
        params: { type: 'object', additionalProperties: { type: 'number' }, description: 'Optional hyper-parameters, e.g. {"F1": 8, "D": 2}.' },
      },
      required: ['model_name'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.set_model,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'configure_training',
    summary: 'Set training options',
    description: `Set the training options: epochs, batch size, learning rate, repeats, optimizer, device, checkpoint cadence, model selection and trainer backend. Options left out keep their current value (the default when never set), so configure_training(batch_size=64) changes only the batch size. XBrainLab defaults: ${trainingDefaultsText()}, ${D.repeat} repeat. Epochs and batch size the user never set adapt to the training set when training starts (small sets: a smaller batch and enough epochs for ${ADAPTIVE_RULE.minSteps} optimiser steps); pass them only when the user names them.`,
    category: 'training',
    parameters: {
      type: 'object',
      properties: {
        epoch: { type: 'integer', minimum: 1, maximum: 10000, default: D.epoch },
        batch_size: { type: 'integer', minimum: 1, default: D.batch_size },
        learning_rate: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, default: D.learning_rate },
        repeat: { type: 'integer', minimum: 1, default: D.repeat },
        device: { type: 'string', enum: ['cpu', 'cuda'], default: D.device },
        optimizer: { type: 'string', enum: ['adam', 'sgd', 'adamw'], default: D.optimizer },
        save_checkpoints_every: { type: 'integer', minimum: 0, default: D.save_checkpoints_every },
        selection: { type: 'string', enum: ['last_epoch', 'best_val_loss', 'best_val_accuracy', 'best_test_accuracy'], default: D.selection },
        backend: {
          type: 'string',
          enum: ['local', 'pytorch', 'slurm'],
          default: D.backend,
          description:
            'local: the TypeScript trainer; pytorch: python/xbrain_trainer.py with torch (CUDA when available); slurm: start_training submits every split × repeat as one Slurm array job.',
        },
        seed: { type: 'integer', default: D.seed },
        threads: { type: 'integer', minimum: 1, maximum: 64, description: 'Trainer threads (default: up to 2, the cores available).' },
        input_norm: {
          type: 'string',
          enum: ['train_fold', 'none'],
          default: 'train_fold',
          description:
            'train_fold: the trainer standardises the inputs with a per-channel mean and one pooled SD fitted on each training split only, and the saved model and its ONNX export apply the same scaling, so data in volts train as well as z-scored data; none: train on the data as given (as XBrainLab).',
        },
      },
      additionalProperties: false,
    },
    stages: TOOL_STAGES.configure_training,
    needsConfirmation: false,
    mutates: true,
    updates: 'training',
  },
  {
    name: 'start_training',
    summary: 'Train',
    description: `Start training the chosen model on every split and repeat in a child process. Needs confirmation; progress arrives per epoch. Uses defaults for anything not configured (${DEFAULT_MODEL.name}, ${trainingDefaultsText()}); epochs and batch size the user did not set are adapted to the training set, and the result says how.`,
    category: 'training',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    stages: TOOL_STAGES.start_training,
    needsConfirmation: true,
    mutates: true,
  },
  {
    name: 'stop_training',
    summary: 'Stop training',
    description: 'Stop the running training within a second. Finished epochs are kept and the run is marked stopped.',
    category: 'training',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    stages: TOOL_STAGES.stop_training,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'run_sweep',
    summary: 'Hyper-parameter sweep',
    description:
      'Run a grid of training configurations × folds × repeats on a backend (local, pytorch, slurm) and aggregate mean ± SD per grid point. grid maps training settings (epoch, batch_size, learning_rate, optimizer, selection) or model hyper-parameters (model_name, F1, F2, D, dropout, Ns, pool_len, pool_stride) to lists of values. On slurm the runs are one array job. Confirmation states how many runs it starts.',
    category: 'training',
    parameters: {
      type: 'object',
      properties: {
        grid: { type: 'object', additionalProperties: { type: 'array' }, description: 'e.g. {"learning_rate": [0.001, 0.0005], "batch_size": [32, 64]}' },
        folds: { type: 'integer', minimum: 1, default: 1 },
        repeats: { type: 'integer', minimum: 1, default: 1 },
        backend: { type: 'string', enum: ['local', 'pytorch', 'slurm'], default: 'local' },
      },
      required: ['grid'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.run_sweep,
    needsConfirmation: true,
    mutates: true,
  },
] as const satisfies readonly ToolDefinition[];
