/**
 * The one boundary between the signal kernels' neutral parameter names (signal/params.ts) and a tool's argument
 * names: a kernel refusal naming `{low}` becomes one naming `low_freq` for apply_bandpass_filter and `l_freq` for
 * apply_standard_preprocess, in the message and in `parameter`.
 */
import { SIGNAL_PARAMS, type SignalParam } from '../signal/params';
import { XBrainError } from '../errors';

export type ArgNames = Partial<Record<SignalParam, string>>;

const TOKEN = new RegExp(`\\{(${SIGNAL_PARAMS.join('|')})\\}`, 'g');

/** The error with its parameter tokens written as the tool's argument names (a kernel's own name where none is given). */
export function withArgNames(e: unknown, names: ArgNames): unknown {
  if (!(e instanceof XBrainError)) return e;
  const p = e.details.parameter;
  const parameter = typeof p === 'string' && p in names ? names[p as SignalParam] : p;
  const message = e.message.replace(TOKEN, (_m, name: SignalParam) => names[name] ?? name);
  if (message === e.message && parameter === p) return e;
  return new XBrainError(e.code, message, { ...e.details, parameter });
}

/** Runs a kernel call and reports its refusals under the tool's argument names. */
export async function callWithArgNames<T>(names: ArgNames, f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw withArgNames(e, names);
  }
}
