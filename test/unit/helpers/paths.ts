import { resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '../../..');
/**
 * Real EEG files with MNE truth (tests only; never part of the product): the project's own test/data, or the folder
 * XBRAIN_TEST_DATA names (same layout, possibly more files). Nothing outside the clone is needed.
 */
export const testDataDir = process.env.XBRAIN_TEST_DATA ? resolve(process.env.XBRAIN_TEST_DATA) : resolve(repoRoot, 'test/data');
