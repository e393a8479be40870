/**
 * BatchNorm2d's per-channel passes for float32 training in WebAssembly SIMD, with the very operations of the JS loops
 * in layers.ts: every sum is in doubles (f64x2, float32 samples promoted exactly) with the same interleaved partial
 * sums in the same order, and every output is rounded once from the same double expression, so the results are
 * bit-identical to the scalar path. Rows (one sample's plane of one channel) must be a multiple of 4 floats long;
 * the layer keeps its JS loops otherwise and when WebAssembly SIMD is not available.
 *
 * The JS loops are latency- and conversion-bound (~1 ns per sample and pass); two lanes of doubles per instruction
 * and four floats per load make each pass several times cheaper even with the copies into the module's memory.
 */
import { countDown, funcCode, I32, name, op, section, uleb, V128, vec, WASM_HEADER, lazyCompiled } from '../wasmWriter';

const F64 = 0x7c;
const simd = (code: number): number[] => [0xfd, ...uleb(code)];
const f64 = { add: [0xa0], sub: [0xa1], mul: [0xa2], zero: [0x44, 0, 0, 0, 0, 0, 0, 0, 0], store: (off: number) => [0x39, 3, ...uleb(off)] };
const f64x2 = { splat: simd(0x14), lane: (l: number) => [...simd(0x21), l], promoteLow: simd(0x5f), add: op.f64x2add, sub: op.f64x2sub, mul: op.f64x2mul };
const demoteZero = simd(0x5e);
/** the upper two floats of a v128 moved to the lower half */
const HIGH_TO_LOW = [8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7];
/** lower halves of two v128 side by side */
const LOWS = [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23];

const bumpBy = (l: number, by: number): number[] => [...op.get(l), ...op.get(by), ...op.add, ...op.set(l)];
const bumpK = (l: number, k: number): number[] => [...op.get(l), ...op.i32(k), ...op.add, ...op.set(l)];
/** promote the low / high two floats of v128 local v to f64x2 (on the stack) */
const lo = (v: number): number[] => [...op.get(v), ...f64x2.promoteLow];
const hi = (v: number): number[] => [...op.get(v), ...op.get(v), ...op.shuffle(HIGH_TO_LOW), ...f64x2.promoteLow];
/** `while (cnt--) body` for an i32 local cnt that may be zero */
const repeat = (cnt: number, body: number[]): number[] => [
  ...op.block,
  ...op.get(cnt),
  ...op.eqz,
  ...op.brIf(0),
  ...op.loop,
  ...body,
  ...countDown(cnt, 0),
  ...op.end,
  ...op.end,
];
/** `do body while (--cnt)` for an i32 local cnt ≥ 1 */
const doWhile = (cnt: number, body: number[]): number[] => [...op.loop, ...body, ...countDown(cnt, 0), ...op.end];

/**
 * sum(p, n4, n, stride) / sqdev(p, n4, n, stride, mean): over n rows of 4·n4 floats, `stride` bytes apart, the sum of
 * x (or (x − mean)²) per row as sumRange / sqDevRange do it — partial sums s0..s3 over i mod 4, then
 * ((s0 + s1) + s2) + s3 — and those row sums added in row order.
 * locals (after the params, P of them): P q, P+1 cnt (i32), P+2 acc (f64), P+3 A, P+4 B, P+5 v (v128), P+6 M (v128)
 */
function reduceFn(withMean: boolean): number[] {
  const P = withMean ? 5 : 4;
  const [q, cnt, acc, A, B, v, M] = [P, P + 1, P + 2, P + 3, P + 4, P + 5, P + 6];
  const term = (half: number[]): number[] => (withMean ? [...half, ...op.get(M), ...f64x2.sub, ...op.tee(v), ...op.get(v), ...f64x2.mul] : half);
  // `v` is reused as the difference once the loaded floats have been promoted: keep the load in its own local
  const loadV = [...op.get(q), ...op.v128load(0), ...op.set(M + 1)];
  const body = [
    ...op.get(0),
    ...op.set(q),
    ...op.get(1),
    ...op.set(cnt),
    ...op.v128zero,
    ...op.set(A),
    ...op.v128zero,
    ...op.set(B),
    ...repeat(cnt, [
      ...loadV,
      ...op.get(A),
      ...term(lo(M + 1)),
      ...f64x2.add,
      ...op.set(A),
      ...op.get(B),
      ...term(hi(M + 1)),
      ...f64x2.add,
      ...op.set(B),
      ...bumpK(q, 16),
    ]),
    ...op.get(acc),
    ...op.get(A),
    ...f64x2.lane(0),
    ...op.get(A),
    ...f64x2.lane(1),
    ...f64.add,
    ...op.get(B),
    ...f64x2.lane(0),
    ...f64.add,
    ...op.get(B),
    ...f64x2.lane(1),
    ...f64.add,
    ...f64.add,
    ...op.set(acc),
    ...bumpBy(0, 3),
  ];
  return funcCode(
    [
      [2, I32],
      [1, F64],
      [5, V128],
    ],
    [...f64.zero, ...op.set(acc), ...(withMean ? [...op.get(4), ...f64x2.splat, ...op.set(M)] : []), ...doWhile(2, body), ...op.get(acc), ...op.end],
  );
}

/**
 * dot(pdy, pxh, n4, n, stride, pOut): over n rows as above, dotRange's sums — a0/a1 of dy and b0/b1 of dy·x̂ over
 * even/odd i — with out[0] += a0 + a1 and out[1] += b0 + b1 per row, written as two doubles at pOut.
 * locals: 6 q, 7 r, 8 cnt (i32), 9 s, 10 t (f64), 11 A, 12 B, 13 d, 14 x (v128)
 */
function dotFn(): number[] {
  const [q, r, cnt, s, t, A, B, d, x] = [6, 7, 8, 9, 10, 11, 12, 13, 14];
  const pair = (half: (v: number) => number[]): number[] => [
    ...op.get(A),
    ...half(d),
    ...f64x2.add,
    ...op.set(A),
    ...op.get(B),
    ...half(d),
    ...half(x),
    ...f64x2.mul,
    ...f64x2.add,
    ...op.set(B),
  ];
  const body = [
    ...op.get(0),
    ...op.set(q),
    ...op.get(1),
    ...op.set(r),
    ...op.get(2),
    ...op.set(cnt),
    ...op.v128zero,
    ...op.set(A),
    ...op.v128zero,
    ...op.set(B),
    ...repeat(cnt, [
      ...op.get(q),
      ...op.v128load(0),
      ...op.set(d),
      ...op.get(r),
      ...op.v128load(0),
      ...op.set(x),
      ...pair(lo),
      ...pair(hi),
      ...bumpK(q, 16),
      ...bumpK(r, 16),
    ]),
    ...op.get(s),
    ...op.get(A),
    ...f64x2.lane(0),
    ...op.get(A),
    ...f64x2.lane(1),
    ...f64.add,
    ...f64.add,
    ...op.set(s),
    ...op.get(t),
    ...op.get(B),
    ...f64x2.lane(0),
    ...op.get(B),
    ...f64x2.lane(1),
    ...f64.add,
    ...f64.add,
    ...op.set(t),
    ...bumpBy(0, 4),
    ...bumpBy(1, 4),
  ];
  return funcCode(
    [
      [3, I32],
      [2, F64],
      [4, V128],
    ],
    [
      ...f64.zero,
      ...op.set(s),
      ...f64.zero,
      ...op.set(t),
      ...doWhile(3, body),
      ...op.get(5),
      ...op.get(s),
      ...f64.store(0),
      ...op.get(5),
      ...op.get(t),
      ...f64.store(8),
      ...op.end,
    ],
  );
}

/**
 * Elementwise passes over n rows (`stride` bytes apart) of 4·n4 floats, two outputs or one, each rounded to float32
 * once from the JS loops' double expressions:
 *   norm(px, pxh, py, n4, n, stride, mean, inv, g, bt):  x̂ = (x − mean)·inv → pxh,  x̂·g + bt → py
 *   dx(pdy, pxh, pdx, n4, n, stride, count, sDy, sDyX, k):  k·((count·dy − sDy) − x̂·sDyX) → pdx
 * locals: 10 a, 11 b, 12 c, 13 cnt (i32), 14 u, 15 w (v128), 16..19 the four f64x2 constants
 */
function mapFn(kind: 'norm' | 'dx'): number[] {
  const [a, b, c, cnt, u, w] = [10, 11, 12, 13, 14, 15];
  const K = (i: number): number[] => op.get(16 + i);
  /** f32x4 from two f64x2 expressions (low two floats first) */
  const pack = (low: number[], high: number[]): number[] => [...low, ...demoteZero, ...high, ...demoteZero, ...op.shuffle(LOWS)];
  let body: number[];
  if (kind === 'norm') {
    // x̂ = (x − mean)·inv kept in two f64x2 locals u (low) and w (high)
    const xh = (half: number[], into: number): number[] => [...half, ...K(0), ...f64x2.sub, ...K(1), ...f64x2.mul, ...op.set(into)];
    const yOf = (v: number): number[] => [...op.get(v), ...K(2), ...f64x2.mul, ...K(3), ...f64x2.add];
    body = [
      ...op.get(a),
      ...op.v128load(0),
      ...op.set(w),
      ...xh(hi(w), w),
      ...op.get(a),
      ...op.v128load(0),
      ...op.set(u),
      ...xh(lo(u), u),
      ...op.get(b),
      ...pack(op.get(u), op.get(w)),
      ...op.v128store(0),
      ...op.get(c),
      ...pack(yOf(u), yOf(w)),
      ...op.v128store(0),
    ];
  } else {
    // k · (count·dy − sDy − x̂·sDyX), with K0..K3 = count, sDy, sDyX, k
    const dxOf = (dy: number[], xh: number[]): number[] => [
      ...K(3),
      ...K(0),
      ...dy,
      ...f64x2.mul,
      ...K(1),
      ...f64x2.sub,
      ...xh,
      ...K(2),
      ...f64x2.mul,
      ...f64x2.sub,
      ...f64x2.mul,
    ];
    body = [
      ...op.get(a),
      ...op.v128load(0),
      ...op.set(u),
      ...op.get(b),
      ...op.v128load(0),
      ...op.set(w),
      ...op.get(c),
      ...pack(dxOf(lo(u), lo(w)), dxOf(hi(u), hi(w))),
      ...op.v128store(0),
    ];
  }
  const rows = [
    ...op.get(0),
    ...op.set(a),
    ...op.get(1),
    ...op.set(b),
    ...op.get(2),
    ...op.set(c),
    ...op.get(3),
    ...op.set(cnt),
    ...repeat(cnt, [...body, ...bumpK(a, 16), ...bumpK(b, 16), ...bumpK(c, 16)]),
    ...bumpBy(0, 5),
    ...bumpBy(1, 5),
    ...bumpBy(2, 5),
  ];
  return funcCode(
    [
      [4, I32],
      [6, V128],
    ],
    [...[6, 7, 8, 9].flatMap((p, i) => [...op.get(p), ...f64x2.splat, ...op.set(16 + i)]), ...doWhile(4, rows), ...op.end],
  );
}

function moduleBytes(): Uint8Array {
  const i = [I32];
  const sig = (params: number[][], results: number[][]): number[] => [0x60, ...vec(params), ...vec(results)];
  const types = [
    sig([i, i, i, i], [[F64]]),
    sig([i, i, i, i, [F64]], [[F64]]),
    sig([i, i, i, i, i, i], []),
    sig([i, i, i, i, i, i, [F64], [F64], [F64], [F64]], []),
  ];
  return Uint8Array.from([
    ...WASM_HEADER,
    ...section(1, vec(types)),
    ...section(3, vec([[0], [1], [2], [3], [3]])),
    ...section(5, vec([[0x00, ...uleb(1)]])),
    ...section(
      7,
      vec([
        [...name('memory'), 0x02, 0],
        [...name('sum'), 0x00, 0],
        [...name('sqdev'), 0x00, 1],
        [...name('dot'), 0x00, 2],
        [...name('norm'), 0x00, 3],
        [...name('dx'), 0x00, 4],
      ]),
    ),
    ...section(10, vec([reduceFn(false), reduceFn(true), dotFn(), mapFn('norm'), mapFn('dx')])),
  ]);
}

type Map10 = (a: number, b: number, c: number, n4: number, n: number, stride: number, k0: number, k1: number, k2: number, k3: number) => void;
interface BatchNormKernels {
  memory: WebAssembly.Memory;
  sum: (p: number, n4: number, n: number, stride: number) => number;
  sqdev: (p: number, n4: number, n: number, stride: number, mean: number) => number;
  dot: (pdy: number, pxh: number, n4: number, n: number, stride: number, pOut: number) => void;
  norm: Map10;
  dx: Map10;
}

const compiled = lazyCompiled(moduleBytes);

/** True when the SIMD BatchNorm kernels can run here. */
export function batchNormSimdAvailable(): boolean {
  return compiled() !== null;
}

/**
 * One BatchNorm layer's SIMD passes, with a module instance and so a memory of its own: two regions of n·c·plane
 * floats, then 2 doubles of results. Region r of channel ch, sample 0 starts at byte `at(r, ch)`; the samples of a
 * channel are `stride` bytes apart. The layer stages its input in region 0 (where the output is then computed in
 * place), keeps x̂ in region 1 from forward to backward (no JS copy of it) and stages dy in region 0 again for the
 * input gradient, also computed in place. The memory grows to the largest batch and never shrinks (WebAssembly
 * memories cannot), so a layer holds 2 · n_max · c · plane floats here (issue 20: the module memory shared by every
 * layer of a thread used to take three regions, and the layer a JS copy of x̂ and of y besides).
 */
export class BatchNormSimd {
  private readonly k: BatchNormKernels;
  readonly stride: number;
  readonly n4: number;
  /** the batch the regions are laid out for (set by batch()) */
  n = 0;
  len = 0;
  private heap = new Float32Array(0);
  private heap64 = new Float64Array(0);

  constructor(
    readonly c: number,
    readonly plane: number,
  ) {
    const mod = compiled();
    if (!mod) throw new Error('BatchNormSimd: WebAssembly SIMD is not available');
    if (plane % 4) throw new Error('BatchNormSimd: the plane must be a multiple of 4 floats');
    this.k = new WebAssembly.Instance(mod, {}).exports as unknown as BatchNormKernels;
    this.stride = c * plane * 4;
    this.n4 = plane / 4;
  }

  /** Lays the regions out for a batch of n samples, growing the memory if needed (views of it handed out before become invalid). */
  batch(n: number): this {
    if (n === this.n) return this;
    this.n = n;
    this.len = n * this.c * this.plane;
    const need = 2 * this.len * 4 + 64;
    const mem = this.k.memory;
    if (mem.buffer.byteLength < need) mem.grow(Math.ceil((need - mem.buffer.byteLength) / 65536));
    return this;
  }

  /** Bytes of this layer's module memory. */
  get bytes(): number {
    return this.k.memory.buffer.byteLength;
  }

  private views(): Float32Array {
    if (this.heap.buffer !== this.k.memory.buffer) {
      this.heap = new Float32Array(this.k.memory.buffer);
      this.heap64 = new Float64Array(this.k.memory.buffer);
    }
    return this.heap;
  }

  private at(region: number, ch: number): number {
    return (region * this.len + ch * this.plane) * 4;
  }

  /** Region r as a float32 view (valid until a batch() call with a larger batch). */
  view(r: number): Float32Array {
    return this.views().subarray(r * this.len, (r + 1) * this.len);
  }

  /** True when `a` is region r itself (a view from view(r) of the current layout). */
  isRegion(r: number, a: ArrayLike<number>): boolean {
    return a instanceof Float32Array && a.buffer === this.k.memory.buffer && a.byteOffset === r * this.len * 4 && a.length === this.len;
  }

  /** Copies `a` into region r. */
  put(r: number, a: ArrayLike<number> & { subarray(from: number, to: number): ArrayLike<number> }): void {
    this.views().set(a.subarray(0, this.len), r * this.len);
  }

  /** Copies region r out into `a`. */
  take(r: number, a: { set(src: ArrayLike<number>, offset?: number): void }): void {
    a.set(this.view(r));
  }

  /** Σ x of channel ch in region r (sumRange per sample, summed over samples). */
  sum(r: number, ch: number): number {
    return this.k.sum(this.at(r, ch), this.n4, this.n, this.stride);
  }

  /** Σ (x − mean)² of channel ch in region r (sqDevRange per sample, summed over samples). */
  sqdev(r: number, ch: number, mean: number): number {
    return this.k.sqdev(this.at(r, ch), this.n4, this.n, this.stride, mean);
  }

  /** [Σ dy, Σ dy·x̂] of channel ch (dotRange per sample into a zeroed pair), dy in region rdy, x̂ in region rxh. */
  dot(rdy: number, rxh: number, ch: number, out: Float64Array): void {
    const pOut = 2 * this.len * 4;
    this.k.dot(this.at(rdy, ch), this.at(rxh, ch), this.n4, this.n, this.stride, pOut);
    this.views();
    out[0] = this.heap64[pOut / 8];
    out[1] = this.heap64[pOut / 8 + 1];
  }

  /** x̂ = (x − mean)·inv into region rxh and x̂·g + bt into region ry (may be rx: each vector is read before it is written), for channel ch of region rx. */
  norm(rx: number, rxh: number, ry: number, ch: number, mean: number, inv: number, g: number, bt: number): void {
    this.k.norm(this.at(rx, ch), this.at(rxh, ch), this.at(ry, ch), this.n4, this.n, this.stride, mean, inv, g, bt);
  }

  /** dx = k·((count·dy − sDy) − x̂·sDyX) into region rdx (may be rdy) for channel ch. */
  dx(rdy: number, rxh: number, rdx: number, ch: number, count: number, sDy: number, sDyX: number, k: number): void {
    this.k.dx(this.at(rdy, ch), this.at(rxh, ch), this.at(rdx, ch), this.n4, this.n, this.stride, count, sDy, sDyX, k);
  }
}
