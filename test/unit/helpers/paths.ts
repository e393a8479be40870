import { resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '../../..');
/** Real EEG files with MNE truth (tests only; never copied into the product). */
export const testDataDir = process.env.XBRAIN_TEST_DATA ? resolve(process.env.XBRAIN_TEST_DATA) : resolve(repoRoot, '../shared/data/eeg');
