import { describe, it, expect } from 'vitest';
import { copyFileSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRecording } from '../../../src/core/io/read';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { repoRoot, testDataDir } from '../helpers/paths';

/**
 * Companion files are read only from their header's folder, links resolved: a .set whose .fdt, or a .vhdr whose
 * .eeg/.vmrk, is a symbolic link to a file outside that folder is a typed error naming the header and the field,
 * and load_data leaves the Study empty. Links that stay inside the folder keep working.
 */
function folders() {
  const ws = mkdtempSync(join(tmpdir(), 'xb-companion-ws-'));
  const outside = mkdtempSync(join(tmpdir(), 'xb-companion-out-'));
  return { ws, outside };
}

describe('companion files behind symbolic links', () => {
  it('EEGLAB: an .fdt linked to a file outside the folder is refused, naming EEG.data; one linked inside is read', async () => {
    const { ws, outside } = folders();
    copyFileSync(join(testDataDir, 'eeglab_data.set'), join(ws, 'eeglab_data.set'));
    copyFileSync(join(testDataDir, 'eeglab_data.fdt'), join(outside, 'eeglab_data.fdt'));
    symlinkSync(join(outside, 'eeglab_data.fdt'), join(ws, 'eeglab_data.fdt'));
    await expect(readRecording(join(ws, 'eeglab_data.set'))).rejects.toThrow(/EEG\.data.*leads outside the header's folder/);
    const study = new Study();
    const r = await new ToolRegistry().invoke(
      'load_data',
      { paths: ['eeglab_data.set'] },
      { study, env: { workspace: ws, packageRoot: repoRoot, trusted: true, dataFolders: [] } },
    );
    expect(r.type).toBe('error');
    expect(study.state.recordings).toHaveLength(0);

    const inside = mkdtempSync(join(tmpdir(), 'xb-companion-in-'));
    copyFileSync(join(testDataDir, 'eeglab_data.set'), join(inside, 'eeglab_data.set'));
    copyFileSync(join(testDataDir, 'eeglab_data.fdt'), join(inside, 'data-kept-here.fdt'));
    symlinkSync(join(inside, 'data-kept-here.fdt'), join(inside, 'eeglab_data.fdt'));
    const rec = await readRecording(join(inside, 'eeglab_data.set'));
    expect(rec.channels).toHaveLength(32);
  });

  it('BrainVision: a data or marker file linked outside the folder is refused, naming the field', async () => {
    for (const [linked, field] of [
      ['test.eeg', 'DataFile'],
      ['test.vmrk', 'MarkerFile'],
    ] as const) {
      const { ws, outside } = folders();
      for (const f of ['test.vhdr', 'test.eeg', 'test.vmrk']) {
        if (f === linked) {
          copyFileSync(join(testDataDir, f), join(outside, f));
          symlinkSync(join(outside, f), join(ws, f));
        } else copyFileSync(join(testDataDir, f), join(ws, f));
      }
      await expect(readRecording(join(ws, 'test.vhdr'))).rejects.toThrow(new RegExp(`${field}.*leads outside the header's folder`));
    }
  });

  it('NPY: a sidecar .json linked outside the folder is refused', async () => {
    const { ws, outside } = folders();
    const header = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 4), }";
    const pad = 64 - ((10 + header.length + 1) % 64);
    const h = Buffer.from(header + ' '.repeat(pad) + '\n', 'latin1');
    const pre = Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, h.length & 0xff, h.length >> 8]);
    writeFileSync(join(ws, 'x.npy'), Buffer.concat([pre, h, Buffer.from(new Float32Array(8).buffer)]));
    writeFileSync(join(outside, 'x.json'), JSON.stringify({ sfreq: 100 }));
    symlinkSync(join(outside, 'x.json'), join(ws, 'x.json'));
    await expect(readRecording(join(ws, 'x.npy'))).rejects.toThrow(/sidecar JSON.*leads outside the header's folder/);
  });
});
