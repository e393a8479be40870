// load_data looks at every file's header before it reads any samples (the memory budget, the spill decision); an
// EDF/BDF header read there is passed on to the read, in memory or source-backed, not read a second time.
import { copyFileSync, mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as fileBytes from '../../../src/core/io/fileBytes';
import { openRecording, readRecording } from '../../../src/core/io/read';
import { diskRowsInfo } from '../../../src/core/signal/spill';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { repoRoot } from '../helpers/paths';
import { dataFile } from './truth';

// every module that reads a header goes through fileBytes.readBytes: counted per file
vi.mock('../../../src/core/io/fileBytes', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../../../src/core/io/fileBytes')>();
  return { ...orig, readBytes: vi.fn(orig.readBytes) };
});

/** How often each file's fixed EDF/BDF header (its first 256 bytes) was read. */
const headerReads = (): Record<string, number> => {
  const n: Record<string, number> = {};
  for (const [path, position, , field] of vi.mocked(fileBytes.readBytes).mock.calls)
    if (position === 0 && field === 'fixed header') n[path] = (n[path] ?? 0) + 1;
  return n;
};

const reg = new ToolRegistry();
// (a block body: a function returned from beforeEach would be called as its cleanup)
beforeEach(() => {
  vi.mocked(fileBytes.readBytes).mockClear();
});

describe('load_data reads each EDF/BDF header once', () => {
  // one study per group (the BDF file has another rate)
  const groups = [[dataFile('S001R04.edf'), dataFile('S001R08.edf')], [dataFile('test.bdf')]];

  it.each([
    ['in memory', {}],
    ['source-backed (a study kept on disk)', { spillAboveMB: 0 }],
  ])('%s', async (_, extra) => {
    for (const files of groups) {
      const study = new Study();
      const workspace = mkdtempSync(join(tmpdir(), 'xbrain-header-reads-'));
      const r = await reg.invoke('load_data', { paths: files }, { study, env: { workspace, packageRoot: repoRoot, trusted: true, ...extra } });
      expect(r.type, r.content).toBe('data');
      expect(study.state.recordings.map((x) => x.path)).toEqual(files);
      // the source-backed case really kept the samples in the files
      expect(study.state.recordings.every((x) => !!diskRowsInfo(x.data))).toBe('spillAboveMB' in extra);
    }
    expect(headerReads()).toEqual(Object.fromEntries(groups.flat().map((f) => [f, 1])));
  });

  it('a file changed between its header and its samples is read again, header included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xbrain-header-reads-'));
    const file = join(dir, 'x.edf');
    copyFileSync(dataFile('S001R04.edf'), file);
    const opened = await openRecording(file);
    expect(opened.header.channels).toHaveLength(64);
    // replaced by another recording (73 channels, BDF) before the samples are read
    copyFileSync(dataFile('test.bdf'), file);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const rec = await opened.read();
    const want = await readRecording(dataFile('test.bdf'));
    expect(rec.channels).toEqual(want.channels);
    expect(rec.data[3]).toEqual(want.data[3]);
    expect(headerReads()[file]).toBe(2);
  });
});
