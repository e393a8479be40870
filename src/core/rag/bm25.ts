import { tokens } from './embedder';

/** Okapi BM25 (k1 = 1.5, b = 0.75, non-negative idf) over a small fixed set of documents. */
export class Bm25 {
  private readonly docs: Map<string, number>[];
  private readonly lengths: number[];
  private readonly avg: number;
  private readonly df = new Map<string, number>();

  constructor(
    texts: string[],
    private readonly k1 = 1.5,
    private readonly b = 0.75,
  ) {
    this.docs = texts.map((t) => {
      const m = new Map<string, number>();
      for (const w of tokens(t)) m.set(w, (m.get(w) ?? 0) + 1);
      return m;
    });
    this.lengths = this.docs.map((d) => [...d.values()].reduce((a, c) => a + c, 0));
    this.avg = this.lengths.reduce((a, c) => a + c, 0) / Math.max(1, this.docs.length);
    for (const d of this.docs) for (const w of d.keys()) this.df.set(w, (this.df.get(w) ?? 0) + 1);
  }

  scores(query: string): Float64Array {
    const n = this.docs.length;
    const out = new Float64Array(n);
    for (const w of new Set(tokens(query))) {
      const df = this.df.get(w);
      if (!df) continue;
      const idf = Math.max(0, Math.log((n - df + 0.5) / (df + 0.5) + 1));
      for (let i = 0; i < n; i++) {
        const tf = this.docs[i].get(w);
        if (!tf) continue;
        out[i] += (idf * tf * (this.k1 + 1)) / (tf + this.k1 * (1 - this.b + (this.b * this.lengths[i]) / this.avg));
      }
    }
    return out;
  }
}
