import { withoutCorrectedPart } from './rejections';

/*
 * The scope of a correction inside one message is its own step: in "band-pass 1-40 Hz — sorry, 1-45 — then resample to
 * 128", "notch at 50, I mean 60, and then average reference" or 「學習率設 0.01，不對，0.001，然後開始訓練」 the cue takes
 * back a value of the step it sits in, and the steps after the next step boundary are steps of their own (read whole,
 * "1-45 — then resample to 128" was one corrected part with a step in it, and the band-pass was dropped). A step
 * boundary is an order word (then, after that, next, finally, 然後, 接著, 之後, 再來, 最後), or "and" after a separator
 * when what follows names a step; `withoutCorrectedPart` reads each step on its own.
 */
const ORDER_BOUNDARY =
  /(?:\s*(?:[,;，；]|\s[—–]+|\s-{1,2}\s)\s*|\s+)(?=(?:and\s+then|then|after\s+that|afterwards|next|and\s+finally|finally|and\s+lastly|lastly)\b)|\s*[，,；;]?\s*(?=然後|接著|之後|再來|最後)/gi;
const AND_BOUNDARY = /(?:\s*[,;，；]|\s[—–]+|\s-{1,2})\s*(?=and\s+)/gi;

/** Cut before each step boundary: the pieces, boundary words kept at the start of the piece after them. */
function steps(text: string, hasStep: (t: string) => boolean): string[] {
  const cuts = new Set<number>();
  for (const m of text.matchAll(ORDER_BOUNDARY)) cuts.add(m.index ?? 0);
  for (const m of text.matchAll(AND_BOUNDARY)) {
    const at = m.index ?? 0;
    if (hasStep(text.slice(at + m[0].length).replace(/^and\s+/i, ''))) cuts.add(at);
  }
  const sorted = [...cuts].filter((c) => c > 0).sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const c of sorted) {
    out.push(text.slice(from, c));
    from = c;
  }
  out.push(text.slice(from));
  return out;
}

/** `withoutCorrectedPart` applied to each step of the request, so a correction never reaches past its step. */
export function withoutCorrectedParts(text: string, hasStep: (t: string) => boolean): string {
  const pieces = steps(text, hasStep);
  if (pieces.length < 2) return withoutCorrectedPart(text, hasStep);
  return pieces
    .map((p) => {
      const lead = /^\s*(?:[,;，；]|[—–]+|-{1,2})?\s*/.exec(p)?.[0] ?? '';
      const fixed = withoutCorrectedPart(p.slice(lead.length), hasStep);
      return lead + fixed;
    })
    .join('');
}
