import { describe, it, expect } from 'vitest';
import { withoutCourtesy, maskLiterals } from '../../../src/core/agent/understanding/clauses';
import { correctTypos } from '../../../src/core/agent/understanding/lexicon';
import { isSlip } from '../../../src/core/agent/understanding/editDistance';
import { chineseNumbers, englishNumbers, spacedChineseNumerals } from '../../../src/core/agent/understanding/numbers';
import { destructiveAsked } from '../../../src/core/agent/understanding/safety';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { planTurns } from './plannerContext';
import type { Stage } from '../../../src/core/study/types';

/*
 * Mechanisms for wordings no case file holds (issue 14, h6), found by paraphrasing the dev cases the planner got right
 * and by a development set written by another author. Each is checked on sentences written for this file.
 */

const plan = (stage: Stage, ...turns: string[]) => planTurns(stage, turns);
const tools = (calls: { tool: string }[]) => calls.map((c) => c.tool);

describe('courtesy frames, hedges, openers and background ask for nothing', () => {
  it('strips courtesy conditions and appreciation frames, nested, before and after the request', () => {
    expect(withoutCourtesy("When you get a chance, I'd really appreciate it if you could notch 60 Hz.")).toBe('notch 60 Hz.');
    expect(withoutCourtesy('I was wondering if you could band-pass 8-30?')).toBe('band-pass 8-30');
    expect(withoutCourtesy('如果方便的話，麻煩你重新取樣到 128，感謝！')).toBe('麻煩你重新取樣到 128');
    expect(withoutCourtesy('could you load it, if possible?')).toBe('could you load it?');
    expect(plan('data_loaded', '有空的話幫我帶通濾波 1 到 40 Hz，麻煩了').calls).toEqual([
      { tool: 'apply_bandpass_filter', arguments: expect.objectContaining({ low_freq: 1, high_freq: 40 }) },
    ]);
  });
  it('a real condition still asks for nothing', () => {
    expect(withoutCourtesy("if you clear the data I'll be upset")).toBe("if you clear the data I'll be upset");
    expect(plan('data_loaded', '如果你刪掉資料我會很生氣').calls).toEqual([]);
  });
  it('"now" before a step is "next", not "start now"; it stays before an ellipsis', () => {
    expect(tools(plan('dataset_ready', 'now use ShallowConvNet for training').calls)).toEqual(['set_model']);
    expect(withoutCourtesy('now on the training set')).toBe('now on the training set');
    expect(withoutCourtesy("let's plot it")).toBe('plot it');
  });
  it('hedges and timing words leave the step as it was, and a negation after them still negates', () => {
    expect(tools(plan('dataset_ready', 'I think we should switch to training').calls)).toEqual(['switch_panel']);
    expect(tools(plan('dataset_ready', '我覺得可以切到訓練頁面').calls)).toEqual(['switch_panel']);
    expect(tools(plan('preprocessed', '我覺得可以先不要產生資料集，只要看每類有幾個 epoch').calls)).not.toContain('generate_dataset');
    expect(withoutCourtesy('band-pass 8-30 first')).toBe('band-pass 8-30');
    expect(withoutCourtesy('export the model to a folder called wipe_study_first')).toBe('export the model to a folder called wipe_study_first');
  });
  it('a sentence of background next to a request is dropped, so a follow-up keeps its opening words', () => {
    const out = plan('data_loaded', 'resample to 128', "I'm working on a motor imagery study. no, I meant 100");
    expect(out.calls).toEqual([{ tool: 'resample_data', arguments: { rate: 100 } }]);
    expect(withoutCourtesy("make it 30 instead - it's for my thesis.")).toBe('make it 30 instead');
    expect(withoutCourtesy('我在做運動想像的實驗，帶通 8 到 30')).toBe('帶通 8 到 30');
  });
});

describe('numbers written in words', () => {
  it('Chinese numerals standing as words, at range ends, or with 十/百/千 are numbers; inside words they stay words', () => {
    expect(spacedChineseNumerals('帶通 八 到 三十，陷波 六十')).toBe('帶通 8 到 30，陷波 60');
    expect(spacedChineseNumerals('batch 改 十六')).toBe('batch 改 16');
    expect(spacedChineseNumerals('低通三十五')).toBe('低通35');
    expect(spacedChineseNumerals('改成 零點五 到 二點五 秒')).not.toMatch(/5 到/);
    for (const w of ['十分重要', '千萬別刪', '統一到 average', '幫我 bandpass 一下', '用一樣的']) expect(spacedChineseNumerals(w), w).toBe(w);
    expect(plan('data_loaded', '帶通 零點五 到 四十五 赫茲').calls[0].arguments).toMatchObject({ low_freq: 0.5, high_freq: 45 });
  });
  it('一成五 is 15%, 少一半 halves, 百分之 takes a space before its number', () => {
    expect(chineseNumbers('測試集佔一成五')).toBe('測試集佔15%');
    expect(chineseNumbers('再少一半')).toBe('再減半');
    expect(chineseNumbers('overlap 百分之 25')).toBe('overlap 25%');
    expect(plan('data_loaded', '重新取樣到 120', '再少一半').calls).toEqual([{ tool: 'resample_data', arguments: { rate: 60 } }]);
  });
  it('English "one" at the end of a range is a number; a list of compound numbers splits at the right "and"', () => {
    expect(englishNumbers('bandpass one to forty')).toBe('bandpass 1 to 40');
    expect(englishNumbers('filter one-40 Hz')).toBe('filter 1-40 Hz');
    expect(englishNumbers('the previous one to the end')).toBe('the previous one to the end');
    expect(englishNumbers('events seven hundred and sixty-nine and seven hundred and seventy')).toBe('events 769 and 770');
  });
});

describe('slips of every rule word, Chinese written against Latin', () => {
  it('corrects a swapped, dropped or added letter in any word of five letters or more the rules key on', () => {
    expect(correctTypos('epoch witohut baseline')).toBe('epoch without baseline');
    expect(correctTypos('remove the line niose')).toBe('remove the line noise');
    expect(correctTypos('make it 30 instaed')).toBe('make it 30 instead');
    expect(correctTypos('gimme the attrbiutions')).toBe('gimme the attributions');
    expect(plan('data_loaded', 'downsample by a fatcor of two').calls).toEqual([{ tool: 'resample_data', arguments: { rate: 80 } }]);
  });
  it('never turns a real word into a rule word, and reads only slips (not substituted letters)', () => {
    for (const w of ['loose', 'angel', 'trail', 'mails', 'form']) expect(correctTypos(w), w).toBe(w);
    expect(isSlip('witohut', 'without')).toBe(true);
    expect(isSlip('withuot', 'without')).toBe(true);
    expect(isSlip('wixhout', 'without')).toBe(false);
    expect(isSlip('ithout', 'without')).toBe(false);
  });
  it('a Latin word or number against Chinese is a word of its own; a path stays whole; a file name keeps Chinese off', () => {
    expect(plan('data_loaded', '帶通1到40，用IIR四階').calls[0].arguments).toMatchObject({ low_freq: 1, high_freq: 40, method: 'iir', iir_order: 4 });
    expect(plan('data_loaded', '只留C3、C4兩個電極').calls).toEqual([{ tool: 'select_channels', arguments: { channels: ['C3', 'C4'] } }]);
    expect(plan('empty', '載入S001R04.edf跟S001R12.edf').calls).toEqual([{ tool: 'load_data', arguments: { paths: ['S001R04.edf', 'S001R12.edf'] } }]);
    expect(plan('trained', '把模型匯出到 輸出/模型A').calls[0].arguments).toEqual({ path: '輸出/模型A' });
  });
});

describe('safety: names, dashes, topics and stopping', () => {
  it('an unquoted name after called/named/命名為 or before 這個資料夾 is data, never a request', () => {
    expect(maskLiterals('export the epochs to a folder called 清空資料').literals).toEqual(['「清空資料」']);
    expect(destructiveAsked('clear_dataset', 'export the epochs to a folder called 清空資料')).toBe(false);
    expect(plan('preprocessed', 'export the epochs to a folder called 清空資料').calls).toEqual([{ tool: 'export_epochs', arguments: { path: '清空資料' } }]);
    expect(plan('preprocessed', 'epoch 匯出到 全部刪掉 這個資料夾').calls).toEqual([{ tool: 'export_epochs', arguments: { path: '全部刪掉' } }]);
    expect(tools(plan('data_loaded', '把 T1 改名為 清空資料').calls)).toEqual(['edit_events']);
  });
  it('a dash between clauses ends a negation like a full stop', () => {
    expect(plan('data_loaded', 'no need to clear anything — resample to 100').calls).toEqual([{ tool: 'resample_data', arguments: { rate: 100 } }]);
    // … and a destructive step after it is still refused: the turn holds a negation (safety.ts)
    expect(destructiveAsked('clear_dataset', "don't clear — wipe it all")).toBe(false);
  });
  it('a step named before its negation is its topic; a negated run that has started asks to stop it', () => {
    expect(tools(plan('training', '訓練不要停，切到訓練面板就好').calls)).toEqual(['switch_panel']);
    expect(tools(plan('training', '訓練中，先看一下 study 狀態').calls)).toEqual(['get_study_state']);
    expect(tools(plan('training', '別跑了，停下來').calls)).toEqual(['stop_training']);
    expect(tools(plan('training', "don't train anymore").calls)).toEqual(['stop_training']);
    expect(tools(plan('training', 'open the training panel', 'kill it').calls)).toEqual(['stop_training']);
  });
});

describe('steps, runs and configurations in one turn', () => {
  it('之後再 right after a step is a sequence; after a comma it defers; "comes later" defers', () => {
    expect(tools(plan('data_loaded', 'notch 50 之後再 z-score normalize').calls)).toEqual(['apply_notch_filter', 'normalize_data']);
    expect(tools(plan('data_loaded', '先濾波 1-40，之後再訓練').calls)).toEqual(['apply_bandpass_filter']);
    expect(tools(plan('dataset_ready', 'EEGNet as the architecture; training comes later').calls)).toEqual(['set_model']);
  });
  it('a bare repeat after training settings starts a run; not after a deferral', () => {
    expect(tools(plan('trained', 'triple the epochs and run it again').calls)).toEqual(['configure_training', 'start_training']);
    expect(tools(plan('trained', 'batch 改 16 再跑一次').calls)).toEqual(['configure_training', 'start_training']);
    expect(tools(plan('dataset_ready', '先把模型設成 SCCNet，等一下再訓練').calls)).toEqual(['set_model']);
  });
  it('training settings of one turn are one configuration, unless a second run follows a first', () => {
    const one = plan('trained', 'train settings: 50 epochs, batch 16, keep the last epoch model').calls;
    expect(one.filter((c) => c.tool === 'configure_training')).toEqual([
      { tool: 'configure_training', arguments: expect.objectContaining({ epoch: 50, batch_size: 16, selection: 'last_epoch' }) },
    ]);
    expect(plan('trained', 'set the learning rate to 5e-4 and train for 15 epochs').calls[0].arguments).toMatchObject({ learning_rate: 0.0005, epoch: 15 });
    expect(tools(plan('trained', 'train 10 epochs, then train again with 20 epochs').calls)).toEqual([
      'configure_training',
      'start_training',
      'configure_training',
      'start_training',
    ]);
  });
  it('epochs counted are training epochs, not epoching', () => {
    for (const t of ['epoch 數 15', 'number of epochs 15', 'set the epoch count to 15'])
      expect(plan('trained', t).calls, t).toEqual([{ tool: 'configure_training', arguments: expect.objectContaining({ epoch: 15 }) }]);
    expect(plan('trained', 'epoch 比上次多 5 個').calls[0].arguments).toMatchObject({ epoch: 15 });
    expect(tools(plan('data_loaded', 'epoch the data from 0 to 4 s').calls)).toEqual(['epoch_data']);
  });
});

describe('follow-ups and events', () => {
  it('a value of the last step, a bare path, a renumbered count, the channels of the last plot', () => {
    expect(plan('trained', 'evaluate on validation', 'now the test split').calls).toEqual([{ tool: 'evaluate', arguments: { split: 'test' } }]);
    expect(plan('trained', '用驗證集評估', '測試集也要').calls).toEqual([{ tool: 'evaluate', arguments: { split: 'test' } }]);
    expect(plan('trained', 'export model to out/a', 'sorry, out/b').calls).toEqual([{ tool: 'export_model', arguments: { path: 'out/b' } }]);
    expect(plan('trained', '匯出模型到 m2', '路徑改成 m2_v2').calls).toEqual([{ tool: 'export_model', arguments: { path: 'm2_v2' } }]);
    expect(plan('trained', 'epoch 數 15', '改 10').calls[0].arguments).toMatchObject({ epoch: 10 });
    expect(plan('data_loaded', '畫 Cz 和 Pz 的功率譜', '通道就留這兩個').calls).toEqual([{ tool: 'select_channels', arguments: { channels: ['Cz', 'Pz'] } }]);
  });
  it('two lists of events and names pair up in order; call/叫 name events', () => {
    expect(plan('data_loaded', 'rename 769 and 770 to left and right').calls[0].arguments).toEqual({ rename: { 769: 'left', 770: 'right' } });
    expect(plan('data_loaded', '事件 769、770 改名為 左、右').calls[0].arguments).toEqual({ rename: { 769: '左', 770: '右' } });
    expect(plan('data_loaded', "call T1 'imagine_left' and T2 'imagine_right'").calls[0].arguments).toEqual({
      rename: { T1: 'imagine_left', T2: 'imagine_right' },
    });
    expect(plan('data_loaded', 'rename T1 to left and T2 to right and T0 to rest').calls[0].arguments).toEqual({
      rename: { T1: 'left', T2: 'right', T0: 'rest' },
    });
  });
  it("the offline planner reads the Study's events from the Study line, not the prompt's first sentence", async () => {
    const system = [
      'You are XBrain, an assistant that runs EEG deep-learning analyses by calling tools. You never see EEG samples, only names, shapes, events and results.',
      'Current stage: data_loaded',
      'Available tools now: edit_events, get_study_state',
      'Study: 3 recording(s), 64 channels @ 160 Hz, 125.0 s, events T0/T2/T1',
    ].join('\n');
    const r = await new OfflinePlanner().chat({
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: 'rename t1 to left' },
      ],
      tools: [],
    });
    expect(r.toolCalls.map((c) => c.arguments)).toEqual([{ rename: { T1: 'left' } }]);
  });
});

describe('vocabulary families and secondary settings', () => {
  it('reads other verbs and nouns for the same steps', () => {
    expect(plan('data_loaded', 'add S002R04.edf to the study too').calls).toEqual([{ tool: 'load_data', arguments: { paths: ['S002R04.edf'] } }]);
    expect(plan('trained', 'ship the model as ONNX to deploy/bci').calls).toEqual([{ tool: 'export_model', arguments: { path: 'deploy/bci' } }]);
    expect(tools(plan('preprocessed', 'partition into train val test').calls)).toEqual(['generate_dataset']);
    expect(plan('data_loaded', 'scrub out the 60-cycle buzz').calls).toEqual([{ tool: 'apply_notch_filter', arguments: { freq: 60 } }]);
    expect(plan('data_loaded', '交流電雜訊 50 Hz 幫我去掉').calls).toEqual([{ tool: 'apply_notch_filter', arguments: { freq: 50 } }]);
    expect(plan('preprocessed', '畫 C4 的事件相關電位').calls[0].arguments).toMatchObject({ kind: 'erp', channels: ['C4'] });
    expect(tools(plan('dataset_ready', '列出資料集的資訊').calls)).toEqual(['get_dataset_info']);
    expect(tools(plan('data_loaded', 'throw it all away, I want a clean slate').calls)).toContain('clear_dataset');
    expect(tools(plan('data_loaded', 'throw away every channel except C3, Cz and C4').calls)).toEqual(['select_channels']);
  });
  it('reads threads, saliency samples, checkpoints and an evaluation baseline asked for', () => {
    expect(plan('trained', 'use sgd and 2 threads').calls[0].arguments).toMatchObject({ optimizer: 'sgd', threads: 2 });
    expect(plan('trained', 'integrated gradients, 30 steps').calls[0].arguments).toMatchObject({ n_samples: 30 });
    expect(plan('trained', 'smoothgrad 取樣 15 次、雜訊標準差 0.3').calls[0].arguments).toMatchObject({ n_samples: 15, stdev: 0.3 });
    expect(plan('trained', 'checkpoint 每 3 個 epoch 存一次，repeat 2').calls[0].arguments).toMatchObject({ save_checkpoints_every: 3, repeat: 2 });
    expect(plan('trained', '用訓練集評估，要 baseline').calls[0].arguments).toEqual({ split: 'train', baseline: true });
    expect(plan('trained', '用訓練集評估，不要 baseline').calls[0].arguments).toEqual({ split: 'train', baseline: false });
  });
});

describe('再 between two steps is "then", also when the next step starts with its number', () => {
  it('"濾 1 到 40 Hz 再做 60Hz notch" is a band-pass, then a notch (it was read as one notch at 1 Hz)', () => {
    const filtered = [
      { tool: 'apply_bandpass_filter', arguments: expect.objectContaining({ low_freq: 1, high_freq: 40 }) },
      { tool: 'apply_notch_filter', arguments: { freq: 60 } },
    ];
    expect(plan('data_loaded', '幫我濾 1 到 40 Hz 再做 60Hz notch').calls).toEqual(filtered);
    expect(plan('data_loaded', '帶通 1 到 40 Hz 再做 60 Hz 的陷波').calls).toEqual(filtered);
    expect(tools(plan('data_loaded', '先降到 128 Hz 再濾 1 到 40 Hz').calls)).toEqual(['resample_data', 'apply_bandpass_filter']);
  });
});
