import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { XBrainSession } from '../session';
import { definitionByName } from '../tools/definitions';
import { errorResult, type ToolResult } from '../tools/result';
import { validateArgs } from '../tools/validate';
import { toolSpecsFor } from './prompts';
import { domainCheck } from './validators';

export const CONFIRM_TOOL = 'confirm_action';

const log = (line: string): void => void process.stderr.write(`${line}\n`);

/**
 * XBrain as an MCP server: the same tools, the same stage gating (tools/list offers the stage's tools plus those
 * reachable by a skip-ahead plan; the registry refuses the rest) and the same confirmations. A call that needs
 * confirmation returns the question and a token; nothing runs until the client calls `confirm_action` with it.
 * The list changes with the stage and clients are notified.
 */
export function createMcpServer(session: XBrainSession, version = '0.1.0'): Server {
  const server = new Server({ name: 'xbrain', version }, { capabilities: { tools: { listChanged: true } } });
  const pending = new Map<string, { tool: string; arguments: Record<string, unknown> }>();

  session.study.onDidChange((c) => {
    if (c.kinds.includes('stage')) void server.sendToolListChanged().catch(() => undefined);
  });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      ...toolSpecsFor(session.study.state).map((t) => ({ name: t.name, description: t.description, inputSchema: t.parameters as { type: 'object' } })),
      { name: CONFIRM_TOOL, description: 'Confirm an action that asked for confirmation, by its token. Only call it when the user agreed.', inputSchema: { type: 'object' as const, properties: { token: { type: 'string' } }, required: ['token'] } },
    ],
  }));

  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    try {
      return await callTool(req.params.name, (req.params.arguments ?? {}) as Record<string, unknown>);
    } catch (e) {
      // never internal text to a client: the log gets it, the client a plain tool error
      log(`mcp: ${req.params.name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return reply(errorResult(req.params.name, 'internal', `${req.params.name}: internal error; nothing was changed (the server log has the details)`));
    }
  });

  async function callTool(name: string, args: Record<string, unknown>) {
    if (name === CONFIRM_TOOL) {
      const p = pending.get(String(args.token));
      if (!p) return reply({ type: 'error', content: `No pending action with token '${args.token}'.`, meta: {}, tool: CONFIRM_TOOL, error: { code: 'invalid_arguments', message: 'unknown token' } });
      pending.delete(String(args.token));
      return reply(await session.invoke(p.tool, p.arguments, { confirmed: true, awaitLongJobs: true }));
    }
    const def = definitionByName.get(name);
    if (def) {
      // the tool's JSON Schema first: no path is resolved and no file touched for arguments of the wrong shape
      const v = validateArgs(def, args);
      if (!v.ok) return reply(errorResult(name, 'invalid_arguments', v.message, v.parameter ? { parameter: v.parameter } : {}));
      const problem = domainCheck(name, v.args, session.study.state, session.env);
      if (problem) return reply({ type: 'error', content: `${name}: ${problem}`, meta: {}, tool: name, error: { code: 'invalid_arguments', message: problem } });
    }
    const r = await session.invoke(name, args, { awaitLongJobs: true });
    if (r.type === 'confirm') {
      const token = randomUUID();
      pending.set(token, { tool: name, arguments: args });
      return reply({ ...r, content: `${r.content}\nNothing has happened yet. To proceed, call ${CONFIRM_TOOL} with token "${token}" once the user agrees.`, meta: { ...r.meta, token } });
    }
    return reply(r);
  }
  return server;
}

function reply(r0: ToolResult) {
  // an unexpected failure inside a tool says so without its internal text (Node/V8 messages, stack traces)
  const r = r0.error?.code === 'internal' ? { ...r0, content: `${r0.tool}: internal error; nothing was changed (the server log has the details)`, error: { code: 'internal' as const, message: 'internal error' } } : r0;
  if (r !== r0) log(`mcp: ${r0.tool}: ${r0.content}`);
  return { content: [{ type: 'text' as const, text: r.content }], structuredContent: { type: r.type, tool: r.tool, meta: jsonSafe(r.meta), ...(r.error ? { error: r.error } : {}) }, isError: r.type === 'error' };
}

function jsonSafe(v: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(v, (_k, x) => (ArrayBuffer.isView(x) ? undefined : x))) as Record<string, unknown>;
}

