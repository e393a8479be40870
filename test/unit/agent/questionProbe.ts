/**
 * The question probe (issues 19 and 14): a generator, not a list copied from any evaluation file. Question frames in
 * English and Traditional Chinese ("what does X do", "should I X", "X 是什麼", "該不該 X", "XBrain 可以 X 嗎" …) are
 * crossed with the subject of every tool that changes the Study (or writes files), at the stages of the simulated
 * Study; the same subjects in polite request frames ("could you X?", "能幫我 X 嗎") and in mixed turns (a question, then
 * "do it") come with them. A question must call no tool that changes the Study unless it proposes it; a polite request
 * must still call its step; a mixed turn must propose, never run unasked.
 */
import type { Stage } from '../../../src/core/study/types';

/** One tool-changing step, in the words a user would use for it. */
export interface ProbeSubject {
  id: string;
  /** the tools a request for this step may call (the first is the step itself) */
  tools: string[];
  /** the tool's own name as a user may quote it ("evaluate", "compute_saliency") */
  toolName: string;
  /** the stages where a request for it acts (the tool is offered and the step makes sense) */
  stages: Stage[];
  en: {
    /** noun phrase: "a band-pass filter" */
    np: string;
    /** verb phrase, base form, with the values a request would carry: "band-pass the data from 8 to 30 Hz" */
    vp: string;
    /** gerund of vp: "band-passing the data from 8 to 30 Hz" */
    ing: string;
    /** what the step changes, for "does X …" ("remove the slow drifts") */
    effect: string;
    /** "which … should I use" */
    which: string;
    /** the state of the Study the step leads to: "is my data …" */
    state: string;
  };
  zh: {
    np: string;
    /** 動詞片語: "把資料帶通 8 到 30 Hz" */
    vp: string;
    /** 會不會 …: "影響 ERP 的波形" */
    effect: string;
    /** 該用哪個 …: "該用哪個頻帶" */
    which: string;
    /** 我的資料 … 了嗎 */
    state: string;
  };
}

export const PROBE_SUBJECTS: ProbeSubject[] = [
  {
    id: 'bandpass',
    toolName: 'apply_bandpass_filter',
    tools: ['apply_bandpass_filter'],
    stages: ['data_loaded', 'preprocessed'],
    en: {
      np: 'a band-pass filter',
      vp: 'band-pass the data from 8 to 30 Hz',
      ing: 'band-passing the data from 8 to 30 Hz',
      effect: 'remove the slow drifts',
      which: 'which band-pass range should I use for motor imagery',
      state: 'already band-pass filtered',
    },
    zh: { np: '帶通濾波', vp: '把資料帶通 8 到 30 Hz', effect: '影響 ERP 的波形', which: '運動想像該用哪個頻帶', state: '做過帶通濾波' },
  },
  {
    id: 'notch',
    toolName: 'apply_notch_filter',
    tools: ['apply_notch_filter'],
    stages: ['data_loaded', 'preprocessed'],
    en: {
      np: 'a notch filter',
      vp: 'apply a 60 Hz notch filter',
      ing: 'applying a 60 Hz notch filter',
      effect: 'remove the line noise',
      which: 'which notch frequency should I use in Taiwan',
      state: 'already notch filtered',
    },
    zh: { np: '陷波濾波', vp: '做 60 Hz 的陷波濾波', effect: '把 60 Hz 附近的訊號也濾掉', which: '陷波該用哪個頻率', state: '做過陷波濾波' },
  },
  {
    id: 'reference',
    toolName: 'set_reference',
    tools: ['set_reference'],
    stages: ['data_loaded', 'preprocessed'],
    en: {
      np: 'the common average reference',
      vp: 're-reference the data to the common average',
      ing: 're-referencing the data to the common average',
      effect: 'change the shape of the signals',
      which: 'which reference should I use for 64 channels',
      state: 'referenced to the common average',
    },
    zh: { np: '共同平均參考', vp: '把資料重新參考到共同平均', effect: '改變訊號的形狀', which: '64 通道該用哪種參考', state: '重新參考過' },
  },
  {
    id: 'resample',
    toolName: 'resample_data',
    tools: ['resample_data'],
    stages: ['data_loaded', 'preprocessed'],
    en: {
      np: 'resampling',
      vp: 'resample the data to 128 Hz',
      ing: 'resampling the data to 128 Hz',
      effect: 'lose information above 64 Hz',
      which: 'which sampling rate should I use for EEGNet',
      state: 'resampled',
    },
    zh: { np: '重新取樣', vp: '把取樣率降到 128 Hz', effect: '讓高頻的資訊不見', which: 'EEGNet 該用哪個取樣率', state: '重新取樣過' },
  },
  {
    id: 'epoch',
    toolName: 'epoch_data',
    tools: ['epoch_data', 'window_epoch'],
    stages: ['data_loaded', 'preprocessed'],
    en: {
      np: 'epoching',
      vp: 'epoch the data from 0 to 4 s around T1 and T2',
      ing: 'epoching the data from 0 to 4 s around T1 and T2',
      effect: 'drop the rest periods',
      which: 'which epoch window should I use for motor imagery',
      state: 'already epoched',
    },
    zh: { np: '切段', vp: '把資料切成 0 到 4 秒', effect: '把休息的時段丟掉', which: '運動想像該用哪個時間窗', state: '切段過' },
  },
  {
    id: 'channels',
    toolName: 'select_channels',
    tools: ['select_channels'],
    stages: ['data_loaded', 'preprocessed'],
    en: {
      np: 'channel selection',
      vp: 'keep only C3, Cz and C4',
      ing: 'keeping only C3, Cz and C4',
      effect: 'hurt the accuracy',
      which: 'which channels should I keep for motor imagery',
      state: 'reduced to the motor channels',
    },
    zh: { np: '通道選擇', vp: '只保留 C3、Cz 和 C4 這三個通道', effect: '讓準確率變差', which: '運動想像該保留哪些通道', state: '只剩運動區的通道' },
  },
  {
    id: 'normalize',
    toolName: 'normalize_data',
    tools: ['normalize_data'],
    stages: ['data_loaded', 'preprocessed'],
    en: {
      np: 'z-score normalisation',
      vp: 'z-score normalize the data',
      ing: 'z-score normalizing the data',
      effect: 'leak information from the test set',
      which: 'which normalization should I use for EEGNet',
      state: 'normalized',
    },
    zh: { np: 'z-score 標準化', vp: '對資料做 z-score 標準化', effect: '洩漏測試集的資訊', which: 'EEGNet 該用哪種標準化', state: '標準化過' },
  },
  {
    id: 'split',
    toolName: 'generate_dataset',
    tools: ['generate_dataset'],
    stages: ['preprocessed'],
    en: {
      np: 'a trial-wise dataset split',
      vp: 'split the dataset by trial with 20% for test',
      ing: 'splitting the dataset by trial with 20% for test',
      effect: 'leak trials between train and test',
      which: 'which split strategy should I use for one subject',
      state: 'already split into train and test',
    },
    zh: {
      np: '資料集切分',
      vp: '把資料集依 trial 切分，測試集 20%',
      effect: '讓訓練集和測試集互相洩漏',
      which: '單一受試者該用哪種切分方式',
      state: '切分成訓練集和測試集',
    },
  },
  {
    id: 'model',
    toolName: 'set_model',
    tools: ['set_model'],
    stages: ['dataset_ready'],
    en: {
      np: 'SCCNet',
      vp: 'switch the model to SCCNet',
      ing: 'switching the model to SCCNet',
      effect: 'need more data than EEGNet',
      which: 'which model should I use for motor imagery',
      state: 'set up with SCCNet',
    },
    zh: { np: 'SCCNet', vp: '把模型換成 SCCNet', effect: '比 EEGNet 需要更多資料', which: '運動想像該用哪個模型', state: '換成 SCCNet' },
  },
  {
    id: 'settings',
    toolName: 'configure_training',
    tools: ['configure_training'],
    stages: ['dataset_ready', 'trained'],
    en: {
      np: 'a batch size of 16',
      vp: 'set the batch size to 16',
      ing: 'setting the batch size to 16',
      effect: 'make training unstable',
      which: 'which batch size should I use for 45 trials',
      state: 'configured with a batch size of 16',
    },
    zh: { np: 'batch size', vp: '把 batch size 設成 16', effect: '讓訓練不穩定', which: '45 個 trial 該用哪個 batch size', state: '設定成 batch size 16' },
  },
  {
    id: 'train',
    toolName: 'start_training',
    tools: ['start_training', 'configure_training', 'set_model'],
    stages: ['dataset_ready', 'trained'],
    en: {
      np: 'training EEGNet for 50 epochs',
      vp: 'train EEGNet for 50 epochs',
      ing: 'training EEGNet for 50 epochs',
      effect: 'overfit on 45 trials',
      which: 'which learning rate should I use to train EEGNet',
      state: 'trained',
    },
    zh: { np: '訓練 EEGNet', vp: '用 EEGNet 訓練 50 個 epoch', effect: '在 45 個 trial 上過擬合', which: '訓練 EEGNet 該用哪個學習率', state: '訓練過' },
  },
  {
    id: 'evaluate',
    toolName: 'evaluate',
    tools: ['evaluate'],
    stages: ['trained'],
    en: {
      np: 'evaluation on the test split',
      vp: 'evaluate the model on the test split',
      ing: 'evaluating the model on the test split',
      effect: 'report the kappa',
      which: 'which metric should I report for two balanced classes',
      state: 'evaluated on the test split',
    },
    zh: { np: '模型評估', vp: '在測試集上評估模型', effect: '算出 kappa', which: '兩個類別該報告哪個指標', state: '評估過' },
  },
  {
    id: 'saliency',
    toolName: 'compute_saliency',
    tools: ['compute_saliency'],
    stages: ['trained'],
    en: {
      np: 'a saliency map',
      vp: 'compute saliency maps for the model',
      ing: 'computing saliency maps for the model',
      effect: 'show which channels matter',
      which: 'which saliency method should I use for EEGNet',
      state: 'explained with saliency maps',
    },
    zh: { np: 'saliency map', vp: '幫模型計算 saliency map', effect: '顯示哪些通道重要', which: 'EEGNet 該用哪種 saliency 方法', state: '算過 saliency map' },
  },
  {
    id: 'export',
    toolName: 'export_model',
    tools: ['export_model', 'export_epochs'],
    stages: ['trained'],
    en: {
      np: 'exporting the model',
      vp: 'export the trained model',
      ing: 'exporting the trained model',
      effect: 'include the preprocessing settings',
      which: 'which export format should I use for deployment',
      state: 'exported',
    },
    zh: { np: '匯出模型', vp: '把訓練好的模型匯出', effect: '包含前處理的設定', which: '部署該用哪種匯出格式', state: '匯出過' },
  },
  {
    id: 'clear',
    toolName: 'clear_dataset',
    tools: ['clear_dataset', 'reset_preprocessing'],
    stages: ['data_loaded', 'trained'],
    en: {
      np: 'clearing the dataset',
      vp: 'clear the whole dataset',
      ing: 'clearing the whole dataset',
      effect: 'delete the files on disk',
      which: 'which step should I reset first',
      state: 'cleared',
    },
    zh: { np: '清除資料', vp: '把整個資料集清除', effect: '刪掉硬碟上的檔案', which: '該先重設哪一步', state: '清除過' },
  },
  {
    id: 'reset',
    toolName: 'reset_preprocessing',
    tools: ['reset_preprocessing'],
    stages: ['preprocessed', 'trained'],
    en: {
      np: 'resetting the preprocessing',
      vp: 'reset the preprocessing',
      ing: 'resetting the preprocessing',
      effect: 'keep the loaded files',
      which: 'which preprocessing steps does a reset undo',
      state: 'back to the raw recordings',
    },
    zh: { np: '重設前處理', vp: '重設前處理', effect: '保留已載入的檔案', which: '重設會還原哪些前處理步驟', state: '回到原始的資料' },
  },
];

export type ProbeKind = 'question' | 'request' | 'mixed';

export interface Probe {
  text: string;
  kind: ProbeKind;
  /** the frame's family ("what is X", "該不該 X", "polite can you") */
  family: string;
  lang: 'en' | 'zh';
  subject: string;
}

type Frame = { family: string; lang: 'en' | 'zh'; make: (s: ProbeSubject) => string };

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/** Question frames: each asks, in its own words, about the step; none asks to run it. */
export const QUESTION_FRAMES: Frame[] = [
  { family: 'what does X do', lang: 'en', make: (s) => `What does ${s.en.np} do?` },
  { family: 'what does X do', lang: 'en', make: (s) => `what would ${s.en.ing} do to my results` },
  { family: 'what is X', lang: 'en', make: (s) => `What is ${s.en.np}?` },
  { family: 'what is X', lang: 'en', make: (s) => `what's the point of ${s.en.ing}?` },
  { family: 'what is X', lang: 'en', make: (s) => `What happens if I ${s.en.vp}?` },
  { family: 'why would X', lang: 'en', make: (s) => `Why would I ${s.en.vp}?` },
  { family: 'why would X', lang: 'en', make: (s) => `why ${s.en.vp}` },
  { family: 'why would X', lang: 'en', make: (s) => `Why do people ${s.en.vp}?` },
  { family: 'how do I X', lang: 'en', make: (s) => `How do I ${s.en.vp}?` },
  { family: 'how do I X', lang: 'en', make: (s) => `how would I ${s.en.vp} in XBrain` },
  { family: 'how do I X', lang: 'en', make: (s) => `How can I ${s.en.vp}?` },
  { family: 'how do I X', lang: 'en', make: (s) => `how long does it take to ${s.en.vp}?` },
  { family: 'which X should I', lang: 'en', make: (s) => `${cap(s.en.which)}?` },
  { family: 'which X should I', lang: 'en', make: (s) => `${s.en.which}` },
  { family: 'when should I X', lang: 'en', make: (s) => `When should I ${s.en.vp}?` },
  { family: 'when should I X', lang: 'en', make: (s) => `at what point should I ${s.en.vp}?` },
  { family: 'should I X', lang: 'en', make: (s) => `Should I ${s.en.vp}?` },
  { family: 'should I X', lang: 'en', make: (s) => `should I ${s.en.vp} first` },
  { family: 'should I X', lang: 'en', make: (s) => `Do I need to ${s.en.vp}?` },
  { family: 'should I X', lang: 'en', make: (s) => `do we really need to ${s.en.vp}?` },
  { family: 'should I X', lang: 'en', make: (s) => `Would it help to ${s.en.vp}?` },
  { family: 'should I X', lang: 'en', make: (s) => `is it worth ${s.en.ing}?` },
  { family: 'should I X', lang: 'en', make: (s) => `Is it a good idea to ${s.en.vp}?` },
  { family: 'is it OK to X', lang: 'en', make: (s) => `Is it OK to ${s.en.vp}?` },
  { family: 'is it OK to X', lang: 'en', make: (s) => `is it safe to ${s.en.vp} now?` },
  { family: 'is it OK to X', lang: 'en', make: (s) => `Can I ${s.en.vp}?` },
  { family: 'is it OK to X', lang: 'en', make: (s) => `can I ${s.en.vp} at this stage` },
  { family: 'is it OK to X', lang: 'en', make: (s) => `${cap(s.en.vp)} — is that a good idea?` },
  { family: 'is it OK to X', lang: 'en', make: (s) => `${s.en.vp}, is that OK?` },
  { family: 'does X Y', lang: 'en', make: (s) => `Does ${s.en.np} ${s.en.effect}?` },
  { family: 'does X Y', lang: 'en', make: (s) => `will ${s.en.ing} ${s.en.effect}?` },
  { family: 'does X Y', lang: 'en', make: (s) => `Would ${s.en.ing} ${s.en.effect}?` },
  { family: 'can XBrain X', lang: 'en', make: (s) => `Can XBrain ${s.en.vp}?` },
  { family: 'can XBrain X', lang: 'en', make: (s) => `does XBrain let me ${s.en.vp}?` },
  { family: 'can XBrain X', lang: 'en', make: (s) => `Is it possible to ${s.en.vp} in XBrain?` },
  { family: 'is my X', lang: 'en', make: (s) => `Is my data ${s.en.state}?` },
  { family: 'is my X', lang: 'en', make: (s) => `is my study ${s.en.state} yet` },
  { family: 'bare X?', lang: 'en', make: (s) => `${cap(s.en.vp)}?` },
  { family: 'bare X?', lang: 'en', make: (s) => `${s.en.ing}: good idea or not?` },
  { family: 'what if I X', lang: 'en', make: (s) => `What if I ${s.en.vp}?` },
  { family: 'what if I X', lang: 'en', make: (s) => `suppose I ${s.en.vp} — what changes?` },
  { family: 'what if I X', lang: 'en', make: (s) => `If I ${s.en.vp}, will it ${s.en.effect}?` },
  { family: 'what if I X', lang: 'en', make: (s) => `before I ${s.en.vp}, is there anything to check?` },
  { family: 'advice from you', lang: 'en', make: (s) => `Would you recommend ${s.en.ing}?` },
  { family: 'advice from you', lang: 'en', make: (s) => `do you think I should ${s.en.vp}?` },
  { family: 'advice from you', lang: 'en', make: (s) => `would you ${s.en.vp} if you were me?` },
  { family: 'advice from you', lang: 'en', make: (s) => `What would you suggest instead of ${s.en.ing}?` },
  { family: 'explain X', lang: 'en', make: (s) => `Explain ${s.en.np}` },
  { family: 'explain X', lang: 'en', make: (s) => `describe what ${s.en.ing} does` },
  { family: 'explain X', lang: 'en', make: (s) => `Remind me what ${s.en.ing} does` },
  { family: 'explain X', lang: 'en', make: (s) => `walk me through ${s.en.ing}` },
  { family: 'explain X', lang: 'en', make: (s) => `help me understand ${s.en.np}` },
  { family: 'explain X', lang: 'en', make: (s) => `could you explain why I would ${s.en.vp}?` },
  { family: 'explain X', lang: 'en', make: (s) => `can you tell me whether I should ${s.en.vp}?` },
  { family: 'explain X', lang: 'en', make: (s) => `I'd like to understand what ${s.en.ing} does` },
  { family: 'tool name', lang: 'en', make: (s) => `What does ${s.toolName} do?` },
  { family: 'tool name', lang: 'en', make: (s) => `what does ${s.toolName} return` },
  { family: 'tool name', lang: 'en', make: (s) => `${s.toolName} — what are its options?` },
  { family: 'tool name', lang: 'en', make: (s) => `describe what ${s.toolName} does` },
  { family: 'tool name', lang: 'en', make: (s) => `Explain ${s.toolName}` },
  { family: 'tool name', lang: 'en', make: (s) => `show me how ${s.toolName} works` },
  { family: 'tool name', lang: 'en', make: (s) => `When should I run ${s.toolName}?` },
  { family: 'tool name', lang: 'en', make: (s) => `does ${s.toolName} change my data?` },
  { family: 'tool name', lang: 'en', make: (s) => `Is ${s.toolName} safe to run twice?` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `not sure if I should ${s.en.vp}` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `not sure whether ${s.en.ing} is needed` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `I was wondering whether to ${s.en.vp}` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `I'm not sure I should ${s.en.vp}` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `no idea whether to ${s.en.vp}` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `just checking, does ${s.en.np} ${s.en.effect}` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `without ${s.en.ing}, would the accuracy drop` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `${s.en.vp}, or is that a bad idea` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `${s.en.vp} or not` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `sorry, why ${s.en.vp}` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `quick sanity check: ${s.en.vp} before training, right` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `any downside to ${s.en.ing}` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `curious whether ${s.en.ing} helps` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `out of curiosity, what does ${s.en.np} do` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `Thoughts on ${s.en.ing}?` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `pros and cons of ${s.en.ing}` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `${s.en.ing} before splitting: leakage or fine?` },
  { family: 'hedged, no question mark', lang: 'en', make: (s) => `What's the right way to ${s.en.vp}?` },
  { family: '不確定要不要 X', lang: 'zh', make: (s) => `不確定要不要${s.zh.vp}` },
  { family: '不確定要不要 X', lang: 'zh', make: (s) => `${s.zh.vp}還是不要？` },
  { family: '不確定要不要 X', lang: 'zh', make: (s) => `想問${s.zh.np}的用途` },
  { family: '不確定要不要 X', lang: 'zh', make: (s) => `只是好奇，${s.zh.vp}會怎樣` },
  { family: '不確定要不要 X', lang: 'zh', make: (s) => `${s.zh.vp}，這樣做對不對` },
  { family: '不確定要不要 X', lang: 'zh', make: (s) => `${s.zh.vp}之前要注意什麼` },
  { family: '不確定要不要 X', lang: 'zh', make: (s) => `${s.zh.np}的優缺點` },
  { family: '不確定要不要 X', lang: 'zh', make: (s) => `${s.zh.vp}有什麼風險` },
  { family: '不確定要不要 X', lang: 'zh', make: (s) => `我在想要不要${s.zh.vp}` },
  { family: '不確定要不要 X', lang: 'zh', make: (s) => `${s.zh.vp}，你覺得呢？` },
  { family: '不確定要不要 X', lang: 'zh', make: (s) => `${s.zh.vp}，可行嗎` },
  { family: 'tool name', lang: 'zh', make: (s) => `${s.toolName} 是做什麼的？` },
  { family: 'tool name', lang: 'zh', make: (s) => `${s.toolName} 有哪些參數` },
  { family: 'tool name', lang: 'zh', make: (s) => `什麼時候要跑 ${s.toolName}？` },
  { family: 'X 是什麼', lang: 'zh', make: (s) => `${s.zh.np}是什麼？` },
  { family: 'X 是什麼', lang: 'zh', make: (s) => `${s.zh.np}有什麼用` },
  { family: 'X 是什麼', lang: 'zh', make: (s) => `${s.zh.vp}會怎樣？` },
  { family: '為什麼要 X', lang: 'zh', make: (s) => `為什麼要${s.zh.vp}？` },
  { family: '為什麼要 X', lang: 'zh', make: (s) => `${s.zh.vp}的目的是什麼` },
  { family: '怎麼 X', lang: 'zh', make: (s) => `怎麼${s.zh.vp}？` },
  { family: '怎麼 X', lang: 'zh', make: (s) => `要如何${s.zh.vp}` },
  { family: '怎麼 X', lang: 'zh', make: (s) => `在 XBrain 裡要怎麼${s.zh.vp}？` },
  { family: '該用哪個 X', lang: 'zh', make: (s) => `${s.zh.which}？` },
  { family: '什麼時候該 X', lang: 'zh', make: (s) => `什麼時候該${s.zh.vp}？` },
  { family: '該不該 X', lang: 'zh', make: (s) => `該不該${s.zh.vp}？` },
  { family: '該不該 X', lang: 'zh', make: (s) => `應該${s.zh.vp}嗎？` },
  { family: '該不該 X', lang: 'zh', make: (s) => `${s.zh.vp}好嗎` },
  { family: '該不該 X', lang: 'zh', make: (s) => `${s.zh.vp}比較好嗎？` },
  { family: 'X 會不會', lang: 'zh', make: (s) => `${s.zh.np}會不會${s.zh.effect}？` },
  { family: 'X 會不會', lang: 'zh', make: (s) => `${s.zh.vp}會${s.zh.effect}嗎` },
  { family: '可以 X 嗎 (capability)', lang: 'zh', make: (s) => `XBrain 可以${s.zh.vp}嗎？` },
  { family: '可以 X 嗎 (capability)', lang: 'zh', make: (s) => `這個工具能不能${s.zh.vp}？` },
  { family: '可以 X 嗎 (capability)', lang: 'zh', make: (s) => `我可以在這個階段${s.zh.vp}嗎？` },
  { family: '要不要先 X', lang: 'zh', make: (s) => `要不要先${s.zh.vp}？` },
  { family: '要不要先 X', lang: 'zh', make: (s) => `需不需要${s.zh.vp}` },
  { family: '我需要 X 嗎', lang: 'zh', make: (s) => `我需要${s.zh.vp}嗎？` },
  { family: '我需要 X 嗎', lang: 'zh', make: (s) => `一定要${s.zh.vp}嗎` },
  { family: '我的 X 嗎', lang: 'zh', make: (s) => `我的資料${s.zh.state}了嗎？` },
  { family: '我的 X 嗎', lang: 'zh', make: (s) => `我的資料有沒有${s.zh.state}` },
  { family: '解釋 X', lang: 'zh', make: (s) => `解釋一下${s.zh.np}` },
  { family: '解釋 X', lang: 'zh', make: (s) => `跟我說${s.zh.np}在做什麼` },
  { family: '解釋 X', lang: 'zh', make: (s) => `幫我解釋為什麼要${s.zh.vp}` },
  { family: '解釋 X', lang: 'zh', make: (s) => `我想知道${s.zh.np}的原理` },
  { family: '如果 X 會怎樣', lang: 'zh', make: (s) => `如果${s.zh.vp}會怎樣？` },
  { family: '如果 X 會怎樣', lang: 'zh', make: (s) => `${s.zh.vp}的話，會${s.zh.effect}嗎？` },
  { family: 'X 有必要嗎', lang: 'zh', make: (s) => `${s.zh.vp}有必要嗎` },
  { family: 'X 有必要嗎', lang: 'zh', make: (s) => `${s.zh.vp}對嗎？` },
  { family: 'X 有必要嗎', lang: 'zh', make: (s) => `${s.zh.vp}是不是比較好` },
  { family: 'X 有必要嗎', lang: 'zh', make: (s) => `請問要${s.zh.vp}嗎？` },
  { family: '你建議 X 嗎', lang: 'zh', make: (s) => `你建議${s.zh.vp}嗎？` },
  { family: '你建議 X 嗎', lang: 'zh', make: (s) => `你會${s.zh.vp}嗎？` },
];

/** Words around a question that ask for nothing (thanks, a filler, "just asking", "先不用做"): the turn still only asks. */
const WRAPPERS: { family: string; lang: 'en' | 'zh'; wrap: (q: string) => string }[] = [
  { family: 'wrapped: thanks first', lang: 'en', wrap: (q) => `Thanks! ${q}` },
  { family: 'wrapped: filler', lang: 'en', wrap: (q) => `hmm, ok. ${q}` },
  { family: 'wrapped: just asking', lang: 'en', wrap: (q) => `${q} just asking, don't run anything` },
  { family: 'wrapped: before I do it', lang: 'en', wrap: (q) => `Before I do anything: ${q}` },
  { family: 'wrapped: greeting', lang: 'en', wrap: (q) => `hey XBrain, ${q}` },
  { family: 'wrapped: thanks first', lang: 'zh', wrap: (q) => `謝謝！${q}` },
  { family: 'wrapped: filler', lang: 'zh', wrap: (q) => `好，${q}` },
  { family: 'wrapped: just asking', lang: 'zh', wrap: (q) => `${q}先不用做，只是問問` },
];
/** The frames the wrappers go around: one of each family, in the wrapper's language. */
const wrapped = (): Frame[] => {
  const firsts = QUESTION_FRAMES.filter((f, i, all) => all.findIndex((g) => g.family === f.family) === i);
  return WRAPPERS.flatMap((w) =>
    firsts.filter((f) => f.lang === w.lang).map((f) => ({ family: w.family, lang: w.lang, make: (s: ProbeSubject) => w.wrap(f.make(s)) })),
  );
};

/** Polite requests phrased as questions, and plain ones: each asks for the step and must still call it. */
export const REQUEST_FRAMES: Frame[] = [
  { family: 'can you X?', lang: 'en', make: (s) => `can you ${s.en.vp}?` },
  { family: 'can you X?', lang: 'en', make: (s) => `Could you ${s.en.vp}?` },
  { family: 'can you X?', lang: 'en', make: (s) => `would you ${s.en.vp} for me?` },
  { family: 'can you X?', lang: 'en', make: (s) => `Can you please ${s.en.vp}?` },
  { family: 'can you X?', lang: 'en', make: (s) => `would you mind ${s.en.ing}?` },
  { family: 'please X', lang: 'en', make: (s) => `please ${s.en.vp}` },
  { family: 'please X', lang: 'en', make: (s) => `${cap(s.en.vp)}, please.` },
  { family: 'please X', lang: 'en', make: (s) => `I'd like you to ${s.en.vp}` },
  { family: '能幫我 X 嗎', lang: 'zh', make: (s) => `能幫我${s.zh.vp}嗎` },
  { family: '能幫我 X 嗎', lang: 'zh', make: (s) => `可以幫我${s.zh.vp}嗎？` },
  { family: '能幫我 X 嗎', lang: 'zh', make: (s) => `能不能幫我${s.zh.vp}？` },
  { family: '可以 X 嗎 (request)', lang: 'zh', make: (s) => `你可以${s.zh.vp}嗎` },
  { family: '請 X', lang: 'zh', make: (s) => `請${s.zh.vp}` },
  { family: '請 X', lang: 'zh', make: (s) => `麻煩${s.zh.vp}` },
  { family: '請 X', lang: 'zh', make: (s) => `幫我${s.zh.vp}` },
];

/** A question, then the request: answered, and the step only proposed. */
export const MIXED_FRAMES: Frame[] = [
  // a bare 可以 X 嗎 (no 你, no 幫我) asks whether X can be done or asks for X: answered, and X proposed
  { family: '可以 X 嗎 (either)', lang: 'zh', make: (s) => `可以${s.zh.vp}嗎？` },
  { family: 'question? do it', lang: 'en', make: (s) => `What does ${s.en.np} do? ${cap(s.en.vp)}.` },
  { family: 'question? do it', lang: 'en', make: (s) => `${cap(s.en.which)}? then ${s.en.vp}` },
  { family: 'question? do it', lang: 'en', make: (s) => `should I ${s.en.vp}? if so, go ahead` },
  { family: 'question? do it', lang: 'zh', make: (s) => `${s.zh.np}是什麼？幫我${s.zh.vp}` },
  { family: 'question? do it', lang: 'zh', make: (s) => `為什麼要${s.zh.vp}？然後請${s.zh.vp}` },
];

/** Every probe: frames × subjects (the stages are the runner's). */
export function questionProbe(): Probe[] {
  const out: Probe[] = [];
  const add = (frames: Frame[], kind: ProbeKind) => {
    for (const f of frames) for (const s of PROBE_SUBJECTS) out.push({ text: f.make(s), kind, family: f.family, lang: f.lang, subject: s.id });
  };
  add(QUESTION_FRAMES, 'question');
  add(wrapped(), 'question');
  add(REQUEST_FRAMES, 'request');
  add(MIXED_FRAMES, 'mixed');
  return out;
}
