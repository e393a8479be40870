/**
 * The h12-conv conversation table (issue 14): 67 conversations of 2–4 turns (English and Traditional Chinese, written
 * for this test before any dev11 failure was read) on what h11-conv's table did not cover: undo and repeat ("undo that",
 * 「回到上一步」, "once more, at 120", 「再來一次」), topics left and come back to ("back to the filter: make it 1–40"),
 * a status question between two actions, follow-ups that only name a setting ("and batch 32", 「epoch 改 2 秒就好」),
 * a correction of one value of several ("no, the high edge should be 35"), "the other one" and "both", answers to the
 * planner's own question ("which rate?" → "128 Hz"), safety (a refused confirmation stays refused, a repeat never
 * brings back clear or reset) and three items left open by h11-conv ("let's see the loss over epochs", 「停下來」,
 * 「多跑五個」). Each runs on the simulated Study with the real tools, as `npm run eval:agent` runs a case; the last turn
 * is scored. On main at 91db433 41 of 67 passed.
 */
import { describe, expect, it } from 'vitest';
import { describeConversationTable } from './conversationTableSuite';
import { useFreshTrainer } from './simulatedTrainer';
import { planTurns } from './plannerContext';

useFreshTrainer();

describeConversationTable({
  title: 'conversation table (h12-conv): undo, come back, settings alone, both, answers to the planner',
  fixture: 'test/unit/agent/fixtures/conversation-table-h12.jsonl',
  classes: ['undo', 'repeat', 'back', 'status', 'setting', 'one', 'other', 'both', 'answer', 'safe', 'open'],
  minChinese: 25,
  minLong: 8,
});

/** The dev11 classes, each in other wording than dev11's (planner only). */
describe('conversation follow-ups of the dev11 classes, in other wording', () => {
  const cases: [string, string[], { tool: string; arguments: Record<string, unknown> }[]][] = [
    // a pronoun after a question about a setting is that setting
    ['trained', ['what learning rate does the current config use?', 'halve it'], [{ tool: 'configure_training', arguments: { learning_rate: 0.0005 } }]],
    // 「再多一半」: half again as much, and a run again after a run
    [
      'trained',
      ['訓練 8 個 epoch', '輪數再多一半'],
      [
        { tool: 'configure_training', arguments: { epoch: 12 } },
        { tool: 'start_training', arguments: {} },
      ],
    ],
    // a plot's window moves by "later/earlier"; its length stays
    ['data_loaded', ['plot Cz from 20 s for 4 s', 'now 10 s earlier'], [{ tool: 'plot_epochs', arguments: { channels: ['Cz'], start: 10, duration: 4 } }]],
    // a direction particle with its amount
    ['data_loaded', ['resample to 200 Hz', 'take it down by 72'], [{ tool: 'resample_data', arguments: { rate: 128 } }]],
    // 這幾個 is a demonstrative, not a question word
    ['data_loaded', ['keep C3, Cz and C4', '這幾個通道畫 PSD'], [{ tool: 'plot_epochs', arguments: { kind: 'psd', channels: ['C3', 'Cz', 'C4'] } }]],
    // an undo of a model choice, in other words
    ['trained', ['use SCCNet', 'go back a step'], [{ tool: 'set_model', arguments: { model_name: 'EEGNet' } }]],
    // "another N epochs" after a run
    [
      'trained',
      ['train for 12 epochs', 'another 4 epochs'],
      [
        { tool: 'configure_training', arguments: { epoch: 16 } },
        { tool: 'start_training', arguments: {} },
      ],
    ],
    // a setting as an operand of another ("the epochs at half the batch size")
    ['dataset_ready', ['batch size 設 40', '輪數設成批次大小的一半'], [{ tool: 'configure_training', arguments: { epoch: 20 } }]],
    // the same time window for another channel
    [
      'data_loaded',
      ['plot C4 from 30 s for 8 s', 'now Pz, same time range'],
      [{ tool: 'plot_epochs', arguments: { channels: ['Pz'], start: 30, duration: 8 } }],
    ],
  ];
  for (const [stage, turns, want] of cases)
    it(`${turns.join(' → ')}`, () => {
      const got = planTurns(stage as Parameters<typeof planTurns>[0], turns).calls;
      expect(got.map((c) => c.tool)).toEqual(want.map((c) => c.tool));
      want.forEach((w, i) => expect(got[i].arguments).toMatchObject(w.arguments));
    });
});
