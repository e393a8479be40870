import { stagesOf, toolsAvailableIn } from './availability';
import type { Study } from './study';
import type { Stage, StudyState } from './types';
import { STAGES } from './types';
import { deriveStage } from './stage';
import { DEFAULT_MODEL } from '../training/defaults';

export type StepStatus = 'not_started' | 'in_progress' | 'completed' | 'skipped';
export type PipelineStep = 'load' | 'preprocess' | 'epoch' | 'dataset' | 'model' | 'train' | 'evaluate';

export interface PlannedCall {
  tool: string;
  arguments: Record<string, unknown>;
}

/** What to do first to reach a stage, in words (refusal messages). */
const HOW_TO_REACH: Record<Stage, string> = {
  empty: 'clear the study with clear_dataset',
  data_loaded: 'load recordings with load_data',
  preprocessed: 'cut epochs with epoch_data (or window_epoch)',
  dataset_ready: 'split the epochs with generate_dataset',
  training: 'start a training with start_training',
  trained: 'train a model with start_training and wait for it to finish',
};

/** Defaults a skip-ahead plan applies; chosen so that the default models accept the epochs at any common rate. */
export const SKIP_DEFAULTS = {
  bandpass: { low_freq: 4, high_freq: 40 },
  epoch: { t_min: 0, t_max: 2 },
  dataset: { test_ratio: 0.2, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group' },
  model: { model_name: DEFAULT_MODEL.name },
  /** nothing: the epochs and batch size the user did not set adapt to the training set (training/adaptiveDefaults.ts) */
  training: {},
} as const;

/**
 * Derives the stage on every call (never stored), answers from the availability table (study/availability.ts, which the tool definitions read),
 * explains refusals and builds skip-ahead plans. Stateless: every answer comes from the Study passed in.
 */
export class StateManager {
  stage(study: Study | StudyState): Stage {
    return deriveStage('state' in study ? study.state : study);
  }

  availableTools(stage: Stage): string[] {
    return toolsAvailableIn(stage);
  }

  isAvailable(tool: string, stage: Stage): boolean {
    return stagesOf(tool).includes(stage);
  }

  /** The refusal message for a tool that is not offered in this stage: names the stage, the allowed tools, what to do first. */
  refusal(tool: string, stage: Stage): string {
    const allowed = this.availableTools(stage);
    const first = this.firstStep(stagesOf(tool), stage);
    return `Tool '${tool}' is not available in the current stage '${stage}'.${first ? ` First ${first}.` : ''} Available now: ${allowed.join(', ')}.`;
  }

  private firstStep(stages: readonly Stage[], current: Stage): string {
    if (current === 'training') return 'wait for the training to finish or call stop_training';
    const ci = STAGES.indexOf(current);
    const later = stages
      .map((s) => STAGES.indexOf(s))
      .filter((i) => i > ci)
      .sort((a, b) => a - b);
    if (later.length > 0) return HOW_TO_REACH[STAGES[later[0]]];
    const earlier = stages.map((s) => STAGES.indexOf(s)).filter((i) => i < ci);
    if (earlier.length > 0) return 'go back with reset_preprocessing or clear_dataset';
    return '';
  }

  /** Per-step status for dashboards and the agent's prompt. */
  steps(s: StudyState): Record<PipelineStep, StepStatus> {
    const running = s.runs.some((r) => r.status === 'running');
    const done = s.runs.some((r) => r.status === 'done');
    return {
      load: s.recordings.length > 0 ? 'completed' : 'not_started',
      preprocess: s.history.length > 0 ? 'completed' : s.epochs ? 'skipped' : 'not_started',
      epoch: s.epochs ? 'completed' : s.history.length > 0 ? 'in_progress' : 'not_started',
      dataset: s.dataset ? 'completed' : 'not_started',
      model: s.model ? 'completed' : s.dataset && done ? 'skipped' : 'not_started',
      train: running ? 'in_progress' : done ? 'completed' : 'not_started',
      evaluate: s.evaluations.length > 0 ? 'completed' : 'not_started',
    };
  }

  /**
   * Calls that would bring the study from its stage to one where `tool` is available, with defaults.
   * Null when skipping ahead makes no sense (nothing loaded, training running, or the tool lies behind).
   */
  skipPlan(tool: string, s: StudyState): PlannedCall[] | null {
    const stages = stagesOf(tool);
    const stage = deriveStage(s);
    if (stages.length === 0 || stage === 'empty' || stage === 'training') return null;
    const ci = STAGES.indexOf(stage);
    const targets = stages.map((x) => STAGES.indexOf(x)).filter((i) => i > ci);
    if (targets.length === 0) return null;
    const target = STAGES[Math.min(...targets)];
    const plan: PlannedCall[] = [];
    const needEpochs = ['preprocessed', 'dataset_ready', 'trained'].includes(target) && !s.epochs;
    const needDataset = ['dataset_ready', 'trained'].includes(target) && !s.dataset;
    if (needEpochs && s.history.length === 0) plan.push({ tool: 'apply_bandpass_filter', arguments: { ...SKIP_DEFAULTS.bandpass } });
    if (needEpochs) plan.push({ tool: 'epoch_data', arguments: { ...SKIP_DEFAULTS.epoch } });
    if (needDataset) plan.push({ tool: 'generate_dataset', arguments: { ...SKIP_DEFAULTS.dataset } });
    if (tool === 'start_training' || tool === 'run_sweep') {
      if (!s.model) plan.push({ tool: 'set_model', arguments: { ...SKIP_DEFAULTS.model } });
      if (!s.training) plan.push({ tool: 'configure_training', arguments: { ...SKIP_DEFAULTS.training } });
    }
    if (target === 'trained') {
      // 'trained' is reached by training; tools that need it (evaluate, saliency …) get the whole default run.
      if (!s.model) plan.push({ tool: 'set_model', arguments: { ...SKIP_DEFAULTS.model } });
      if (!s.training) plan.push({ tool: 'configure_training', arguments: { ...SKIP_DEFAULTS.training } });
      plan.push({ tool: 'start_training', arguments: {} });
    }
    return plan.length > 0 ? plan : null;
  }
}

export const stateManager = new StateManager();
