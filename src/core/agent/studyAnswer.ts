/**
 * Questions about the user's own Study ("what is my test accuracy?", "how many epochs per class do I have?",
 * "我現在資料的取樣率", "is my accuracy above chance?", "why is my accuracy at chance?") are answered from the Study
 * first, then with the knowledge base's advice. This module decides whether a question asks about the Study (general
 * cues: the user's own Study named — my, I have, now, 我的, 目前 — and a quantity the Study holds, no figure of the
 * user's own) and reads the facts that answer it, sample-free, through the functions the read-only tools use:
 * summarizeStudy (get_study_state, get_dataset_info), evaluate's stored results (Study.evaluations), resolveTraining
 * (what start_training will run), the binomial test of evaluation/metrics.ts and the data scale of
 * evaluation/diagnose.ts. It never changes the Study and never calls a tool.
 *
 * The modules of studyAnswer/ hold it by topic: the question's cues (questionCues.ts), the topics it asks about
 * (topics.ts, quotedFigures.ts, studyQuestion.ts), one reader per part of the Study (recordings.ts, preprocessing.ts,
 * epochs.ts, splits.ts, training.ts, evaluation.ts, with runFigures.ts and format.ts), which reader answers which
 * topic (readers.ts), and the dispatcher that reads and words the answer (answer.ts).
 *
 * The facts are given to every model as context (the controller puts them in the question's system prompt; the
 * offline planner states them, an endpoint model is told to), so chat, `xbrain ask`, notebooks and MCP answer alike.
 */
export type { ReadContext, StudyReading, StudyTopic } from './studyAnswer/types';
export { isStatusCheck, isStudyQuestion } from './studyAnswer/studyQuestion';
export { studyTopics } from './studyAnswer/topics';
export {
  answerWithStudy,
  factsAnswerAlone,
  readStudyFor,
  studyFactsAloneInPrompt,
  studyFactsFromPrompt,
  studyFactsPrompt,
  studyParagraph,
  workspaceRecordings,
} from './studyAnswer/answer';
