import { basename, isAbsolute, resolve } from 'node:path';
import type { ChannelInfo, EventList, Recording } from '../io/types';
import type { Epochs } from '../signal/types';
import { Study, emptyState } from '../study/study';
import type { DatasetSplit, EpochMetrics, HistoryEntry, RunRecord, Stage, StudyState } from '../study/types';
import { ToolRegistry } from '../tools/registry';
import { data, plot, text, XBrainError } from '../tools/result';
import { allImplementations } from '../tools/impl';
import type { ToolArgs, ToolContext, ToolEnv, ToolImplementation, ToolImplementations } from '../tools/types';
import { XBrainSession } from '../session';

/**
 * Mock tool implementations (seed 000's mock/real factory): a simulated Study of PhysioNet EEGMMIDB-style recordings
 * (64 channels, 160 Hz, 125 s, events T0/T1/T2) that makes the same stage transitions as the real tools. Samples are
 * zeros (the agent never sees them); shapes, events, histories, splits and runs are what the real tools would make.
 * Results say they are simulated. Read-only state tools are the real ones.
 */
export const PHYSIONET_CHANNELS = ['FC5', 'FC3', 'FC1', 'FCz', 'FC2', 'FC4', 'FC6', 'C5', 'C3', 'C1', 'Cz', 'C2', 'C4', 'C6', 'CP5', 'CP3', 'CP1', 'CPz', 'CP2', 'CP4', 'CP6', 'Fp1', 'Fpz', 'Fp2', 'AF7', 'AF3', 'AFz', 'AF4', 'AF8', 'F7', 'F5', 'F3', 'F1', 'Fz', 'F2', 'F4', 'F6', 'F8', 'FT7', 'FT8', 'T7', 'T8', 'T9', 'T10', 'TP7', 'TP8', 'P7', 'P5', 'P3', 'P1', 'Pz', 'P2', 'P4', 'P6', 'P8', 'PO7', 'PO3', 'POz', 'PO4', 'PO8', 'O1', 'Oz', 'O2', 'Iz'];
const SFREQ = 160;
const SECONDS = 125;
const MOCK = ' (simulated)';

export const MOCK_FILES = ['S001R04.edf', 'S001R08.edf', 'S001R12.edf'];

/** One simulated recording: 30 cues 4.1 s apart, T0 (rest) alternating with T1/T2 as in EEGMMIDB runs 4/8/12. */
export function mockRecording(path: string): Recording {
  const nTimes = SFREQ * SECONDS;
  const zeros = new Float32Array(nTimes);
  const channels: ChannelInfo[] = PHYSIONET_CHANNELS.map((name) => ({ name, type: 'eeg', unit: 'V' }));
  const samples = new Int32Array(30);
  const codes = new Int32Array(30);
  let task = 0;
  for (let i = 0; i < 30; i++) {
    samples[i] = Math.round(i * 4.1 * SFREQ);
    codes[i] = i % 2 === 0 ? 1 : 2 + (task++ % 2);
  }
  const file = basename(path);
  const subject = /S(\d{3})/i.exec(file)?.[1] ?? '001';
  const session = /R(\d{2})/i.exec(file)?.[1] ?? '01';
  return {
    format: 'EDF+', path, sfreq: SFREQ, nTimes, channels, measDate: '2009-08-12T16:15:00Z',
    annotations: Array.from(samples, (s, i) => ({ onset: s / SFREQ, duration: 4.1, description: `T${codes[i] - 1}` })),
    data: channels.map(() => zeros), events: { samples, codes, eventId: { T0: 1, T1: 2, T2: 3 }, source: 'annotations' },
    subject: `S${subject}`, session: `R${session}`,
  };
}

const entry = (op: string, params: Record<string, unknown>, s: StudyState, description: string): HistoryEntry => ({
  op, params, description, at: new Date().toISOString(),
  shape: s.epochs ? [[s.epochs.nEpochs, s.epochs.nChannels, s.epochs.nTimes]] : s.recordings.map((r) => [r.channels.length, r.nTimes]),
});

/** A preprocessing step: on epochs when they exist (epochHistory), else on the raw recordings (history). */
function preprocess(tool: string, op: string, describe: (a: ToolArgs) => string, transform?: (r: Recording, a: ToolArgs) => Recording, onEpochs?: (e: Epochs, a: ToolArgs) => Epochs): ToolImplementation {
  return {
    run: (a, ctx) => {
      const s = ctx.study.state;
      if (s.recordings.length === 0) throw new XBrainError('invalid_state', 'no recordings are loaded');
      const d = describe(a);
      if (s.epochs) {
        const epochs = onEpochs ? onEpochs(s.epochs, a) : s.epochs;
        ctx.study.commit({ epochs, epochHistory: [...s.epochHistory, entry(op, a, s, d)] }, ['epochs', 'preprocessing']);
      } else {
        const recordings = transform ? s.recordings.map((r) => transform(r, a)) : s.recordings;
        ctx.study.commit({ recordings, history: [...s.history, entry(op, a, { ...s, recordings }, d)] }, ['recordings', 'preprocessing']);
      }
      return text(tool, `${d}${MOCK}. Stage: ${ctx.study.stage}.`, { mock: true });
    },
  };
}

function resolveIn(ctx: ToolContext, p: string): string {
  return isAbsolute(p) ? p : resolve(ctx.env.workspace, p);
}

function makeEpochs(s: StudyState, tmin: number, tmax: number, eventNames: string[] | null, baseline: unknown): Epochs {
  const sfreq = s.recordings[0].sfreq;
  const nTimes = Math.round((tmax - tmin) * sfreq) + 1;
  const labelsOf: Record<string, number> = {};
  const labels: number[] = [];
  const subject: string[] = [];
  const session: string[] = [];
  const recording: number[] = [];
  const eventSample: number[] = [];
  s.recordings.forEach((r, ri) => {
    const names = new Map(Object.entries(r.events.eventId).map(([k, v]) => [v, k]));
    for (let i = 0; i < r.events.codes.length; i++) {
      const name = names.get(r.events.codes[i]) ?? String(r.events.codes[i]);
      if (eventNames && !eventNames.includes(name)) continue;
      const start = r.events.samples[i] + Math.round(tmin * sfreq);
      if (start < 0 || start + nTimes > r.nTimes) continue;
      labelsOf[name] ??= Object.keys(labelsOf).length;
      labels.push(labelsOf[name]);
      subject.push(r.subject);
      session.push(r.session);
      recording.push(ri);
      eventSample.push(r.events.samples[i]);
    }
  });
  if (labels.length === 0) throw new XBrainError('invalid_arguments', `no events ${eventNames ? eventNames.join(', ') : ''} fit the window ${tmin}..${tmax} s`, { parameter: 'event_id' });
  const nCh = s.recordings[0].channels.length;
  return {
    data: new Float32Array(labels.length * nCh * nTimes), nEpochs: labels.length, nChannels: nCh, nTimes,
    channels: s.recordings[0].channels.map((c) => c.name), sfreq, tmin, eventId: labelsOf, labels: Int32Array.from(labels),
    subject, session, recording: Int32Array.from(recording), eventSample: Int32Array.from(eventSample),
    baseline: Array.isArray(baseline) ? (baseline as [number | null, number | null]) : null,
  };
}

/** Deterministic pseudo-random numbers so mock runs are reproducible. */
function rng(seed: number): () => number {
  let x = seed * 2654435761 + 1;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

function mockRuns(s: StudyState, seedBase: number, status: RunRecord['status']): RunRecord[] {
  if (!s.dataset) throw new XBrainError('invalid_state', 'no dataset: split the epochs with generate_dataset first');
  const model = s.model ?? { name: 'EEGNet' as const, params: {} };
  const cfg = { epoch: 10, batch_size: 32, learning_rate: 0.001, repeat: 1, device: 'cpu', optimizer: 'adam' as const, save_checkpoints_every: 0, selection: 'last_epoch' as const, backend: 'local', seed: 0, ...(s.training ?? {}) };
  const classes = Object.keys(s.epochs?.eventId ?? {}).length || 2;
  const runs: RunRecord[] = [];
  for (const sp of s.dataset.splits) {
    for (let rep = 0; rep < cfg.repeat; rep++) {
      const r = rng(seedBase + rep + runs.length * 7);
      const metrics: EpochMetrics[] = [];
      const n = status === 'running' ? Math.max(1, Math.floor(cfg.epoch / 2)) : cfg.epoch;
      for (let e = 1; e <= n; e++) {
        const p = e / cfg.epoch;
        const acc = 1 / classes + (0.85 - 1 / classes) * p * (0.7 + 0.3 * r());
        metrics.push({ epoch: e, seconds: 0.5, lr: cfg.learning_rate, train: { loss: 1.1 - 0.8 * p, accuracy: acc + 0.05, auc: 0.5 + 0.4 * p }, val: { loss: 1.15 - 0.6 * p, accuracy: acc - 0.05, auc: 0.5 + 0.3 * p }, test: { loss: 1.15 - 0.6 * p, accuracy: acc - 0.07, auc: 0.5 + 0.3 * p } });
      }
      runs.push({ id: `run-${String(s.runs.length + runs.length + 1).padStart(3, '0')}`, splitId: sp.id, splitName: sp.name, repeat: rep, seed: cfg.seed + rep, model, config: cfg, status, metrics, artefacts: {}, startedAt: new Date().toISOString(), ...(status !== 'running' ? { endedAt: new Date().toISOString() } : {}) });
    }
  }
  return runs;
}

export const mockImplementations: ToolImplementations = {
  get_study_state: allImplementations.get_study_state,
  get_dataset_info: allImplementations.get_dataset_info,
  clear_dataset: allImplementations.clear_dataset,
  switch_panel: {
    run: (a, ctx) => {
      ctx.study.requestUi({ kind: 'switch_panel', panel: String(a.panel_name), viewMode: a.view_mode as string | undefined });
      return text('switch_panel', `Request: switch UI to '${a.panel_name}'${a.view_mode ? ` (view: ${a.view_mode})` : ''}.`, { panel: a.panel_name });
    },
  },
  list_files: {
    run: (a) => {
      const files = Array.from({ length: 14 }, (_, i) => `S001R${String(i + 1).padStart(2, '0')}.edf`);
      const re = a.pattern ? new RegExp(`^${String(a.pattern).replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 'i') : null;
      const shown = files.filter((f) => !re || re.test(f));
      return data('list_files', `${a.directory}:${MOCK}\n${shown.map((f) => `${f} (2.5 MB)`).join('\n') || 'no matching files'}`, { files: shown, mock: true });
    },
  },
  load_data: {
    run: (a, ctx) => {
      const s = ctx.study.state;
      const paths = (a.paths as string[]).flatMap((p) => (/\.\w+$/.test(p) ? [resolveIn(ctx, p)] : MOCK_FILES.map((f) => resolve(resolveIn(ctx, p), f))));
      for (const p of paths) {
        if (!/\.(edf|bdf|gdf|set|vhdr|fif|cnt|raw|mat|npy)$/i.test(p)) throw new XBrainError('bad_file', `${basename(p)}: not a supported EEG file`, { parameter: 'paths' });
        if (s.recordings.some((r) => r.path === p)) throw new XBrainError('invalid_arguments', `${basename(p)} is already loaded`, { parameter: 'paths' });
      }
      const recs = paths.map(mockRecording);
      ctx.study.commit({ recordings: [...s.recordings, ...recs], loadedEvents: [...s.loadedEvents, ...recs.map((r) => r.events)] }, ['recordings']);
      return text('load_data', `Loaded ${recs.length} file(s)${MOCK}: ${recs.map((r) => basename(r.path)).join(', ')} — 64 channels @ 160 Hz, 125.0 s, events T0=15 T1=8 T2=7 each. Stage: ${ctx.study.stage}.`, { mock: true, files: recs.map((r) => basename(r.path)) });
    },
  },
  attach_labels: {
    run: (a, ctx) => {
      const names = ctx.study.state.recordings.map((r) => basename(r.path));
      for (const k of Object.keys(a.mapping as object)) if (!names.includes(k) && k !== '*') throw new XBrainError('not_found', `attach_labels: '${k}' is not a loaded recording (loaded: ${names.join(', ')})`, { parameter: 'mapping' });
      return text('attach_labels', `Attached labels${MOCK}: ${Object.entries(a.mapping as object).map(([k, v]) => `${k} ← ${v}`).join(', ')}.`, { mock: true });
    },
  },
  reset_preprocessing: {
    confirmation: allImplementations.reset_preprocessing?.confirmation,
    run: (_a, ctx) => {
      const s = ctx.study.state;
      const fresh = s.recordings.map((r) => mockRecording(r.path));
      ctx.study.commit({ recordings: fresh, history: [], epochs: null, epochHistory: [], dataset: null, runs: [], evaluations: [] }, ['recordings', 'preprocessing', 'epochs', 'datasets', 'runs']);
      return text('reset_preprocessing', `Preprocessing reset${MOCK}. Stage: ${ctx.study.stage}.`, { mock: true });
    },
  },
  edit_events: {
    run: (a, ctx) => {
      const s = ctx.study.state;
      const rename = a.rename as Record<string, string>;
      const known = new Set(s.recordings.flatMap((r) => Object.keys(r.events.eventId)));
      for (const k of Object.keys(rename)) if (!known.has(k)) throw new XBrainError('invalid_arguments', `edit_events: unknown event '${k}' (events: ${[...known].join(', ')})`, { parameter: 'rename' });
      const remap = (ev: EventList): EventList => {
        const eventId: Record<string, number> = {};
        const codeMap = new Map<number, number>();
        for (const [name, code] of Object.entries(ev.eventId)) {
          const n = rename[name] ?? name;
          eventId[n] ??= code;
          codeMap.set(code, eventId[n]);
        }
        return { ...ev, eventId, codes: Int32Array.from(ev.codes, (c) => codeMap.get(c) ?? c) };
      };
      const recordings = s.recordings.map((r) => ({ ...r, events: remap(r.events) }));
      let epochs = s.epochs;
      if (epochs) {
        const eventId: Record<string, number> = {};
        const labelMap = new Map<number, number>();
        for (const [name, l] of Object.entries(epochs.eventId)) {
          const n = rename[name] ?? name;
          eventId[n] ??= Object.keys(eventId).length;
          labelMap.set(l, eventId[n]);
        }
        epochs = { ...epochs, eventId, labels: Int32Array.from(epochs.labels, (l) => labelMap.get(l) ?? l) };
      }
      ctx.study.commit({ recordings, epochs }, ['recordings', 'epochs']);
      return text('edit_events', `Renamed events${MOCK}: ${Object.entries(rename).map(([k, v]) => `${k} → ${v}`).join(', ')}.`, { mock: true });
    },
  },
  plot_epochs: { run: (a, ctx) => plot('plot_epochs', `Plotted ${a.kind}${MOCK} for ${ctx.study.state.epochs ? 'epochs' : 'raw data'}.`, { kind: a.kind, mock: true }) },
  apply_standard_preprocess: preprocess('apply_standard_preprocess', 'standard_preprocess', (a) => `Standard preprocessing: filtering ${a.l_freq} ~ ${a.h_freq} Hz, notch ${a.notch_freq} Hz${a.resample_rate ? `, resample ${a.resample_rate} Hz` : ''}${a.rereference ? `, reference ${a.rereference}` : ''}${a.normalize_method ? `, ${a.normalize_method}` : ''}`, (r, a) => (a.resample_rate ? resampled(r, Number(a.resample_rate)) : r)),
  apply_bandpass_filter: preprocess('apply_bandpass_filter', 'bandpass_filter', (a) => `Filtering ${Number(a.low_freq).toFixed(1)} ~ ${Number(a.high_freq).toFixed(1)} Hz`),
  apply_notch_filter: preprocess('apply_notch_filter', 'notch_filter', (a) => `Notch filter ${a.freq} Hz`),
  resample_data: preprocess('resample_data', 'resample', (a) => `Resample to ${a.rate} Hz`, (r, a) => resampled(r, Number(a.rate)), (e, a) => {
    const nTimes = Math.max(1, Math.round((e.nTimes * Number(a.rate)) / e.sfreq));
    return { ...e, sfreq: Number(a.rate), nTimes, data: new Float32Array(e.nEpochs * e.nChannels * nTimes) };
  }),
  normalize_data: preprocess('normalize_data', 'normalize', (a) => `Normalize (${a.method})`),
  set_reference: {
    run: (a, ctx) => {
      const m = String(a.method);
      const chans = ctx.study.state.recordings[0]?.channels.map((c) => c.name) ?? [];
      if (m !== 'average' && !chans.includes(m)) throw new XBrainError('invalid_arguments', `set_reference: channel '${m}' is not in the data`, { parameter: 'method' });
      return preprocess('set_reference', 'rereference', () => `Re-reference (${m})`).run(a, ctx);
    },
  },
  select_channels: {
    run: (a, ctx) => {
      const want = a.channels as string[];
      const have = ctx.study.state.recordings[0]?.channels.map((c) => c.name) ?? [];
      const missing = want.filter((c) => !have.includes(c));
      if (missing.length) throw new XBrainError('invalid_arguments', `select_channels: unknown channel(s) ${missing.join(', ')}`, { parameter: 'channels' });
      const pick = (r: Recording): Recording => {
        const idx = want.map((c) => r.channels.findIndex((x) => x.name === c));
        return { ...r, channels: idx.map((i) => r.channels[i]), data: idx.map((i) => r.data[i]) };
      };
      return preprocess('select_channels', 'select_channels', () => `Select ${want.length} channels`, pick, (e) => ({ ...e, nChannels: want.length, channels: want, data: new Float32Array(e.nEpochs * want.length * e.nTimes) })).run(a, ctx);
    },
  },
  set_montage: {
    run: (a, ctx) => {
      ctx.study.commit({ montage: String(a.montage_name) }, ['recordings']);
      return text('set_montage', `Montage set to ${a.montage_name}${MOCK}: 64 of 64 channels have positions.`, { mock: true });
    },
  },
  epoch_data: {
    run: (a, ctx) => {
      const s = ctx.study.state;
      if (!s.recordings.length) throw new XBrainError('invalid_state', 'no recordings are loaded');
      const epochs = makeEpochs(s, Number(a.t_min), Number(a.t_max), (a.event_id as string[] | undefined) ?? null, a.baseline);
      ctx.study.commit({ epochs, epochHistory: [], dataset: null, runs: [], evaluations: [] }, ['epochs']);
      const per = Object.entries(epochs.eventId).map(([k, l]) => `${k}: ${epochs.labels.filter((x) => x === l).length}`).join(', ');
      return text('epoch_data', `Epoched ${a.t_min}..${a.t_max} s${MOCK}: ${epochs.nEpochs} epochs × ${epochs.nChannels} ch × ${epochs.nTimes} samples (${per}). Stage: ${ctx.study.stage}.`, { mock: true, nEpochs: epochs.nEpochs });
    },
  },
  window_epoch: {
    run: (a, ctx) => {
      const s = ctx.study.state;
      const r0 = s.recordings[0];
      if (!r0) throw new XBrainError('invalid_state', 'no recordings are loaded');
      const n = Math.round(Number(a.duration) * r0.sfreq);
      const step = Math.max(1, n - Math.round(Number(a.overlap ?? 0) * r0.sfreq));
      const per = Math.floor((r0.nTimes - n) / step) + 1;
      const total = per * s.recordings.length;
      const nCh = r0.channels.length;
      const epochs: Epochs = { data: new Float32Array(total * nCh * n), nEpochs: total, nChannels: nCh, nTimes: n, channels: r0.channels.map((c) => c.name), sfreq: r0.sfreq, tmin: 0, eventId: { [String(a.label ?? 'window')]: 0 }, labels: new Int32Array(total), subject: s.recordings.flatMap((r) => Array(per).fill(r.subject)), session: s.recordings.flatMap((r) => Array(per).fill(r.session)), recording: Int32Array.from({ length: total }, (_, i) => Math.floor(i / per)), eventSample: Int32Array.from({ length: total }, (_, i) => (i % per) * step), baseline: null };
      ctx.study.commit({ epochs, epochHistory: [], dataset: null, runs: [], evaluations: [] }, ['epochs']);
      return text('window_epoch', `Cut ${total} windows of ${a.duration} s${MOCK}. Stage: ${ctx.study.stage}.`, { mock: true });
    },
  },
  export_epochs: { run: (a, ctx) => text('export_epochs', `Would write X.npy, y.npy and epochs.json (${ctx.study.state.epochs?.nEpochs} epochs) to ${a.path}${MOCK}; nothing was written.`, { mock: true }) },
  generate_dataset: {
    run: (a, ctx) => {
      const s = ctx.study.state;
      const e = s.epochs;
      if (!e) throw new XBrainError('invalid_state', 'no epochs: cut epochs with epoch_data first');
      const n = e.nEpochs;
      const order = Array.from({ length: n }, (_, i) => i);
      const r = rng(Number(a.seed ?? 0) + 11);
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(r() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      const folds = a.unit === 'kfold' ? Number(a.folds ?? 5) : 1;
      const splits: DatasetSplit[] = [];
      for (let f = 0; f < folds; f++) {
        const nTest = folds > 1 ? Math.floor(n / folds) : Math.round(n * Number(a.test_ratio));
        const test = folds > 1 ? order.slice(f * nTest, (f + 1) * nTest) : order.slice(0, nTest);
        const rest = order.filter((i) => !test.includes(i));
        const nVal = Math.round(rest.length * Number(a.val_ratio));
        splits.push({ id: `split-${f + 1}`, name: `Fold_${f + 1}`, test: Int32Array.from(test), val: Int32Array.from(rest.slice(0, nVal)), train: Int32Array.from(rest.slice(nVal)) });
      }
      const subjects = new Set(e.subject);
      const warnings = a.split_strategy === 'subject' && subjects.size < 2 ? ['only one subject: a subject split cannot separate subjects'] : [];
      ctx.study.commit({ dataset: { config: { test_ratio: Number(a.test_ratio), val_ratio: Number(a.val_ratio), split_strategy: a.split_strategy as 'trial', training_mode: a.training_mode as 'group' }, splits, audit: { overlap: 0, warnings }, createdAt: new Date().toISOString() }, runs: [], evaluations: [] }, ['datasets']);
      const sp = splits[0];
      return text('generate_dataset', `Generated ${splits.length} split(s) by ${a.split_strategy}${MOCK}: train ${sp.train.length}, val ${sp.val.length}, test ${sp.test.length}. Stage: ${ctx.study.stage}.`, { mock: true });
    },
  },
  set_model: {
    run: (a, ctx) => {
      ctx.study.commit({ model: { name: a.model_name as 'EEGNet', params: (a.params as Record<string, number>) ?? {} } }, ['training']);
      return text('set_model', `Model set to ${a.model_name}${MOCK}.`, { mock: true });
    },
  },
  configure_training: {
    run: (a, ctx) => {
      ctx.study.commit({ training: a as never }, ['training']);
      return text('configure_training', `Training configured${MOCK}: ${a.epoch} epochs, batch ${a.batch_size}, ${a.optimizer} lr ${a.learning_rate}, repeat ${a.repeat}.`, { mock: true });
    },
  },
  start_training: {
    confirmation: (_a, ctx) => {
      const s = ctx.study.state;
      const t = s.training;
      return `Train ${s.model?.name ?? 'EEGNet'} on ${s.dataset?.splits.length ?? 0} split(s) × ${t?.repeat ?? 1} repeat(s), ${t?.epoch ?? 10} epochs each?`;
    },
    run: (_a, ctx) => {
      const s = ctx.study.state;
      const runs = mockRuns(s, s.runs.length + 1, 'done');
      ctx.study.commit({ runs: [...s.runs, ...runs] }, ['runs']);
      const acc = runs.map((r) => r.metrics[r.metrics.length - 1].test?.accuracy ?? 0);
      const mean = acc.reduce((x, y) => x + y, 0) / acc.length;
      return text('start_training', `Trained ${runs[0].model.name} on ${runs.length} run(s)${MOCK}: final test accuracy ${(mean * 100).toFixed(1)}%. Stage: ${ctx.study.stage}.`, { mock: true, runs: runs.map((r) => r.id), testAccuracy: mean });
    },
  },
  stop_training: {
    run: (_a, ctx) => {
      const runs = ctx.study.state.runs.map((r) => (r.status === 'running' ? { ...r, status: 'stopped' as const, endedAt: new Date().toISOString() } : r));
      ctx.study.commit({ runs }, ['runs']);
      return text('stop_training', `Training stopped${MOCK}. Stage: ${ctx.study.stage}.`, { mock: true });
    },
  },
  run_sweep: {
    confirmation: (a) => {
      const grid = a.grid as Record<string, unknown[]>;
      const points = Object.values(grid).reduce((n, v) => n * v.length, 1);
      return `Start ${points * Number(a.folds) * Number(a.repeats)} training run(s) (${points} grid point(s) × ${a.folds} fold(s) × ${a.repeats} repeat(s))?`;
    },
    run: (a, ctx) => {
      const grid = a.grid as Record<string, unknown[]>;
      const points = Object.values(grid).reduce((n, v) => n * v.length, 1);
      const s = ctx.study.state;
      const runs = mockRuns(s, 100 + s.runs.length, 'done');
      ctx.study.commit({ runs: [...s.runs, ...runs] }, ['runs']);
      return text('run_sweep', `Sweep finished${MOCK}: ${points} grid point(s) over ${Object.keys(grid).join(', ')}.`, { mock: true, points });
    },
  },
  evaluate: {
    run: (a, ctx) => {
      const s = ctx.study.state;
      const done = s.runs.filter((r) => r.status === 'done');
      const acc = done.map((r) => r.metrics[r.metrics.length - 1].test?.accuracy ?? 0);
      const mean = acc.reduce((x, y) => x + y, 0) / Math.max(1, acc.length);
      const chance = 1 / Math.max(1, Object.keys(s.epochs?.eventId ?? {}).length);
      const metrics = { accuracy: mean, balancedAccuracy: mean - 0.01, kappa: (mean - chance) / (1 - chance), chance, baseline: a.baseline ? { model: 'CSP+LDA', accuracy: chance + 0.1 } : null };
      ctx.study.commit({ evaluations: [...s.evaluations, { runIds: done.map((r) => r.id), split: a.split as 'test', metrics, createdAt: new Date().toISOString() }] }, ['runs']);
      return data('evaluate', `Evaluation on ${a.split}${MOCK}: accuracy ${(mean * 100).toFixed(1)}% (chance ${(chance * 100).toFixed(1)}%), kappa ${metrics.kappa.toFixed(2)}${a.baseline ? `, CSP+LDA ${((chance + 0.1) * 100).toFixed(1)}%` : ''}.`, { mock: true, ...metrics });
    },
  },
  plot_training: { run: (a) => plot('plot_training', `Plotted ${a.metric} curves${MOCK}.`, { metric: a.metric, mock: true }) },
  compute_saliency: {
    run: (a, ctx) => {
      ctx.study.commit({ evaluations: ctx.study.state.evaluations }, ['runs']);
      return plot('compute_saliency', `Computed ${a.method} saliency${MOCK} per class (channel × time maps).`, { method: a.method, mock: true });
    },
  },
  export_model: { run: (a) => text('export_model', `Would write model.onnx and model.json to ${a.path}${MOCK}; nothing was written.`, { mock: true }) },
};

function resampled(r: Recording, rate: number): Recording {
  const nTimes = Math.round((r.nTimes * rate) / r.sfreq);
  const zeros = new Float32Array(nTimes);
  const k = rate / r.sfreq;
  return { ...r, sfreq: rate, nTimes, data: r.channels.map(() => zeros), events: { ...r.events, samples: Int32Array.from(r.events.samples, (x) => Math.round(x * k)) } };
}

/** Calls that bring a fresh simulated Study to a stage (what `--mock --stage S` starts from). */
export const MOCK_STAGE_SETUP: Record<Stage, { tool: string; arguments: Record<string, unknown> }[]> = {
  empty: [],
  data_loaded: [{ tool: 'load_data', arguments: { paths: MOCK_FILES } }],
  preprocessed: [{ tool: 'load_data', arguments: { paths: MOCK_FILES } }, { tool: 'apply_bandpass_filter', arguments: { low_freq: 8, high_freq: 30 } }, { tool: 'epoch_data', arguments: { t_min: 0, t_max: 4, event_id: ['T1', 'T2'] } }],
  dataset_ready: [],
  training: [],
  trained: [],
};
MOCK_STAGE_SETUP.dataset_ready = [...MOCK_STAGE_SETUP.preprocessed, { tool: 'generate_dataset', arguments: {} }];
MOCK_STAGE_SETUP.trained = [...MOCK_STAGE_SETUP.dataset_ready, { tool: 'set_model', arguments: { model_name: 'EEGNet' } }, { tool: 'configure_training', arguments: { epoch: 10, batch_size: 32, learning_rate: 0.001 } }, { tool: 'start_training', arguments: {} }];
MOCK_STAGE_SETUP.training = [...MOCK_STAGE_SETUP.dataset_ready, { tool: 'set_model', arguments: { model_name: 'EEGNet' } }];

/** An in-memory session over the mock tools, brought to `stage` by running the same tools the agent would. */
export async function mockSession(env: ToolEnv, stage: Stage = 'empty'): Promise<XBrainSession> {
  const session = XBrainSession.inMemory(env, new Study(emptyState()), new ToolRegistry(mockImplementations));
  for (const c of MOCK_STAGE_SETUP[stage]) {
    const r = await session.invoke(c.tool, c.arguments, { confirmed: true });
    if (r.type === 'error') throw new XBrainError('internal', `mock setup for stage ${stage} failed at ${c.tool}: ${r.content}`);
  }
  if (stage === 'training') {
    const s = session.study.state;
    session.study.commit({ runs: mockRuns(s, 1, 'running') }, ['runs']);
  }
  if (session.study.stage !== stage) throw new XBrainError('internal', `mock setup reached ${session.study.stage}, not ${stage}`);
  return session;
}
