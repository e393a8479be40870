import type { ToolDefinition } from '../types';
import { CURVE_METRICS } from '../../training/curves';
import { TOOL_STAGES } from '../../study/availability';

export const analysisTools = [
  {
    name: 'evaluate',
    summary: 'Evaluate trained models',
    description:
      'Evaluate the trained models on the test split (else validation): accuracy, balanced accuracy, Cohen kappa, macro-F1, AUC, confusion matrix, per-class precision/recall/F1, mean ± SD over repeats and folds, chance level and a CSP+LDA baseline on the same split.',
    category: 'evaluation',
    parameters: {
      type: 'object',
      properties: {
        split: { type: 'string', enum: ['test', 'val', 'train'], default: 'test' },
        baseline: { type: 'boolean', default: true, description: 'Also fit CSP+LDA on the same split.' },
      },
      additionalProperties: false,
    },
    stages: TOOL_STAGES.evaluate,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'plot_training',
    summary: 'Plot training curves',
    description: 'Plot loss, accuracy, AUC and learning-rate curves per epoch for train/val/test, per repeat and fold; live while training runs.',
    category: 'evaluation',
    parameters: {
      type: 'object',
      properties: { metric: { type: 'string', enum: CURVE_METRICS, default: 'loss' } },
      additionalProperties: false,
    },
    stages: TOOL_STAGES.plot_training,
    needsConfirmation: false,
    mutates: false,
  },
  {
    name: 'compute_saliency',
    summary: 'Explain the model (saliency)',
    description:
      'Attribute the model output to channels and time: gradient, gradient_x_input, smoothgrad, smoothgrad_sq, vargrad or integrated_gradients; per-class means as channel × time maps, STFT spectrograms and topomap values (needs a montage).',
    category: 'evaluation',
    parameters: {
      type: 'object',
      properties: {
        method: {
          type: 'string',
          enum: ['gradient', 'gradient_x_input', 'smoothgrad', 'smoothgrad_sq', 'vargrad', 'integrated_gradients'],
          default: 'gradient',
        },
        n_samples: { type: 'integer', minimum: 1, default: 5 },
        stdev: { type: 'number', minimum: 0, default: 1.0 },
        absolute: { type: 'boolean', default: false },
      },
      additionalProperties: false,
    },
    stages: TOOL_STAGES.compute_saliency,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'export_model',
    summary: 'Export the model (ONNX)',
    description: 'Write the selected trained model as ONNX plus a JSON card (classes, channels, sfreq, preprocessing history, metrics) to a folder.',
    category: 'evaluation',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Output folder.' },
        run_id: { type: 'string', description: 'Run to export (default: the best finished run).' },
      },
      required: ['path'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.export_model,
    needsConfirmation: false,
    mutates: false,
    writesFiles: true,
  },
  {
    name: 'switch_panel',
    summary: 'Show a panel',
    description:
      'Ask the UI to show a panel: dashboard, dataset, preprocess, training, visualization or evaluation, with an optional view_mode (visualization: saliency_map, spectrogram, topographic_map, 3d_plot; training: metrics; evaluation: metrics, model_summary, protocol (the newest run_protocol result); preprocess: time_domain, frequency_domain). Changes no data.',
    category: 'ui',
    parameters: {
      type: 'object',
      properties: {
        panel_name: { type: 'string', enum: ['dashboard', 'dataset', 'preprocess', 'training', 'visualization', 'evaluation'] },
        view_mode: { type: 'string' },
      },
      required: ['panel_name'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.switch_panel,
    needsConfirmation: false,
    mutates: false,
  },
] as const satisfies readonly ToolDefinition[];
