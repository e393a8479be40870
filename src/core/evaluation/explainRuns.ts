/**
 * Saliency over the Study's finished runs: each run's TS model (weights artefact) attributes its split's evaluation
 * set (test, else validation, else training, as XBrainLab), target = true label; per-class maps are averaged over
 * the trials of every run ("Average" across runs), then the spectrogram and topomap views are derived.
 */
import { existsSync } from 'node:fs';
import type { Epochs } from '../signal/types';
import { fitMontage, MONTAGE_NAMES, type MontageName } from '../signal/montage';
import type { DatasetSplit, RunRecord } from '../study/types';
import { XBrainError } from '../errors';
import { loadModel } from '../training';
import { epochBlocks } from './epochBlocks';
import { classNames, resolveArtefact } from './evaluateRuns';
import { attribute, channelMeans, ClassMapSums, projectTopomap, StftMagnitudeSum, type SaliencyMethod } from './saliency';

export interface SaliencyPayload {
  mime: 'application/vnd.xbrain.saliency+json';
  method: SaliencyMethod;
  absolute: boolean;
  nSamples: number;
  stdev: number;
  runIds: string[];
  /** per run, the set its trials came from */
  sets: Record<string, 'test' | 'val' | 'train'>;
  classes: string[];
  channels: string[];
  sfreq: number;
  tmin: number;
  nTimes: number;
  /** per class: C × T map as rows, trial count */
  maps: Array<{ class: string; n: number; map: number[][] }>;
  spectrogram: { nperseg: number; noverlap: number; freqs: number[]; times: number[]; perClass: Array<{ class: string; values: number[][] }> };
  topomap: {
    montage: string | null;
    /** projected 2-D positions (MNE layout) of channels the montage knows; others are listed in `missing` */
    positions: Record<string, [number, number]>;
    missing: string[];
    perClass: Array<{ class: string; values: number[] }>;
  };
}

const rowsOf = (a: Float64Array, nRows: number, nCols: number): number[][] =>
  Array.from({ length: nRows }, (_, r) => Array.from(a.subarray(r * nCols, (r + 1) * nCols)));

function evalSet(split: DatasetSplit): { idx: Int32Array; set: 'test' | 'val' | 'train' } {
  if (split.test.length > 0) return { idx: split.test, set: 'test' };
  if (split.val.length > 0) return { idx: split.val, set: 'val' };
  return { idx: split.train, set: 'train' };
}

export function saliencyForRuns(
  e: Epochs,
  splits: readonly DatasetSplit[],
  runs: readonly RunRecord[],
  opts: { method: SaliencyMethod; nSamples: number; stdev: number; absolute: boolean; workspace: string; montage: string | null; steps?: number },
): SaliencyPayload {
  const finished = runs.filter((r) => r.status === 'done');
  if (finished.length === 0) throw new XBrainError('invalid_state', 'there is no finished training run to explain');
  const classes = classNames(e);
  const per = e.nChannels * e.nTimes;
  const jobs = finished.map((r) => {
    const split = splits.find((s) => s.id === r.splitId);
    if (!split) throw new XBrainError('invalid_state', `run ${r.id} refers to split ${r.splitName} which is not in the current dataset`, { run: r.id });
    const w = r.artefacts.weights;
    if (!w) throw new XBrainError('not_found', `run ${r.id} has no weights (artefacts.weights)`, { run: r.id });
    const file = resolveArtefact(opts.workspace, w);
    if (!existsSync(file)) throw new XBrainError('not_found', `weights of run ${r.id} not found: ${file}`, { run: r.id, file });
    return { run: r, file, ...evalSet(split) };
  });
  // sums over all runs' trials, per class
  const sums = classes.map(() => new Float64Array(per));
  const counts = new Array<number>(classes.length).fill(0);
  // spectrogram: |STFT| of every trial and channel of the class's attributions (|s| first when absolute), averaged
  const nperseg = Math.trunc(e.sfreq);
  const noverlap = Math.floor(nperseg / 2);
  const spectra = classes.map(() => new StftMagnitudeSum(e.nTimes, e.sfreq, nperseg, noverlap));
  const trialRows = new Float32Array(per);
  const sets: Record<string, 'test' | 'val' | 'train'> = {};
  for (const j of jobs) {
    const model = loadModel(j.file);
    if (model.nChannels !== e.nChannels || model.nTimes !== e.nTimes) {
      throw new XBrainError(
        'invalid_state',
        `run ${j.run.id}: model input ${model.nChannels}×${model.nTimes} does not match the epochs ${e.nChannels}×${e.nTimes}`,
        { run: j.run.id },
      );
    }
    const labels = Array.from(j.idx, (i) => e.labels[i]);
    // The evaluation set is walked block by block (a disk-backed set is read a chunk at a time, epochBlocks.ts) and
    // no per-trial attribution map is kept: the class maps and the spectrogram are sums over trials, added here in
    // the order the whole set would add them, and the NoiseTunnel draws and batches follow the whole set's
    // (attribute's `block`), so the figures are the ones attributing the set whole gave, to the bit.
    const runSums = new ClassMapSums(classes, per, opts.absolute);
    const total = j.idx.length * per;
    for (const { x, start } of epochBlocks(e, j.idx).blocks()) {
      const targets = labels.slice(start, start + x.n);
      const attr = attribute(model, x.data as Float32Array, targets, {
        method: opts.method,
        nSamples: opts.nSamples,
        stdev: opts.stdev,
        steps: opts.steps,
        seed: j.run.seed,
        block: { offset: start * per, total },
      });
      runSums.add(attr, targets);
      targets.forEach((y, i) => {
        for (let k = 0; k < per; k++) trialRows[k] = opts.absolute ? Math.abs(attr[i * per + k]) : attr[i * per + k];
        spectra[y].add(trialRows, e.nChannels);
      });
    }
    // a run's class means weigh in by their trial counts, as before
    runSums.means().forEach((m, c) => {
      for (let i = 0; i < per; i++) sums[c][i] += m.map[i] * m.n;
      counts[c] += m.n;
    });
    sets[j.run.id] = j.set;
  }
  const maps = classes.map((c, k) => {
    const m = sums[k];
    if (counts[k] > 0) for (let i = 0; i < per; i++) m[i] /= counts[k];
    return { class: c, n: counts[k], map: m };
  });
  let freqs: Float64Array = new Float64Array(0);
  let times: Float64Array = new Float64Array(0);
  const spec = classes.map((c, k) => {
    const s = spectra[k].mean();
    freqs = s.freqs;
    times = s.times;
    return { class: c, values: rowsOf(s.magnitude, s.freqs.length, s.times.length) };
  });
  // topomap: channel means of the class map, positions from the Study's montage (else the best-fitting built-in one)
  let montage: MontageName | null = null;
  if (opts.montage && (MONTAGE_NAMES as readonly string[]).includes(opts.montage)) montage = opts.montage as MontageName;
  let fit = montage ? fitMontage(montage, e.channels) : null;
  if (!fit) {
    const cand = MONTAGE_NAMES.map((m) => fitMontage(m, e.channels)).sort((a, b) => a.missing.length - b.missing.length)[0];
    if (cand.missing.length < e.channels.length) fit = cand;
  }
  const positions: Record<string, [number, number]> = {};
  if (fit) for (const [ch, p] of Object.entries(fit.positions)) positions[ch] = projectTopomap(p);
  return {
    mime: 'application/vnd.xbrain.saliency+json',
    method: opts.method,
    absolute: opts.absolute,
    nSamples: opts.nSamples,
    stdev: opts.stdev,
    runIds: jobs.map((j) => j.run.id),
    sets,
    classes,
    channels: [...e.channels],
    sfreq: e.sfreq,
    tmin: e.tmin,
    nTimes: e.nTimes,
    maps: maps.map((m) => ({ class: m.class, n: m.n, map: rowsOf(m.map, e.nChannels, e.nTimes) })),
    spectrogram: { nperseg, noverlap, freqs: Array.from(freqs), times: Array.from(times), perClass: spec },
    topomap: {
      montage: fit ? fit.montage : null,
      positions,
      missing: fit ? fit.missing : [...e.channels],
      perClass: maps.map((m) => ({ class: m.class, values: Array.from(channelMeans(m.map, e.nChannels, e.nTimes)) })),
    },
  };
}
