import { destructiveWords } from './lexicon';

/**
 * "Start over" words are ambiguous: 「batch 改成 64，重新開始」, "set 50 epochs and start over" and 「重新開始訓練」 restart
 * training; 「重新開始」 or "start over with S002" alone start the Study over. Clearing throws work away, so a restart word
 * means "retrain" whenever the same request speaks of training (a training setting, a model, train/訓練), and means
 * "clear" only when nothing in the request gives it another object or the request says clear in so many words.
 */

/**
 * Every restart word, as regex source (top-level alternatives): the one list that RESTART_WORD here and the planner's
 * RERUN and RUN_AGAIN (interpretRequest.ts) are built from.
 */
export const RESTART_SOURCE = `${destructiveWords('restart')}|重新跑|重跑`;
const RESTART = RESTART_SOURCE;
const TRAINING = String.raw`\b(?:train\w*|retrain\w*|batch(?:\s*size)?|epochs?|lr|learning[- ]rate|optimi[sz]er|adamw?|sgd|dropout|eegnet|shallow\w*|sccnet|model)\b|訓練|批次|學習率|優化器|模型`;
/** A word that says clear in so many words (the lexicon's clear sense; not remove/drop/reset, which have other objects). */
const CLEAR = destructiveWords('clear');

/** Words that restart something without saying what. */
export const RESTART_WORD = new RegExp(RESTART, 'i');

/** A restart word in a request about training, without a word that says clear: another run, never a cleared Study. */
export const RESTART_MEANS_RETRAIN = new RegExp(String.raw`^(?![\s\S]*(?:${CLEAR}))(?=[\s\S]*(?:${TRAINING}))[\s\S]*?(?:${RESTART})`, 'i');

export function restartMeansRetrain(text: string): boolean {
  return RESTART_MEANS_RETRAIN.test(text);
}
