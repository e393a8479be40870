import { open, rename, copyFile, mkdir, unlink } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';

/**
 * Write a file so that a crash at any instant leaves either the old or the new content on disk:
 * write a temp file in the same folder, fsync it, rename over the target, fsync the folder.
 */
export async function writeFileAtomic(path: string, content: string | Uint8Array, opts: { backup?: boolean } = {}): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`);
  const fh = await open(tmp, 'w');
  try {
    await fh.writeFile(content);
    await fh.sync();
  } finally {
    await fh.close();
  }
  if (opts.backup) {
    // The previous state stays available as <file>.bak; copying (not renaming) keeps `path` valid throughout.
    await copyFile(path, `${path}.bak`).catch(() => undefined);
  }
  try {
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  const dh = await open(dir, 'r').catch(() => null);
  if (dh) {
    await dh.sync().catch(() => undefined);
    await dh.close();
  }
}
