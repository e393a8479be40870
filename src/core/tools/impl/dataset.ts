import type { ToolImplementations } from '../types';
import { XBrainError } from '../../errors';
import { text } from '../result';
import { buildDataset, type DatasetOptions } from '../../dataset';

function options(args: Record<string, unknown>): DatasetOptions {
  return {
    test_ratio: Number(args.test_ratio ?? 0.2),
    val_ratio: Number(args.val_ratio ?? 0.2),
    split_strategy: (args.split_strategy ?? 'trial') as DatasetOptions['split_strategy'],
    training_mode: (args.training_mode ?? 'group') as DatasetOptions['training_mode'],
    independent: Boolean(args.independent ?? false),
    unit: (args.unit ?? 'ratio') as DatasetOptions['unit'],
    folds: args.folds === undefined ? undefined : Number(args.folds),
    seed: Number(args.seed ?? 0),
  };
}

export const datasetTools: ToolImplementations = {
  generate_dataset: {
    confirmation: (_args, ctx) => {
      const runs = ctx.study.state.runs.length;
      return runs > 0 ? `Regenerating the dataset clears ${runs} training run(s) and their evaluations.` : null;
    },
    run: (args, ctx) => {
      const epochs = ctx.study.state.epochs;
      if (!epochs) throw new XBrainError('invalid_state', 'generate_dataset needs epochs: run epoch_data first');
      const o = options(args);
      const dataset = buildDataset(epochs, o);
      ctx.study.commit({ dataset, runs: [], evaluations: [] }, ['datasets', 'runs']);
      const lines = dataset.splits.map((s) => `${s.name}: train ${s.train.length}, val ${s.val.length}, test ${s.test.length}`);
      const head = `Generated ${dataset.splits.length} dataset split(s) by ${o.split_strategy} (${o.training_mode}${o.unit === 'kfold' ? `, ${o.folds}-fold` : ''}).`;
      const warn = dataset.audit.warnings.map((w) => `Warning: ${w}`);
      return text('generate_dataset', [head, ...lines, `Audit: ${dataset.audit.overlap} epoch(s) in two sets.`, ...warn].join('\n'), {
        splits: dataset.splits.map((s) => ({ id: s.id, name: s.name, train: s.train.length, val: s.val.length, test: s.test.length })),
        audit: dataset.audit,
        config: { ...dataset.config, plan: undefined },
      });
    },
  },
};
