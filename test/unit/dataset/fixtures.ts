import type { Epochs } from '../../../src/core/signal/types';

/**
 * Epochs laid out as XBrainLab concatenates recordings: one block per (subject, session) recording, labels cycling
 * 0..K-1 inside each block. Each sample holds its epoch index so tests can trace epochs.
 */
export function blockEpochs(opts: {
  subjects: string[];
  sessions: string[] | ((subject: string) => string[]);
  perBlock: number;
  classes?: number;
  nChannels?: number;
  nTimes?: number;
}): Epochs {
  const k = opts.classes ?? 2;
  const nCh = opts.nChannels ?? 2;
  const nT = opts.nTimes ?? 4;
  const subject: string[] = [];
  const session: string[] = [];
  const labels: number[] = [];
  const recording: number[] = [];
  let rec = 0;
  for (const s of opts.subjects) {
    const sessions = typeof opts.sessions === 'function' ? opts.sessions(s) : opts.sessions;
    for (const ses of sessions) {
      for (let i = 0; i < opts.perBlock; i++) {
        subject.push(s);
        session.push(ses);
        labels.push(i % k);
        recording.push(rec);
      }
      rec++;
    }
  }
  const n = labels.length;
  const data = new Float32Array(n * nCh * nT);
  for (let e = 0; e < n; e++) data.fill(e, e * nCh * nT, (e + 1) * nCh * nT);
  const eventId: Record<string, number> = {};
  for (let c = 0; c < k; c++) eventId[`T${c + 1}`] = c;
  return {
    data,
    nEpochs: n,
    nChannels: nCh,
    nTimes: nT,
    channels: Array.from({ length: nCh }, (_, c) => `C${c + 1}`),
    sfreq: 100,
    tmin: 0,
    eventId,
    labels: Int32Array.from(labels),
    subject,
    session,
    recording: Int32Array.from(recording),
    eventSample: Int32Array.from({ length: n }, (_, i) => i * 100),
    baseline: null,
  };
}
