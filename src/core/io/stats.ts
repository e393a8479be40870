import type { ChannelStats } from './types';

/** Per-channel mean and population std (ddof=0) in float64, as `raw.get_data().mean/std(axis=1)` give them. */
export function channelStats(data: Float32Array[]): ChannelStats {
  const mean: number[] = [],
    std: number[] = [];
  for (const x of data) {
    const n = x.length;
    let s = 0;
    for (let i = 0; i < n; i++) s += x[i];
    const m = n ? s / n : NaN;
    let v = 0;
    for (let i = 0; i < n; i++) {
      const d = x[i] - m;
      v += d * d;
    }
    mean.push(m);
    std.push(n ? Math.sqrt(v / n) : NaN);
  }
  return { mean, std };
}

/**
 * Float64 running mean/std (shifted sums) for readers whose float64 samples do not survive float32 storage, e.g. a
 * BioSemi EXG channel at −0.26 V with 1 µV of signal: its std is only reproducible from the float64 values.
 */
export class StatsAccumulator {
  private readonly shift: Float64Array;
  private readonly started: Uint8Array;
  private readonly s1: Float64Array;
  private readonly s2: Float64Array;
  private readonly n: Float64Array;

  constructor(nChannels: number) {
    this.shift = new Float64Array(nChannels);
    this.started = new Uint8Array(nChannels);
    this.s1 = new Float64Array(nChannels);
    this.s2 = new Float64Array(nChannels);
    this.n = new Float64Array(nChannels);
  }

  add(c: number, x: number): void {
    if (!this.started[c]) {
      this.started[c] = 1;
      this.shift[c] = x;
    }
    const d = x - this.shift[c];
    this.s1[c] += d;
    this.s2[c] += d * d;
    this.n[c]++;
  }

  /** Adds the sums of a block already reduced by the caller (hot loops keep their own locals). */
  shiftOf(c: number, first: number): number {
    if (!this.started[c]) {
      this.started[c] = 1;
      this.shift[c] = first;
    }
    return this.shift[c];
  }

  addSums(c: number, s1: number, s2: number, n: number): void {
    this.s1[c] += s1;
    this.s2[c] += s2;
    this.n[c] += n;
  }

  result(): ChannelStats {
    const mean: number[] = [],
      std: number[] = [];
    for (let c = 0; c < this.n.length; c++) {
      const n = this.n[c];
      const m1 = this.s1[c] / n;
      mean.push(this.shift[c] + m1);
      std.push(Math.sqrt(Math.max(this.s2[c] / n - m1 * m1, 0)));
    }
    return { mean, std };
  }
}
