import { describe, it, expect } from 'vitest';
import { MODEL_PARAM_NAMES } from '../../../src/core/agent/plannerRules';
import { createModel } from '../../../src/core/training/models';
import { planTurns } from './plannerContext';

// "switch to SCCNet with Ns 30": the network's hyper-parameters named in the request reach set_model, whichever rule
// chose the model (they were dropped when a model was chosen by "switch to …" or "use … for training").
const setModel = (text: string) => planTurns('preprocessed', [text]).calls.find((c) => c.tool === 'set_model')?.arguments;

describe('model hyper-parameters in a request', () => {
  it.each([
    ['switch to SCCNet with Ns 30 please', { model_name: 'SCCNet', params: { Ns: 30 } }],
    ['use EEGNet with F1 16 and D 4', { model_name: 'EEGNet', params: { F1: 16, D: 4 } }],
    ['set model ShallowConvNet, dropout 0.25', { model_name: 'ShallowConvNet', params: { dropout: 0.25 } }],
    ['ShallowConvNet with pool_len=50 and pool_stride: 10', { model_name: 'ShallowConvNet', params: { pool_len: 50, pool_stride: 10 } }],
    ['換成 SCCNet，Ns 設為 30', { model_name: 'SCCNet', params: { Ns: 30 } }],
  ])('%s', (text, expected) => {
    expect(setModel(text)).toEqual(expected);
  });

  it('a model named without numbers, or numbers that belong to something else, carry no params', () => {
    expect(setModel('use EEGNet')).toEqual({ model_name: 'EEGNet' });
    expect(setModel('use EEGNet and report macro F1')).toEqual({ model_name: 'EEGNet' });
    expect(setModel('switch to SCCNet, band-pass 8 to 30 Hz was fine')?.params).toBeUndefined();
  });

  it("the names the planner reads are exactly the ones the networks accept (models.ts's check)", () => {
    const spec = { nChannels: 64, nTimes: 641, sfreq: 160, nClasses: 2 };
    // every name is accepted by some network…
    for (const n of MODEL_PARAM_NAMES) {
      const accepted = (['EEGNet', 'SCCNet', 'ShallowConvNet'] as const).some((m) => {
        try {
          createModel(m, spec, { [n]: n === 'dropout' ? 0.25 : 2 });
          return true;
        } catch {
          return false;
        }
      });
      expect(accepted, n).toBe(true);
    }
    // …and a name outside the list is refused by all of them
    expect(() => createModel('EEGNet', spec, { kernel_length: 32 })).toThrow(/no parameter/);
  });
});
