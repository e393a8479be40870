/**
 * Which reader answers which topic.
 */
import type { StudySummary } from '../../study/summary';
import type { StudyState } from '../../study/types';
import { classFacts, countFacts, windowFacts } from './epochs';
import { resultFacts, significanceFacts, diagnosisFacts } from './evaluation';
import { scaleFacts, samplingFacts, filterFacts } from './preprocessing';
import { channelFacts, recordingFacts, eventFacts } from './recordings';
import { nextFacts } from './nextSteps';
import { splitFacts } from './splits';
import { trainingFacts, lossFacts, fitFacts } from './training';
import type { StudyTopic, ReadContext } from './types';

export const READERS: Record<StudyTopic, (state: StudyState, s: StudySummary, zh: boolean, ctx?: ReadContext) => string[]> = {
  results: resultFacts,
  loss: lossFacts,
  significance: significanceFacts,
  diagnosis: diagnosisFacts,
  classes: classFacts,
  counts: countFacts,
  sampling: samplingFacts,
  filters: filterFacts,
  training: trainingFacts,
  split: splitFacts,
  channels: channelFacts,
  window: windowFacts,
  events: eventFacts,
  recordings: recordingFacts,
  fit: fitFacts,
  scale: scaleFacts,
  next: nextFacts,
};
