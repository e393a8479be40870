import { describe, it, expect } from 'vitest';
import { resolveQuantities, type StudyFacts } from '../../../src/core/agent/understanding/quantities';
import { chineseNumbers, numeralForms } from '../../../src/core/agent/understanding/numbers';

// a Study other than the simulated one (250 Hz, trained with 40 epochs, batch 16, lr 0.002), so no value is the dev sets'
const facts: StudyFacts = { sfreq: 250, channels: 22, events: ['769', '770'], training: { epoch: 40, batch_size: 16, learning_rate: 0.002 } };
const q = (text: string, over: Partial<StudyFacts> = {}) => resolveQuantities(text, { ...facts, ...over });

describe('number grammar: numeral forms', () => {
  it('reads vulgar fractions and a decimal comma before a unit, and leaves a comma list alone', () => {
    expect(numeralForms('notch width ¼ Hz')).toBe('notch width 0.25 Hz');
    expect(numeralForms('epochs of 2¾ s')).toBe('epochs of 2.75 s');
    expect(numeralForms('a 1,25 s baseline')).toBe('a 1.25 s baseline');
    expect(numeralForms('use folds 3,4 and 5')).toBe('use folds 3,4 and 5');
    expect(numeralForms('10,000 samples')).toBe('10,000 samples');
  });
  it('keeps the decimal of a Chinese percentage (百分之…點…)', () => {
    expect(chineseNumbers('測試集百分之十二點五')).toContain('12.5%');
    expect(chineseNumbers('百分之三十')).toContain('30%');
  });
});

describe('number grammar: operators and references', () => {
  it('evaluates operands in scientific notation, in English and Chinese', () => {
    expect(q('learning rate 4e-3 divided by 8').text).toContain('0.0005');
    expect(q('學習率用 6e-4 的一半').text).toContain('0.0003');
    expect(q('學習率用 6e-4 的一半').text).not.toMatch(/e-2|e-1\./);
    expect(q('lr of 2.5e-4 times 4').text).toContain('0.001');
  });
  it('takes an amount off or onto a quantity: Nyquist minus N, the rate lowered by N Hz', () => {
    expect(q('lowpass at Nyquist minus 25').text).toContain('100 Hz');
    expect(q('cut off at the sampling rate minus 50').text).toContain('200 Hz');
    expect(q('lower the sampling rate by 50 Hz').text).toBe('resample to 200 Hz');
    expect(q('raise fs by 6 Hz').text).toBe('resample to 256 Hz');
    expect(q('取樣率降低 50 赫茲').text).toContain('resample to 200 Hz');
  });
  it('takes the value said after "say" as the one meant', () => {
    expect(q('highpass a little above 0 Hz, say 0.3 Hz').text).not.toMatch(/\b0 Hz/);
    expect(q('lowpass just below Nyquist, say Nyquist minus 5').text).toBe('lowpass 120 Hz');
    expect(q('window around 2 s, i.e. 2.5 s').text).toBe('window 2.5 s');
  });
  it('reads a multiple or percentage of the rate it has now', () => {
    expect(q('resample so it ends up 0.4 × the current rate').text).toContain('100 Hz');
    expect(q('取樣率降到原本的百分之四十').text).toContain('100 Hz');
  });
  it('keeps the decimal of a Chinese multiple of a training setting (兩倍半 is 2.5, never 25)', () => {
    expect(q('batch 改成現在的兩倍半').text).toContain('batch size 40');
    expect(q('epoch 改成原本的 1.5 倍').text).toContain('epochs 60');
  });
  it('reads window starts as the step and a shared stretch as the overlap', () => {
    expect(q('4-s windows whose starts are 1 s apart').text).toMatch(/4 s windows.*1 s step/);
    expect(q('兩秒一窗，前後兩窗共用半秒').text).toMatch(/重疊 0\.5 秒/);
  });
});

describe('number grammar refuses to guess', () => {
  it('asks when a multiple has nothing it could be a multiple of', () => {
    expect(q('make the dropout 3 times the old one').problems.length).toBe(1);
  });
  it('asks when an operator is left with an operand it cannot read', () => {
    expect(q('set lr to 0.01 * gamma').problems.length).toBe(1);
    expect(q('set lr to 0.01 / 4').problems).toEqual([]);
  });
  it('asks for the sampling rate before it is known instead of assuming one', () => {
    expect(q('lower the sampling rate by 50 Hz', { sfreq: null }).problems.length).toBeGreaterThan(0);
    expect(q('highpass at Nyquist minus 10', { sfreq: null }).problems.length).toBeGreaterThan(0);
  });
  it('leaves paths and splits alone', () => {
    expect(q('load data/2024/01').problems).toEqual([]);
    expect(q('split 80/20').problems).toEqual([]);
  });
});
