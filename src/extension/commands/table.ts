import { definitionByName } from '../../core/tools/definitions';
import type { Stage } from '../../core/study/types';

/** One palette command per stage action. Pure data (no `vscode`), so the manifest fragment can be checked against it. */
export interface StageCommand {
  id: string;
  title: string;
  tool: string;
  /** parameters asked for in this order (default: the schema's order); the rest keep their defaults */
  ask?: string[];
}

export const STAGE_COMMANDS: readonly StageCommand[] = [
  { id: 'xbrain.loadFiles', title: 'Load EEG Files…', tool: 'load_data', ask: ['paths'] },
  { id: 'xbrain.attachLabels', title: 'Attach Label Files…', tool: 'attach_labels' },
  { id: 'xbrain.editEvents', title: 'Rename or Merge Events…', tool: 'edit_events' },
  { id: 'xbrain.standardPreprocess', title: 'Standard Preprocessing…', tool: 'apply_standard_preprocess' },
  { id: 'xbrain.bandpass', title: 'Band-pass Filter…', tool: 'apply_bandpass_filter' },
  { id: 'xbrain.notch', title: 'Notch Filter…', tool: 'apply_notch_filter' },
  { id: 'xbrain.resample', title: 'Resample…', tool: 'resample_data' },
  { id: 'xbrain.normalize', title: 'Normalize…', tool: 'normalize_data' },
  { id: 'xbrain.setReference', title: 'Re-reference…', tool: 'set_reference' },
  { id: 'xbrain.selectChannels', title: 'Select Channels…', tool: 'select_channels' },
  { id: 'xbrain.setMontage', title: 'Set Montage…', tool: 'set_montage' },
  { id: 'xbrain.epoch', title: 'Epoch…', tool: 'epoch_data' },
  { id: 'xbrain.windowEpoch', title: 'Sliding-window Epochs…', tool: 'window_epoch' },
  { id: 'xbrain.exportEpochs', title: 'Export Epochs…', tool: 'export_epochs' },
  { id: 'xbrain.generateDataset', title: 'Generate Dataset…', tool: 'generate_dataset' },
  { id: 'xbrain.setModel', title: 'Choose Model…', tool: 'set_model' },
  { id: 'xbrain.configureTraining', title: 'Configure Training…', tool: 'configure_training' },
  { id: 'xbrain.train', title: 'Train…', tool: 'start_training' },
  { id: 'xbrain.stopTraining', title: 'Stop Training', tool: 'stop_training' },
  { id: 'xbrain.runSweep', title: 'Run Sweep…', tool: 'run_sweep' },
  { id: 'xbrain.evaluate', title: 'Evaluate', tool: 'evaluate', ask: [] },
  { id: 'xbrain.runProtocol', title: 'Run Evaluation Protocol…', tool: 'run_protocol', ask: ['protocol', 'pipelines'] },
  { id: 'xbrain.computeSaliency', title: 'Explain Model (Saliency)…', tool: 'compute_saliency' },
  { id: 'xbrain.exportModel', title: 'Export Model (ONNX)…', tool: 'export_model' },
  { id: 'xbrain.resetPreprocessing', title: 'Reset Preprocessing', tool: 'reset_preprocessing' },
  { id: 'xbrain.clearDataset', title: 'Clear Dataset', tool: 'clear_dataset' },
  { id: 'xbrain.showState', title: 'Show Study State', tool: 'get_study_state' },
];

/** Stages in which a command's tool may run (from the registry's availability table). */
export function commandStages(c: StageCommand): readonly Stage[] {
  const def = definitionByName.get(c.tool);
  if (!def) throw new Error(`stage command ${c.id} names unknown tool ${c.tool}`);
  return def.stages;
}

/** The when-clause that enables a command: trusted workspace (for mutating tools) and one of its stages. */
export function commandWhen(c: StageCommand): string {
  const def = definitionByName.get(c.tool)!;
  const stages = commandStages(c)
    .map((s) => `xbrain.stage == '${s}'`)
    .join(' || ');
  return def.mutates ? `xbrain.trusted && (${stages})` : `(${stages})`;
}
