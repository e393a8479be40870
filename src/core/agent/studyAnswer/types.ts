/**
 * The shapes shared by the own-Study modules: the topics a question may ask about, what was read, what a reader may use.
 */

/** A quantity of the Study a question asks about. */
export type StudyTopic =
  | 'results'
  | 'loss'
  | 'significance'
  | 'diagnosis'
  | 'classes'
  | 'counts'
  | 'sampling'
  | 'filters'
  | 'training'
  | 'split'
  | 'channels'
  | 'window'
  | 'events'
  | 'recordings'
  | 'fit'
  | 'scale'
  /** what would strengthen the result: the next steps the Study's own state points at */
  | 'next';

/** What was read from the Study for one question. */
export interface StudyReading {
  topics: StudyTopic[];
  /** sentences in the question's language, each a fact read from the Study (or what step would produce it) */
  facts: string[];
  /** the facts answer by themselves (a value asked, no judgement or reason): no passage is quoted or cited */
  alone?: boolean;
}

/** What a reader may use besides the Study: the question (a file it names) and the workspace's EEG files (list_files). */
export interface ReadContext {
  question?: string;
  workspaceFiles?: readonly string[];
}
