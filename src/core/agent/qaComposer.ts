import { contentTerms } from '../rag/grounding';
import { expandQuery } from '../rag/glossary';

/**
 * How the offline planner answers a question: from the retrieved passages it picks the sentences that answer it
 * (most weighted question terms, rarer terms weighing more), in the question's language when the passage has it,
 * and cites each with the number of its passage. Nothing is invented: every sentence is quoted from a passage, and
 * when no sentence shares a term with the question it says the knowledge base does not cover it.
 * Retrieved context arrives as blocks "[n] title (source)\ntext".
 */
export function answerFromContext(question: string, context: string): string {
  const blocks = parseBlocks(context);
  const zh = /[\u4e00-\u9fff]/.test(question);
  if (blocks.length === 0) return zh ? '知識庫沒有涵蓋這個問題（The knowledge base does not cover this.）。' : 'The knowledge base does not cover this.';
  const typed = contentTerms(question);
  const all = contentTerms(expandQuery(question));
  const sentences = blocks.flatMap((b) => sentencesOf(b.text).map((s, i) => ({ ...s, ref: b.ref, rank: b.rank, pos: i, title: b.title })));
  // rarer terms weigh more: a term found in every sentence says little about which one answers
  const df = new Map<string, number>();
  for (const s of sentences) for (const t of s.terms) df.set(t, (df.get(t) ?? 0) + 1);
  const n = sentences.length || 1;
  const titleTerms = new Map(blocks.map((b) => [b.ref, contentTerms(b.title)]));
  const scored = sentences.map((s) => {
    let score = 0;
    for (const t of all) {
      if (!s.terms.has(t)) continue;
      const idf = Math.log(1 + n / (df.get(t) ?? 1));
      score += (typed.has(t) ? 2 : 1) * idf;
    }
    // the passage's own title names its topic: a sentence of the section the question is about counts more
    let titleHits = 0;
    for (const t of all) if (titleTerms.get(s.ref)?.has(t)) titleHits++;
    if (score > 0) score *= 1 + 0.15 * Math.min(titleHits, 3) + (s.pos === 0 ? 0.1 : 0) + 0.1 / (1 + s.rank);
    return { ...s, score };
  });
  const inLang = scored.filter((s) => s.zh === zh && s.score > 0);
  const pool = inLang.length ? inLang : scored.filter((s) => s.score > 0);
  if (pool.length === 0) return zh ? '知識庫沒有涵蓋這個問題（The knowledge base does not cover this.）。' : 'The knowledge base does not cover this.';
  pool.sort((a, b) => b.score - a.score);
  const best = pool[0].score;
  const picked: typeof pool = [];
  for (const s of pool) {
    if (picked.length >= MAX_SENTENCES) break;
    if (s.score < RELATIVE_FLOOR * best) break;
    if (picked.some((p) => p.text === s.text)) continue;
    picked.push(s);
  }
  picked.sort((a, b) => a.rank - b.rank || a.pos - b.pos);
  return picked.map((p) => `${p.text} [${p.ref}]`).join(zh ? '' : ' ');
}

/** At most this many sentences, each scoring at least this share of the best one. */
const MAX_SENTENCES = 4;
const RELATIVE_FLOOR = 0.5;

interface Block {
  ref: number;
  rank: number;
  title: string;
  text: string;
}

function parseBlocks(context: string): Block[] {
  const out: Block[] = [];
  const heads = [...context.matchAll(/^\[(\d+)\] (.*)$/gm)];
  heads.forEach((h, i) => {
    const start = (h.index ?? 0) + h[0].length;
    const end = i + 1 < heads.length ? heads[i + 1].index ?? context.length : context.length;
    out.push({ ref: Number(h[1]), rank: i, title: h[2].replace(/\s*\([^)]*\)\s*$/, ''), text: context.slice(start, end).trim() });
  });
  return out;
}

/** The sentences of a passage: prose and list items, not headings, table rows or code. */
function sentencesOf(text: string): { text: string; zh: boolean; terms: Set<string> }[] {
  const out: { text: string; zh: boolean; terms: Set<string> }[] = [];
  let inCode = false;
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (line.startsWith('```')) {
      inCode = !inCode;
      continue;
    }
    if (inCode || !line || /^#|^\||^<!--|^(?:User|Calls|Notebook cell):/.test(line)) continue;
    const body = line.replace(/^[-*]\s+|^\d+\.\s+/, '').replace(/^(?:中文|EN)[:：]\s*/, '');
    for (const piece of body.split(/(?<=[.!?])\s+(?=[A-Z0-9("“])|(?<=[。！？；])/)) {
      const t = piece.trim().replace(/\*\*/g, '');
      if (t.replace(/[\s\p{P}]/gu, '').length < 8) continue;
      out.push({ text: t, zh: /[\u4e00-\u9fff]/.test(t) && (t.match(/[\u4e00-\u9fff]/g)?.length ?? 0) * 3 > t.replace(/\s/g, '').length * 0.5, terms: contentTerms(t) });
    }
  }
  return out;
}

/** Question terms, kept for callers that rank text against a question. */
export function terms(s: string): Set<string> {
  return contentTerms(s);
}
