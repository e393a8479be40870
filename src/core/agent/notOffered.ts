import { definitionByName } from '../tools/definitions';

/**
 * What XBrain offers instead, for a capability question the knowledge base does not cover ("有 EEG-ITNet 或 TCNet 嗎",
 * "can it read .xyz files?", "does it have Grad-CAM?"): the kind of thing asked about names what XBrain does of that
 * kind, so the answer says plainly that XBrain does not offer it and what it offers. The lists come from the tool
 * definitions (set_model's models, compute_saliency's methods, the preprocessing tools); formats from load_data's
 * readers. Undefined when the question names no kind the list covers.
 */
export function insteadLine(question: string): string | undefined {
  const zh = /[\u4e00-\u9fff]/.test(question);
  const t = question.toLowerCase();
  const kind = KINDS.find(([re]) => re.test(t))?.[1];
  return kind?.(zh);
}

const enumOf = (tool: string, param: string): string[] => (definitionByName.get(tool)?.parameters.properties[param]?.enum ?? []).map(String);
const list = (items: string[], zh: boolean) =>
  zh ? items.join('、') : items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items.join('');

const models = (zh: boolean) => {
  const m = list(enumOf('set_model', 'model_name'), zh);
  return zh
    ? `XBrain 只訓練 ${m}（set_model）；CSP+LDA 只作為 evaluate 的基準。其他架構請用 export_epochs 匯出 epoch，再用 braindecode 或自己的 PyTorch 程式訓練。`
    : `XBrain trains ${m} only (set_model); CSP+LDA appears only as evaluate's baseline. For another architecture, export the epochs with export_epochs and train it with braindecode or your own PyTorch code.`;
};

const KINDS: [RegExp, (zh: boolean) => string][] = [
  // a network or a classifier: the three networks (and the baseline)
  [
    /net\b|\bnets?\b|\bmodels?\b|\bdeep ?4\b|\bdeep ?convnet|architecture|network|transformer|conformer|lstm|\brnn\b|\bgru\b|\bcnn\b|classifier|\bsvm\b|\blda\b|random forest|xgboost|\bknn\b|logistic|模型|架構|網路|網絡|分類器/,
    models,
  ],
  // an explanation method: compute_saliency's methods
  [
    /saliency|attribution|explain\w*|grad-?cam|deeplift|\bshap\b|\blime\b|lrp|occlusion|顯著圖|歸因|解釋/,
    (zh) => {
      const m = list(enumOf('compute_saliency', 'method'), zh);
      return zh ? `XBrain 的 compute_saliency 提供 ${m}。` : `XBrain's compute_saliency offers ${m}.`;
    },
  ],
  // a file format: what load_data reads
  [
    /\.[a-z0-9]{2,5}\b|\bformats?\b|\bfiles?\b|格式|檔案|檔/,
    (zh) =>
      zh
        ? 'XBrain 的 load_data 讀取 EDF/EDF+、BDF、GDF、EEGLAB .set、BrainVision .vhdr、FIF（含 -epo.fif）、Neuroscan .cnt、EGI .raw、MATLAB .mat 與 NumPy .npy（附 JSON 說明 sfreq）；其他格式請先用 MNE 轉成 FIF 或 EDF。'
        : "XBrain's load_data reads EDF/EDF+, BDF, GDF, EEGLAB .set, BrainVision .vhdr, FIF (including -epo.fif), Neuroscan .cnt, EGI .raw, MATLAB .mat and NumPy .npy (with a JSON sidecar giving sfreq); convert other formats to FIF or EDF with MNE first.",
  ],
  // a preprocessing step: the preprocessing tools
  [
    /filter|artifact|artefact|reject|clean|denois|preprocess|re-?referenc|resampl|濾波|偽跡|剔除|前處理|去噪|參考|取樣/,
    (zh) =>
      zh
        ? 'XBrain 的前處理有 apply_bandpass_filter、apply_notch_filter、set_reference、resample_data、normalize_data、select_channels 與 epoch_data（apply_standard_preprocess 依序執行常用步驟）。'
        : "XBrain's preprocessing is apply_bandpass_filter, apply_notch_filter, set_reference, resample_data, normalize_data, select_channels and epoch_data (apply_standard_preprocess runs the usual chain).",
  ],
];
