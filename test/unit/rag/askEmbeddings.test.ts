import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { execFile } from 'node:child_process';
import { buildKbIndex, indexSections, kbChunkTexts } from '../../../src/core/rag/knowledgeBase';
import { FakeEmbeddings } from '../helpers/fakeEmbeddings';
import { buildCli } from '../agent/cliBuild';
import { repoRoot } from '../helpers/paths';

// the CLI as it ships: dist/cli.js next to package.json and the offline index in dist/kb
const pkg = mkdtempSync(join(tmpdir(), 'xbrain-pkg-'));
const cache = mkdtempSync(join(tmpdir(), 'xbrain-cache-'));
const ws = mkdtempSync(join(tmpdir(), 'xbrain-ask-emb-'));
const server = new FakeEmbeddings();
let baseURL = '';
let unique = 0;

/** async: the fake endpoint lives in this process, so the CLI must not block its event loop */
function ask(question: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(pkg, 'dist', 'cli.js'), 'ask', '--mock', '--json', question, '--workspace', ws],
      { env: { ...process.env, NODE_OPTIONS: '', XBRAIN_CACHE_DIR: cache, XBRAIN_LLM_BASE_URL: baseURL, XBRAIN_LLM_API_KEY: 'test-key', ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('xbrain ask with endpoint embeddings (XBRAIN_EMBEDDING_MODEL)', () => {
  beforeAll(async () => {
    const cli = await buildCli();
    mkdirSync(join(pkg, 'dist'), { recursive: true });
    copyFileSync(cli, join(pkg, 'dist', 'cli.js'));
    writeFileSync(join(pkg, 'package.json'), '{"name": "xbrain"}\n');
    const kb = join(pkg, 'dist', 'kb');
    await buildKbIndex(join(repoRoot, 'knowledge_base'), kb);
    cpSync(join(repoRoot, 'knowledge_base'), join(pkg, 'knowledge_base'), { recursive: true });
    unique = (await kbChunkTexts(await indexSections(kb), join(mkdtempSync(join(tmpdir(), 'xb-chunks-')), 'scratch'))).length;
    baseURL = await server.start();
  });
  afterAll(() => server.stop());

  it('builds the index once (⌈chunks / 64⌉ requests), reuses it the next run, and falls back with the reason on a 404 model', async () => {
    const first = await ask('Why should I use a notch filter?', { XBRAIN_EMBEDDING_MODEL: 'text-embedding-3-small' });
    expect(first.code).toBe(0);
    const built = Math.ceil(unique / 64);
    expect(first.stderr).toMatch(new RegExp(`knowledge base: text-embedding-3-small embeddings at .* \\(\\d+ chunks indexed in ${built} requests`));
    expect(server.count()).toBe(built + 1);
    const out = JSON.parse(first.stdout);
    expect(out.calls).toEqual([]);
    expect(out.answer).toMatch(/Sources: \[\d\] Notch filter and line noise/);
    expect(out.answer).toMatch(/notch|line noise|mains/i);

    const second = await ask('Why should I use a notch filter?', { XBRAIN_EMBEDDING_MODEL: 'text-embedding-3-small' });
    expect(second.stderr).toMatch(/index reused/);
    expect(server.count()).toBe(built + 2);
    expect(JSON.parse(second.stdout).answer).toBe(out.answer);

    const missing = await ask('Why should I use a notch filter?', { XBRAIN_EMBEDDING_MODEL: 'no-such-embedder' });
    expect(missing.code).toBe(0);
    expect(missing.stderr.split('\n').filter((l) => l.startsWith('knowledge base:'))).toEqual([expect.stringMatching(/offline embeddings .*HTTP 404/)]);
    expect(JSON.parse(missing.stdout).answer).toMatch(/Sources: \[\d\] Notch filter and line noise/);
  });
});
