import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildKbIndex, KbRetriever } from '../../../src/core/rag/knowledgeBase';
import { AgentController } from '../../../src/core/agent/controller';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { mockSession } from '../../../src/core/agent/simulatedStudy';
import { useFreshTrainer } from './simulatedTrainer';
import { checkCitations, isOffTopic } from '../../../src/core/rag/grounding';
import { answerFromContext } from '../../../src/core/agent/qaComposer';
import { missingGroups, normalizeForMatch, scoreOutcome } from '../../../src/core/agent/kbEvaluation';
import type { LlmClient } from '../../../src/core/agent/llm';
import { repoRoot } from '../helpers/paths';
import { ScriptedLlm } from './scripted';

useFreshTrainer();

/**
 * A few answers end to end (the full evaluation is `npm run eval:kb`): the knowledge base is indexed fresh, each
 * question goes through the controller and the offline planner on a simulated Study that must stay unchanged.
 * These questions are our own, not the evaluation set's.
 */
let retriever: KbRetriever;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'xbrain-kb-answers-'));
  await buildKbIndex(join(repoRoot, 'knowledge_base'), dir);
  retriever = await KbRetriever.open(dir);
});

async function ask(question: string, llm: LlmClient = new OfflinePlanner()) {
  const session = await mockSession({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-kb-ans-')), packageRoot: repoRoot, trusted: true }, 'trained');
  const before = session.study.state;
  const agent = new AgentController({ llm, session, retriever, confirm: async () => true });
  const r = await agent.run(question);
  expect(session.study.state, 'a question changed the Study').toBe(before);
  expect(r.calls).toEqual([]);
  return r;
}

const body = (answer: string) => answer.replace(/\n*Sources:[\s\S]*$/, '');

describe('knowledge-base answers, offline (quoted sentences, exact citations)', () => {
  it('answers a methods question with the facts and cites only passages it quotes', async () => {
    const r = await ask('What is the Nyquist frequency of a 250 Hz recording?');
    expect(r.grounding).toBe('answered');
    expect(body(r.answer)).toMatch(/half the sampling rate/);
    expect(body(r.answer)).toMatch(/125 Hz/);
    expect(r.citations?.map((c) => c.title)).toContain('Nyquist frequency and sampling（奈奎斯特頻率與取樣）');
    // every cited passage was retrieved, and every quoted sentence comes from a cited passage
    const retrieved = new Set(r.retrieved?.map((h) => h.uri));
    for (const c of r.citations ?? []) expect(retrieved.has(c.uri)).toBe(true);
    // the figure computed from the question's numbers opens the answer as a paragraph of its own, not quoted
    expect(body(r.answer)).toMatch(/^Computed: the Nyquist frequency is half the sampling rate; at 250 Hz it is 250 \/ 2 = 125 Hz\.\n\n/);
    for (const m of body(r.answer)
      .replace(/^Computed: [^\n]*\n\n/, '')
      .matchAll(/([^[\]]+?)\s*\[(\d+)\]/g)) {
      const cited = r.retrieved?.[Number(m[2]) - 1];
      expect(cited?.text.replace(/\*\*/g, '')).toContain(m[1].trim().slice(0, 40));
    }
    expect(r.answer).toMatch(/\n\nSources: \[\d\] /);
  });

  it('answers a Traditional Chinese question in Chinese from the same sections', async () => {
    const r = await ask('EEGNet 的 F1 和 D 代表什麼？預設是多少？');
    expect(body(r.answer)).toMatch(/[\u4e00-\u9fff]/);
    expect(body(r.answer)).toMatch(/F1/);
    expect(body(r.answer)).toMatch(/深度|空間濾波器/);
    expect(body(r.answer)).toMatch(/預設 8/);
    const car = await ask('什麼情況下不適合用共同平均參考？');
    expect(body(car.answer)).toMatch(/平均/);
    expect(car.citations?.[0]?.source).toBe('signal_processing.md');
  });

  it('says what XBrain does not do and where to go instead', async () => {
    const r = await ask('Can XBrain remove eye blinks with ICA?');
    expect(body(r.answer)).toMatch(/no independent component analysis \(ICA\)|does not/i);
    expect(body(r.answer)).toMatch(/MNE|EEGLAB/);
  });

  it('a request no tool fits is answered from the knowledge base (what XBrain does instead), not with a list of tools', async () => {
    const r = await ask('remove the blinks from my recordings with ICA please');
    expect(r.grounding).toBe('answered');
    expect(body(r.answer)).toMatch(/MNE|EEGLAB/);
    expect(body(r.answer)).not.toMatch(/could not map/);
  });

  it('declines off-topic questions and requests in one line, without tools', async () => {
    for (const q of ['What will the weather be in Taipei tomorrow?', 'write me a haiku about autumn', '幫我推薦一家好吃的牛肉麵店']) {
      const r = await ask(q);
      expect(r.grounding, q).toBe('declined');
      expect(r.answer.split('\n')).toHaveLength(1);
      expect(r.citations ?? []).toEqual([]);
    }
    expect(isOffTopic('how 2 split by subject')).toBe(false);
    // misspelt domain words, a parameter set to a value and the literature are in the domain
    expect(isOffTopic('good bandpas for my recording?')).toBe(false);
    expect(isOffTopic('shuffle=false 有什麼用')).toBe(false);
    expect(isOffTopic('what did Schirrmeister report')).toBe(false);
    expect(isOffTopic('how do I compute the ITR')).toBe(false);
    expect(isOffTopic('what is the capital of France')).toBe(true);
  });

  it('declines an off-topic instruction even when its verb is an XBrain verb, and runs nothing', async () => {
    const r = await ask('幫我算房貸每個月要繳多少');
    expect(r.grounding).toBe('declined');
    expect(r.answer.split('\n')).toHaveLength(1);
  });
});

describe('an endpoint model: the same retrieval grounds it, its citations are checked', () => {
  it('citations outside what was retrieved are removed and the Sources line lists what the answer cites', async () => {
    const llm = new ScriptedLlm([() => ({ content: 'Mains noise sits at 50 or 60 Hz [2], removed by a notch [7].\n\nSources: [1] something; [7] invented' })]);
    const r = await ask('why use a notch filter?', llm);
    const system = llm.requests[0].messages[0].content;
    expect(system).toMatch(/^\[1\] /m);
    expect(r.answer).not.toMatch(/\[7\]|invented/);
    expect(r.citations?.map((c) => c.ref)).toEqual([2]);
    expect(r.answer).toMatch(new RegExp(`Sources: \\[2\\] ${r.retrieved![1].title.replace(/[()（）]/g, '.')}`));
    // the model is asked to answer only from the passages, in the question's language
    expect(system).toMatch(/Use only facts stated in the sources/);
  });

  it('a model that says the sources do not cover it is reported as not covered, with no citation', () => {
    const hits = [{ title: 'A', source: 'a.md', text: 'alpha', score: 1 }];
    expect(checkCitations('The knowledge base does not cover this.', hits)).toMatchObject({ cited: [], notCovered: true });
    expect(checkCitations('Alpha is 8–13 Hz [1, 3].', hits)).toMatchObject({ cited: [1], invalid: [3] });
  });

  it('an interval quoted from a passage ("fractions in [0, 1]") stays text and is no citation', () => {
    const hits = [{ title: 'A', source: 'a.md', text: 'alpha', score: 1 }];
    const r = checkCitations('With unit "ratio" these are fractions in [0, 1]. [1]', hits);
    expect(r).toMatchObject({ cited: [1], invalid: [] });
    expect(r.answer).toMatch(/^With unit "ratio" these are fractions in \[0, 1\]\. \[1\]/);
  });

  it('only a Sources line is replaced: "source:" inside a sentence is part of the answer', () => {
    const hits = [{ title: 'A', source: 'a.md', text: 'alpha', score: 1 }];
    const mid = checkCitations('Reduce the imbalance at the source: epoch only T1 and T2 [1].', hits);
    expect(mid.answer).toMatch(/^Reduce the imbalance at the source: epoch only T1 and T2 \[1\]\.\n\nSources: \[1\] A \(a\.md\)$/);
    const own = checkCitations('Alpha is 8–13 Hz [1].\nSources: [1] something invented', hits);
    expect(own.answer).toBe('Alpha is 8–13 Hz [1].\n\nSources: [1] A (a.md)');
  });
});

describe('eval:kb scoring', () => {
  it('a number alternative matches only a whole number: 0.6 is not inside 0.695, 22 not inside 220 or 122', () => {
    expect(missingGroups('validation loss 0.695', [['0.6']])).toEqual([['0.6']]);
    expect(missingGroups('T1 recall 0.6 (3 of 5)', [['0.6'], ['3 of 5']])).toEqual([]);
    expect(missingGroups('220 samples, 122 trials', [['22']])).toEqual([['22']]);
    expect(missingGroups('Ns defaults to 22.', [['22']])).toEqual([]);
    expect(missingGroups('accuracy 0.6', [['6']])).toEqual([['6']]);
    expect(missingGroups('10.6 Hz', [['0.6']])).toEqual([['0.6']]);
    // trailing zeros after a point are the same number; spaces still do not matter
    expect(missingGroups('chance is 0.50 and 50.0 %', [['0.5'], ['50']])).toEqual([]);
    expect(missingGroups('chance is 0.55', [['0.5']])).toEqual([['0.5']]);
    expect(missingGroups('a 8 – 30 Hz band', [['8-30hz']])).toEqual([]);
    expect(missingGroups('channel Fp10', [['Fp1']])).toEqual([['Fp1']]);
    expect(missingGroups('訓練集 22 個試次', [['22個']])).toEqual([]);
  });

  it('must_mention groups match case-, width- and dash-insensitively; declines and not-covered need their facts too', () => {
    expect(normalizeForMatch('8–30 Hz')).toBe(normalizeForMatch('8-30hz'));
    expect(normalizeForMatch('ＥＥＧ')).toBe('eeg');
    expect(missingGroups('Use 8–30 Hz for mu and beta', [['8-30'], ['mu', 'μ'], ['gamma']])).toEqual([['gamma']]);
    const base = { route: 'qa' as const, calls: [], steps: 0 };
    const item = { id: 'x', lang: 'en', category: 'off_topic', question: 'q', expect: 'decline' as const, must_mention: [['EEG'], ['outside']] };
    expect(scoreOutcome(item, { ...base, answer: "That is outside XBrain's scope: I answer questions about EEG.", grounding: 'declined' }, false).right).toBe(
      true,
    );
    expect(scoreOutcome(item, { ...base, answer: 'Sorry, no.', grounding: 'declined' }, false).right).toBe(false);
    const ans = { ...item, expect: 'answer' as const, must_mention: [['Nyquist']] };
    // a fact that appears only in the Sources line does not count
    expect(scoreOutcome(ans, { ...base, answer: 'Half the rate.\n\nSources: [1] Nyquist frequency', grounding: 'answered' }, false).right).toBe(false);
  });
});

describe('a request only proposed is answered from the knowledge base too', () => {
  async function propose(said: string, confirm = false, stage: 'data_loaded' | 'trained' = 'data_loaded') {
    const session = await mockSession({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-kb-prop-')), packageRoot: repoRoot, trusted: true }, stage);
    const before = session.study.state;
    const agent = new AgentController({ llm: new OfflinePlanner(), session, retriever, confirm: async () => confirm });
    const r = await agent.run(said);
    return { r, changed: session.study.state !== before };
  }

  it('a verbless request: the passage about the step, then the proposal, and nothing changes', async () => {
    const { r, changed } = await propose('mu band 8-13 Hz filter for my imagery data');
    expect(changed).toBe(false);
    expect(r.route).toBe('operation');
    expect(r.calls.map((c) => [c.tool, c.result.type])).toEqual([['apply_bandpass_filter', 'confirm']]);
    expect(r.grounding).toBe('answered');
    expect(r.citations?.length).toBeGreaterThan(0);
    // the quoted answer first, the proposal after it, the Sources line last
    const at = (re: RegExp) => r.answer.search(re);
    expect(at(/\[1\]/)).toBeGreaterThanOrEqual(0);
    expect(at(/\[1\]/)).toBeLessThan(at(/waiting for confirmation/));
    expect(at(/waiting for confirmation/)).toBeLessThan(at(/\n\nSources: /));
  });

  it("an instruction that runs, or one the user declines at the tool's confirmation, gets no passage", async () => {
    const ran = await propose('band-pass 8 to 30 Hz', true);
    expect(ran.changed).toBe(true);
    expect(ran.r.citations ?? []).toEqual([]);
    expect(ran.r.answer).not.toMatch(/Sources: /);
    // after training, resampling clears the dataset and asks first: a "no" there is the user's answer, not a question
    const declined = await propose('resample to 100 Hz', false, 'trained');
    expect(declined.changed).toBe(false);
    expect(declined.r.calls.map((c) => c.tool)).toEqual(['resample_data']);
    expect(declined.r.answer).not.toMatch(/Sources: /);
  });
});

describe('an off-topic instruction no tool fits', () => {
  it('is declined in one line, not answered with the list of tools', async () => {
    const session = await mockSession({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-kb-off-')), packageRoot: repoRoot, trusted: true }, 'trained');
    const agent = new AgentController({ llm: new OfflinePlanner(), session, retriever, confirm: async () => false });
    // 算 ("compute") is a step verb, so the split reads an instruction; no tool, no domain word, no step named
    const r = await agent.run('幫我算一下這個月的電費');
    expect(r.grounding).toBe('declined');
    expect(r.answer).toMatch(/超出 XBrain 的範圍/);
    expect(r.answer).not.toMatch(/list_files/);
    // an in-domain instruction no tool fits is still answered or listed, never declined
    const s2 = await mockSession({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-kb-off2-')), packageRoot: repoRoot, trusted: true }, 'trained');
    const r2 = await new AgentController({ llm: new OfflinePlanner(), session: s2, retriever, confirm: async () => false }).run('make it faster');
    expect(r2.grounding).not.toBe('declined');
  });
});

describe('offline answer composition', () => {
  it('a question naming two tools describes each from its own passage', () => {
    const context = [
      '[1] reset_preprocessing (tool_reference.md)\nGo back to the recordings as loaded and undo every preprocessing step. Asks for confirmation.',
      '[2] Privacy and confirmation (scope.md)\nDestructive tools such as clear_dataset and reset_preprocessing ask for confirmation first.',
      '[3] clear_dataset (tool_reference.md)\nRemove everything and return to the empty stage. Asks for confirmation.',
    ].join('\n\n');
    const a = answerFromContext('clear_dataset vs reset_preprocessing?', context);
    expect(a).toMatch(/Go back to the recordings as loaded[^[]*\[1\]/);
    expect(a).toMatch(/Remove everything and return to the empty stage\. \[3\]/);
  });

  it("the glossary's English for a Chinese term does not outweigh the Chinese text that answers", () => {
    // 重新參考 adds "re-reference reference set_reference" to the query; passage 1 only names set_reference
    const context = [
      '[1] Re-referencing (signal_processing.md)\nset_reference(method) re-references the channels.\n中文：set_reference(method) 重新參考 EEG 通道，reference 可為 average。',
      '[2] Order of the steps (signal_processing.md)\nFiltering and re-referencing commute.\n中文：濾波與重新參考都是線性運算，可以交換順序：先重新參考或先濾波，結果相同。',
    ].join('\n\n');
    expect(answerFromContext('重新參考要放在濾波之前還是之後？', context)).toMatch(/^濾波與重新參考都是線性運算.*\[2\]/);
  });
});
