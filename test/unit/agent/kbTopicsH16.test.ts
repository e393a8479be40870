import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildKbIndex, KbRetriever } from '../../../src/core/rag/knowledgeBase';
import { glossaryTerms } from '../../../src/core/rag/glossary';
import { parseKbEvalSet, runKbEval } from '../../../src/core/agent/kbEvaluation';
import { useFreshTrainer } from './simulatedTrainer';
import { repoRoot } from '../helpers/paths';

useFreshTrainer();

/**
 * Fresh methods questions of session h16-kbretrieve (issue 19), written before reading dev13's failures, 18 English and
 * 18 Traditional Chinese, in the eval:kb format (test/unit/rag/kbTopicsH16.jsonl): the neurophysiology of motor imagery
 * (ERD/ERS, mu against alpha), BCI inefficiency and the 70 % criterion, ERP averaging and components, the P300 speller,
 * spectra (Welch, frequency resolution, 1/f), recording (impedance, dry electrodes, sampling rate), volume conduction,
 * calibration and transfer learning, augmentation, ICA before a CNN, paired tests, CSP, Riemannian methods. Scored as eval:kb scores (every
 * must_mention group, grounded as expected, nothing acts). On main 3c972c3: 18/36 right; most misses were topics the
 * knowledge base did not hold (knowledge_base/neurophysiology_and_recording.md adds them).
 */
const items = parseKbEvalSet(readFileSync(join(__dirname, '../rag/kbTopicsH16.jsonl'), 'utf8'), 'kbTopicsH16.jsonl');
/** what this branch reached; a change that loses rows fails here */
const FLOOR = 34;
/**
 * Rows still wrong, checked to fail so that a fix updates this list: h16-16 quotes the not-offered passage that names
 * pyRiemann but not what the methods compute (covariance matrices; the composer picks the offer sentence); h16-33 (ICA
 * before a CNN) is answered by the leakage passage on unsupervised steps before the split without naming MNE or EEGLAB.
 */
const LEFT_OPEN = ['h16-16', 'h16-33'];

let retriever: KbRetriever;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'xbrain-kb-h16-'));
  await buildKbIndex(join(repoRoot, 'knowledge_base'), dir);
  retriever = await KbRetriever.open(dir);
}, 600_000);

describe('h16 methods questions on neurophysiology, recording and spectra (both languages)', () => {
  it('the table is fresh, bilingual and asks only methods questions', () => {
    expect(items.length).toBeGreaterThanOrEqual(30);
    expect(items.filter((i) => i.lang === 'zh-Hant').length / items.length).toBeGreaterThanOrEqual(0.45);
    for (const i of items) expect(i.must_mention?.length, i.id).toBeGreaterThan(0);
  });

  it('answers them with their facts, cites what holds them and never acts', { timeout: 900_000 }, async () => {
    const env = { workspace: mkdtempSync(join(tmpdir(), 'xbrain-kb-h16-ws-')), packageRoot: repoRoot, trusted: true };
    const s = await runKbEval(items, { env, retriever });
    const wrong = s.outcomes.filter((o) => !o.right);
    console.log(
      `h16 topics table: ${s.outcomes.length - wrong.length}/${s.n}, citation ${(100 * s.citationPrecision).toFixed(1)}%, recall@3 ${(100 * s.recallAt3).toFixed(1)}%\n` +
        wrong.map((o) => `${o.id}: missing ${JSON.stringify(o.missing)} (${o.grounding})`).join('\n'),
    );
    expect(s.acted).toBe(0);
    expect(s.n - wrong.length).toBeGreaterThanOrEqual(FLOOR);
    for (const id of LEFT_OPEN)
      expect(
        wrong.map((o) => o.id),
        `${id} is fixed: take it off LEFT_OPEN`,
      ).toContain(id);
    expect(wrong.filter((o) => !LEFT_OPEN.includes(o.id)).map((o) => o.id)).toEqual([]);
  });

  it('names a topic in Chinese or in lab shorthand and reaches its English terms', () => {
    expect(glossaryTerms('想像動手時 ERD 在哪')).toMatch(/desynchronisation/);
    expect(glossaryTerms('有些人怎麼練都控制不了 BCI')).toMatch(/BCI inefficiency/);
    expect(glossaryTerms('why do some subjects have BCI illiteracy')).toMatch(/BCI inefficiency/);
    expect(glossaryTerms('Welch 的視窗要多長')).toMatch(/frequency resolution/);
    expect(glossaryTerms('乾電極的阻抗很高怎麼辦')).toMatch(/impedance/);
    expect(glossaryTerms('EEG 的空間解析度')).toMatch(/volume conduction/);
    expect(glossaryTerms('資料擴增要怎麼做')).toMatch(/data augmentation/);
    expect(glossaryTerms('N400 and ERN latencies')).toMatch(/ERP components/);
    // a data set's identifier, filtering cut epochs, a score that never moves (lab chat)
    expect(glossaryTerms('physionet eegmmidb files, anything special')).toMatch(/PhysioNet EEG Motor Movement/);
    expect(glossaryTerms('epochs are already cut, can I still band-pass them')).toMatch(/edge effects/);
    expect(glossaryTerms('資料已經切好 epoch 了還能濾波嗎')).toMatch(/edge effects/);
    expect(glossaryTerms('test accuracy 一直是 50%')).toMatch(/only one class/);
    expect(glossaryTerms('val acc is exactly 50.0% every run')).toMatch(/only one class/);
    expect(glossaryTerms('my accuracy is 50% on two classes')).not.toMatch(/only one class/);
    expect(glossaryTerms('模型全部都猜同一類')).toMatch(/only one class/);
    expect(glossaryTerms('Can XBrain record directly from my OpenBCI headset?')).toMatch(/live recording/);
    expect(glossaryTerms('what impedance when recording with gel electrodes')).not.toMatch(/live recording/);
    expect(glossaryTerms('the net predicts the same class for every trial')).toMatch(/only one class/);
    // a PSD plot named without a spectral method stays a plot question
    expect(glossaryTerms('plot_epochs psd shows a peak at 60 Hz')).not.toMatch(/Welch/);
  });
});
