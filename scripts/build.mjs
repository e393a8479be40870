// One build, five bundles: extension host (cjs), CLI (cjs), trainer child process (cjs),
// webview panels (browser iife) and the notebook renderer (esm). Native and optional packages stay external.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, chmodSync, writeFileSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const external = ['vscode', 'onnxruntime-node'];
const common = { bundle: true, sourcemap: !production, minify: production, sourcesContent: false, logLevel: 'warning', metafile: true };

const node = (entry, outfile, extra = {}) => ({
  ...common,
  entryPoints: [entry],
  outfile,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external,
  ...extra,
});

// The CLI's command list is generated from the command files present.
await import('./gen-cli-index.mjs');

const targets = [
  node('src/extension/extension.ts', 'dist/extension.js'),
  node('src/cli/main.ts', 'dist/cli.js', { banner: { js: '#!/usr/bin/env node' } }),
  node('src/core/training/trainerProcess.ts', 'dist/trainer.js'),
  node('src/core/training/workerEntry.ts', 'dist/trainWorker.js'),
  node('src/core/signal/workers/entry.ts', 'dist/signalWorker.js'),
  { ...common, entryPoints: ['src/webview/panels/main.ts'], outfile: 'dist/webview/panels.js', platform: 'browser', format: 'iife', target: 'es2022' },
  { ...common, entryPoints: ['src/webview/renderer/index.ts'], outdir: 'dist/renderer', platform: 'browser', format: 'esm', splitting: true, target: 'es2022' },
].filter((t) => existsSync(t.entryPoints[0]));

mkdirSync('dist', { recursive: true });
if (watch) {
  for (const t of targets) (await esbuild.context(t)).watch();
} else {
  const results = await Promise.all(targets.map((t) => esbuild.build(t)));
  const meta = { inputs: {}, outputs: {} };
  for (const r of results) {
    Object.assign(meta.inputs, r.metafile.inputs);
    Object.assign(meta.outputs, r.metafile.outputs);
  }
  writeFileSync('dist/meta.json', JSON.stringify(meta));
  if (existsSync('dist/cli.js')) chmodSync('dist/cli.js', 0o755);
  console.log(`built ${targets.length} bundles${production ? ' (production)' : ''}`);
}

// Knowledge-base index (RAG) is built at build time and shipped; the agent area owns the script.
if (!watch && existsSync('scripts/build-kb.mjs')) {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, ['scripts/build-kb.mjs'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
