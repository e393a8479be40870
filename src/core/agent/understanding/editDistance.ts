import { editDistance as distance } from '../../tools/closest';

/** Damerau–Levenshtein distance (optimal string alignment): "laod" is one edit from "load", "resmaple" one from "resample". */
export const editDistance = (a: string, b: string): number => distance(a, b, { transpositions: true });

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
    // on a tie, a keystroke slip (swapped, dropped or doubled letter: "staet" → state, "repet" → repeat) is the likelier
    // typo than a substituted letter ("start", "reset")
    const better = d < bestD || (d === bestD && best !== null && isSlip(w, v) && !isSlip(w, best));
    if (better && d <= allowedEdits(Math.min(w.length, v.length))) {
      best = v;
      bestD = d;
    }
  }
  return best;
}

/** The consonants of a word with doubled letters collapsed: "bandpass" and "bndpas" are both "bndps". */
const skeleton = (w: string): string => w.replace(/[aeiou]/g, '').replace(/(.)\1+/g, '$1');

/**
 * The one long vocabulary word (six letters or more) whose consonant skeleton the word has: vowels dropped and letters
 * doubled or halved ("bndpas" → bandpass, "flitr" → filter, "trinng" → training), the typos hurried typing makes that
 * are too many edits for closestWord. Short words are left alone: too many real words share their skeletons.
 */
export function sameSkeleton(word: string, vocabulary: readonly string[]): string | null {
  const w = word.toLowerCase();
  if (w.length < 5) return null;
  const k = skeleton(w);
  // three consonants are shared by too many words ("suits" and "status")
  if (k.length < 4) return null;
  const hits = [...new Set(vocabulary.filter((v) => v.length >= 6 && v.length - w.length <= 3 && /^[a-z]+$/.test(v) && v[0] === w[0] && skeleton(v) === k))];
  return hits.length === 1 ? hits[0] : null;
}

/**
 * True when `typed` is one keystroke slip from `word`: two neighbouring letters swapped, one dropped or one added (a
 * doubled key), with the first letter kept. Substituted letters are left out: they turn too many words into other
 * real words ("mains" and "mails").
 */
export function isSlip(typed: string, word: string): boolean {
  if (typed === word || typed[0] !== word[0] || Math.abs(typed.length - word.length) > 1) return false;
  if (typed.length !== word.length) return editDistance(typed, word) === 1;
  const diff = [...typed].map((c, i) => (c === word[i] ? -1 : i)).filter((i) => i >= 0);
  return diff.length === 2 && diff[1] === diff[0] + 1 && typed[diff[0]] === word[diff[1]] && typed[diff[1]] === word[diff[0]];
}

/**
 * The one word of `words` that `token` abbreviates by cutting its end: "filt" → filter, "resamp" → resample, "norm" →
 * normalize, "freq" → frequency, the way lab notes shorten a step. At least four letters kept and two cut (one letter
 * less is a typo, read by closestWord), and only when a single word starts so ("conf" is configure or confusion: left).
 */
export function abbreviated(token: string, words: readonly string[]): string | null {
  const w = token.toLowerCase();
  if (w.length < 4) return null;
  const hits = words.filter((v) => v.length - w.length >= 2 && v.startsWith(w));
  return hits.length === 1 ? hits[0] : null;
}
