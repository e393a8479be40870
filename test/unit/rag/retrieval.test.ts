import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildKbIndex, KbRetriever, measureRetrieval, passageText, PASSAGE_CHARS, readKnowledgeBase } from '../../../src/core/rag/knowledgeBase';
import { HashedTfIdfEmbedder, tokens } from '../../../src/core/rag/embedder';
import { canonicalZh, glossaryTerms } from '../../../src/core/rag/glossary';
import { AgentController } from '../../../src/core/agent/controller';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { mockSession } from '../../../src/core/agent/simulatedStudy';
import { repoRoot } from '../helpers/paths';

const heldOut: { q: string; uri: string }[] = JSON.parse(readFileSync(join(__dirname, 'heldout.json'), 'utf8'));
let retriever: KbRetriever;

describe('knowledge-base retrieval (vectra + offline hashed TF-IDF + BM25)', () => {
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xbrain-kb-'));
    const r = await buildKbIndex(join(repoRoot, 'knowledge_base'), dir);
    expect(r.sections).toBeGreaterThan(40);
    retriever = await KbRetriever.open(dir);
  });

  it('the embedder is deterministic, normalised, and handles Chinese bigrams', () => {
    const e = new HashedTfIdfEmbedder(256);
    const a = e.embed('band-pass filter 8 to 30 Hz');
    expect(a).toEqual(e.embed('band-pass filter 8 to 30 Hz'));
    expect(Math.hypot(...a)).toBeCloseTo(1, 9);
    expect(tokens('帶通濾波')).toEqual(expect.arrayContaining(['帶通', '濾波']));
  });

  it('a retrieved passage is its whole section (both languages), or cut after a full sentence when very long', async () => {
    const sections = await readKnowledgeBase(join(repoRoot, 'knowledge_base'));
    for (const s of sections) expect(passageText(s.text), s.uri).toBe(s.text);
    const long = `${'An English sentence. '.repeat(80)}\n中文：${'一個中文句子。'.repeat(300)}`;
    const cut = passageText(long);
    expect(cut.length).toBeLessThanOrEqual(PASSAGE_CHARS);
    expect(cut).toMatch(/。$/);
    const hits = await retriever.retrieve('共同平均參考是什麼？', 3);
    expect(hits[0].text).toMatch(/中文：/);
  });

  it('every held-out question targets a section that exists', async () => {
    const uris = new Set((await readKnowledgeBase(join(repoRoot, 'knowledge_base'))).map((s) => s.uri));
    for (const h of heldOut) expect(uris, h.uri).toContain(h.uri);
  });

  it('Recall@3 and MRR on held-out questions', async () => {
    const m = await measureRetrieval(retriever, heldOut, 3);
    console.log(`KB retrieval on ${heldOut.length} held-out questions: Recall@3 ${(m.recallAtK * 100).toFixed(1)}%, MRR ${m.mrr.toFixed(3)}`);
    // a floor well above chance (3 of ~60 sections ≈ 5%), not a tuned number
    expect(m.recallAtK).toBeGreaterThanOrEqual(0.6);
    expect(m.mrr).toBeGreaterThan(0.5);
  });

  it("reads misspelt words as the knowledge base's words, and leaves real words, identifiers and files alone", () => {
    expect(retriever.correctSpelling('good bandpas for motor imagry?')).toBe('good bandpass for motor imagery?');
    expect(retriever.correctSpelling('how many trails per class')).toBe('how many trials per class');
    expect(retriever.correctSpelling('overfiting after 50 epochs')).toBe('overfitting after 50 epochs');
    // a changed letter in a short word is another word, not a typo; identifiers and file names stay as typed
    expect(retriever.correctSpelling('what does inspect print')).not.toMatch(/point/);
    expect(retriever.correctSpelling('load S001R04.edf with subject_patern')).toBe('load S001R04.edf with subject_patern');
  });

  it("reads a Chinese variant as the knowledge base's word (採樣率 → 取樣率, 數據 → 資料), and leaves English alone", async () => {
    expect(canonicalZh('採樣率 160 的數據，奈奎斯特頻率是多少？')).toBe('取樣率 160 的資料，奈奎斯特頻率是多少？');
    expect(canonicalZh('被試之間要怎麼切')).toBe('受試者之間要怎麼切');
    expect(canonicalZh('受試者之間')).toBe('受試者之間');
    expect(canonicalZh('the data sampling rate')).toBe('the data sampling rate');
    // the variant and the knowledge base's wording find the same passages
    const variant = (await retriever.retrieve('台灣的工頻干擾要用幾 Hz 的陷波', 3)).map((h) => h.uri);
    const worded = (await retriever.retrieve('台灣的市電干擾要用幾 Hz 的陷波', 3)).map((h) => h.uri);
    expect(variant).toEqual(worded);
  });

  it('a knowledge base of 2 sections still retrieves (BM25 needs no minimum collection size)', async () => {
    const kb = mkdtempSync(join(tmpdir(), 'xbrain-kb-small-'));
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(kb, 'tiny.md'), '## Alpha\nalpha rhythm 8-13 Hz\n\n## Beta\nbeta rhythm 13-30 Hz\n');
    const out = mkdtempSync(join(tmpdir(), 'xbrain-kb-small-idx-'));
    await buildKbIndex(kb, out);
    const r = await (await KbRetriever.open(out)).retrieve('beta rhythm', 2);
    expect(r[0].title).toBe('Beta');
  });

  it('a chunk with no words (a table rule) scores below every other chunk, not NaN, so the semantic pass stays sorted', async () => {
    const e = new HashedTfIdfEmbedder(64);
    const empty = e.embed('| --- | --- |');
    expect(empty.every(Number.isFinite)).toBe(true);
    expect(Math.hypot(...empty)).toBeCloseTo(1, 9);
    const q = e.embed('beta rhythm');
    expect(q.reduce((s, x, i) => s + x * empty[i], 0)).toBeLessThan(0);
    // vectra's document scores must all be numbers, or its sort leaves them partly unordered
    const { writeFileSync } = await import('node:fs');
    const { LocalDocumentIndex } = await import('vectra');
    const kb = mkdtempSync(join(tmpdir(), 'xbrain-kb-rule-'));
    const topics = ['Alpha rhythm', 'Theta rhythm', 'Delta waves', 'Gamma band', 'Beta rhythm', 'Mu rhythm'];
    writeFileSync(
      join(kb, 'bands.md'),
      ['## Rule only\n| --- | --- |', ...topics.map((t) => `## ${t}\nThe ${t.toLowerCase()} is one EEG band with its own frequencies.`)].join('\n\n') + '\n',
    );
    const out = mkdtempSync(join(tmpdir(), 'xbrain-kb-rule-idx-'));
    await buildKbIndex(kb, out);
    const embedder = HashedTfIdfEmbedder.fromJSON(JSON.parse(readFileSync(join(out, 'embedder.json'), 'utf8')));
    const results = await new LocalDocumentIndex({ folderPath: out, embeddings: embedder }).queryDocuments('beta rhythm', { maxDocuments: 20, maxChunks: 40 });
    expect(results.map((r) => r.score).every(Number.isFinite)).toBe(true);
    const scores = results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("the glossary's terms weigh less than the question's own words, and a section's title counts", async () => {
    const { writeFileSync } = await import('node:fs');
    const kb = mkdtempSync(join(tmpdir(), 'xbrain-kb-weights-'));
    // the glossary glosses 運動想像 as "motor imagery mu beta": at full weight those three words outvoted "chance level"
    writeFileSync(
      join(kb, 'two.md'),
      '## Motor imagery rhythms\nMotor imagery changes mu and beta power over the motor cortex; mu is 8-12 Hz, beta 13-30 Hz.\n\n' +
        '## Chance level\nThe chance level of a classifier is 1/K for K balanced classes; a small test set needs a binomial threshold.\n\n' +
        '## Filters\nA band-pass filter keeps one band of frequencies.\n',
    );
    const out = mkdtempSync(join(tmpdir(), 'xbrain-kb-weights-idx-'));
    await buildKbIndex(kb, out);
    const r = await KbRetriever.open(out);
    expect((await r.retrieve('兩類運動想像的 chance level 是多少', 3))[0].title).toBe('Chance level');
    expect((await r.retrieve('運動想像用什麼頻帶', 3))[0].title).toBe('Motor imagery rhythms');
  });

  it('spelling variants are one token: bandpass / band-pass, -ize / -ise', () => {
    expect(tokens('bandpass and highpass')).toEqual(expect.arrayContaining(['band', 'pass', 'high']));
    expect(tokens('normalized localization')).toEqual(tokens('normalised localisation'));
    expect(tokens('hyperparameter')).toEqual(tokens('hyper-parameter'));
    // a short word ending in -ise is left alone
    expect(tokens('noise')).toEqual(['noise']);
  });

  it('the glossary reads the shorthand researchers type as the knowledge base words', () => {
    expect(glossaryTerms('train acc 99% val 55%, help')).toMatch(/overfitting/);
    expect(glossaryTerms('訓練 98%、驗證只有 60%')).toMatch(/overfitting/);
    expect(glossaryTerms('val loss keeps rising after epoch 20')).toMatch(/overfitting/);
    expect(glossaryTerms('filter first or reref first?')).toMatch(/re-reference/);
    // Chinese words for a band, slowness, units and class proportions reach the English half of their sections
    expect(glossaryTerms(canonicalZh('運動想像要濾多少頻段比較好'))).toMatch(/frequency band/);
    expect(glossaryTerms('訓練好慢 有什麼辦法')).toMatch(/slow/);
    expect(glossaryTerms('匯出的 X.npy 單位是 uV 嗎')).toMatch(/units/);
    expect(glossaryTerms('split 會不會讓各類別比例一樣')).toMatch(/balanced/);
    expect(glossaryTerms('512 Hz 要降到多少')).toMatch(/resample/);
    expect(glossaryTerms('set_model says my epochs are too short')).toMatch(/minimum epoch length/);
    expect(glossaryTerms('what is a band-pass filter')).not.toMatch(/overfitting|resample/);
    // a result that moves between trainings asks about seeds; a steeper edge and "taps" are the filter's length
    expect(glossaryTerms('accuracy changes every time i retrain, why')).toMatch(/seed/);
    expect(glossaryTerms('每次訓練結果都不一樣')).toMatch(/seed/);
    expect(glossaryTerms('sharper filter = better?')).toMatch(/transition band/);
    expect(glossaryTerms('history says 265 taps')).toMatch(/filter length/);
    expect(glossaryTerms('XBrain 可以做微狀態分析嗎')).toMatch(/microstate/);
    expect(glossaryTerms('train the model again with lr 0.01')).not.toMatch(/seed/);
    // fine-tuning a pretrained network is not a hyper-parameter search; tuning the learning rate is
    expect(glossaryTerms('can i fine-tune a pretrained EEGNet')).toMatch(/pretrained fine-tuning/);
    expect(glossaryTerms('can i fine-tune a pretrained EEGNet')).not.toMatch(/run_sweep/);
    expect(glossaryTerms('how do i tune the learning rate')).toMatch(/run_sweep/);
    expect(glossaryTerms('可以用預訓練的權重微調嗎')).toMatch(/pretrained/);
    expect(glossaryTerms('EEG 訊號看起來是一直線')).toMatch(/flat line units/);
  });

  it('Q&A through the agent answers from the knowledge base and cites sources', async () => {
    const session = await mockSession({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-qa-')), packageRoot: repoRoot, trusted: true }, 'empty');
    const agent = new AgentController({ llm: new OfflinePlanner(), session, retriever });
    const r = await agent.run('Why should I use a notch filter?');
    expect(r.route).toBe('qa');
    expect(r.calls).toHaveLength(0);
    expect(r.answer).toMatch(/notch|line noise|mains/i);
    expect(r.answer).toMatch(/Sources: \[\d\] Notch filter and line noise/);
    expect(session.study.stage).toBe('empty');
  });
});
