import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { XBrainSession } from '../session';
import { definitionByName } from '../tools/definitions';
import { errorResult, type ToolResult } from '../tools/result';
import { validateArgs } from '../tools/validate';
import { ConfirmationBook } from '../tools/confirmations';
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
export function createMcpServer(session: XBrainSession, version = '0.1.0', book = new ConfirmationBook()): Server {
  const server = new Server({ name: 'xbrain', version }, { capabilities: { tools: { listChanged: true } } });

  session.study.onDidChange((c) => {
    if (c.kinds.includes('stage')) void server.sendToolListChanged().catch(() => undefined);
  });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      ...toolSpecsFor(session.study.state).map((t) => ({ name: t.name, description: t.description, inputSchema: t.parameters as { type: 'object' } })),
      {
        name: CONFIRM_TOOL,
        description: 'Confirm an action that asked for confirmation, by its token. Only call it when the user agreed.',
        inputSchema: { type: 'object' as const, properties: { token: { type: 'string' } }, required: ['token'] },
      },
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
      const token = typeof args.token === 'string' ? args.token : '';
      const got = book.redeem(token);
      if (!got.ok) {
        const why =
          got.reason === 'expired'
            ? `expired (tokens last ${Math.round(book.ttlMs / 60_000)} minutes)`
            : 'is not pending (unknown, already used, or one of the oldest when more than ' + book.max + ' waited)';
        return reply(
          errorResult(CONFIRM_TOOL, 'invalid_arguments', `Token '${token.slice(0, 64)}' ${why}; call the tool again to be asked again.`, {
            parameter: 'token',
          }),
        );
      }
      const p = got.pending;
      return withToken(p.tool, p.arguments, await session.invoke(p.tool, p.arguments, { confirmed: true, confirmedQuestion: p.question, awaitLongJobs: true }));
    }
    const def = definitionByName.get(name);
    // the tool's JSON Schema first (no path is resolved and no file touched for arguments of the wrong shape), then
    // the domain checks, in the call's turn of the session queue so they see the Study the calls before it left
    const precheck = def
      ? (state: typeof session.study.state): ToolResult | null => {
          const v = validateArgs(def, args);
          if (!v.ok) return errorResult(name, 'invalid_arguments', v.message, v.parameter ? { parameter: v.parameter } : {});
          const problem = domainCheck(name, v.args, state, session.env);
          return problem ? errorResult(name, 'invalid_arguments', `${name}: ${problem}`, {}) : null;
        }
      : undefined;
    return withToken(name, args, await session.invoke(name, args, { awaitLongJobs: true, precheck }));
  }

  /** A confirm result gets a token bound to its question (and the Study revision it was asked at). */
  function withToken(name: string, args: Record<string, unknown>, r: ToolResult) {
    if (r.type !== 'confirm') return reply(r);
    const token = book.issue({
      tool: name,
      arguments: args,
      question: String((r.meta.changed as { now?: string } | undefined)?.now ?? r.content),
      revision: session.study.revision,
    });
    return reply({
      ...r,
      content: `${r.content}\nNothing has happened yet. To proceed, call ${CONFIRM_TOOL} with token "${token}" once the user agrees (the token expires in ${Math.round(book.ttlMs / 60_000)} minutes).`,
      meta: { ...r.meta, token },
    });
  }
  return server;
}

function reply(r0: ToolResult) {
  // an unexpected failure inside a tool says so without its internal text (Node/V8 messages, stack traces)
  const r =
    r0.error?.code === 'internal'
      ? {
          ...r0,
          content: `${r0.tool}: internal error; nothing was changed (the server log has the details)`,
          error: { code: 'internal' as const, message: 'internal error' },
        }
      : r0;
  if (r !== r0) log(`mcp: ${r0.tool}: ${r0.content}`);
  return {
    content: [{ type: 'text' as const, text: r.content }],
    structuredContent: { type: r.type, tool: r.tool, meta: jsonSafe(r.meta), ...(r.error ? { error: r.error } : {}) },
    isError: r.type === 'error',
  };
}

function jsonSafe(v: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(v, (_k, x) => (ArrayBuffer.isView(x) ? undefined : x))) as Record<string, unknown>;
}
