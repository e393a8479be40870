// The planner context the understanding tests start from: the simulated Study's facts at a stage (160 Hz, 64 channels by name,
// T0/T1/T2, a trained run of 10 epochs at batch 32), with the earlier turns given.
import { interpretRequest } from '../../../src/core/agent/interpretRequest';
import type { PlannerContext, PlanOutcome } from '../../../src/core/agent/plannerRules';
import { definitionByName } from '../../../src/core/tools/definitions';
import type { PastTurn } from '../../../src/core/agent/understanding/references';
import type { Stage } from '../../../src/core/study/types';
import { SIMULATED_CHANNELS } from '../../../src/core/agent/simulatedStudy';
import { isStudyQuestion, selfAnswered, splitTurn } from '../../../src/core/agent/questionSplit';
import { destructiveAsked } from '../../../src/core/agent/understanding/safety';
import type { PlannedCall } from '../../../src/core/study/stateManager';

export const TRAINED = { epoch: 10, batch_size: 32, learning_rate: 0.001 };

/**
 * The settings in force in the simulated Study at a stage, as the prompt's "Current settings" gives them to the planner
 * (band-pass 8–30 Hz and epochs 0–4 s of T1/T2 from `preprocessed` on): what "double the window" is relative to.
 */
export function settingsAt(stage: Stage): PlannedCall[] {
  if (stage === 'empty' || stage === 'data_loaded') return [];
  return [
    { tool: 'apply_bandpass_filter', arguments: { low_freq: 8, high_freq: 30 } },
    { tool: 'epoch_data', arguments: { t_min: 0, t_max: 4, event_id: ['T1', 'T2'] } },
  ];
}

export function ctxAt(stage: Stage, history: PastTurn[] = [], withSettings = false): PlannerContext {
  return {
    ...(withSettings ? { current: settingsAt(stage) } : {}),
    stage,
    available: [...definitionByName.values()].filter((d) => (d.stages as readonly string[]).includes(stage)).map((d) => d.name),
    dataPath: null,
    previous: history.length ? history[history.length - 1].calls : [],
    events: stage === 'empty' ? [] : ['T0', 'T1', 'T2'],
    training: stage === 'trained' ? { ...TRAINED } : null,
    history,
    sfreq: stage === 'empty' ? null : 160,
    channels: stage === 'empty' ? null : 64,
    channelNames: stage === 'empty' ? null : [...SIMULATED_CHANNELS],
  };
}

/** Plans the turns in order (each turn's calls, and the given tool answers, become the next one's history); the last turn's plan. */
export function planTurns(stage: Stage, turns: string[], results: string[][] = []): PlanOutcome {
  const history: PastTurn[] = [];
  let out = interpretRequest(turns[0], ctxAt(stage));
  for (let i = 1; i < turns.length; i++) {
    history.push({ user: turns[i - 1], calls: out.calls, results: results[i - 1] ?? [] });
    out = interpretRequest(turns[i], ctxAt(stage, [...history]));
  }
  return out;
}

/**
 * One turn planned as the offline planner plans it, with no earlier turns: the question split first (questions never
 * act), the requests interpreted (a turn with no question answers its own asides, `selfAnswered`), and a destructive
 * call the request does not ask for on its own left out. The single-turn tables read their rows through this.
 */
export function planSingleTurn(stage: Stage, user: string, withSettings = false): PlannedCall[] {
  const parts = splitTurn(user);
  const plannable = [...new Set([...parts.requests, ...parts.questions.filter(isStudyQuestion)])];
  if (!plannable.length) return [];
  const text = parts.questions.length === 0 ? selfAnswered(user) : plannable.join('; ');
  return interpretRequest(text, ctxAt(stage, [], withSettings)).calls.filter((c) => destructiveAsked(c.tool, user));
}
