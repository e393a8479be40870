/**
 * Elementwise layers for float32 training in WebAssembly SIMD: Square (y = x², dx = 2x·dy) and Dropout. Dropout's
 * mask draws of Rng.fillBernoulli (mulberry32) four lanes at a
 * time, and the products y = x · mask and dx = dy · mask. mulberry32's state only advances by a constant per draw,
 * so draw i of a stream starting at state s is a function of s + (i + 1)·0x6d2b79f5 alone and four consecutive draws
 * are four independent lanes: the masks are the same draws, bit for bit, as the scalar generator's (the JS loop took
 * ~4 ns per element, most of a Dropout layer's forward pass). Operands are copied into the module's own memory per
 * call. When WebAssembly SIMD is not available the layer keeps its JS loops.
 */
import { countDown, funcCode, I32, name, op, section, uleb, V128, v128const, vec, WASM_HEADER, lazyModule } from '../wasmWriter';

const simd = (code: number): number[] => [0xfd, ...uleb(code)];
const i32x4 = {
  splat: simd(0x11),
  ltU: simd(0x3a),
  shrU: simd(0xad),
  add: simd(0xae),
  mul: simd(0xb5),
};
const v128and = simd(0x4e);
const v128or = simd(0x50);

/** mulberry32's increment per draw */
const GOLDEN = 0x6d2b79f5;
const lanes = (a: number[]): number[] => a.flatMap((v) => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff]);

/** t ^ (t >>> s) for the v128 local t, left on the stack */
const xorShr = (t: number, s: number): number[] => [...op.get(t), ...op.get(t), ...op.i32(s), ...i32x4.shrU, ...op.v128xor];

/**
 * mask(pX, pY, pM, n4, st, thr, val): for 4-float groups g < n4, lanes j: draw d = 4g + j of the stream at state st,
 *   m = u(d) <ᵤ thr ? val : 0,  M[4g+j] = m,  Y[4g+j] = X[4g+j] · m      (byte pointers; val as f32 bits)
 * locals: 7 ctr, 8 t, 9 thrV, 10 valV, 11 m (v128)
 */
const maskBody = (): number[] => [
  ...op.get(4),
  ...i32x4.splat,
  ...v128const(lanes([GOLDEN, 2 * GOLDEN, 3 * GOLDEN, 4 * GOLDEN])),
  ...i32x4.add,
  ...op.set(7),
  ...op.get(5),
  ...i32x4.splat,
  ...op.set(9),
  ...op.get(6),
  ...i32x4.splat,
  ...op.set(10),
  ...op.block,
  ...op.get(3),
  ...op.eqz,
  ...op.brIf(0),
  ...op.loop,
  // t = imul(t ^ (t >>> 15), t | 1)
  ...xorShr(7, 15),
  ...op.get(7),
  ...v128const(lanes([1, 1, 1, 1])),
  ...v128or,
  ...i32x4.mul,
  ...op.set(8),
  // t ^= t + imul(t ^ (t >>> 7), t | 61)
  ...op.get(8),
  ...op.get(8),
  ...xorShr(8, 7),
  ...op.get(8),
  ...v128const(lanes([61, 61, 61, 61])),
  ...v128or,
  ...i32x4.mul,
  ...i32x4.add,
  ...op.v128xor,
  ...op.set(8),
  // m = (t ^ (t >>> 14)) <ᵤ thr ? val : 0
  ...xorShr(8, 14),
  ...op.get(9),
  ...i32x4.ltU,
  ...op.get(10),
  ...v128and,
  ...op.set(11),
  ...op.get(2),
  ...op.get(11),
  ...op.v128store(0),
  ...op.get(1),
  ...op.get(0),
  ...op.v128load(0),
  ...op.get(11),
  ...op.f32x4mul,
  ...op.v128store(0),
  ...op.get(7),
  ...v128const(lanes([4 * GOLDEN, 4 * GOLDEN, 4 * GOLDEN, 4 * GOLDEN])),
  ...i32x4.add,
  ...op.set(7),
  ...[0, 1, 2].flatMap((p) => [...op.get(p), ...op.i32(16), ...op.add, ...op.set(p)]),
  ...countDown(3, 0),
  ...op.end,
  ...op.end,
  ...op.end,
];

/**
 * Y[i] = f(A[i], B[i]) for 4-float groups (byte pointers pA, pB, pY; n4 groups), f one of
 *   mul: a·b     square: a·a     squareGrad: (a + a)·b
 * each rounded once to float32 as the JS loops round their double expressions (2a is exact; so is a double
 * product of two floats, so f32 (a + a)·b and the JS 2·a·b round the same exact value).
 */
type Binary = 'mul' | 'square' | 'squareGrad';
const binaryBody = (f: Binary): number[] => {
  const a = [...op.get(0), ...op.v128load(0)];
  const b = [...op.get(1), ...op.v128load(0)];
  const value =
    f === 'mul'
      ? [...a, ...b, ...op.f32x4mul]
      : f === 'square'
        ? [...a, ...op.tee(4), ...op.get(4), ...op.f32x4mul]
        : [...a, ...op.tee(4), ...op.get(4), ...op.f32x4add, ...b, ...op.f32x4mul];
  return [
    ...op.block,
    ...op.get(3),
    ...op.eqz,
    ...op.brIf(0),
    ...op.loop,
    ...op.get(2),
    ...value,
    ...op.v128store(0),
    ...[0, 1, 2].flatMap((p) => [...op.get(p), ...op.i32(16), ...op.add, ...op.set(p)]),
    ...countDown(3, 0),
    ...op.end,
    ...op.end,
    ...op.end,
  ];
};
const BINARY: Binary[] = ['mul', 'square', 'squareGrad'];

function moduleBytes(): Uint8Array {
  const mask = funcCode([[5, V128]], maskBody());
  const binary = BINARY.map((f) => funcCode([[1, V128]], binaryBody(f)));
  const sigMask = [0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32], [I32]]), ...vec([])];
  const sigMul = [0x60, ...vec([[I32], [I32], [I32], [I32]]), ...vec([])];
  return Uint8Array.from([
    ...WASM_HEADER,
    ...section(1, vec([sigMask, sigMul])),
    ...section(3, vec([[0], ...BINARY.map(() => [1])])),
    ...section(5, vec([[0x00, ...uleb(1)]])),
    ...section(7, vec([[...name('memory'), 0x02, 0], [...name('mask'), 0x00, 0], ...BINARY.map((f, i) => [...name(f), 0x00, 1 + i])])),
    ...section(10, vec([mask, ...binary])),
  ]);
}

type ElementwiseKernels = {
  memory: WebAssembly.Memory;
  mask: (pX: number, pY: number, pM: number, n4: number, st: number, thr: number, val: number) => void;
} & Record<Binary, (pA: number, pB: number, pY: number, n4: number) => void>;

const load = lazyModule<ElementwiseKernels>(moduleBytes);

/** True when the SIMD elementwise kernels can run here. */
export function elementwiseSimdAvailable(): boolean {
  return load() !== null;
}

/** Float views of the module memory, grown to hold `floats` floats. */
function heap(k: ElementwiseKernels, floats: number): Float32Array {
  const need = floats * 4 + 64;
  if (k.memory.buffer.byteLength < need) k.memory.grow(Math.ceil((need - k.memory.buffer.byteLength) / 65536));
  return new Float32Array(k.memory.buffer);
}

const f32Bits = new Int32Array(1);
const f32View = new Float32Array(f32Bits.buffer);

/**
 * The first 4·⌊len/4⌋ elements of Dropout's forward pass: mask[i] = draw i < keep ? value : 0 for the stream at
 * state `st`, y[i] = x[i] · mask[i]. `thr` is ⌈keep·2³²⌉ (an unsigned 32-bit integer: u / 2³² < keep ⇔ u < thr for
 * an integer u). Returns how many elements it did.
 */
export function dropoutMask(x: Float32Array, y: Float32Array, mask: Float32Array, len: number, st: number, thr: number, value: number): number {
  const k = load();
  if (!k) throw new Error('dropoutMask: WebAssembly SIMD is not available');
  const n4 = len >>> 2;
  const done = n4 * 4;
  const h = heap(k, 3 * done);
  h.set(x.subarray(0, done), 0);
  f32View[0] = value;
  k.mask(0, done * 4, 2 * done * 4, n4, st | 0, thr | 0, f32Bits[0]);
  y.set(h.subarray(done, 2 * done));
  mask.set(h.subarray(2 * done, 3 * done));
  return done;
}

/**
 * y[i] = f(a[i], b[i]) (mul: a·b, square: a², squareGrad: 2a·b) for the first 4·⌊len/4⌋ elements; returns how many
 * it did. `b` is not read for square.
 */
export function binaryF32(f: Binary, a: Float32Array, b: Float32Array | null, y: Float32Array, len: number): number {
  const k = load();
  if (!k) throw new Error('binaryF32: WebAssembly SIMD is not available');
  const n4 = len >>> 2;
  const done = n4 * 4;
  const h = heap(k, 2 * done);
  h.set(a.subarray(0, done), 0);
  if (b && f !== 'square') h.set(b.subarray(0, done), done);
  k[f](0, done * 4, 0, n4);
  y.set(h.subarray(0, done));
  return done;
}
