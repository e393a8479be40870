/**
 * export_model: the selected run's ONNX model plus a JSON card that lets someone run it elsewhere (classes, channel
 * order, sampling rate, epoch window, the preprocessing that produced the inputs, training setup and metrics).
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunRecord, StudyState } from '../study/types';
import { XBrainError } from '../errors';
import { exportOnnx, loadModel } from '../training';
import { classNames, resolveArtefact } from './evaluateRuns';

export interface ModelCard {
  format: 'xbrain-model-card';
  version: 1;
  model: { name: string; params: Record<string, number> };
  run: { id: string; split: string; repeat: number; seed: number; status: string };
  onnx: { file: string; opset: 13; input: string; output: string; layout: string };
  input: { channels: string[]; nChannels: number; nTimes: number; sfreq: number; tmin: number; units: string; baseline: [number | null, number | null] | null };
  classes: string[];
  eventId: Record<string, number>;
  preprocessing: Array<{ op: string; description: string; params: Record<string, unknown> }>;
  training: Record<string, unknown>;
  metrics: { evaluation: Record<string, unknown> | null; lastEpoch: RunRecord['metrics'][number] | null };
  createdAt: string;
}

/** The run export_model picks without run_id: best accuracy in the latest evaluation, else best final val accuracy. */
export function bestRun(state: Readonly<StudyState>): RunRecord {
  const done = state.runs.filter((r) => r.status === 'done');
  if (done.length === 0) throw new XBrainError('invalid_state', 'there is no finished training run to export');
  const ev = state.evaluations.at(-1);
  const evRuns = ev?.metrics.runs ?? [];
  const score = (r: RunRecord): number => {
    const e = evRuns.find((x) => x.runId === r.id);
    if (e) return e.accuracy;
    const last = r.metrics.at(-1);
    return last?.val?.accuracy ?? last?.train.accuracy ?? 0;
  };
  return done.reduce((best, r) => (score(r) > score(best) ? r : best), done[0]);
}

function evaluationOf(state: Readonly<StudyState>, runId: string): Record<string, unknown> | null {
  for (let i = state.evaluations.length - 1; i >= 0; i--) {
    const ev = state.evaluations[i];
    const r = ev.metrics.runs.find((x) => x.runId === runId);
    if (r) return { split: ev.split, createdAt: ev.createdAt, ...r, baseline: ev.metrics.baseline };
  }
  return null;
}

export function exportModel(
  state: Readonly<StudyState>,
  workspace: string,
  outDir: string,
  runId?: string,
): { onnx: string; card: string; run: RunRecord; cardData: ModelCard } {
  const e = state.epochs;
  if (!e) throw new XBrainError('invalid_state', 'export_model needs the epochs the model was trained on');
  let run: RunRecord;
  if (runId !== undefined) {
    const r = state.runs.find((x) => x.id === runId);
    if (!r) throw new XBrainError('not_found', `run_id: no run ${runId} (runs: ${state.runs.map((x) => x.id).join(', ') || 'none'})`, { parameter: 'run_id' });
    if (r.status !== 'done') throw new XBrainError('invalid_state', `run_id: run ${runId} is ${r.status}, not finished`, { parameter: 'run_id' });
    run = r;
  } else {
    run = bestRun(state);
  }
  const onnxSrc = run.artefacts.onnx ? resolveArtefact(workspace, run.artefacts.onnx) : null;
  const weights = run.artefacts.weights ? resolveArtefact(workspace, run.artefacts.weights) : null;
  let bytes: Uint8Array | null = null;
  if (!(onnxSrc && existsSync(onnxSrc))) {
    if (!(weights && existsSync(weights))) throw new XBrainError('not_found', `run ${run.id} has neither an ONNX model nor weights on disk`, { run: run.id });
    bytes = exportOnnx(loadModel(weights));
  }
  try {
    mkdirSync(outDir, { recursive: true });
  } catch (err) {
    throw new XBrainError('invalid_arguments', `path: cannot create ${outDir}: ${(err as Error).message}`, { parameter: 'path' });
  }
  const onnxFile = join(outDir, 'model.onnx');
  const cardFile = join(outDir, 'model.card.json');
  const cardData: ModelCard = {
    format: 'xbrain-model-card',
    version: 1,
    model: { name: run.model.name, params: run.model.params },
    run: { id: run.id, split: run.splitName, repeat: run.repeat, seed: run.seed, status: run.status },
    onnx: {
      file: 'model.onnx',
      opset: 13,
      input: 'x',
      output: 'logits',
      layout: 'x: float32 [batch, channels, times] in the units below; output: logits [batch, classes] (softmax for probabilities)',
    },
    input: { channels: [...e.channels], nChannels: e.nChannels, nTimes: e.nTimes, sfreq: e.sfreq, tmin: e.tmin, units: 'V', baseline: e.baseline },
    classes: classNames(e),
    eventId: { ...e.eventId },
    preprocessing: [...state.history, ...state.epochHistory].map((h) => ({ op: h.op, description: h.description, params: h.params })),
    training: { ...run.config },
    metrics: { evaluation: evaluationOf(state, run.id), lastEpoch: run.metrics.at(-1) ?? null },
    createdAt: new Date().toISOString(),
  };
  if (bytes) writeFileSync(onnxFile, bytes);
  else copyFileSync(onnxSrc!, onnxFile);
  writeFileSync(cardFile, JSON.stringify(cardData, null, 1));
  return { onnx: onnxFile, card: cardFile, run, cardData };
}
