import type { StudyState } from './types';
import { deriveStage } from './stage';
import { stateManager } from './stateManager';
import { countEvents } from '../io/events';

export { countEvents };

/** A sample-free description of the Study: what the agent, the tree view and get_study_state see. */
export function summarizeStudy(s: StudyState) {
  const stage = deriveStage(s);
  return {
    stage,
    steps: stateManager.steps(s),
    availableTools: stateManager.availableTools(stage),
    recordings: s.recordings.map((r) => ({
      file: r.path.split(/[\\/]/).pop() ?? r.path,
      path: r.path,
      format: r.format,
      channels: r.channels.length,
      sfreq: r.sfreq,
      // an epoched file's entry holds no continuous samples: its duration is that of its epochs
      seconds: r.epochs ? (r.epochs.count * r.epochs.nTimes) / r.sfreq : r.nTimes / r.sfreq,
      ...(r.epochs ? { epochs: r.epochs.count } : {}),
      subject: r.subject,
      session: r.session,
      events: countEvents(r.events.codes, r.events.eventId),
    })),
    history: s.history.map((h) => h.description),
    epochHistory: s.epochHistory.map((h) => h.description),
    epochs: s.epochs
      ? {
          count: s.epochs.nEpochs,
          channels: s.epochs.nChannels,
          times: s.epochs.nTimes,
          sfreq: s.epochs.sfreq,
          tmin: s.epochs.tmin,
          tmax: s.epochs.tmin + (s.epochs.nTimes - 1) / s.epochs.sfreq,
          perClass: countEvents(s.epochs.labels, s.epochs.eventId),
        }
      : null,
    dataset: s.dataset
      ? {
          config: s.dataset.config,
          splits: s.dataset.splits.map((sp) => ({ name: sp.name, train: sp.train.length, val: sp.val.length, test: sp.test.length })),
          audit: s.dataset.audit,
        }
      : null,
    model: s.model,
    training: s.training,
    montage: s.montage,
    runs: s.runs.map((r) => {
      const last = r.metrics[r.metrics.length - 1];
      return { id: r.id, split: r.splitName, repeat: r.repeat, status: r.status, epochs: r.metrics.length, last: last ?? null, error: r.error };
    }),
    evaluations: s.evaluations.length,
  };
}

export type StudySummary = ReturnType<typeof summarizeStudy>;
