import type { Epochs } from '../signal/types';
import type { SplitAudit } from '../study/types';
import type { SplitBy } from './split';

export interface AuditableSplit {
  name: string;
  train: Int32Array;
  val: Int32Array;
  test: Int32Array;
}

/**
 * Split audit: `overlap` counts epochs that sit in more than one of train/val/test (summed over splits; must be 0);
 * warnings name leakage a reader should know about: the same subject (subject strategy) or session (session
 * strategy) in train and test, empty sets and classes missing from training.
 */
export function auditSplits(e: Epochs, splits: readonly AuditableSplit[], strategy: SplitBy): SplitAudit {
  let overlap = 0;
  const warnings: string[] = [];
  const classNames = Object.keys(e.eventId).sort((a, b) => e.eventId[a] - e.eventId[b]);
  for (const sp of splits) {
    const seen = new Uint8Array(e.nEpochs);
    for (const set of [sp.train, sp.val, sp.test]) {
      for (let i = 0; i < set.length; i++) {
        if (seen[set[i]]) overlap++;
        seen[set[i]] = 1;
      }
    }
    if (sp.train.length === 0) warnings.push(`${sp.name}: the training set is empty`);
    if (sp.test.length === 0) warnings.push(`${sp.name}: the test set is empty`);
    const trainLabels = new Set(Array.from(sp.train, (i) => e.labels[i]));
    const missing = classNames.filter((c) => !trainLabels.has(e.eventId[c]));
    if (sp.train.length > 0 && missing.length > 0) warnings.push(`${sp.name}: class ${missing.join(', ')} is missing from training`);
    if (strategy === 'subject' || strategy === 'session') {
      const key = strategy === 'subject' ? e.subject : e.session;
      const inTrain = new Set(Array.from(sp.train, (i) => key[i]));
      const shared = [...new Set(Array.from(sp.test, (i) => key[i]))].filter((k) => inTrain.has(k));
      if (shared.length > 0) {
        warnings.push(`${sp.name}: ${strategy} ${shared.join(', ')} is in both train and test under a ${strategy} split (leakage)`);
      }
    }
  }
  return { overlap, warnings };
}
