/**
 * `folderRemoteCache`: where a Node process's remote sources keep verified
 * artifacts and the manifest of the last verified set, one file per key, so
 * a server or CLI loads its organisation's skills with the network gone.
 * @module
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SkillError } from '../format/errors.js';
import { isCacheKey, type RemoteCache } from '../sources/remote/remote-cache.js';

let sequence = 0;

/**
 * A {@link RemoteCache} in a folder (made on first write). Files are written
 * under a temporary name and renamed, so a reader never sees half a file;
 * only the keys a remote source writes are accepted (`INVALID_INPUT`
 * otherwise), so a key can never name a path outside the folder.
 *
 * @example
 * ```ts
 * import { folderRemoteCache, remoteSource, SkillLoader } from 'satchel/node'
 *
 * const cache = folderRemoteCache('.cache/satchel-remote')
 * const remote = remoteSource(indexUrl, { trustedOrigins: [origin], cache })
 * await new SkillLoader({ remote }).loadAll()
 * ```
 */
export function folderRemoteCache(dir: string): RemoteCache {
  const pathOf = (key: string): string => {
    if (!isCacheKey(key)) throw new SkillError('INVALID_INPUT', `"${key}" is not a remote cache key.`);
    return join(dir, key);
  };
  return {
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(dir, { recursive: true });
      const temp = `${target}.${process.pid}.${sequence++}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, target);
    },
  };
}
