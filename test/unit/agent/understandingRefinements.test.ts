import { describe, it, expect } from 'vitest';
import { interpretRequest } from '../../../src/core/agent/interpretRequest';
import { splitClauses } from '../../../src/core/agent/understanding/clauses';
import { chineseNumbers } from '../../../src/core/agent/understanding/numbers';
import { resolveQuantities } from '../../../src/core/agent/understanding/quantities';
import { splitTurn } from '../../../src/core/agent/questionSplit';
import { ctxAt, TRAINED } from './plannerContext';
import type { PastTurn } from '../../../src/core/agent/understanding/references';
import type { Stage } from '../../../src/core/study/types';

/*
 * Mechanisms added for issue 14's generalisation work (units, secondary settings, compounds, conversation references),
 * each checked on phrasings written for this file (none is in test/agent-cases or the understanding fixture).
 */

function plan(stage: Stage, ...turns: string[]) {
  const history: PastTurn[] = [];
  let ctx = ctxAt(stage);
  let out = interpretRequest(turns[0], ctx);
  for (let i = 1; i < turns.length; i++) {
    history.push({ user: turns[i - 1], calls: out.calls, results: [] });
    ctx = ctxAt(stage, [...history]);
    // the configuration the earlier turns set is what the prompt would show
    for (const t of history) for (const c of t.calls) if (c.tool === 'configure_training') ctx.training = { ...(ctx.training ?? {}), ...c.arguments };
    out = interpretRequest(turns[i], ctx);
  }
  return out.calls;
}
const tools = (calls: { tool: string }[]) => calls.map((c) => c.tool);
const facts = (training: Record<string, unknown> | null = { ...TRAINED }) => ({ sfreq: 160, channels: 64, events: ['T1', 'T2'], training });

describe('numbers and units', () => {
  it('a Chinese numeral given as a setting value becomes digits; a lone 一 stays a word', () => {
    expect(chineseNumbers('批次設九十六')).toBe('批次設96');
    expect(chineseNumbers('階數改成八，學習率用一樣的')).toBe('階數改成8，學習率用一樣的');
  });

  it('a share of a training setting is of its current value, in any word order', () => {
    expect(resolveQuantities('fine-tune using a third of the current learning rate', facts()).text).toContain('learning rate 0.000333333');
    expect(resolveQuantities('rerun with batch size at twice what it is now', facts()).text).toContain('batch size 64');
    expect(resolveQuantities('the epochs down to half', facts()).text).toContain('epochs 5');
    expect(resolveQuantities('批次再大兩倍', facts()).text).toContain('batch size 64');
    expect(resolveQuantities('a learning rate 5 times lower', facts()).text).toContain('learning rate 0.0002');
  });

  it('a fraction of a few parts is relative, a learning rate written as 千分之二 is a value', () => {
    expect(resolveQuantities('學習率調成五分之一', facts()).text).toContain('learning rate 0.0002');
    expect(resolveQuantities('學習率設成千分之二', facts()).text).toContain('0.002');
    // nothing configured yet: no current value to take a share of
    expect(resolveQuantities('學習率調成五分之一', facts(null)).text).not.toContain('learning rate 0.0002');
  });

  it('"minus"/"負" sign a time written in words', () => {
    expect(resolveQuantities('from minus a quarter of a second to 3 s', facts()).text).toContain('-0.25 second');
    expect(interpretRequest('切 T1，從負 1 秒到 2 秒', ctxAt('data_loaded')).calls[0].arguments).toMatchObject({ t_min: -1, t_max: 2 });
  });
});

describe('secondary settings in any order', () => {
  it('settings before the model still configure its run, and the model is set first', () => {
    expect(tools(plan('dataset_ready', 'with adamw and batch 8, train ShallowConvNet'))).toEqual(['set_model', 'configure_training', 'start_training']);
  });

  it('"epoch N" next to a training step is the run length, not epoching', () => {
    const calls = plan('dataset_ready', '用 SCCNet 訓練，optimizer 用 sgd，epoch 12');
    expect(tools(calls)).toEqual(['set_model', 'configure_training', 'start_training']);
    expect(calls[1].arguments).toMatchObject({ optimizer: 'sgd', epoch: 12 });
    expect(tools(plan('dataset_ready', 'epochs 40 and seed 2, then train'))).toEqual(['configure_training', 'start_training']);
  });

  it('a filter order after its word, a set-aside share, folds alone', () => {
    expect(plan('data_loaded', '帶通 4 到 40，IIR，階數為 3')[0].arguments).toMatchObject({ method: 'iir', iir_order: 3 });
    expect(plan('preprocessed', 'put a third of the trials aside for testing')[0].arguments.test_ratio).toBeCloseTo(1 / 3);
    expect(plan('preprocessed', '3 folds with seed 12')[0].arguments).toMatchObject({ unit: 'kfold', folds: 3, seed: 12 });
  });

  it('training said in place ("在 GPU 上訓練", "跑 N 個 epoch", "再訓練") starts the run', () => {
    expect(tools(plan('dataset_ready', '在 GPU 上訓練，批次 8'))).toEqual(['configure_training', 'start_training']);
    expect(tools(plan('dataset_ready', '用 EEGNet 跑 7 個 epoch'))).toEqual(['set_model', 'configure_training', 'start_training']);
    expect(tools(plan('trained', '再訓練一次，學習率加倍'))).toEqual(['configure_training', 'start_training']);
  });

  it('a step put off to later in Chinese is not run now', () => {
    expect(splitClauses('先選 SCCNet，訓練我們自己來').map((c) => c.negated)).toEqual([false, true]);
  });
});

describe('compound requests', () => {
  it.each([
    ['empty the workspace, then reload S002R04.edf'],
    ['reset everything and load S002R04.edf'],
    ['全部清掉後開啟 S002R04.edf'],
    ['先 wipe 掉，然後 load S002R04.edf'],
  ])('"%s" clears and then loads', (text) => {
    const calls = plan('data_loaded', text);
    expect(tools(calls)).toEqual(['clear_dataset', 'load_data']);
    expect(calls[1].arguments.paths).toEqual(['S002R04.edf']);
  });

  it('a Chinese list joined by 、 and 再 is one step per item', () => {
    expect(tools(plan('data_loaded', '做 z-score、再陷波 50 Hz、最後重新取樣到 128 Hz'))).toEqual(['normalize_data', 'apply_notch_filter', 'resample_data']);
  });

  it('a request that starts with 降到 and a rate acts; a score that dropped is a report', () => {
    expect(splitTurn('降到 100 Hz 再帶通 1 到 30').requests).toHaveLength(1);
    expect(splitTurn('準確率降到 55%').requests).toHaveLength(0);
  });
});

describe('conversation references', () => {
  it('"not X, Y" and "不是 X，是 Y" correct the value before', () => {
    expect(plan('data_loaded', 'resample to 200', 'not 200, 125')[0].arguments.rate).toBe(125);
    expect(plan('data_loaded', '陷波 60 Hz', '不是 60，是 50')[0].arguments.freq).toBe(50);
  });

  it('"start at"/"end at" move one edge of the epoch window', () => {
    expect(plan('data_loaded', 'epoch T1 from 0 to 3 s', 'end at 2.5 s instead')[0].arguments).toMatchObject({ t_min: 0, t_max: 2.5, event_id: ['T1'] });
    expect(plan('data_loaded', 'epoch T1 from 0 to 3 s', 'start from -0.2')[0].arguments).toMatchObject({ t_min: -0.2, t_max: 3 });
  });

  it('"the same with <setting>" repeats the last step with that setting', () => {
    const calls = plan('dataset_ready', 'train ShallowConvNet for 5 epochs', 'the same again with learning rate 0.01');
    expect(tools(calls)).toEqual(['set_model', 'configure_training', 'start_training']);
    expect(calls[1].arguments).toMatchObject({ epoch: 5, learning_rate: 0.01 });
  });

  it('"X with the same settings" swaps the model and keeps the run', () => {
    const calls = plan('dataset_ready', 'train EEGNet for 3 epochs', 'then SCCNet with the same setup');
    expect(tools(calls)).toEqual(['set_model', 'configure_training', 'start_training']);
    expect(calls[0].arguments.model_name).toBe('SCCNet');
    expect(calls[1].arguments.epoch).toBe(3);
  });

  it('"again on <split>" changes the split; "T2 as well" adds to the events', () => {
    expect(plan('trained', 'evaluate on the test split', 'run that again on validation')[0].arguments.split).toBe('val');
    expect(plan('data_loaded', 'epoch T1 from 0 to 4 s', 'T2 as well')[0].arguments.event_id).toEqual(['T1', 'T2']);
  });

  it('"the previous model" when only one was chosen is the model in place: no new choice', () => {
    expect(tools(plan('dataset_ready', 'train SCCNet for 2 epochs', 'retrain the previous model with batch 4'))).toEqual([
      'configure_training',
      'start_training',
    ]);
  });

  it('"undo both of those", "把剛剛那些都復原" go back to the raw data', () => {
    expect(tools(plan('data_loaded', 'notch 60 and band-pass 1-40', 'undo both of those'))).toEqual(['reset_preprocessing']);
    expect(tools(plan('data_loaded', 'notch 60 and band-pass 1-40', '把剛剛那些都復原'))).toEqual(['reset_preprocessing']);
  });
});
