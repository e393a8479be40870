import { XBrainError } from '../../errors';
import { text } from '../result';
import { buildDataset, type DatasetOptions } from '../../dataset';
import type { ArgsOf, TypedImplementations } from '../args';

/** Validated arguments carry the definition's defaults: nothing is defaulted twice here. */
function options(args: ArgsOf<'generate_dataset'>): DatasetOptions {
  const { test_ratio, val_ratio, split_strategy, training_mode, independent, unit, folds, seed } = args;
  return { test_ratio, val_ratio, split_strategy, training_mode, independent, unit, folds, seed };
}

export const datasetTools = {
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
} satisfies TypedImplementations;
