/**
 * What the `evaluate` tool stores in the Study (`Study.evaluations[i].metrics`) and returns as its meta
 * (tools/impl/analysis.ts evaluationMeta). Types only, imported by study/types.ts: no runtime imports.
 */
import type { ChanceLevel, ClassFigures, ClassificationReport, MeanSd, SummaryMetric } from './metrics';
import type { XBRAIN_MIME } from '../mime';

export type EvalSet = 'test' | 'val' | 'train';

/** One dataset split's figures: mean ± SD over its repeats. */
export interface FoldSummary {
  splitId: string;
  splitName: string;
  runs: number;
  summary: Record<SummaryMetric, MeanSd>;
}

/** A report as evaluate stores it (the class names are the evaluation's). */
export type StoredReport = Omit<ClassificationReport, 'classes'>;

/**
 * evaluate's stored figures: the headline figures are means over runs; confusion, per-class figures and chance are
 * pooled. It is the metrics MIME payload (mime.ts MetricsPayload) with every field evaluate writes.
 */
export type EvaluationMetrics = Record<SummaryMetric, number> & {
  mime: typeof XBRAIN_MIME.metrics;
  split: EvalSet;
  classes: string[];
  confusion: number[][];
  perClass: ClassFigures[];
  chance: ChanceLevel;
  /** mean ± SD over runs */
  summary: Record<SummaryMetric, MeanSd>;
  pooled: StoredReport;
  folds: FoldSummary[];
  runs: (StoredReport & { runId: string; splitId: string; splitName: string; repeat: number; seed: number; set: EvalSet })[];
  baseline:
    | (Record<SummaryMetric, number> & {
        method: 'CSP+LDA';
        nComponents: number;
        summary: Record<SummaryMetric, MeanSd>;
        splits: (StoredReport & { splitId: string; splitName: string; set: EvalSet })[];
      })
    | null;
  /** the chance warning (evaluation/diagnose.ts chanceDiagnosis); absent from evaluations stored before it existed */
  diagnosis?: string | null;
};
