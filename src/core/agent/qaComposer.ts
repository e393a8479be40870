/**
 * How the offline planner answers a question: it quotes the sentences of the retrieved sections that share the most
 * words with the question and cites the sections. Retrieved context arrives as blocks "[n] title (source)\ntext".
 */
export function answerFromContext(question: string, context: string): string {
  const blocks = parseBlocks(context);
  if (blocks.length === 0) return 'I have no reference material on that. Ask about EEG preprocessing, epochs, datasets, models or training, or ask me to run a step.';
  const q = terms(question);
  const scored: { sentence: string; score: number; ref: number }[] = [];
  for (const b of blocks) {
    for (const sentence of b.text.split(/(?<=[.!?。])\s+|\n+/)) {
      const t = sentence.trim();
      if (t.length < 20 || /^[#|`-]|^(User|Calls|Notebook cell):|^\w+\(.*\)$/.test(t)) continue;
      const words = terms(t);
      let score = 0;
      for (const w of q) if (words.has(w)) score += 1;
      if (score > 0) scored.push({ sentence: t, score: score + 0.5 / (1 + b.ref), ref: b.ref });
    }
  }
  scored.sort((a, b) => b.score - a.score);
  const picked = scored.slice(0, 3);
  if (picked.length === 0) picked.push({ sentence: blocks[0].text.split(/(?<=[.!?。])\s+/)[0], score: 0, ref: blocks[0].ref });
  const refs = [...new Set(picked.map((p) => p.ref))].sort((a, b) => a - b);
  const cites = refs.map((r) => `[${r}] ${blocks.find((b) => b.ref === r)?.title ?? ''}`).join('; ');
  return `${picked.map((p) => `${p.sentence} [${p.ref}]`).join(' ')}\n\nSources: ${cites}`;
}

function parseBlocks(context: string): { ref: number; title: string; text: string }[] {
  const out: { ref: number; title: string; text: string }[] = [];
  const re = /^\[(\d+)\] (.*)$/gm;
  const heads = [...context.matchAll(re)];
  heads.forEach((h, i) => {
    const start = (h.index ?? 0) + h[0].length;
    const end = i + 1 < heads.length ? heads[i + 1].index ?? context.length : context.length;
    out.push({ ref: Number(h[1]), title: h[2], text: context.slice(start, end).trim() });
  });
  return out;
}

const STOP = new Set(['the', 'a', 'an', 'is', 'are', 'what', 'why', 'how', 'do', 'does', 'i', 'to', 'of', 'in', 'and', 'or', 'for', 'it', 'my', 'should', 'can', 'with', 'on', 'be', 'that', 'this', 'which', 'when', 'use']);

export function terms(s: string): Set<string> {
  const out = new Set<string>();
  for (const w of s.toLowerCase().match(/[a-z0-9]+|[\u4e00-\u9fff]/g) ?? []) if (!STOP.has(w) && w.length > 1) out.add(w.replace(/s$/, ''));
  return out;
}
