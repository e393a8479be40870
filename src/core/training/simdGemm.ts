/**
 * Stride-1 convolutions as WebAssembly SIMD (f32x4) matrix products, for float32 training: the spatial
 * convolutions over all electrodes (ShallowConvNet's 40→40 × 22, SCCNet's and EEGNet's (C, 1) kernels), the
 * temporal ones with many output maps (SCCNet's 22→20 × 25 taps, ShallowConvNet's 1→40 × 25, EEGNet's 1→8 × 125)
 * and the pointwise 1×1. Row by row axpys (rowConv.ts) load and store the output row once per tap; here a 4 × 8
 * output tile stays in registers over the whole reduction, as in PyTorch's im2col + GEMM, without building im2col:
 * row k of the virtual im2col matrix is the staged input at an offset (a table), because along time it is only a
 * shifted view of an input row.
 *
 * Per sample and group, the input rows are staged zero-padded with a common row length L, so an output position
 * (oh, ow) is the column n = oh·L + ow of one long row; columns with ow ≥ outW are computed and dropped (their
 * dy is staged as zero in backward so they add nothing). Sums are float32 in order of the reduction index, as
 * PyTorch's CPU kernels sum in float32.
 */
import { bump, countDown, I32, name, op, section, uleb, V128, vec, lazyModule } from '../wasmWriter';

const bumpBy = (l: number, by: number): number[] => [...op.get(l), ...op.get(by), ...op.add, ...op.set(l)];
/** acc = acc + a · b (v128 locals) */
const mac = (acc: number, a: number, b: number): number[] => [...op.get(acc), ...op.get(a), ...op.get(b), ...op.f32x4mul, ...op.f32x4add, ...op.set(acc)];

/**
 * nn(mTiles, K, nTiles, pA, pBoffs, pCoffs): for 8-float column tiles t and 4-row tiles r:
 *   C[cOffs[4r+j] + 8t .. +8) += Σ_k A[r][k][j] · B[bOffs[k] + 8t .. +8),   j = 0..3
 * A is packed k-major per row tile (4 floats per k); bOffs / cOffs hold byte addresses.
 * locals: 6 ntc, 7 nb, 8 mtc, 9 pa, 10 pk, 11 cnt, 12 bo, 13 co, 14 pc (i32); 15..22 acc, 23 b0, 24 b1, 25 a (v128)
 */
const ACC = 15;
const nnStore = (j: number): number[] => [
  ...op.get(14),
  ...op.i32load(4 * j),
  ...op.get(7),
  ...op.add,
  ...op.set(13),
  ...op.get(13),
  ...op.get(13),
  ...op.v128load(0),
  ...op.get(ACC + 2 * j),
  ...op.f32x4add,
  ...op.v128store(0),
  ...op.get(13),
  ...op.get(13),
  ...op.v128load(16),
  ...op.get(ACC + 2 * j + 1),
  ...op.f32x4add,
  ...op.v128store(16),
];
/** one k of the reduction: B row at bOffs[k] (kOff bytes past pk), A values at aOff bytes past pa */
const kStep = (kOff: number, aOff: number): number[] => [
  ...op.get(10),
  ...op.i32load(kOff),
  ...op.get(7),
  ...op.add,
  ...op.tee(12),
  ...op.v128load(0),
  ...op.set(23),
  ...op.get(12),
  ...op.v128load(16),
  ...op.set(24),
  ...[0, 1, 2, 3].flatMap((j) => [
    ...op.get(9),
    ...op.v128load32splat(aOff + 4 * j),
    ...op.set(25),
    ...mac(ACC + 2 * j, 25, 23),
    ...mac(ACC + 2 * j + 1, 25, 24),
  ]),
];
const nnBody = (): number[] => [
  ...op.i32(0),
  ...op.set(7),
  ...op.get(2),
  ...op.set(6),
  ...op.loop,
  ...op.get(5),
  ...op.set(14),
  ...op.get(3),
  ...op.set(9),
  ...op.get(0),
  ...op.set(8),
  ...op.loop,
  ...[0, 1, 2, 3, 4, 5, 6, 7].flatMap((i) => [...op.v128zero, ...op.set(ACC + i)]),
  ...op.get(4),
  ...op.set(10),
  ...op.get(1),
  ...op.set(11),
  ...op.loop,
  ...kStep(0, 0),
  ...bump(9, 16),
  ...bump(10, 4),
  ...countDown(11, 0),
  ...op.end,
  ...[0, 1, 2, 3].flatMap(nnStore),
  ...bump(14, 16),
  ...countDown(8, 0),
  ...op.end,
  ...bump(7, 32),
  ...countDown(6, 0),
  ...op.end,
];
const nnFn = (): number[] => [
  ...vec([
    [...uleb(9), I32],
    [...uleb(11), V128],
  ]),
  ...nnBody(),
  ...op.end,
];

/**
 * nt(mTiles, kTiles, nBytes, pY, ldy, pBoffs, pW, ldw): for 4-row tiles r of Y and 2-column tiles s of W:
 *   W[4r+i][2s+j] += Σ_{n} Y[(4r+i)·ldy + n] · B[bOffs[2s+j] + n],  n over nBytes/4 floats (a multiple of 4)
 * (byte strides ldy, ldw). locals: 8 mtc, 9 ktc, 10 y0, 11 pb, 12 pwRow, 13 x0, 14 x1, 15 n, 16 y1, 17 y2, 18 y3,
 * 19 pw, 20 t (i32); 21..28 acc, 29 xa, 30 xb, 31 yv (v128)
 */
const NACC = 21;
const ntHsum = (i: number, j: number): number[] => {
  const a = NACC + 2 * i + j;
  return [
    ...op.get(20),
    ...op.get(20),
    ...op.f32load(4 * j),
    ...op.get(a),
    ...op.f32x4lane(0),
    ...op.get(a),
    ...op.f32x4lane(1),
    ...op.f32add,
    ...op.get(a),
    ...op.f32x4lane(2),
    ...op.f32add,
    ...op.get(a),
    ...op.f32x4lane(3),
    ...op.f32add,
    ...op.f32add,
    ...op.f32store(4 * j),
  ];
};
const yAt = (base: number): number[] => [...op.get(base), ...op.get(15), ...op.add, ...op.v128load(0), ...op.set(31)];
const ntBody = (): number[] => [
  ...op.get(3),
  ...op.set(10),
  ...op.get(6),
  ...op.set(12),
  ...op.get(0),
  ...op.set(8),
  ...op.loop,
  // rows y1..y3 of this tile
  ...op.get(10),
  ...op.get(4),
  ...op.add,
  ...op.tee(16),
  ...op.get(4),
  ...op.add,
  ...op.tee(17),
  ...op.get(4),
  ...op.add,
  ...op.set(18),
  ...op.get(5),
  ...op.set(11),
  ...op.get(12),
  ...op.set(19),
  ...op.get(1),
  ...op.set(9),
  ...op.loop,
  ...op.get(11),
  ...op.i32load(0),
  ...op.set(13),
  ...op.get(11),
  ...op.i32load(4),
  ...op.set(14),
  ...[0, 1, 2, 3, 4, 5, 6, 7].flatMap((i) => [...op.v128zero, ...op.set(NACC + i)]),
  ...op.i32(0),
  ...op.set(15),
  ...op.loop,
  ...op.get(13),
  ...op.get(15),
  ...op.add,
  ...op.v128load(0),
  ...op.set(29),
  ...op.get(14),
  ...op.get(15),
  ...op.add,
  ...op.v128load(0),
  ...op.set(30),
  ...[10, 16, 17, 18].flatMap((base, i) => [...yAt(base), ...mac(NACC + 2 * i, 31, 29), ...mac(NACC + 2 * i + 1, 31, 30)]),
  ...bump(15, 16),
  ...op.get(15),
  ...op.get(2),
  ...op.ne,
  ...op.brIf(0),
  ...op.end,
  // W rows of the tile: t = pw + i·ldw
  ...op.get(19),
  ...op.set(20),
  ...[0, 1, 2, 3].flatMap((i) => [...ntHsum(i, 0), ...ntHsum(i, 1), ...bumpBy(20, 7)]),
  ...bump(19, 8),
  ...bump(11, 8),
  ...countDown(9, 0),
  ...op.end,
  // next row tile: y0 += 4·ldy, pwRow += 4·ldw
  ...op.get(18),
  ...op.get(4),
  ...op.add,
  ...op.set(10),
  ...op.get(12),
  ...op.get(7),
  ...op.i32(4),
  ...op.mul,
  ...op.add,
  ...op.set(12),
  ...countDown(8, 0),
  ...op.end,
];
const ntFn = (): number[] => [
  ...vec([
    [...uleb(13), I32],
    [...uleb(11), V128],
  ]),
  ...ntBody(),
  ...op.end,
];

function moduleBytes(): Uint8Array {
  const nn = nnFn();
  const nt = ntFn();
  const sig6 = [0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32]]), ...vec([])];
  const sig8 = [0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32], [I32], [I32]]), ...vec([])];
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, vec([sig6, sig8])),
    ...section(3, vec([[0], [1]])),
    ...section(5, vec([[0x00, ...uleb(1)]])),
    ...section(
      7,
      vec([
        [...name('memory'), 0x02, 0],
        [...name('nn'), 0x00, 0],
        [...name('nt'), 0x00, 1],
      ]),
    ),
    ...section(
      10,
      vec([
        [...uleb(nn.length), ...nn],
        [...uleb(nt.length), ...nt],
      ]),
    ),
  ]);
}

interface GemmKernels {
  memory: WebAssembly.Memory;
  nn: (mTiles: number, K: number, nTiles: number, pA: number, pBoffs: number, pCoffs: number) => void;
  nt: (mTiles: number, kTiles: number, nBytes: number, pY: number, ldy: number, pBoffs: number, pW: number, ldw: number) => void;
}

const load = lazyModule<GemmKernels>(moduleBytes);

/** True when the SIMD matrix kernels can run here. */
export function gemmAvailable(): boolean {
  return load() !== null;
}

/** Geometry of one stride-1 convolution (sh = sw = 1, no padding along height). */
export interface ConvGeometry {
  inShape: [number, number, number];
  outShape: [number, number, number];
  kh: number;
  kw: number;
  pw: number;
  groups: number;
}

const roundUp = (v: number, m: number): number => Math.ceil(v / m) * m;

/**
 * A convolution layer's staging area in the module memory and its address tables. The module memory is shared by
 * every layer of the thread (one call at a time), so each call lays out its regions from address 0.
 */
export class GemmConv {
  private readonly k: GemmKernels;
  readonly icg: number;
  readonly ocg: number;
  /** reduction length: input channels of a group × kernel taps */
  readonly K: number;
  /** staged row length (input row + padding, rounded up to 8 floats) */
  readonly L: number;
  /** columns computed per output map (a multiple of 8): every row but the last L wide, the last outW */
  readonly NS: number;
  readonly mTiles: number;
  private readonly kTiles4: number;
  private readonly kTiles2: number;
  /** byte offsets of the virtual im2col rows relative to the staged input */
  private readonly rowOffs: Int32Array;
  // float indices of the regions
  private readonly xsAt: number;
  private readonly xsLen: number;
  private readonly aAt: number;
  private readonly boAt: number;
  private readonly coAt: number;
  private readonly csAt: number;
  private readonly dumpAt: number;
  private readonly ysAt: number;
  private readonly dwAt: number;
  private readonly end: number;
  private readonly flipDx: boolean;
  /** left zero padding, row stride and columns of the staged dy rows and the input-gradient rows (flipDx) */
  private readonly P: number;
  private readonly LD: number;
  private readonly NX: number;
  private readonly inTiles: number;
  private readonly ytAt: number;
  private readonly dxcAt: number;
  private heap = new Float32Array(0);
  private heapI = new Int32Array(0);

  constructor(readonly g: ConvGeometry) {
    const k = load();
    if (!k) throw new Error('GemmConv: WebAssembly SIMD is not available');
    this.k = k;
    const [inC, inH, inW] = g.inShape;
    const [outC, outH] = g.outShape;
    this.icg = inC / g.groups;
    this.ocg = outC / g.groups;
    this.K = this.icg * g.kh * g.kw;
    this.L = roundUp(inW + 2 * g.pw, 8);
    // the last output row needs only its outW columns (a one-row output, the temporal convolutions, is all of it)
    this.NS = roundUp((outH - 1) * this.L + g.outShape[2], 8);
    this.mTiles = Math.ceil(this.ocg / 4);
    this.kTiles4 = Math.ceil(this.K / 4);
    this.kTiles2 = Math.ceil(this.K / 2);
    this.rowOffs = new Int32Array(this.K);
    for (let icl = 0; icl < this.icg; icl++)
      for (let ki = 0; ki < g.kh; ki++) for (let kj = 0; kj < g.kw; kj++) this.rowOffs[(icl * g.kh + ki) * g.kw + kj] = ((icl * inH + ki) * this.L + kj) * 4;
    // Regions (floats): staged input (also the input gradient), packed A, the two address tables, staged output
    // (also staged dy), a dump row for padding rows, the weight-gradient tile. Slack after the input covers the
    // reads of dropped columns: the last row offset plus NS.
    // The input gradient of a one-row kernel (kh = 1) as a correlation of the left-padded dy rows with the flipped
    // kernel: rows = input channels, reduction = (output map, tap) — long reductions instead of ocg-long ones.
    this.flipDx = g.kh === 1;
    this.P = g.kw - 1;
    this.LD = roundUp(g.kw + g.pw + inW + 8, 8);
    this.NX = roundUp(inW, 8);
    this.inTiles = Math.ceil(this.icg / 4);
    const M4 = this.mTiles * 4;
    const rows = Math.max(M4, this.kTiles4 * 4, this.inTiles * 4);
    this.xsAt = 0;
    this.xsLen = this.icg * inH * this.L + this.L + g.kw + this.NS + 16;
    this.aAt = roundUp(this.xsAt + this.xsLen, 4);
    this.boAt = this.aAt + Math.max(this.mTiles * this.K, this.kTiles4 * this.ocg, this.inTiles * this.ocg * g.kw) * 4;
    this.coAt = this.boAt + Math.max(this.kTiles2 * 2, this.ocg * g.kw) + 4;
    this.csAt = roundUp(this.coAt + rows + 4, 4);
    this.ysAt = this.csAt;
    this.dumpAt = this.csAt + M4 * this.NS;
    this.dwAt = this.dumpAt + this.NS + 16;
    this.ytAt = roundUp(this.dwAt + M4 * this.kTiles2 * 2, 4);
    this.dxcAt = this.ytAt + this.ocg * inH * this.LD + 16;
    this.end = this.flipDx ? this.dxcAt + this.inTiles * 4 * inH * this.NX : this.ytAt;
  }

  private views(): [Float32Array, Int32Array] {
    const need = this.end * 4 + 64;
    const mem = this.k.memory;
    if (mem.buffer.byteLength < need) mem.grow(Math.ceil((need - mem.buffer.byteLength) / 65536));
    if (this.heap.buffer !== mem.buffer) {
      this.heap = new Float32Array(mem.buffer);
      this.heapI = new Int32Array(mem.buffer);
    }
    return [this.heap, this.heapI];
  }

  /** Copies sample b's input rows of group grp into the staged input (padding columns stay zero). */
  private stageInput(h: Float32Array, x: Float32Array, b: number, grp: number): void {
    const [inC, inH, inW] = this.g.inShape;
    const plane = inH * inW;
    for (let icl = 0; icl < this.icg; icl++) {
      const src = (b * inC + grp * this.icg + icl) * plane;
      for (let ih = 0; ih < inH; ih++) {
        const s = src + ih * inW;
        h.set(x.subarray(s, s + inW), this.xsAt + (icl * inH + ih) * this.L + this.g.pw);
      }
    }
  }

  /** y = conv(x) + bias for n samples (y is overwritten). */
  forward(x: Float32Array, n: number, w: Float32Array, bias: Float32Array | null, y: Float32Array): void {
    const [h, hi] = this.views();
    const { K, L, NS, ocg, mTiles } = this;
    const [, outH, outW] = this.g.outShape;
    const outC = this.g.outShape[0];
    const outPlane = outH * outW;
    h.fill(0, this.xsAt, this.xsAt + this.xsLen);
    for (let r = 0; r < K; r++) hi[this.boAt + r] = this.rowOffs[r] + this.xsAt * 4;
    for (let m = 0; m < mTiles * 4; m++) hi[this.coAt + m] = (m < ocg ? this.csAt + m * NS : this.dumpAt) * 4;
    for (let grp = 0; grp < this.g.groups; grp++) {
      // A: this group's weights, k-major per tile of 4 output maps (zeros past ocg)
      for (let t = 0; t < mTiles; t++)
        for (let r = 0; r < K; r++)
          for (let j = 0; j < 4; j++) {
            const m = t * 4 + j;
            h[this.aAt + (t * K + r) * 4 + j] = m < ocg ? w[(grp * ocg + m) * K + r] : 0;
          }
      for (let b = 0; b < n; b++) {
        this.stageInput(h, x, b, grp);
        for (let m = 0; m < ocg; m++) h.fill(bias ? bias[grp * ocg + m] : 0, this.csAt + m * NS, this.csAt + (m + 1) * NS);
        this.k.nn(mTiles, K, NS / 8, this.aAt * 4, this.boAt * 4, this.coAt * 4);
        for (let m = 0; m < ocg; m++) {
          const yBase = (b * outC + grp * ocg + m) * outPlane;
          for (let oh = 0; oh < outH; oh++) {
            const s = this.csAt + m * NS + oh * L;
            y.set(h.subarray(s, s + outW), yBase + oh * outW);
          }
        }
      }
    }
  }

  /** A'' for flipDx: per tile of 4 input channels, (output map, tap) major: W[m][icl][kj]. */
  private packFlipped(h: Float32Array, w: Float32Array, grp: number): void {
    const { icg, ocg, inTiles } = this;
    const kw = this.g.kw;
    const K2 = ocg * kw;
    for (let t = 0; t < inTiles; t++)
      for (let m = 0; m < ocg; m++)
        for (let kj = 0; kj < kw; kj++)
          for (let j = 0; j < 4; j++) {
            const icl = t * 4 + j;
            h[this.aAt + (t * K2 + m * kw + kj) * 4 + j] = icl < icg ? w[((grp * ocg + m) * icg + icl) * kw + kj] : 0;
          }
  }

  /** dx[icl][ih][iw] = Σ_m Σ_kj W[m][icl][kj] · dy[m][ih][iw + pw − kj] for sample b, group grp (kh = 1). */
  private inputGradFlipped(h: Float32Array, hi: Int32Array, dy: Float32Array, b: number, grp: number, dx: Float32Array): void {
    const { icg, ocg, inTiles, P, LD, NX } = this;
    const { kw, pw } = this.g;
    const [inC, inH, inW] = this.g.inShape;
    const [outC, , outW] = this.g.outShape;
    // kh = 1: output row oh is input row ih
    h.fill(0, this.ytAt, this.ytAt + ocg * inH * LD + 16);
    for (let m = 0; m < ocg; m++)
      for (let ih = 0; ih < inH; ih++) {
        const s = ((b * outC + grp * ocg + m) * inH + ih) * outW;
        h.set(dy.subarray(s, s + outW), this.ytAt + (m * inH + ih) * LD + P);
      }
    h.fill(0, this.dxcAt, this.dxcAt + inTiles * 4 * inH * NX);
    for (let ih = 0; ih < inH; ih++) {
      for (let m = 0; m < ocg; m++) for (let kj = 0; kj < kw; kj++) hi[this.boAt + m * kw + kj] = (this.ytAt + (m * inH + ih) * LD + P + pw - kj) * 4;
      for (let r = 0; r < inTiles * 4; r++) hi[this.coAt + r] = (r < icg ? this.dxcAt + (r * inH + ih) * NX : this.dumpAt) * 4;
      this.k.nn(inTiles, ocg * kw, NX / 8, this.aAt * 4, this.boAt * 4, this.coAt * 4);
    }
    for (let icl = 0; icl < icg; icl++)
      for (let ih = 0; ih < inH; ih++) {
        const s = this.dxcAt + (icl * inH + ih) * NX;
        dx.set(h.subarray(s, s + inW), ((b * inC + grp * icg + icl) * inH + ih) * inW);
      }
  }

  /** Accumulates the weight gradient into dw and, when dx is given, writes the input gradient into it. */
  backward(x: Float32Array, dy: Float32Array, n: number, w: Float32Array, dw: Float32Array, dx: Float32Array | null): void {
    const [h, hi] = this.views();
    const { K, L, NS, ocg, mTiles, kTiles2, kTiles4 } = this;
    const [inC, inH, inW] = this.g.inShape;
    const [outC, outH, outW] = this.g.outShape;
    const outPlane = outH * outW;
    const inPlane = inH * inW;
    const M4 = mTiles * 4;
    const ldw = kTiles2 * 2;
    for (let grp = 0; grp < this.g.groups; grp++) {
      h.fill(0, this.ysAt, this.ysAt + M4 * NS);
      h.fill(0, this.dwAt, this.dwAt + M4 * ldw);
      if (dx && this.flipDx) this.packFlipped(h, w, grp);
      else if (dx) {
        // Aᵀ: tiles of 4 reduction rows, k-major over the output maps (zeros past K)
        for (let t = 0; t < kTiles4; t++)
          for (let m = 0; m < ocg; m++)
            for (let j = 0; j < 4; j++) {
              const r = t * 4 + j;
              h[this.aAt + (t * ocg + m) * 4 + j] = r < K ? w[(grp * ocg + m) * K + r] : 0;
            }
      }
      for (let b = 0; b < n; b++) {
        h.fill(0, this.xsAt, this.xsAt + this.xsLen);
        this.stageInput(h, x, b, grp);
        for (let m = 0; m < ocg; m++) {
          const yBase = (b * outC + grp * ocg + m) * outPlane;
          for (let oh = 0; oh < outH; oh++) {
            const s = yBase + oh * outW;
            h.set(dy.subarray(s, s + outW), this.ysAt + m * NS + oh * L);
          }
        }
        // dW[m][k] += Σ_n dy[m][n] · x[rowOffs[k] + n]
        for (let r = 0; r < ldw; r++) hi[this.boAt + r] = (r < K ? this.rowOffs[r] : 0) + this.xsAt * 4;
        this.k.nt(mTiles, kTiles2, NS * 4, this.ysAt * 4, NS * 4, this.boAt * 4, this.dwAt * 4, ldw * 4);
        if (dx && this.flipDx) this.inputGradFlipped(h, hi, dy, b, grp, dx);
        else if (dx) {
          // dx[rowOffs[k] + n] += Σ_m W[m][k] · dy[m][n]: the staged input region is reused for dx.
          h.fill(0, this.xsAt, this.xsAt + this.xsLen);
          for (let m = 0; m < ocg; m++) hi[this.boAt + m] = (this.ysAt + m * NS) * 4;
          for (let r = 0; r < kTiles4 * 4; r++) hi[this.coAt + r] = r < K ? this.rowOffs[r] + this.xsAt * 4 : this.dumpAt * 4;
          this.k.nn(kTiles4, ocg, NS / 8, this.aAt * 4, this.boAt * 4, this.coAt * 4);
          for (let icl = 0; icl < this.icg; icl++) {
            const dst = (b * inC + grp * this.icg + icl) * inPlane;
            for (let ih = 0; ih < inH; ih++) {
              const s = this.xsAt + (icl * inH + ih) * L + this.g.pw;
              dx.set(h.subarray(s, s + inW), dst + ih * inW);
            }
          }
        }
      }
      for (let m = 0; m < ocg; m++) {
        const base = (grp * ocg + m) * K;
        for (let r = 0; r < K; r++) dw[base + r] += h[this.dwAt + m * ldw + r];
      }
    }
  }
}
