/**
 * Datasets: XBrainLab's deterministic train/val/test splitting (split.ts) and the split audit (audit.ts).
 * `buildDataset` turns the generate_dataset options into a plan, runs it and returns the Study's Dataset.
 */
import type { Epochs } from '../signal/types';
import type { Dataset, DatasetConfig } from '../study/types';
import { XBrainError } from '../errors';
import { auditSplits } from './audit';
import { generateSplits, type SplitBy, type SplitPlan, type SplitUnit, type Splitter } from './split';

export { generateSplits, firstSeenCodes } from './split';
export type { SplitBy, SplitUnit, Splitter, SplitPlan, GeneratedSplit } from './split';
export { auditSplits } from './audit';

export interface DatasetOptions {
  test_ratio: number;
  val_ratio: number;
  split_strategy: SplitBy;
  training_mode: 'individual' | 'group';
  independent?: boolean;
  unit?: SplitUnit;
  folds?: number;
  seed?: number;
}

/** The generate_dataset options as a splitting plan (validation uses the test strategy, as XBrainLab's agent does). */
export function planFromOptions(o: DatasetOptions): SplitPlan {
  const unit = o.unit ?? 'ratio';
  const by = o.split_strategy;
  const test: Splitter[] = [];
  const val: Splitter[] = [];
  if (unit === 'kfold') {
    if (o.folds === undefined) throw new XBrainError('invalid_arguments', 'folds: unit kfold needs the number of folds');
    test.push({ by, unit: 'kfold', value: o.folds, independent: o.independent });
  } else if (o.test_ratio > 0) {
    test.push({ by, unit, value: o.test_ratio, independent: o.independent });
  }
  // validation count: ratio of what is left, or a count with unit number; k-fold validation stays a ratio
  if (o.val_ratio > 0) val.push({ by, unit: unit === 'kfold' ? 'ratio' : unit, value: o.val_ratio });
  return { trainingMode: o.training_mode, crossValidation: unit === 'kfold', test, val, seed: o.seed ?? 0 };
}

let datasetCounter = 0;

export function buildDataset(e: Epochs, o: DatasetOptions, now = new Date()): Dataset {
  const plan = planFromOptions(o);
  const generated = generateSplits(e, plan);
  const stamp = now.getTime().toString(36) + (datasetCounter++).toString(36);
  const splits = generated.map((g, i) => ({ id: `${stamp}-${i}`, name: g.name, train: g.train, val: g.val, test: g.test }));
  const emptyTrain = splits.filter((s) => s.train.length === 0);
  if (emptyTrain.length === splits.length) {
    throw new XBrainError('invalid_arguments', `test_ratio/val_ratio: the split leaves no training epochs (${splits.map((s) => s.name).join(', ')})`);
  }
  const audit = auditSplits(e, generated, o.split_strategy);
  const discarded = generated.reduce((a, g) => a + g.discarded.length, 0);
  if (discarded > 0) audit.warnings.push(`${discarded} epoch(s) were dropped by the independent split`);
  const config: DatasetConfig = {
    test_ratio: o.test_ratio,
    val_ratio: o.val_ratio,
    split_strategy: o.split_strategy,
    training_mode: o.training_mode,
    independent: o.independent ?? false,
    unit: o.unit ?? 'ratio',
    folds: o.folds ?? null,
    seed: o.seed ?? 0,
    plan,
  };
  return { config, splits, audit, createdAt: now.toISOString() };
}
