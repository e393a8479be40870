import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildCli } from '../agent/cliBuild';
import { testDataDir } from '../helpers/paths';
import { INTERNAL_TEXT, RawMcp, type Reply } from '../../fuzz/rawMcp';
import { MAX_MESSAGE_BYTES } from '../../../src/cli/mcpGuard';

/**
 * `xbrain mcp` answers as JSON-RPC 2.0 and MCP specify (issue 18). At 220fa39: 65 malformed requests got no answer,
 * 52 answers were −32603 with internal text (zod dumps, "Maximum call stack size exceeded", Node type errors), and
 * one line over 10 MiB ended the session.
 */
let mcp: RawMcp;
const texts = (rs: Reply[]) => JSON.stringify(rs);
const toolText = (r: Reply | undefined) => (r?.result?.content ?? []).map((c: { text: string }) => c.text).join('\n');

describe('xbrain mcp protocol conformance', () => {
  beforeAll(async () => {
    const cli = await buildCli();
    const ws = mkdtempSync(join(tmpdir(), 'xbrain-mcpp-'));
    copyFileSync(join(testDataDir, 'S001R04.edf'), join(ws, 'S001R04.edf'));
    mcp = new RawMcp(cli, ws, [], { ...process.env, XBRAIN_DATA_FOLDERS: '' });
    await mcp.initialize();
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it('answers a parse error with −32700 and id null, and an invalid request with −32600', async () => {
    const parse = await mcp.exchange('{"jsonrpc":"2.0","id":1,"method":"ping"');
    expect(parse.alive).toBe(true);
    expect(parse.replies).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringContaining('Parse error') } }]);
    const version = await mcp.exchange('{"jsonrpc":"1.0","id":7,"method":"ping"}');
    expect(version.replies[0]).toMatchObject({ id: 7, error: { code: -32600, data: { parameter: 'jsonrpc' } } });
    const badId = await mcp.exchange('{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}');
    expect(badId.replies[0]).toMatchObject({ id: null, error: { code: -32600 } });
    const nullId = await mcp.exchange('{"jsonrpc":"2.0","id":null,"method":"ping"}');
    expect(nullId.replies[0]).toMatchObject({ id: null, error: { code: -32600 } });
    const noMethod = await mcp.exchange('{"jsonrpc":"2.0","id":8}');
    expect(noMethod.replies[0]).toMatchObject({ id: 8, error: { code: -32600 } });
    const scalar = await mcp.exchange('42');
    expect(scalar.replies[0]).toMatchObject({ id: null, error: { code: -32600 } });
    const batch = await mcp.exchange('[{"jsonrpc":"2.0","id":9,"method":"ping"}]');
    expect(batch.replies[0]).toMatchObject({ id: null, error: { code: -32600, message: expect.stringContaining('batch') } });
    const empty = await mcp.exchange('[]');
    expect(empty.replies[0]).toMatchObject({ id: null, error: { code: -32600 } });
  });

  it('answers invalid method parameters with −32602 naming the parameter', async () => {
    const name = await mcp.exchange('{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":42}}', 10);
    expect(name.replies[0]).toMatchObject({ id: 10, error: { code: -32602, data: { parameter: 'params.name' } } });
    const unknown = await mcp.exchange('{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"drop_tables","arguments":{}}}', 11);
    expect(unknown.replies[0]).toMatchObject({ id: 11, error: { code: -32602, message: expect.stringContaining("unknown tool 'drop_tables'") } });
    const args = await mcp.exchange('{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"load_data","arguments":[1]}}', 12);
    expect(args.replies[0]).toMatchObject({ id: 12, error: { code: -32602, data: { parameter: 'params.arguments' } } });
    const init = await mcp.exchange('{"jsonrpc":"2.0","id":13,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}', 13);
    expect(init.replies[0]).toMatchObject({ id: 13, error: { code: -32602, data: { parameter: 'params.clientInfo' } } });
    const arr = await mcp.exchange('{"jsonrpc":"2.0","id":14,"method":"tools/list","params":[1]}', 14);
    expect(arr.replies[0]).toMatchObject({ id: 14, error: { code: -32602, data: { parameter: 'params' } } });
    expect(INTERNAL_TEXT.test(texts([...name.replies, ...unknown.replies, ...args.replies, ...init.replies]))).toBe(false);
  });

  it('validates tool arguments against the schema before any path is touched, naming the argument', async () => {
    for (const [id, a] of [
      [20, { paths: [1] }],
      [21, { paths: 42 }],
      [22, { paths: [['x']] }],
      [23, {}],
    ] as const) {
      const r = await mcp.request('tools/call', { name: 'load_data', arguments: a }, id);
      expect(r?.result?.isError).toBe(true);
      expect(toolText(r)).toMatch(/paths/);
      expect(toolText(r)).not.toMatch(INTERNAL_TEXT);
      expect(r?.result?.structuredContent?.error?.code).toBe('invalid_arguments');
    }
  });

  it('refuses deep nesting without recursion and answers over-size messages without closing the session', async () => {
    const deep = `{"jsonrpc":"2.0","id":30,"method":"tools/call","params":{"name":"load_data","arguments":{"paths":${'['.repeat(100_000)}${']'.repeat(100_000)}}}}`;
    const d = await mcp.exchange(deep);
    expect(d.alive).toBe(true);
    expect(d.replies[0]).toMatchObject({ id: null, error: { code: -32600, message: expect.stringContaining('nested') } });
    expect(texts(d.replies)).not.toMatch(INTERNAL_TEXT);
    // a 10 MiB tool name: answered at once as too large, the session stays open
    const big = `{"jsonrpc":"2.0","id":31,"method":"tools/call","params":{"name":"${'x'.repeat(10 * 1024 * 1024)}"}}`;
    const b = await mcp.exchange(big);
    expect(b.alive).toBe(true);
    expect(b.replies[0]).toMatchObject({ id: null, error: { code: -32600, data: { limit: MAX_MESSAGE_BYTES } } });
    const list = await mcp.request('tools/list', {}, 32);
    expect(list?.result?.tools?.length).toBeGreaterThan(3);
    // a long but legal name is an unknown tool, answered without edit-distance work on it
    const longName = await mcp.exchange(JSON.stringify({ jsonrpc: '2.0', id: 33, method: 'tools/call', params: { name: 'y'.repeat(5000) } }), 33);
    expect(longName.replies[0]).toMatchObject({ id: 33, error: { code: -32602 } });
    expect(mcp.exited).toBeNull();
  });
});
