import { MODEL_WORD } from './lexicon';

/**
 * Methods XBrain does not offer, named as the object of a step: "train an SVM on band power", "run ICA and remove the
 * blinks", "train a random forest", 「用隨機森林分類」. Such a clause makes no call — the nearest tool run instead
 * (start_training trains the chosen network, not an SVM) would do something else than asked — and the reply says what
 * XBrain offers of that kind (notOffered.ts). A clause that also names something XBrain offers ("compare EEGNet with an
 * SVM baseline", "CSP+LDA") is left to the rules.
 */
const NOT_OFFERED =
  /\b(?:svms?|support[- ]vector(?:\s+machines?|\s+classifiers?)?|random[- ]forests?|xgboost|gradient[- ]boost\w*|k-?nn|k-?nearest(?:[- ]neighbou?rs?)?|logistic regression|decision trees?|naive bayes|transformers?|conformers?|lstms?|rnns?|grus?|resnets?|mlps?|multi-?layer perceptrons?|ica|independent component(?:s| analysis)?|laplacian|wavelet\w*|autoreject|asr)\b|支持向量機|隨機森林|決策樹|獨立成分分析|拉普拉斯|小波/i;
const OFFERED = new RegExp(String.raw`${MODEL_WORD}|\bcsp\b|\blda\b|\bts\b|tangent|riemann`, 'i');

/** The method a clause asks for that XBrain does not offer ("SVM", "ICA"), or null. */
export function notOfferedMethod(clause: string): string | null {
  const m = NOT_OFFERED.exec(clause);
  if (!m || OFFERED.test(clause)) return null;
  return m[0];
}
