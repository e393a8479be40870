/**
 * Offline embedder for the knowledge base: hashed TF-IDF. Tokens are lower-cased words (light suffix stripping),
 * word bigrams and CJK character bigrams, hashed (FNV-1a) into `dims` buckets with sublinear tf and an idf fitted on
 * the knowledge base, L2-normalised. Deterministic, nothing downloaded; its id is stored with the index so a changed
 * embedder forces a rebuild.
 */
export interface EmbeddingsResult {
  status: 'success' | 'error' | 'rate_limited' | 'cancelled';
  output?: number[][];
  message?: string;
}

export class HashedTfIdfEmbedder {
  readonly maxTokens = 8000;
  readonly id: string;

  constructor(
    readonly dims = 1024,
    private idf: Float64Array | null = null,
  ) {
    this.id = `hashed-tfidf-v5-${dims}`;
  }

  /** Fits the idf on a corpus of texts (the knowledge-base sections). */
  fit(texts: string[]): void {
    const df = new Float64Array(this.dims);
    for (const t of texts) for (const b of new Set(tokens(t).map((x) => hash(x) % this.dims))) df[b]++;
    const n = texts.length;
    this.idf = Float64Array.from(df, (d) => Math.log((1 + n) / (1 + d)) + 1);
  }

  toJSON(): { id: string; dims: number; idf: number[] } {
    return { id: this.id, dims: this.dims, idf: this.idf ? Array.from(this.idf) : [] };
  }

  static fromJSON(j: { dims: number; idf: number[] }): HashedTfIdfEmbedder {
    return new HashedTfIdfEmbedder(j.dims, j.idf.length ? Float64Array.from(j.idf) : null);
  }

  embed(text: string): number[] {
    const v = new Float64Array(this.dims);
    const counts = new Map<number, number>();
    for (const t of tokens(text)) {
      const b = hash(t) % this.dims;
      counts.set(b, (counts.get(b) ?? 0) + 1);
    }
    for (const [b, c] of counts) v[b] = (1 + Math.log(c)) * (this.idf ? this.idf[b] : 1);
    let norm = 0;
    for (let i = 0; i < v.length; i++) norm += v[i] * v[i];
    // A text with no tokens (a chunk that is only a table rule "| --- |") would be the zero vector, and vectra's cosine
    // of it is 0/0 = NaN, which breaks its sort of every result (the ranking came out partly unordered, and any change
    // to the knowledge base moved the NaN chunk and reshuffled answers). Every other vector is non-negative, so a
    // uniform negative unit vector scores below all of them with any query.
    if (norm === 0) return new Array<number>(this.dims).fill(-1 / Math.sqrt(this.dims));
    norm = Math.sqrt(norm);
    return Array.from(v, (x) => x / norm);
  }

  async createEmbeddings(inputs: string | string[]): Promise<EmbeddingsResult> {
    const list = Array.isArray(inputs) ? inputs : [inputs];
    return { status: 'success', output: list.map((t) => this.embed(t)) };
  }
}

const STOP = new Set([
  'the',
  'a',
  'an',
  'is',
  'are',
  'of',
  'to',
  'in',
  'and',
  'or',
  'for',
  'it',
  'on',
  'be',
  'with',
  'as',
  'by',
  'at',
  'this',
  'that',
  'what',
  'how',
  'why',
  'do',
  'does',
  'i',
  'my',
  'should',
  'can',
]);

const CJK_FUNCTION = new Set([...'的是在有和與跟或就也都這那個一我你他她它們嗎呢麼什了吧要會可以能該把被對為而及其之於從到']);

export function tokens(text: string): string[] {
  const out: string[] = [];
  const words = (spellingVariants(text.toLowerCase()).match(/[a-z][a-z0-9]*|\d+(?:\.\d+)?/g) ?? []).filter((w) => !STOP.has(w)).map(stem);
  out.push(...words);
  for (let i = 0; i + 1 < words.length; i++) out.push(`${words[i]}_${words[i + 1]}`);
  // CJK: character bigrams only; single characters and bigrams of function characters (的, 是, 嗎…) match every
  // Chinese paragraph and drowned the concept words of a question
  const cjk = text.match(/[\u4e00-\u9fff]+/g) ?? [];
  for (const run of cjk) {
    if (run.length === 1 && !CJK_FUNCTION.has(run)) out.push(run);
    for (let i = 0; i + 1 < run.length; i++) {
      const bi = run.slice(i, i + 2);
      if (!CJK_FUNCTION.has(bi[0]) || !CJK_FUNCTION.has(bi[1])) if (!/[的嗎呢麼吧了]/.test(bi)) out.push(bi);
    }
  }
  return out;
}

/**
 * One spelling for the variants researchers type and the knowledge base mixes: "bandpass"/"highpass"/"lowpass" are
 * "band-pass"…, "hyperparameter" is "hyper-parameter", and American -ize/-ization is British -ise/-isation
 * ("normalized", "localization" meet "normalised", "localisation"); resample, resampled and resampling are one word.
 */
function spellingVariants(text: string): string {
  return (
    text
      .replace(/\b(band|high|low)pass/g, '$1-pass')
      .replace(/\bhyperparam/g, 'hyper-param')
      // the resampling family: stem() leaves "resample" but cuts "resampling"/"resampled" to "resampl", so a question
      // typing "downsample" missed the sections titled "Downsampling …" and "Resampling …"
      .replace(/\b(re|down|up|over|sub)-?sampl(?:e|es|ed|ing)\b/g, '$1sampling')
      .replace(/(?<=[a-z]{3})iz(e|ed|es|ing|ation|ations)\b/g, 'is$1')
  );
}

function stem(w: string): string {
  return w.replace(/(ing|ed|es|s)$/, (m) => (w.length - m.length >= 4 ? '' : m));
}

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
