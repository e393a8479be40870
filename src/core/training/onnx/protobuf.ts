/**
 * A minimal protocol-buffers writer: just the wire types the ONNX ModelProto needs (varint, 32-bit float,
 * length-delimited). Messages are built bottom-up: a nested message is written as bytes.
 */
export class ProtoWriter {
  private chunks: Uint8Array[] = [];
  private length = 0;

  private push(b: Uint8Array): void {
    this.chunks.push(b);
    this.length += b.length;
  }

  private rawVarint(v: number | bigint): void {
    let n = typeof v === 'bigint' ? BigInt.asUintN(64, v) : v < 0 ? BigInt.asUintN(64, BigInt(v)) : v;
    const out: number[] = [];
    if (typeof n === 'bigint') {
      while (n > 0x7fn) {
        out.push(Number(n & 0x7fn) | 0x80);
        n >>= 7n;
      }
      out.push(Number(n));
    } else {
      if (!Number.isSafeInteger(n)) throw new Error(`varint out of range: ${n}`);
      while (n > 0x7f) {
        out.push((n % 128) | 0x80);
        n = Math.floor(n / 128);
      }
      out.push(n);
    }
    this.push(Uint8Array.from(out));
  }

  private tag(field: number, wire: number): void {
    this.rawVarint(field * 8 + wire);
  }

  /** int32/int64/enum/bool field (wire type 0). */
  varint(field: number, v: number | bigint): this {
    this.tag(field, 0);
    this.rawVarint(v);
    return this;
  }

  /** float field (wire type 5). */
  float(field: number, v: number): this {
    this.tag(field, 5);
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, v, true);
    this.push(b);
    return this;
  }

  /** bytes / nested message (wire type 2). */
  bytes(field: number, b: Uint8Array): this {
    this.tag(field, 2);
    this.rawVarint(b.length);
    this.push(b);
    return this;
  }

  string(field: number, s: string): this {
    return this.bytes(field, new TextEncoder().encode(s));
  }

  message(field: number, m: ProtoWriter): this {
    return this.bytes(field, m.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let off = 0;
    for (const c of this.chunks) {
      out.set(c, off);
      off += c.length;
    }
    return out;
  }
}
