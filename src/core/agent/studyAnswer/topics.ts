/**
 * The Study quantities a question asks about (studyTopics), or none for a question that is not about the user's own Study.
 */
import type { StudyState } from '../../study/types';
import {
  OWN_EN,
  OWN_ZH,
  RUN_NAMED,
  THE_PART_EN,
  VALUE_ASK_EN,
  PART_ZH_BARE,
  VALUE_ASK_ZH,
  DEFINITION,
  PUBLIC_DATASET,
  PART_EN,
  PART_ZH,
  TOPIC_WORDS,
  SETTING,
  SIZE,
  SIGNIFICANCE,
  DIAGNOSIS,
  ADVICE,
  MEANING,
  DID,
  REQUEST,
  SETTING_TOPICS,
  BARE_SET_VALUE,
  RUN_REPORTED,
  PUBLISHABLE,
  LEARNED,
  RESULT_NAMED,
  WHY,
  SUMMARY,
  STEP_ASKED,
  SELECTED_EPOCH,
  IMPROVE,
  STUDY_DECISION,
} from './questionCues';
import { figuresOf, studyFigures, quotesStudyResult, quotesStudy } from './quotedFigures';
import { namesOtherTool } from './studyQuestion';
import type { StudyTopic } from './types';

/** "my accuracy", "our test set", "我的測試準確率": a possessive before a part or quantity of the Study. */
export function ownsStudyPart(q: string): boolean {
  const names = (text: string) => PART_EN.test(text) || PART_ZH.test(text) || SETTING.test(text) || TOPIC_WORDS.some(([, re]) => re.test(text));
  for (const m of q.matchAll(/\b(?:my|our)\s+((?:[\w-]+\s+){0,2}[\w-]+)/gi)) if (m[1].split(/\s+/).some(names)) return true;
  for (const m of q.matchAll(/我(?:們)?的\s*([^，。？?！!、；;]{1,10})/g)) if (names(m[1]) || m[1].split(/\s+/).some(names)) return true;
  // "我 val 跟 train 各分到幾個": 我 right before an English part or quantity
  for (const m of q.matchAll(/我(?:們)?\s*([A-Za-z][\w-]*)/g)) if (names(m[1])) return true;
  return false;
}

/**
 * The Study quantities a question asks about, or [] for a question that does not ask about the user's own Study
 * ("what is kappa?", "how many epochs should I train for?", "my acc is 62% on 40 trials, significant?").
 */
export function studyTopics(question: string, state?: StudyState): StudyTopic[] {
  const q = question.trim();
  // "我的結果顯著嗎？不顯著的話幫我改成 5 折交叉驗證": a request sentence is the controller's to propose; the sentences
  // that ask are read as the question
  const sentences = q.split(/(?<=[?？。！!])\s*/).filter((x) => x.trim());
  const asked = sentences.filter((x) => !REQUEST.test(x));
  return topicsOf(sentences.length > 1 && asked.length && asked.length < sentences.length ? asked.join(' ') : q, state);
}

/** The training topic's words other than a seed ("what seed did my split use" asks about the split). */
const TRAINING_BESIDES_SEED = new RegExp((TOPIC_WORDS.find(([t]) => t === 'training')?.[1].source ?? '').replace(/\|\\bseed\\b|\|種子/g, ''), 'i');
/** Topics whose counts a "why" is answered with: how the split, the epochs and the classes came about. */
const EXPLAINED_COUNTS: readonly StudyTopic[] = ['split', 'counts', 'classes', 'events', 'window'];

/** The recordings' event labels that epoch_data did not keep as classes (T0), two characters or more. */
function leftOutLabels(state: StudyState): string[] {
  if (!state.epochs) return [];
  const kept = Object.keys(state.epochs.eventId);
  const labels = new Set<string>();
  for (const r of state.recordings) for (const k of Object.keys(r.events.eventId)) if (!kept.includes(k)) labels.add(k);
  return [...labels].filter((l) => l.length >= 2 && !/^\d+$/.test(l));
}

/**
 * Training named, or epochs configured and run ("I set 10 epochs, how many actually ran", 「我設了 10 個 epoch，實際跑了幾個」):
 * the epochs of training, not the data's epochs.
 */
const TRAINING_RUN = /\btrain(?:ed|ing)?\b|訓練|\b(?:actually )?ran\b|\bconfigured\b|\bset (?:it )?to \d+ epochs\b|\bset \d+ epochs\b|設了|設定了|跑了/i;

/** Recordings named as such (files, subjects, sessions), not only a duration. */
const RECORDING_NAMED = /\b(?:subjects?|participants?|sessions?|recordings?|files?)\b|受試者|被試|場次|檔案|記錄檔/i;

/** The topics of a question with no request sentence (studyTopics). */
function topicsOf(q: string, state?: StudyState): StudyTopic[] {
  const diagnosis = DIAGNOSIS.test(q);
  // the figures a question brings: the Study's own ("val 43% but test 56%", "my AUC is 0.45") quote it, others are
  // the user's ("62% on 40 trials") and get the computed answer (computedAnswer.ts); without the Study, any figure is
  // the user's
  const figures = figuresOf(q);
  const known = figures.length && state ? studyFigures(state) : [];
  const quoted = figures.length > 0 && known.length > 0 && figures.every((f) => quotesStudy(Number(f), known, f));
  const owns = ownsStudyPart(q);
  // a recording named by subject and run, or by a file the Study loaded
  const fileNamed = RUN_NAMED.test(q) || (state?.recordings ?? []).some((r) => q.includes(r.path.split(/[\\/]/).pop() ?? r.path));
  // an event of the recordings that epoch_data left out, named by its label ("T0 跑去哪了"): only the Study has it (the
  // classes it kept, T1/T2, are also the public dataset's names in methods questions)
  const eventNamed =
    state !== undefined && leftOutLabels(state).some((l) => new RegExp(`(?<![\\w-])${l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(q));
  const definite =
    !PUBLIC_DATASET.test(q) &&
    !DEFINITION.test(q) &&
    !STEP_ASKED.test(q) &&
    ((THE_PART_EN.test(q) && VALUE_ASK_EN.test(q)) || (PART_ZH_BARE.test(q) && VALUE_ASK_ZH.test(q) && !/會/.test(q)));
  // "我要在 test 對幾個才算顯著": 我 anywhere with a count or yes/no asked, not a definition
  const firstPersonZh = /我(?!想問|想請教|請問)/.test(q) && /幾|多少|嗎|有沒有|哪|是不是|是否|還是/.test(q) && !/是什麼|什麼是|意思/.test(q);
  // a measured result quoted ("43%", "0.694"): the figures of the run's results and losses, not a setting's
  const quotesResult = quoted && state !== undefined && quotesStudyResult(q, studyFigures(state, ['results', 'loss', 'fit']));
  // "ok training finished. test acc??": a set's figure asked bare, or after the user's run was reported finished
  const bare = BARE_SET_VALUE.test(q) || RUN_REPORTED.test(q);
  // "can I publish this?", "我這樣可以投稿嗎": the user's own result pointed at
  // ("am I ready to tell my supervisor the model works", 「這個 kappa 拿去投稿會被打槍嗎」: the user's model or a result of theirs)
  const pointed =
    PUBLISHABLE.test(q) &&
    ((/\b(?:i|we)\b|我/i.test(q) &&
      /\bthis\b|\bthese\b|這個|這樣|這些|這次|現在|目前|\bmy (?:model|result|results|accuracy|score|kappa|numbers)\b|\bthe (?:model|result|results|accuracy)\b|我的/i.test(
        q,
      )) ||
      /(?:這個|這次|這樣的|\bthis|\bmy)\s*(?:kappa|準確率|正確率|accuracy|acc|結果|results?|分數|scores?)/i.test(q));
  // "should I record more subjects or keep tuning this model": a decision about the Study as a whole
  const decision = STUDY_DECISION.test(q) && !PUBLIC_DATASET.test(q);
  const own =
    decision ||
    owns ||
    OWN_EN.some((re) => re.test(q)) ||
    OWN_ZH.test(q) ||
    firstPersonZh ||
    fileNamed ||
    definite ||
    quotesResult ||
    bare ||
    pointed ||
    eventNamed;
  if (!own) return [];
  // "我這個結果可以投稿嗎", "did the model learn anything?": a judgement of the user's own result, asked as advice or
  // yes/no, answered with the result against chance and the test set's size and subjects (publishing), or the fit
  const judged = PUBLISHABLE.test(q) ? 'publish' : LEARNED.test(q) ? 'learned' : null;
  if (
    judged &&
    (judged === 'learned' || RESULT_NAMED.test(q)) &&
    (!figures.length || quoted) &&
    !REQUEST.test(q) &&
    !namesOtherTool(q) &&
    !(MEANING.test(q) && !owns)
  )
    return judged === 'publish' ? ['significance', 'split', 'next'] : ['significance', 'fit'];
  // "how many do I need right on my test set to be significant": the threshold of the user's own test set
  const ownThreshold = SIGNIFICANCE.test(q) && !figures.length;
  // "did my training keep the best epoch or the last one": the run's selection rule asked, "best" is no advice
  const ownSelection = SELECTED_EPOCH.test(q) && (owns || OWN_EN.some((re) => re.test(q)));
  if (
    (ADVICE.test(q) && !diagnosis && !decision && !DID.test(q) && !ownThreshold && !ownSelection) ||
    (MEANING.test(q) && !owns && !quoted) ||
    REQUEST.test(q) ||
    namesOtherTool(q)
  )
    return [];
  let topics = TOPIC_WORDS.filter(([, re]) => re.test(q)).map(([t]) => t);
  // "我的 epoch 從幾秒切到幾秒": the window's seconds, not the recordings' length (unless files or subjects are named)
  if (topics.includes('window') && topics.includes('recordings') && !RECORDING_NAMED.test(q)) topics = topics.filter((t) => t !== 'recordings');
  if (!topics.length && SIGNIFICANCE.test(q)) topics = ['significance'];
  // "what does my dataset look like, give me a summary": the Study from its recordings to its split
  if (!topics.length && SUMMARY.test(q)) topics = ['recordings', 'filters', 'counts', 'window', 'split'];
  // a file named ("was S002R04 in my training data?"): whether the Study loaded it comes first
  if (fileNamed) topics = ['recordings', ...topics.filter((t) => t !== 'recordings')];
  // "which epoch's weights did my run keep?": the run's selection, not the data's epochs
  const selected = SELECTED_EPOCH.test(q);
  if (selected) topics = ['training', ...topics.filter((t) => t !== 'counts' && t !== 'training' && t !== 'split')];
  if (SETTING.test(q) && !topics.includes('training')) topics.push('training');
  // "what seed did my split use": the split's seed, not training's
  if (topics.includes('split') && topics.includes('training') && !selected && !SETTING.test(q) && !TRAINING_BESIDES_SEED.test(q))
    topics = topics.filter((t) => t !== 'training');
  // "what should I try next?", 「我的模型接下來可以怎麼改進」: the result and what limits it
  if (!topics.length && IMPROVE.test(q)) topics = ['diagnosis'];
  if (decision) topics = ['diagnosis', ...topics.filter((t) => t !== 'diagnosis')];
  // "what is missing before I can write this up?", 「投稿前我的實驗還缺什麼」: publishing the user's own Study, no figure named
  if (!topics.length && PUBLISHABLE.test(q) && (!figures.length || quoted)) topics = ['significance', 'split', 'next'];
  // "what should I try next?", "how do I make this result more convincing": what the Study's state points at comes last
  const improve = IMPROVE.test(q);
  // "did training really do 10 epochs?": epochs of training, not of data
  if (
    topics.includes('counts') &&
    !topics.includes('training') &&
    !topics.includes('split') &&
    TRAINING_RUN.test(q) &&
    !/\bper class\b|每(?:一)?類|各類/i.test(q)
  )
    topics = [...topics, 'training'];
  // "how many epochs did I train", "訓練了幾個 epoch": epochs of training, not of data
  if (topics.includes('training') && topics.includes('counts') && TRAINING_RUN.test(q) && !/\bper class\b|每(?:一)?類|各類/i.test(q))
    topics = topics.filter((t) => t !== 'counts');
  // "the curve looks super short": the training curve, not the epochs
  if (topics.includes('training') && /\bcurves?\b|曲線/i.test(q)) topics = topics.filter((t) => t !== 'window');
  if (topics.length === 0) return [];
  const result = topics.includes('results') || topics.includes('loss') || topics.includes('fit');
  // "why is my accuracy stuck at the chance level?": a why names chance to ask for the diagnosis, which states the significance
  const why = diagnosis && WHY.test(q);
  if (SIGNIFICANCE.test(q) && !why) topics = ['significance', ...topics.filter((t) => t !== 'results' && t !== 'significance')];
  else if (diagnosis && (result || topics.includes('training') || topics.includes('significance') || topics.includes('diagnosis')))
    topics = ['diagnosis', ...topics.filter((t) => t !== 'results' && t !== 'training' && t !== 'significance')];
  // "為什麼我的 validation 只有 7 筆？", "why 24 vs 21 epochs?": a why about the Study's counts is answered by how they came
  // about (the split's arithmetic, what epoch_data kept)
  else if (diagnosis && WHY.test(q) && topics.some((t) => EXPLAINED_COUNTS.includes(t))) {
    topics = topics.filter((t) => EXPLAINED_COUNTS.includes(t));
    // the class counts come from the events in each recording
    if (topics.includes('counts') || topics.includes('classes')) topics.push('events');
  }
  // "why do we epoch EEG data?": a why about anything but a result asks about the method
  else if (diagnosis) return [];
  // "how accurate is my model on the test set": the result is asked, not the model or the split
  if (result || topics[0] === 'diagnosis') {
    if (!SETTING.test(q)) topics = topics.filter((t) => t !== 'training');
    if (!SIZE.test(q)) topics = topics.filter((t) => t !== 'split' && t !== 'counts');
  }
  // "how many trials are in my test split": the split's counts; a count with classes is the class balance; samples are the window's
  if (topics.includes('split') || topics.includes('classes') || topics.includes('window')) topics = topics.filter((t) => t !== 'counts');
  // a figure of the user's own next to a result ("my acc is 62% on 40 trials, significant?") is theirs to compute with
  // … and so is one next to a setting, unless the question asks what was done ("did I notch? mains is 60 Hz here")
  if (figures.length && !quoted && !(DID.test(q) && topics.every((t) => SETTING_TOPICS.includes(t)))) return [];
  if ((improve || decision) && topics[0] === 'diagnosis') topics.push('next');
  return [...new Set(topics)];
}
