/**
 * A minimal WebAssembly binary writer: LEB128 integers, vectors, sections, and the instructions XBrain's SIMD kernels
 * use (training/simdConv.ts, training/simdGemm.ts, signal/fftSimd.ts). Kernels are assembled from instruction listings at run time: no
 * toolchain and no binary blob. Every instruction is a byte array; a function body is their concatenation.
 */

export const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
};

export const sleb = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(b & 0x40)) || (n === -1 && b & 0x40)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
};

export const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
export const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
export const name = (s: string): number[] => [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];

export const I32 = 0x7f;
export const V128 = 0x7b;

const simd = (code: number): number[] => [0xfd, ...uleb(code)];
/** memarg: alignment exponent, then the static byte offset */
const mem = (align: number, off: number): number[] => [align, ...uleb(off)];

export const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: [0x0b],
  br: (d: number) => [0x0c, ...uleb(d)],
  brIf: (d: number) => [0x0d, ...uleb(d)],
  get: (i: number) => [0x20, ...uleb(i)],
  set: (i: number) => [0x21, ...uleb(i)],
  tee: (i: number) => [0x22, ...uleb(i)],
  i32: (v: number) => [0x41, ...sleb(v)],
  add: [0x6a],
  sub: [0x6b],
  mul: [0x6c],
  eqz: [0x45],
  ne: [0x47],
  i32load: (off: number) => [0x28, ...mem(2, off)],
  f32load: (off: number) => [0x2a, ...mem(2, off)],
  f32store: (off: number) => [0x38, ...mem(2, off)],
  f32add: [0x92],
  f32zero: [0x43, 0, 0, 0, 0],
  v128load: (off: number) => [...simd(0x00), ...mem(0, off)],
  /** one f64 at the address, in both lanes */
  v128load64splat: (off: number) => [...simd(0x0a), ...mem(3, off)],
  /** one f32 at the address, in all four lanes */
  v128load32splat: (off: number) => [...simd(0x09), ...mem(2, off)],
  /** v128.const 0 */
  v128zero: [...simd(0x0c), ...new Array<number>(16).fill(0)],
  v128store: (off: number) => [...simd(0x0b), ...mem(0, off)],
  /** i8x16.shuffle of the two operands by the 16 byte indices (0-15 first operand, 16-31 second) */
  shuffle: (lanes: number[]) => [...simd(0x0d), ...lanes],
  v128xor: simd(0x51),
  f32x4splat: simd(0x13),
  f32x4lane: (l: number) => [...simd(0x1f), l],
  f32x4add: simd(0xe4),
  f32x4mul: simd(0xe6),
  f64x2add: simd(0xf0),
  f64x2sub: simd(0xf1),
  f64x2mul: simd(0xf2),
};

/** v128.const from 16 bytes */
export const v128const = (bytes: number[]): number[] => [...simd(0x0c), ...bytes];

/** local l = local l + k */
export const bump = (l: number, k: number): number[] => [...op.get(l), ...op.i32(k), ...op.add, ...op.set(l)];
/** local l -= 1, branch to depth d while non-zero */
export const countDown = (l: number, d: number): number[] => [...op.get(l), ...op.i32(1), ...op.sub, ...op.tee(l), ...op.brIf(d)];

/** One function's code entry: its locals as (count, type) runs, then the body (which must close with op.end). */
export const funcCode = (locals: [count: number, type: number][], body: number[]): number[] => {
  const f = [...vec(locals.map(([n, t]) => [...uleb(n), t])), ...body];
  return [...uleb(f.length), ...f];
};

export const WASM_HEADER = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];

/**
 * A module compiled on first use and kept, or null where WebAssembly SIMD is missing or XBRAIN_NO_SIMD is set. For
 * kernels that need an instance (and so a memory) of their own per user: BatchNorm layers keep their saved tensors
 * in it between forward and backward.
 */
export function lazyCompiled(bytes: () => Uint8Array): () => WebAssembly.Module | null {
  let compiled: WebAssembly.Module | null | undefined;
  return () => {
    if (compiled !== undefined) return compiled;
    if (process.env.XBRAIN_NO_SIMD) return (compiled = null);
    try {
      const b = bytes();
      compiled = new WebAssembly.Module(b.buffer as ArrayBuffer);
      // a module that compiles but cannot be instantiated here counts as missing
      new WebAssembly.Instance(compiled, {});
    } catch {
      compiled = null;
    }
    return compiled;
  };
}

/**
 * A kernel module compiled on first use and kept: `wrap` of its exports, or null where WebAssembly SIMD is missing or
 * XBRAIN_NO_SIMD is set (the callers then keep their JavaScript loops). One place for what every SIMD module did alike.
 */
export function lazyModule<T>(bytes: () => Uint8Array, wrap: (exports: WebAssembly.Exports) => T = (e) => e as unknown as T): () => T | null {
  const compiled = lazyCompiled(bytes);
  let kernels: T | null | undefined;
  return () => {
    if (kernels !== undefined) return kernels;
    const mod = compiled();
    try {
      kernels = mod ? wrap(new WebAssembly.Instance(mod, {}).exports) : null;
    } catch {
      kernels = null;
    }
    return kernels;
  };
}
