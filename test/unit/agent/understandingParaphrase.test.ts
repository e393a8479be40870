import { describe, it, expect } from 'vitest';
import { canonicalText } from '../../../src/core/agent/understanding/lexicon';
import { isPlaceStatement, ordinalFractions, resolveQuantities } from '../../../src/core/agent/understanding/quantities';
import { isQuestion, splitTurn } from '../../../src/core/agent/questionSplit';
import { planTurns, TRAINED } from './plannerContext';
import type { Stage } from '../../../src/core/study/types';

/*
 * Mechanisms added for unseen paraphrases (issue 14, h4): each checked on wordings written for this file only, so a
 * failure means a mechanism, not a sentence, regressed.
 */

const plan = (stage: Stage, ...turns: string[]) => planTurns(stage, turns);
const tools = (calls: { tool: string }[]) => calls.map((c) => c.tool);
const facts = { sfreq: 160, channels: 64, events: ['T1', 'T2'], training: { ...TRAINED }, defaults: { batch_size: 32, learning_rate: 0.001, epoch: 10 } };

describe('fractions said in words are numbers of any denominator', () => {
  it('a numerator with a plural ordinal becomes its decimal; singular words and other plurals are left alone', () => {
    expect(ordinalFractions('7 tenths of it')).toBe('0.7 of it');
    expect(ordinalFractions('3 sixteenths')).toBe('0.1875');
    expect(ordinalFractions('2 fifths for test')).toBe('0.4 for test');
    expect(ordinalFractions('the 3 fourths')).toBe('the 0.75');
    expect(ordinalFractions('a third of it')).toBe('a third of it');
    expect(ordinalFractions('5 epochs')).toBe('5 epochs');
  });
  it('is evaluated against the sampling rate (160 Hz) wherever the fraction stands', () => {
    expect(resolveQuantities('resample to seven eighths of the sampling rate', facts).text).toMatch(/\b140 Hz\b/);
    expect(resolveQuantities('low-pass at three tenths of the current sampling rate', facts).text).toMatch(/\b48 Hz\b/);
    expect(plan('data_loaded', 'resample to three fifths of the current sampling rate').calls).toEqual([{ tool: 'resample_data', arguments: { rate: 96 } }]);
  });
  it('the rate after a resample is the Study rate under any adjective (new, resampled, present)', () => {
    expect(resolveQuantities('a quarter of the new rate', facts).text).toMatch(/\b40 Hz\b/);
    expect(resolveQuantities('half the resampled rate', facts).text).toMatch(/\b80 Hz\b/);
  });
});

describe('shares of a default, in any form', () => {
  it('fraction words, decimals and percentages of the default value of the named setting', () => {
    expect(resolveQuantities('set the batch size to a quarter of the default', facts).text).toMatch(/\b8\b/);
    expect(resolveQuantities('batch size at 50% of the default', facts).text).toMatch(/\b16\b/);
    expect(resolveQuantities('learning rate 0.5 of the default', facts).text).toMatch(/0\.0005/);
    // "a fourth" is a quarter, not the fallback multiple
    expect(resolveQuantities('set the batch size to a fourth of the default', facts).text).toMatch(/\b8\b/);
  });
});

describe('a place of recording is a fact for the request beside it', () => {
  it('recognises statements of place, and only those', () => {
    expect(isPlaceStatement('our recordings were made in Munich')).toBe(true);
    expect(isPlaceStatement('我們的實驗室在台中')).toBe(true);
    expect(isPlaceStatement('notch 60 in Taiwan')).toBe(false);
    expect(isPlaceStatement('the data is noisy')).toBe(false);
  });
  it('joins the request instead of being answered (or declined) as a question, before or after it', () => {
    expect(splitTurn('kill the line hum. our data was recorded in Toronto')).toEqual({
      questions: [],
      requests: ['kill the line hum, our data was recorded in Toronto'],
    });
    expect(splitTurn('we are in Berlin; get rid of the mains noise')).toEqual({ questions: [], requests: ['get rid of the mains noise, we are in Berlin'] });
    // a real question about a place stays a question
    expect(splitTurn('notch the mains. what is the mains frequency in Brazil?').questions).toEqual(['what is the mains frequency in Brazil?']);
  });
  it('gives the mains frequency and no "not understood" note', () => {
    const out = plan('data_loaded', 'filter out line noise, our lab is in Munich');
    expect(out.calls).toEqual([{ tool: 'apply_notch_filter', arguments: { freq: 50 } }]);
    expect(out.message).toBeUndefined();
  });
});

describe('Traditional Chinese constructions', () => {
  it('the disposal construction (把 + object + verb) is an action, not a reported result', () => {
    expect(isQuestion('把批次大小降到 16')).toBe(false);
    expect(isQuestion('先把取樣率降到 128')).toBe(false);
    // a report of the user's own result is still a question
    expect(isQuestion('我把學習率降到 0.001 之後準確率掉到 40%')).toBe(true);
  });
  it('a separable verb with an aspect word inside is the verb (濾一下波, 濾個波)', () => {
    expect(canonicalText('幫我濾個波')).toBe('幫我濾波');
    expect(tools(plan('data_loaded', '先濾一下波，4 到 40 赫茲').calls)).toEqual(['apply_bandpass_filter']);
  });
  it('訓練用 / 訓練時用 names a setting of the training, and a wish to use a model for training does not start it', () => {
    expect(plan('dataset_ready', '訓練時用 CPU，選驗證準確率最高的').calls).toEqual([
      { tool: 'configure_training', arguments: { device: 'cpu', selection: 'best_val_accuracy' } },
    ]);
    expect(tools(plan('dataset_ready', '我們打算用 EEGNet 來訓練').calls)).toEqual(['set_model']);
    expect(tools(plan('dataset_ready', "I'd like to use SCCNet for training").calls)).toEqual(['set_model']);
    // asking to train still starts
    expect(tools(plan('dataset_ready', '用 SCCNet 開始訓練').calls)).toEqual(['set_model', 'start_training']);
  });
  it('an adjusting verb (調, 調整) carries no value in a relative follow-up', () => {
    const out = plan('trained', '學習率設 0.01', '再調低十倍');
    expect(out.calls).toEqual([{ tool: 'configure_training', arguments: { ...TRAINED, learning_rate: 0.001 } }]);
  });
});

describe('a step named again with only part of its values changes its earlier call', () => {
  it('whatever the words around the step ("redo … but", "again … this time", 改成), and across a step in between', () => {
    for (const again of ['redo the band-pass but up to 45', 'filter again, up to 45 this time', '濾波改成到 45'])
      expect(plan('data_loaded', 'band-pass 4 to 30 Hz', 'notch 60', again).calls).toEqual([
        { tool: 'apply_bandpass_filter', arguments: { low_freq: 4, high_freq: 45 } },
      ]);
  });
  it('a call missing a required value takes the rest from the earlier call of its tool', () => {
    expect(plan('data_loaded', 'band-pass 4 to 30 Hz', 'resample to 128', "set the filter's upper edge to 38").calls).toEqual([
      { tool: 'apply_bandpass_filter', arguments: { low_freq: 4, high_freq: 38 } },
    ]);
  });
  it('with no earlier call it still asks for the missing values', () => {
    const out = plan('data_loaded', 'filter again, up to 45 this time');
    expect(out.calls).toEqual([]);
    expect(out.message).toMatch(/two frequencies/);
  });
});

describe('a relative amount of the run keeps the verb that starts it', () => {
  it('"train N times as many epochs" configures and starts; without the verb it only configures', () => {
    expect(tools(plan('trained', 'train for three times as many epochs as before').calls)).toEqual(['configure_training', 'start_training']);
    expect(plan('trained', 'train for three times as many epochs as before').calls[0].arguments.epoch).toBe(30);
    expect(tools(plan('trained', 'three times as many epochs as before').calls)).toEqual(['configure_training']);
  });
});

describe('number words and word order', () => {
  it('"and" joins two numbers unless it follows hundred or thousand', () => {
    expect(plan('data_loaded', 'band-pass between four and thirty-five hertz').calls).toEqual([
      { tool: 'apply_bandpass_filter', arguments: { low_freq: 4, high_freq: 35 } },
    ]);
    expect(plan('data_loaded', 'resample to one hundred and sixty hertz').calls).toEqual([{ tool: 'resample_data', arguments: { rate: 160 } }]);
  });
  it('the disposal construction with the removing verb last reads like verb-first (把 60 Hz 的雜訊濾掉)', () => {
    expect(canonicalText('把 50 Hz 的干擾去掉')).toBe(canonicalText('去掉 50 Hz 的干擾'));
    expect(plan('data_loaded', '把 50 赫茲的電源干擾除掉').calls).toEqual([{ tool: 'apply_notch_filter', arguments: { freq: 50 } }]);
  });
  it('a rate the data is brought to is a resample; an optimizer named with its noun configures', () => {
    expect(plan('data_loaded', 'take the recordings down to 125 Hz').calls).toEqual([{ tool: 'resample_data', arguments: { rate: 125 } }]);
    expect(plan('trained', '優化器改用 adamw').calls[0]).toMatchObject({ tool: 'configure_training', arguments: { optimizer: 'adamw' } });
  });
});
