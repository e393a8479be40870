/**
 * Newline-delimited JSON between the trainer child process and its launcher (docs/architecture.md §4).
 * stdout carries TrainerEvent lines; stdin accepts `{"type":"stop"}`.
 */
import type { SplitMetrics } from './evaluate';
import type { SelectionRule } from './train';

export interface ProgressEvent {
  type: 'progress';
  epoch: number;
  epochs: number;
  lr: number;
  /** wall seconds of the epoch's training pass */
  seconds: number;
  train: SplitMetrics;
  val?: SplitMetrics;
  test?: SplitMetrics;
}

export interface DoneEvent {
  type: 'done';
  /** epochs finished */
  epochs: number;
  stopped: boolean;
  selection: SelectionRule;
  selectedEpoch: number;
  seed: number;
  threads: number;
  files: TrainerOutputs;
}

export interface ErrorEvent {
  type: 'error';
  message: string;
  code?: string;
}

export interface LogEvent {
  type: 'log';
  message: string;
}

export type TrainerEvent = ProgressEvent | DoneEvent | ErrorEvent | LogEvent;

/** Files the trainer writes into its output directory (absolute paths). */
export interface TrainerOutputs {
  /** weights after the last finished epoch (JSON index; the .bin sits next to it) */
  lastWeights: string;
  /** weights chosen by the selection rule */
  selectedWeights: string;
  /** ONNX of the selected weights */
  onnx: string;
  /** one JSON line per finished epoch (the progress events) */
  metrics: string;
}

export type TrainerStatus = 'running' | 'done' | 'stopped' | 'failed';

/** Parses one stdout line; returns null for lines that are not trainer events. */
export function parseEvent(line: string): TrainerEvent | null {
  const s = line.trim();
  if (!s.startsWith('{')) return null;
  try {
    const v = JSON.parse(s) as { type?: unknown };
    if (v && (v.type === 'progress' || v.type === 'done' || v.type === 'error' || v.type === 'log')) return v as TrainerEvent;
  } catch {
    // not JSON: ignore
  }
  return null;
}

export function outputsIn(dir: string, join: (...p: string[]) => string): TrainerOutputs {
  return {
    lastWeights: join(dir, 'weights.json'),
    selectedWeights: join(dir, 'model.json'),
    onnx: join(dir, 'model.onnx'),
    metrics: join(dir, 'metrics.jsonl'),
  };
}
