/**
 * What run_protocol stores in the Study (StudyState.protocols) and writes to protocol.json: the pipelines, MOABB-shaped
 * rows, per-subject scores and paired comparisons. Types only (and the pipeline names), so the Study's types can name
 * them without importing the code that runs the protocol.
 */
import type { ProtocolName } from '../dataset/protocolFolds';
import type { MeanSd } from './metrics';

export const BASELINE_PIPELINES = ['CSP+LDA', 'TS+LR'] as const;
export const MODEL_PIPELINES = ['EEGNet', 'ShallowConvNet', 'SCCNet'] as const;
export const PIPELINES = [...BASELINE_PIPELINES, ...MODEL_PIPELINES] as const;
export type PipelineName = (typeof PIPELINES)[number];

export interface ProtocolRow {
  dataset: string;
  pipeline: PipelineName;
  subject: string;
  /** the tested session (within/cross-session), "all" when the fold mixes sessions */
  session: string;
  fold: number;
  fold_name: string;
  /** MOABB's score: ROC-AUC for two classes, else accuracy */
  score: number;
  accuracy: number;
  balanced_accuracy: number;
  kappa: number;
  roc_auc: number;
  n_train: number;
  n_test: number;
  /** MOABB: training samples */
  samples: number;
  /** seconds to fit and predict the fold */
  time: number;
  channels: number;
  n_sessions: number;
}

export const METRICS = ['score', 'accuracy', 'balanced_accuracy', 'kappa', 'roc_auc'] as const;
export type ProtocolMetric = (typeof METRICS)[number];

export interface SubjectScore {
  subject: string;
  pipeline: PipelineName;
  folds: number;
  score: number;
  accuracy: number;
  balanced_accuracy: number;
  kappa: number;
  roc_auc: number;
}

export interface PairedComparison {
  a: PipelineName;
  b: PipelineName;
  metric: 'score';
  /** subjects with both scores */
  subjects: number;
  meanDifference: number;
  /** null with `note` when the test is undefined (identical scores, fewer than two subjects) */
  p: number | null;
  statistic: number | null;
  method: 'exact' | 'approx' | null;
  rankBiserial: number | null;
  r: number | null;
  note?: string;
}

export interface ProtocolResult {
  id: string;
  protocol: ProtocolName;
  createdAt: string;
  dataset: string;
  options: { folds: number | null; n_test_subjects: number | null; seed: number; pool_sessions: boolean };
  classes: string[];
  scoreMetric: 'roc_auc' | 'accuracy';
  pipelines: PipelineName[];
  nFolds: number;
  rows: ProtocolRow[];
  subjects: SubjectScore[];
  /** mean ± SD over subjects of the per-subject means */
  summary: Record<string, Record<ProtocolMetric, MeanSd>>;
  comparisons: PairedComparison[];
  skipped: string[];
  epochs: { n: number; channels: number; nTimes: number; sfreq: number };
  /** model families: the training configuration they ran with */
  training: Record<string, unknown> | null;
  /** runs (fold × pipeline) taken from an interrupted earlier call with the same settings and epochs, of nRuns */
  resumed?: number;
  nRuns?: number;
  files?: { csv: string; json: string };
}
