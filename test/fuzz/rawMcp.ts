import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** One JSON-RPC message the server wrote. */
export type Reply = { jsonrpc?: string; id?: string | number | null; result?: any; error?: { code: number; message: string; data?: any }; method?: string };

/**
 * A raw stdio client of `xbrain mcp`: writes any bytes (valid or not) and reads the replies line by line. `exchange`
 * sends one message followed by a `ping` probe, and waits for the probe's answer (liveness) and for the message's own
 * answer when it has an id — so each exchange says what came back and how long the server took.
 */
export class RawMcp {
  readonly child: ChildProcessWithoutNullStreams;
  private buf = '';
  private lines: Reply[] = [];
  private waiters: (() => void)[] = [];
  private probe = 0;
  stderr = '';
  exited: number | null = null;

  constructor(cli: string, workspace: string, extra: string[] = [], env: NodeJS.ProcessEnv = process.env) {
    this.child = spawn(process.execPath, [cli, 'mcp', '--workspace', workspace, ...extra], { env, stdio: 'pipe' });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (d: string) => {
      this.buf += d;
      let nl: number;
      while ((nl = this.buf.indexOf('\n')) >= 0) {
        const line = this.buf.slice(0, nl);
        this.buf = this.buf.slice(nl + 1);
        try {
          this.lines.push(JSON.parse(line) as Reply);
        } catch {
          this.lines.push({ error: { code: 0, message: `unparsable server output: ${line.slice(0, 200)}` } });
        }
        for (const w of this.waiters.splice(0)) w();
      }
    });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (d: string) => {
      this.stderr = (this.stderr + d).slice(-20_000);
    });
    this.child.on('exit', (code) => {
      this.exited = code ?? -1;
      for (const w of this.waiters.splice(0)) w();
    });
  }

  write(raw: string | Buffer): void {
    this.child.stdin.write(raw);
  }

  /** Waits until `pred` holds over the replies so far, or the timeout; true when it held. */
  private async until(pred: () => boolean, timeoutMs: number): Promise<boolean> {
    const end = Date.now() + timeoutMs;
    while (!pred()) {
      if (this.exited !== null || Date.now() > end) return pred();
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.max(1, end - Date.now()));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return true;
  }

  /**
   * Sends `raw` (a line is added when missing) then a ping probe. Returns every reply that came before the probe's
   * (plus the reply with `expectId`, whenever it comes within the timeout), whether the probe was answered, how long
   * the probe took (the server's responsiveness) and how long the whole exchange took (the tool's own work included).
   */
  async exchange(
    raw: string | Buffer,
    expectId?: string | number | null,
    timeoutMs = 10_000,
  ): Promise<{ replies: Reply[]; alive: boolean; ms: number; probeMs: number; answered: boolean }> {
    const t0 = Date.now();
    const probeId = `probe-${++this.probe}`;
    const start = this.lines.length;
    this.write(raw);
    if (typeof raw === 'string' ? !raw.endsWith('\n') : raw[raw.length - 1] !== 10) this.write('\n');
    this.write(`${JSON.stringify({ jsonrpc: '2.0', id: probeId, method: 'ping' })}\n`);
    const probed = () => this.lines.slice(start).some((l) => l.id === probeId);
    const own = () => expectId === undefined || expectId === null || this.lines.slice(start).some((l) => l.id === expectId);
    const alive = await this.until(probed, timeoutMs);
    const probeMs = Date.now() - t0;
    const answered = await this.until(own, timeoutMs);
    const replies = this.lines.slice(start).filter((l) => l.id !== probeId);
    this.lines.splice(0, this.lines.length - 0); // replies are handed out once
    return { replies, alive, ms: Date.now() - t0, probeMs, answered };
  }

  /** A JSON-RPC request and its reply (or undefined on timeout). */
  async request(method: string, params: unknown, id: string | number, timeoutMs = 30_000): Promise<Reply | undefined> {
    const r = await this.exchange(JSON.stringify({ jsonrpc: '2.0', id, method, params }), id, timeoutMs);
    return r.replies.find((x) => x.id === id);
  }

  async initialize(): Promise<void> {
    await this.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }, 'init');
    this.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  }

  /** RSS of the server process in bytes (Linux /proc), or 0 when unknown. */
  rss(): number {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const status = require('node:fs').readFileSync(`/proc/${this.child.pid}/status`, 'utf8') as string;
      const m = /VmRSS:\s+(\d+) kB/.exec(status);
      return m ? Number(m[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  }

  async close(): Promise<void> {
    this.child.stdin.end();
    const done = await this.until(() => this.exited !== null, 5000);
    if (!done) this.child.kill('SIGKILL');
  }
}

/** Internal text a client must never see: stack frames, V8/Node error texts, schema-library dumps. */
export const INTERNAL_TEXT =
  /\n\s+at |node:internal|ZodError|"code":\s*"invalid_type"|Maximum call stack|is not iterable|argument must be of type|Cannot read propert|is not a function|Invalid array length|Array buffer allocation failed|undefined is not|RangeError|TypeError|SyntaxError: Unexpected/;
