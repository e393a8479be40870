import type { ToolDefinition } from '../types';
import { TOOL_STAGES } from '../../study/availability';

export const dataTools = [
  {
    name: 'list_files',
    summary: 'List EEG files in a folder',
    description:
      'List files in a directory of the workspace, optionally filtered by a glob pattern such as "*.edf". Use it to find recordings before load_data. Returns the file names with sizes.',
    category: 'data',
    parameters: {
      type: 'object',
      properties: {
        directory: { type: 'string', description: 'Folder to list, absolute or relative to the workspace.' },
        pattern: { type: 'string', maxLength: 256, description: 'Glob on file names, e.g. "*.edf" or "S001R*.edf".' },
      },
      required: ['directory'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.list_files,
    needsConfirmation: false,
    mutates: false,
  },
  {
    name: 'load_data',
    summary: 'Load EEG recordings',
    description:
      'Load EEG recordings (EDF/EDF+, BDF, GDF, EEGLAB .set, BrainVision .vhdr, FIF, CNT, EGI .raw, MAT, NPY) into the study. Folders are expanded one level. All files must share channels and sampling rate. Subject and session (run) come from the file names; subjects and runs pick files by them. Returns channel count, sampling rate, duration and events per file. Epoched files (EEGLAB .set with EEG.trials > 1, MNE -epo.fif) load directly as epochs with their event types as classes (stage preprocessed, ready for generate_dataset; epoch_data does not apply); several epoched files concatenate when channels, sampling rate, tmin and epoch length match, and epoched and continuous files cannot be mixed.',
    category: 'data',
    parameters: {
      type: 'object',
      properties: {
        paths: { type: 'array', items: { type: 'string' }, minItems: 1, description: 'Files or folders, absolute or relative to the workspace.' },
        subject_pattern: {
          type: 'string',
          maxLength: 256,
          description: 'Optional regex with named groups (?<subject>…) and (?<session>…) applied to each file name.',
        },
        subjects: { type: 'array', items: { type: ['string', 'integer'] }, minItems: 1, description: 'Only these subjects, e.g. [2, "5-10"] (S002 = 2).' },
        runs: { type: 'array', items: { type: ['string', 'integer'] }, minItems: 1, description: 'Only these runs/sessions, e.g. [4, 8, 12] (R04 = 4).' },
      },
      required: ['paths'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.load_data,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'attach_labels',
    summary: 'Attach label files to recordings',
    description:
      'Attach class labels from label files (.mat, .txt, .csv/.tsv) to loaded recordings. mapping is {data file name: label file path}. In sequence mode labels replace the codes of the chosen trial-start events (event_filter, e.g. ["768"]) in order, keeping the real trigger timing. A count mismatch is an error unless truncate is true. Not for a study loaded from epoched files: their epochs already carry their event types (rename or merge them with edit_events).',
    category: 'data',
    parameters: {
      type: 'object',
      properties: {
        mapping: { type: 'object', additionalProperties: { type: 'string' }, description: '{data file name: label file path}' },
        event_filter: { type: 'array', items: { type: 'string' }, description: 'Trial-start event names or codes the labels align to.' },
        truncate: { type: 'boolean', default: false, description: 'Align to the shorter of events and labels instead of failing.' },
      },
      required: ['mapping'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.attach_labels,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'get_dataset_info',
    summary: 'Describe the loaded data',
    description:
      'Describe the loaded recordings: files, channels, sampling rate, duration, events per class, and, once epoched or split, the epochs per class and the split sizes with the split audit. Read-only.',
    category: 'state',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    stages: TOOL_STAGES.get_dataset_info,
    needsConfirmation: false,
    mutates: false,
  },
  {
    name: 'get_study_state',
    summary: 'Show the pipeline stage and what can be done next',
    description:
      'Return the current pipeline stage, the status of every stage, the tools available now, and a short summary of recordings, preprocessing history, epochs, dataset, model, the training configuration in force (epochs, batch size, learning rate, optimizer, selection, repeat, seed) and runs. Read-only; call it when unsure what to do next or to say which settings a run used.',
    category: 'state',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    stages: TOOL_STAGES.get_study_state,
    needsConfirmation: false,
    mutates: false,
  },
  {
    name: 'clear_dataset',
    summary: 'Clear everything and start over',
    description:
      'Remove all loaded recordings, preprocessing, epochs, datasets, models and training runs, returning to the empty stage. Destructive: it asks for confirmation and lists what will be lost. A running training is stopped first.',
    category: 'state',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    stages: TOOL_STAGES.clear_dataset,
    needsConfirmation: true,
    mutates: true,
  },
  {
    name: 'reset_preprocessing',
    summary: 'Undo all preprocessing',
    description:
      'Go back to the recordings as loaded: undo filtering, resampling, re-referencing, normalisation, channel selection and epoching (and clear datasets and runs built on them); a study loaded from epoched files goes back to the epochs as loaded. Asks for confirmation.',
    category: 'preprocess',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    stages: TOOL_STAGES.reset_preprocessing,
    needsConfirmation: true,
    mutates: true,
  },
  {
    name: 'edit_events',
    summary: 'Rename or merge event types',
    description:
      'Rename event types or merge several into one class. rename maps old name → new name; giving two old names the same new name merges them. Works on raw events and on epochs.',
    category: 'preprocess',
    parameters: {
      type: 'object',
      properties: {
        rename: { type: 'object', additionalProperties: { type: 'string' }, description: '{old event name: new event name}' },
      },
      required: ['rename'],
      additionalProperties: false,
    },
    stages: TOOL_STAGES.edit_events,
    needsConfirmation: false,
    mutates: true,
  },
  {
    name: 'plot_epochs',
    summary: 'Plot traces, ERPs or PSD',
    description:
      'Produce a plot of the data: multichannel traces with event markers (raw or epochs), the ERP per class, or the Welch PSD per channel. Returns a plot result the UI renders; no samples are returned as text.',
    category: 'ui',
    parameters: {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['traces', 'erp', 'psd'], default: 'traces' },
        channels: { type: 'array', items: { type: 'string' }, description: 'Channels to show (default: all).' },
        start: { type: 'number', description: 'Start time in seconds for traces.' },
        duration: { type: 'number', description: 'Window length in seconds for traces.' },
      },
      additionalProperties: false,
    },
    stages: TOOL_STAGES.plot_epochs,
    needsConfirmation: false,
    mutates: false,
  },
] as const satisfies readonly ToolDefinition[];
