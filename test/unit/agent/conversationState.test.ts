// The conversation state the offline planner resolves a turn against (issue 14, conversation): which earlier calls
// ran and which were refused, values rejected by name ("Tokyo lab, not Osaka"), file codes and pronouns that point at
// an earlier turn, repeats with a folder or a model swapped, lists that grow. English and Traditional Chinese.
import { describe, it, expect } from 'vitest';
import { interpretRequest } from '../../../src/core/agent/interpretRequest';
import { pastTurns } from '../../../src/core/agent/offlinePlanner';
import { Conversation } from '../../../src/core/agent/conversation';
import { withoutRejected, type PastTurn } from '../../../src/core/agent/understanding/references';
import type { PlannedCall } from '../../../src/core/study/stateManager';
import type { ChatMessage } from '../../../src/core/agent/llm';
import { ctxAt, planTurns } from './plannerContext';

const tools = (calls: PlannedCall[]) => calls.map((c) => c.tool);

/** Earlier turns where the last one's call was refused by its tool (e.g. a batch larger than the data). */
function refusedAfter(first: [string, PlannedCall], second: [string, PlannedCall]): PastTurn[] {
  return [
    { user: first[0], calls: [first[1]], results: ['Training configuration updated.'], failed: [] },
    { user: second[0], calls: [second[1]], results: ['ERROR (invalid_arguments): Tool call REJECTED before running.'], failed: [second[1]] },
  ];
}

describe('conversation state: calls that did not run', () => {
  it('pastTurns marks a call whose tool answered with an error, and reads the marker back from the folded summary', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'batch size 24' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'a', name: 'configure_training', arguments: { batch_size: 24 } }] },
      { role: 'tool', toolCallId: 'a', name: 'configure_training', content: 'Training configuration updated.' },
      { role: 'user', content: 'double it' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'b', name: 'configure_training', arguments: { batch_size: 48 } }] },
      { role: 'tool', toolCallId: 'b', name: 'configure_training', content: 'ERROR (invalid_arguments): Tool call REJECTED before running: batch_size (48) …' },
    ];
    const turns = pastTurns(messages);
    expect(turns[0].failed).toEqual([]);
    expect(turns[1].failed?.map((c) => c.arguments)).toEqual([{ batch_size: 48 }]);
    const folded = pastTurns([
      {
        role: 'user',
        content:
          '(Summary of 2 earlier request(s), for context only)\n- "batch size 24" → configure_training({"batch_size":24})\n- "double it" → configure_training({"batch_size":48}) [not run]',
      },
    ]);
    expect(folded.map((t) => t.calls[0].arguments.batch_size)).toEqual([24, 48]);
    expect(folded[0].failed).toEqual([]);
    expect(folded[1].failed).toEqual([folded[1].calls[0]]);
  });

  it('the summary of folded turns marks refused calls [not run] for every model, and keeps those that ran unmarked', () => {
    const c = new Conversation();
    const turn = (user: string, id: string, args: Record<string, unknown>, result: string) =>
      c.add({
        user,
        route: 'operation',
        at: '',
        answer: '',
        messages: [
          { role: 'assistant', content: '', toolCalls: [{ id, name: 'configure_training', arguments: args }] },
          { role: 'tool', toolCallId: id, name: 'configure_training', content: result },
        ],
      });
    turn('batch 24', 'x1', { batch_size: 24 }, 'Training configuration updated.');
    turn('double it', 'x2', { batch_size: 48 }, 'ERROR (invalid_arguments): Tool call REJECTED before running.');
    turn('epochs 20', 'x3', { epoch: 20 }, 'Training configuration updated.');
    const summary = c.window(1)[0].content;
    expect(summary).toContain('configure_training({"batch_size":24})\n');
    expect(summary).toContain('configure_training({"batch_size":48}) [not run]');
  });

  it('a follow-up after a refused call keeps the value in effect, not the refused one (en, zh)', () => {
    const history = refusedAfter(
      ['batch size 24 for now', { tool: 'configure_training', arguments: { batch_size: 24 } }],
      ['hmm, double it', { tool: 'configure_training', arguments: { batch_size: 48, epoch: 10 } }],
    );
    const en = interpretRequest('and bump the epochs to 40', ctxAt('dataset_ready', history));
    expect(en.calls[0]).toMatchObject({ tool: 'configure_training', arguments: { epoch: 40, batch_size: 24 } });
    const zh = interpretRequest('那 epoch 改成 40', ctxAt('dataset_ready', history));
    expect(zh.calls[0]).toMatchObject({ tool: 'configure_training', arguments: { epoch: 40, batch_size: 24 } });
  });

  it('"打錯了，是 50": a correction cue before a bare number', () => {
    expect(planTurns('data_loaded', ['notch at 60', '打錯了，是 50']).calls).toEqual([{ tool: 'apply_notch_filter', arguments: { freq: 50 } }]);
  });

  it('a bare number after a turn that named none replaces the value that turn changed (en, zh)', () => {
    const history = refusedAfter(
      ['batch size 40', { tool: 'configure_training', arguments: { batch_size: 40 } }],
      ['hmm, triple it', { tool: 'configure_training', arguments: { batch_size: 120, epoch: 10 } }],
    );
    expect(interpretRequest('no, 30 then', ctxAt('dataset_ready', history)).calls).toEqual([
      { tool: 'configure_training', arguments: { batch_size: 30, epoch: 10 } },
    ]);
    expect(interpretRequest('不對，30', ctxAt('dataset_ready', history)).calls[0].arguments.batch_size).toBe(30);
  });
});

describe('conversation state: references to earlier turns', () => {
  it('"X, not Y" with Y said before corrects the earlier step (en, zh, a number)', () => {
    expect(planTurns('data_loaded', ['notch the line noise, we recorded in Osaka', 'sorry, Tokyo lab, not Osaka']).calls).toEqual([
      { tool: 'apply_notch_filter', arguments: { freq: 50 } },
    ]);
    expect(planTurns('data_loaded', ['陷波，我們在大阪錄的', '是東京，不是大阪']).calls[0]).toMatchObject({ arguments: { freq: 50 } });
    expect(planTurns('data_loaded', ['plot the PSD of C3', 'C4 rather than C3']).calls[0].arguments.channels).toEqual(['C4']);
    expect(planTurns('data_loaded', ['resample to 128', 'make it 256, not 128']).calls).toEqual([{ tool: 'resample_data', arguments: { rate: 256 } }]);
    // set apart by a comma, the rejected value need not have been said before
    expect(planTurns('data_loaded', ['陷波 60', '我們在德國，不是美國']).calls[0]).toMatchObject({ arguments: { freq: 50 } });
    expect(planTurns('data_loaded', ['notch 60', 'we are in Germany, not the US']).calls[0]).toMatchObject({ arguments: { freq: 50 } });
  });

  it('"not" keeps its meaning when the words after it were never said, or name a step', () => {
    const turns: PastTurn[] = [{ user: 'clear the dataset', calls: [{ tool: 'clear_dataset', arguments: {} }], results: [] }];
    expect(withoutRejected('no, do not clear the dataset', turns)).toBe('no, do not clear the dataset');
    expect(withoutRejected('I do not want the notch', turns)).toBe('I do not want the notch');
    expect(withoutRejected('clear it, not reset', turns)).toBe('clear it, not reset');
    expect(tools(planTurns('data_loaded', ['clear the dataset', 'wait, do not clear the dataset']).calls)).not.toContain('clear_dataset');
    expect(tools(planTurns('data_loaded', ['清除資料', '不是，不要清除資料']).calls)).not.toContain('clear_dataset');
  });

  it('a run or subject code in the spelling of an earlier file is that file; channel names stay channels', () => {
    expect(planTurns('empty', ['把 S001R04.edf 讀進來', 'R08 那個也一起']).calls).toEqual([{ tool: 'load_data', arguments: { paths: ['S001R08.edf'] } }]);
    expect(planTurns('empty', ['load S001R04.edf', 'and S002 as well']).calls[0].arguments.paths).toEqual(['S002R04.edf']);
    expect(planTurns('data_loaded', ['load S001R04.edf', 'plot the PSD of C3']).calls[0].arguments.channels).toEqual(['C3']);
  });

  it('"that one" is the thing the conversation is about', () => {
    expect(planTurns('trained', ['evaluate', 'export that one to models/eegnet15']).calls).toEqual([
      { tool: 'export_model', arguments: { path: 'models/eegnet15' } },
    ]);
  });

  it('the same again with a folder swapped (en, zh)', () => {
    expect(planTurns('preprocessed', ['export the epochs to out/run1', 'same again into out/run2']).calls).toEqual([
      { tool: 'export_epochs', arguments: { path: 'out/run2' } },
    ]);
    expect(planTurns('trained', ['export the model to exports/a', 'do the same into exports/b']).calls[0].arguments.path).toBe('exports/b');
  });

  it('stopping is never what a repeat with another model does again (en, zh)', () => {
    const zh = planTurns('training', ['夠了，停掉', '換 ShallowConvNet 重新跑 15 個 epoch']).calls;
    expect(tools(zh)).toEqual(['set_model', 'configure_training', 'start_training']);
    expect(zh[1].arguments.epoch).toBe(15);
    expect(tools(planTurns('training', ['stop training', 'same with EEGNet']).calls)).not.toContain('stop_training');
  });

  it('adding to an earlier list grows it; naming another value replaces it (en, zh)', () => {
    expect(planTurns('data_loaded', ['幫我畫 C3、C4 的功率頻譜', 'Cz 也加進去']).calls[0].arguments.channels).toEqual(['C3', 'C4', 'Cz']);
    expect(planTurns('data_loaded', ['plot the PSD of C3 and C4', 'add Cz too']).calls[0].arguments.channels).toEqual(['C3', 'C4', 'Cz']);
    expect(planTurns('data_loaded', ['plot the PSD of C3 and C4', 'same for Cz']).calls[0].arguments.channels).toEqual(['Cz']);
  });

  it('"those channels" after a turn that named channels but ran nothing: the channels it named (en, zh)', () => {
    expect(planTurns('data_loaded', ['show me C3, Cz and C4', 'keep just those channels']).calls).toEqual([
      { tool: 'select_channels', arguments: { channels: ['C3', 'Cz', 'C4'] } },
    ]);
    expect(planTurns('data_loaded', ['給我看 C3、C4', '只保留那些通道']).calls[0].arguments.channels).toEqual(['C3', 'C4']);
  });

  it('"cut that in half", "砍一半": a share of the value the step before set, not epoching', () => {
    expect(planTurns('dataset_ready', ['learning rate 0.002', 'cut that in half']).calls[0]).toMatchObject({
      tool: 'configure_training',
      arguments: { learning_rate: 0.001 },
    });
    expect(planTurns('dataset_ready', ['學習率 0.002', '砍一半']).calls[0].arguments.learning_rate).toBeCloseTo(0.001);
  });

  it('"the same as before, but without the baseline": the earlier step again with the setting off (en, zh)', () => {
    expect(planTurns('trained', ['evaluate on test', 'same as before but without the baseline']).calls).toEqual([
      { tool: 'evaluate', arguments: { split: 'test', baseline: false } },
    ]);
    expect(planTurns('trained', ['評估模型', '跟剛才一樣，但不要基線']).calls[0]).toMatchObject({ tool: 'evaluate', arguments: { baseline: false } });
  });
});

describe('conversation safety: a reference repeats no destructive step, a correction re-runs only what it changes', () => {
  it('"do it again" after a clear and a load loads again without clearing (en, zh)', () => {
    expect(planTurns('data_loaded', ['wipe the study and open S003R06.edf', 'once more please']).calls).toEqual([
      { tool: 'load_data', arguments: { paths: ['S003R06.edf'] } },
    ]);
    expect(tools(planTurns('data_loaded', ['清空研究，然後載入 S003R06.edf', '剛才那步再做一次']).calls)).toEqual(['load_data']);
  });

  it('a repeat after a stop goes back to the step before the stop, never the stop itself', () => {
    const calls = planTurns('dataset_ready', ['train ShallowConvNet for 12 epochs', 'halt the run', 'do it again']).calls;
    expect(tools(calls)).toEqual(['set_model', 'configure_training', 'start_training']);
    expect(calls[1].arguments.epoch).toBe(12);
    expect(tools(planTurns('preprocessed', ['reset the preprocessing and notch 60', 'same again with 50']).calls)).toEqual(['apply_notch_filter']);
  });

  it('a correction with a unit changes the step given in that unit, not the last numbers said (en, zh)', () => {
    expect(planTurns('data_loaded', ['filter 4-38 and then epoch -1 to 3 s around T2', 'sorry, 2 to 45 Hz']).calls).toEqual([
      { tool: 'apply_bandpass_filter', arguments: { low_freq: 2, high_freq: 45 } },
    ]);
    expect(planTurns('data_loaded', ['filter 4-38 and then epoch -1 to 3 s around T2', 'sorry, 0 to 2 s']).calls[0]).toMatchObject({
      tool: 'epoch_data',
      arguments: { t_min: 0, t_max: 2 },
    });
    expect(planTurns('data_loaded', ['帶通 4 到 38，然後切 T2 前 1 秒到後 3 秒', '不對，是 2 到 45 Hz']).calls[0]).toMatchObject({
      tool: 'apply_bandpass_filter',
      arguments: { low_freq: 2, high_freq: 45 },
    });
  });

  it('a corrected run length re-runs the run, without choosing the model again (en, zh)', () => {
    expect(planTurns('dataset_ready', ['train SCCNet for 40 epochs', 'oops, 14']).calls).toEqual([
      { tool: 'configure_training', arguments: { epoch: 14 } },
      { tool: 'start_training', arguments: {} },
    ]);
    expect(tools(planTurns('dataset_ready', ['用 SCCNet 訓練 40 個 epoch', '打錯了，是 14']).calls)).toEqual(['configure_training', 'start_training']);
  });

  it('"the last step", 「剛剛那個模型」: the step or model the conversation had before', () => {
    expect(planTurns('data_loaded', ['resample to 200', 'redo the previous step']).calls).toEqual([{ tool: 'resample_data', arguments: { rate: 200 } }]);
    expect(planTurns('dataset_ready', ['用 ShallowConvNet', '改用 EEGNet', '還是換回剛剛那個模型']).calls).toEqual([
      { tool: 'set_model', arguments: { model_name: 'ShallowConvNet' } },
    ]);
  });

  it('the same step at another value, even the default one; channels kept "too" join the selection (en, zh)', () => {
    expect(planTurns('data_loaded', ['notch filter at 60', 'now do the same at 50']).calls).toEqual([{ tool: 'apply_notch_filter', arguments: { freq: 50 } }]);
    expect(planTurns('data_loaded', ['keep only FC3 and FC4', 'keep C1 too']).calls[0].arguments.channels).toEqual(['FC3', 'FC4', 'C1']);
    expect(planTurns('data_loaded', ['只保留 FC3 和 FC4', 'C1 也保留']).calls[0].arguments.channels).toEqual(['FC3', 'FC4', 'C1']);
  });

  it('a bare repeat after a changed setting is that step, not a new one (en, zh)', () => {
    expect(tools(planTurns('preprocessed', ['make the dataset with 4 folds', '種子改 99 然後再分一次']).calls)).toEqual(['generate_dataset']);
    expect(tools(planTurns('preprocessed', ['make the dataset with 4 folds', 'set the seed to 99 and redo it']).calls)).toEqual(['generate_dataset']);
  });

  it('a new model and "run it again for N" train for N; "the X one" is the step before with X in its slot', () => {
    const calls = planTurns('dataset_ready', ['train EEGNet', 'switch to ShallowConvNet and run it again for 8']).calls;
    expect(calls).toEqual([
      { tool: 'set_model', arguments: { model_name: 'ShallowConvNet' } },
      { tool: 'configure_training', arguments: { epoch: 8 } },
      { tool: 'start_training', arguments: {} },
    ]);
    expect(planTurns('trained', ['plot the loss curve', 'now the accuracy one']).calls).toEqual([{ tool: 'plot_training', arguments: { metric: 'accuracy' } }]);
  });

  it('events renamed earlier are what "those classes" means', () => {
    const calls = planTurns('preprocessed', ['rename T1 to hands and T2 to feet', 'epoch around those two classes from 0 to 3 s']).calls;
    expect(calls[0]).toMatchObject({ tool: 'epoch_data', arguments: { event_id: ['hands', 'feet'] } });
  });

  it('a setting refused after its name is taken off the step; a refused step after a comma is not run (en, zh)', () => {
    expect(planTurns('trained', ['export the model to out/m', '評估一下驗證集，基線就不用了']).calls).toEqual([
      { tool: 'evaluate', arguments: { split: 'val', baseline: false } },
    ]);
    expect(planTurns('trained', ['evaluate on the validation split, baseline not needed']).calls[0].arguments.baseline).toBe(false);
    expect(tools(planTurns('data_loaded', ['band-pass 1-40, clearing not needed']).calls)).toEqual(['apply_bandpass_filter']);
  });

  it('runs listed with 跟/和 are all loaded', () => {
    expect(planTurns('empty', ['把 raw 資料夾的 run 6 和 10 讀進來']).calls[0].arguments.runs).toEqual([6, 10]);
  });
});
