import { XBrainError } from '../errors';
import type { StudyState } from './types';
import { diskRowsInfo, epochsLength } from '../signal/spill';

/** Checks that a would-be state is coherent before it is swapped in. Cheap: shapes and ranges, not samples. */
export function checkInvariants(s: StudyState): void {
  if (s.loadedEvents.length !== s.recordings.length) {
    throw new XBrainError('invalid_state', `loadedEvents has ${s.loadedEvents.length} entries for ${s.recordings.length} recordings`);
  }
  for (const r of s.recordings) {
    // rows on disk: their file's shape is checked, not the samples (reading them would defeat keeping them there)
    const disk = diskRowsInfo(r.data);
    if (disk) {
      if (disk.nChannels !== r.channels.length || disk.nTimes !== r.nTimes)
        throw new XBrainError(
          'invalid_state',
          `${r.path}: ${disk.file} holds ${disk.nChannels} × ${disk.nTimes} samples for ${r.channels.length} channels × ${r.nTimes}`,
        );
      continue;
    }
    if (r.data.length !== r.channels.length) {
      throw new XBrainError('invalid_state', `${r.path}: ${r.data.length} data rows for ${r.channels.length} channels`);
    }
    for (let c = 0; c < r.data.length; c++) {
      if (r.data[c].length !== r.nTimes) {
        throw new XBrainError('invalid_state', `${r.path}: channel ${r.channels[c].name} has ${r.data[c].length} samples, expected ${r.nTimes}`);
      }
    }
  }
  const epoched = s.recordings.filter((r) => r.epochs !== undefined);
  if (epoched.length > 0) {
    // epoched files (load_data of EEGLAB trials > 1 / -epo.fif): all files epoched, samples in s.epochs only
    if (epoched.length !== s.recordings.length) throw new XBrainError('invalid_state', 'epoched files and continuous recordings cannot be mixed in one study');
    if (!s.epochs) throw new XBrainError('invalid_state', `${epoched[0].path}: an epoched file needs the study's epochs`);
    if (epoched.some((r) => r.nTimes !== 0)) throw new XBrainError('invalid_state', 'an epoched file keeps no continuous samples (nTimes 0)');
  }
  const e = s.epochs;
  if (e) {
    if (epochsLength(e) !== e.nEpochs * e.nChannels * e.nTimes) {
      throw new XBrainError('invalid_state', `epochs data length ${epochsLength(e)} ≠ ${e.nEpochs}×${e.nChannels}×${e.nTimes}`);
    }
    if (e.labels.length !== e.nEpochs || e.subject.length !== e.nEpochs || e.session.length !== e.nEpochs) {
      throw new XBrainError('invalid_state', 'epochs metadata length does not match the number of epochs');
    }
  }
  if (s.dataset) {
    if (!e) throw new XBrainError('invalid_state', 'a dataset needs epochs');
    for (const sp of s.dataset.splits) {
      for (const idx of [sp.train, sp.val, sp.test]) {
        for (let i = 0; i < idx.length; i++) {
          if (idx[i] < 0 || idx[i] >= e.nEpochs) throw new XBrainError('invalid_state', `split ${sp.name}: epoch index ${idx[i]} out of range`);
        }
      }
    }
  }
  if (s.runs.length > 0 && !s.dataset && s.runs.some((r) => r.status === 'running')) {
    throw new XBrainError('invalid_state', 'a running training needs a dataset');
  }
}
