import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAffirmation, isRefusal, parseAskConversation, readAskConversation, writeAskConversation } from '../../../src/cli/askConversation';
import { Conversation } from '../../../src/core/agent/conversation';

const turn = {
  user: 'band-pass 8 to 30 Hz',
  route: 'operation',
  messages: [
    { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'apply_bandpass_filter', arguments: { low_freq: 8, high_freq: 30 } }] },
    { role: 'tool', toolCallId: 'c1', name: 'apply_bandpass_filter', content: 'ok' },
  ],
  answer: 'done',
  at: '2026-01-01T00:00:00Z',
};

describe('the conversation file of xbrain ask', () => {
  it('round-trips turns, the pending confirmation and the mock stage; the chat participant reads the same turns', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xbrain-askconv-')), '.xbrain', 'conversation.json');
    const pending = {
      tool: 'generate_dataset',
      arguments: { test_ratio: 0.25 },
      question: 'Regenerating the dataset clears 1 training run(s) and their evaluations.',
    };
    await writeAskConversation(file, { turns: [turn as never], pending, mock: { stage: 'trained' } });
    expect(await readAskConversation(file)).toEqual({ turns: [turn], pending, mock: { stage: 'trained' } });
    const chat = await Conversation.load(join(file, '..', '..'));
    expect(chat.turns.map((t) => t.user)).toEqual(['band-pass 8 to 30 Hz']);
    // what the chat participant writes ({version, turns}) reads back with nothing pending
    await chat.save();
    expect(await readAskConversation(file)).toMatchObject({ pending: null, mock: null, turns: [{ user: 'band-pass 8 to 30 Hz' }] });
    expect(await readAskConversation(join(file, '..', 'none.json'))).toBeNull();
  });

  it('a malformed file is a bad_file error naming the file and the field; the file is left as it was', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xbrain-askconv-')), 'c.json');
    const cases: [unknown, RegExp][] = [
      [[], /field '\(root\)'/],
      [{ version: 2, turns: [] }, /field 'version' is 2/],
      [{ version: 1, turns: {} }, /field 'turns' is not a list/],
      [{ version: 1, turns: [{ ...turn, route: 'chat' }] }, /field 'turns\[0\]\.route'/],
      [{ version: 1, turns: [{ ...turn, messages: [{ role: 'assistant' }] }] }, /field 'turns\[0\]\.messages\[0\]'/],
      [{ version: 1, turns: [], pending: { tool: 'clear_dataset', arguments: [], question: 'Clear?' } }, /field 'pending\.arguments'/],
      [{ version: 1, turns: [], mock: { stage: 'cooking' } }, /field 'mock\.stage'/],
      [{ format: 'other', version: 1, turns: [] }, /field 'format'/],
    ];
    for (const [doc, why] of cases) {
      writeFileSync(file, JSON.stringify(doc));
      const err = await readAskConversation(file).then(
        () => null,
        (e: Error & { code?: string }) => e,
      );
      expect(err?.code, JSON.stringify(doc)).toBe('bad_file');
      expect(err?.message).toContain(file);
      expect(err?.message).toMatch(why);
      expect(readFileSync(file, 'utf8')).toBe(JSON.stringify(doc));
    }
    expect(() => parseAskConversation({ version: 1, turns: [] }, file)).not.toThrow();
  });

  it('a whole-message yes or no answers the waiting question; anything else is a new request', () => {
    for (const y of ['yes', 'Yes.', 'y', 'ok', 'go ahead', 'proceed', '好', '確定', '好的！']) expect(isAffirmation(y), y).toBe(true);
    for (const n of ['no', 'No!', 'cancel', '不要', '取消']) expect(isRefusal(n), n).toBe(true);
    for (const other of ['yes, and band-pass 8 to 30 Hz', 'no, use 4 to 40 Hz', 'okay split by subject', "don't clear the dataset"]) {
      expect(isAffirmation(other) || isRefusal(other), other).toBe(false);
    }
  });
});
