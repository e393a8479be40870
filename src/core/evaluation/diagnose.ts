/**
 * A plain-language diagnosis for `evaluate`: when the trained network ends at or near chance while CSP+LDA on the
 * same splits is well above it, the network failed to learn what a linear method finds, and the usual causes are
 * the input scale, too few epochs and the learning rate. The figures behind each hint are stated so a user can act.
 */
import type { Epochs } from '../signal/types';
import { epochChunks, epochsLength } from '../signal/spill';
import type { RunRecord, StudyState } from '../study/types';
import type { EvaluationResult } from './evaluateRuns';

/** How far CSP+LDA must lead the network (accuracy) before the gap counts as "well above". */
export const BASELINE_LEAD = 0.15;

/** SD of the epochs' samples (a strided sample of at most ~20 000 values). */
export function epochsSd(e: Epochs): number {
  const per = e.nChannels * e.nTimes;
  const length = epochsLength(e);
  const step = Math.max(1, Math.floor(length / 20000));
  let s = 0;
  let s2 = 0;
  let n = 0;
  // the same samples in the same order, read by blocks of the epochs that hold one (never the whole set from disk)
  const held: number[] = [];
  for (let i = 0; i < length; i += step) if (held[held.length - 1] !== Math.floor(i / per)) held.push(Math.floor(i / per));
  for (const { block, start, count } of epochChunks(e, { idx: held })) {
    for (let k = 0; k < count; k++) {
      const from = held[start + k] * per;
      for (let i = Math.ceil(from / step) * step; i < from + per; i += step) {
        const v = block[k * per + i - from];
        s += v;
        s2 += v * v;
        n++;
      }
    }
  }
  return n ? Math.sqrt(Math.max(0, s2 / n - (s / n) ** 2)) : 0;
}

const pct = (v: number): string => `${(100 * v).toFixed(1)}%`;

/** Optimiser steps a run made: epochs trained × batches per epoch on its training split (the last partial batch is a step). */
export function runSteps(
  run: RunRecord,
  dataset: StudyState['dataset'] | undefined,
): { epochs: number; perEpoch: number; steps: number; batch: number; train: number } | null {
  const train = dataset?.splits.find((s) => s.id === run.splitId)?.train.length;
  const batch = run.config.batch_size;
  if (!train || !(batch >= 1)) return null;
  const perEpoch = Math.ceil(train / batch);
  return { epochs: run.metrics.length, perEpoch, steps: run.metrics.length * perEpoch, batch, train };
}

/**
 * "30 optimiser steps of batch 32 on 29 training trials" for the first run whose split is known, else ''. The steps,
 * not the epochs, say how far the network moved: batch 32 on a small training set is one step per epoch.
 */
function optimiserSteps(runs: readonly RunRecord[], dataset: StudyState['dataset'] | undefined): string {
  for (const r of runs) {
    const st = runSteps(r, dataset);
    if (st) return `${st.steps} optimiser steps of batch ${st.batch} on ${st.train} training trials`;
  }
  return '';
}

/**
 * Null when the network is fine (clearly above chance) or there is no baseline to compare with; otherwise a warning
 * that names the gap and what to check. `runs` are the evaluated runs (their configuration and training curves).
 */
export function chanceDiagnosis(
  res: EvaluationResult,
  runs: readonly RunRecord[],
  state: Pick<StudyState, 'epochs' | 'history' | 'epochHistory'> & Partial<Pick<StudyState, 'dataset'>>,
): string | null {
  const base = res.baseline;
  if (!base) return null;
  const acc = res.summary.accuracy.mean;
  const chance = res.pooled.chance;
  const floor = Math.max(chance.uniform, chance.majority);
  // a test set too small for any accuracy to be significant says nothing either way (evaluate reports that itself)
  const significant = chance.significant;
  if (significant === null) return null;
  const notAbove = acc <= significant;
  const baselineWell = base.summary.accuracy.mean >= Math.max(significant, acc + BASELINE_LEAD);
  if (!notAbove || !baselineWell) return null;
  const head =
    `${acc <= floor ? 'The model is at or below chance' : 'The model is not significantly above chance'} (accuracy ${pct(acc)}; chance ${pct(floor)}, ` +
    `significant above ${pct(significant)}) while CSP+LDA reaches ${pct(base.summary.accuracy.mean)} on the same split: the network did not learn what a linear method finds. Check:`;
  const hints: string[] = [];

  // 1. scale
  const normalised = [...(state.history ?? []), ...(state.epochHistory ?? [])].some((h) => h.op.startsWith('normalize'));
  const raw = runs.filter((r) => r.config.input_norm === 'none');
  const sd = state.epochs ? epochsSd(state.epochs) : NaN;
  if (raw.length && !normalised && sd < 1e-3) {
    hints.push(
      `scale — the epochs are in volts (SD ≈ ${sd.toExponential(1)}) and ${raw.length} run(s) trained with input_norm=none, so BatchNorm cannot normalise them: ` +
        'train with configure_training(input_norm="train_fold") (the default) or run normalize_data first.',
    );
  } else {
    hints.push(
      `scale — input SD ≈ ${Number.isFinite(sd) ? sd.toExponential(1) : '?'}${raw.length ? ' (trained with input_norm=none)' : ', standardised by the trainer on each training split'}; ` +
        'make sure the data are not dominated by a bad channel or artefacts (plot_epochs).',
    );
  }

  // 2. epochs: did it fit the training set?
  const last = runs.map((r) => r.metrics[r.metrics.length - 1]).filter((m) => m !== undefined);
  const nEpochs = runs.length ? Math.max(...runs.map((r) => r.metrics.length)) : 0;
  if (last.length) {
    const trainAcc = last.reduce((s, m) => s + m.train.accuracy, 0) / last.length;
    const steps = optimiserSteps(runs, state.dataset);
    const after = `after ${nEpochs} epoch(s)${steps ? ` (${steps})` : ''}`;
    hints.push(
      trainAcc < 0.8
        ? `epochs — training accuracy is only ${pct(trainAcc)} ${after}: it underfits; train for more epochs or with a smaller batch (configure_training epoch, batch_size).`
        : `epochs — training accuracy ${pct(trainAcc)} ${after} but not on held-out trials: it overfits; use fewer epochs or selection="best_val_loss", or more data.`,
    );
  }

  // 3. learning rate
  const lrs = [...new Set(runs.map((r) => r.config.learning_rate))];
  hints.push(
    `learning rate — ${lrs.length ? lrs.join(', ') : 'unknown'}${lrs.some((v) => v < 1e-4) ? ' is very small' : lrs.some((v) => v > 0.05) ? ' is large enough to diverge' : ''}; Adam usually works between 1e-3 and 1e-2.`,
  );
  return [head, ...hints.map((h, i) => `  ${i + 1}. ${h}`)].join('\n');
}
