// Loads a TypeScript module of this repo from a plain Node script by bundling it with esbuild (used by the
// generators, which must see exactly what the product sees).
import * as esbuild from 'esbuild';
import { createRequire } from 'node:module';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

export async function loadTs(entry) {
  const r = await esbuild.build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, external: ['vscode', 'onnxruntime-node'], logLevel: 'error' });
  const dir = mkdtempSync(join(tmpdir(), 'xbrain-gen-'));
  const file = join(dir, 'mod.cjs');
  writeFileSync(file, r.outputFiles[0].text);
  try {
    return createRequire(import.meta.url)(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
