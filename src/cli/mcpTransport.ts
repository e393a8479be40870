import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { guardLine, INVALID_REQUEST, MAX_MESSAGE_BYTES, rpcError, sanitizeOutgoing, type RpcErrorReply } from './mcpGuard';

/**
 * MCP over stdio with the checks of mcpGuard in front of the SDK: newline-delimited messages read with a size
 * limit (an over-size message is answered and skipped, the session stays open — the SDK's own transport closes it),
 * every malformed message answered, and error replies cleaned of internal text on the way out.
 */
export class GuardedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private size = 0;
  /** skipping the rest of a message that was already answered as too large */
  private skipping = false;
  private closed = false;
  /** requests handed to the SDK and not answered yet: when stdin ends they are answered before the session closes */
  private readonly open = new Set<string | number>();
  private ended = false;
  private readonly onData = (chunk: Buffer) => this.take(chunk);
  private readonly onEnd = () => {
    this.ended = true;
    if (this.open.size === 0) void this.close();
  };

  constructor(
    private readonly knownTool: (name: string) => boolean,
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', (e) => this.onerror?.(e));
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    const clean = sanitizeOutgoing(message as unknown as Record<string, unknown>, this.log);
    const text = `${JSON.stringify(clean)}\n`;
    const answered = !('method' in clean) && (typeof clean.id === 'string' || typeof clean.id === 'number') ? clean.id : undefined;
    if (!this.output.write(text)) await new Promise<void>((resolve) => this.output.once('drain', resolve));
    if (answered !== undefined && this.open.delete(answered) && this.ended && this.open.size === 0) void this.close();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.chunks = [];
    this.onclose?.();
  }

  /** Splits the stream into lines without ever holding more than MAX_MESSAGE_BYTES of one message. */
  private take(chunk: Buffer): void {
    let rest = chunk;
    while (rest.length > 0) {
      const nl = rest.indexOf(10);
      const piece = nl < 0 ? rest : rest.subarray(0, nl);
      if (!this.skipping) {
        if (this.size + piece.length > MAX_MESSAGE_BYTES) {
          this.chunks = [];
          this.size = 0;
          this.skipping = true;
          void this.reply(
            rpcError(null, INVALID_REQUEST, `Invalid Request: message larger than ${MAX_MESSAGE_BYTES} bytes; it was skipped`, { limit: MAX_MESSAGE_BYTES }),
          );
        } else {
          this.chunks.push(piece);
          this.size += piece.length;
        }
      }
      if (nl < 0) return;
      if (!this.skipping) {
        const line = Buffer.concat(this.chunks, this.size).toString('utf8').replace(/\r$/, '');
        this.chunks = [];
        this.size = 0;
        if (line.trim()) this.handle(line);
      }
      this.skipping = false;
      rest = rest.subarray(nl + 1);
    }
  }

  private handle(line: string): void {
    const out = guardLine(line, this.knownTool);
    if (!out.ok) {
      if (out.reply) void this.reply(out.reply);
      return;
    }
    const m = out.message;
    if (typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number')) this.open.add(m.id);
    try {
      this.onmessage?.(m as unknown as JSONRPCMessage);
    } catch (e) {
      this.log(`mcp: message handler failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  }

  private reply(r: RpcErrorReply): Promise<void> {
    return this.send(r as unknown as JSONRPCMessage);
  }
}
