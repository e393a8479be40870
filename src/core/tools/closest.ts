/**
 * Edit distance: Levenshtein for "did you mean" suggestions on tool names, parameters and enum values; with
 * `transpositions`, the optimal-string-alignment Damerau–Levenshtein distance the planner reads typos with (a swap
 * of adjacent letters costs one, so "laod" is one edit from "load").
 */
export function editDistance(a: string, b: string, { transpositions = false } = {}): number {
  const m = a.length;
  const n = b.length;
  let prev2 = new Array<number>(n + 1);
  let prev = new Array<number>(n + 1);
  let cur = new Array<number>(n + 1);
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (transpositions && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cur[j] = Math.min(cur[j], prev2[j - 2] + 1);
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}

/** The closest candidate, or undefined when none is reasonably close. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  // a suggestion for a very long word means nothing and its edit distance costs length × candidates
  if (word.length > 64) return undefined;
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = editDistance(w, c.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(word.length / 2)) ? best : undefined;
}
