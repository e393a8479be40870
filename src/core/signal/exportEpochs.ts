/**
 * export_epochs (docs/architecture.md §4): a folder with X.npy (float32 epochs × channels × times, volts), y.npy (int64
 * labels) and epochs.json (channels, sfreq, tmin, event_id, labels, preprocessing history). Files are written to
 * temporary names and renamed, so a failure never leaves a half-written export.
 */
import { mkdir, open, rename, writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { XBrainError } from '../errors';
import type { Epochs, HistoryEntry } from './types';
import { encodeNpy, npyHeader } from '../io/npyWrite';
import { epochChunks } from './spill';

export interface ExportSummary {
  folder: string;
  files: string[];
  shape: [number, number, number];
}

export async function exportEpochs(folder: string, e: Epochs, history: { raw: HistoryEntry[]; epochs: HistoryEntry[] }): Promise<ExportSummary> {
  try {
    await mkdir(folder, { recursive: true });
  } catch (err) {
    throw new XBrainError('invalid_arguments', `path: cannot create folder '${folder}' (${(err as Error).message})`, { parameter: 'path' });
  }
  const meta = {
    format: 'xbrain-epochs',
    version: 1,
    channels: e.channels,
    sfreq: e.sfreq,
    tmin: e.tmin,
    n_times: e.nTimes,
    unit: 'V',
    event_id: e.eventId,
    labels: Array.from(e.labels),
    label_names: Array.from(e.labels, (l) => Object.keys(e.eventId).find((k) => e.eventId[k] === l) ?? String(l)),
    subject: e.subject,
    session: e.session,
    event_sample: Array.from(e.eventSample),
    baseline: e.baseline,
    history: [...history.raw, ...history.epochs].map((h) => ({
      op: h.op,
      params: h.params,
      description: h.description,
      shape: h.shape,
      design: h.design,
      at: h.at,
    })),
  };
  // X.npy: the header, then the epochs block by block (a disk-backed set is never in memory whole)
  const epochsNpy = async (file: string): Promise<void> => {
    const out = await open(file, 'w');
    const writeAll = async (bytes: Uint8Array): Promise<void> => {
      for (let done = 0; done < bytes.byteLength;) done += (await out.write(bytes, done, bytes.byteLength - done)).bytesWritten;
    };
    try {
      await writeAll(npyHeader('<f4', [e.nEpochs, e.nChannels, e.nTimes]));
      for (const { block } of epochChunks(e)) await writeAll(new Uint8Array(block.buffer, block.byteOffset, block.byteLength));
    } finally {
      await out.close();
    }
  };
  const outputs: [string, Uint8Array | ((file: string) => Promise<void>)][] = [
    ['X.npy', epochsNpy],
    ['y.npy', encodeNpy({ data: BigInt64Array.from(e.labels, (l) => BigInt(l)), shape: [e.nEpochs] })],
    ['epochs.json', Buffer.from(JSON.stringify(meta, null, 1))],
  ];
  const tmpSuffix = `.tmp-${process.pid}-${Date.now()}`;
  try {
    for (const [name, out] of outputs) {
      const file = join(folder, name + tmpSuffix);
      if (out instanceof Uint8Array) await writeFile(file, out);
      else await out(file);
    }
    for (const [name] of outputs) await rename(join(folder, name + tmpSuffix), join(folder, name));
  } catch (err) {
    await Promise.all(outputs.map(([name]) => rm(join(folder, name + tmpSuffix), { force: true })));
    throw new XBrainError('invalid_arguments', `path: cannot write to '${folder}' (${(err as Error).message})`, { parameter: 'path' });
  }
  return { folder, files: outputs.map(([n]) => join(folder, n)), shape: [e.nEpochs, e.nChannels, e.nTimes] };
}
