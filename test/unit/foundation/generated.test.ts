import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { renderToolReference } from '../../../src/core/tools/reference';
import { TOOL_DEFINITIONS } from '../../../src/core/tools/definitions';
import { repoRoot } from '../helpers/paths';

describe('generated files', () => {
  it('knowledge_base/tool_reference.md matches the registry (run npm run gen:docs when this fails)', () => {
    const onDisk = readFileSync(join(repoRoot, 'knowledge_base/tool_reference.md'), 'utf8');
    expect(onDisk).toBe(renderToolReference());
    for (const d of TOOL_DEFINITIONS) expect(onDisk).toContain(`## ${d.name}\n`);
  });

  it('package.json contributes matches the fragments and the registry (run npm run gen:manifest when this fails)', () => {
    const r = spawnSync(process.execPath, ['scripts/gen-manifest.mjs', '--check'], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    expect(pkg.contributes.languageModelTools.map((t: { name: string }) => t.name)).toEqual(TOOL_DEFINITIONS.map((d) => `xbrain_${d.name}`));
  });

  it('every tool of docs/architecture.md §3 is defined with its contract parameter names', () => {
    const contract: Record<string, string[]> = {
      list_files: ['directory', 'pattern'],
      load_data: ['paths'],
      attach_labels: ['mapping'],
      clear_dataset: [],
      get_dataset_info: [],
      generate_dataset: ['test_ratio', 'val_ratio', 'split_strategy', 'training_mode'],
      apply_standard_preprocess: ['l_freq', 'h_freq', 'notch_freq', 'rereference', 'resample_rate', 'normalize_method'],
      apply_bandpass_filter: ['low_freq', 'high_freq'],
      apply_notch_filter: ['freq'],
      resample_data: ['rate'],
      normalize_data: ['method'],
      set_reference: ['method'],
      select_channels: ['channels'],
      set_montage: ['montage_name'],
      epoch_data: ['t_min', 't_max', 'event_id', 'baseline'],
      set_model: ['model_name'],
      configure_training: ['epoch', 'batch_size', 'learning_rate', 'repeat', 'device', 'optimizer', 'save_checkpoints_every'],
      start_training: [],
      switch_panel: ['panel_name', 'view_mode'],
      get_study_state: [],
      reset_preprocessing: [],
      stop_training: [],
      evaluate: [],
      plot_epochs: [],
      plot_training: [],
      compute_saliency: [],
      export_epochs: ['path'],
      export_model: ['path'],
      window_epoch: ['duration', 'overlap'],
      edit_events: [],
      run_sweep: ['grid', 'folds', 'repeats', 'backend'],
    };
    const byName = new Map(TOOL_DEFINITIONS.map((d) => [d.name, d]));
    for (const [name, params] of Object.entries(contract)) {
      const d = byName.get(name);
      expect(d, name).toBeDefined();
      for (const p of params) expect(Object.keys(d!.parameters.properties), `${name}.${p}`).toContain(p);
    }
    expect(byName.get('generate_dataset')!.parameters.properties.split_strategy.enum).toEqual(['trial', 'session', 'subject']);
    expect(byName.get('normalize_data')!.parameters.properties.method.enum).toEqual(['z-score', 'min-max']);
    expect(byName.get('set_model')!.parameters.properties.model_name.enum).toEqual(['EEGNet', 'ShallowConvNet', 'SCCNet']);
    expect(byName.get('configure_training')!.parameters.properties.optimizer.enum).toEqual(['adam', 'sgd', 'adamw']);
    for (const n of ['clear_dataset', 'start_training', 'reset_preprocessing', 'run_sweep']) expect(byName.get(n)!.needsConfirmation, n).toBe(true);
  });
});
