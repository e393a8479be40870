import { describe, it, expect } from 'vitest';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { XBrainSession } from '../../../src/core/session';
import { ConfirmationBook } from '../../../src/core/tools/confirmations';
import { createMcpServer } from '../../../src/core/agent/mcpServer';
import { repoRoot, testDataDir } from '../helpers/paths';

/**
 * Confirmations bound to the plan they confirm (issue 18). At 220fa39 a clear_dataset token taken when the prompt
 * said "removes 1 loaded file", confirmed after more work, wiped it all; tokens never expired; 2000 were all kept.
 */
function session() {
  const ws = mkdtempSync(join(tmpdir(), 'xb-confirm-'));
  copyFileSync(join(testDataDir, 'S001R04.edf'), join(ws, 'S001R04.edf'));
  return XBrainSession.inMemory({ workspace: ws, packageRoot: repoRoot, trusted: true });
}
const text = (r: any): string => r.content.map((c: any) => c.text).join('\n');

describe('confirmation tokens', () => {
  it('expire, are used once, and at most `max` wait (oldest dropped first)', () => {
    let t = 0;
    const book = new ConfirmationBook(1000, 3, () => t);
    const a = book.issue({ tool: 'clear_dataset', arguments: {}, question: 'q', revision: 0 });
    t = 1001;
    expect(book.redeem(a)).toEqual({ ok: false, reason: 'expired' });
    const toks = Array.from({ length: 5 }, () => book.issue({ tool: 'clear_dataset', arguments: {}, question: 'q', revision: 0 }));
    expect(book.size).toBe(3);
    expect(book.redeem(toks[0])).toEqual({ ok: false, reason: 'unknown' });
    expect(book.redeem(toks[4]).ok).toBe(true);
    expect(book.redeem(toks[4])).toEqual({ ok: false, reason: 'unknown' });
  });

  it('the registry re-plans a late confirmation and asks again when the Study changed what would happen', async () => {
    const s = session();
    await s.invoke('load_data', { paths: ['S001R04.edf'] });
    const ask = await s.invoke('clear_dataset', {});
    expect(ask.type).toBe('confirm');
    expect(ask.content).toContain('1 loaded file(s)');
    await s.invoke('epoch_data', { t_min: 0, t_max: 1 });
    const late = await s.invoke('clear_dataset', {}, { confirmed: true, confirmedQuestion: ask.content });
    expect(late.type).toBe('confirm');
    expect(late.content).toContain('The study changed since this was confirmed, so nothing ran');
    expect(late.content).toMatch(/It would now:[\s\S]*epochs/);
    expect(s.study.state.epochs).not.toBeNull();
    const again = await s.invoke(
      'clear_dataset',
      {},
      { confirmed: true, confirmedQuestion: late.meta.changed ? (late.meta.changed as { now: string }).now : '' },
    );
    expect(again.type).toBe('text');
    expect(s.study.state.recordings).toHaveLength(0);
  });

  it('over MCP: a token confirmed after the Study changed asks again with a new token; pending tokens are bounded', async () => {
    const s = session();
    const book = new ConfirmationBook(60_000, 8);
    const server = createMcpServer(s, '0', book);
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 't', version: '1' });
    await Promise.all([server.connect(a), client.connect(b)]);
    await client.callTool({ name: 'load_data', arguments: { paths: ['S001R04.edf'] } });
    const first = await client.callTool({ name: 'clear_dataset', arguments: {} });
    const token = (first.structuredContent as any).meta.token as string;
    await client.callTool({ name: 'epoch_data', arguments: { t_min: 0, t_max: 1 } });
    const late = await client.callTool({ name: 'confirm_action', arguments: { token } });
    expect(text(late)).toContain('The study changed since this was confirmed');
    expect(s.study.state.epochs).not.toBeNull();
    const token2 = (late.structuredContent as any).meta.token as string;
    expect(token2).not.toBe(token);
    // the old token is spent
    expect(text(await client.callTool({ name: 'confirm_action', arguments: { token } }))).toMatch(/is not pending/);
    for (let i = 0; i < 20; i++) await client.callTool({ name: 'clear_dataset', arguments: {} });
    expect(book.size).toBe(8);
    expect(s.study.state.recordings).toHaveLength(1);
    await client.close();
  });
});
