import type { ChannelStats, RecordingHeader } from '../types';

/** A sample window [start, stop) in samples at the recording's (highest) sampling rate. */
export interface SampleWindow {
  start: number;
  stop: number;
}

/**
 * What one file format yields, before events are derived. File-stored events follow MNE: EEGLAB events, BrainVision
 * markers, GDF event tables, CNT events and EDF+ TALs become `annotations`; stim/trigger channels stay channels of
 * type 'stim' (the generic event step, src/core/io/events.ts, applies XBrainLab's precedence).
 * `data[c]` is channel c in SI units at `sfreq` (channels stored at a lower own rate brought up as MNE does).
 */
export interface RawContent extends RecordingHeader {
  data: Float32Array[];
  /** when `window` was given: the first sample read (data covers [window.start, window.stop)) */
  firstSample?: number;
  /** channel data at its own rate, for files with uneven rates (indexed like `channels`; absent = same as data[c]) */
  ownRate?: (Float32Array | undefined)[];
  /**
   * Per-channel mean/std (ddof=0) of `data` computed from the float64 samples before float32 storage, for readers
   * whose values lose digits in float32 (large DC offsets); `xbrain inspect` prefers it over stats of `data`.
   */
  exactStats?: ChannelStats;
}

/** One file format. Readers never read sample data in `readHeader`, and read only the window when one is given. */
export interface FormatReader {
  /** as RecordingHeader.format */
  format: string;
  /** lower-case file extensions with the dot, e.g. ['.edf'] */
  extensions: string[];
  readHeader(path: string): Promise<RecordingHeader>;
  read(path: string, window?: SampleWindow): Promise<RawContent>;
}

/**
 * What a reader returns for the samples it read: the header with `data`, `firstSample` = `start` when a window was
 * asked for (read.ts reports stim events in whole-file samples by it, even for a window that starts at 0), and the
 * float64 statistics when the whole file was read.
 */
export function readerResult(
  header: RecordingHeader,
  data: Float32Array[],
  window: SampleWindow | undefined,
  start: number,
  exactStats?: ChannelStats,
): RawContent {
  return { ...header, data, ...(window ? { firstSample: start } : {}), ...(exactStats ? { exactStats } : {}) };
}

/** The header part of a reader's result, for formats whose header is known only by reading (an empty window). */
export function headerOf(raw: RawContent): RecordingHeader {
  const { data: _data, firstSample: _first, ownRate: _own, exactStats: _stats, ...header } = raw;
  return header;
}
