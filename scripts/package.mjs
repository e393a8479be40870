// npm run package [-- --target linux-x64] — production build, then a platform-specific .vsix (onnxruntime-node's
// native binaries for the other platforms are pruned) written without vsce: a VSIX is a zip of
// [Content_Types].xml, extension.vsixmanifest and extension/<files>. Files are chosen by .vscodeignore.
// Prints the file count and the size.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { deflateRawSync, crc32 as zlibCrc32 } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const argTarget = process.argv.indexOf('--target');
const target = argTarget > 0 ? process.argv[argTarget + 1] : `${process.platform}-${process.arch}`;
const TARGETS = ['linux-x64', 'linux-arm64', 'win32-x64', 'win32-arm64', 'darwin-arm64'];
if (!TARGETS.includes(target)) {
  console.error(`package: --target must be one of ${TARGETS.join(', ')} (onnxruntime-node ships no binaries for '${target}')`);
  process.exit(2);
}
const [tPlatform, tArch] = target.split('-');

if (!process.argv.includes('--no-build')) {
  const b = spawnSync(process.execPath, ['scripts/build.mjs', '--production'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

// .vscodeignore → ordered rules; the last rule matching a path decides (vsce semantics).
const globRe = (g) =>
  new RegExp(
    '^' +
      g
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\/?/g, '\u0000')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')
        .replace(/\u0000/g, '.*') +
      '$',
  );
const rules = readFileSync(join(root, '.vscodeignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => (l.startsWith('!') ? { include: true, re: globRe(l.slice(1)) } : { include: false, re: globRe(l) }));
const included = (rel) => {
  let keep = true;
  for (const r of rules) if (r.re.test(rel)) keep = r.include;
  return keep;
};
const otherPlatformBinary = (rel) => {
  const m = /^node_modules\/onnxruntime-node\/bin\/napi-v\d+\/([^/]+)\/([^/]+)\//.exec(rel);
  return m !== null && (m[1] !== tPlatform || m[2] !== tArch);
};

const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const abs = join(dir, name);
    const rel = relative(root, abs).split(sep).join('/');
    if (rel === '.git' || rel.endsWith('.vsix')) continue;
    const st = statSync(abs);
    if (st.isDirectory()) {
      if (rel === 'node_modules') {
        for (const p of ['onnxruntime-node', 'onnxruntime-common']) walk(join(abs, p));
        continue;
      }
      walk(abs);
    } else if (included(rel) && !otherPlatformBinary(rel)) files.push(rel);
  }
};
walk(root);
for (const must of ['package.json', 'dist/extension.js', 'dist/webview/panels.js', 'dist/trainer.js', 'python/xbrain_trainer.py']) {
  if (!files.includes(must)) {
    console.error(`package: ${must} is missing from the package (build first?)`);
    process.exit(1);
  }
}
const leaked = files.filter((f) => f.startsWith('src/') || f.startsWith('test/') || f.endsWith('.map'));
if (leaked.length) {
  console.error(`package: sources, tests or source maps leaked into the package: ${leaked.slice(0, 5).join(', ')}`);
  process.exit(1);
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const manifest = `<?xml version="1.0" encoding="utf-8"?>
<PackageManifest Version="2.0.0" xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011" xmlns:d="http://schemas.microsoft.com/developer/vsx-schema-design/2011">
  <Metadata>
    <Identity Language="en-US" Id="${esc(pkg.name)}" Version="${esc(pkg.version)}" Publisher="${esc(pkg.publisher)}" TargetPlatform="${target}"/>
    <DisplayName>${esc(pkg.displayName)}</DisplayName>
    <Description xml:space="preserve">${esc(pkg.description)}</Description>
    <Tags>eeg,deep-learning,chat-participant</Tags>
    <Categories>${esc((pkg.categories ?? []).join(','))}</Categories>
    <GalleryFlags>Public</GalleryFlags>
    <Properties>
      <Property Id="Microsoft.VisualStudio.Code.Engine" Value="${esc(pkg.engines.vscode)}" />
      <Property Id="Microsoft.VisualStudio.Code.ExtensionKind" Value="workspace" />
    </Properties>
  </Metadata>
  <Installation><InstallationTarget Id="Microsoft.VisualStudio.Code"/></Installation>
  <Dependencies/>
  <Assets>
    <Asset Type="Microsoft.VisualStudio.Code.Manifest" Path="extension/package.json" Addressable="true" />
  </Assets>
</PackageManifest>
`;
const contentTypes = `<?xml version="1.0" encoding="utf-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension=".json" ContentType="application/json"/><Default Extension=".vsixmanifest" ContentType="text/xml"/><Default Extension=".js" ContentType="application/javascript"/><Default Extension=".md" ContentType="text/markdown"/><Default Extension=".node" ContentType="application/octet-stream"/><Default Extension=".1" ContentType="application/octet-stream"/><Default Extension=".txt" ContentType="text/plain"/></Types>
`;

// Minimal zip writer (deflate, no zip64: a VSIX stays far below 4 GiB).
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 =
  zlibCrc32 ??
  ((buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  });
const entries = [
  ['[Content_Types].xml', Buffer.from(contentTypes)],
  ['extension.vsixmanifest', Buffer.from(manifest)],
  ...files.map((f) => [`extension/${f}`, readFileSync(join(root, f))]),
];
const chunks = [];
const central = [];
let offset = 0;
for (const [name, data] of entries) {
  const nameBuf = Buffer.from(name);
  const deflated = deflateRawSync(data, { level: 9 });
  const stored = deflated.length >= data.length;
  const body = stored ? data : deflated;
  const crc = crc32(data) >>> 0;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0800, 6);
  local.writeUInt16LE(stored ? 0 : 8, 8);
  local.writeUInt32LE(0, 10);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(body.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBuf.length, 26);
  local.writeUInt16LE(0, 28);
  chunks.push(local, nameBuf, body);
  const cen = Buffer.alloc(46);
  cen.writeUInt32LE(0x02014b50, 0);
  cen.writeUInt16LE(20, 4);
  cen.writeUInt16LE(20, 6);
  cen.writeUInt16LE(0x0800, 8);
  cen.writeUInt16LE(stored ? 0 : 8, 10);
  cen.writeUInt32LE(0, 12);
  cen.writeUInt32LE(crc, 16);
  cen.writeUInt32LE(body.length, 20);
  cen.writeUInt32LE(data.length, 24);
  cen.writeUInt16LE(nameBuf.length, 28);
  cen.writeUInt32LE(offset, 42);
  central.push(cen, nameBuf);
  offset += 30 + nameBuf.length + body.length;
}
const cenSize = central.reduce((n, b) => n + b.length, 0);
const end = Buffer.alloc(22);
end.writeUInt32LE(0x06054b50, 0);
end.writeUInt16LE(entries.length, 8);
end.writeUInt16LE(entries.length, 10);
end.writeUInt32LE(cenSize, 12);
end.writeUInt32LE(offset, 16);
const out = join(root, `${pkg.name}-${target}-${pkg.version}.vsix`);
writeFileSync(out, Buffer.concat([...chunks, ...central, end]));
const size = statSync(out).size;
console.log(`${relative(root, out)}: ${entries.length} files, ${(size / 1024 / 1024).toFixed(1)} MB (target ${target})`);
