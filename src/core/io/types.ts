/** MNE channel types that XBrain distinguishes. */
export type ChannelType = 'eeg' | 'eog' | 'emg' | 'ecg' | 'stim' | 'misc' | 'resp' | 'bio' | 'mag' | 'grad' | 'ref_meg' | 'seeg' | 'ecog' | 'syst';

export interface ChannelInfo {
  name: string;
  type: ChannelType;
  /** SI unit of the samples as stored in `Recording.data` ("V" for EEG, "NA" for stim, as MNE reports). */
  unit: string;
  /** The channel's own sampling rate when the file stores channels at different rates (EDF/GDF). */
  ownSfreq?: number;
  /** 3D position in metres (head frame), when the file carries one. */
  loc?: [number, number, number];
}

export interface Annotation {
  /** seconds from the first sample */
  onset: number;
  /** seconds */
  duration: number;
  description: string;
}

/** MNE-style events: parallel arrays, sample indices relative to the first sample of the recording. */
export interface EventList {
  samples: Int32Array;
  codes: Int32Array;
  /** description → code (as `mne.events_from_annotations` / `find_events` build it) */
  eventId: Record<string, number>;
  /** where the events came from (XBrainLab precedence: epochs → stim channel → annotations) */
  source: 'annotations' | 'stim' | 'epochs' | 'labels' | 'none';
}

export interface RecordingHeader {
  /** e.g. "EDF", "EDF+", "BDF", "GDF", "EEGLAB", "BrainVision", "FIF", "CNT", "EGI", "MAT", "NPY" */
  format: string;
  path: string;
  sfreq: number;
  nTimes: number;
  channels: ChannelInfo[];
  /** ISO-8601 or null */
  measDate: string | null;
  annotations: Annotation[];
}

/**
 * One continuous recording in SI units. `data[c]` holds channel c at `sfreq` (channels with a lower own rate are
 * brought to the highest rate as MNE does). Arrays are never mutated after construction: operations make new ones.
 */
export interface Recording extends RecordingHeader {
  data: Float32Array[];
  events: EventList;
  subject: string;
  session: string;
}

/** Statistics as the `xbrain inspect --json` contract states them (SI units, std with ddof=0). */
export interface ChannelStats {
  mean: number[];
  std: number[];
}
