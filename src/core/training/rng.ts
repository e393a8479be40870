/**
 * Seeded pseudo-random numbers for weight init, dropout masks and shuffling.
 * mulberry32: tiny, fast, good enough statistically for these uses, and reproducible across platforms.
 */
export class Rng {
  private state: number;
  private spare: number | null = null;

  constructor(seed: number) {
    // Mix the seed so that nearby seeds (0, 1, 2…) start far apart.
    let s = (seed >>> 0) ^ 0x9e3779b9;
    s = Math.imul(s ^ (s >>> 16), 0x85ebca6b);
    s = Math.imul(s ^ (s >>> 13), 0xc2b2ae35);
    this.state = (s ^ (s >>> 16)) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /**
   * out[i] = next() < keep ? value : 0 for i in [0, len): the same draws as calling next() len times, with the
   * state kept in a local (dropout masks are the only per-element use of the generator in training).
   */
  fillBernoulli(out: { [i: number]: number }, len: number, keep: number, value: number): void {
    let st = this.state;
    // u / 2³² < keep  ⇔  u < keep · 2³² (exact in doubles); the value is picked from a table by the comparison
    // instead of a branch, which a random mask mispredicts half the time (3× slower).
    const threshold = keep * 4294967296;
    const pick = Float64Array.of(0, value);
    for (let i = 0; i < len; i++) {
      let t = (st = (st + 0x6d2b79f5) | 0);
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      out[i] = pick[+((t ^ (t >>> 14)) >>> 0 < threshold)];
    }
    this.state = st;
  }

  /**
   * Skips `count` draws and returns the state they start from (draw i of them is a function of
   * state + (i + 1)·0x6d2b79f5 alone): for generators that make the same draws elsewhere (simdElementwise.ts).
   */
  skip(count: number): number {
    const st = this.state;
    this.state = (st + Math.imul(count, 0x6d2b79f5)) | 0;
    return st;
  }

  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** Standard normal (Box–Muller, caching the second value). */
  normal(): number {
    if (this.spare !== null) {
      const v = this.spare;
      this.spare = null;
      return v;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A uniformly random permutation of 0..n-1 (Fisher–Yates). */
  permutation(n: number): Int32Array {
    const p = new Int32Array(n);
    for (let i = 0; i < n; i++) p[i] = i;
    for (let i = n - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  /** A fresh 32-bit seed derived from this stream (for child generators). */
  fork(): number {
    return Math.floor(this.next() * 4294967296) >>> 0;
  }
}
