// Loads a TypeScript module of this repo from a plain Node script by bundling it with esbuild (used by the
// generators, which must see exactly what the product sees).
import * as esbuild from 'esbuild';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function loadTs(entry) {
  const r = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    external: ['vscode', 'onnxruntime-node'],
    logLevel: 'error',
  });
  // written inside the repository so the bundle's external packages (onnxruntime-node) resolve from node_modules
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'xbrain-gen-'));
  const file = join(dir, 'mod.cjs');
  writeFileSync(file, r.outputFiles[0].text);
  try {
    return createRequire(import.meta.url)(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
