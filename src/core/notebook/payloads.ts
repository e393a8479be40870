import type { Epochs } from '../signal/types';
import type { RunRecord } from '../study/types';
import type { EpochsPayload, TrainingPayload } from './mime';

/** Index of every `step`-th sample so a plotted trace has at most `max` points. */
function decimationStep(n: number, max: number): number {
  return Math.max(1, Math.ceil(n / max));
}

function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/**
 * Epochs as the renderer draws them: a few single epochs and the mean per class, in µV, decimated to at most
 * `maxPoints` samples per trace (plain decimation: this is a picture, not an analysis).
 */
export function epochsPayload(ep: Epochs, opts: { maxTraces?: number; maxPoints?: number } = {}): EpochsPayload {
  const maxTraces = opts.maxTraces ?? 3;
  const step = decimationStep(ep.nTimes, opts.maxPoints ?? 250);
  const idx: number[] = [];
  for (let t = 0; t < ep.nTimes; t += step) idx.push(t);
  const times = idx.map((t) => round(ep.tmin + t / ep.sfreq, 6));
  const labelName = new Map(Object.entries(ep.eventId).map(([name, code]) => [code, name]));
  const nameOf = (code: number) => labelName.get(code) ?? String(code);
  const stride = ep.nChannels * ep.nTimes;

  const traces: EpochsPayload['traces'] = [];
  for (let e = 0; e < Math.min(maxTraces, ep.nEpochs); e++) {
    const data = Array.from({ length: ep.nChannels }, (_, c) => idx.map((t) => round(ep.data[e * stride + c * ep.nTimes + t] * 1e6)));
    traces.push({ epoch: e, label: nameOf(ep.labels[e]), data });
  }

  const codes = [...new Set(Array.from(ep.labels))].sort((a, b) => a - b);
  const erp = codes.map((code) => {
    const acc = new Float64Array(ep.nChannels * ep.nTimes);
    let count = 0;
    for (let e = 0; e < ep.nEpochs; e++) {
      if (ep.labels[e] !== code) continue;
      count++;
      const base = e * stride;
      for (let k = 0; k < stride; k++) acc[k] += ep.data[base + k];
    }
    const mean = Array.from({ length: ep.nChannels }, (_, c) => idx.map((t) => round((acc[c * ep.nTimes + t] / count) * 1e6)));
    return { label: nameOf(code), count, mean };
  });
  const markers = ep.tmin <= 0 && ep.tmin + (ep.nTimes - 1) / ep.sfreq >= 0 ? [{ time: 0, label: 'event' }] : [];
  return { sfreq: ep.sfreq / step, times, channels: [...ep.channels], unit: 'µV', traces, markers, erp };
}

/** Training curves of the given runs (the Study's RunRecords), live while any of them is still running. */
export function trainingPayload(runs: readonly RunRecord[]): TrainingPayload {
  return {
    live: runs.some((r) => r.status === 'running'),
    runs: runs.map((r) => ({
      id: r.id,
      name: `${r.splitName} · repeat ${r.repeat + 1}`,
      status: r.status,
      points: r.metrics.map((m) => ({
        epoch: m.epoch,
        train: { loss: m.train.loss, accuracy: m.train.accuracy },
        ...(m.val ? { val: { loss: m.val.loss, accuracy: m.val.accuracy } } : {}),
        ...(m.test ? { test: { loss: m.test.loss, accuracy: m.test.accuracy } } : {}),
      })),
    })),
  };
}
