import { describe, it, expect } from 'vitest';
import {
  accuracyFromKappa,
  computedAnswer,
  epochSamples,
  isCalculationQuestion,
  itrBitsPerTrial,
  kappaFromAccuracy,
  mneFilter,
  readQuantities,
} from '../../../src/core/agent/computedAnswer';
import { answerFromContext } from '../../../src/core/agent/qaComposer';
import { binomialChanceThreshold, binomialTail as binomialSf } from '../../../src/core/evaluation/metrics';

// the k of evaluate's threshold (an accuracy k/n), as the computed answer states it
const significanceThreshold = (n: number, p: number) => {
  const t = binomialChanceThreshold(n, p);
  return t === null ? undefined : Math.round(t * n);
};

describe('computed answers: the formulas against scipy and MNE', () => {
  it('the exact one-sided binomial p-value P(X ≥ k) matches scipy.stats.binom.sf(k − 1, n, p0)', () => {
    // python3 -c "from scipy.stats import binom; print(binom.sf(32, 50, 0.5))"  → 0.016419568782134242
    expect(binomialSf(33, 50, 0.5)).toBeCloseTo(0.016419568782134242, 12);
    // python3 -c "from scipy.stats import binom; print(binom.sf(37, 120, 0.25))" → 0.05955482181034315
    expect(binomialSf(38, 120, 0.25)).toBeCloseTo(0.05955482181034315, 12);
    // python3 -c "from scipy.stats import binom; print(binom.sf(59, 200, 1/3))"  → 0.8591488415898165
    expect(binomialSf(60, 200, 1 / 3)).toBeCloseTo(0.8591488415898165, 10);
    // a tail far below double precision's smallest normal terms still comes out (log-space sum), relative to scipy:
    // python3 -c "from scipy.stats import binom; print(binom.sf(899, 1000, 0.5))" → 6.701717790006182e-162
    expect(binomialSf(900, 1000, 0.5) / 6.701717790006182e-162).toBeCloseTo(1, 8);
    expect(binomialSf(0, 10, 0.5)).toBe(1);
    expect(binomialSf(11, 10, 0.5)).toBe(0);
  });

  it('the smallest significant count at p < 0.05 matches a scipy search', () => {
    // python3: min(k for k in range(n+1) if binom.sf(k-1, n, p) < 0.05) → 32, 39, 59, 15, 21
    expect(significanceThreshold(50, 0.5)).toBe(32);
    expect(significanceThreshold(120, 0.25)).toBe(39);
    expect(significanceThreshold(100, 0.5)).toBe(59);
    expect(significanceThreshold(20, 0.5)).toBe(15);
    expect(significanceThreshold(45, 1 / 3)).toBe(21);
    // 4 trials of 2 classes: even 4 of 4 has p = 0.0625
    expect(significanceThreshold(4, 0.5)).toBeUndefined();
  });

  it('kappa and accuracy for balanced classes, both ways', () => {
    // (0.70 − 0.25) / 0.75 = 0.6; 0.7 × 0.75 + 0.25 = 0.775
    expect(kappaFromAccuracy(0.7, 4)).toBeCloseTo(0.6, 12);
    expect(accuracyFromKappa(0.7, 4)).toBeCloseTo(0.775, 12);
    expect(accuracyFromKappa(kappaFromAccuracy(0.63, 3), 3)).toBeCloseTo(0.63, 12);
  });

  it('epoch samples include both ends, as MNE does', () => {
    // len(mne.Epochs(...).times) = round((tmax - tmin) * sfreq) + 1: -0.5..2.5 s at 160 Hz → 481; 0..4 s at 250 Hz → 1001
    expect(epochSamples(-0.5, 2.5, 160)).toBe(481);
    expect(epochSamples(0, 4, 250)).toBe(1001);
    expect(epochSamples(-0.2, 0.8, 250)).toBe(251);
  });

  it("Wolpaw's ITR in bits per trial", () => {
    // python3: N,P=4,0.7; log2(N)+P*log2(P)+(1-P)*log2((1-P)/(N-1)) → 0.6432203505529605 (× 15/min = 9.648)
    expect(itrBitsPerTrial(4, 0.7)).toBeCloseTo(0.6432203505529605, 12);
    // N,P=2,0.85 → 0.39015969528359956
    expect(itrBitsPerTrial(2, 0.85)).toBeCloseTo(0.39015969528359956, 12);
    expect(itrBitsPerTrial(4, 1)).toBe(2);
    expect(itrBitsPerTrial(4, 0.2)).toBe(0);
  });

  it("MNE's automatic transition bands and FIR length (firwin, Hamming)", () => {
    // l_trans = min(max(0.25·1, 2), 1) = 1, h_trans = min(max(10, 2), 125 − 40) = 10; ceil(3.3 / 1 · 250) = 825 (odd)
    expect(mneFilter(1, 40, 250)).toEqual({ lTrans: 1, hTrans: 10, samples: 825, seconds: 3.3 });
    // 8–30 Hz at 160 Hz: l_trans 2, h_trans 7.5; ceil(3.3 / 2 · 160) = 264 → made odd 265
    expect(mneFilter(8, 30, 160)).toMatchObject({ lTrans: 2, hTrans: 7.5, samples: 265 });
    // a low-pass near Nyquist: h_trans = min(max(15, 2), 64 − 60) = 4; ceil(3.3 / 4 · 128) = 106 → 107
    expect(mneFilter(undefined, 60, 128)).toMatchObject({ hTrans: 4, samples: 107 });
  });
});

describe('computed answers: reading the question', () => {
  it('reads classes, trials and accuracy in English and Chinese', () => {
    expect(readQuantities('2 classes, 50 test trials, 66% — above chance?')).toMatchObject({ classes: 2, trials: 50, accuracy: 0.66 });
    expect(readQuantities('4-class, 120 test trails, acc 0.317: significant?')).toMatchObject({ classes: 4, trials: 120, accuracy: 0.317 });
    expect(readQuantities('四類、120 個測試試次、準確率 31.7%，顯著嗎？')).toMatchObject({ classes: 4, trials: 120, accuracy: 0.317 });
    expect(readQuantities('兩類 kappa 0.6 是多少準確率？')).toMatchObject({ classes: 2, kappa: 0.6 });
    expect(readQuantities('33/50 correct with binary classification, significant?')).toMatchObject({ classes: 2, trials: 50, correct: 33 });
  });

  it('reads sampling rates, band edges and epoch windows', () => {
    expect(readQuantities('t_min -0.5 t_max 2.5 at 160 Hz, how many samples?')).toMatchObject({ sf: 160, tmin: -0.5, tmax: 2.5 });
    expect(readQuantities('epoch -200 ms to 800 ms at 250 Hz how many samples?')).toMatchObject({ sf: 250, tmin: -0.2, tmax: 0.8 });
    expect(readQuantities('downsample to 128 Hz, can the low-pass stay at 70 Hz?')).toMatchObject({ sf: 128, high: 70 });
    expect(readQuantities('1-40 Hz band-pass on 250 Hz data: transition bandwidth?')).toMatchObject({ sf: 250, low: 1, high: 40 });
    expect(readQuantities('取樣率 250 Hz 的 Nyquist 是多少？')).toMatchObject({ sf: 250 });
  });

  it('reads an edge set without "Hz", a band after a setting word, and the rate as the other Hz figure', () => {
    // the unit is often left out after a setting word; the band's own figures are not the rate
    expect(readQuantities('取樣率 160 low pass 設 100 會怎樣')).toMatchObject({ sf: 160, high: 100 });
    expect(readQuantities('取樣率 250 我 bandpass 設 4-150 為什麼報錯')).toMatchObject({ sf: 250, low: 4, high: 150 });
    expect(readQuantities('160 Hz 做 8-30 Hz 是幾個 taps')).toMatchObject({ sf: 160, low: 8, high: 30 });
    // a second Hz figure that is not above twice the edge is not a rate (a notch, another edge)
    expect(readQuantities('8-30 Hz band-pass and a 50 Hz notch').sf).toBeUndefined();
    expect(readQuantities('low pass 設 30%').high).toBeUndefined();
  });

  it("a trial split's sizes follow generate_dataset's int() truncation, validation from what the test set leaves", () => {
    // src/core/dataset/split.ts: test int(0.2 × 45) = 9, validation int(0.2 × 36) = 7, training 29 (the simulated Study's split)
    expect(computedAnswer('test_ratio 0.2 val 0.2 with 45 epochs -> how many each')?.text).toMatch(/= 9, validation .*= 7, training 29/);
    expect(computedAnswer('100 trials, 25% test split, no validation: how many to train on?')?.text).toMatch(/= 25, training 75/);
    // a result reported is not a split asked about
    expect(computedAnswer('I got 70% test accuracy on 45 trials, significant for 2 classes?')?.kind).toBe('binomial');
    expect(computedAnswer('test_ratio 0.2 with 45 trials but split by subject?')).toBeUndefined();
  });

  it("MNE's parameter names ask for the transition band, and its −6 dB point is stated", () => {
    const a = computedAnswer('h_trans_bandwidth auto when h_freq=40 at 250hz?');
    expect(a?.kind).toBe('mne_filter');
    expect(a?.text).toMatch(/= 10 Hz \(−6 dB at 45 Hz\)/);
    expect(computedAnswer('MNE 的 filter_length auto 怎麼算？160 Hz 做 8-30 Hz 是幾個 taps')?.text).toMatch(/265 個樣本.*−6 dB|−6 dB.*265 個樣本/);
    expect(computedAnswer('取樣率 160 low pass 設 100 會怎樣')?.text).toMatch(/80 Hz/);
  });

  it('a request is not a question; a question after a request clause is', () => {
    expect(isCalculationQuestion('resample to 128 Hz')).toBe(false);
    expect(isCalculationQuestion('filter 1-40 Hz and epoch -0.5 to 2.5 s')).toBe(false);
    expect(isCalculationQuestion('請降取樣到 128 Hz')).toBe(false);
    expect(isCalculationQuestion('downsample to 128 Hz, can the low-pass stay at 70 Hz?')).toBe(true);
  });
});

describe('computed answers: the sentence', () => {
  it('a binomial question gets the p-value, the verdict and the threshold', () => {
    const a = computedAnswer('2 classes, 50 test trials, 66% — above chance?');
    expect(a?.kind).toBe('binomial');
    expect(a?.text).toMatch(/33 correct/);
    // two significant digits: 0.016419… (scipy above)
    expect(a?.text).toMatch(/p = P\(X ≥ 33\) = 0\.016,/);
    expect(a?.text).toMatch(/significantly above chance/);
    expect(a?.text).toMatch(/32 of 50 correct \(64%\)/);
    const b = computedAnswer('4-class, 120 test trials, 31.7%: significant?');
    expect(b?.text).toMatch(/= 0\.060, so it is not significantly above chance/);
    expect(b?.text).toMatch(/39 of 120 correct \(32\.5%\)/);
    // a p below 0.001 in powers of ten, as the answers about the user's Study state it (evaluation/metrics.ts formatPValue)
    expect(computedAnswer('2 classes, 100 test trials, 90% — above chance?')?.text).toMatch(/p = P\(X ≥ 90\) = 1\.5 × 10\^-17,/);
  });

  it('answers in Traditional Chinese, keeping p and Nyquist', () => {
    const a = computedAnswer('四類、120 個測試試次、準確率 31.7%，顯著嗎？');
    expect(a?.text).toMatch(/^計算結果：/);
    expect(a?.text).toMatch(/p = P\(X ≥ 38\) = 0\.060，/);
    expect(a?.text).toMatch(/不顯著/);
    expect(a?.text).toMatch(/39\/120（32\.5%）/);
    expect(computedAnswer('取樣率 250 Hz 的 Nyquist 是多少？')?.text).toMatch(/Nyquist 頻率是取樣率的一半，250 Hz 時為 250 \/ 2 = 125 Hz/);
    expect(computedAnswer('我想分析到 40 Hz，取樣率至少要多少？')?.text).toMatch(/大於 2 × 40 = 80 Hz/);
    expect(computedAnswer('兩類 kappa 0.6 是多少準確率？')?.text).toMatch(/80%/);
  });

  it('each other formula answers its question', () => {
    expect(computedAnswer('kappa 0.7 with 4 classes is what accuracy?')?.text).toMatch(/77\.5%/);
    expect(computedAnswer('what kappa is 70% accuracy with 4 classes?')?.text).toMatch(/kappa = .* = 0\.6\b/);
    expect(computedAnswer('t_min -0.5 t_max 2.5 at 160 Hz, how many samples?')?.text).toMatch(/= 481 samples/);
    expect(computedAnswer('to analyse up to 30 Hz what is the minimum sampling rate')?.text).toMatch(/above 2 × 30 = 60 Hz/);
    const edge = computedAnswer('downsample to 128 Hz, can the low-pass stay at 70 Hz?');
    expect(edge?.kind).toBe('edge_vs_nyquist');
    expect(edge?.text).toMatch(/Nyquist frequency is 128 \/ 2 = 64 Hz.*no/);
    expect(computedAnswer('ITR for 4 classes at 70% with 4 s per trial?')?.text).toMatch(/0\.643 bits per trial and 9\.65 bits\/min/);
    expect(computedAnswer('what transition bandwidth and filter length does MNE use for 1-40 Hz at 250 Hz?')?.text).toMatch(/825 samples/);
    expect(computedAnswer('chance level for 3 classes?')?.text).toMatch(/1\/3 = 33\.3%/);
    expect(computedAnswer("what's the threshold for 2 classes with 100 trials?")?.text).toMatch(/59 of 100 correct \(59%\)/);
    // a rate and the highest edge it allows, without an edge to check
    const highest = computedAnswer('at 200 Hz how high can the low-pass go?');
    expect(highest?.kind).toBe('nyquist');
    expect(highest?.text).toMatch(/200 \/ 2 = 100 Hz, and a low-pass or band-pass upper edge must stay below it/);
    expect(computedAnswer('1000 Hz 的資料帶通上限最高是多少？')?.text).toMatch(/1000 \/ 2 = 500 Hz，低通或帶通的上緣必須低於它/);
    // an edge to check is checked, not restated
    expect(computedAnswer('at 200 Hz is a 120 Hz low-pass the maximum?')?.kind).toBe('edge_vs_nyquist');
  });

  it('a result stated without a question word, a bound without "Hz", a rate from a named data set', () => {
    // python3 -c "from scipy.stats import binom; print(binom.sf(109, 200, 0.5))" → 0.08948201976662577; threshold 113
    const a = computedAnswer('2 類 200 個 test trial 拿 55%，老闆說有過 chance');
    expect(a?.text).toMatch(/p = P\(X ≥ 110\) = 0\.089，在 p < 0\.05 下不顯著/);
    expect(a?.text).toMatch(/113\/200（56\.5%）/);
    // python3 -c "from scipy.stats import binom; print(binom.sf(11, 30, 0.25))" → 0.05065828005155163; threshold 13
    expect(computedAnswer('4-class, 30 test trials, 40%. report as above chance?')?.text).toMatch(/= 0\.051, so it is not.*13 of 30 correct \(43\.3%\)/);
    expect(computedAnswer('2 class 50 test trials, got 66%')?.kind).toBe('binomial');
    // python3 -c "from scipy.stats import binom; print(binom.sf(18, 60, 0.25))" → 0.148592074034048; threshold 22
    expect(computedAnswer('我 60 個 test trial 四類對了 19 個，算贏 chance 嗎')?.text).toMatch(/答對 19 次.*= 0\.15，.*22\/60（36\.7%）/);
    expect(computedAnswer('降到 128 Hz 但 bandpass 上限 70 可以嗎')?.text).toMatch(/Nyquist 頻率是 128 \/ 2 = 64 Hz，70 Hz 不低於它，不行/);
    const samples = computedAnswer('t_min -0.5 t_max 2.5 for physionet, how many samples');
    expect(samples?.text).toMatch(/= 481 samples/);
    expect(samples?.text).toMatch(/PhysioNet EEGMMIDB: 160 Hz/);
    expect(computedAnswer('i got kappa 0.7 on 2a subject 3, how good')?.text).toMatch(/77\.5%.*BCI Competition IV 2a: 4 classes/);
    // a high-pass edge alone: min(max(0.125, 2), 0.5) = 0.5 Hz, 3.3 / 0.5 = 6.6 s
    expect(computedAnswer('high-pass 0.5 Hz 在 MNE 預設過渡帶多寬')?.text).toMatch(/= 0\.5 Hz.*6\.6 秒/);
    expect(computedAnswer('0 到 4 秒、250 Hz 有幾個樣本')?.text).toMatch(/= 1001 個樣本/);
  });

  it('two figures when the question asks for two; a resample target is not a frequency to analyse', () => {
    // python3: binom.sf(k-1, 144, 0.25) < 0.05 first at k = 46 (31.9%); kappa (0.32 − 0.25) / 0.75 = 0.0933
    const both = computedAnswer('4-class, test set 144 trials, acc 32%, above chance? or should I report kappa?');
    expect(both?.text).toMatch(/46 of 144 correct \(31\.9%\)/);
    expect(both?.text).toMatch(/kappa = .* = 0\.093/);
    // "降到 100 Hz" is the new rate, and the band-pass edge 40 (no "Hz") is what must stay below its Nyquist
    expect(computedAnswer('降到 100 Hz 可以嗎 我帶通 4-40')?.text).toMatch(/Nyquist 頻率是 100 \/ 2 = 50 Hz，40 Hz 低於它，可以/);
    // an accuracy and a kappa both given: nothing to convert
    expect(computedAnswer('二分類 accuracy 70% 但 kappa 只有 0.1，怎麼會')).toBeUndefined();
  });

  it('a duration at a rate, the highest frequency a rate holds, the figure before an edge name, a small p as a decimal', () => {
    // a length given as a duration: duration × rate, and one more for an MNE epoch that keeps both ends
    expect(computedAnswer('4 秒 epoch 在 128 Hz 是幾個 sample')?.text).toMatch(/4 × 128 = 512 個樣本.*512 \+ 1 = 513/);
    expect(computedAnswer('a 2 s window at 250 Hz, how many samples?')?.text).toMatch(/2 × 250 = 500 samples.*500 \+ 1 = 501/);
    expect(computedAnswer('-0.5 到 4 秒，160 Hz，一個 epoch 幾點')?.text).toMatch(/= 721 個樣本/);
    expect(computedAnswer('a 2 s window, how many samples?')).toBeUndefined();
    // the Nyquist frequency answers "how high can it go" without a filter named
    expect(computedAnswer('whats the highest freq i can keep if i downsample to 64 hz')?.text).toMatch(
      /Nyquist frequency is half the sampling rate; at 64 Hz it is 64 \/ 2 = 32 Hz/,
    );
    expect(computedAnswer('is 160 Hz enough for gamma?')?.text).toMatch(/= 80 Hz/);
    expect(computedAnswer('is gamma interesting?')).toBeUndefined();
    // "1 Hz high-pass at 250 Hz": 1 Hz is the edge and 250 Hz the rate (the figure after "high-pass" was read as the edge)
    expect(computedAnswer('how long is the fir kernel for a 1 hz highpass at 250hz (mne default)')?.text).toMatch(
      /high-pass 1 Hz at 250 Hz.*3\.3 \/ 1 = 3\.3 s long, 825 samples/,
    );
    expect(readQuantities('high-pass at 0.5 Hz, 250 Hz data').low).toBe(0.5);
    // MNE's parameter names for the edges
    expect(computedAnswer('l_trans_bandwidth auto for l_freq=1, where is the actual cutoff')?.text).toMatch(/= 1 Hz \(−6 dB at 0\.5 Hz\)/);
    // python3: binom.sf(69, 150, 1/3) → 0.000477…
    expect(computedAnswer('3-class, 150 test trials, 70 correct. p value?')?.text).toMatch(/= 4\.8 × 10\^-4 \(0\.00048\)/);
  });

  it('a notch against the Nyquist frequency of the rate the data has, the new rate of a downsampling that may alias, kernel sizes', () => {
    // resampled to 100 Hz (Nyquist 50 Hz), then a 60 Hz notch: refused, and the fix is to notch first
    expect(computedAnswer('i resampled to 100 hz and then tried a 60 hz notch, got an error?')?.text).toMatch(
      /Nyquist frequency is 100 \/ 2 = 50 Hz, so a 60 Hz notch is not below it: no, .*before resampling to 100 Hz/,
    );
    expect(computedAnswer('notch at 60 Hz on 250 Hz data ok?')?.text).toMatch(/125 Hz, so a 60 Hz notch is below it: yes\.$/);
    expect(computedAnswer('128 Hz 的資料可以做 60 Hz 陷波嗎')?.text).toMatch(/Nyquist 頻率是 128 \/ 2 = 64 Hz，60 Hz 的 notch 低於它，可以/);
    // the rate a downsampling goes to is the one whose Nyquist frequency matters for aliasing
    expect(computedAnswer('從 1000 Hz 降到 250 Hz 會不會 aliasing')?.text).toMatch(/降到 250 Hz 後的 Nyquist 頻率是 250 \/ 2 = 125 Hz/);
    expect(computedAnswer('downsample 500 Hz to 128 Hz, will it alias?')?.text).toMatch(/new rate of 128 Hz the Nyquist frequency is 128 \/ 2 = 64 Hz/);
    // kernel sizes as training/models.ts builds them
    expect(computedAnswer('eegnet first conv kernel length at 160 hz?')?.text).toBe(
      "Computed: at 160 Hz, EEGNet's temporal kernel is floor(160/2) = 80 samples and its separable kernel floor(80/4) = 20.",
    );
    expect(computedAnswer('ShallowConvNet kernel size at 250 Hz?')?.text).toMatch(/ceil\(0\.1 × 250\) = 25 samples\.$/);
    const all = computedAnswer('PhysioNet 各模型的卷積核多長？')?.text ?? '';
    expect(all).toMatch(/floor\(160\/2\) = 80/);
    expect(all).toMatch(/ceil\(0\.1 × 160\) = 16/);
    expect(all).toMatch(/SCCNet 的時空卷積核為 floor\(0\.1 × 160\) = 16/);
    // without a rate, or an alias question without a resampling: nothing computed
    expect(computedAnswer('how long is the EEGNet kernel?')).toBeUndefined();
    expect(computedAnswer('what is aliasing at 250 Hz')?.kind).not.toBe('nyquist');
  });

  it('nothing without the numbers a formula needs, and nothing for a command', () => {
    expect(computedAnswer('what is the Nyquist frequency?')).toBeUndefined();
    expect(computedAnswer('is my accuracy above chance?')).toBeUndefined();
    expect(computedAnswer('how many test trials do I need for a significant result?')).toBeUndefined();
    expect(computedAnswer('我的準確率有高於機率水準嗎？')).toBeUndefined();
    expect(computedAnswer('resample to 128 Hz')).toBeUndefined();
    expect(computedAnswer('epoch from -0.5 to 2.5 s at 160 Hz')).toBeUndefined();
    expect(computedAnswer('請降取樣到 128 Hz')).toBeUndefined();
    expect(computedAnswer('幫我降到 128 Hz')).toBeUndefined();
    expect(computedAnswer('I want to resample to 128 Hz')).toBeUndefined();
    expect(computedAnswer('filter 8-30 Hz at 250 Hz')).toBeUndefined();
    expect(computedAnswer('what is the max learning rate at 250 Hz')).toBeUndefined();
    // numbers that answer nothing computable: a model question with a result in it is not a significance test
    expect(computedAnswer('my 4-class model gets 288 trials and 70% accuracy, which model is best?')).toBeUndefined();
  });
});

describe('computed answers in the offline composer', () => {
  const ctx =
    '[1] Chance level and its significance (evaluation.md)\nThe theoretical chance level is 1 / number of classes. Test significance with the binomial distribution: accuracy is significantly above chance only when P(X ≥ k) < 0.05.';
  it('the computed sentence comes first, then the cited passage', () => {
    const a = answerFromContext('2 classes, 50 test trials, 66%: above chance?', ctx);
    expect(a).toMatch(/^Computed: with 2 classes[^\n]*\n\n\S/);
    expect(a).toMatch(/binomial distribution.*\[1\]/);
  });
  it('the passage that states the method is cited even when a better-ranked passage shares more words', () => {
    const lawhern =
      '[1] Lawhern 2018 setup (models.md)\nLawhern et al. epoch the PhysioNet data from t_min -0.5 to t_max 2.5 s after the cue, at 160 Hz, with 64 channels.';
    const rule = (text: string) => `${lawhern}\n\n[2] Epoch length in samples (epochs.md)\nMNE includes both ends, so an epoch holds ${text} samples.`;
    const q = 't_min -0.5 t_max 2.5 at 160 Hz, how many samples?';
    const a = answerFromContext(q, rule('round((t_max − t_min) × sfreq) + 1'));
    expect(a).toMatch(/^Computed: .*= 481 samples/);
    expect(a).toMatch(/round\(\(t_max − t_min\) × sfreq\) \+ 1 samples\. \[2\]/);
    // the same passage without the formula is not the method's passage: the composer alone leaves it out
    expect(answerFromContext(q, rule('one more than the duration times the rate'))).not.toMatch(/\[2\]/);
  });
  it('a question without the numbers is answered as before', () => {
    const a = answerFromContext('is my accuracy above chance?', ctx);
    expect(a).not.toMatch(/Computed/);
    expect(a).toMatch(/\[1\]/);
  });
});

describe("computed answers from the asker's own numbers (h13-kbcompose)", () => {
  it('reads the rate a statement gives, not the frequency of the filter it names', () => {
    expect(readQuantities('my data is 512 Hz, can I low-pass at 300 Hz?')).toMatchObject({ sf: 512, high: 300 });
    expect(computedAnswer('my data is 512 Hz, can I low-pass at 300 Hz?')?.text).toMatch(/512 \/ 2 = 256 Hz, so 300 Hz is not below it: no/);
    // "notch at 60 Hz" is the notch, and the rate is the data's
    expect(readQuantities('notch at 60 Hz on 250 Hz data ok?')).toMatchObject({ sf: 250, notch: 60 });
  });
  it('a describing word between the count and "classes" still gives the classes', () => {
    expect(readQuantities('accuracy 70% with 2 balanced classes, what kappa is that?').classes).toBe(2);
    expect(computedAnswer('accuracy 70% with 2 balanced classes, what kappa is that?')?.text).toMatch(/= 0\.4\.$/);
    expect(readQuantities('4 MI classes, 35%').classes).toBe(4);
  });
  it('trials per class times the classes is the set size', () => {
    expect(readQuantities('三類、每類 30 個 trial，準確率 45%，有顯著嗎？').trials).toBe(90);
    expect(readQuantities('2 classes 40 trials per class, 60% significant?').trials).toBe(80);
    // python3 -c "from scipy.stats import binom; print(binom.sf(47, 80, 0.5))" → 0.0462...
    expect(computedAnswer('2 classes 40 trials per class, 60% significant?')?.text).toMatch(/80 test trials, 60% is 48 correct; .*p = P\(X ≥ 48\) = 0\.046/);
  });
  it("a split's sizes when both ratios are given, in either language", () => {
    expect(computedAnswer('100 個 trial，test 0.2、val 0.2，各分幾個？')?.text).toMatch(/int\(0\.2 × 100\) = 20.*int\(0\.2 × 80\) = 16.*訓練 64/);
    expect(computedAnswer('60 trials, test 0.2 and val 0.2: how many go to each set?')?.text).toMatch(/= 12.*= 9, training 39/);
  });
  it("a downsampling asked with its low-pass gives the new rate's Nyquist frequency", () => {
    expect(computedAnswer('what happens if I downsample to 64 Hz without a low-pass first?')?.text).toMatch(/64 \/ 2 = 32 Hz/);
    // a low-pass value given is checked against the rate instead
    expect(computedAnswer('downsample to 128 Hz, then low-pass at 40 Hz, ok?')?.text).toMatch(/40 Hz is below it: yes/);
  });
  it('an accuracy with its classes and no test-set size is placed against 1/K, significance left to the trial count', () => {
    expect(computedAnswer('跑出來 acc 只有 50% 兩類，是不是壞掉了')?.text).toMatch(/1\/2 = 50%，50% 正好在機率水準/);
    expect(computedAnswer('4 class MI, I get 31%, is it learning?')?.text).toMatch(/1\/4 = 25%, so 31% is 6 points above chance/);
    // with the trial count the binomial test answers instead
    expect(computedAnswer('4 class MI, 31% on 100 test trials, significant?')?.kind).toBe('binomial');
  });
});
