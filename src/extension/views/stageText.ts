import type { Stage, StudyState } from '../../core/study/types';
import { deriveStage } from '../../core/study/stage';
import { describeStage, trainingProgress } from '../../core/study/stageLabels';

/** The status bar item's text and tooltip (pure): the stage by its contract name, training progress while it runs. */
export function stageStatus(state: Pick<StudyState, 'recordings' | 'epochs' | 'dataset' | 'runs'>, trusted: boolean): { text: string; tooltip: string } {
  const stage: Stage = deriveStage(state);
  const progress = stage === 'training' ? trainingProgress(state) : null;
  const text = `$(${stage === 'training' ? 'sync~spin' : 'pulse'}) XBrain: ${stage}${progress ? ` · ${progress}` : ''}${trusted ? '' : ' (read-only)'}`;
  const tooltip = `XBrain stage ${describeStage(stage)}${trusted ? '' : ' The workspace is not trusted: no training and no agent tools.'} Click to show the Study view.`;
  return { text, tooltip };
}
