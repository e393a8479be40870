import { describe, expect, it } from 'vitest';
import { askWhichOption, chosenOption, optionsAsked } from '../../../src/core/agent/understanding/optionsQuestion';

// The question is written by askWhichOption and read back (from the transcript) by optionsAsked/chosenOption: the two
// must agree for every option wording, or a reply to the planner's own question would be lost.
describe("the planner's which-one question and the reply to it", () => {
  const en: [string, unknown][] = [
    ['batch size', 16],
    ['learning rate', 0.01],
  ];
  const zh: [string, unknown][] = [
    ['批次', 16],
    ['學習率', 0.01],
  ];
  const three: [string, unknown][] = [
    ['the epochs', 20],
    ['batch size', 32],
    ['validation share', 0.2],
  ];

  it('reads back the options it wrote, in order, in both languages', () => {
    expect(optionsAsked(askWhichOption('double it', en))).toEqual(['batch size', 'learning rate']);
    expect(optionsAsked(askWhichOption('那個加倍', zh))).toEqual(['批次', '學習率']);
    expect(optionsAsked(askWhichOption('halve that', three))).toEqual(['epochs', 'batch size', 'validation share']);
  });

  it('picks an option by place or by its words; none when the reply names none or two', () => {
    const q = askWhichOption('double it', en);
    expect(chosenOption('the second one', q)).toBe('learning rate');
    expect(chosenOption('the former.', q)).toBe('batch size');
    expect(chosenOption('the batch one', q)).toBe('batch size');
    expect(chosenOption('I meant the learning rate', q)).toBe('learning rate');
    expect(chosenOption('the weather', q)).toBeNull();
    const z = askWhichOption('那個加倍', zh);
    expect(chosenOption('第一個', z)).toBe('批次');
    expect(chosenOption('後者', z)).toBe('學習率');
    expect(chosenOption('學習率', z)).toBe('學習率');
    expect(chosenOption('the last one', askWhichOption('halve that', three))).toBe('validation share');
  });

  it('reads no options from a question it did not write', () => {
    expect(optionsAsked('I need more detail: resample to which rate?')).toEqual([]);
    expect(chosenOption('the second one', 'Which band do you want (8-30 Hz)?')).toBeNull();
  });
});
