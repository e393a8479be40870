/**
 * WebAssembly SIMD (f32x4) versions of the two row-correlation kernels of rowConv.ts, for float32 rows with wide
 * kernels (EEGNet's ⌊sfreq/2⌋-tap temporal convolution). The module is assembled with ../wasmWriter.ts from the
 * instruction listing below: no toolchain and no binary blob. Operands are copied into the module's own memory per
 * call (a few thousand floats against ~10⁵ multiply-adds). Sums are float32, as in PyTorch's CPU kernels.
 * When WebAssembly SIMD is not available the JS kernels are used.
 */

import { bump, countDown, I32, name, op, section, uleb, V128, vec, WASM_HEADER, lazyModule } from '../wasmWriter';

/** acc = acc + a * v128.load(p + off) */
const fma = (acc: number, a: number, p: number, off: number): number[] => [
  ...op.get(acc),
  ...op.get(a),
  ...op.get(p),
  ...op.v128load(off),
  ...op.f32x4mul,
  ...op.f32x4add,
  ...op.set(acc),
];

/**
 * corr(out, tiles, x, w, kw): for 8-float tiles t: out[8t..8t+8) += Σ_k w[k] · x[8t+k .. 8t+k+8)  (byte pointers)
 * locals: 5 a0, 6 a1 (v128), 7 px, 8 pw, 9 k (i32), 10 wv (v128)
 */
const corrBody = [
  ...op.block,
  ...op.get(1),
  ...op.eqz,
  ...op.brIf(0),
  ...op.loop,
  ...op.get(0),
  ...op.v128load(0),
  ...op.set(5),
  ...op.get(0),
  ...op.v128load(16),
  ...op.set(6),
  ...op.get(2),
  ...op.set(7),
  ...op.get(3),
  ...op.set(8),
  ...op.get(4),
  ...op.set(9),
  ...op.loop,
  ...op.get(8),
  ...op.f32load(0),
  ...op.f32x4splat,
  ...op.set(10),
  ...fma(5, 10, 7, 0),
  ...fma(6, 10, 7, 16),
  ...bump(7, 4),
  ...bump(8, 4),
  ...countDown(9, 0),
  ...op.end,
  ...op.get(0),
  ...op.get(5),
  ...op.v128store(0),
  ...op.get(0),
  ...op.get(6),
  ...op.v128store(16),
  ...bump(0, 32),
  ...bump(2, 32),
  ...countDown(1, 0),
  ...op.end,
  ...op.end,
];
const corrFn = [
  ...vec([
    [...uleb(2), V128],
    [...uleb(3), I32],
    [...uleb(1), V128],
  ]),
  ...corrBody,
  ...op.end,
];

/**
 * wgrad(dw, ktiles, dy, n4, x): for 4-tap tiles: dw[k+j] += Σ_{i<4·n4} dy[i] · x[i+k+j], j = 0..3
 * locals: 5..8 acc0..3 (v128), 9 pd, 10 px, 11 cnt (i32), 12 d (v128)
 */
const hsumInto = (j: number): number[] => [
  ...op.get(0),
  ...op.get(0),
  ...op.f32load(4 * j),
  ...op.get(5 + j),
  ...op.f32x4lane(0),
  ...op.get(5 + j),
  ...op.f32x4lane(1),
  ...op.f32add,
  ...op.get(5 + j),
  ...op.f32x4lane(2),
  ...op.f32add,
  ...op.get(5 + j),
  ...op.f32x4lane(3),
  ...op.f32add,
  ...op.f32add,
  ...op.f32store(4 * j),
];
const wgradBody = [
  ...op.block,
  ...op.get(1),
  ...op.eqz,
  ...op.brIf(0),
  ...op.loop,
  ...[5, 6, 7, 8].flatMap((l) => [...op.f32zero, ...op.f32x4splat, ...op.set(l)]),
  ...op.get(2),
  ...op.set(9),
  ...op.get(4),
  ...op.set(10),
  ...op.get(3),
  ...op.set(11),
  ...op.block,
  ...op.get(11),
  ...op.eqz,
  ...op.brIf(0),
  ...op.loop,
  ...op.get(9),
  ...op.v128load(0),
  ...op.set(12),
  ...fma(5, 12, 10, 0),
  ...fma(6, 12, 10, 4),
  ...fma(7, 12, 10, 8),
  ...fma(8, 12, 10, 12),
  ...bump(9, 16),
  ...bump(10, 16),
  ...countDown(11, 0),
  ...op.end,
  ...op.end,
  ...hsumInto(0),
  ...hsumInto(1),
  ...hsumInto(2),
  ...hsumInto(3),
  ...bump(0, 16),
  ...bump(4, 16),
  ...countDown(1, 0),
  ...op.end,
  ...op.end,
];
const wgradFn = [
  ...vec([
    [...uleb(4), V128],
    [...uleb(3), I32],
    [...uleb(1), V128],
  ]),
  ...wgradBody,
  ...op.end,
];

function moduleBytes(): Uint8Array {
  const sig = [0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), ...vec([])];
  const bytes = [
    ...WASM_HEADER,
    ...section(1, vec([sig])),
    ...section(3, vec([[0], [0]])),
    ...section(5, vec([[0x00, ...uleb(1)]])),
    ...section(
      7,
      vec([
        [...name('memory'), 0x02, 0],
        [...name('corr'), 0x00, 0],
        [...name('wgrad'), 0x00, 1],
      ]),
    ),
    ...section(
      10,
      vec([
        [...uleb(corrFn.length), ...corrFn],
        [...uleb(wgradFn.length), ...wgradFn],
      ]),
    ),
  ];
  return Uint8Array.from(bytes);
}

// ---- the kernels ---------------------------------------------------------------------------------------------
interface Kernels {
  memory: WebAssembly.Memory;
  corr: (out: number, tiles: number, x: number, w: number, kw: number) => void;
  wgrad: (dw: number, ktiles: number, dy: number, n4: number, x: number) => void;
}

let heap = new Float32Array(0);

const load = lazyModule<Kernels>(moduleBytes);

/** A float32 view of at least `floats` floats of module memory (grown as needed). */
function ensure(k: Kernels, floats: number): Float32Array {
  const need = floats * 4 + 64;
  if (k.memory.buffer.byteLength < need) k.memory.grow(Math.ceil((need - k.memory.buffer.byteLength) / 65536));
  if (heap.buffer !== k.memory.buffer) heap = new Float32Array(k.memory.buffer);
  return heap;
}

/** A run of floats to stage: array, first index, count. */
type Part = readonly [src: Float32Array, from: number, count: number];

/**
 * Copies the parts end to end into module memory (the first, the accumulator, at address 0) and returns their byte
 * addresses for the kernel.
 */
function stageIn(k: Kernels, parts: readonly Part[]): number[] {
  const h = ensure(
    k,
    parts.reduce((n, p) => n + p[2], 0),
  );
  const addresses: number[] = [];
  let at = 0;
  for (const [src, from, count] of parts) {
    h.set(src.subarray(from, from + count), at);
    addresses.push(at * 4);
    at += count;
  }
  return addresses;
}

/** Copies the accumulator (the first staged part) back into `dst` from `at`. */
function copyOut(dst: Float32Array, at: number, count: number): void {
  dst.set(heap.subarray(0, count), at);
}

/** True when the SIMD kernels can run here. */
export function simdAvailable(): boolean {
  return load() !== null;
}

/** Below this many taps the per-call copies outweigh the SIMD gain. */
export const SIMD_MIN_TAPS = 8;

/** As corrAccumulate (rowConv.ts) for float32 arrays; false when SIMD is unavailable (nothing was done). */
export function corrAccumulateSimd(out: Float32Array, o: number, len: number, x: Float32Array, xo: number, w: Float32Array, wo: number, kw: number): boolean {
  const k = load();
  if (!k) return false;
  const tiles = len >> 3;
  const done = tiles * 8;
  if (tiles) {
    const [pOut, pX, pW] = stageIn(k, [
      [out, o, done],
      [x, xo, done + kw - 1],
      [w, wo, kw],
    ]);
    k.corr(pOut, tiles, pX, pW, kw);
    copyOut(out, o, done);
  }
  for (let i = done; i < len; i++) {
    const p = xo + i;
    let s = 0;
    for (let j = 0; j < kw; j++) s += w[wo + j] * x[p + j];
    out[o + i] += s;
  }
  return true;
}

/** As corrWeightGrad (rowConv.ts) for float32 arrays; false when SIMD is unavailable (nothing was done). */
export function corrWeightGradSimd(dw: Float32Array, wo: number, kw: number, dy: Float32Array, d: number, len: number, x: Float32Array, xo: number): boolean {
  const k = load();
  if (!k) return false;
  const ktiles = kw >> 2;
  const kDone = ktiles * 4;
  const n4 = len >> 2;
  const iDone = n4 * 4;
  if (ktiles && n4) {
    const [pDw, pDy, pX] = stageIn(k, [
      [dw, wo, kDone],
      [dy, d, iDone],
      [x, xo, iDone + kDone - 1],
    ]);
    k.wgrad(pDw, ktiles, pDy, n4, pX);
    copyOut(dw, wo, kDone);
  }
  // Remainders: the last len % 4 positions for the tiled taps, and every position for the last kw % 4 taps.
  const iFrom = ktiles && n4 ? iDone : 0;
  for (let j = 0; j < kw; j++) {
    const from = j < kDone ? iFrom : 0;
    let s = 0;
    for (let i = from; i < len; i++) s += dy[d + i] * x[xo + i + j];
    dw[wo + j] += s;
  }
  return true;
}
