/**
 * The h14-conv conversation table (issue 14): conversations of 2–3 turns in English and Traditional Chinese, written
 * for this test before any dev13 failure was read, on replies to the planner's own question by a value or by place
 * ("128", 「對，60」, "the second one", 「第一個」, "the batch one"), a language switched mid-conversation, turns that say
 * what not to change ("keep the rate, change the band to 4 to 40", 「濾波不用動」), the steps again for another file
 * ("now do S002R04.edf the same way", 「下一個受試者照做：S002R04.edf」: run when nothing is preprocessed, otherwise no
 * call and the reply says why), an undo with what to do instead ("undo that and do 8 to 30 instead"), corrections that
 * name only the setting, values relative to the Study and to another setting, status questions inside a conversation
 * ("how did that go?", 「結果怎麼樣？」: read the Study, run nothing), "same as before" after a topic switch, a pronoun
 * that could mean two settings (a question, no call) and safety (a refused confirmation stays refused; "start over,
 * batch 16" retrains, never clears). Each runs on the simulated Study with the real tools, as `npm run eval:agent`
 * runs a case; the last turn is scored. Main 31ff5ab: 42 of 70; h14-conv: 55 (the open rows are listed below).
 */
import { describe, expect, it } from 'vitest';
import { isStatusCheck, isStudyQuestion } from '../../../src/core/agent/studyAnswer';
import { describeConversationTable } from './conversationTableSuite';
import { useFreshTrainer } from './simulatedTrainer';

useFreshTrainer();

/** Rows left open (docs/agent.md, "Tuning session h14-conv"). */
const OPEN: string[] = [
  'c14-answer-zh-08',
  'c14-keep-en-15',
  'c14-keep-en-17',
  'c14-keep-zh-16',
  'c14-param-en-35',
  'c14-param-zh-38',
  'c14-safe-zh-62',
  'c14-same-en-55',
  'c14-state-en-39',
  'c14-state-en-41',
  'c14-state-en-45',
  'c14-state-zh-42',
  'c14-state-zh-44',
  'c14-state-zh-46',
  'c14-undo-zh-30',
];

describeConversationTable({
  title: 'conversation table (h14-conv): replies by place, undo-and-redo, the pipeline for another file, status',
  fixture: 'test/unit/agent/fixtures/conversation-table-h14.jsonl',
  classes: ['answer', 'lang', 'keep', 'pipeline', 'undo', 'param', 'state', 'status', 'same', 'pronoun', 'safe'],
  minChinese: 30,
  open: OPEN,
});

describe('how a step turned out is a status check', () => {
  it('reads the Study for "how did that go?" and 「結果怎麼樣？」, not for a question about methods', () => {
    for (const q of ['how did that go?', "how'd it turn out?", 'so how did the filtering go?', '結果怎麼樣？', '剛剛那個怎麼樣了', '如何？'])
      expect([q, isStatusCheck(q) && isStudyQuestion(q)]).toEqual([q, true]);
    for (const q of ['how does a notch filter work?', 'how did people filter EEG in the 90s?', '濾波要怎麼做？'])
      expect([q, isStatusCheck(q)]).toEqual([q, false]);
  });
});
