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
  const sentences = blocks.flatMap((b) => sentencesOf(b.text).map((s, i) => ({ ...s, ref: b.ref, rank: b.rank, pos: i, title: b.title, source: b.source })));
  // rarer terms weigh more: a term found in every sentence says little about which one answers
  const df = new Map<string, number>();
  for (const s of sentences) for (const t of s.terms) df.set(t, (df.get(t) ?? 0) + 1);
  const n = sentences.length || 1;
  const titleTerms = new Map(blocks.map((b) => [b.ref, contentTerms(b.title)]));
  const cue = CUES.find(([q]) => q.test(question))?.[1];
  const toolNamed = new Set(blocks.map((b) => b.title).filter((t) => /^[a-z_]+$/.test(t) && question.toLowerCase().includes(t)));
  // in a Chinese question the Latin words the user typed are the key concepts (SCCNet, dropout, AUC): they weigh
  // more; the glossary's English for a Chinese term ("重新參考" → set_reference) must not outweigh the Chinese text
  const weight = (t: string) => (typed.has(t) ? 2 : 1) * (zh && /^[a-z]/.test(t) && typed.has(t) ? 3 : 1);
  const idf = (t: string) => Math.log(1 + n / (df.get(t) ?? 1));
  const scored = sentences.map((s) => {
    let score = 0;
    for (const t of all) if (s.terms.has(t)) score += weight(t) * idf(t);
    // the kind of question ("when…", "why…", "how many…") favours sentences that answer that kind
    if (score > 0 && cue && cue.test(s.text)) score *= 1.3;
    // the generated tool reference restates the tools' one-line descriptions; the written sections explain them
    if (/tool_reference/.test(s.source) && !toolNamed.has(s.title)) score *= 0.7;
    return { ...s, score };
  });
  // the passage that answers: question terms in its title and text, with the retriever's rank as a prior
  const passageScore = new Map<number, number>();
  for (const b of blocks) {
    const terms = contentTerms(`${b.title}\n${b.text}`);
    let sc = 0;
    for (const t of all) if (terms.has(t)) sc += weight(t) * idf(t) * (titleTerms.get(b.ref)?.has(t) ? 2 : 1);
    if (/tool_reference/.test(b.source) && !toolNamed.has(b.title)) sc *= 0.7;
    passageScore.set(b.ref, sc * (1 + 0.3 / (1 + b.rank)));
  }
  const inLang = scored.filter((s) => s.zh === zh && s.score > 0);
  const pool = inLang.length ? inLang : scored.filter((s) => s.score > 0);
  if (pool.length === 0) return zh ? '知識庫沒有涵蓋這個問題（The knowledge base does not cover this.）。' : 'The knowledge base does not cover this.';
  const primary = [...passageScore.entries()].filter(([ref]) => pool.some((s) => s.ref === ref)).sort((x, y) => y[1] - x[1])[0][0];
  const fromPrimary = pool.filter((s) => s.ref === primary).sort((x, y) => y.score - x.score);
  const picked = fromPrimary.slice(0, 1);
  // a "when…"/"why…" part must not be lost to sentences that only name the concept
  const cueSentence = cue ? fromPrimary.find((s) => cue.test(s.text) && !picked.includes(s)) : undefined;
  if (cueSentence) picked.push(cueSentence);
  for (const s of fromPrimary.slice(1, 3)) if (!picked.includes(s) && picked.length < 3) picked.push(s);
  // the rest of the answer is the passage's own sequence: a definition is often followed by the fact asked for
  const sameLang = scored.filter((s) => s.ref === primary && s.zh === pool[0].zh).sort((x, y) => x.pos - y.pos);
  for (const s of sameLang) {
    if (picked.length >= PRIMARY_SENTENCES) break;
    if (!picked.includes(s)) picked.push(s);
  }
  // "clear_dataset vs reset_preprocessing?": every tool the question names is described from its own passage
  for (const b of blocks) {
    if (b.ref === primary || !toolNamed.has(b.title) || picked.length >= MAX_SENTENCES) continue;
    const first = scored.find((s) => s.ref === b.ref && s.pos === 0);
    if (first) picked.push(first);
  }
  // another passage adds a sentence only when it answers about as well (a second part of the question)
  const bestPrimary = picked[0]?.score ?? 0;
  const others = pool.filter((s) => s.ref !== primary).sort((x, y) => y.score - x.score);
  const covered = new Set(picked.flatMap((p) => [...all].filter((t) => p.terms.has(t))));
  for (const s of others) {
    if (picked.length >= MAX_SENTENCES || s.score < OTHER_FLOOR * bestPrimary) break;
    // and only with a question term the primary passage's sentences do not already answer (or as strong as the best)
    const adds = [...all].filter((t) => s.terms.has(t) && !covered.has(t));
    // a term the glossary added is not a part of the question the user asked: it alone does not earn a citation
    const addsTyped = adds.some((t) => typed.has(t));
    if ((!addsTyped && s.score < 0.95 * bestPrimary) || picked.some((p) => p.text === s.text)) continue;
    picked.push(s);
    for (const t of adds) covered.add(t);
  }
  picked.sort((a, b) => a.rank - b.rank || a.pos - b.pos);
  return picked.map((p) => `${p.text} [${p.ref}]`).join(zh ? '' : ' ');
}

/** Question kinds and the words of the sentences that answer them. */
const CUES: [RegExp, RegExp][] = [
  [
    /\bwhen\b|什麼時候|何時|時機|該不該|要不要|should i|是否應該|應該/i,
    /\bwhen\b|\buse\b|\bavoid|\bdefault|\bsuits?\b|\bgood\b|\bbetter\b|當|時|適合|建議|預設|避免|不要|請用/i,
  ],
  [/\bwhy\b|為什麼|為何|原因/i, /\bbecause\b|\bso that\b|\botherwise\b|\bwould\b|\bleak|因為|所以|因此|否則|避免|會/i],
  [/\bhow many\b|\bhow much\b|\bhow long\b|多少|幾|多長/i, /\d/],
  [
    /\bproblems?\b|\brisks?\b|\bissues?\b|\bwrong\b|\bdrawbacks?\b|問題|風險|缺點|影響/i,
    /\bleak|\binflat|\bdistort|\bbias|\bwrong|\bproblem|\bpoor\b|\bavoid|洩漏|高估|失真|錯|不理想|避免|不要|問題/i,
  ],
  [/\bhow (?:do|can|should) i\b|如何|怎麼|怎樣/i, /\([a-z_]+|[a-z_]+\(|=|設定|使用|請/i],
];

/** Up to 4 sentences of the passage that answers, up to 5 in all; another passage's sentence must score ≥ 0.8 of the best. */
const PRIMARY_SENTENCES = 4;
const MAX_SENTENCES = 5;
const OTHER_FLOOR = 0.8;

interface Block {
  ref: number;
  rank: number;
  title: string;
  source: string;
  text: string;
}

function parseBlocks(context: string): Block[] {
  const out: Block[] = [];
  const heads = [...context.matchAll(/^\[(\d+)\] (.*)$/gm)];
  heads.forEach((h, i) => {
    const start = (h.index ?? 0) + h[0].length;
    const end = i + 1 < heads.length ? (heads[i + 1].index ?? context.length) : context.length;
    const source = /\(([^()]*)\)\s*$/.exec(h[2])?.[1] ?? '';
    out.push({ ref: Number(h[1]), rank: i, title: h[2].replace(/\s*\([^)]*\)\s*$/, ''), source, text: context.slice(start, end).trim() });
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
    if (inCode || !line || /^#|^<!--|^(?:User|Calls|Notebook cell):|^- (?:Stages|Category):|^\|\s*(?:parameter|---)/.test(line)) continue;
    // a parameter row of the tool reference becomes a sentence: "optimizer: "adam" | "sgd" | "adamw", default "adam"."
    if (line.startsWith('|')) {
      const cells = line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((c) => c.trim().replace(/\\\|/g, '|'));
      if (cells.length >= 6) {
        const [name, type, required, def, range, description] = cells;
        const t = `${name}: ${type}${required ? ', required' : ''}${def ? `, default ${def}` : ''}${range ? `, range ${range}` : ''}${description ? `. ${description}` : '.'}`;
        out.push({ text: t, zh: false, terms: contentTerms(t) });
      }
      continue;
    }
    const zhLine = /^中文[:：]/.test(line);
    const body = line.replace(/^[-*]\s+|^\d+\.\s+/, '').replace(/^(?:中文|EN)[:：]\s*/, '');
    for (const piece of body.split(/(?<!\b(?:e\.g|i\.e|al|vs|cf|approx|etc)\.)(?<=[.!?])\s+(?=[A-Za-z0-9("“`])|(?<=[。！？])/)) {
      const t = piece.trim().replace(/\*\*/g, '');
      if (t.replace(/[\s\p{P}]/gu, '').length < 8) continue;
      out.push({ text: t, zh: zhLine || (t.match(/[\u4e00-\u9fff]/g)?.length ?? 0) > t.replace(/\s/g, '').length * 0.3, terms: contentTerms(t) });
    }
  }
  return out;
}

/** Question terms, kept for callers that rank text against a question. */
export function terms(s: string): Set<string> {
  return contentTerms(s);
}
