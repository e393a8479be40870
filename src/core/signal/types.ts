/**
 * Epoched data: one contiguous Float32Array in C order (nEpochs × nChannels × nTimes), volts for EEG.
 * Treated as immutable: operations produce a new Epochs.
 */
export interface Epochs {
  data: Float32Array;
  nEpochs: number;
  nChannels: number;
  nTimes: number;
  channels: string[];
  sfreq: number;
  /** time of the first sample of every epoch relative to its event, seconds */
  tmin: number;
  /** class name → label index 0..K-1 (first-seen order, as XBrainLab renumbers) */
  eventId: Record<string, number>;
  /** label index per epoch */
  labels: Int32Array;
  /** per-epoch metadata for splitting and provenance */
  subject: string[];
  session: string[];
  /** index of the source recording in the Study, per epoch */
  recording: Int32Array;
  /** event sample in its source recording, per epoch */
  eventSample: Int32Array;
  baseline: [number | null, number | null] | null;
}

/** One preprocessing step as the Study's history (and an epochs export's history.json) records it. */
export interface HistoryEntry {
  /** tool-level operation, e.g. "bandpass_filter" */
  op: string;
  /** the exact parameters used, defaults filled in */
  params: Record<string, unknown>;
  /** shape of the data after the operation: per recording [channels, times], or [epochs, channels, times] */
  shape: number[][];
  /** human-readable line (XBrainLab-style), e.g. "Filtering 8.0 ~ 30.0 Hz" */
  description: string;
  /** the design actually applied (filter length, transition bandwidths, window, phase, padding …) */
  design?: Record<string, unknown>;
  at: string;
}
