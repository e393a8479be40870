import { readdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { supportedExtensions } from '../../io/formats/index';
import { alignLabels, readLabelFile } from '../../io/labels';
import { openRecording, readRecording, type OpenedRecording } from '../../io/read';
import { checkBudget, checkDiskSpace } from '../budget';
import { diskRowsInfo, spillDir, spillRows, spillSpaceFree, spillThreshold } from '../../signal/spill';
import { countEvents } from '../../io/events';
import type { EventList, Recording } from '../../io/types';
import { XBrainError } from '../../errors';
import { data } from '../result';
import { epochsFromFiles, isEpochedRecording } from '../../signal/epochedFiles';
import { readSourceBacked, sourceBacked } from '../../signal/sourceRecording';
import type { ToolContext } from '../types';
import { selectFiles } from '../../io/selection';
import { absolutePath, entryInside, insideWorkspace } from '../boundary';
import type { TypedImplementations } from '../args';

/** Files named by the user, folders expanded one level to the supported recordings inside (sorted). */
async function expandPaths(ctx: ToolContext, paths: string[]): Promise<string[]> {
  const exts = new Set(supportedExtensions());
  const out: string[] = [];
  for (const p of paths) {
    const full = insideWorkspace(ctx.env, p, 'read', 'paths');
    const st = await stat(full).catch(() => null);
    if (!st) throw new XBrainError('not_found', `${p}: no such file or folder`, { parameter: 'paths', path: full });
    if (st.isDirectory()) {
      // files of the folder whose links lead outside are left out like any other file that is not a recording
      const names = (await readdir(full))
        .filter((n) => !n.startsWith('.') && exts.has(extname(n).toLowerCase()) && entryInside(ctx.env, join(full, n), 'read'))
        .sort();
      if (names.length === 0)
        throw new XBrainError('not_found', `${p}: the folder holds no EEG files (${[...exts].join(', ')})`, { parameter: 'paths', path: full });
      out.push(...names.map((n) => join(full, n)));
    } else out.push(full);
  }
  return out;
}

function eventCountsText(e: EventList): string {
  return (
    Object.entries(countEvents(e.codes, e.eventId))
      .sort()
      .map(([k, n]) => `${k}=${n}`)
      .join(' ') || 'none'
  );
}

/** XBrainLab's multi-file check (same channel count and sampling rate), naming the files that differ. */
function checkConsistency(all: Recording[]): void {
  const ref = all[0];
  const name = (r: Recording): string => basename(r.path);
  const sfreqOff = all.filter((r) => r.sfreq !== ref.sfreq);
  if (sfreqOff.length) {
    throw new XBrainError(
      'invalid_arguments',
      `sampling rates differ: ${name(ref)} has ${ref.sfreq} Hz but ${sfreqOff.map((r) => `${name(r)} has ${r.sfreq} Hz`).join(', ')}; resample or load them separately`,
      { parameter: 'paths', files: sfreqOff.map((r) => r.path) },
    );
  }
  const refNames = ref.channels.map((c) => c.name).join('\u0000');
  const chOff = all.filter((r) => r.channels.length !== ref.channels.length || r.channels.map((c) => c.name).join('\u0000') !== refNames);
  if (chOff.length) {
    const why = (r: Recording): string => {
      if (r.channels.length !== ref.channels.length) return `${name(r)} has ${r.channels.length}`;
      const i = r.channels.findIndex((c, k) => c.name !== ref.channels[k].name);
      return `${name(r)} has "${r.channels[i].name}" where ${name(ref)} has "${ref.channels[i].name}" (channel ${i + 1})`;
    };
    throw new XBrainError('invalid_arguments', `channels differ: ${name(ref)} has ${ref.channels.length} channels but ${chOff.map(why).join(', ')}`, {
      parameter: 'paths',
      files: chOff.map((r) => r.path),
    });
  }
}

function findRecording(recordings: readonly Recording[], key: string, ctx: ToolContext): number {
  const full = absolutePath(ctx.env, key);
  let i = recordings.findIndex((r) => r.path === full);
  if (i < 0) {
    const hits = recordings.flatMap((r, k) => (basename(r.path) === key || basename(r.path, extname(r.path)) === key ? [k] : []));
    if (hits.length > 1)
      throw new XBrainError('invalid_arguments', `mapping key "${key}" matches ${hits.length} loaded files; use the full path`, { parameter: 'mapping' });
    i = hits[0] ?? -1;
  }
  if (i < 0)
    throw new XBrainError('invalid_arguments', `mapping key "${key}" is not a loaded file (loaded: ${recordings.map((r) => basename(r.path)).join(', ')})`, {
      parameter: 'mapping',
    });
  return i;
}

/**
 * Epoched files go straight to the epoched stage (XBrainLab: epoched file → epochs): every file epoched, same layout,
 * concatenated. Anything mixed (a continuous recording in the call or already in the Study, other channels, rate,
 * tmin or epoch length) is a typed error naming the file, and the Study is left as it was.
 */
function loadEpoched(ctx: ToolContext, all: Recording[], loaded: Recording[], skipped: number) {
  const raw = all.filter((r) => !isEpochedRecording(r));
  if (raw.length > 0) {
    const ep = all.find(isEpochedRecording) as Recording;
    throw new XBrainError(
      'invalid_arguments',
      `${basename(ep.path)} is epoched (${ep.epochs?.count} epochs) but ${raw
        .map((r) => basename(r.path))
        .slice(0, 5)
        .join(
          ', ',
        )}${raw.length > 5 ? ', …' : ''} ${raw.length > 1 ? 'are continuous recordings' : 'is a continuous recording'}; epoched and continuous files cannot be mixed in one study — load them separately (clear_dataset in between)`,
      { parameter: 'paths', path: ep.path, files: [ep.path, ...raw.map((r) => r.path)] },
    );
  }
  if (ctx.study.state.epochs || ctx.study.state.recordings.length > 0) {
    throw new XBrainError(
      'invalid_state',
      'the study already holds epochs; load every epoched file in one load_data call on an empty study (clear_dataset first)',
      { parameter: 'paths' },
    );
  }
  checkConsistency(all);
  const { epochs, entries } = epochsFromFiles(all);
  ctx.study.commit({ recordings: entries, loadedEvents: entries.map((r) => r.events), epochs, epochHistory: [] }, ['recordings', 'epochs']);
  const counts = Object.entries(epochs.eventId)
    .map(([k, v]) => `${k}=${epochs.labels.filter((l) => l === v).length}`)
    .join(' ');
  const tmax = epochs.tmin + (epochs.nTimes - 1) / epochs.sfreq;
  const lines = entries.map(
    (r) =>
      `${basename(r.path)}: ${r.format} epochs, ${r.epochs?.count} × ${r.channels.length} ch × ${r.epochs?.nTimes} samples, ${r.sfreq} Hz, ${r.epochs?.tmin} … ${(epochs.tmin + ((r.epochs?.nTimes ?? 1) - 1) / r.sfreq).toFixed(3)} s, baseline ${r.epochs?.baseline ? `${r.epochs.baseline[0] ?? 'None'} … ${r.epochs.baseline[1] ?? 'None'} s` : 'none'}, subject ${r.subject}, session ${r.session}; events (epochs): ${eventCountsText(r.events)}`,
  );
  if (skipped) lines.push(`${skipped} file(s) already loaded were skipped.`);
  lines.push(
    `Loaded ${loaded.length} epoched file(s) as ${epochs.nEpochs} epochs (${counts}) of ${epochs.nChannels} channels × ${epochs.nTimes} samples (${epochs.tmin} … ${tmax.toFixed(3)} s). Stage: ${ctx.study.stage} — the epochs are ready for generate_dataset; epoch_data does not apply to them.`,
  );
  return data('load_data', lines.join('\n'), {
    loaded: entries.map((r) => ({
      path: r.path,
      format: r.format,
      channels: r.channels.length,
      sfreq: r.sfreq,
      nTimes: r.epochs?.nTimes ?? 0,
      subject: r.subject,
      session: r.session,
      events: r.events.samples.length,
      eventSource: r.events.source,
      eventId: r.events.eventId,
      epochs: r.epochs?.count ?? 0,
      tmin: r.epochs?.tmin,
      baseline: r.epochs?.baseline ?? null,
    })),
    skipped,
    total: entries.length,
    epochs: { shape: [epochs.nEpochs, epochs.nChannels, epochs.nTimes], eventId: epochs.eventId, tmin: epochs.tmin, sfreq: epochs.sfreq },
  });
}

export const ioTools = {
  load_data: {
    run: async (args, ctx) => {
      const s = ctx.study.state;
      if (s.history.length > 0) {
        throw new XBrainError(
          'invalid_state',
          `the loaded recordings are already preprocessed (${s.history.map((h) => h.op).join(', ')}); call reset_preprocessing before adding files so every recording gets the same processing`,
        );
      }
      const naming = typeof args.subject_pattern === 'string' ? { mode: 'regex' as const, pattern: args.subject_pattern } : undefined;
      const files = selectFiles(await expandPaths(ctx, args.paths ?? []), {
        subjects: args.subjects,
        runs: args.runs,
        naming,
      });
      const already = new Set(s.recordings.map((r) => r.path));
      const fresh = [...new Set(files)].filter((f) => !already.has(f));
      const skipped = files.length - fresh.length;
      // headers first (no samples read): what the recordings will take in memory, against the budget; each file's
      // header is passed on to its read below, not read again
      let bytes = 0;
      const opened = new Map<string, OpenedRecording>();
      for (const f of fresh) {
        // a typed header error names the file now; anything else is left to the full read below
        const o = await openRecording(f).catch((e: unknown) => {
          if (e instanceof XBrainError) throw e;
          return null;
        });
        if (!o) continue;
        opened.set(f, o);
        bytes += o.header.channels.length * Math.max(o.header.nTimes, 0) * 4;
      }
      // Above the spill threshold (or once the study's recordings are on disk) the samples stay in their EDF/BDF file
      // or go to .xbrain/spill/ one recording at a time, so at most one recording is in memory whatever the number of
      // files (signal/spill.ts).
      const inStudy = s.recordings.reduce((n, r) => n + r.channels.length * r.nTimes * 4, 0);
      const spill = s.recordings.some((r) => diskRowsInfo(r.data)) || inStudy + bytes > spillThreshold(ctx.env);
      if (!spill) checkBudget(ctx.env, bytes, 'paths', `loading ${fresh.length} recording(s)`);
      else checkDiskSpace(bytes, spillSpaceFree(spillDir(ctx.env.workspace)), 'paths', `loading ${fresh.length} recording(s)`);
      const loaded: Recording[] = [];
      for (const f of fresh) {
        ctx.signal?.throwIfAborted();
        // on disk, an EDF/BDF recording stays backed by its own file (decoded where it is touched, nothing written);
        // other formats are read and copied to a spill file
        const o = opened.get(f);
        const backed = !spill ? null : o ? o.source && sourceBacked(o.header, o.source, naming) : await readSourceBacked(f, naming);
        const rec = backed ?? (o ? await o.read(naming) : await readRecording(f, { naming }));
        if (spill && !isEpochedRecording(rec)) {
          checkBudget(ctx.env, rec.channels.length * rec.nTimes * 4, 'paths', `loading ${basename(f)}`);
          loaded.push(backed ?? { ...rec, data: spillRows(spillDir(ctx.env.workspace), rec.data, rec.nTimes) });
        } else loaded.push(rec);
      }
      const all = [...s.recordings, ...loaded];
      if (all.length === 0) throw new XBrainError('invalid_arguments', 'no files to load', { parameter: 'paths' });
      if (all.some(isEpochedRecording)) return loadEpoched(ctx, all, loaded, skipped);
      checkConsistency(all);
      if (loaded.length) {
        ctx.study.commit({ recordings: all, loadedEvents: [...s.loadedEvents, ...loaded.map((r) => r.events)] }, ['recordings']);
      }
      const lines = loaded.map(
        (r) =>
          `${basename(r.path)}: ${r.format}, ${r.channels.length} ch, ${r.sfreq} Hz, ${(r.nTimes / r.sfreq).toFixed(1)} s, subject ${r.subject}, session ${r.session}; events (${r.events.source}): ${eventCountsText(r.events)}`,
      );
      if (skipped) lines.push(`${skipped} file(s) already loaded were skipped.`);
      lines.push(`Loaded ${loaded.length} file(s); ${all.length} in the study. Stage: ${ctx.study.stage}.`);
      return data('load_data', lines.join('\n'), {
        loaded: loaded.map((r) => ({
          path: r.path,
          format: r.format,
          channels: r.channels.length,
          sfreq: r.sfreq,
          nTimes: r.nTimes,
          subject: r.subject,
          session: r.session,
          events: r.events.samples.length,
          eventSource: r.events.source,
          eventId: r.events.eventId,
        })),
        skipped,
        total: all.length,
      });
    },
  },

  attach_labels: {
    run: async (args, ctx) => {
      const s = ctx.study.state;
      if (s.recordings.some(isEpochedRecording)) {
        throw new XBrainError(
          'invalid_state',
          'the loaded files are epoched: their epochs carry their own event types as labels; rename or merge them with edit_events instead of attaching label files',
        );
      }
      if (s.epochs) {
        throw new XBrainError(
          'invalid_state',
          'labels must be attached before epoching: the epochs were cut from the current events. Call reset_preprocessing (or clear the epochs) first.',
        );
      }
      const mapping = args.mapping ?? {};
      const keys = Object.keys(mapping);
      if (keys.length === 0) throw new XBrainError('invalid_arguments', 'mapping is empty: give {data file name: label file path}', { parameter: 'mapping' });
      const opts = { eventFilter: args.event_filter, truncate: args.truncate === true };
      // everything is parsed and aligned first; the Study changes only when every file succeeded
      const recordings = [...s.recordings];
      const loadedEvents = [...s.loadedEvents];
      const lines: string[] = [];
      const meta: Record<string, unknown>[] = [];
      const seen = new Set<number>();
      for (const key of keys) {
        const i = findRecording(s.recordings, key, ctx);
        if (seen.has(i)) throw new XBrainError('invalid_arguments', `mapping names ${basename(s.recordings[i].path)} twice`, { parameter: 'mapping' });
        seen.add(i);
        const rec = s.recordings[i];
        const file = await readLabelFile(insideWorkspace(ctx.env, mapping[key], 'read', 'mapping'));
        const aligned = alignLabels(file, rec.events, rec.sfreq, rec.nTimes, basename(rec.path), opts);
        recordings[i] = { ...rec, events: aligned.events };
        loadedEvents[i] = aligned.events;
        lines.push(
          `${basename(rec.path)}: ${aligned.note}; classes ${eventCountsText(aligned.events)}${aligned.dropped ? ` (${aligned.dropped} left unmatched by truncation)` : ''}`,
        );
        meta.push({
          file: rec.path,
          labelFile: file.path,
          mode: file.mode,
          events: aligned.events.samples.length,
          eventId: aligned.events.eventId,
          dropped: aligned.dropped,
        });
      }
      ctx.study.commit({ recordings, loadedEvents }, ['recordings']);
      return data('attach_labels', lines.join('\n'), { attached: meta });
    },
  },
} satisfies TypedImplementations;
