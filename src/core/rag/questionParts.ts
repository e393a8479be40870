import { contentTerms } from './grounding';

/** The items of a question that numbers what it asks ("three things: 1) … 2) … 3) …"); [] when it numbers nothing. */
export function numberedParts(question: string): string[] {
  const pieces = question.split(/(?:^|\s)(?:\(?\d\)|\d[.)、])\s*/);
  // the text before "1)" is a preamble ("three questions:"), unless the question starts with the first item
  const items = pieces.slice(1).map((p) => p.trim());
  return items.length >= 2 ? items.filter((p) => contentTerms(p).size > 0) : [];
}

/** The parts of a question that asks several things: its numbered items, else its sentences ending in "?" (or ";"). */
export function questionParts(question: string): string[] {
  const numbered = numberedParts(question);
  if (numbered.length >= 2) return numbered;
  return question
    .split(/[?？;；]\s*/)
    .map((p) => p.trim())
    .filter((p) => contentTerms(p).size > 0);
}
