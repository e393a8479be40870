import type { Stage } from './types';

// Stage groups of the availability table.
const ALL: readonly Stage[] = ['empty', 'data_loaded', 'preprocessed', 'dataset_ready', 'training', 'trained'];
const LOADED: readonly Stage[] = ['data_loaded', 'preprocessed', 'dataset_ready', 'training', 'trained'];
/** Preprocessing runs on loaded or epoched data; from dataset_ready/trained it asks to clear the dataset and runs first. */
const PREPROCESS: readonly Stage[] = ['data_loaded', 'preprocessed', 'dataset_ready', 'trained'];
const EPOCHED: readonly Stage[] = ['preprocessed', 'dataset_ready', 'trained'];
const MODELLING: readonly Stage[] = ['dataset_ready', 'trained'];

/**
 * The availability table: in which stages each tool is offered (docs/architecture.md §2). It lives with the stage
 * machine so the StateManager and the study summary can answer from it without importing the tools; each tool
 * definition takes its `stages` from its row, and a test checks the rows and the definitions name the same tools in
 * the same order (the order of `availableTools`).
 */
export const TOOL_STAGES = {
  list_files: ALL,
  load_data: ['empty', 'data_loaded'],
  attach_labels: PREPROCESS,
  get_dataset_info: ALL,
  get_study_state: ALL,
  clear_dataset: ALL,
  reset_preprocessing: PREPROCESS,
  edit_events: PREPROCESS,
  plot_epochs: LOADED,
  apply_standard_preprocess: PREPROCESS,
  apply_bandpass_filter: PREPROCESS,
  apply_notch_filter: PREPROCESS,
  resample_data: PREPROCESS,
  normalize_data: PREPROCESS,
  set_reference: PREPROCESS,
  select_channels: PREPROCESS,
  set_montage: PREPROCESS,
  epoch_data: PREPROCESS,
  window_epoch: PREPROCESS,
  export_epochs: EPOCHED,
  generate_dataset: EPOCHED,
  set_model: MODELLING,
  configure_training: MODELLING,
  start_training: MODELLING,
  stop_training: ['training'],
  run_sweep: MODELLING,
  evaluate: ['trained'],
  plot_training: ['training', 'trained'],
  compute_saliency: ['trained'],
  export_model: ['trained'],
  switch_panel: ALL,
  run_protocol: EPOCHED,
} as const satisfies Record<string, readonly Stage[]>;

export type ToolName = keyof typeof TOOL_STAGES;

/** The stages in which `tool` is offered (none for a name the table does not know). */
export function stagesOf(tool: string): readonly Stage[] {
  return Object.hasOwn(TOOL_STAGES, tool) ? TOOL_STAGES[tool as ToolName] : [];
}

/** The tools offered in `stage`, in the table's (= the definitions') order. */
export function toolsAvailableIn(stage: Stage): string[] {
  return Object.entries(TOOL_STAGES)
    .filter(([, stages]) => (stages as readonly Stage[]).includes(stage))
    .map(([name]) => name);
}
