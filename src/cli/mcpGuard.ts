/**
 * The checks a JSON-RPC 2.0 / MCP message passes before the MCP SDK sees it. The SDK drops unparsable lines and
 * invalid requests without an answer and answers malformed parameters with its schema library's text; XBrain answers
 * every one of them itself, with the code the specifications give and a message that names the field:
 *
 * - −32700 parse error (id null): not JSON.
 * - −32600 invalid request (id null when it cannot be read): not a JSON-RPC 2.0 object, a batch (MCP ≥ 2025-06-18
 *   has none), nesting deeper than MAX_DEPTH (counted without recursion), a message over MAX_MESSAGE_BYTES.
 * - −32602 invalid params naming the parameter: the method's own parameters (tools/call `name`, `arguments`,
 *   initialize `clientInfo`, …) and unknown tool names. A tool's *arguments* are checked against its JSON Schema by
 *   the registry and come back as a tool error result naming the argument (MCP 2025-11-25, SEP-1303: input validation
 *   errors are tool execution errors, so a model can correct itself).
 */

/** The largest message the server reads (bytes of one line); a longer one is answered −32600 and skipped. */
export const MAX_MESSAGE_BYTES = 1 << 20;
/** The deepest nesting of arrays/objects accepted in one message (tool arguments need fewer than 6). */
export const MAX_DEPTH = 32;
/** Tool names are at most this long (MCP: 1–128 characters). */
export const MAX_TOOL_NAME = 128;

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

export type RpcId = string | number;

export interface RpcErrorReply {
  jsonrpc: '2.0';
  id: RpcId | null;
  error: { code: number; message: string; data?: Record<string, unknown> };
}

export type GuardOutcome = { ok: true; message: Record<string, unknown> } | { ok: false; reply: RpcErrorReply | null };

export function rpcError(id: RpcId | null, code: number, message: string, data?: Record<string, unknown>): RpcErrorReply {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data ? { data } : {}) } };
}

/** Deepest array/object nesting of a JSON text, by one pass over it (strings skipped); no recursion, no parse. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > max) max = depth;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const validId = (v: unknown): v is RpcId => (typeof v === 'string' && v.length <= 256) || (typeof v === 'number' && Number.isSafeInteger(v));

/**
 * Checks one line. Returns the parsed message to hand to the SDK, or the error reply to send (null: a notification
 * that is silently ignored, as JSON-RPC says a notification is never answered).
 */
export function guardLine(line: string, knownTool: (name: string) => boolean): GuardOutcome {
  if (Buffer.byteLength(line, 'utf8') > MAX_MESSAGE_BYTES) {
    return {
      ok: false,
      reply: rpcError(null, INVALID_REQUEST, `Invalid Request: message larger than ${MAX_MESSAGE_BYTES} bytes`, { limit: MAX_MESSAGE_BYTES }),
    };
  }
  const depth = jsonDepth(line);
  if (depth > MAX_DEPTH)
    return { ok: false, reply: rpcError(null, INVALID_REQUEST, `Invalid Request: nested ${depth} levels deep (at most ${MAX_DEPTH})`, { limit: MAX_DEPTH }) };
  let msg: unknown;
  try {
    msg = JSON.parse(line);
  } catch {
    return { ok: false, reply: rpcError(null, PARSE_ERROR, 'Parse error: the message is not valid JSON') };
  }
  if (Array.isArray(msg)) {
    return {
      ok: false,
      reply: rpcError(
        null,
        INVALID_REQUEST,
        msg.length === 0
          ? 'Invalid Request: empty batch'
          : 'Invalid Request: JSON-RPC batches are not supported (MCP 2025-06-18 and later send one message per line)',
      ),
    };
  }
  if (!isObject(msg)) return { ok: false, reply: rpcError(null, INVALID_REQUEST, 'Invalid Request: a JSON-RPC message is an object') };
  const hasId = 'id' in msg;
  const id = hasId && validId(msg.id) ? msg.id : null;
  if (hasId && id === null)
    return {
      ok: false,
      reply: rpcError(null, INVALID_REQUEST, 'Invalid Request: id must be a string or an integer (MCP does not allow null)', { parameter: 'id' }),
    };
  if (msg.jsonrpc !== '2.0') return { ok: false, reply: rpcError(id, INVALID_REQUEST, 'Invalid Request: jsonrpc must be "2.0"', { parameter: 'jsonrpc' }) };

  if (!('method' in msg)) {
    // a response to a request of ours: exactly one of result/error, with an id
    const one = 'result' in msg !== 'error' in msg;
    if (!hasId || !one || ('error' in msg && !isObject(msg.error)))
      return {
        ok: false,
        reply: rpcError(id, INVALID_REQUEST, 'Invalid Request: a message needs a method (request/notification) or an id with result or error (response)', {
          parameter: 'method',
        }),
      };
    return { ok: true, message: msg };
  }
  if (typeof msg.method !== 'string' || msg.method.length === 0 || msg.method.length > 256) {
    return { ok: false, reply: rpcError(id, INVALID_REQUEST, 'Invalid Request: method must be a non-empty string', { parameter: 'method' }) };
  }
  if ('params' in msg && !isObject(msg.params)) {
    // JSON-RPC allows array params; every MCP method takes an object
    const code = Array.isArray(msg.params) ? INVALID_PARAMS : INVALID_REQUEST;
    return {
      ok: false,
      reply:
        hasId || code === INVALID_REQUEST
          ? rpcError(id, code, `${code === INVALID_PARAMS ? 'Invalid params' : 'Invalid Request'}: params must be an object`, { parameter: 'params' })
          : null,
    };
  }
  const problem = paramsProblem(msg.method, (msg.params ?? {}) as Record<string, unknown>, hasId, knownTool);
  if (problem) return { ok: false, reply: hasId ? rpcError(id, INVALID_PARAMS, `Invalid params: ${problem.message}`, { parameter: problem.parameter }) : null };
  return { ok: true, message: msg };
}

type Problem = { parameter: string; message: string } | null;

function paramsProblem(method: string, p: Record<string, unknown>, isRequest: boolean, knownTool: (name: string) => boolean): Problem {
  if ('_meta' in p) {
    if (!isObject(p._meta)) return { parameter: 'params._meta', message: 'params._meta must be an object' };
    const t = p._meta.progressToken;
    if (t !== undefined && !validId(t))
      return { parameter: 'params._meta.progressToken', message: 'params._meta.progressToken must be a string or an integer' };
  }
  if (!isRequest) return null;
  switch (method) {
    case 'initialize': {
      if (typeof p.protocolVersion !== 'string')
        return { parameter: 'params.protocolVersion', message: 'params.protocolVersion must be a string (e.g. "2025-06-18")' };
      if (!isObject(p.capabilities)) return { parameter: 'params.capabilities', message: 'params.capabilities must be an object' };
      if (!isObject(p.clientInfo)) return { parameter: 'params.clientInfo', message: 'params.clientInfo must be an object with name and version' };
      if (typeof p.clientInfo.name !== 'string') return { parameter: 'params.clientInfo.name', message: 'params.clientInfo.name must be a string' };
      if (typeof p.clientInfo.version !== 'string') return { parameter: 'params.clientInfo.version', message: 'params.clientInfo.version must be a string' };
      return null;
    }
    case 'tools/list':
      if (p.cursor !== undefined && typeof p.cursor !== 'string') return { parameter: 'params.cursor', message: 'params.cursor must be a string' };
      return null;
    case 'tools/call': {
      if (typeof p.name !== 'string' || p.name.length === 0) return { parameter: 'params.name', message: 'params.name must be the name of a tool (a string)' };
      if (p.name.length > MAX_TOOL_NAME)
        return { parameter: 'params.name', message: `unknown tool (a name of ${p.name.length} characters; tool names have at most ${MAX_TOOL_NAME})` };
      if (!knownTool(p.name)) return { parameter: 'params.name', message: `unknown tool '${p.name}' (tools/list gives the tools)` };
      if (p.arguments !== undefined && !isObject(p.arguments))
        return { parameter: 'params.arguments', message: "params.arguments must be an object of the tool's parameters" };
      return null;
    }
    default:
      return null;
  }
}

/**
 * An error reply on its way out: internal errors (a handler that threw, the SDK's own schema text) carry no internal
 * text to the client — the full text goes to the server log instead.
 */
export function sanitizeOutgoing(message: Record<string, unknown>, log: (line: string) => void): Record<string, unknown> {
  const err = message.error;
  if (!isObject(err)) return message;
  const code = typeof err.code === 'number' ? err.code : INTERNAL_ERROR;
  const ours = code === PARSE_ERROR || code === INVALID_REQUEST || code === INVALID_PARAMS || code === -32601 || code === -32002;
  if (ours && typeof err.message === 'string' && !/ZodError|"code":|\n\s+at |Maximum call stack/.test(err.message)) return message;
  log(`mcp: internal error answered to the client as "Internal error": ${typeof err.message === 'string' ? err.message : JSON.stringify(err)}`);
  const clean = code === INVALID_PARAMS ? 'Invalid params' : 'Internal error';
  return { ...message, error: { code: ours ? code : INTERNAL_ERROR, message: clean } };
}
