import { NOTEBOOK_VERSION, type XBrainNotebook } from './format';

/** The notebook `XBrain: New Analysis Notebook` opens: a motor-imagery pipeline on EDF files, seeded. */
export function starterNotebook(dataGlob = 'data/*.edf'): XBrainNotebook {
  const md = (source: string) => ({ kind: 'markdown' as const, source, outputs: [], metadata: {} });
  const code = (source: string) => ({ kind: 'code' as const, source, outputs: [], metadata: {} });
  return {
    version: NOTEBOOK_VERSION,
    metadata: {},
    cells: [
      md('# EEG analysis\n\nEach code cell holds XBrain tool calls, one per line, with JSON values. Run all cells on a fresh study to reproduce the analysis (`xbrain run this.xbrain --yes`).'),
      code(`# find and load the recordings\nlist_files(directory=".", pattern="${dataGlob.split('/').pop()}")\nload_data(paths=["${dataGlob.includes('/') ? dataGlob.slice(0, dataGlob.lastIndexOf('/')) : '.'}"])`),
      md('## Preprocessing'),
      code('apply_bandpass_filter(low_freq=8, high_freq=30)\nepoch_data(t_min=0, t_max=4, event_id=["T1", "T2"], baseline=null)\nplot_epochs()'),
      md('## Dataset, model and training (seeded, so a rerun gives the same metrics)'),
      code('generate_dataset(test_ratio=0.2, val_ratio=0.2, split_strategy="trial", training_mode="group")\nset_model(model_name="EEGNet")\nconfigure_training(epoch=10, batch_size=32, learning_rate=0.001, seed=0)\nstart_training()'),
      md('## Evaluation'),
      code('evaluate()\ncompute_saliency()'),
    ],
  };
}
