/**
 * Evaluation of finished runs: each run's exported ONNX model is run with onnxruntime-node on its split's evaluation
 * set; per-run reports, mean ± SD over repeats within a fold and over all runs, the pooled report (XBrainLab's
 * "Average" pools labels and outputs across runs), and the CSP+LDA baseline fitted on the same training epochs.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { Epochs } from '../signal/types';
import { studyDir } from '../study/persistence';
import type { DatasetSplit, RunRecord } from '../study/types';
import { XBrainError } from '../errors';
import { cspLdaScores, fitCspLda } from './cspLda';
import { epochBlocks, onnxLogits } from './epochBlocks';
import { classificationReport, summarizeReports, type ClassificationReport, type MeanSd, type SummaryMetric } from './metrics';
import type { EvalSet, FoldSummary } from './storedEvaluation';

export type { EvalSet, EvaluationMetrics, StoredReport } from './storedEvaluation';

export interface RunReport extends ClassificationReport {
  runId: string;
  splitId: string;
  splitName: string;
  repeat: number;
  seed: number;
  /** the set actually evaluated (falls back test → val when the requested set is empty) */
  set: EvalSet;
}

export interface BaselineReport extends ClassificationReport {
  splitId: string;
  splitName: string;
  set: EvalSet;
}

export interface EvaluationResult {
  classes: string[];
  runs: RunReport[];
  /** mean ± SD over runs (repeats × folds) */
  summary: Record<SummaryMetric, MeanSd>;
  /** per dataset split: mean ± SD over its repeats */
  folds: FoldSummary[];
  /** labels and outputs of every run pooled */
  pooled: ClassificationReport;
  baseline: { method: 'CSP+LDA'; nComponents: number; splits: BaselineReport[]; summary: Record<SummaryMetric, MeanSd> } | null;
}

export function classNames(e: Epochs): string[] {
  const names: string[] = [];
  for (const [name, idx] of Object.entries(e.eventId)) names[idx] = name;
  return Array.from({ length: names.length }, (_, i) => names[i] ?? `class ${i}`);
}

function evalIndices(split: DatasetSplit, set: EvalSet): { idx: Int32Array; set: EvalSet } {
  if (split[set].length > 0) return { idx: split[set], set };
  if (set === 'test' && split.val.length > 0) return { idx: split.val, set: 'val' };
  throw new XBrainError('invalid_state', `split ${split.name} has no ${set} epochs to evaluate on`, { split: split.name, parameter: 'split' });
}

export function resolveArtefact(workspace: string, p: string): string {
  return isAbsolute(p) ? p : join(studyDir(workspace), p);
}

export async function evaluateRuns(
  e: Epochs,
  splits: readonly DatasetSplit[],
  runs: readonly RunRecord[],
  opts: { set: EvalSet; workspace: string; baseline: boolean; nComponents?: number },
): Promise<EvaluationResult> {
  const classes = classNames(e);
  const K = classes.length;
  const finished = runs.filter((r) => r.status === 'done');
  if (finished.length === 0) throw new XBrainError('invalid_state', 'there is no finished training run to evaluate');
  const byId = new Map(splits.map((s) => [s.id, s]));
  // check everything before running anything
  const jobs = finished.map((r) => {
    const split = byId.get(r.splitId);
    if (!split)
      throw new XBrainError('invalid_state', `run ${r.id} refers to split ${r.splitName} (${r.splitId}) which is not in the current dataset`, { run: r.id });
    const onnx = r.artefacts.onnx;
    if (!onnx) throw new XBrainError('not_found', `run ${r.id} has no ONNX model (artefacts.onnx)`, { run: r.id });
    const file = resolveArtefact(opts.workspace, onnx);
    if (!existsSync(file)) throw new XBrainError('not_found', `ONNX model of run ${r.id} not found: ${file}`, { run: r.id, file });
    return { run: r, split, file, ...evalIndices(split, opts.set) };
  });
  const reports: RunReport[] = [];
  const pooledLabels: number[] = [];
  const pooledScores: number[] = [];
  for (const j of jobs) {
    const logits = await onnxLogits(j.file, e, j.idx);
    if (logits.length !== j.idx.length * K) {
      throw new XBrainError('invalid_state', `run ${j.run.id}: the model gives ${logits.length / j.idx.length} outputs per epoch for ${K} classes`, {
        run: j.run.id,
      });
    }
    const labels = Array.from(j.idx, (i) => e.labels[i]);
    const rep = classificationReport(labels, logits, classes);
    reports.push({ ...rep, runId: j.run.id, splitId: j.split.id, splitName: j.split.name, repeat: j.run.repeat, seed: j.run.seed, set: j.set });
    pooledLabels.push(...labels);
    pooledScores.push(...logits);
  }
  const folds = [...new Set(reports.map((r) => r.splitId))].map((id) => {
    const rs = reports.filter((r) => r.splitId === id);
    return { splitId: id, splitName: rs[0].splitName, runs: rs.length, summary: summarizeReports(rs) };
  });
  const baseline = opts.baseline
    ? cspLdaBaseline(
        e,
        splits.filter((s) => folds.some((f) => f.splitId === s.id)),
        opts.set,
        opts.nComponents,
      )
    : null;
  return {
    classes,
    runs: reports,
    summary: summarizeReports(reports),
    folds,
    pooled: classificationReport(pooledLabels, pooledScores, classes),
    baseline,
  };
}

/** CSP+LDA fitted on each split's training epochs and scored on its `set` (evaluate's baseline; bench/parity.ts). */
export function cspLdaBaseline(e: Epochs, splits: readonly DatasetSplit[], set: EvalSet, nComponents = 4): NonNullable<EvaluationResult['baseline']> {
  const classes = classNames(e);
  const K = classes.length;
  const bs: BaselineReport[] = [];
  for (const split of splits) {
    const { idx, set: used } = evalIndices(split, set);
    const model = fitCspLda(
      epochBlocks(e, split.train),
      Array.from(split.train, (i) => e.labels[i]),
      { nComponents },
    );
    const raw = cspLdaScores(model, epochBlocks(e, idx));
    // LDA scores are log-posteriors up to a constant: place them in the full class order (absent classes −1e30)
    const scores = new Float64Array(idx.length * K).fill(-1e30);
    const Km = model.classes.length;
    for (let i = 0; i < idx.length; i++) model.classes.forEach((c, k) => (scores[i * K + c] = raw[i * Km + k]));
    bs.push({
      ...classificationReport(
        Array.from(idx, (i) => e.labels[i]),
        scores,
        classes,
      ),
      splitId: split.id,
      splitName: split.name,
      set: used,
    });
  }
  return { method: 'CSP+LDA', nComponents, splits: bs, summary: summarizeReports(bs) };
}
