import { definitionByName } from '../tools/definitions';
import { STAGES, type Stage } from '../study/types';

/** The stage a notebook is at between calls; `unknown` once it cannot be predicted without running. */
export type FlowStage = Stage | 'unknown';

export type FlowVerdict =
  | { kind: 'ok'; after: FlowStage }
  /** the registry would offer a skip-ahead plan with defaults, which needs confirmation (`--yes`) */
  | { kind: 'skip'; after: FlowStage; message: string }
  | { kind: 'impossible'; after: FlowStage; message: string };

const STAGE_AFTER: Record<string, Stage | 'same'> = {
  load_data: 'data_loaded',
  clear_dataset: 'empty',
  reset_preprocessing: 'data_loaded',
  epoch_data: 'preprocessed',
  window_epoch: 'preprocessed',
  generate_dataset: 'dataset_ready',
  // Notebook and CLI runs wait for training to finish.
  start_training: 'trained',
  run_sweep: 'trained',
};

const FIRST_STEP: Partial<Record<Stage, string>> = {
  data_loaded: 'load_data',
  preprocessed: 'epoch_data (or window_epoch)',
  dataset_ready: 'generate_dataset',
  trained: 'start_training',
};

function index(s: Stage): number {
  return STAGES.indexOf(s);
}

/** Where a call that runs successfully leaves the notebook. */
function stageAfter(tool: string, before: Stage): FlowStage {
  const next = STAGE_AFTER[tool];
  if (next && next !== 'same') return next;
  const def = definitionByName.get(tool);
  if (!def) return 'unknown';
  // Preprocessing a configured dataset clears the dataset and runs (after confirmation): back to epochs.
  if (def.category === 'preprocess' && def.mutates && (before === 'dataset_ready' || before === 'trained')) return 'preprocessed';
  return before;
}

/**
 * What the stage order says about calling `tool` at `before`, as the StateManager would decide when the notebook
 * runs top to bottom on a fresh Study. Mirrors its skip-plan rule: nothing skips ahead from `empty`, and tools of
 * earlier stages need an explicit step back.
 */
export function checkStageOrder(tool: string, before: FlowStage): FlowVerdict {
  const def = definitionByName.get(tool);
  if (!def || before === 'unknown') return { kind: 'ok', after: 'unknown' };
  if (def.stages.includes(before)) return { kind: 'ok', after: stageAfter(tool, before) };
  const ci = index(before);
  const later = def.stages.filter((s) => index(s) > ci).sort((a, b) => index(a) - index(b));
  if (later.length > 0) {
    const target = later[0];
    if (before === 'empty' || before === 'training') {
      return {
        kind: 'impossible',
        after: 'unknown',
        message: `'${tool}' needs stage ${def.stages.map((s) => `'${s}'`).join(' or ')} but the notebook is at '${before}' here: call ${FIRST_STEP[target] ?? 'the earlier steps'} first${before === 'empty' ? ' (start with load_data)' : ''}.`,
      };
    }
    const after = tool === 'start_training' || tool === 'run_sweep' ? 'trained' : target === 'trained' ? 'trained' : stageAfter(tool, target);
    return {
      kind: 'skip',
      after,
      message: `'${tool}' is not available at stage '${before}': running it skips ahead with default steps (${FIRST_STEP[target] ?? target}…) and asks for confirmation (xbrain run --yes).`,
    };
  }
  return {
    kind: 'impossible',
    after: 'unknown',
    message: `'${tool}' is only available in stage ${def.stages.map((s) => `'${s}'`).join(', ')}, which the notebook has passed at this point ('${before}'): go back with reset_preprocessing or clear_dataset first.`,
  };
}
