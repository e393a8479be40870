import { describe, it, expect } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isQuestion, isStudyQuestion, splitTurn, stepAskedAbout } from '../../../src/core/agent/questionSplit';
import { planTurn } from '../../../src/core/agent/router';
import { AgentController, recommendedCalls, type ConfirmRequest } from '../../../src/core/agent/controller';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { mockSession } from '../../../src/core/agent/simulatedStudy';
import { useFreshTrainer } from './simulatedTrainer';
import { definitionByName } from '../../../src/core/tools/definitions';
import type { Stage } from '../../../src/core/study/types';
import { repoRoot } from '../helpers/paths';
import { ScriptedLlm, call } from './scripted';

useFreshTrainer();

/** Methods questions, in many phrasings, English and Traditional Chinese: each must be answered and change nothing. */
const QUESTIONS = [
  '共同平均參考是什麼？什麼時候該使用？',
  'which band-pass suits motor imagery?',
  'what is the Nyquist frequency?',
  'What is a band-pass filter?',
  'why do we apply a notch filter',
  'How should I choose the epoch window for motor imagery?',
  'When should I re-reference to the common average?',
  'which model should I train first?',
  "what's the difference between EEGNet and ShallowConvNet",
  'Should I resample to 128 Hz before training EEGNet?',
  'is it ok to normalize before splitting?',
  // a wh-word after a linking verb, before its noun
  'for 4 classes kappa 0.5 equals what accuracy',
  'sampling at 250 Hz gives which Nyquist frequency',
  'Do I need a baseline for motor imagery epochs?',
  'does z-scoring leak information from the test set?',
  'can I filter after epoching?',
  'could you explain what Cohen kappa measures?',
  'explain what saliency maps show',
  'tell me about SCCNet',
  'Why is my accuracy at chance?',
  'why does my model overfit after 50 epochs?',
  'how many epochs should I train for?',
  'what learning rate works for EEGNet?',
  'so, how does subject-wise splitting prevent leakage?',
  'I wonder whether a 60 Hz notch is needed in Taiwan',
  'band-pass 8-30 Hz or 4-40 Hz for motor imagery?',
  'EEGNet 的 F1 和 D 是什麼意思？',
  '為什麼要做帶通濾波?',
  '什麼是 EEGNet?',
  '運動想像應該用哪個頻帶',
  '我應該先重新取樣嗎？',
  '請解釋一下共同平均參考',
  '要怎麼知道模型是不是過擬合',
  '陷波濾波器在台灣要設 60 Hz 嗎',
  '資料切分時要怎麼避免資料洩漏？',
  'kappa 和準確率有什麼差別？',
  // Chinese questions that open with a Latin term, and English topics followed by their question
  'SCCNet 的空間濾波器數量是多少',
  'notch 50 Hz 要不要開',
  'epoch 要多長才夠',
  'kappa of 0.4 means what',
  // a wh-word left in place at the end
  'balanced accuracy averages over what',
  'the input scaling is fitted on what',
  'saliency maps are normalised relative to what',
  'confusion matrix rows — true or predicted?',
  'configure_training, what does patience do',
  'learning rate options',
  'got 70% on four classes with a session split, is that ok',
  'can my laptop GPU train EEGNet',
  // reports of results ask for help, even when they open with "train" or 訓練
  'train acc 98% but val acc 60%, 30 trials per class. help',
  'test kappa = 0.05 for every subject',
  'val loss keeps rising after epoch 15',
  '訓練 50 輪之後準確率還是很低',
  '換成 session 切分以後掉到 35%',
  '用 individual 訓練的結果比 group 還差',
  'normalize=true 是幹嘛的',
  'runs 4, 8 and 12 were used. which classes do they hold?',
  'with 30 test trials per class what accuracy counts as above chance',
];

/** Requests (some with question marks or polite forms): they may act. */
const REQUESTS = [
  'band-pass 8 to 30 Hz',
  'load S001R04.edf then band-pass 8-30Hz then epoch -0.2 to 1 s around T1 and T2',
  'can you band-pass 8-30 Hz?',
  'could you load S001R04.edf please',
  'please re-reference to the common average',
  'do it again',
  'explain the model with integrated gradients',
  'describe the loaded data',
  'show the status',
  'Do a notch at 60 Hz',
  'train EEGNet for 20 epochs with batch 64',
  '帶通濾波 8-30Hz',
  '使用平均參考',
  '用 EEGNet 訓練 10 輪 批次 8',
  '分割資料集，依受試者',
  '選擇通道 C3 Cz C4',
  '可以幫我帶通 8 到 30 Hz 嗎？',
  '清除所有資料',
];

const env = () => ({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-q-')), packageRoot: repoRoot, trusted: true });

async function agentAt(
  stage: Stage,
  llm = new OfflinePlanner() as ConstructorParameters<typeof AgentController>[0]['llm'],
  confirm?: (r: ConfirmRequest) => Promise<boolean>,
) {
  const session = await mockSession(env(), stage);
  return { session, agent: new AgentController({ llm, session, confirm }) };
}

const mutating = (tool: string) => definitionByName.get(tool)?.mutates !== false;

describe('question or request (questionSplit)', () => {
  it.each(QUESTIONS)('question: %s', (q) => {
    const parts = splitTurn(q);
    expect(parts.requests).toEqual([]);
    expect(parts.questions.length).toBeGreaterThan(0);
  });

  it.each(REQUESTS)('request: %s', (r) => {
    expect(splitTurn(r).questions).toEqual([]);
  });

  it('a mixed turn is cut into its question and its request', () => {
    expect(splitTurn('what band-pass fits motor imagery? apply it')).toEqual({ questions: ['what band-pass fits motor imagery?'], requests: ['apply it'] });
    expect(splitTurn('which band fits motor imagery and apply it please')).toEqual({
      questions: ['which band fits motor imagery'],
      // courtesy words ask for nothing and are left out
      requests: ['apply it'],
    });
    expect(splitTurn('共同平均參考是什麼？幫我套用')).toEqual({ questions: ['共同平均參考是什麼？'], requests: ['幫我套用'] });
    // "and" inside a how-to question does not make a request of it
    expect(splitTurn('how do I split and train?').requests).toEqual([]);
    // a Chinese request that also asks (X不X) is answered and its action proposed
    expect(splitTurn('幫我畫 PSD 看 60 Hz 明不明顯')).toEqual({ questions: ['幫我畫 PSD 看 60 Hz 明不明顯'], requests: ['幫我畫 PSD 看 60 Hz 明不明顯'] });
    expect(planTurn('幫我畫 PSD 看 60 Hz 明不明顯').propose).toBe(true);
  });

  it("questions about the user's own Study read it; methods questions go to the knowledge base", () => {
    for (const q of ['what stage am I in?', 'how many trials per class do I have?', '目前的狀態是什麼', 'which files are in raw/?']) {
      expect(isQuestion(q), q).toBe(true);
      expect(isStudyQuestion(q), q).toBe(true);
    }
    for (const q of ['Why is my accuracy at chance?', 'how many epochs should I train for?', 'what is the Nyquist frequency?'])
      expect(isStudyQuestion(q), q).toBe(false);
    expect(planTurn('what is the Nyquist frequency?').route).toBe('qa');
    // a modal before anything but "you" asks, whatever noun follows; "would you / will you …" stays a request
    for (const q of [
      'would SCCNet be better than EEGNet here',
      'will a 60 Hz notch help',
      'would bandpass 1-40 be too wide for MI',
      'will ShallowConvNet overfit on 40 trials',
    ])
      expect(isQuestion(q), q).toBe(true);
    for (const r of ['will you load S001R04.edf', 'would you band-pass 8-30 Hz']) expect(isQuestion(r), r).toBe(false);
    // a "what's …" clause after the values it is about ("F1=8 D=2 what's F2") asks, with or without a separator
    for (const q of ["EEGNet F1=8 D=2 what's F2", 'lr 1e-3 what’s a good batch', "batch 32 lr 1e-3 how's that for 45 trials"])
      expect(isQuestion(q), q).toBe(true);
    expect(isQuestion("show me what's in the data folder")).toBe(false);
    // tag questions, announced curiosity and a choice between named alternatives ask, digits or not
    for (const q of [
      'but EEGNet has fewer params right',
      "SCCNet is lighter than EEGNet, isn't it",
      'just curious, EEGNet or SCCNet for 2 class',
      'CAR vs mastoids for 64 ch',
    ])
      expect(isQuestion(q), q).toBe(true);
    for (const q of ['show EEGNet architecture', "list SCCNet's params", 'choose between EEGNet and SCCNet for me']) expect(isQuestion(q), q).toBe(true);
    for (const r of ['use SCCNet, right now', 'rename T1 to left and T2 to right', 'label T1 as left and T2 as right']) expect(isQuestion(r), r).toBe(false);
    expect(planTurn('what band-pass fits motor imagery? apply it')).toMatchObject({
      route: 'operation',
      propose: true,
      knowledge: ['what band-pass fits motor imagery?'],
    });
  });
});

describe('a question never acts', () => {
  it.each(QUESTIONS)('offline planner, every confirmation granted: %s', async (q) => {
    for (const stage of ['data_loaded', 'trained'] as Stage[]) {
      const { session, agent } = await agentAt(stage, undefined, async () => true);
      const before = session.study.state;
      const r = await agent.run(q);
      expect(
        r.calls.filter((c) => mutating(c.tool)),
        `${stage}: ${JSON.stringify(r.calls.map((c) => c.tool))}`,
      ).toEqual([]);
      expect(session.study.state).toBe(before);
      expect(r.answer.length).toBeGreaterThan(0);
    }
  });

  it('an LLM that wants to act on a question is never given tools (the answer path has none)', async () => {
    const llm = new ScriptedLlm([() => ({ content: 'CAR subtracts the mean of all channels.', toolCalls: [call('set_reference', { method: 'average' })] })]);
    const { session, agent } = await agentAt('data_loaded', llm, async () => true);
    const before = session.study.state;
    const r = await agent.run('共同平均參考是什麼？什麼時候該使用？');
    expect(r.route).toBe('qa');
    expect(r.calls).toEqual([]);
    expect(session.study.state).toBe(before);
    expect(llm.requests.every((q) => q.tools.length === 0)).toBe(true);
  });

  it('the offline planner, asked directly (VS Code agent mode), plans no call for a question', async () => {
    const planner = new OfflinePlanner();
    for (const q of ['共同平均參考是什麼？什麼時候該使用？', 'which band-pass suits motor imagery?', 'what is the Nyquist frequency?']) {
      const res = await planner.chat({
        messages: [
          { role: 'system', content: 'Current stage: data_loaded\nAvailable tools now: apply_bandpass_filter, set_reference, epoch_data' },
          { role: 'user', content: q },
        ],
        tools: [],
      });
      expect(res.toolCalls, q).toEqual([]);
      expect(res.content).toMatch(/question|問題/);
    }
  });

  it('a mixed turn answers, then proposes the action through the usual confirmation', async () => {
    const asked: ConfirmRequest[] = [];
    const { session, agent } = await agentAt('data_loaded', undefined, async (r) => (asked.push(r), false));
    const before = session.study.state;
    const r = await agent.run('what band-pass fits motor imagery? apply it');
    expect(asked.map((a) => [a.tool, a.arguments])).toEqual([['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }]]);
    expect(r.calls[0].result.type).toBe('confirm');
    expect(session.study.state).toBe(before);
    expect(r.answer).toMatch(/waiting for confirmation/);

    const yes = await agentAt('data_loaded', undefined, async () => true);
    const r2 = await yes.agent.run('what band-pass fits motor imagery? apply it');
    expect(r2.calls.map((c) => [c.tool, c.result.type])).toEqual([['apply_bandpass_filter', 'text']]);
    expect(yes.session.study.state.history.map((h) => h.params)).toEqual([expect.objectContaining({ low_freq: 8, high_freq: 30 })]);
  });

  it('"… — sensible? go ahead" proposes the step the question states, and nothing runs unconfirmed', async () => {
    const asked: ConfirmRequest[] = [];
    const { session, agent } = await agentAt('data_loaded', undefined, async (r) => (asked.push(r), false));
    const before = session.study.state;
    const r = await agent.run('epoch -0.5 to 4 with baseline -0.5..0 on T1 T2 — sensible? go ahead');
    expect(asked.map((a) => [a.tool, a.arguments])).toEqual([['epoch_data', expect.objectContaining({ t_min: -0.5, t_max: 4 })]]);
    expect(session.study.state).toBe(before);
    expect(r.answer).toMatch(/waiting for confirmation/);
  });

  it('"apply it" reads the call an answer quotes only for the step the question is about', () => {
    const answer = 'A band-pass step is the line apply_bandpass_filter(low_freq=8, high_freq=30); an epoching step is epoch_data(t_min=0, t_max=4).';
    expect(recommendedCalls(answer, 'is 0 to 4 s a good epoch window?')).toEqual(['epoch_data(t_min=0, t_max=4)']);
    expect(recommendedCalls(answer, 'which band-pass for motor imagery?')).toEqual(['apply_bandpass_filter(low_freq=8, high_freq=30)']);
    // a tool that changes nothing, or a call without values, is never a referent
    expect(recommendedCalls('see plot_training(kind="loss") and get_dataset_info()', 'which plot_training kind shows the loss?')).toEqual([]);
  });

  it('a statement that is not an explicit request is answered and its action only proposed', async () => {
    for (const q of ['ShallowConvNet for small data sets', 'EEGNet 比較適合小資料集', 'smoothgrad saliency maps and their noise']) {
      expect(splitTurn(q).questions, q).toEqual([q]);
      const asked: string[] = [];
      const { session, agent } = await agentAt('trained', undefined, async (r) => (asked.push(r.tool), false));
      const before = session.study.state;
      const r = await agent.run(q);
      expect(session.study.state, q).toBe(before);
      expect(
        r.calls.every((c) => c.result.type === 'confirm' || !mutating(c.tool)),
        q,
      ).toBe(true);
    }
    // explicit instructions still run: an imperative, a quantity, a reply to the last step
    for (const q of ['normalize min-max', 're-reference to Cz', 'do it again', 'actually 8 to 30', '帶通 8-30 Hz'])
      expect(splitTurn(q).questions, q).toEqual([]);
  });

  it('a question about the Study reads it and changes nothing unconfirmed', async () => {
    const { session, agent } = await agentAt('preprocessed', undefined, async () => false);
    const before = session.study.state;
    const r = await agent.run('how many trials per class do I have?');
    expect(r.calls.map((c) => c.tool)).toEqual(['get_dataset_info']);
    expect(session.study.state).toBe(before);
  });

  it('requests still act as before', async () => {
    const { session, agent } = await agentAt('data_loaded', undefined, async () => true);
    const r = await agent.run('使用平均參考');
    expect(r.calls.map((c) => c.tool)).toEqual(['set_reference']);
    expect(session.study.state.history.map((h) => h.op)).toEqual(['set_reference']);
  });
});

describe('a question about what XBrain can do is a question, whatever step it names', () => {
  it.each([
    'Can XBrain compute saliency maps?',
    'can xbrain resample to 128 Hz',
    'does XBrain support leave-one-subject-out?',
    'Does the extension train ShallowConvNet on GPU?',
    'is it possible to run ICA in XBrain?',
    'XBrain 可以讀 EGI 的 raw 嗎？',
    '請問 XBrain 能不能做跨受試者的切分',
    '這個工具支援 BDF 嗎',
  ])('%s', (q) => {
    expect(isQuestion(q)).toBe(true);
  });
  it('the same step asked of "you", or as an instruction, stays a request', () => {
    expect(isQuestion('can you compute saliency maps?')).toBe(false);
    expect(isQuestion('compute saliency with XBrain')).toBe(false);
    expect(isQuestion('幫我用 XBrain 算 saliency')).toBe(false);
  });
});

describe('frames the question probe found acting (issue 19), and the polite requests beside them (issue 14)', () => {
  it.each([
    'describe what evaluate does',
    'show me how compute_saliency works',
    'remind me what epoching does',
    'walk me through resampling to 128 Hz',
    'Would you recommend resampling to 128 Hz?',
    'would you evaluate the model on the test split if you were me?',
    'not sure whether re-referencing is needed',
    'no idea whether to evaluate the model on the test split',
    'I was wondering whether to compute saliency maps',
    'just checking, does evaluation on the test split report the kappa',
    'evaluate the model on the test split, or is that a bad idea',
    'compute saliency maps or not',
    'any downside to epoching 0 to 4 s',
    'pros and cons of resampling to 128 Hz',
    '切段的優缺點',
    '我想知道匯出模型的原理',
    '請問要把訓練好的模型匯出嗎？',
    'XBrain 可以把訓練好的模型匯出嗎？',
  ])('a question: %s', (q) => {
    expect(planTurn(q)).toMatchObject({ route: 'qa', parts: { requests: [] } });
  });

  it.each([
    'can you re-reference the data to the common average?',
    'would you mind keeping only C3, Cz and C4?',
    'would you mind clearing the whole dataset?',
    "I'd like you to evaluate the model on the test split",
    '能不能幫我把資料帶通 8 到 30 Hz？',
    '能幫我重設前處理嗎',
    '可以幫我在測試集上評估模型嗎？',
    '請把 batch size 設成 16',
    'XBrain 可以幫我匯出模型嗎',
  ])('a polite request is a request (proposed, it runs once confirmed): %s', (r) => {
    expect(planTurn(r)).toMatchObject({ route: 'operation', parts: { requests: [expect.any(String)] } });
  });

  it('a polite request the planner could not read before now calls its step', async () => {
    for (const [stage, r, tool] of [
      ['data_loaded', '能不能幫我把資料帶通 8 到 30 Hz？', 'apply_bandpass_filter'],
      ['data_loaded', 'would you mind keeping only C3, Cz and C4?', 'select_channels'],
      ['data_loaded', 'would you mind clearing the whole dataset?', 'clear_dataset'],
      ['trained', '能不能幫我重設前處理？', 'reset_preprocessing'],
    ] as [Stage, string, string][]) {
      const { session, agent } = await agentAt(stage, undefined, async () => true);
      const before = session.study.state;
      const out = await agent.run(r);
      expect(
        out.calls.filter((c) => c.tool === tool).map((c) => c.result.type),
        r,
      ).toEqual(['text']);
      expect(session.study.state, r).not.toBe(before);
    }
  });

  it('the step a yes/no question asks about is what "if so, go ahead" proposes', () => {
    expect(stepAskedAbout('should I band-pass the data from 8 to 30 Hz?')).toBe('band-pass the data from 8 to 30 Hz');
    expect(stepAskedAbout('要不要先把資料切成 0 到 4 秒？')).toBe('把資料切成 0 到 4 秒');
    expect(splitTurn('為什麼要把資料帶通 8 到 30 Hz？然後請把資料帶通 8 到 30 Hz')).toEqual({
      questions: ['為什麼要把資料帶通 8 到 30 Hz？'],
      requests: ['然後請把資料帶通 8 到 30 Hz'],
    });
  });

  it('a mixed turn with an export proposes it: writing files waits for the confirmation too', async () => {
    const asked: string[] = [];
    const { agent } = await agentAt('trained', undefined, async (r) => (asked.push(r.tool), false));
    const r = await agent.run('What does exporting the model do? Export the trained model.');
    expect(asked).toEqual(['export_model']);
    expect(r.calls.map((c) => [c.tool, c.result.type])).toEqual([['export_model', 'confirm']]);
  });
});
