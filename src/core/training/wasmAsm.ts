/**
 * A minimal WebAssembly binary writer for the hand-assembled SIMD kernels (simdConv.ts, simdGemm.ts): LEB128
 * integers, sections, and the few instructions the kernels use. No toolchain and no binary blob.
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
export const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: [0x0b],
  brIf: (d: number) => [0x0d, ...uleb(d)],
  get: (i: number) => [0x20, ...uleb(i)],
  set: (i: number) => [0x21, ...uleb(i)],
  tee: (i: number) => [0x22, ...uleb(i)],
  i32: (v: number) => [0x41, ...sleb(v)],
  add: [0x6a],
  sub: [0x6b],
  eqz: [0x45],
  f32load: (off: number) => [0x2a, 2, ...uleb(off)],
  f32store: (off: number) => [0x38, 2, ...uleb(off)],
  i32load: (off: number) => [0x28, 2, ...uleb(off)],
  mul: [0x6c],
  ne: [0x47],
  f32add: [0x92],
  f32zero: [0x43, 0, 0, 0, 0],
  v128load: (off: number) => [0xfd, ...uleb(0x00), 0, ...uleb(off)],
  v128store: (off: number) => [0xfd, ...uleb(0x0b), 0, ...uleb(off)],
  /** v128.const 0 */
  vzero: [0xfd, ...uleb(0x0c), ...new Array<number>(16).fill(0)],
  splat: [0xfd, ...uleb(0x13)],
  /** v128.load32_splat: one float from memory into all four lanes */
  load32Splat: (off: number) => [0xfd, ...uleb(0x09), 2, ...uleb(off)],
  lane: (l: number) => [0xfd, ...uleb(0x1f), l],
  vadd: [0xfd, ...uleb(0xe4)],
  vmul: [0xfd, ...uleb(0xe6)],
};
