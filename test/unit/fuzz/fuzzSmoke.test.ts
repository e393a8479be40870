import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { buildCli } from '../agent/cliBuild';
import { existsSync } from 'node:fs';
import { repoRoot, testDataDir } from '../helpers/paths';
import { runMcpFuzz } from '../../fuzz/mcpFuzz';
import { runFilesFuzz, FORMATS } from '../../fuzz/filesFuzz';
import { matChar, matFile } from '../io/fuzz/fixtures';
import { readMat } from '../../../src/core/io/formats/mat';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';

/**
 * The small seeded run of the hostile-client fuzzer (issue 18); the large one is `npm run fuzz -- mcp|files --count N
 * --seed S`. At 220fa39 this run found unanswered malformed requests, internal text (-32603 with zod dumps and
 * "Maximum call stack size exceeded"), writes through a link out of the workspace and a session closed by one line.
 */
describe('fuzz smoke run (seeded)', () => {
  it('xbrain mcp: every hostile message answered, nothing written outside, no internal text, Study intact', async () => {
    const cli = await buildCli();
    // filters run on the signal worker as shipped (npm test builds dist/ first); without it they run inline
    const worker = join(repoRoot, 'dist', 'signalWorker.js');
    if (existsSync(worker)) process.env.XBRAIN_SIGNAL_WORKER = worker;
    const rep = await runMcpFuzz({ cli, dataFile: join(testDataDir, 'S001R04.edf'), count: 150, seed: 18 });
    expect(rep.examples).toEqual([]);
    expect(rep).toMatchObject({ crashes: 0, hangs: 0, unanswered: 0, internalTexts: 0, writesOutside: 0, studyIntact: true });
    expect(rep.rssPeakMB - rep.rssIdleMB).toBeLessThan(1024);
  }, 180_000);

  it('mutated recordings of every format: typed errors or valid loads, no escapes, the Study unchanged by failures', async () => {
    const rep = await runFilesFuzz({ dataDir: testDataDir, count: 12, seed: 18 });
    expect(Object.keys(rep.perFormat).sort()).toEqual(Object.keys(FORMATS).sort());
    expect(rep.examples).toEqual([]);
    expect(rep).toMatchObject({ crashes: 0, hangs: 0, internalTexts: 0, studyChanged: 0, escapes: 0, writesOutside: 0 });
  }, 180_000);

  it('regression from the 2000-case run: a MAT char array of 134217728×0 is a typed error, not a V8 abort', async () => {
    // `npm run fuzz -- files --count 2000 --seed 18` (eeglab case: a bit-flipped EEG.condition) aborted the process
    // ("Fatal JavaScript invalid size error") while it pushed 10^8 empty rows
    const el = matChar('condition', '');
    new DataView(el.buffer).setInt32(32, 134_217_728, true);
    const file = join(mkdtempSync(join(tmpdir(), 'xb-matrows-')), 'rows.mat');
    writeFileSync(file, matFile([el], false));
    await expect(readMat(file)).rejects.toMatchObject({ code: 'bad_file', message: expect.stringContaining('134217728x0 characters') });
  });
});
