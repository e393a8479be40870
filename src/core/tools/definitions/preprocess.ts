import type { ToolDefinition } from '../types';
import { TOOL_STAGES } from '../../study/availability';

const freq = (description: string) => ({ type: 'number' as const, exclusiveMinimum: 0, description });

export const preprocessTools = [
  {
    name: 'apply_standard_preprocess',
    summary: 'Standard preprocessing in one step',
    description:
      "XBrainLab's standard chain in its order: band-pass l_freq–h_freq, notch at notch_freq, then optional resample, re-reference and normalisation. Does not epoch. Use for a quick sensible default before epoch_data; once epochs exist (epoch_data or epoched files) it processes the epochs.",
    category: 'preprocess',
    parameters: {
      type: 'object',
      properties: {
        l_freq: { ...freq('High-pass edge in Hz.'), default: 4 },
        h_freq: { ...freq('Low-pass edge in Hz.'), default: 40 },
        notch_freq: { ...freq('Line-noise frequency in Hz (50 or 60).'), default: 50 },
        rereference: { type: 'string', description: '"average" or a channel name.' },
        resample_rate: { type: 'integer', exclusiveMinimum: 0, description: 'New sampling rate in Hz.' },
        normalize_method: { type: 'string', enum: ['z-score', 'min-max'] },
      },
      additionalProperties: false,
    },
    stages: TOOL_STAGES.apply_standard_preprocess,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'apply_bandpass_filter',
    summary: 'Band-pass filter',
    description:
      "Band-pass filter every channel between low_freq and high_freq (Hz), zero-phase. Default method 'fir' reproduces MNE's default FIR design exactly; 'iir' applies a Butterworth of iir_order forward-backward (SciPy sosfiltfilt). Common EEG bands: mu/beta motor imagery 8–30 Hz, broad 1–40 Hz. Once epochs exist (after epoch_data, or loaded from epoched files) each epoch is filtered, as MNE's Epochs.filter does.",
    category: 'preprocess',
    parameters: {
      type: 'object',
      properties: {
        low_freq: freq('Lower edge in Hz.'),
        high_freq: freq('Upper edge in Hz, below Nyquist.'),
        method: { type: 'string', enum: ['fir', 'iir'], default: 'fir' },
        iir_order: { type: 'integer', minimum: 1, maximum: 16, default: 4 },
      },
      required: ['low_freq', 'high_freq'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.apply_bandpass_filter,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'apply_notch_filter',
    summary: 'Notch filter (line noise)',
    description: "Remove line noise at freq (Hz) and its harmonics below Nyquist with MNE's default notch filter (on the epochs once they exist).",
    category: 'preprocess',
    parameters: {
      type: 'object',
      properties: { freq: freq('Line frequency in Hz, usually 50 or 60.') },
      required: ['freq'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.apply_notch_filter,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'resample_data',
    summary: 'Resample',
    description:
      "Resample every recording (or the epochs, once they exist) to rate Hz with MNE's FFT method; event samples are re-indexed round(sample·new/old).",
    category: 'preprocess',
    parameters: {
      type: 'object',
      properties: { rate: { type: 'integer', exclusiveMinimum: 0, description: 'New sampling rate in Hz.' } },
      required: ['rate'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.resample_data,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'normalize_data',
    summary: 'Normalise',
    description: 'Normalise per channel over time (raw) or per trial × channel (epochs): z-score or min-max, eps 1e-12.',
    category: 'preprocess',
    parameters: {
      type: 'object',
      properties: { method: { type: 'string', enum: ['z-score', 'min-max'] } },
      required: ['method'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.normalize_data,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'set_reference',
    summary: 'Re-reference',
    description: 'Re-reference EEG channels: "average" for common average reference, or one channel name (several separated by commas) to use as reference.',
    category: 'preprocess',
    parameters: {
      type: 'object',
      properties: { method: { type: 'string', description: '"average" or channel name(s).' } },
      required: ['method'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.set_reference,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'select_channels',
    summary: 'Keep only some channels',
    description: 'Keep only the listed channels (names matched case- and dot-insensitively, so "C3" finds "C3.."). At least one channel.',
    category: 'preprocess',
    parameters: {
      type: 'object',
      properties: { channels: { type: 'array', items: { type: 'string' }, minItems: 1 } },
      required: ['channels'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.select_channels,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'set_montage',
    summary: 'Set electrode positions',
    description:
      'Assign 3D electrode positions from a built-in montage (standard_1020 or standard_1005), needed for topographic maps. Reports channels without a position.',
    category: 'preprocess',
    parameters: {
      type: 'object',
      properties: { montage_name: { type: 'string', enum: ['standard_1020', 'standard_1005'] } },
      required: ['montage_name'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.set_montage,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'epoch_data',
    summary: 'Cut epochs around events',
    description:
      'Cut epochs from t_min to t_max seconds around events, like mne.Epochs. event_id lists the event names to keep (default: all). baseline omitted → (None, 0); null → no baseline correction; [a, b] → that interval. Repeated events are dropped, epochs crossing the record boundary are dropped and reported. Moves the study to the preprocessed stage. Refused when the study was loaded from epoched files (they are epochs already).',
    category: 'preprocess',
    parameters: {
      type: 'object',
      properties: {
        t_min: { type: 'number', description: 'Start relative to the event, seconds (e.g. -0.2).' },
        t_max: { type: 'number', description: 'End relative to the event, seconds (e.g. 4).' },
        event_id: { type: 'array', items: { type: 'string' }, description: 'Event names to epoch, e.g. ["T1", "T2"].' },
        baseline: {
          anyOf: [{ type: 'array', items: { type: ['number', 'null'] }, minItems: 2, maxItems: 2 }, { type: 'null' }],
          description: '[start, end] in seconds, null entries meaning the epoch edge; null for none.',
        },
      },
      required: ['t_min', 't_max'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.epoch_data,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'window_epoch',
    summary: 'Fixed-length epochs',
    description:
      'Cut consecutive fixed-length epochs of duration seconds with overlap seconds (for resting-state or continuous data), labelled by a single class. Refused when the study was loaded from epoched files.',
    category: 'preprocess',
    parameters: {
      type: 'object',
      properties: {
        duration: { type: 'number', exclusiveMinimum: 0 },
        overlap: { type: 'number', minimum: 0, default: 0 },
        label: { type: 'string', description: 'Class name for the windows (default "window").' },
      },
      required: ['duration'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.window_epoch,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'export_epochs',
    summary: 'Export epochs to NPY',
    description:
      'Write the epochs to a folder: X.npy (float32, epochs × channels × times, volts), y.npy (int64 labels) and epochs.json (channels, sfreq, tmin, event_id, labels, preprocessing history).',
    category: 'preprocess',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string', description: 'Output folder, absolute or relative to the workspace.' } },
      required: ['path'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.export_epochs,
    needsConfirmation: false,
    mutates: false,
    writesFiles: true,
  },
] as const satisfies readonly ToolDefinition[];
