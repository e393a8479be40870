// Which resume folders a run_protocol call removes when it starts (protocolCheckpoint.ts removeReplaced): those of
// the same protocol settings on other epochs, unless another running process writes them; nothing else.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileRunStore, protocolKey, protocolSettingsKey, removeReplaced } from '../../../src/core/evaluation/protocolCheckpoint';

const within = { protocol: 'within_session' as const, folds: 3, seed: 1 };
const row = { subject: '1', session: '1', pipeline: 'CSP+LDA' } as never;

describe('resume folders: removeReplaced', () => {
  it('removes a folder of the same settings on other epochs; keeps other settings, live writers, unnamed folders', () => {
    const root = mkdtempSync(join(tmpdir(), 'xb-resume-prune-'));
    const settings = protocolSettingsKey(within);
    // the settings key ignores the epochs and resolves defaults like the folder key
    expect(protocolSettingsKey({ ...within, folds: 3 })).toBe(settings);
    expect(protocolSettingsKey({ ...within, seed: 2 })).not.toBe(settings);
    expect(protocolSettingsKey({ protocol: 'cross_subject' })).toBe(protocolSettingsKey({ protocol: 'cross_subject', nTestSubjects: 1, seed: 0 }));
    const folder = (identity: string, opts = within) => {
      const key = protocolKey(opts, identity);
      const store = fileRunStore(join(root, key), () => '');
      store.put({ foldIndex: 0, foldName: 'f1', pipeline: 'CSP+LDA' }, [row]);
      store.claim(protocolSettingsKey(opts));
      return key;
    };
    const current = folder('epochs-now');
    const stale = folder('epochs-before');
    const otherSeed = folder('epochs-before', { ...within, seed: 2 });
    // another process, still running, writes this one (its parent: alive, not this process)
    const live = folder('epochs-elsewhere');
    const owner = join(root, live, 'protocol.json');
    writeFileSync(owner, JSON.stringify({ ...JSON.parse(readFileSync(owner, 'utf8')), pid: process.ppid }));
    // a folder written before folders named their settings
    const unnamed = protocolKey(within, 'epochs-old-version');
    mkdirSync(join(root, unnamed));
    writeFileSync(join(root, unnamed, '00000-CSP_LDA.json'), '{}');

    expect(removeReplaced(root, current, settings)).toEqual([stale]);
    expect(readdirSync(root).sort()).toEqual([current, otherSeed, live, unnamed].sort());
    // the kept run of the current folder is still there to resume
    expect(fileRunStore(join(root, current), () => '').get({ foldIndex: 0, foldName: 'f1', pipeline: 'CSP+LDA' })).toEqual([row]);

    // once its writer has ended (a pid that no process has), the live one is replaced too
    writeFileSync(owner, JSON.stringify({ ...JSON.parse(readFileSync(owner, 'utf8')), pid: 2 ** 22 + 12345 }));
    expect(removeReplaced(root, current, settings)).toEqual([live]);
    expect(existsSync(join(root, otherSeed))).toBe(true);
  });

  it('a missing resume root is nothing to remove', () => {
    expect(removeReplaced(join(tmpdir(), 'xb-no-such-resume-root'), 'k', 's')).toEqual([]);
  });
});
