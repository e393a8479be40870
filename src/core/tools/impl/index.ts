import type { ToolImplementations } from '../types';
import { stateTools } from './state';
import { ioTools } from './io';
import { signalTools } from './signal';
import { datasetTools } from './dataset';
import { trainingTools } from './training';
import { analysisTools } from './analysis';
import { sweepTools } from './sweep';
import { protocolTools } from './protocol';

/** Implementations by area; a name missing here is reported by the registry as not available yet. */
export const allImplementations: ToolImplementations = {
  ...stateTools,
  ...ioTools,
  ...signalTools,
  ...datasetTools,
  ...trainingTools,
  ...analysisTools,
  ...sweepTools,
  ...protocolTools,
};
