import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildKbIndex, KbRetriever } from '../../../src/core/rag/knowledgeBase';
import { assessQuestion, isOffTopic } from '../../../src/core/rag/grounding';
import { repoRoot } from '../helpers/paths';

/**
 * Scope probes (issue 19), written before the routing was changed and not taken from any evaluation file: capability
 * and yes/no questions in the domain must never be declined; when XBrain does the thing the answer comes from the
 * knowledge base, when it does not the answer says so (quoting scope.md, or "the knowledge base does not cover
 * this") instead of quoting an unrelated passage; questions with nothing to do with EEG are declined in one line.
 *
 * The routing decision is tested (what the controller's answer() decides from the retrieved passages), not the
 * composed text: through agent.run several Chinese "可以…嗎" probes were planned as requests and acted (a separate bug).
 * - answer: covered (the retrieved passages answer it); `must` is a fact one of the top 3 passages states
 * - not_done: never declined; `must` (when given) is a fact of the scope.md line the top passages must contain
 * - decline: off-topic
 */
type Probe = [question: string, route: 'answer' | 'not_done' | 'decline', must?: RegExp];

const DOES: Probe[] = [
  ['Can XBrain read EGI .raw files?', 'answer', /EGI/],
  ['EGI 的 .raw 檔可以載入嗎', 'answer', /EGI/],
  ['Does XBrain support BrainVision .vhdr recordings?', 'answer', /BrainVision|vhdr/i],
  ['可以讀 EEGLAB 的 .set 檔嗎', 'answer', /EEGLAB|\.set/],
  ['Can XBrain load GDF files from BCI Competition IV 2a?', 'answer', /GDF/i],
  ['BCI IV 2a 的 gdf 檔可以直接讀嗎', 'answer', /GDF/i],
  ['Can I export the trained model to ONNX?', 'answer', /ONNX/],
  ['訓練好的模型可以匯出成 ONNX 嗎', 'answer', /ONNX/],
  ['Does XBrain have a notch filter for line noise?', 'answer', /notch|陷波/i],
  ['有 50 Hz 陷波濾波器嗎', 'answer', /notch|陷波/i],
  ['Does XBrain offer saliency maps?', 'answer', /saliency|顯著/i],
  ['XBrain 有提供 saliency 顯著圖嗎', 'answer', /saliency|顯著/i],
  ['Is there a grid search over hyperparameters?', 'answer', /run_sweep|grid/i],
  ['有超參數的網格搜尋嗎', 'answer', /run_sweep|網格|grid/i],
  ['Can training run on a Slurm cluster?', 'answer', /Slurm/i],
  ['可以丟到 Slurm 叢集上跑嗎', 'answer', /Slurm/i],
  ['Does XBrain support ShallowConvNet?', 'answer', /ShallowConvNet/],
  ['SCCNet 有支援嗎', 'answer', /SCCNet/],
  ['Can XBrain resample my recordings to 128 Hz?', 'answer', /resampl|重新取樣|取樣/i],
  ['XBrain 支援降採樣嗎', 'answer', /resampl|取樣|採樣/i],
  ['Can I split the data by subject for cross-subject evaluation?', 'answer', /subject|受試者/i],
  ['可以做跨受試者的資料切分嗎', 'answer', /subject|受試者/i],
  ['Can XBrain plot the PSD of my epochs?', 'answer', /PSD|plot_epochs/i],
  ["Does XBrain report Cohen's kappa?", 'answer', /kappa/i],
  ['Can I load .npy arrays with a JSON sidecar?', 'answer', /npy|NPY/],
  ['Does XBrain read FIF files?', 'answer', /FIF/i],
  ['Can I re-reference to the common average?', 'answer', /average|平均/i],
  ['可以用共同平均參考 CAR 嗎', 'answer', /average|平均|CAR/i],
  ['Can I export the epochs as numpy arrays?', 'answer', /export_epochs|npy/i],
  ['Can XBrain read Neuroscan .cnt files?', 'answer', /CNT|cnt/],
];

const DOES_NOT: Probe[] = [
  ['Can XBrain compute phase-amplitude coupling (PAC)?', 'not_done'],
  ['相位振幅耦合 PAC 可以算嗎', 'not_done'],
  ['Can XBrain open the DEAP .dat files (python pickle) directly?', 'not_done'],
  ['DEAP 資料集的 .dat pickle 檔可以直接讀嗎', 'not_done'],
  ['Can I make a bipolar derivation such as C3-FC3?', 'not_done', /bipolar|雙極/i],
  ['可以做雙極導程嗎，例如 C3-FC3', 'not_done', /bipolar|雙極/i],
  ['Is there Bayesian hyperparameter search with Optuna?', 'not_done', /Optuna|grid|網格/i],
  ['有 optuna 的貝氏超參數搜尋嗎', 'not_done', /Optuna|grid|網格/i],
  ['Can XBrain run ICA to remove eye blinks?', 'not_done', /ICA/],
  ['可以用 ICA 去除眨眼嗎', 'not_done', /ICA/],
  ['Does XBrain do source localisation with sLORETA?', 'not_done', /MNE/],
  ['XBrain 可以做源定位嗎', 'not_done', /MNE|源定位/],
  ['Can I load XDF files recorded with LabRecorder?', 'not_done', /XDF/],
  ['XDF 檔可以讀嗎', 'not_done', /XDF/],
  ['Is there a real-time BCI mode with LSL streaming?', 'not_done', /LSL|Lab Streaming|real-time|即時/i],
  ['有即時線上 BCI 模式嗎', 'not_done', /即時|LSL|real-time/i],
  ['Can XBrain train an EEG Conformer transformer?', 'not_done', /transformer|Conformer/i],
  ['可以訓練 LSTM 模型嗎', 'not_done', /LSTM|遞迴|RNN/i],
  ['Does XBrain do data augmentation such as mixup?', 'not_done', /augmentation|擴增|mixup/i],
  ['訓練時有資料擴增嗎', 'not_done', /擴增|augmentation/i],
  ['Can XBrain compute the information transfer rate?', 'not_done'],
  ['Can XBrain do sleep staging from PSG?', 'not_done', /sleep|YASA/i],
  ['可以做睡眠分期嗎', 'not_done', /睡眠|YASA/i],
  ['Does XBrain support MEG recordings?', 'not_done', /MEG/],
  ['MEG 資料可以用 XBrain 分析嗎', 'not_done', /MEG/],
  ['Can XBrain compute coherence or PLV connectivity?', 'not_done', /connectivity|coherence|PLV/i],
  ['Does XBrain compute EEG microstates?', 'not_done'],
  ['可以做 EEG 微狀態分析嗎', 'not_done'],
  ['Can XBrain compute sample entropy features?', 'not_done'],
  ['可以算樣本熵特徵嗎', 'not_done'],
  ['Is there federated learning across EEG sites?', 'not_done'],
  ['Does XBrain offer Granger causality?', 'not_done', /Granger|connectivity/i],
  ['Can XBrain read a BIDS dataset directly?', 'not_done', /BIDS/],
  ['BIDS 資料集可以直接讀嗎', 'not_done', /BIDS/],
  ['有 SSVEP 的 CCA 解碼器嗎', 'not_done', /CCA/],
  ['Can XBrain compute ERSP time-frequency maps with Morlet wavelets?', 'not_done', /ERSP|Morlet|tfr_morlet/i],
  ['Does XBrain do EMG gesture decoding?', 'not_done'],
  ['可以做 fNIRS 分析嗎', 'not_done'],
];

const OFF_TOPIC: Probe[] = [
  ["What's the weather in Taipei tomorrow?", 'decline'],
  ['今天台北天氣如何', 'decline'],
  ['Should I buy Tesla stock now?', 'decline'],
  ['台積電股票會漲嗎', 'decline'],
  ['Give me a recipe for beef noodle soup', 'decline'],
  ['牛肉麵的食譜', 'decline'],
  ['Write a poem about autumn leaves', 'decline'],
  ['寫一首關於月亮的詩', 'decline'],
  ['Tell me a joke', 'decline'],
  ['講個笑話', 'decline'],
  ['Who won the NBA finals last year?', 'decline'],
  ['Who won the 2022 World Cup?', 'decline'],
  ['How do I reverse a linked list in Java?', 'decline'],
  ['How do I center a div in CSS?', 'decline'],
  ['怎麼用 React 寫登入頁面', 'decline'],
  ['What are the best places to visit in Japan?', 'decline'],
  ['去日本旅遊要去哪裡', 'decline'],
  ["How do I fix my car's brakes?", 'decline'],
  ['What is the capital of France?', 'decline'],
  ['推薦一部好看的電影', 'decline'],
  ['How many calories are in a banana?', 'decline'],
  ["Translate 'good morning' into French", 'decline'],
  ['What is the meaning of life?', 'decline'],
  ['How do I sort a dictionary by value in Python?', 'decline'],
  ['Explain blockchain to me', 'decline'],
  ['How do I bake sourdough bread?', 'decline'],
  ['Which laptop should I buy for gaming?', 'decline'],
  ['幫我寫一封求職信', 'decline'],
  ['明天要穿什麼衣服', 'decline'],
  ['Who is the president of the United States?', 'decline'],
  ['How should I train for a marathon?', 'decline'],
  ['怎麼學好英文', 'decline'],
];

let retriever: KbRetriever;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'xbrain-scope-probes-'));
  await buildKbIndex(join(repoRoot, 'knowledge_base'), dir);
  retriever = await KbRetriever.open(dir);
});

/** The controller's decision: declined only when the lexicon and the retrieval both find nothing of the domain. */
async function route(question: string) {
  const hits = await retriever.retrieve(question, 6);
  const verdict = isOffTopic(question) && assessQuestion(question, hits) === 'off_topic' ? 'off_topic' : assessQuestion(question, hits);
  return {
    verdict,
    top: hits
      .slice(0, 3)
      .map((h) => `${h.title}\n${h.text}`)
      .join('\n'),
  };
}

describe('scope probes: capability questions are answered or said to be unavailable, off-topic ones declined', () => {
  it.each([...DOES, ...DOES_NOT, ...OFF_TOPIC])('%s → %s', async (question, expected, must) => {
    const { verdict, top } = await route(question);
    if (expected === 'decline') expect(verdict).toBe('off_topic');
    else expect(verdict).not.toBe('off_topic');
    if (expected === 'answer') expect(verdict).toBe('covered');
    if (must) expect(top).toMatch(must);
  });

  it('has enough probes in both languages', () => {
    const inDomain = [...DOES, ...DOES_NOT];
    expect(inDomain.length).toBeGreaterThanOrEqual(60);
    expect(OFF_TOPIC.length).toBeGreaterThanOrEqual(30);
    for (const set of [inDomain, OFF_TOPIC]) expect(set.filter(([q]) => /[\u4e00-\u9fff]/.test(q)).length).toBeGreaterThanOrEqual(set.length / 3);
  });
});
