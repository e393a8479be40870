import type { StudyState } from '../study/types';
import type { ToolEnv } from '../tools/types';
import { insideWorkspace } from '../tools/boundary';
import { XBrainError } from '../errors';
import { isEpochedRecording } from '../signal/epochedFiles';
import { checkBand, checkBelowNyquist } from '../signal/params';
import { withArgNames, type ArgNames } from '../tools/argNames';

const round = (x: number): number => Math.round(x * 1e6) / 1e6;

/** A filter limit the kernels would refuse, as the refusal text in the tool's argument names (null: within limits). */
function limitProblem(sfreq: number | null, names: ArgNames, check: (sfreq: number) => void): string | null {
  try {
    check(sfreq ?? Infinity);
    return null;
  } catch (e) {
    const named = withArgNames(e, names);
    if (named instanceof XBrainError) return named.message;
    throw e;
  }
}

/** Epoch and window times are seconds; 200 or 800 there was almost certainly written in milliseconds. */
function msInsteadOfSeconds(times: Record<string, number | null>): string | null {
  for (const [k, v] of Object.entries(times)) {
    if (v !== null && Math.abs(v) >= 50)
      return `${k} (${v} s) is in seconds; ${v} s is implausible for an epoch (did you mean ${round(v / 1000)} s, i.e. ${v} ms?)`;
  }
  return null;
}

const EPOCHED_FILES =
  'the study was loaded from epoched files: its epochs are already cut, so epoch_data/window_epoch do not apply; continue with generate_dataset';

/**
 * Domain checks the JSON Schema cannot express, run before a call reaches the registry; the reason goes back to
 * the model so it can correct itself. Returns null when the call is fine.
 */
export function domainCheck(tool: string, args: Record<string, unknown>, state: StudyState, env: ToolEnv, extraRoots: string[] = []): string | null {
  const sfreq = state.epochs?.sfreq ?? state.recordings[0]?.sfreq ?? null;
  const nyq = sfreq ? sfreq / 2 : null;
  const num = (k: string) => (typeof args[k] === 'number' ? (args[k] as number) : null);
  switch (tool) {
    case 'apply_bandpass_filter':
    case 'apply_standard_preprocess': {
      const lo = num(tool === 'apply_bandpass_filter' ? 'low_freq' : 'l_freq');
      const hi = num(tool === 'apply_bandpass_filter' ? 'high_freq' : 'h_freq');
      const ln = tool === 'apply_bandpass_filter' ? 'low_freq' : 'l_freq';
      const hn = tool === 'apply_bandpass_filter' ? 'high_freq' : 'h_freq';
      if (lo !== null && lo <= 0) return `${ln} must be positive (got ${lo} Hz)`;
      if (hi !== null && hi < 1 && (lo === null || lo < hi))
        return `${hn} (${hi} Hz) is below 1 Hz: frequencies are in Hz, not kHz (did you mean ${round(hi * 1000)} Hz?)`;
      if (hi !== null && hi >= 1000 && (nyq === null || hi >= nyq))
        return `${hn} (${hi} Hz) looks like a value in mHz or a sampling rate: frequencies are in Hz (did you mean ${round(hi / 1000)} Hz?)`;
      // the filters' own limits (signal/params.ts), named as this tool names its arguments
      const notch = num('notch_freq');
      return limitProblem(sfreq, { low: ln, high: hn, freq: 'notch_freq' }, (f) => {
        if (lo !== null || hi !== null) checkBand(f, lo, hi);
        if (notch !== null) checkBelowNyquist('freq', f, notch);
      });
    }
    case 'apply_notch_filter': {
      const f = num('freq');
      return f === null ? null : limitProblem(sfreq, {}, (fs) => checkBelowNyquist('freq', fs, f));
    }
    case 'resample_data': {
      const r = num('rate');
      if (r !== null && (r < 16 || r > 20000)) return `rate (${r} Hz) is not a sensible EEG sampling rate (16–20000 Hz)`;
      return null;
    }
    case 'epoch_data': {
      if (state.recordings.some(isEpochedRecording)) return EPOCHED_FILES;
      const a = num('t_min');
      const b = num('t_max');
      const ms = msInsteadOfSeconds({ t_min: a, t_max: b });
      if (ms) return ms;
      if (a !== null && b !== null && a >= b) return `t_min (${a} s) must be below t_max (${b} s)`;
      const dur = state.recordings.length ? Math.min(...state.recordings.map((r) => r.nTimes / r.sfreq)) : null;
      if (a !== null && b !== null && dur !== null && b - a >= dur)
        return `the epoch window ${a}..${b} s is longer than the shortest recording (${dur.toFixed(1)} s)`;
      if (a !== null && a < -10) return `t_min (${a} s) reaches more than 10 s before the event`;
      const bl = args.baseline;
      if (Array.isArray(bl) && bl.length === 2 && typeof bl[0] === 'number' && typeof bl[1] === 'number' && a !== null && b !== null) {
        if (bl[0] > bl[1]) return `baseline start (${bl[0]} s) is after its end (${bl[1]} s)`;
        if (bl[0] < a - 1e-9 || bl[1] > b + 1e-9) return `baseline ${bl[0]}..${bl[1]} s lies outside the epoch ${a}..${b} s`;
      }
      const ev = args.event_id;
      if (Array.isArray(ev) && state.recordings.length) {
        const known = new Set(state.recordings.flatMap((r) => Object.keys(r.events.eventId)));
        const unknown = ev.filter((e) => !known.has(String(e)));
        if (unknown.length) return `event_id: unknown event(s) ${unknown.join(', ')}; the recordings have ${[...known].join(', ') || 'no events'}`;
      }
      return null;
    }
    case 'window_epoch': {
      if (state.recordings.some(isEpochedRecording)) return EPOCHED_FILES;
      const d = num('duration');
      const o = num('overlap');
      const ms = msInsteadOfSeconds({ duration: d, overlap: o });
      if (ms) return ms;
      if (d !== null && o !== null && o >= d) return `overlap (${o} s) must be shorter than duration (${d} s)`;
      return null;
    }
    case 'generate_dataset': {
      const t = num('test_ratio') ?? 0.2;
      const v = num('val_ratio') ?? 0.2;
      for (const [k, x] of [
        ['test_ratio', t],
        ['val_ratio', v],
      ] as const)
        if ((args.unit ?? 'ratio') === 'ratio' && x > 1 && x < 100) return `${k} is a fraction of the data (${round(x / 100)} for ${x}%), not a percentage`;
      if ((args.unit ?? 'ratio') === 'ratio' && t + v >= 1) return `test_ratio + val_ratio (${t} + ${v}) must leave data for training (sum < 1)`;
      return null;
    }
    case 'configure_training': {
      const e = num('epoch');
      const bs = num('batch_size');
      const lr = num('learning_rate');
      if (e !== null && (e < 1 || e > 10000)) return `epoch (${e}) must be between 1 and 10000`;
      if (lr !== null && (lr <= 0 || lr >= 1)) return `learning_rate (${lr}) must be in (0, 1)`;
      // a batch larger than the data is legal (one full batch per epoch; configure_training warns): not refused here
      if (bs !== null && (bs < 1 || !Number.isInteger(bs))) return `batch_size (${bs}) must be a positive integer`;
      return null;
    }
    case 'load_data':
    case 'list_files':
    case 'export_epochs':
    case 'export_model':
    case 'attach_labels': {
      // only well-typed values are checked here; the schema names a wrong type (a number, a nested array)
      const given: unknown =
        tool === 'load_data'
          ? args.paths
          : tool === 'list_files'
            ? [args.directory ?? '.']
            : tool === 'attach_labels'
              ? args.mapping && typeof args.mapping === 'object'
                ? Object.values(args.mapping)
                : []
              : [args.path];
      const paths = Array.isArray(given) ? given.filter((p): p is string => typeof p === 'string' && p.length > 0) : [];
      const access = tool === 'list_files' ? 'list' : tool.startsWith('export_') ? 'write' : 'read';
      for (const p of paths) {
        try {
          insideWorkspace(env, p, access, 'path', extraRoots);
        } catch (e) {
          if (e instanceof XBrainError) return e.message;
          throw e;
        }
      }
      return null;
    }
    default:
      return null;
  }
}
