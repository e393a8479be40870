import { describe, it, expect } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerFromContext, questionTerms, termMatcher } from '../../../src/core/agent/qaComposer';
import { numberedParts, questionParts } from '../../../src/core/rag/questionParts';
import { chineseTerms } from '../../../src/core/rag/glossary';
import { AgentController, type Retriever } from '../../../src/core/agent/controller';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { mockSession } from '../../../src/core/agent/simulatedStudy';
import { useFreshTrainer } from './simulatedTrainer';
import { repoRoot } from '../helpers/paths';

useFreshTrainer();

/** Retrieved context as the controller writes it: "[n] title (source)\ntext" blocks. */
const context = (...blocks: [string, string][]) => blocks.map(([title, text], i) => `[${i + 1}] ${title} (kb.md)\n${text}`).join('\n\n');
/** The passages an answer cites, in order. */
const cited = (answer: string) => [...new Set([...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])))];
const sentenceCount = (answer: string) => (answer.match(/\[\d+\]/g) ?? []).length;

describe('offline answers: which words of the question a sentence answers', () => {
  it('a shortened word matches its longer form in the passages, a short one does not', () => {
    const match = termMatcher(['param', 'shallow', 'eeg'], [new Set(['parameter', 'shallowconvnet', 'eegnet'])]);
    expect(match('param', new Set(['parameter']))).toBe(true);
    expect(match('shallow', new Set(['shallowconvnet']))).toBe(true);
    // three letters say too little: "eeg" is not "eegnet"
    expect(match('eeg', new Set(['eegnet']))).toBe(false);
  });

  it('a number and its word are one term, in English and in Chinese', () => {
    expect([...questionTerms('threshold for 4 classes?').typed]).toEqual(expect.arrayContaining(['4', 'four']));
    expect([...questionTerms('three classes, which chance level').typed]).toEqual(expect.arrayContaining(['3', 'three']));
    expect([...questionTerms('四類的機率水準是多少').typed]).toEqual(expect.arrayContaining(['4', 'four']));
    // "one" is as often a pronoun: no number term for it
    expect([...questionTerms('which one is better').typed]).not.toContain('1');
  });

  it('a sentence a passage states twice is quoted once', () => {
    const ctx = context([
      'stop_training',
      'Stop the running training within a second.\n\nStop the running training within a second. Finished epochs are kept and the run is marked stopped.',
    ]);
    const a = answerFromContext('does stop_training keep finished epochs?', ctx);
    expect(a.match(/Stop the running training within a second\./g) ?? []).toHaveLength(1);
    expect(a).toMatch(/Finished epochs are kept/);
  });

  it('the passage that answers is quoted up to its sixth sentence, not beyond', () => {
    // the fact asked for is often late in a section (the "when" after the "what"); the answer stays an excerpt
    const ctx = context([
      'Notch filter',
      [
        'A notch filter removes a narrow band around the mains frequency.',
        'Line noise comes from the power grid and its harmonics.',
        'XBrain applies a zero-phase FIR notch through MNE.',
        'Harmonics at twice the mains frequency are above most bands of interest.',
        'A band-pass whose upper edge is below the mains frequency already removes it.',
        'Use 60 Hz in Taiwan and the Americas, 50 Hz in Europe.',
        'The seventh sentence only says that the history records the step.',
      ].join(' '),
    ]);
    const a = answerFromContext('what does a notch filter remove', ctx);
    expect(a).toMatch(/Use 60 Hz in Taiwan/);
    expect(a).not.toMatch(/seventh sentence/);
    expect(sentenceCount(a)).toBe(6);
  });

  it('a passage below the top three is cited only for a word of the question nothing quoted covers', () => {
    const ctx = context(
      ['Notch filter', 'A notch filter removes line noise at the mains frequency.'],
      ['Epochs', 'Epochs are cut around events.'],
      ['Splits', 'Split by subject to avoid leakage.'],
      ['Line noise', 'Line noise is removed by a notch filter at 50 or 60 Hz.'],
    );
    expect(cited(answerFromContext('what does a notch filter remove', ctx))).toEqual([1]);
    // the same passage is cited when it answers a word the first one does not
    expect(cited(answerFromContext('what does a notch filter remove, 50 or 60 Hz', ctx))).toContain(4);
  });

  it('a lone Chinese bigram shared by chance does not earn another passage a citation', () => {
    const ctx = context(['SmoothGrad', 'SmoothGrad 對加入高斯雜訊的多份輸入取平均梯度。'], ['Band-pass', '一般分析可用 1–40 Hz 的帶通。']);
    const a = answerFromContext('smoothgrad 跟一般的有什麼差別', ctx);
    expect(cited(a)).toEqual([1]);
  });

  it('the sentence that answers an abbreviated question is found in the passage that spells the word out', () => {
    const ctx = context(
      ['Network settings', 'The compact network takes two settings, width and depth. Their defaults follow the original paper.'],
      ['Network sizes', 'The compact network has about three thousand trainable parameters. The wide network has tens of thousands.'],
    );
    const a = answerFromContext('how many params does the compact network have?', ctx);
    expect(a).toMatch(/three thousand trainable parameters\. \[2\]/);
  });

  it('a parameter named in the question finds its row, and a tool name counts once', () => {
    const ctx = context([
      'run_protocol',
      [
        'Evaluate pipelines per subject on the same folds; the test subjects rotate.',
        'CSP+LDA runs in process; the networks train once per fold on the other subjects.',
        'Returns a subject × pipeline × fold table with paired tests over subjects.',
        'Subjects with too few trials for a test fold are refused.',
        '| parameter | type | required | default | range | description |',
        '| --- | --- | --- | --- | --- | --- |',
        '| protocol | "within_session" \\| "cross_session" |  |  |  | Which protocol; cross_subject tests on held-out subjects. |',
        '| pipelines | string[] |  | ["CSP+LDA"] |  | Pipelines to compare. |',
        '| folds | integer |  | 5 | ≥ 2 | within_session folds. |',
        '| n_test_subjects | integer |  | 1 | ≥ 1 | Held out per fold. |',
      ].join('\n'),
    ]);
    expect(answerFromContext('n_test_subjects in run_protocol?', ctx)).toMatch(/n_test_subjects: integer, default 1/);
  });

  it('"class" meets "classes" and "alias" meets "aliasing" (a final s after s, i, u or a is not a plural)', () => {
    expect(questionTerms('class imbalance').typed).toEqual(questionTerms('classes imbalance').typed);
    const { typed } = questionTerms('does it alias');
    expect(typed.has('alias')).toBe(true);
    expect(questionTerms('aliasing').typed.has('alias')).toBe(true);
  });

  it('"what is X" is answered from the passage whose sentence defines X, not one that mentions X in passing', () => {
    const ctx = context(
      ['Upsampling and 128 Hz', 'Upsampling 250 Hz data to 500 Hz adds nothing above the Nyquist frequency of the data. It only makes training slower.'],
      ['Nyquist frequency and sampling', 'The Nyquist frequency is half the sampling rate: 125 Hz at 250 Hz. A sampled signal holds no frequency above it.'],
    );
    expect(answerFromContext('what is the Nyquist frequency for 250 Hz data', ctx)).toMatch(
      /The Nyquist frequency is half the sampling rate: 125 Hz at 250 Hz\. \[2\]/,
    );
  });

  it('a question reporting that a tool fails is answered from the section that explains the failure, not the tool reference', () => {
    const ctx =
      '[1] compute_saliency (tool_reference.md)\nAttribute the model output to channels and time; per-class maps, spectrograms and topomap values (needs a montage).\n\n' +
      '[2] Montage: channels without positions (troubleshooting.md)\nA topomap of compute_saliency is empty when no channel has a position. Run set_montage with standard_1020 first. Channels without a position are listed.';
    // the failure's section answers (its fix follows its first sentence); the named tool is still described
    const a = answerFromContext('topomap from compute_saliency is empty', ctx);
    expect(a).toMatch(/Run set_montage with standard_1020 first\. \[2\]/);
    expect(a).toMatch(/Attribute the model output[^[]*\[1\]/);
  });

  it('"4 classes" finds the passage about four classes', () => {
    const ctx = context(
      ['Two-class thresholds', 'With two classes and forty trials the significance threshold is 65 percent.'],
      ['Four-class thresholds', 'With four classes and forty trials the significance threshold is 40 percent.'],
    );
    const a = answerFromContext('significance threshold for 4 classes with forty trials?', ctx);
    expect(a).toMatch(/^With four classes and forty trials the significance threshold is 40 percent\. \[2\]/);
  });
});

describe('offline answers: combining passages, citing exactly what is quoted', () => {
  const notch = [
    'A notch filter removes a narrow band around the mains frequency.',
    'The notch filter is applied to the continuous recording before epoching.',
    'The notch filter also removes the harmonics of the mains frequency when they are listed.',
    'A notch filter does not replace a band-pass filter.',
    'The notch filter leaves the rest of the spectrum unchanged.',
  ].join(' ');
  it('other passages add the sentences for the parts of the question the first passage leaves out', () => {
    const ctx = context(
      ['Notch filtering', notch],
      ['Notch filter frequency by country', 'In Taiwan the mains, and so the notch filter frequency, is 60 Hz.'],
      ['Band-pass for motor imagery', 'For motor imagery a band-pass filter of 8–30 Hz keeps the mu and beta rhythms.'],
      ['Epoching', 'Epochs are cut around events after filtering.'],
    );
    const a = answerFromContext('notch filter frequency in Taiwan, and which band-pass filter for motor imagery?', ctx);
    // the band-pass passage answers best; the mains sentence is weaker but answers the rest (notch, Taiwan)
    expect(a).toMatch(/keeps the mu and beta rhythms\. \[3\]/);
    expect(a).toMatch(/In Taiwan the mains[^[]*\[2\]/);
    // quoted passages are cited, unquoted ones are not; the answer stays a few sentences
    expect(cited(a)).toEqual([2, 3]);
    expect(sentenceCount(a)).toBeLessThanOrEqual(6);
  });

  it("the retriever's top three answer unless a 4th or 5th passage clearly answers better", () => {
    const ctx = context(
      ['Baseline window', 'The baseline window before the cue is usually 0.2 to 0.5 s. It must lie inside the epoch. XBrain checks this when epoching.'],
      ['Epochs', 'Epochs are cut around events.'],
      ['Splits', 'Split by subject to avoid leakage.'],
      [
        'Baseline correction window',
        'Baseline correction subtracts the mean of the window before the cue; how long it should be depends on the trial. Longer windows give a steadier mean. Shorter ones follow slow drifts.',
      ],
    );
    const a = answerFromContext('how long should the baseline window before the cue be', ctx);
    // the first passage is quoted in sequence; the 4th, which scores only a little higher, adds its best sentence
    expect(a).toMatch(/It must lie inside the epoch\. \[1\]/);
    expect(a).not.toMatch(/steadier mean/);
  });

  it('a passage that answers much less of the question than the first one is not quoted for one well-scoring sentence', () => {
    const ctx = context(
      [
        'Notch filter: removing line noise in Taiwan',
        'A notch filter removes line noise at the mains frequency. Use 60 Hz in Taiwan and 50 Hz in Europe. The notch is zero-phase.',
      ],
      ['Epoching', 'Epochs are cut around events. Cut epochs after the notch filter removes line noise.'],
      ['Recording', 'Electrodes pick up line noise.'],
    );
    const a = answerFromContext('which notch filter removes line noise in Taiwan', ctx);
    expect(a).toMatch(/Use 60 Hz in Taiwan[^[]*\[1\]/);
    // the epoching passage's sentence repeats the question's words but is about when to cut epochs
    expect(cited(a)).toEqual([1]);
  });

  it('a top-three passage that answers about as well as the first adds its best sentence, though it adds no new word', () => {
    const ctx = context(
      [
        'EEGNet or ShallowConvNet for motor imagery decoding',
        'For motor imagery decoding, EEGNet and ShallowConvNet both work, EEGNet more robustly with few trials. Compare them on the validation set.',
      ],
      [
        'ShallowConvNet and EEGNet for motor imagery decoding',
        'ShallowConvNet learns log band power for motor imagery and needs more trials than EEGNet. Decoding then uses a linear classifier.',
      ],
      ['Recording', 'Decoding starts from a recording of the sensorimotor cortex.'],
    );
    const a = answerFromContext('EEGNet or ShallowConvNet for motor imagery decoding?', ctx);
    expect(a).toMatch(/few trials\. \[1\]/);
    // its sentence has no word of the question the first passage's sentences lack, and scores below 0.95 of the best
    expect(a).toMatch(/log band power[^[]*\[2\]/);
    // a passage that answers much less (the recording passage) is still left out
    expect(cited(a)).toEqual([1, 2]);
  });
  it('every numbered part of a question gets a sentence, from whichever passage answers it', () => {
    const ctx = context(
      [
        'Re-referencing',
        'Re-referencing subtracts a reference signal from every channel. The average reference subtracts the mean of all channels. Linked mastoids subtract the mean of the two mastoid channels. A single-channel reference subtracts that channel. Re-reference before epoching.',
      ],
      ['Resampling', 'Resampling continuous data moves every event to the nearest new sample, a jitter of up to half a sample.'],
    );
    const a = answerFromContext('two questions: 1) what does the average reference subtract 2) does resampling move the events', ctx);
    expect(a).toMatch(/average reference subtracts the mean[^[]*\[1\]/);
    expect(a).toMatch(/jitter of up to half a sample\. \[2\]/);
  });

  it('a part whose strongest word no quoted sentence has gets its own sentence, though a weaker word of it is quoted', () => {
    const ctx = context(
      [
        'Resampling',
        'Resample the continuous data before epoching and after filtering. Downsampling makes training faster. Downsampling also shrinks the files.',
      ],
      ['Events', 'Moved events get a jitter of half a sample.'],
    );
    // "downsampling" of the second part is quoted from [1]; "jitter", its strongest word, only [2] has
    const a = answerFromContext('resample continuous data before epoching or after filtering? does downsampling jitter', ctx);
    expect(a).toMatch(/Moved events get a jitter of half a sample\. \[2\]/);
  });
});

describe('offline answers in Traditional Chinese', () => {
  it('a Chinese question is answered in Chinese, and an English-only sentence is quoted when only it has the name asked about', () => {
    const ctx = context(
      [
        'Significance（顯著性）',
        'Test accuracy against chance with the binomial distribution (Smith & Jones, 2015).\n中文：請用二項分布檢定準確率是否高於機率水準。測試試次越少，門檻越高。',
      ],
      ['Filter order（濾波順序）', 'Filtering and re-referencing commute.\n中文：濾波與重新參考的順序不影響結果。'],
    );
    const a = answerFromContext('Smith & Jones 2015 的重點是什麼', ctx);
    expect(a).toMatch(/Smith & Jones, 2015\)\. \[1\]/);
    // the rest of the passage is quoted in the question's language
    expect(a).toMatch(/請用二項分布檢定[^[]*\[1\]/);
    expect(cited(a)).toEqual([1]);
    // a Chinese sentence that answers as well comes first; the English one follows for its terms
    expect(answerFromContext('濾波與重新參考的順序？', ctx)).toMatch(/^濾波與重新參考的順序不影響結果。 \[2\]Filtering and re-referencing commute\. \[2\]$/);
  });

  it('a Chinese answer keeps the English technical terms: a quoted bilingual passage adds its best English sentence', () => {
    const ctx = context(
      [
        'EEGNet blocks（EEGNet 的區塊）',
        'Each EEGNet block applies batch normalisation, the ELU activation, average pooling and dropout. The classifier is linear.\n中文：每個區塊依序做批次正規化、激活函數、平均池化與 dropout。分類器是線性的。',
      ],
      ['Training（訓練）', 'Training uses the Adam optimiser.\n中文：訓練使用 Adam 最佳化器。'],
    );
    const a = answerFromContext('EEGNet 的區塊用什麼激活函數', ctx);
    // Chinese first, then the English sentence that names the ELU the Chinese half leaves out; no other passage cited
    expect(a).toMatch(/^每個區塊依序做批次正規化/);
    expect(a).toMatch(/the ELU activation[^[]*\[1\]$/);
    expect(cited(a)).toEqual([1]);
    // an English question gets no Chinese sentence
    expect(answerFromContext('does EEGNet use the ELU activation?', ctx)).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('offline answers: English words in a Chinese question', () => {
  it('a concept typed in English meets the Chinese text that names it in Chinese', () => {
    expect(chineseTerms('baseline 用整段 epoch 的平均可以嗎')).toContain('基線');
    // the first pair naming a concept gives its word: "resample" is 重新取樣
    expect(chineseTerms('resample 成 128 Hz 以後還能做 40 Hz 低通嗎')).toBe('重新取樣');
    expect(chineseTerms('what is a baseline')).toBe('');
  });
});

describe('question parts', () => {
  it('numbered items are the parts; without numbers, sentences ending in "?" are', () => {
    expect(numberedParts('three things: 1) filter first? 2) resample before epoching 3) does z-score leak')).toEqual([
      'filter first?',
      'resample before epoching',
      'does z-score leak',
    ]);
    expect(numberedParts('is a 4-40 Hz band-pass fine for 2 classes?')).toEqual([]);
    expect(questionParts('what is CAR? when should I avoid it?')).toEqual(['what is CAR', 'when should I avoid it']);
    expect(questionParts('BCI IV 2a 的參考電極是哪裡？需要重新參考嗎')).toHaveLength(2);
    expect(questionParts('use 4-40 Hz')).toEqual(['use 4-40 Hz']);
  });

  it('a numbered question is retrieved part by part, so a part the whole ranking misses still finds its passage', async () => {
    const passage = (title: string, text: string) => ({ title, source: 'kb.md', text, score: 1, uri: `kb.md#${title}` });
    const filters = ['Filter order', 'Filter design', 'Filter edges', 'Filter phase', 'Filter length', 'Filter types'].map((t) =>
      passage(t, `${t}: filtering and re-referencing are linear, so their order does not matter.`),
    );
    const jitter = passage('Resampling and events', 'Resampling continuous data moves each event by up to half a sample (jitter).');
    const queries: string[] = [];
    // the whole question ranks six filter passages first; only the second part's own query finds the resampling one
    const retriever: Retriever = {
      retrieve: async (q: string) => {
        queries.push(q);
        return /filter/i.test(q) ? filters : [jitter, ...filters];
      },
    };
    const session = await mockSession({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-qa-parts-')), packageRoot: repoRoot, trusted: true }, 'trained');
    const agent = new AgentController({ llm: new OfflinePlanner(), session, retriever, confirm: async () => false });
    const r = await agent.run('two questions: 1) filter or re-reference first? 2) does resampling jitter the events?');
    expect(queries.length).toBe(3);
    expect(r.retrieved?.map((h) => h.title)).toContain('Resampling and events');
    expect(r.answer).toMatch(/up to half a sample \(jitter\)/);
    expect(r.calls).toEqual([]);
  });
});

describe('offline answers: rows and descriptions of the tool reference', () => {
  const ctx = [
    '[1] run_sweep (tool_reference.md)',
    'Run a grid of training configurations on a backend (local, pytorch, slurm) and aggregate mean ± SD per grid point.',
    '',
    '| parameter | type | required | default | range | description |',
    '| --- | --- | --- | --- | --- | --- |',
    '| grid | object | yes |  |  | settings and their values |',
    '| folds | integer |  | 1 | ≥ 1 |  |',
    '| backend | "local" \\| "pytorch" \\| "slurm" |  | "local" |  |  |',
    '',
    '[2] Sweeps (models.md)',
    'A sweep trains every combination of the values you list and reports each one on the validation split.',
  ].join('\n');

  it("a tool's description, which does not name the tool, is quoted with its name", () => {
    expect(answerFromContext('can run_sweep use the cluster backend?', ctx)).toMatch(/run_sweep: Run a grid/);
  });

  it("a named tool's parameters or defaults are quoted from its rows; a parameter named with a value from its row", () => {
    const a = answerFromContext('run_sweep 的預設參數是什麼', ctx);
    expect(a).toMatch(/folds: integer, default 1/);
    expect(a).toMatch(/backend: .*default "local"/);
    expect(answerFromContext('is folds=1 the usual setting for a sweep?', ctx)).toMatch(/folds: integer, default 1/);
    // a question that neither names a parameter nor asks for a tool's parameters gets no rows
    expect(answerFromContext('what does a sweep report?', ctx)).not.toMatch(/folds: integer/);
  });
});

describe('offline answers: a "before or after" question', () => {
  it('quotes the sentence that states the order, not only those that name the steps', () => {
    const ctx = context([
      'Re-referencing and filtering',
      [
        'Re-referencing subtracts a reference signal from every EEG channel, and filtering keeps a band of every channel.',
        'The common average reference and the band-pass filter are the usual re-referencing and filtering steps.',
        'Re-referencing to CAR suits dense montages; filtering to 8–30 Hz suits motor imagery.',
        'Bad channels spread noise through re-referencing to the average, and filtering does not remove it.',
        'Linked mastoids are a re-referencing choice for ERP studies, with filtering from 0.1 Hz.',
        'MNE offers re-referencing with set_eeg_reference and filtering with filter.',
        'A re-referencing step and a filtering step on a few channels take seconds.',
        'Filtering and re-referencing are both linear, so the order does not change the result.',
      ].join(' '),
    ]);
    expect(answerFromContext('re-reference before or after filtering?', ctx)).toMatch(/the order does not change the result/);
  });
});

describe('offline answers: words that carry no topic do not choose the passage', () => {
  it('conversational words ("but", "what happens", "like") and a decimal are not question terms', () => {
    const { typed, all } = questionTerms('baseline (-0.5, 0) but tmin is 0, what happens? like mne');
    for (const t of ['but', 'happen', 'like']) {
      expect(typed.has(t)).toBe(false);
      expect(all.has(t)).toBe(false);
    }
    expect(typed.has('baselin')).toBe(true);
    // "0.5" is not five
    expect(typed.has('five')).toBe(false);
    expect([...questionTerms('5 classes').typed]).toContain('five');
  });

  it('a parameter name typed without its underscore matches the name ("tmin" is t_min)', () => {
    const match = termMatcher(['tmin'], [new Set(['t_min', 'min'])]);
    expect(match('tmin', new Set(['t_min']))).toBe(true);
    expect(match('tmin', new Set(['min']))).toBe(false);
  });

  it('answers from the passage about the asked concept, not the one that shares "but" and "happens"', () => {
    const ctx = context(
      [
        'What happens to a run when XBrain stops',
        'But when XBrain stops, what happens to the run is that it keeps its files. But nothing else happens: the run is kept. What happens next is up to you, but the files stay.',
      ],
      [
        'Baseline correction',
        'The baseline interval must lie inside the epoch, between t_min and t_max; a baseline that starts before t_min is refused. Baseline correction subtracts the mean of that interval.',
      ],
    );
    const answer = answerFromContext('baseline (-0.5, 0) but tmin is 0, what happens', ctx);
    expect(cited(answer)[0]).toBe(2);
    expect(answer).toMatch(/inside the epoch, between t_min and t_max/);
  });
});

describe('offline answers: a yes/no question opens with its verdict (h13-kbcompose)', () => {
  const ctx = context([
    'Epoching',
    'An epoch is a window cut around an event. Filter the continuous recording before cutting epochs, because a filter needs signal on both sides of every sample. Epochs can be exported.',
  ]);
  it('the sentence that answers a yes/no question comes first, the rest in the passage order', () => {
    const a = answerFromContext('should I filter before cutting epochs?', ctx);
    expect(a).toMatch(/^Filter the continuous recording before cutting epochs/);
    expect(a).toMatch(/An epoch is a window cut around an event\. \[1\]/);
  });
  it('in Chinese (…嗎) and for a premise ("since …") as well; other questions keep the passage order', () => {
    expect(answerFromContext('Since a filter needs signal on both sides, filter before cutting epochs?', ctx)).toMatch(/^Filter the continuous/);
    expect(answerFromContext('how do I cut epochs around an event window?', ctx)).toMatch(/^An epoch is a window/);
  });
});
