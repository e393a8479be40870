import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the CLI keeps what it can rebuild (the knowledge-base index of an embeddings endpoint): $XBRAIN_CACHE_DIR,
 * else $XDG_CACHE_HOME/xbrain, %LOCALAPPDATA%\xbrain\cache on Windows, ~/Library/Caches/xbrain on macOS, ~/.cache/xbrain.
 */
export function cliCacheDir(env: Record<string, string | undefined>, platform: string = process.platform): string {
  if (env.XBRAIN_CACHE_DIR) return env.XBRAIN_CACHE_DIR;
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'xbrain');
  if (platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'xbrain', 'cache');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'xbrain');
  return join(homedir(), '.cache', 'xbrain');
}
