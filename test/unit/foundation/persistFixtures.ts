import { emptyState } from '../../../src/core/study/study';
import type { StudyState } from '../../../src/core/study/types';
import { syntheticEpochs, syntheticRecording } from '../helpers/synthetic';

/** A study whose every array encodes n, so a loaded state can be checked for internal consistency. */
export function stateNumbered(n: number): StudyState {
  const r = syntheticRecording({ channels: 8, sfreq: 100, seconds: 60 });
  r.data[0] = r.data[0].map((v) => v + n);
  const s = emptyState();
  s.recordings = [r];
  s.loadedEvents = [r.events];
  s.epochs = syntheticEpochs(r);
  s.montage = `m-${n}`;
  s.history = [{ op: 'bandpass', params: { n }, shape: [[8, r.nTimes]], description: `step ${n}`, at: '' }];
  return s;
}

export function numberOf(s: StudyState): number {
  const n = Number(s.montage?.slice(2));
  const first = s.recordings[0].data[0][0];
  if (Math.abs(first - n) > 1e-3 * Math.max(1, Math.abs(n))) throw new Error(`arrays (${first}) disagree with study.json (${n})`);
  if (s.history[0].params.n !== n) throw new Error('history disagrees');
  return n;
}
