/**
 * WebAssembly SIMD (f64x2, one complex number per v128) for the generic odd-radix pass of fft.ts (r = 7, 11, 13, …,
 * 67; in the plans that have one of those, also r = 5). The 160 → 128 Hz resample transforms 96200 = 2³·5²·13·37
 * and 76960 = 2⁵·5·13·37 points, and its 13- and 37-point passes took three quarters of both transforms in scalar JS.
 * One module per radix is assembled with ../wasmWriter.ts (the output groups written out, the cosine table offsets as
 * immediates, loops over j); it computes the very operations of fft.ts's radixOdd in the same order (sums and
 * differences of x_j, x_{r−j}; C_k, P_k; twiddles), so both give the same numbers. A plan that uses it keeps its two
 * work buffers, cosine tables and twiddles in one WebAssembly memory of its own; its radix 8/4/2/3 passes run in JS on
 * views of that memory.
 */
import { funcCode, I32, name, op, section, uleb, V128, v128const, vec, WASM_HEADER } from '../wasmWriter';

/** (x, y, s, m, tw, cs), byte addresses: one generic radix-r Stockham pass of fft.ts's radixOdd */
type OddPass = (x: number, y: number, s: number, m: number, tw: number, cs: number) => void;

/**
 * Outputs k per sweep over j. Measured on the 37-point pass of 96200 (Node 22, TurboFan): 2 → 0.57 ms, 3 → 0.56,
 * 4 → 0.78, 6 → 0.89 (beyond 3 the accumulators and the loaded cosines no longer fit the 16 xmm registers).
 */
const GROUP = 3;

const modules = new Map<number, WebAssembly.Module | null>();

// f64x2 lane shuffles (byte indices into the two operands)
const SWAP = [8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7];
const LO = [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7];
const HI = [8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15];
/** flips the sign of the imaginary lane */
const NEG_IM = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80];

/**
 * The pass function for radix r. Inputs x[q + s(p + jm)], outputs y[q + s(rp + k)] (complex indices, 16 bytes each),
 * tw: per p ≥ 1 and k = 1..r−1 the pairs (wr, wi), (−wi, wr) of w^{pk}; cs: fft.ts's cosine table for r.
 */
function oddPassCode(r: number): number[] {
  const h = (r - 1) / 2;
  // the sums and differences S_j, D_j of a butterfly are kept in memory after the cosine table (32 bytes per j)
  const scratch = 32 * Math.ceil(h / 2) * (h + 1);
  // params 0 x, 1 y, 2 s, 3 m, 4 tw, 5 cs; i32 locals 6..21; v128 locals from 22
  const [STEP, YS, XROW, YROW, MREM, Q, XP, YP, PJ, PK, YK, YM, TWP, SJ, CJ, CNT] = Array.from({ length: 16 }, (_, i) => 6 + i);
  const [A0, B0, VA, VB, BK, T, SV, DV] = Array.from({ length: 8 }, (_, i) => 22 + i);
  const C = (g: number) => 30 + 2 * g;
  const P = (g: number) => 31 + 2 * g;
  const { get, set } = op;
  const ZERO = v128const(new Array(16).fill(0));
  /** acc += v · splat(the cosine table at cj + off) */
  const mac = (acc: number, v: number, off: number) => [
    ...get(acc),
    ...get(v),
    ...get(CJ),
    ...op.v128load64splat(off),
    ...op.f64x2mul,
    ...op.f64x2add,
    ...set(acc),
  ];
  const addTo = (l: number, k: number) => [...get(l), ...get(k), ...op.add, ...set(l)];
  const addConst = (l: number, k: number) => [...get(l), ...op.i32(k), ...op.add, ...set(l)];
  /** cnt = h; loop { body; cnt -= 1 } while cnt */
  const jLoop = (body: number[]) => [
    ...op.i32(h),
    ...set(CNT),
    ...op.loop,
    ...body,
    ...get(CNT),
    ...op.i32(1),
    ...op.sub,
    ...op.tee(CNT),
    ...op.brIf(0),
    ...op.end,
  ];
  /** the value on the stack times w^k (the twiddle pairs at twp), left on the stack */
  const twiddled = (k: number) => [
    ...set(BK),
    ...get(BK),
    ...get(BK),
    ...op.shuffle(LO),
    ...get(TWP),
    ...op.v128load(32 * (k - 1)),
    ...op.f64x2mul,
    ...get(BK),
    ...get(BK),
    ...op.shuffle(HI),
    ...get(TWP),
    ...op.v128load(32 * (k - 1) + 16),
    ...op.f64x2mul,
    ...op.f64x2add,
  ];
  /** y_k = C + (−i)·P, y_{r−k} = C − (−i)·P (times their twiddles), then the output pointers move on */
  const outputs = (c: number, p: number, k: number, tw: boolean) => [
    ...get(p),
    ...get(p),
    ...op.shuffle(SWAP),
    ...v128const(NEG_IM),
    ...op.v128xor,
    ...set(T),
    ...get(YK),
    ...get(c),
    ...get(T),
    ...op.f64x2add,
    ...(tw ? twiddled(k) : []),
    ...op.v128store(0),
    ...get(YM),
    ...get(c),
    ...get(T),
    ...op.f64x2sub,
    ...(tw ? twiddled(r - k) : []),
    ...op.v128store(0),
    ...get(YK),
    ...get(YS),
    ...op.add,
    ...set(YK),
    ...get(YM),
    ...get(YS),
    ...op.sub,
    ...set(YM),
  ];
  const butterfly = (tw: boolean): number[] => {
    const b: number[] = [...get(XP), ...op.v128load(0), ...op.tee(A0), ...set(B0)];
    b.push(...get(XP), ...get(STEP), ...op.add, ...set(PJ), ...get(XP), ...get(STEP), ...op.i32(r - 1), ...op.mul, ...op.add, ...set(PK));
    b.push(...get(5), ...op.i32(scratch + 32), ...op.add, ...set(SJ));
    // S_j = x_j + x_{r−j}, D_j = x_j − x_{r−j}; b0 = x0 + Σ S_j in radixOdd's order
    b.push(
      ...jLoop([
        ...get(PJ),
        ...op.v128load(0),
        ...set(VA),
        ...get(PK),
        ...op.v128load(0),
        ...set(VB),
        ...get(SJ),
        ...get(VA),
        ...get(VB),
        ...op.f64x2add,
        ...op.tee(SV),
        ...op.v128store(0),
        ...get(B0),
        ...get(SV),
        ...op.f64x2add,
        ...set(B0),
        ...get(SJ),
        ...get(VA),
        ...get(VB),
        ...op.f64x2sub,
        ...op.v128store(16),
        ...addTo(PJ, STEP),
        ...get(PK),
        ...get(STEP),
        ...op.sub,
        ...set(PK),
        ...addConst(SJ, 32),
      ]),
    );
    b.push(...get(YP), ...get(B0), ...op.v128store(0));
    b.push(...get(YP), ...get(YS), ...op.add, ...set(YK), ...get(YP), ...get(YS), ...op.i32(r - 1), ...op.mul, ...op.add, ...set(YM));
    // GROUP outputs k per sweep over j (a loop, so that the accumulators stay in registers): C_k = x0 + Σ S_j cos,
    // P_k = 0 + Σ D_j sin, j = 1..h in order, as radixOdd
    for (let k0 = 1; k0 <= h; k0 += GROUP) {
      const ks = Array.from({ length: Math.min(GROUP, h - k0 + 1) }, (_, g) => k0 + g);
      for (let g = 0; g < ks.length; g++) b.push(...get(A0), ...set(C(g)), ...ZERO, ...set(P(g)));
      b.push(...get(5), ...op.i32(scratch + 32), ...op.add, ...set(SJ), ...get(5), ...op.i32(32), ...op.add, ...set(CJ));
      const body = [...get(SJ), ...op.v128load(0), ...set(SV), ...get(SJ), ...op.v128load(16), ...set(DV)];
      for (let g = 0; g < ks.length; g++) {
        // fft.ts's table: row (k − 1) / 2 holds the pair (k, k + 1), lanes cos, sin of k then of k + 1; 32 bytes per j
        const k = ks[g];
        const off = 32 * ((k - 1) >> 1) * (h + 1) + 16 * ((k - 1) & 1);
        body.push(...mac(C(g), SV, off), ...mac(P(g), DV, off + 8));
      }
      body.push(...addConst(SJ, 32), ...addConst(CJ, 32));
      b.push(...jLoop(body));
      for (let g = 0; g < ks.length; g++) b.push(...outputs(C(g), P(g), ks[g], tw));
    }
    return b;
  };
  /** for q = s..1: butterfly at xp, yp; xp, yp += 16 */
  const qLoop = (tw: boolean) => [
    ...get(XROW),
    ...set(XP),
    ...get(YROW),
    ...set(YP),
    ...get(2),
    ...set(Q),
    ...op.loop,
    ...butterfly(tw),
    ...get(XP),
    ...op.i32(16),
    ...op.add,
    ...set(XP),
    ...get(YP),
    ...op.i32(16),
    ...op.add,
    ...set(YP),
    ...get(Q),
    ...op.i32(1),
    ...op.sub,
    ...op.tee(Q),
    ...op.brIf(0),
    ...op.end,
  ];
  const body = [
    // ys = 16 s, step = ys · m
    ...get(2),
    ...op.i32(16),
    ...op.mul,
    ...op.tee(YS),
    ...get(3),
    ...op.mul,
    ...set(STEP),
    ...get(0),
    ...set(XROW),
    ...get(1),
    ...set(YROW),
    // p = 0: every twiddle is 1
    ...qLoop(false),
    ...get(4),
    ...set(TWP),
    ...get(3),
    ...op.i32(1),
    ...op.sub,
    ...set(MREM),
    ...op.block,
    ...get(MREM),
    ...op.eqz,
    ...op.brIf(0),
    ...op.loop,
    // next p: xrow += ys, yrow += r · ys
    ...get(XROW),
    ...get(YS),
    ...op.add,
    ...set(XROW),
    ...get(YROW),
    ...get(YS),
    ...op.i32(r),
    ...op.mul,
    ...op.add,
    ...set(YROW),
    ...qLoop(true),
    ...get(TWP),
    ...op.i32(32 * (r - 1)),
    ...op.add,
    ...set(TWP),
    ...get(MREM),
    ...op.i32(1),
    ...op.sub,
    ...op.tee(MREM),
    ...op.brIf(0),
    ...op.end,
    ...op.end,
    ...op.end,
  ];
  return funcCode(
    [
      [16, I32],
      [8 + 2 * GROUP, V128],
    ],
    body,
  );
}

const NEG_RE = [0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0];

/**
 * The radix-8 pass of fft.ts (radix8: two 4-point DFTs of the even and odd inputs joined with ω8^k, then the
 * twiddles w^{pk}), one complex number per f64x2, the same operations in the same order: a multiplication by −i
 * is a lane swap and a sign flip, x − y·w is x + y·(−w) (exact), so the outputs are radix8's bit for bit.
 * (x, y, s, m, tw, _): inputs x[q + s(p + jm)], outputs y[q + s(8p + k)]; tw: per p (p = 0 too, as radix8
 * multiplies by w^0) and k = 1..7 the pairs (wr, wi), (−wi, wr) of w^{pk}.
 */
function radix8PassCode(): number[] {
  const [STEP, YS, XROW, YROW, PREM, Q, XP, YP, TWP] = Array.from({ length: 9 }, (_, i) => 6 + i);
  const [T0, T1, T2, T3, E0, E1, E2, E3, O0, O1, O2, O3, B, V] = Array.from({ length: 14 }, (_, i) => 15 + i);
  const { get, set } = op;
  const load = (j: number): number[] => [...get(XP), ...get(STEP), ...op.i32(j), ...op.mul, ...op.add, ...op.v128load(0)];
  /** (−i)·v: (im, −re) */
  const minusI = (v: number[]): number[] => [...v, ...v, ...op.shuffle(SWAP), ...v128const(NEG_IM), ...op.v128xor];
  /** the 4-point DFT of a_j, a_{j+2}, a_{j+4}, a_{j+6} into X0..X3 (radix8's t0..t3, then e0..e3 / o0..o3) */
  const four = (j: number, X: [number, number, number, number]): number[] => [
    ...load(j),
    ...set(V),
    ...load(j + 4),
    ...set(B),
    ...get(V),
    ...get(B),
    ...op.f64x2add,
    ...set(T0),
    ...get(V),
    ...get(B),
    ...op.f64x2sub,
    ...set(T1),
    ...load(j + 2),
    ...set(V),
    ...load(j + 6),
    ...set(B),
    ...get(V),
    ...get(B),
    ...op.f64x2add,
    ...set(T2),
    ...get(V),
    ...get(B),
    ...op.f64x2sub,
    ...set(T3),
    ...get(T0),
    ...get(T2),
    ...op.f64x2add,
    ...set(X[0]),
    ...get(T0),
    ...get(T2),
    ...op.f64x2sub,
    ...set(X[2]),
    ...minusI(get(T3)),
    ...set(V),
    ...get(T1),
    ...get(V),
    ...op.f64x2add,
    ...set(X[1]),
    ...get(T1),
    ...get(V),
    ...op.f64x2sub,
    ...set(X[3]),
  ];
  const sqrtHalf = (a: number, b: number): number[] => v128const([...new Uint8Array(Float64Array.of(a, b).buffer)]);
  /** the value on the stack times w^{pk} */
  const twiddled = (k: number): number[] => [
    ...set(B),
    ...get(B),
    ...get(B),
    ...op.shuffle(LO),
    ...get(TWP),
    ...op.v128load(32 * (k - 1)),
    ...op.f64x2mul,
    ...get(B),
    ...get(B),
    ...op.shuffle(HI),
    ...get(TWP),
    ...op.v128load(32 * (k - 1) + 16),
    ...op.f64x2mul,
    ...op.f64x2add,
  ];
  const out = (k: number, e: number, o: number, sub: boolean): number[] => [
    ...get(YP),
    ...get(YS),
    ...op.i32(k),
    ...op.mul,
    ...op.add,
    ...get(e),
    ...get(o),
    ...(sub ? op.f64x2sub : op.f64x2add),
    ...(k > 0 ? twiddled(k) : []),
    ...op.v128store(0),
  ];
  const butterfly = [
    ...four(0, [E0, E1, E2, E3]),
    ...four(1, [O0, O1, O2, O3]),
    // ω8·O1 = √½((x + y), (y − x)); ω8²·O2 = −i·O2; ω8³·O3 = (√½(y − x), −√½(x + y))
    ...get(O1),
    ...minusI(get(O1)),
    ...op.f64x2add,
    ...sqrtHalf(Math.SQRT1_2, Math.SQRT1_2),
    ...op.f64x2mul,
    ...set(O1),
    ...minusI(get(O2)),
    ...set(O2),
    ...get(O3),
    ...get(O3),
    ...op.shuffle(SWAP),
    ...get(O3),
    ...v128const(NEG_RE),
    ...op.v128xor,
    ...op.f64x2add,
    ...sqrtHalf(Math.SQRT1_2, -Math.SQRT1_2),
    ...op.f64x2mul,
    ...set(O3),
    ...out(0, E0, O0, false),
    ...out(1, E1, O1, false),
    ...out(2, E2, O2, false),
    ...out(3, E3, O3, false),
    ...out(4, E0, O0, true),
    ...out(5, E1, O1, true),
    ...out(6, E2, O2, true),
    ...out(7, E3, O3, true),
  ];
  const body = [
    // ys = 16 s, step = ys · m
    ...get(2),
    ...op.i32(16),
    ...op.mul,
    ...op.tee(YS),
    ...get(3),
    ...op.mul,
    ...set(STEP),
    ...get(0),
    ...set(XROW),
    ...get(1),
    ...set(YROW),
    ...get(4),
    ...set(TWP),
    ...get(3),
    ...set(PREM),
    ...op.loop,
    ...get(XROW),
    ...set(XP),
    ...get(YROW),
    ...set(YP),
    ...get(2),
    ...set(Q),
    ...op.loop,
    ...butterfly,
    ...get(XP),
    ...op.i32(16),
    ...op.add,
    ...set(XP),
    ...get(YP),
    ...op.i32(16),
    ...op.add,
    ...set(YP),
    ...get(Q),
    ...op.i32(1),
    ...op.sub,
    ...op.tee(Q),
    ...op.brIf(0),
    ...op.end,
    // next p: xrow += ys, yrow += 8 ys, twiddles move on by 7 pairs
    ...get(XROW),
    ...get(YS),
    ...op.add,
    ...set(XROW),
    ...get(YROW),
    ...get(YS),
    ...op.i32(8),
    ...op.mul,
    ...op.add,
    ...set(YROW),
    ...get(TWP),
    ...op.i32(224),
    ...op.add,
    ...set(TWP),
    ...get(PREM),
    ...op.i32(1),
    ...op.sub,
    ...op.tee(PREM),
    ...op.brIf(0),
    ...op.end,
    ...op.end,
  ];
  return funcCode(
    [
      [9, I32],
      [14, V128],
    ],
    body,
  );
}

function oddPassModule(r: number): WebAssembly.Module | null {
  let m = modules.get(r);
  if (m !== undefined) return m;
  try {
    const sig = [0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32]]), ...vec([])];
    const bytes = Uint8Array.from([
      ...WASM_HEADER,
      ...section(1, vec([sig])),
      ...section(2, vec([[...name('env'), ...name('memory'), 0x02, 0x00, ...uleb(1)]])),
      ...section(3, vec([[0]])),
      ...section(7, vec([[...name('pass'), 0x00, 0]])),
      ...section(10, vec([r === 8 ? radix8PassCode() : oddPassCode(r)])),
    ]);
    m = new WebAssembly.Module(bytes);
  } catch {
    m = null;
  }
  modules.set(r, m);
  return m;
}

/** True when the odd-radix SIMD passes can run here (WebAssembly SIMD present, XBRAIN_NO_SIMD unset). */
export function simdFftAvailable(): boolean {
  return !process.env.XBRAIN_NO_SIMD && typeof WebAssembly !== 'undefined' && oddPassModule(7) !== null;
}

/**
 * A pass of a plan on a SIMD kernel — a generic odd radix, or 8 — with its radix, the sub-transform length and
 * stride, and its cosine table (empty for 8).
 */
export interface OddPassSpec {
  readonly r: number;
  readonly len: number;
  readonly s: number;
  /** fft.ts's cosine table for r */
  readonly cs: Float64Array;
}

/**
 * The WebAssembly memory of one Stockham plan: two work buffers of n complex values (`views`) and, per odd pass, its
 * function, cosine table and twiddles. null from `create` when WebAssembly SIMD is unavailable (or XBRAIN_NO_SIMD is
 * set): the plan stays on the JS passes.
 */
export class SimdWorkspace {
  private constructor(
    readonly views: readonly [Float64Array, Float64Array],
    private readonly passes: readonly { fn: OddPass; m: number; s: number; tw: number; cs: number }[],
  ) {}

  /** tw: the plan's table w^k = e^{−2πik/n}, interleaved */
  static create(n: number, odd: readonly OddPassSpec[], tw: Float64Array): SimdWorkspace | null {
    if (process.env.XBRAIN_NO_SIMD || typeof WebAssembly === 'undefined') return null;
    const mods = odd.map((o) => oddPassModule(o.r));
    if (mods.some((m) => m === null)) return null;
    // layout (bytes): buffer 0, buffer 1, then per pass its cosine table and its twiddles
    let at = 32 * n;
    const places = odd.map((o) => {
      const m = o.len / o.r;
      const cs = at;
      at += 8 * o.cs.length + 16 * (o.r + 1); // the table, then the kernel's scratch S_j, D_j (32 bytes × (h + 1))
      const twAt = at;
      // radix 8 multiplies by the twiddles at p = 0 too (they are 1)
      at += 32 * (o.r - 1) * Math.max(o.r === 8 ? m : m - 1, 0);
      return { cs, tw: twAt, m };
    });
    try {
      const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(at / 65536)) });
      const f64 = new Float64Array(memory.buffer);
      const passes = odd.map((o, i) => {
        const { cs, tw: twAt, m } = places[i];
        f64.set(o.cs, cs / 8);
        const L = n / o.len;
        let w = twAt / 8;
        for (let p = o.r === 8 ? 0 : 1; p < m; p++)
          for (let k = 1; k < o.r; k++, w += 4) {
            // the twiddle radixOdd reads: w_N^{(pk·L) mod N}
            const wi = 2 * ((p * k * L) % (o.len * L));
            f64[w] = tw[wi];
            f64[w + 1] = tw[wi + 1];
            f64[w + 2] = -tw[wi + 1];
            f64[w + 3] = tw[wi];
          }
        const instance = new WebAssembly.Instance(mods[i]!, { env: { memory } });
        return { fn: instance.exports.pass as OddPass, m, s: o.s, tw: twAt, cs };
      });
      return new SimdWorkspace([new Float64Array(memory.buffer, 0, 2 * n), new Float64Array(memory.buffer, 16 * n, 2 * n)], passes);
    } catch {
      return null;
    }
  }

  /** The i-th odd pass (in plan order) from buffer `from` into the other buffer. */
  run(i: number, from: 0 | 1): void {
    const p = this.passes[i];
    const n16 = this.views[0].length * 8;
    p.fn(from * n16, (1 - from) * n16, p.s, p.m, p.tw, p.cs);
  }
}
