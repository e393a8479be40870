import { NOTEBOOK_VERSION, type XBrainNotebook } from './format';
import { DEFAULT_MODEL, DEFAULT_TRAINING } from '../training/defaults';

// Only the seed is fixed: a number written here counts as the user's and is never adapted, and XBrainLab's 10 epochs
// × batch 32 make about ten optimiser steps on one subject's 45 trials. start_training adapts the epochs and batch
// size to the training set (adaptiveDefaults.ts), deterministically, so a rerun still gives the same metrics.
const configureTrainingCall = [
  '# epochs and batch size adapt to the training set when left out (the run records what ran); name them to fix them',
  `configure_training(seed=${DEFAULT_TRAINING.seed})`,
].join('\n');

/** The notebook `XBrain: New Analysis Notebook` opens: a motor-imagery pipeline on EDF files, seeded. */
export function starterNotebook(dataGlob = 'data/*.edf'): XBrainNotebook {
  const md = (source: string) => ({ kind: 'markdown' as const, source, outputs: [], metadata: {} });
  const code = (source: string) => ({ kind: 'code' as const, source, outputs: [], metadata: {} });
  return {
    version: NOTEBOOK_VERSION,
    metadata: {},
    cells: [
      md(
        '# EEG analysis\n\nEach code cell holds XBrain tool calls, one per line, with JSON values. Run all cells on a fresh study to reproduce the analysis (`xbrain run this.xbrain --yes`).',
      ),
      code(
        `# find and load the recordings\nlist_files(directory=".", pattern="${dataGlob.split('/').pop()}")\nload_data(paths=["${dataGlob.includes('/') ? dataGlob.slice(0, dataGlob.lastIndexOf('/')) : '.'}"])`,
      ),
      md('## Preprocessing'),
      code('apply_bandpass_filter(low_freq=8, high_freq=30)\nepoch_data(t_min=0, t_max=4, event_id=["T1", "T2"], baseline=null)\nplot_epochs()'),
      md('## Dataset, model and training (seeded, so a rerun gives the same metrics)'),
      code(
        `generate_dataset(test_ratio=0.2, val_ratio=0.2, split_strategy="trial", training_mode="group")\nset_model(model_name="${DEFAULT_MODEL.name}")\n${configureTrainingCall}\nstart_training()`,
      ),
      md('## Evaluation'),
      code('evaluate()\ncompute_saliency()'),
    ],
  };
}
