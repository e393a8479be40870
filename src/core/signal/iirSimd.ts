/**
 * WebAssembly SIMD (f64x2) sweeps of rows.ts's channel-pair sosfiltfilt: the two channels of a pair are the two lanes
 * of one v128, so every multiply, add and subtract of sweep4Pair / sweepPair is done once for both, with the same
 * operands in the same order (no fused multiply-add): the outputs are bit-identical to the JS sweeps. One function
 * per run length of 1–4 sections (a section at sample i needs only the previous section's outputs up to i, so the
 * runs can be swept one after another); the states are locals, the coefficients are loaded from the module memory.
 * The module is assembled with ../wasmWriter.ts; without WebAssembly SIMD the JS sweeps run.
 */
import { countDown, funcCode, I32, name, op, section, uleb, V128, vec, WASM_HEADER, lazyModule } from '../wasmWriter';

/** sections per sweep, at most */
export const IIR_RUN = 4;

/**
 * sweepK(pE, count, step, pCo, pSt): for `count` samples of interleaved pairs (16 bytes each) from byte pE, `step`
 * bytes apart (±16), every section s < K in turn: y = b0·u + z0; z0 = b1·u − a1·y + z1; z1 = b2·u − a2·y; u = y.
 * pCo: per section b0, b1, b2, a1, a2 as f64x2 splats (80 bytes); pSt: the 2K initial states (16 bytes each).
 * locals: 5 u, 6 y, 7.. states (v128)
 */
function sweepCode(K: number): number[] {
  const [U, Y] = [5, 6];
  const Z = (s: number, j: number): number => 7 + 2 * s + j;
  const co = (s: number, c: number): number[] => [...op.get(3), ...op.v128load(80 * s + 16 * c)];
  const sectionOps = (s: number): number[] => [
    // y = b0·u + z0
    ...co(s, 0),
    ...op.get(U),
    ...op.f64x2mul,
    ...op.get(Z(s, 0)),
    ...op.f64x2add,
    ...op.set(Y),
    // z0 = b1·u − a1·y + z1
    ...co(s, 1),
    ...op.get(U),
    ...op.f64x2mul,
    ...co(s, 3),
    ...op.get(Y),
    ...op.f64x2mul,
    ...op.f64x2sub,
    ...op.get(Z(s, 1)),
    ...op.f64x2add,
    ...op.set(Z(s, 0)),
    // z1 = b2·u − a2·y
    ...co(s, 2),
    ...op.get(U),
    ...op.f64x2mul,
    ...co(s, 4),
    ...op.get(Y),
    ...op.f64x2mul,
    ...op.f64x2sub,
    ...op.set(Z(s, 1)),
    ...op.get(Y),
    ...op.set(U),
  ];
  const body = [
    ...Array.from({ length: 2 * K }, (_, i) => [...op.get(4), ...op.v128load(16 * i), ...op.set(7 + i)]).flat(),
    ...op.block,
    ...op.get(1),
    ...op.eqz,
    ...op.brIf(0),
    ...op.loop,
    ...op.get(0),
    ...op.v128load(0),
    ...op.set(U),
    ...Array.from({ length: K }, (_, s) => sectionOps(s)).flat(),
    ...op.get(0),
    ...op.get(U),
    ...op.v128store(0),
    ...op.get(0),
    ...op.get(2),
    ...op.add,
    ...op.set(0),
    ...countDown(1, 0),
    ...op.end,
    ...op.end,
    ...op.end,
  ];
  return funcCode([[2 + 2 * K, V128]], body);
}

function moduleBytes(): Uint8Array {
  const sig = [0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), ...vec([])];
  const ks = Array.from({ length: IIR_RUN }, (_, i) => i + 1);
  return Uint8Array.from([
    ...WASM_HEADER,
    ...section(1, vec([sig])),
    ...section(3, vec(ks.map(() => [0]))),
    ...section(5, vec([[0x00, ...uleb(1)]])),
    ...section(7, vec([[...name('memory'), 0x02, 0], ...ks.map((k) => [...name(`sweep${k}`), 0x00, k - 1])])),
    ...section(10, vec(ks.map(sweepCode))),
  ]);
}

type Sweep = (pE: number, count: number, step: number, pCo: number, pSt: number) => void;
interface IirKernels {
  memory: WebAssembly.Memory;
  sweeps: Sweep[];
}

const load = lazyModule<IirKernels>(moduleBytes, (exp) => ({
  memory: exp.memory as WebAssembly.Memory,
  sweeps: Array.from({ length: IIR_RUN }, (_, i) => exp[`sweep${i + 1}`] as Sweep),
}));

/** True when the SIMD sweeps can run here. */
export function iirSimdAvailable(): boolean {
  return load() !== null;
}

/**
 * The module memory laid out for one pair of channels of `len` extended samples and `ns` sections: the interleaved
 * samples (f64 view `e`, sample i of channel a at 2i, of channel b at 2i + 1), the splatted coefficients and the
 * initial states. One instance at a time (a new one may grow the memory): iirRows makes one per call.
 */
export class IirPairSimd {
  private readonly k: IirKernels;
  readonly e: Float64Array;
  private readonly h: Float64Array;
  private readonly coAt: number;
  private readonly stAt: number;

  constructor(
    readonly len: number,
    readonly co: Float64Array,
  ) {
    const k = load();
    if (!k) throw new Error('IirPairSimd: WebAssembly SIMD is not available');
    this.k = k;
    const ns = co.length / 5;
    this.coAt = 2 * len;
    this.stAt = this.coAt + 10 * ns;
    const bytes = (this.stAt + 4 * IIR_RUN) * 8 + 64;
    if (k.memory.buffer.byteLength < bytes) k.memory.grow(Math.ceil((bytes - k.memory.buffer.byteLength) / 65536));
    this.h = new Float64Array(k.memory.buffer);
    this.e = this.h.subarray(0, 2 * len);
    for (let i = 0; i < co.length; i++) this.h[this.coAt + 2 * i] = this.h[this.coAt + 2 * i + 1] = co[i];
  }

  /**
   * Sections s0 .. s0 + K − 1 over the whole extended pair, forward (step 1, from sample 0) or backward (from the
   * last sample), every state starting at zi scaled by the pair's first sample of the pass (a0, b0).
   */
  sweep(s0: number, K: number, zi: Float64Array, a0: number, b0: number, forward: boolean): void {
    const h = this.h;
    for (let j = 0; j < 2 * K; j++) {
      h[this.stAt + 2 * j] = zi[2 * s0 + j] * a0;
      h[this.stAt + 2 * j + 1] = zi[2 * s0 + j] * b0;
    }
    const first = forward ? 0 : this.len - 1;
    this.k.sweeps[K - 1](first * 16, this.len, forward ? 16 : -16, (this.coAt + 10 * s0) * 8, this.stAt * 8);
  }
}
