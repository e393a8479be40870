/**
 * The figures of the runs and of evaluate's stored result that several readers state (read only).
 */
import type { EvaluationMetrics } from '../../evaluation/storedEvaluation';
import type { RunRecord, StudyState } from '../../study/types';

/** evaluate's last result, unless a run trained since is not among those it scored (its figures are then of older runs). */
export function lastEvaluation(state: StudyState): EvaluationMetrics | null {
  const e = state.evaluations[state.evaluations.length - 1];
  return !e || staleEvaluation(state) ? null : e.metrics;
}

export function staleEvaluation(state: StudyState): boolean {
  const e = state.evaluations[state.evaluations.length - 1];
  return !!e && state.runs.some((r) => r.status === 'done' && !e.runIds.includes(r.id));
}

/** One finished (or running) run's figures at the epoch whose weights were kept (else the last), on its test set (else val). */
export function runFigures(run: RunRecord, state: StudyState): { set: 'test' | 'val'; acc: number; n: number; epoch: number; train?: number } | null {
  const at = run.selectedEpoch !== undefined ? run.metrics.find((m) => m.epoch === run.selectedEpoch) : undefined;
  const m = at ?? run.metrics[run.metrics.length - 1];
  if (!m) return null;
  const split = state.dataset?.splits.find((s) => s.id === run.splitId);
  if (m.test && split && split.test.length) return { set: 'test', acc: m.test.accuracy, n: split.test.length, epoch: m.epoch, train: m.train.accuracy };
  if (m.val && split && split.val.length) return { set: 'val', acc: m.val.accuracy, n: split.val.length, epoch: m.epoch, train: m.train.accuracy };
  return null;
}

export function classCount(state: StudyState): number {
  return state.epochs ? Object.keys(state.epochs.eventId).length : 0;
}

/** The accuracy, test-set size and classes a significance test needs: evaluate's pooled figures, else the runs' own. */
export function testedResult(state: StudyState): { acc: number; n: number; k: number; from: 'evaluate' | 'runs'; set: string } | null {
  const ev = lastEvaluation(state);
  if (ev && ev.pooled.n > 0) return { acc: ev.pooled.accuracy, n: ev.pooled.n, k: ev.classes.length, from: 'evaluate', set: ev.split };
  const figures = state.runs
    .filter((r) => r.status !== 'running')
    .map((r) => runFigures(r, state))
    .filter((f) => f !== null);
  const K = classCount(state);
  if (!figures.length || K < 2) return null;
  // the runs' labels pooled, as evaluate pools them
  const n = figures.reduce((a, f) => a + f.n, 0);
  const correct = figures.reduce((a, f) => a + Math.round(f.acc * f.n), 0);
  return { acc: correct / n, n, k: K, from: 'runs', set: figures.every((f) => f.set === 'test') ? 'test' : 'validation' };
}

/** The kept epoch's figures of the first finished run on each set (train, validation, test), with their set sizes. */
export function keptFigures(
  state: StudyState,
): { run: RunRecord; m: RunRecord['metrics'][number]; sizes: { train: number; val: number; test: number } } | null {
  const run = state.runs.find((r) => r.status !== 'running' && r.metrics.length > 0);
  if (!run) return null;
  const at = run.selectedEpoch !== undefined ? run.metrics.find((x) => x.epoch === run.selectedEpoch) : undefined;
  const m = at ?? run.metrics[run.metrics.length - 1];
  const split = state.dataset?.splits.find((sp) => sp.id === run.splitId);
  return { run, m, sizes: { train: split?.train.length ?? 0, val: split?.val.length ?? 0, test: split?.test.length ?? 0 } };
}
