/**
 * The h13-conv conversation table (issue 14): conversations of 2–3 turns in English and Traditional Chinese, written
 * for this test before any dev12 failure was read, on impatient corrections ("no no, 4 s", 「不是啦，是 4 秒」), a
 * pronoun that could mean two earlier settings (a clarifying question, no call), status checks inside a conversation
 * ("did the filter run?", 「濾波有跑嗎」: read the Study, run nothing), the pipeline again for another file, values
 * relative to the Study's current state ("start the epochs half a second earlier than now", 「視窗再長一點，多 200
 * ms」, 「下限降到 4 Hz」 with no earlier turn setting them), a setting relative to another ("the epochs to half the
 * batch size"), "same as before" after a topic switch, corrections that name only the setting ("the high edge, not the
 * low one", 「我是說結束時間」), answers to the planner's own question, safety and questions about the user's own run.
 * Each runs on the simulated Study with the real tools, as `npm run eval:agent` runs a case; the last turn is scored.
 * On main at 153c9b0 30 of 69 passed; on h13-conv 67 (the two open rows are named in the test).
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSystemPrompt, currentSettings } from '../../../src/core/agent/prompts';
import { isStatusCheck, isStudyQuestion } from '../../../src/core/agent/studyAnswer';
import { simulatedCase } from '../../../src/core/agent/simulatedStudy';
import { describeConversationTable } from './conversationTableSuite';
import { repoRoot } from '../helpers/paths';
import { useFreshTrainer } from './simulatedTrainer';

useFreshTrainer();

// left open (docs/agent.md, "Tuning session h13-conv"): a particle after the corrected number (「錯了錯了，0.001 啦」).
// 「從頭來，batch 64」 (c13-safe-zh-68) retrains since the merge with h13-single, whose restart words include 從頭來
describeConversationTable({
  title: 'conversation table (h13-conv): the Study as the antecedent, settings named alone, status checks',
  fixture: 'test/unit/agent/fixtures/conversation-table-h13.jsonl',
  classes: ['correct', 'pronoun', 'status', 'pipeline', 'state', 'operand', 'same', 'param', 'answer', 'safe', 'ownrun'],
  minChinese: 30,
  open: ['c13-correct-zh-06'],
});

describe('the settings in force reach the planner and the endpoint model', () => {
  it('the prompt names the band-pass, the epoch window, the split and the training configuration', async () => {
    const env = { workspace: mkdtempSync(join(tmpdir(), 'xbrain-settings13-')), packageRoot: repoRoot, trusted: true };
    const { session, close } = await simulatedCase(env, 'trained');
    try {
      const settings = currentSettings(session.study.state);
      expect(settings.apply_bandpass_filter).toEqual({ low_freq: 8, high_freq: 30 });
      expect(settings.epoch_data).toMatchObject({ t_min: 0, t_max: 4 });
      expect(settings.generate_dataset).toMatchObject({ test_ratio: 0.2, val_ratio: 0.2, split_strategy: 'trial' });
      expect(settings.configure_training).toMatchObject({ epoch: 10, batch_size: 32, learning_rate: 0.001 });
      expect(buildSystemPrompt(session.study.state)).toMatch(/^Current settings: \{.*"epoch_data":\{"t_min":0,"t_max":4/m);
      // the training configuration once (it was also a separate "Training config" line), with repeat and optimizer
      expect(settings.configure_training).toMatchObject({ repeat: session.study.state.training!.repeat, optimizer: session.study.state.training!.optimizer });
      expect(buildSystemPrompt(session.study.state)).not.toMatch(/^Training config/m);
    } finally {
      await close();
    }
  });

  it('a status check is a question about the Study; a methods question is not', () => {
    for (const q of [
      'did the filter run?',
      'did that work?',
      'is the split done?',
      'has the resampling gone through?',
      '濾波有跑嗎',
      '有成功嗎？',
      '切好了沒？',
      '設定有生效嗎',
    ])
      expect([q, isStatusCheck(q) && isStudyQuestion(q)]).toEqual([q, true]);
    for (const q of ['does a notch filter work on epochs?', 'why did the filter ring?', '帶通濾波是什麼？', 'is CSP better than EEGNet?'])
      expect([q, isStatusCheck(q)]).toEqual([q, false]);
  });
});
