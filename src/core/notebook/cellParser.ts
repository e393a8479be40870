/**
 * The `xbrain` cell language (docs/architecture.md §4): tool calls in call syntax with JSON values, one call per line,
 * `#` comments. A call may continue over several lines while its parentheses are open. Every call and argument
 * keeps its source offsets so diagnostics, hover and completion can point at it.
 */

/** Half-open offsets into the cell source. */
export interface Span {
  start: number;
  end: number;
}

export interface ParsedArgument {
  name: string;
  value: unknown;
  nameSpan: Span;
  valueSpan: Span;
}

export interface ParsedCall {
  tool: string;
  args: Record<string, unknown>;
  arguments: ParsedArgument[];
  toolSpan: Span;
  /** from the tool name to the closing parenthesis */
  span: Span;
  /** 0-based line of the tool name */
  line: number;
}

export interface CellSyntaxError {
  message: string;
  span: Span;
  /** 0-based */
  line: number;
  /** 0-based */
  column: number;
}

export interface ParsedCell {
  calls: ParsedCall[];
  errors: CellSyntaxError[];
}

export interface Position {
  line: number;
  column: number;
}

/** 0-based line and column of an offset. */
export function positionAt(source: string, offset: number): Position {
  let line = 0;
  let lineStart = 0;
  const end = Math.min(offset, source.length);
  for (let i = 0; i < end; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart };
}

/** Offset of a 0-based line and column (clamped to the line). */
export function offsetAt(source: string, pos: Position): number {
  let offset = 0;
  for (let l = 0; l < pos.line; l++) {
    const nl = source.indexOf('\n', offset);
    if (nl < 0) return source.length;
    offset = nl + 1;
  }
  const nl = source.indexOf('\n', offset);
  const lineEnd = nl < 0 ? source.length : nl;
  return Math.min(offset + pos.column, lineEnd);
}

/** "line 3, column 14" (1-based, as editors show it). */
export function describePosition(source: string, offset: number): string {
  const p = positionAt(source, offset);
  return `line ${p.line + 1}, column ${p.column + 1}`;
}

class SyntaxFailure extends Error {
  /** where parsing resumes (default: the line after the error) */
  resume?: number;
  constructor(
    message: string,
    readonly span: Span,
  ) {
    super(message);
  }
}

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_]/;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const NOT_JSON_WORDS: Record<string, string> = {
  True: 'true',
  False: 'false',
  None: 'null',
  nil: 'null',
  undefined: 'null',
  NaN: 'a number',
  Infinity: 'a number',
};

class CellScanner {
  i = 0;
  constructor(readonly src: string) {}

  /** the current character ('' at the end); a method so TypeScript does not narrow it across `this.i++` */
  ch(): string {
    return this.src[this.i] ?? '';
  }

  fail(message: string, start = this.i, end = Math.min(this.src.length, Math.max(start + 1, this.i))): never {
    throw new SyntaxFailure(message, { start, end: Math.max(end, start) });
  }

  /** Spaces and tabs only (a call's closing line ends at a newline). */
  skipInline(): void {
    while (this.ch() === ' ' || this.ch() === '\t' || this.ch() === '\r') this.i++;
  }

  /** Whitespace, newlines and `#` comments: allowed between the parentheses of a call. */
  skipInsideCall(): void {
    for (;;) {
      const c = this.ch();
      if (c === ' ' || c === '\t' || c === '\r' || c === '\n') this.i++;
      else if (c === '#') this.skipComment();
      else return;
    }
  }

  /** JSON whitespace (inside a value). */
  skipJsonWs(): void {
    while (this.ch() === ' ' || this.ch() === '\t' || this.ch() === '\r' || this.ch() === '\n') this.i++;
  }

  skipComment(): void {
    const nl = this.src.indexOf('\n', this.i);
    this.i = nl < 0 ? this.src.length : nl;
  }

  ident(): { name: string; span: Span } | null {
    if (!IDENT_START.test(this.ch())) return null;
    const start = this.i;
    while (IDENT_PART.test(this.ch())) this.i++;
    return { name: this.src.slice(start, this.i), span: { start, end: this.i } };
  }

  describeHere(): string {
    if (this.i >= this.src.length) return 'end of cell';
    if (this.ch() === '\n') return 'end of line';
    return `'${this.ch()}'`;
  }

  value(): unknown {
    this.skipJsonWs();
    const c = this.ch();
    const start = this.i;
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = this.i;
      const m = NUMBER.exec(this.src);
      if (!m) this.fail(`invalid number at ${describePosition(this.src, start)}`);
      this.i += m[0].length;
      if (IDENT_PART.test(this.ch()) || this.ch() === '.')
        this.fail(`invalid number '${this.src.slice(start, this.i + 1)}' at ${describePosition(this.src, start)}`, start, this.i + 1);
      return Number(m[0]);
    }
    if (c === "'") this.fail(`strings use double quotes (JSON) at ${describePosition(this.src, start)}`);
    WORD.lastIndex = this.i;
    const w = WORD.exec(this.src);
    if (w) {
      const word = w[0];
      this.i += word.length;
      if (word === 'true') return true;
      if (word === 'false') return false;
      if (word === 'null') return null;
      const hint = NOT_JSON_WORDS[word];
      this.fail(
        hint
          ? `'${word}' is not JSON: write ${hint} at ${describePosition(this.src, start)}`
          : `expected a JSON value but found '${word}' at ${describePosition(this.src, start)} (strings need double quotes)`,
        start,
        this.i,
      );
    }
    this.fail(`expected a JSON value but found ${this.describeHere()} at ${describePosition(this.src, start)}`);
  }

  string(): string {
    const start = this.i;
    this.i++; // opening quote
    for (;;) {
      const c = this.ch();
      if (c === '' || c === '\n') this.fail(`unterminated string starting at ${describePosition(this.src, start)}`, start, this.i);
      if (c === '\\') {
        this.i += 2;
        continue;
      }
      this.i++;
      if (c === '"') break;
    }
    const raw = this.src.slice(start, this.i);
    try {
      return JSON.parse(raw) as string;
    } catch {
      return this.fail(`invalid escape in string at ${describePosition(this.src, start)}`, start, this.i);
    }
  }

  array(): unknown[] {
    const open = this.i;
    this.i++;
    const out: unknown[] = [];
    this.skipJsonWs();
    if (this.ch() === ']') {
      this.i++;
      return out;
    }
    for (;;) {
      out.push(this.value());
      this.skipJsonWs();
      if (this.ch() === ',') {
        this.i++;
        this.skipJsonWs();
        if (this.ch() === ']') this.fail(`trailing comma in array at ${describePosition(this.src, this.i - 1)}`, this.i - 1, this.i);
        continue;
      }
      if (this.ch() === ']') {
        this.i++;
        return out;
      }
      this.fail(`expected ',' or ']' in the array opened at ${describePosition(this.src, open)} but found ${this.describeHere()}`);
    }
  }

  object(): Record<string, unknown> {
    const open = this.i;
    this.i++;
    const out: Record<string, unknown> = {};
    this.skipJsonWs();
    if (this.ch() === '}') {
      this.i++;
      return out;
    }
    for (;;) {
      this.skipJsonWs();
      if (this.ch() !== '"') this.fail(`object keys must be double-quoted strings at ${describePosition(this.src, this.i)}`);
      const key = this.string();
      this.skipJsonWs();
      if (this.ch() !== ':') this.fail(`expected ':' after the key "${key}" at ${describePosition(this.src, this.i)}`);
      this.i++;
      out[key] = this.value();
      this.skipJsonWs();
      if (this.ch() === ',') {
        this.i++;
        continue;
      }
      if (this.ch() === '}') {
        this.i++;
        return out;
      }
      this.fail(`expected ',' or '}' in the object opened at ${describePosition(this.src, open)} but found ${this.describeHere()}`);
    }
  }

  /** A call left open before the next line's code: report the '(' and resume at that line. */
  unclosed(open: number, next: number): never {
    const e = new SyntaxFailure(`'(' at ${describePosition(this.src, open)} is not closed before the next line`, { start: open, end: open + 1 });
    e.resume = this.src.lastIndexOf('\n', next - 1) + 1;
    throw e;
  }

  call(): ParsedCall {
    const start = this.i;
    const id = this.ident();
    if (!id) this.fail(`expected a tool call like apply_notch_filter(freq=50) at ${describePosition(this.src, start)}`);
    const line = positionAt(this.src, start).line;
    this.skipInline();
    if (this.ch() !== '(')
      this.fail(
        `expected '(' after '${id.name}' at ${describePosition(this.src, this.i)} (write ${id.name}() to call it without arguments)`,
        id.span.start,
        Math.max(this.i, id.span.end),
      );
    const open = this.i;
    this.i++;
    const args: Record<string, unknown> = {};
    const list: ParsedArgument[] = [];
    this.skipInsideCall();
    while (this.ch() !== ')') {
      if (this.i >= this.src.length) this.fail(`'(' at ${describePosition(this.src, open)} is never closed`, open, open + 1);
      const nameStart = this.i;
      const name = this.ident();
      this.skipInsideCall();
      if (name && this.ch() === '(' && this.src.slice(open, nameStart).includes('\n')) this.unclosed(open, nameStart);
      if (!name || this.ch() !== '=') {
        this.i = nameStart;
        // Find the extent of what was written for a readable span.
        try {
          this.value();
        } catch {
          /* the message below is the useful one */
        }
        this.fail(`arguments are named: write name=value (at ${describePosition(this.src, nameStart)})`, nameStart, Math.max(this.i, nameStart + 1));
      }
      if (name.name in args) this.fail(`parameter '${name.name}' is given twice at ${describePosition(this.src, nameStart)}`, name.span.start, name.span.end);
      this.i++; // '='
      this.skipInsideCall();
      const valueStart = this.i;
      const value = this.value();
      const valueSpan = { start: valueStart, end: this.i };
      args[name.name] = value;
      list.push({ name: name.name, value, nameSpan: name.span, valueSpan });
      this.skipInsideCall();
      if (this.ch() === ',') {
        this.i++;
        this.skipInsideCall();
        continue;
      }
      if (this.ch() !== ')') {
        if (this.i >= this.src.length) this.fail(`'(' at ${describePosition(this.src, open)} is never closed`, open, open + 1);
        if (this.src.slice(valueSpan.end, this.i).includes('\n')) this.unclosed(open, this.i);
        this.fail(`expected ',' or ')' after the value of '${name.name}' but found ${this.describeHere()} at ${describePosition(this.src, this.i)}`);
      }
    }
    this.i++; // ')'
    const span = { start, end: this.i };
    this.skipInline();
    if (this.ch() === '#') this.skipComment();
    if (this.ch() !== '' && this.ch() !== '\n')
      this.fail(`one tool call per line: unexpected ${this.describeHere()} after ')' at ${describePosition(this.src, this.i)}`);
    return { tool: id.name, args, arguments: list, toolSpan: id.span, span, line };
  }
}

/** Parses a code cell. Errors do not stop parsing: the scanner resumes at the next line. */
export function parseCell(source: string): ParsedCell {
  const s = new CellScanner(source);
  const calls: ParsedCall[] = [];
  const errors: CellSyntaxError[] = [];
  for (;;) {
    s.skipInsideCall();
    if (s.i >= source.length) break;
    const start = s.i;
    try {
      calls.push(s.call());
    } catch (e) {
      if (!(e instanceof SyntaxFailure)) throw e;
      const p = positionAt(source, e.span.start);
      errors.push({ message: e.message, span: e.span, line: p.line, column: p.column });
      if (e.resume !== undefined && e.resume > start) s.i = e.resume;
      else {
        const nl = source.indexOf('\n', Math.max(e.span.start, start));
        s.i = nl < 0 ? source.length : nl + 1;
      }
    }
  }
  return { calls, errors };
}

/** Formats a call back into cell syntax (used by chat export and skip plans). */
export function formatCall(tool: string, args: Record<string, unknown>): string {
  return `${tool}(${Object.entries(args)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${inlineJson(v)}`)
    .join(', ')})`;
}

/** JSON on one line with a space after ',' and ':' (how people write it in a cell). */
export function inlineJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(inlineJson).join(', ')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${JSON.stringify(k)}: ${inlineJson(x)}`)
      .join(', ')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** Where (offset) and why a JSON text fails to parse, using the cell scanner's positioned errors; null when it is valid. */
export function locateJsonError(text: string): { offset: number; message: string } | null {
  const s = new CellScanner(text);
  try {
    s.value();
    s.skipJsonWs();
    if (s.i < text.length) s.fail(`unexpected ${s.describeHere()} after the JSON value at ${describePosition(text, s.i)}`);
    return null;
  } catch (e) {
    if (e instanceof SyntaxFailure) return { offset: e.span.start, message: e.message };
    throw e;
  }
}
