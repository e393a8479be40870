import { describe, it, expect } from 'vitest';
import { interpretRequest } from '../../../src/core/agent/interpretRequest';
import type { PlannerContext } from '../../../src/core/agent/plannerRules';
import { definitionByName } from '../../../src/core/tools/definitions';
import type { PastTurn } from '../../../src/core/agent/understanding/references';
import type { PlannedCall } from '../../../src/core/study/stateManager';
import type { Stage } from '../../../src/core/study/types';

/*
 * Mechanisms of the understanding layer that must carry over to wording nobody tuned on (issue 14): clause splitting
 * in Chinese with a light verb, the same step said twice in one request, shares "of it", "and a half", Chinese
 * powers, "the same as before, but …", "what about X?" follow-ups and the model a set_model replaced. Every phrasing
 * here was written for this file; none is a line of test/agent-cases.
 */

const TRAINED = { epoch: 10, batch_size: 32, learning_rate: 0.001 };

function ctxAt(stage: Stage, history: PastTurn[] = []): PlannerContext {
  return {
    stage,
    available: [...definitionByName.values()].filter((d) => (d.stages as readonly string[]).includes(stage)).map((d) => d.name),
    dataPath: null,
    previous: history.length ? history[history.length - 1].calls : [],
    events: stage === 'empty' ? [] : ['T0', 'T1', 'T2'],
    training: stage === 'trained' ? { ...TRAINED } : null,
    history,
    sfreq: stage === 'empty' ? null : 160,
    channels: stage === 'empty' ? null : 64,
  };
}

/** Plans the turns in order (each turn's calls, and the given tool answers, become the next one's history). */
function plan(stage: Stage, turns: string[], results: string[][] = []): PlannedCall[] {
  const history: PastTurn[] = [];
  let out = interpretRequest(turns[0], ctxAt(stage));
  for (let i = 1; i < turns.length; i++) {
    history.push({ user: turns[i - 1], calls: out.calls, results: results[i - 1] ?? [] });
    out = interpretRequest(turns[i], ctxAt(stage, [...history]));
  }
  return out.calls;
}
const tools = (calls: PlannedCall[]) => calls.map((c) => c.tool);

describe('a Chinese step after 再/後 with a light verb (做, 進行, 來) is a step of its own', () => {
  it.each([
    ['先陷波 50 Hz 再來做 z-score', ['apply_notch_filter', 'normalize_data']],
    ['帶通 4 到 38 Hz 後進行平均參考', ['apply_bandpass_filter', 'set_reference']],
    ['降採樣到 200 Hz 再做帶通 1 到 45 Hz', ['resample_data', 'apply_bandpass_filter']],
  ])('"%s"', (text, want) => {
    expect(tools(plan('data_loaded', [text]))).toEqual(want);
  });
  it('"分成 N 折" is a k-fold split', () => {
    expect(plan('preprocessed', ['把資料分成 4 折'])).toEqual([{ tool: 'generate_dataset', arguments: expect.objectContaining({ unit: 'kfold', folds: 4 }) }]);
  });
});

describe('the same step twice in one request is one call', () => {
  it('a second clause of the same step that only restates a default adds nothing and makes no second call', () => {
    const calls = plan('preprocessed', ['generate the dataset by session and hold out 20% for test']);
    expect(tools(calls)).toEqual(['generate_dataset']);
    expect(calls[0].arguments).toMatchObject({ split_strategy: 'session', test_ratio: 0.2 });
  });
  it('the verb repeated with more of a list grows the list', () => {
    expect(plan('empty', ['load S005R01.edf and load S005R02.edf'])).toEqual([{ tool: 'load_data', arguments: { paths: ['S005R01.edf', 'S005R02.edf'] } }]);
  });
});

describe('quantities said in words', () => {
  it('a share "of it" / "of them" is a share of the data', () => {
    expect(plan('preprocessed', ['split by trial, a tenth of them for testing'])[0].arguments).toMatchObject({ test_ratio: 0.1 });
    expect(plan('preprocessed', ['切分資料，十分之三拿來當測試集'])[0].arguments).toMatchObject({ test_ratio: 0.3 });
  });
  it('"and a half" adds 0.5 in English and Chinese', () => {
    expect(plan('data_loaded', ['sliding windows of two and a half seconds'])[0].arguments).toMatchObject({ duration: 2.5 });
    expect(plan('data_loaded', ['切成三秒半的視窗'])[0].arguments).toMatchObject({ duration: 3.5 });
  });
  it('Chinese powers with Chinese numerals', () => {
    expect(plan('dataset_ready', ['學習率用十的負四次方'])).toEqual([
      { tool: 'configure_training', arguments: expect.objectContaining({ learning_rate: 0.0001 }) },
    ]);
    expect(plan('dataset_ready', ['batch 用二的五次方'])[0].arguments).toMatchObject({ batch_size: 32 });
  });
});

describe('conversation: earlier values and tools', () => {
  it('"the same as before, but X" is the earlier call of that step with only X changed', () => {
    const calls = plan('data_loaded', ['epoch T1 and T2 from -1 to 3 s', 'resample to 100 Hz', 'same epochs as before but only T2']);
    expect(calls).toEqual([{ tool: 'epoch_data', arguments: { t_min: -1, t_max: 3, event_id: ['T2'] } }]);
    const zh = plan('preprocessed', ['依受試者分割，測試 30%', '其他跟之前一樣，驗證集改成 10%']);
    expect(zh).toEqual([{ tool: 'generate_dataset', arguments: expect.objectContaining({ split_strategy: 'subject', test_ratio: 0.3, val_ratio: 0.1 }) }]);
  });
  it('"what about X?" / "那 X 呢" repeats the last step with X in place of its value', () => {
    expect(plan('trained', ['evaluate on the held-out test split', 'how about validation?'])).toEqual([{ tool: 'evaluate', arguments: { split: 'val' } }]);
    expect(plan('trained', ['在測試集上評估', '那訓練集呢'])).toEqual([{ tool: 'evaluate', arguments: { split: 'train' } }]);
  });
  it('the previous model includes the one a set_model replaced (its answer says "was …")', () => {
    const turns = ['switch to ShallowConvNet', 'revert to the earlier model'];
    const results = [['Model set to ShallowConvNet (was SCCNet): 40000 parameters for 64 channels × 641 samples at 160 Hz, 2 classes.']];
    expect(plan('trained', turns, results)).toEqual([{ tool: 'set_model', arguments: { model_name: 'SCCNet' } }]);
    expect(plan('trained', ['模型改用 ShallowConvNet', '切回原本的模型'], results)).toEqual([{ tool: 'set_model', arguments: { model_name: 'SCCNet' } }]);
  });
});
