import type { ToolContext } from '../types';
import { XBrainError } from '../../errors';
import { plot, text, type ToolResult } from '../result';
import type { HistoryEntry, StudyState } from '../../study/types';
import type { ChangeKind } from '../../study/types';
import { bandpass, normalize, notch, reference, resample, selectChannels, typesForEpochs, type StepResult } from '../../signal/preprocess';
import { shapeOf, type SignalData } from '../../signal/signalData';
import { epochRecordings, epochRecordingsToDisk, type Baseline } from '../../signal/epoch';
import { windowRecordings } from '../../signal/windowEpoch';
import { checkRename, renameEpochLabels, renameEventList } from '../../signal/editEvents';
import { exportEpochs } from '../../signal/exportEpochs';
import { EPOCHS_MIME, epochsPayload, psdPayload, rawPayload } from '../../signal/plotData';
import { fitMontage, MONTAGE_NAMES, type MontageName } from '../../signal/montage';
import type { NormalizeMethod } from '../../signal/normalize';
import { insideWorkspace } from '../boundary';
import { checkBudget, checkDiskSpace } from '../budget';
import { callWithArgNames, type ArgNames } from '../argNames';
import { isEpochedRecording } from '../../signal/epochedFiles';
import type { TypedImplementations } from '../args';
import { renderOf } from '../../mime';
import type { Recording } from '../../io/types';
import type { Epochs } from '../../signal/types';
import {
  diskEpochs,
  diskRowsInfo,
  epochChunks,
  epochsFile,
  EpochsWriter,
  spillDir,
  spillEpochs,
  spillRowsAsync,
  spillSpaceFree,
  spillThreshold,
} from '../../signal/spill';

/** Resampling holds the new data and an FFT working copy: both counted against the budget before it starts. */
function checkResampleBudget(ctx: ToolContext, rate: number, parameter: string): void {
  const s = ctx.study.state;
  const one = (r: Recording): number => r.channels.length * r.nTimes * (rate / r.sfreq);
  // recordings on disk are resampled one at a time: the largest one is what memory must hold
  const samples = s.epochs
    ? s.epochs.nEpochs * s.epochs.nChannels * s.epochs.nTimes * (rate / s.epochs.sfreq)
    : onDisk(s.recordings)
      ? Math.max(...s.recordings.map(one))
      : s.recordings.reduce((n, r) => n + one(r), 0);
  checkBudget(ctx.env, samples * 4 * 2, parameter, `resampling to ${rate} Hz`);
}

/** epoch_data / window_epoch cut continuous recordings: an epoched-file study has none. */
function refuseEpochedFiles(s: Readonly<StudyState>, tool: string): void {
  const files = s.recordings.filter(isEpochedRecording);
  if (files.length === 0) return;
  const names = files
    .map((r) => r.path.split(/[\\/]/).pop())
    .slice(0, 3)
    .join(', ');
  throw new XBrainError(
    'invalid_state',
    `${tool} cuts continuous recordings, but the study was loaded from epoched file(s) (${names}${files.length > 3 ? ', …' : ''}): the ${s.epochs?.nEpochs ?? 0} epochs are already cut (${s.epochs ? `${s.epochs.tmin} … ${(s.epochs.tmin + (s.epochs.nTimes - 1) / s.epochs.sfreq).toFixed(3)} s` : ''}). Continue with generate_dataset, or load continuous recordings in a fresh study (clear_dataset).`,
  );
}

/** The data preprocessing acts on now: the epochs once they exist (XBrainLab works on the epoched data), else raw. */
function currentData(s: Readonly<StudyState>): SignalData {
  if (s.epochs) return { kind: 'epochs', epochs: s.epochs, channelTypes: typesForEpochs(s.epochs.channels, s.recordings[0]?.channels) };
  if (s.recordings.length === 0) throw new XBrainError('invalid_state', 'no recordings are loaded; use load_data first');
  return { kind: 'raw', recordings: s.recordings };
}

/** True when the recordings' samples are kept on disk (signal/spill.ts): raw steps then run recording by recording. */
const onDisk = (recordings: readonly Recording[]): boolean => recordings.some((r) => diskRowsInfo(r.data) !== undefined);

type Step = (d: SignalData) => StepResult | Promise<StepResult>;

/**
 * A raw step on recordings kept on disk, recording by recording: each result goes to a new spill file, so a couple of
 * recordings (inputs and outputs) are in memory at a time whatever their number. Every raw step (filters, notch,
 * resample, reference, normalise, channel selection) acts on each recording alone, so the samples are the same as
 * one call on all of them; the description and design are the first recording's (the same rate and channels for all).
 *
 * Pipelined across the signal worker pool: while the workers filter recording k, this thread writes recording k − 1's
 * result and reads recording k + 1 (into the row cache), instead of waiting for them; the results and their order are
 * those of one recording after the other.
 */
async function stepPerRecording(ctx: ToolContext, d: SignalData, f: Step): Promise<StepResult> {
  if (d.kind === 'epochs' && epochsFile(d.epochs)) return stepPerEpochBlock(ctx, d, f);
  if (d.kind !== 'raw' || !onDisk(d.recordings)) return f(d);
  const dir = spillDir(ctx.env.workspace);
  const recs = d.recordings;
  const out: Recording[] = [];
  const warnings = new Set<string>();
  let first: StepResult | null = null;
  let done: Recording | null = null;
  // a result goes to disk on the thread pool while the next recording is read and filtered; one write at a time, so
  // at most one finished recording waits in memory for its file
  let writing: Promise<void> = Promise.resolve();
  const store = async (res: Recording): Promise<void> => {
    await writing;
    const slot = out.length;
    out.push(res);
    if (diskRowsInfo(res.data)) return;
    writing = spillRowsAsync(dir, res.data, res.nTimes).then((data) => {
      out[slot] = { ...res, data };
    });
    writing.catch(() => undefined);
  };
  try {
    for (let k = 0; k < recs.length; k++) {
      ctx.signal?.throwIfAborted();
      const running = Promise.resolve(f({ kind: 'raw', recordings: [recs[k]] }));
      // handled here too: a step that fails before it is awaited below must not be an unhandled rejection meanwhile
      running.catch(() => undefined);
      // let the step hand its first rows to the workers, then do this thread's I/O while they compute
      await new Promise((r) => setImmediate(r));
      if (done) await store(done);
      done = null;
      if (k + 1 < recs.length) void recs[k + 1].data[0];
      const step = await running;
      if (step.data.kind !== 'raw') throw new Error('a raw step returned epochs');
      done = step.data.recordings[0];
      step.warnings.forEach((w) => warnings.add(w));
      // the first step's description and design, not its samples (they are on disk once written)
      first ??= { ...step, data: { kind: 'raw', recordings: [] } };
    }
    if (done) await store(done);
  } finally {
    // never leave a write running behind a failed step (its file is left for the spill garbage collection)
    await writing.catch(() => undefined);
  }
  await writing;
  return { ...(first as StepResult), data: { kind: 'raw', recordings: out }, warnings: [...warnings] };
}

/**
 * A step on epochs kept on disk, block of epochs by block ({@link epochChunks}): each block's result is appended to a
 * new spill file before the next block is read, so one block (input and output) is in memory at a time. Every step
 * on epochs (filters, notch, resample, reference, normalise, channel selection) acts on each epoch alone, so the
 * samples are those of one call on all epochs; the per-epoch fields are the blocks' results end to end, the rest
 * (channels, rate, times, description, design) the first block's.
 */
async function stepPerEpochBlock(ctx: ToolContext, d: Extract<SignalData, { kind: 'epochs' }>, f: Step): Promise<StepResult> {
  const e = d.epochs;
  let w: EpochsWriter | null = null;
  let first: StepResult | null = null;
  let firstEpochs: Epochs | null = null;
  const warnings = new Set<string>();
  const per = {
    labels: [] as Int32Array[],
    subject: [] as string[][],
    session: [] as string[][],
    recording: [] as Int32Array[],
    eventSample: [] as Int32Array[],
  };
  try {
    for (const { block, start, count } of epochChunks(e)) {
      ctx.signal?.throwIfAborted();
      const end = start + count;
      const part: Epochs = {
        ...epochsMeta(e),
        data: block,
        nEpochs: count,
        labels: e.labels.slice(start, end),
        subject: e.subject.slice(start, end),
        session: e.session.slice(start, end),
        recording: e.recording.slice(start, end),
        eventSample: e.eventSample.slice(start, end),
      };
      const step = await f({ kind: 'epochs', epochs: part, channelTypes: d.channelTypes });
      if (step.data.kind !== 'epochs') throw new Error('a step on epochs returned recordings');
      const res = step.data.epochs;
      w ??= new EpochsWriter(spillDir(ctx.env.workspace), res.nChannels, res.nTimes);
      w.append(res.data);
      per.labels.push(res.labels);
      per.subject.push(res.subject);
      per.session.push(res.session);
      per.recording.push(res.recording);
      per.eventSample.push(res.eventSample);
      step.warnings.forEach((x) => warnings.add(x));
      first ??= step;
      firstEpochs ??= res;
    }
  } catch (err) {
    w?.abandon();
    throw err;
  }
  if (!first || !firstEpochs || !w) return f(d);
  const cat = (parts: Int32Array[]): Int32Array => {
    const out = new Int32Array(parts.reduce((n, p) => n + p.length, 0));
    let off = 0;
    for (const p of parts) {
      out.set(p, off);
      off += p.length;
    }
    return out;
  };
  const info = w.finish();
  const epochs = diskEpochs(
    {
      ...epochsMeta(firstEpochs),
      nEpochs: info.nEpochs,
      labels: cat(per.labels),
      subject: per.subject.flat(),
      session: per.session.flat(),
      recording: cat(per.recording),
      eventSample: cat(per.eventSample),
    },
    info,
  );
  const channelTypes = first.data.kind === 'epochs' ? first.data.channelTypes : d.channelTypes;
  return { ...first, data: { kind: 'epochs', epochs, channelTypes }, warnings: [...warnings] };
}

/** An epochs set's fields except its samples, without reading a disk-backed one. */
function epochsMeta(e: Epochs): Omit<Epochs, 'data'> {
  const meta: Record<string, unknown> = {};
  for (const k of Object.keys(e)) if (k !== 'data') meta[k] = (e as unknown as Record<string, unknown>)[k];
  return meta as Omit<Epochs, 'data'>;
}

function entry(op: string, params: Record<string, unknown>, step: StepResult): HistoryEntry {
  return { op, params, shape: shapeOf(step.data), description: step.description, design: step.design, at: new Date().toISOString() };
}

/** One all-or-nothing commit of the steps' final data and their history entries. */
function commitSteps(ctx: ToolContext, data: SignalData, entries: HistoryEntry[]): void {
  const s = ctx.study.state;
  if (data.kind === 'raw') {
    ctx.study.commit({ recordings: data.recordings, history: [...s.history, ...entries] }, ['recordings', 'preprocessing']);
  } else {
    // a step on epochs kept on disk wrote its result block by block (stepPerEpochBlock); one that did not (none
    // today) goes back to disk here so it does not stay in memory
    const spilled = !!s.epochs && epochsFile(s.epochs) !== undefined;
    const epochs = spilled && !epochsFile(data.epochs) ? spillEpochs(spillDir(ctx.env.workspace), data.epochs) : data.epochs;
    ctx.study.commit({ epochs, epochHistory: [...s.epochHistory, ...entries] }, ['epochs', 'preprocessing']);
  }
}

function stepReply(tool: string, head: string, data: SignalData, entries: HistoryEntry[], warnings: string[]): ToolResult {
  const shape = shapeOf(data);
  const target = data.kind === 'raw' ? `${data.recordings.length} recording(s)` : `${data.epochs.nEpochs} epochs`;
  const shapeText = data.kind === 'raw' ? `${shape[0][0]} ch × ${shape[0][1]} samples${shape.length > 1 ? ' (first)' : ''}` : `${shape[0].join(' × ')}`;
  const lines = [`${head} on ${target}: ${shapeText}.`, ...entries.map((e) => `- ${e.description}`), ...warnings.map((w) => `Warning: ${w}`)];
  return text(tool, lines.join('\n'), { target: data.kind, shape, history: entries, warnings });
}

/**
 * Steps may run on the signal worker pool (filters, resample), so they may return a Promise. The kernel's refusals
 * name its neutral parameters; `names` gives this tool's argument names for them (the kernel's own where equal).
 */
function runStep(tool: string, op: string, params: Record<string, unknown>, head: string, f: Step, names: ArgNames = {}) {
  return async (ctx: ToolContext): Promise<ToolResult> => {
    const data = currentData(ctx.study.state);
    const step = await callWithArgNames(names, () => stepPerRecording(ctx, data, f));
    const e = entry(op, params, step);
    commitSteps(ctx, step.data, [e]);
    return stepReply(tool, head, step.data, [e], step.warnings);
  };
}

function baselineArg(args: Record<string, unknown>): Baseline {
  if (!('baseline' in args)) return [null, 0];
  const b = args.baseline;
  if (b === null) return null;
  if (Array.isArray(b) && b.length === 2 && b.every((x) => x === null || typeof x === 'number')) return [b[0] as number | null, b[1] as number | null];
  throw new XBrainError('invalid_arguments', 'baseline: give [start, end] in seconds (null entries for the epoch edges) or null', { parameter: 'baseline' });
}

export const signalTools = {
  apply_bandpass_filter: {
    run: (args, ctx) => {
      const method = args.method;
      const params = { low_freq: args.low_freq, high_freq: args.high_freq, method, iir_order: method === 'iir' ? args.iir_order : undefined };
      return runStep(
        'apply_bandpass_filter',
        'bandpass_filter',
        params,
        `Applied Bandpass Filter (${args.low_freq}-${args.high_freq} Hz, ${method.toUpperCase()})`,
        (d) => bandpass(d, { lFreq: args.low_freq, hFreq: args.high_freq, method, iirOrder: args.iir_order }),
        { low: 'low_freq', high: 'high_freq', order: 'iir_order' },
      )(ctx);
    },
  },

  apply_notch_filter: {
    run: (args, ctx) =>
      runStep('apply_notch_filter', 'notch_filter', { freq: args.freq }, `Applied Notch Filter (${args.freq} Hz)`, (d) => notch(d, args.freq))(ctx),
  },

  resample_data: {
    run: (args, ctx) => (
      checkResampleBudget(ctx, args.rate, 'rate'),
      runStep('resample_data', 'resample', { rate: args.rate }, `Resampled to ${args.rate} Hz`, (d) => resample(d, args.rate))(ctx)
    ),
  },

  normalize_data: {
    run: (args, ctx) => runStep('normalize_data', 'normalize', { method: args.method }, `Normalized (${args.method})`, (d) => normalize(d, args.method))(ctx),
  },

  set_reference: {
    run: (args, ctx) =>
      runStep('set_reference', 'set_reference', { method: args.method }, `Re-referenced (${args.method})`, (d) => reference(d, String(args.method)))(ctx),
  },

  select_channels: {
    run: (args, ctx) =>
      runStep('select_channels', 'select_channels', { channels: args.channels }, 'Selected channels', (d) => selectChannels(d, args.channels))(ctx),
  },

  apply_standard_preprocess: {
    run: async (args, ctx) => {
      // XBrainLab's order: band-pass → notch → resample → re-reference → normalise; one commit at the end.
      let d = currentData(ctx.study.state);
      const entries: HistoryEntry[] = [];
      const warnings: string[] = [];
      // Each step's refusals name this tool's argument (l_freq, notch_freq, resample_rate, rereference, normalize_method).
      const step = async (op: string, params: Record<string, unknown>, names: ArgNames, f: (x: SignalData) => StepResult | Promise<StepResult>) => {
        const r = await callWithArgNames(names, () => stepPerRecording(ctx, d, f));
        d = r.data;
        entries.push(entry(op, params, r));
        warnings.push(...r.warnings);
      };
      const l = args.l_freq,
        h = args.h_freq;
      await step('bandpass_filter', { low_freq: l, high_freq: h, method: 'fir' }, { low: 'l_freq', high: 'h_freq' }, (x) =>
        bandpass(x, { lFreq: l, hFreq: h, method: 'fir', iirOrder: 4 }),
      );
      await step('notch_filter', { freq: args.notch_freq }, { freq: 'notch_freq' }, (x) => notch(x, args.notch_freq));
      if (args.resample_rate !== undefined) checkResampleBudget(ctx, args.resample_rate, 'resample_rate');
      if (args.resample_rate !== undefined)
        await step('resample', { rate: args.resample_rate }, { rate: 'resample_rate' }, (x) => resample(x, args.resample_rate as number));
      if (args.rereference !== undefined)
        await step('set_reference', { method: args.rereference }, { method: 'rereference' }, (x) => reference(x, String(args.rereference)));
      if (args.normalize_method !== undefined)
        await step('normalize', { method: args.normalize_method }, { method: 'normalize_method' }, (x) =>
          normalize(x, args.normalize_method as NormalizeMethod),
        );
      commitSteps(ctx, d, entries);
      return stepReply('apply_standard_preprocess', 'Applied standard preprocessing', d, entries, warnings);
    },
  },

  set_montage: {
    run: (args, ctx) => {
      const name = String(args.montage_name) as MontageName;
      if (!MONTAGE_NAMES.includes(name))
        throw new XBrainError('invalid_arguments', `montage_name: unknown montage '${name}' (known: ${MONTAGE_NAMES.join(', ')})`, {
          parameter: 'montage_name',
        });
      const s = ctx.study.state;
      if (s.recordings.length === 0) throw new XBrainError('invalid_state', 'no recordings are loaded; use load_data first');
      const fit = fitMontage(
        name,
        s.recordings[0].channels.map((c) => c.name),
      );
      const eegMissing = fit.missing.filter((n) => s.recordings[0].channels.find((c) => c.name === n)?.type === 'eeg');
      if (Object.keys(fit.positions).length === 0) {
        throw new XBrainError('invalid_arguments', `montage_name: no channel matches a ${name} electrode (channels: ${fit.missing.slice(0, 8).join(', ')}…)`, {
          parameter: 'montage_name',
        });
      }
      const recordings = s.recordings.map((r) => ({
        ...r,
        channels: r.channels.map((c) => (fit.positions[c.name] ? { ...c, loc: fit.positions[c.name] } : c)),
      }));
      const h: HistoryEntry = {
        op: 'set_montage',
        params: { montage_name: name },
        shape: recordings.map((r) => [r.channels.length, r.nTimes]),
        description: `Montage ${name} (${Object.keys(fit.positions).length} positioned, ${fit.missing.length} without position)`,
        design: { montage: name, matched: Object.keys(fit.positions).length, missing: fit.missing, matching: 'case- and dot-insensitive names' },
        at: new Date().toISOString(),
      };
      ctx.study.commit({ recordings, montage: name, history: [...s.history, h] }, ['recordings', 'preprocessing']);
      const lines = [`Montage ${name} set: ${Object.keys(fit.positions).length} of ${recordings[0].channels.length} channels have positions.`];
      if (fit.missing.length) lines.push(`Without position: ${fit.missing.join(', ')}${eegMissing.length ? ` (${eegMissing.length} EEG)` : ''}.`);
      return text('set_montage', lines.join('\n'), { montage: name, matched: Object.keys(fit.positions).length, missing: fit.missing });
    },
  },

  epoch_data: {
    run: (args, ctx) => {
      const s = ctx.study.state;
      refuseEpochedFiles(s, 'epoch_data');
      if (s.recordings.length === 0) throw new XBrainError('invalid_state', 'no recordings are loaded; use load_data first');
      // MNE's default baseline (start … 0 s) only exists when the epoch contains 0 s; never blame a baseline the
      // user did not pass: without 0 s in the window the default is no baseline, and the reply says so
      const defaultOutside = !('baseline' in args) && !(args.t_min <= 0 && args.t_max >= 0);
      const baseline = defaultOutside ? null : baselineArg(args);
      const eventNames = args.event_id;
      // epochs × channels × samples, before anything is cut
      const nSamples = Math.round((args.t_max - args.t_min) * s.recordings[0].sfreq) + 1;
      const nEvents = s.recordings.reduce(
        (n, r) => n + (eventNames ? r.events.codes.filter((c) => eventNames.some((e) => r.events.eventId[e] === c)).length : r.events.codes.length),
        0,
      );
      const epochBytes = nEvents * s.recordings[0].channels.length * Math.max(nSamples, 0) * 4;
      // recordings on disk, or epochs above the spill threshold: cut recording by recording into a spill file
      const toDisk = onDisk(s.recordings) || epochBytes > spillThreshold(ctx.env);
      if (!toDisk) checkBudget(ctx.env, epochBytes, 't_max', `${nEvents} epochs of ${nSamples} samples`);
      else checkDiskSpace(epochBytes, spillSpaceFree(spillDir(ctx.env.workspace)), 't_max', `${nEvents} epochs of ${nSamples} samples`);
      const opts = { tmin: args.t_min, tmax: args.t_max, eventNames, baseline };
      const res = toDisk ? epochRecordingsToDisk(s.recordings, opts, spillDir(ctx.env.workspace)) : epochRecordings(s.recordings, opts);
      const e = res.epochs;
      const counts = Object.entries(e.eventId).map(([k, v]) => `${k}: ${e.labels.filter((l) => l === v).length}`);
      const noData = res.dropped.filter((d) => d.reason === 'NO_DATA');
      const dup = res.dropped.filter((d) => d.reason === 'DROP DUPLICATE');
      const h: HistoryEntry = {
        op: 'epoch_data',
        params: { t_min: args.t_min, t_max: args.t_max, event_id: eventNames ?? null, baseline },
        shape: [[e.nEpochs, e.nChannels, e.nTimes]],
        description: `Epoching ${e.tmin} ~ ${args.t_max} s (${Object.keys(e.eventId).join(', ')}), baseline ${baseline ? `(${baseline[0] ?? 'None'}, ${baseline[1] ?? 'None'})` : 'none'}`,
        design: {
          tmin: e.tmin,
          tmax: e.tmin + (e.nTimes - 1) / e.sfreq,
          n_times: e.nTimes,
          baseline: e.baseline,
          event_repeated: 'drop',
          event_id: e.eventId,
          dropped: res.dropped,
          kept_per_recording: res.kept,
        },
        at: new Date().toISOString(),
      };
      ctx.study.commit({ epochs: e, epochHistory: [], history: [...s.history, h] }, ['epochs', 'preprocessing']);
      const lines = [
        `Created ${e.nEpochs} epochs (${counts.join(', ')}) of ${e.nChannels} channels × ${e.nTimes} samples (${e.tmin} … ${(e.tmin + (e.nTimes - 1) / e.sfreq).toFixed(3)} s), baseline ${e.baseline ? `${e.baseline[0]} … ${e.baseline[1]} s` : 'none'}.`,
      ];
      if (defaultOutside)
        lines.push(
          `No baseline correction: the default baseline (epoch start … 0 s) needs 0 s inside the epoch ${args.t_min} … ${args.t_max} s; pass baseline=[start, end] within the epoch to correct one.`,
        );
      if (noData.length)
        lines.push(
          `Dropped ${noData.length} epoch(s) crossing the record boundary: ${noData
            .slice(0, 10)
            .map((d) => `${d.event}@${d.sample} (${d.file.split(/[\\/]/).pop()})`)
            .join(', ')}${noData.length > 10 ? ', …' : ''}.`,
        );
      if (dup.length) lines.push(`Dropped ${dup.length} repeated event(s) at the same sample.`);
      for (const w of res.warnings) lines.push(`Warning: ${w}`);
      return text('epoch_data', lines.join('\n'), {
        shape: [e.nEpochs, e.nChannels, e.nTimes],
        eventId: e.eventId,
        dropped: res.dropped,
        warnings: res.warnings,
      });
    },
  },

  window_epoch: {
    run: (args, ctx) => {
      const s = ctx.study.state;
      refuseEpochedFiles(s, 'window_epoch');
      if (s.recordings.length === 0) throw new XBrainError('invalid_state', 'no recordings are loaded; use load_data first');
      const label = args.label === undefined ? 'window' : String(args.label);
      // recordings on disk, or windows above the spill threshold: cut recording by recording into a spill file
      const res = windowRecordings(s.recordings, args.duration, args.overlap, label, {
        budget: (bytes, parameter) => {
          const dir = spillDir(ctx.env.workspace);
          if (!(onDisk(s.recordings) || bytes > spillThreshold(ctx.env))) return checkBudget(ctx.env, bytes, parameter, 'the windows');
          checkDiskSpace(bytes, spillSpaceFree(dir), parameter, 'the windows');
          return dir;
        },
      });
      const e = res.epochs;
      const h: HistoryEntry = {
        op: 'window_epoch',
        params: { duration: args.duration, overlap: args.overlap, label },
        shape: [[e.nEpochs, e.nChannels, e.nTimes]],
        description: `Window epochs ${args.duration} s, overlap ${args.overlap} s`,
        design: {
          window_samples: res.windowSamples,
          step_samples: res.step,
          per_recording: res.perRecording,
          tmin: 0,
          tmax: (e.nTimes - 1) / e.sfreq,
          baseline: null,
        },
        at: new Date().toISOString(),
      };
      ctx.study.commit({ epochs: e, epochHistory: [], history: [...s.history, h] }, ['epochs', 'preprocessing']);
      return text(
        'window_epoch',
        `Created ${e.nEpochs} windows of ${e.nTimes} samples (${args.duration} s, step ${(res.step / e.sfreq).toFixed(3)} s) labelled '${label}'.`,
        { shape: [e.nEpochs, e.nChannels, e.nTimes] },
      );
    },
  },

  edit_events: {
    run: (args, ctx) => {
      const s = ctx.study.state;
      const rename = args.rename;
      const known = new Set<string>([...s.recordings.flatMap((r) => Object.keys(r.events.eventId)), ...(s.epochs ? Object.keys(s.epochs.eventId) : [])]);
      checkRename(rename, known);
      const recordings = s.recordings.map((r) => ({ ...r, events: renameEventList(r.events, rename) }));
      const epochs = s.epochs ? renameEpochLabels(s.epochs, rename) : null;
      const h: HistoryEntry = {
        op: 'edit_events',
        params: { rename },
        shape: epochs ? [[epochs.nEpochs, epochs.nChannels, epochs.nTimes]] : recordings.map((r) => [r.channels.length, r.nTimes]),
        description: `Events ${Object.entries(rename)
          .map(([a, b]) => `${a} → ${b}`)
          .join(', ')}`,
        design: { event_id: epochs ? epochs.eventId : recordings[0]?.events.eventId },
        at: new Date().toISOString(),
      };
      const kinds: ChangeKind[] = ['recordings', 'preprocessing'];
      if (epochs) kinds.push('epochs');
      ctx.study.commit(epochs ? { recordings, epochs, epochHistory: [...s.epochHistory, h] } : { recordings, history: [...s.history, h] }, kinds);
      const names = epochs ? Object.keys(epochs.eventId) : Object.keys(recordings[0]?.events.eventId ?? {});
      return text(
        'edit_events',
        `Events renamed: ${Object.entries(rename)
          .map(([a, b]) => `${a} → ${b}`)
          .join(', ')}. Classes now: ${names.join(', ')}.`,
        { eventId: epochs ? epochs.eventId : recordings[0]?.events.eventId },
      );
    },
  },

  export_epochs: {
    run: async (args, ctx) => {
      const s = ctx.study.state;
      if (!s.epochs) throw new XBrainError('invalid_state', 'no epochs to export; use epoch_data first');
      const folder = insideWorkspace(ctx.env, String(args.path), 'write', 'path');
      const out = await exportEpochs(folder, s.epochs, { raw: s.history, epochs: s.epochHistory });
      return text('export_epochs', `Exported ${out.shape.join(' × ')} epochs to ${folder} (X.npy, y.npy, epochs.json).`, {
        folder,
        files: out.files,
        shape: out.shape,
      });
    },
  },

  plot_epochs: {
    run: (args, ctx) => {
      const s = ctx.study.state;
      const kind = (args.kind as string) ?? 'traces';
      const channels = args.channels;
      if (kind === 'psd') {
        const p = s.epochs ? psdPayload({ epochs: s.epochs }, channels) : psdPayload({ recording: s.recordings[0] }, channels);
        return plot(
          'plot_epochs',
          `Welch PSD of ${p.channels.length} channel(s), ${p.freqs[0]} … ${p.freqs[p.freqs.length - 1]} Hz (n_fft ${p.nFft})${s.epochs ? `, mean over ${s.epochs.nEpochs} epochs` : ''}.`,
          { kind, psd: p },
        );
      }
      if (kind === 'erp') {
        if (!s.epochs) throw new XBrainError('invalid_state', 'kind: erp needs epochs; use epoch_data first', { parameter: 'kind' });
        const payload = epochsPayload(s.epochs, channels);
        return plot('plot_epochs', `ERP per class (${payload.erp.map((e) => `${e.label}: ${e.count}`).join(', ')}) on ${payload.channels.length} channel(s).`, {
          kind,
          render: renderOf(EPOCHS_MIME, payload),
        });
      }
      if (s.epochs) {
        const payload = epochsPayload(s.epochs, channels);
        return plot('plot_epochs', `Traces of ${payload.traces.length} epoch(s) on ${payload.channels.length} channel(s).`, {
          kind,
          render: renderOf(EPOCHS_MIME, payload),
        });
      }
      const payload = rawPayload(s.recordings[0], { channels, start: args.start, duration: args.duration });
      return plot(
        'plot_epochs',
        `Traces of ${payload.channels.length} channel(s), ${payload.times[0]} … ${payload.times[payload.times.length - 1]} s, ${payload.markers.length} event marker(s).`,
        { kind, render: renderOf(EPOCHS_MIME, payload) },
      );
    },
  },
} satisfies TypedImplementations;
