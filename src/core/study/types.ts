import type { Recording, EventList } from '../io/types';
import type { Epochs, HistoryEntry } from '../signal/types';

// A preprocessing step's record belongs to the signal layer (exportEpochs writes it); the Study keeps a list of them.
export type { HistoryEntry };
import type { ProtocolResult } from '../evaluation/protocolResult';
import type { EvaluationMetrics } from '../evaluation/storedEvaluation';

/** docs/architecture.md §2 (contract). */
export const STAGES = ['empty', 'data_loaded', 'preprocessed', 'dataset_ready', 'training', 'trained'] as const;
export type Stage = (typeof STAGES)[number];

/** A training option start_training may adapt to the training set when the user left it unset (training/adaptiveDefaults.ts). */
export type AdaptableOption = 'epoch' | 'batch_size';
/** One option start_training chose because the user left it unset. */
export interface Adaptation {
  option: AdaptableOption;
  /** the XBrainLab default it replaced */
  from: number;
  to: number;
  why: string;
}

export type ChangeKind = 'recordings' | 'preprocessing' | 'epochs' | 'datasets' | 'training' | 'runs' | 'stage' | 'ui';

/** A request for the UI (the tool never calls UI code; front ends listen on the Study). */
export interface UiRequest {
  kind: 'switch_panel' | 'confirm_montage' | 'open_plot';
  panel?: string;
  viewMode?: string;
  payload?: Record<string, unknown>;
}

export interface DatasetSplit {
  id: string;
  /** e.g. "Fold_1", "Subject-S001_1" */
  name: string;
  train: Int32Array;
  val: Int32Array;
  test: Int32Array;
}

export interface DatasetConfig {
  test_ratio: number;
  val_ratio: number;
  split_strategy: 'trial' | 'session' | 'subject';
  training_mode: 'individual' | 'group';
  [key: string]: unknown;
}

export interface SplitAudit {
  overlap: number;
  warnings: string[];
}

export interface Dataset {
  config: DatasetConfig;
  splits: DatasetSplit[];
  audit: SplitAudit;
  createdAt: string;
}

export type ModelName = 'EEGNet' | 'ShallowConvNet' | 'SCCNet';

export interface ModelConfig {
  name: ModelName;
  params: Record<string, number>;
}

export interface TrainingConfig {
  epoch: number;
  batch_size: number;
  learning_rate: number;
  repeat: number;
  device: string;
  optimizer: 'adam' | 'sgd' | 'adamw';
  save_checkpoints_every: number;
  selection: 'last_epoch' | 'best_val_loss' | 'best_val_accuracy' | 'best_test_accuracy';
  backend: string;
  seed: number;
  /**
   * The options the user set with configure_training (sorted names); the others keep their defaults, and start_training
   * adapts epoch and batch_size among them to the training set (training/adaptiveDefaults.ts). Absent on a
   * configuration saved before it was recorded: every option then counts as set.
   */
  set_by_user?: string[];
  [key: string]: unknown;
}

export interface EpochMetrics {
  epoch: number;
  seconds: number;
  lr: number;
  train: { loss: number; accuracy: number; auc: number };
  val?: { loss: number; accuracy: number; auc: number };
  test?: { loss: number; accuracy: number; auc: number };
}

export type RunStatus = 'running' | 'done' | 'failed' | 'stopped';

export interface RunRecord {
  id: string;
  splitId: string;
  splitName: string;
  repeat: number;
  seed: number;
  model: ModelConfig;
  /** the configuration this run trained with (options the user left unset already adapted: adaptedDefaults) */
  config: TrainingConfig;
  /** the options start_training adapted to the training set because the user did not set them, and why */
  adaptedDefaults?: Adaptation[];
  status: RunStatus;
  metrics: EpochMetrics[];
  /** paths relative to the workspace's .xbrain folder */
  artefacts: Record<string, string>;
  error?: string;
  /** set on runs started by run_sweep: the sweep and the grid point this run trained */
  sweep?: { id: string; pointIndex: number; point: Record<string, unknown> };
  /** set when the trainer finished: the epoch whose weights were kept, by which rule, on how many threads */
  selectedEpoch?: number;
  selection?: string;
  threads?: number;
  startedAt: string;
  endedAt?: string;
}

export interface Evaluation {
  runIds: string[];
  split: 'test' | 'val' | 'train';
  metrics: EvaluationMetrics;
  createdAt: string;
}

/** Everything the Study holds. Arrays inside are immutable once committed. */
export interface StudyState {
  recordings: Recording[];
  /** events of each recording as loaded (small), so reset_preprocessing can restore them after re-reading */
  loadedEvents: EventList[];
  history: HistoryEntry[];
  epochs: Epochs | null;
  /** preprocessing applied to the epochs themselves (after epoching) */
  epochHistory: HistoryEntry[];
  dataset: Dataset | null;
  model: ModelConfig | null;
  training: TrainingConfig | null;
  runs: RunRecord[];
  evaluations: Evaluation[];
  montage: string | null;
  /** run_protocol results (per-subject evaluations of several pipelines), oldest first; absent until the first */
  protocols?: ProtocolResult[];
}
