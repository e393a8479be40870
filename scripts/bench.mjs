// `npm run bench -- <area> [--json] [...]`: bundles bench/<area>.ts with esbuild and runs it in this Node (22).
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const [area, ...rest] = process.argv.slice(2);
if (!area || !existsSync(`bench/${area}.ts`)) {
  console.error(
    `usage: npm run bench -- <area> [--json]; areas: ${['io', 'signal', 'train', 'study'].filter((a) => existsSync(`bench/${a}.ts`)).join(', ') || 'none yet'}`,
  );
  process.exit(2);
}
mkdirSync('dist/bench', { recursive: true });
const outfile = `dist/bench/${area}.js`;
await esbuild.build({
  entryPoints: [`bench/${area}.ts`],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['onnxruntime-node'],
  logLevel: 'warning',
});
const r = spawnSync(process.execPath, ['--expose-gc', outfile, ...rest], { stdio: 'inherit' });
process.exit(r.status ?? 1);
