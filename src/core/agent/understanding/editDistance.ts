/**
 * Damerau–Levenshtein distance (optimal string alignment: insertions, deletions, substitutions and transpositions of
 * adjacent letters each cost one), so "laod" is one edit from "load" and "resmaple" one from "resample".
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (!n) return m;
  if (!m) return n;
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) => {
    const row = new Array<number>(m + 1).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j <= m; j++) d[0][j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[n][m];
}

/**
 * How many edits a word of this length may carry and still be read as a vocabulary word: none below four letters
 * ("set" vs "get" are different words), one up to six, two up to ten, three beyond. Short words have too many
 * neighbours for more.
 */
export function allowedEdits(length: number): number {
  if (length < 4) return 0;
  if (length <= 6) return 1;
  if (length <= 10) return 2;
  return 3;
}

/** The vocabulary word nearest to `word` within the length-scaled threshold; ties go to the earlier entry. */
/** Three-letter words that are one letter short of a step word but mean something else. */
const SHORT_WORDS = new Set(
  'lad led lid let lit lot pat pet pit pot put sap sip sop sup rye saw sew sow own old odd end ago age are see set get top tip tap'.split(' '),
);

export function closestWord(word: string, vocabulary: readonly string[]): string | null {
  const w = word.toLowerCase();
  // "lod", "plt", "stp": a three-letter word with one letter dropped from a four-letter step word (same first and last letter)
  if (w.length === 3 && !SHORT_WORDS.has(w)) {
    const hit = vocabulary.find((v) => v.length === 4 && v[0] === w[0] && v[3] === w[2] && editDistance(w, v) === 1);
    if (hit) return hit;
  }
  let best: string | null = null;
  let bestD = Infinity;
  for (const v of vocabulary) {
    if (Math.abs(v.length - w.length) > 3) continue;
    // the first letter is rarely the one mistyped; requiring it keeps "road" from becoming "load"
    if (v[0] !== w[0]) continue;
    const d = editDistance(w, v);
    if (d < bestD && d <= allowedEdits(Math.min(w.length, v.length))) {
      best = v;
      bestD = d;
    }
  }
  return best;
}
