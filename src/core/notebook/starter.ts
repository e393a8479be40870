import { NOTEBOOK_VERSION, type XBrainNotebook } from './format';
import { DEFAULT_MODEL, DEFAULT_TRAINING } from '../training/defaults';

const { epoch, batch_size, learning_rate, seed } = DEFAULT_TRAINING;
const configureTrainingCall = `configure_training(epoch=${epoch}, batch_size=${batch_size}, learning_rate=${learning_rate}, seed=${seed})`;

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
