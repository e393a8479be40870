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

/**
 * What an epoched file (EEGLAB .set with EEG.trials > 1, MNE `-epo.fif`) holds, as `mne.read_epochs_eeglab` /
 * `mne.read_epochs` report it. For such a file `RecordingHeader.nTimes` is count × nTimes (the samples stored per
 * channel) and a reader's `data[c]` holds channel c of every epoch back to back.
 */
export interface EpochsHeader {
  /** number of epochs */
  count: number;
  /** samples per epoch */
  nTimes: number;
  /** seconds of each epoch's first sample relative to its event (`epochs.tmin`) */
  tmin: number;
  /** event name → code (`epochs.event_id`) */
  eventId: Record<string, number>;
  /** per epoch: `epochs.events[:, 0]` (sample as stored) and `events[:, 2]` (code) */
  samples: Int32Array;
  codes: Int32Array;
  /** baseline as stored in the file (`epochs.baseline`), null when none was applied */
  baseline: [number | null, number | null] | null;
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
  /** present when the file is epoched (see EpochsHeader) */
  epochs?: EpochsHeader;
}

/**
 * One continuous recording in SI units. `data[c]` holds channel c at `sfreq` (channels with a lower own rate are
 * brought to the highest rate as MNE does). Arrays are never mutated after construction: operations make new ones.
 * An epoched file read with readRecording has `epochs` set and its epochs back to back in `data`; in the Study its
 * samples live in `StudyState.epochs` instead and its entry keeps the header only (`nTimes` 0, empty `data` rows).
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
