import type { Recording } from '../../../src/core/io/types';
import type { Epochs } from '../../../src/core/signal/types';

/** A small deterministic recording (sine + offset per channel) with T1/T2 events every 2 s. */
export function syntheticRecording(opts: { channels?: number; sfreq?: number; seconds?: number; path?: string; subject?: string } = {}): Recording {
  const nCh = opts.channels ?? 4;
  const sfreq = opts.sfreq ?? 100;
  const nTimes = Math.round((opts.seconds ?? 20) * sfreq);
  const data: Float32Array[] = [];
  for (let c = 0; c < nCh; c++) {
    const a = new Float32Array(nTimes);
    for (let i = 0; i < nTimes; i++) a[i] = 1e-5 * Math.sin((2 * Math.PI * (5 + c) * i) / sfreq) + c * 1e-6;
    data.push(a);
  }
  const samples: number[] = [];
  const codes: number[] = [];
  for (let t = 1; t * sfreq < nTimes - 3 * sfreq; t += 2) {
    samples.push(t * sfreq);
    codes.push(samples.length % 2 === 0 ? 2 : 1);
  }
  return {
    format: 'synthetic',
    path: opts.path ?? '/data/synthetic.edf',
    sfreq,
    nTimes,
    channels: Array.from({ length: nCh }, (_, c) => ({ name: `C${c + 1}`, type: 'eeg' as const, unit: 'V' })),
    measDate: null,
    annotations: [],
    data,
    events: { samples: Int32Array.from(samples), codes: Int32Array.from(codes), eventId: { T1: 1, T2: 2 }, source: 'annotations' },
    subject: opts.subject ?? '0',
    session: '0',
  };
}

/** Epochs cut naively from a synthetic recording (test fixture, not the product's epoching). */
export function syntheticEpochs(r: Recording, nTimes = 100): Epochs {
  const n = r.events.samples.length;
  const nCh = r.channels.length;
  const data = new Float32Array(n * nCh * nTimes);
  for (let e = 0; e < n; e++)
    for (let c = 0; c < nCh; c++) data.set(r.data[c].subarray(r.events.samples[e], r.events.samples[e] + nTimes), (e * nCh + c) * nTimes);
  return {
    data,
    nEpochs: n,
    nChannels: nCh,
    nTimes,
    channels: r.channels.map((c) => c.name),
    sfreq: r.sfreq,
    tmin: 0,
    eventId: { T1: 0, T2: 1 },
    labels: Int32Array.from(r.events.codes, (c) => c - 1),
    subject: Array(n).fill(r.subject),
    session: Array(n).fill(r.session),
    recording: new Int32Array(n),
    eventSample: Int32Array.from(r.events.samples),
    baseline: null,
  };
}
