import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildCli } from './cliBuild';

let client: Client;
const text = (r: any) => r.content.map((c: any) => c.text).join('\n');

describe('xbrain mcp (stdio) driven by the SDK client', () => {
  beforeAll(async () => {
    const cli = await buildCli();
    const ws = mkdtempSync(join(tmpdir(), 'xbrain-mcp-'));
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--mock', '--workspace', ws], stderr: 'pipe' }));
  });
  afterAll(async () => {
    await client?.close();
  });

  it('lists the tools of the current stage, refuses others with what to do first, and the list follows the stage', async () => {
    const empty = (await client.listTools()).tools.map((t) => t.name);
    expect(empty).toContain('load_data');
    expect(empty).toContain('confirm_action');
    expect(empty).not.toContain('apply_bandpass_filter');
    const refused = await client.callTool({ name: 'apply_bandpass_filter', arguments: { low_freq: 8, high_freq: 30 } });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/not available in the current stage 'empty'.*load_data/);
    const loaded = await client.callTool({ name: 'load_data', arguments: { paths: ['S001R04.edf'] } });
    expect(loaded.isError).toBe(false);
    const now = (await client.listTools()).tools.map((t) => t.name);
    expect(now).toContain('apply_bandpass_filter');
  });

  it('validates arguments and domain rules (Nyquist) like the agent does', async () => {
    const bad = await client.callTool({ name: 'apply_bandpass_filter', arguments: { low_freq: 8, high_freq: 100 } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/Nyquist/);
    const missing = await client.callTool({ name: 'apply_notch_filter', arguments: {} });
    expect(text(missing)).toMatch(/missing required parameter 'freq'/);
  });

  it('a destructive tool runs only after confirm_action with its token', async () => {
    const ask = await client.callTool({ name: 'clear_dataset', arguments: {} });
    expect((ask.structuredContent as any).type).toBe('confirm');
    const token = (ask.structuredContent as any).meta.token as string;
    expect(text(ask)).toMatch(/Nothing has happened yet/);
    const state1 = await client.callTool({ name: 'get_study_state', arguments: {} });
    expect(text(state1)).toMatch(/Stage: data_loaded/);
    const wrong = await client.callTool({ name: 'confirm_action', arguments: { token: 'nope' } });
    expect(wrong.isError).toBe(true);
    const done = await client.callTool({ name: 'confirm_action', arguments: { token } });
    expect(done.isError).toBe(false);
    const state2 = await client.callTool({ name: 'get_study_state', arguments: {} });
    expect(text(state2)).toMatch(/Stage: empty/);
  });
});
