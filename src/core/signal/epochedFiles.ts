/**
 * Epoched files (EEGLAB .set with trials > 1, MNE -epo.fif) as the Study's epochs: XBrainLab loads them directly as
 * epochs and concatenates several files of the same layout, labels renumbered 0..K-1 in first-seen order (within a
 * file in event-code order, as epoch_data does). The Study keeps one header-only Recording per file (no continuous
 * samples: nTimes 0, empty data rows) so file, subject, session, channel types and the loaded events stay known.
 */
import { basename } from 'node:path';
import { XBrainError } from '../errors';
import type { Recording } from '../io/types';
import type { Epochs } from './types';

/** True for a Study recording entry (or a read file) that holds epochs rather than a continuous recording. */
export function isEpochedRecording(r: Pick<Recording, 'epochs'>): boolean {
  return r.epochs !== undefined;
}

function mismatch(file: Recording, ref: Recording, what: string): XBrainError {
  return new XBrainError(
    'invalid_arguments',
    `${basename(file.path)}: ${what} differs from ${basename(ref.path)}; epoched files are concatenated only when channels, sampling rate, tmin and epoch length match — load them in separate studies`,
    { parameter: 'paths', path: file.path, files: [file.path] },
  );
}

/**
 * One Epochs from epoched files read with readRecording (data = epochs back to back per channel). Labels come from
 * each file's `events` (codes and eventId), so renamed/reloaded events are honoured. Channels and sampling rate are
 * checked by load_data's multi-file check (the one used for continuous recordings); here a different tmin or epoch
 * length is a typed error naming the file.
 */
export function epochsFromFiles(files: readonly Recording[]): { epochs: Epochs; entries: Recording[] } {
  if (files.length === 0) throw new XBrainError('invalid_arguments', 'no epoched files given', { parameter: 'paths' });
  const ref = files[0];
  const h0 = ref.epochs;
  if (!h0) throw new XBrainError('invalid_arguments', `${basename(ref.path)}: not an epoched file`, { parameter: 'paths', path: ref.path });
  const names = ref.channels.map((c) => c.name);
  const start0 = Math.round(h0.tmin * ref.sfreq);
  for (const f of files) {
    const h = f.epochs;
    if (!h)
      throw new XBrainError('invalid_arguments', `${basename(f.path)}: a continuous recording cannot be mixed with epoched files (${basename(ref.path)})`, {
        parameter: 'paths',
        path: f.path,
        files: [f.path],
      });
    if (f.sfreq !== ref.sfreq || f.channels.length !== names.length || f.channels.some((c, i) => c.name !== names[i])) {
      throw new XBrainError('internal', `${basename(f.path)}: channels or sampling rate differ from ${basename(ref.path)} (load_data checks them first)`);
    }
    if (Math.round(h.tmin * f.sfreq) !== start0) throw mismatch(f, ref, `tmin (${h.tmin} s vs ${h0.tmin} s)`);
    if (h.nTimes !== h0.nTimes) throw mismatch(f, ref, `epoch length (${h.nTimes} vs ${h0.nTimes} samples)`);
    if (f.data.length !== f.channels.length || f.data.some((row) => row.length !== h.count * h.nTimes)) {
      throw new XBrainError('internal', `${basename(f.path)}: epoched data rows do not hold ${h.count} × ${h.nTimes} samples`);
    }
    if (f.events.codes.length !== h.count) throw new XBrainError('internal', `${basename(f.path)}: ${f.events.codes.length} events for ${h.count} epochs`);
  }

  // label order: first seen over the files, each file's names in code order (as epoch_data builds it)
  const eventId: Record<string, number> = {};
  const perFileName: Map<number, string>[] = files.map((f) => {
    const byCode = new Map<number, string>();
    for (const [name, code] of Object.entries(f.events.eventId).sort((x, y) => x[1] - y[1])) if (!byCode.has(code)) byCode.set(code, name);
    for (const code of [...new Set(f.events.codes)].sort((x, y) => x - y)) {
      // a code the file's event_id does not name is called str(code), as MNE names unnamed events
      if (!byCode.has(code)) byCode.set(code, String(code));
      const name = byCode.get(code) as string;
      if (!(name in eventId)) eventId[name] = Object.keys(eventId).length;
    }
    return byCode;
  });

  const nCh = names.length,
    nT = h0.nTimes;
  const total = files.reduce((n, f) => n + (f.epochs?.count ?? 0), 0);
  const data = new Float32Array(total * nCh * nT);
  const labels = new Int32Array(total),
    recording = new Int32Array(total),
    eventSample = new Int32Array(total);
  const subject: string[] = [],
    session: string[] = [];
  let k = 0;
  files.forEach((f, fi) => {
    const count = f.epochs?.count ?? 0;
    for (let e = 0; e < count; e++, k++) {
      for (let c = 0; c < nCh; c++) data.set(f.data[c].subarray(e * nT, (e + 1) * nT), (k * nCh + c) * nT);
      labels[k] = eventId[perFileName[fi].get(f.events.codes[e]) as string];
      recording[k] = fi;
      eventSample[k] = f.events.samples[e];
      subject.push(f.subject);
      session.push(f.session);
    }
  });
  const sameBaseline = files.every((f) => JSON.stringify(f.epochs?.baseline ?? null) === JSON.stringify(h0.baseline));
  const epochs: Epochs = {
    data,
    nEpochs: total,
    nChannels: nCh,
    nTimes: nT,
    channels: names.slice(),
    sfreq: ref.sfreq,
    tmin: start0 / ref.sfreq,
    eventId,
    labels,
    subject,
    session,
    recording,
    eventSample,
    baseline: sameBaseline ? h0.baseline : null,
  };
  const entries = files.map((f) => ({ ...f, nTimes: 0, data: f.channels.map(() => new Float32Array(0)) }));
  return { epochs, entries };
}
