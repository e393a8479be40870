import { isAbsolute, relative, sep } from 'node:path';

/** `child` equals `root` or lies below it (both absolute; real paths when links matter). `..hidden` is a name, not a step up. */
export function contains(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
