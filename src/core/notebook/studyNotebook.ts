import type { StudyState } from '../study/types';
import { formatCall } from './cellParser';
import { NOTEBOOK_VERSION, type XBrainNotebook } from './format';

/** History entries name their operation; most ops are the tool that performs them, these are not. */
const TOOL_FOR_OP: Record<string, string> = {
  bandpass_filter: 'apply_bandpass_filter',
  notch_filter: 'apply_notch_filter',
  resample: 'resample_data',
  normalize: 'normalize_data',
};

/**
 * The Study's analysis so far as an .xbrain notebook (docs/architecture.md §4): load_data, then one code cell per
 * preprocessing and epoching step with its exact parameters and its description as a comment. Running it on a fresh
 * Study reproduces the preprocessing.
 */
export function studyToNotebook(s: Readonly<StudyState>): XBrainNotebook {
  const load = s.recordings.length ? [formatCall('load_data', { paths: s.recordings.map((r) => r.path) })] : [];
  const steps = [...s.history, ...s.epochHistory].map((h) => `# ${h.description}\n${formatCall(TOOL_FOR_OP[h.op] ?? h.op, h.params)}`);
  return {
    version: NOTEBOOK_VERSION,
    metadata: { source: 'study' },
    cells: [
      { kind: 'markdown', source: '# XBrain analysis\nGenerated from the current study.', outputs: [], metadata: {} },
      ...[...load, ...steps].map((source) => ({ kind: 'code' as const, source, outputs: [], metadata: {} })),
    ],
  };
}
