/**
 * Fixed-length windows as `mne.make_fixed_length_epochs(raw, duration, overlap)`: window starts
 * arange(0, n_times − round(duration·sfreq) + 1, (duration − overlap)·sfreq) truncated to int, each window
 * tmin 0 … tmax duration − 1/sfreq, no baseline, every window labelled with one class.
 */
import { XBrainError } from '../errors';
import type { Recording } from '../io/types';
import type { Epochs } from './types';
import { pyRound } from './numeric';
import { chunkEpochs, diskEpochs, EpochsWriter } from './spill';

export interface WindowResult {
  epochs: Epochs;
  perRecording: number[];
  step: number;
  windowSamples: number;
}

/** How many windows windowRecordings would cut (computed, nothing allocated): for the memory budget. */
export function windowCount(recordings: readonly Recording[], duration: number, overlap: number): number {
  if (recordings.length === 0) return 0;
  const sfreq = recordings[0].sfreq;
  const step = sfreq * (duration - overlap);
  if (!(step > 0)) return Infinity;
  return recordings.reduce((n, r) => {
    const stop = r.nTimes - pyRound(sfreq * duration);
    return n + (stop >= 0 ? Math.floor(stop / step) + 1 : 0);
  }, 0);
}

export function windowRecordings(
  recordings: readonly Recording[],
  duration: number,
  overlap: number,
  label: string,
  opts: {
    /**
     * Checks the windows' bytes before anything is cut (throws above a budget); returns a spill folder to write the
     * windows to (recording by recording, never all in memory) or nothing to keep them in memory.
     */
    budget?: (bytes: number, parameter: string) => string | void;
    /** Windows per block written to the spill file (tests; default: blocks of EPOCH_CHUNK_BYTES). */
    chunk?: number;
  } = {},
): WindowResult {
  if (recordings.length === 0) throw new XBrainError('invalid_state', 'no recordings are loaded');
  if (!(duration > 0)) throw new XBrainError('invalid_arguments', `duration: must be positive, got ${duration}`, { parameter: 'duration' });
  if (!(overlap >= 0 && overlap < duration))
    throw new XBrainError('invalid_arguments', `overlap: must be ≥ 0 and below duration (${duration} s), got ${overlap}`, { parameter: 'overlap' });
  if (!label.trim()) throw new XBrainError('invalid_arguments', 'label: must not be empty', { parameter: 'label' });
  const first = recordings[0];
  const sfreq = first.sfreq;
  const names = first.channels.map((c) => c.name);
  for (const r of recordings) {
    if (r.sfreq !== sfreq) throw new XBrainError('invalid_state', `${r.path}: sampling rate ${r.sfreq} Hz differs from ${sfreq} Hz; resample first`);
    if (r.channels.length !== names.length || r.channels.some((c, i) => c.name !== names[i]))
      throw new XBrainError('invalid_state', `${r.path}: channels differ from ${first.path}`);
  }
  // MNE: tmax = duration − 1/sfreq, so the window holds round(tmax·sfreq) + 1 samples
  const windowSamples = pyRound((duration - 1 / sfreq) * sfreq) + 1;
  const step = sfreq * (duration - overlap);
  if (windowSamples < 1)
    throw new XBrainError('invalid_arguments', `duration: ${duration} s is shorter than one sample at ${sfreq} Hz`, { parameter: 'duration' });
  if (step < 1) {
    throw new XBrainError(
      'invalid_arguments',
      `overlap: windows would start ${((duration - overlap) * 1000).toPrecision(3)} ms apart, less than one sample (${(1000 / sfreq).toPrecision(3)} ms at ${sfreq} Hz); use overlap ≤ ${(duration - 1 / sfreq).toFixed(4)} s`,
      { parameter: 'overlap' },
    );
  }
  const toDisk = opts.budget?.(windowCount(recordings, duration, overlap) * names.length * windowSamples * 4, overlap > 0 ? 'overlap' : 'duration');
  const starts: { rec: number; sample: number }[] = [];
  const perRecording = recordings.map((r, ri) => {
    const stop = r.nTimes - pyRound(sfreq * duration);
    let n = 0;
    for (let k = 0; ; k++) {
      const t = k * step;
      if (!(t < stop + 1)) break;
      const s = Math.trunc(t);
      if (s + windowSamples > r.nTimes) break;
      starts.push({ rec: ri, sample: s });
      n++;
    }
    return n;
  });
  if (starts.length === 0) {
    throw new XBrainError(
      'invalid_arguments',
      `duration: no ${duration} s window fits in the recordings (longest ${(Math.max(...recordings.map((r) => r.nTimes)) / sfreq).toFixed(2)} s)`,
      { parameter: 'duration' },
    );
  }
  const nCh = names.length;
  const cut = (from: number, to: number, into: Float32Array): Float32Array => {
    for (let k = from; k < to; k++) {
      const w = starts[k];
      const r = recordings[w.rec];
      for (let c = 0; c < nCh; c++) into.set(r.data[c].subarray(w.sample, w.sample + windowSamples), ((k - from) * nCh + c) * windowSamples);
    }
    return into.subarray(0, (to - from) * nCh * windowSamples);
  };
  const meta: Omit<Epochs, 'data'> = {
    nEpochs: starts.length,
    nChannels: nCh,
    nTimes: windowSamples,
    channels: names.slice(),
    sfreq,
    tmin: 0,
    eventId: { [label]: 0 },
    labels: new Int32Array(starts.length),
    subject: starts.map((w) => recordings[w.rec].subject),
    session: starts.map((w) => recordings[w.rec].session),
    recording: Int32Array.from(starts, (w) => w.rec),
    eventSample: Int32Array.from(starts, (w) => w.sample),
    baseline: null,
  };
  return {
    epochs: toDisk ? windowsToDisk(toDisk) : { ...meta, data: cut(0, starts.length, new Float32Array(starts.length * nCh * windowSamples)) },
    perRecording,
    step,
    windowSamples,
  };

  /** The windows written block by block (at most `chunk` windows, within one recording) to a new spill file. */
  function windowsToDisk(dir: string): Epochs {
    const w = new EpochsWriter(dir, nCh, windowSamples);
    try {
      const chunk = Math.max(1, Math.floor(opts.chunk ?? chunkEpochs({ nChannels: nCh, nTimes: windowSamples })));
      const block = new Float32Array(Math.min(chunk, starts.length) * nCh * windowSamples);
      for (let k = 0; k < starts.length;) {
        let end = k + 1;
        while (end < starts.length && end - k < chunk && starts[end].rec === starts[k].rec) end++;
        w.append(cut(k, end, block));
        k = end;
      }
    } catch (err) {
      w.abandon();
      throw err;
    }
    return diskEpochs(meta, w.finish());
  }
}
