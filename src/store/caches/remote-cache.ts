/**
 * `indexedDbRemoteCache`: where a browser's remote sources keep verified
 * artifacts and the manifest of the last verified set, so an app loads its
 * organisation's skills with the network gone. One small database of its
 * own, apart from the skill store's, opened on first use.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { isBytes } from '../../sources/inventory.js';
import type { RemoteCache } from '../../sources/remote/remote-cache.js';
import { storeError } from '../errors.js';

/** Options of {@link indexedDbRemoteCache}. */
export interface IndexedDbRemoteCacheOptions {
  /** Database name (default `satchel-remote-cache`). */
  readonly name?: string;
  /** The IndexedDB factory (default the global `indexedDB`); e.g. `new IDBFactory()` from fake-indexeddb in Node. */
  readonly indexedDB?: IDBFactory;
}

const OBJECTS = 'artifacts';

/**
 * A {@link RemoteCache} on IndexedDB. Nothing is opened until the first
 * `get` or `put`; a failure there rejects with `STORE_FAILED` (or
 * `QUOTA_EXCEEDED`), which the remote source treats as a cache miss.
 *
 * @example
 * ```ts
 * import { remoteSource, SkillLoader } from 'satchel'
 * import { indexedDbRemoteCache } from 'satchel/store'
 *
 * const remote = remoteSource(indexUrl, { trustedOrigins: [origin], cache: indexedDbRemoteCache() })
 * await new SkillLoader({ remote }).loadAll()   // offline: the last verified set
 * ```
 */
export function indexedDbRemoteCache(options: IndexedDbRemoteCacheOptions = {}): RemoteCache {
  const name = options.name ?? 'satchel-remote-cache';
  let db: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    if (!factory) return Promise.reject(new SkillError('STORE_FAILED', 'IndexedDB is not available here; use memoryRemoteCache().'));
    db ??= openDatabase(factory, name).catch((e: unknown) => {
      db = undefined; // the next call tries again
      throw e;
    });
    return db;
  };
  return {
    async get(key) {
      const store = (await open()).transaction(OBJECTS, 'readonly').objectStore(OBJECTS);
      const value: unknown = await settle(store.get(key), 'reading the remote cache');
      return isBytes(value) ? value : undefined;
    },
    async put(key, bytes) {
      const tx = (await open()).transaction(OBJECTS, 'readwrite');
      tx.objectStore(OBJECTS).put(bytes.slice(), key);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = tx.onabort = () => reject(storeError(tx.error, 'writing the remote cache'));
      });
    },
  };
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  const request = factory.open(name, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(OBJECTS);
  return settle(request, 'opening the remote cache');
}

/** The request's result as a promise. */
function settle<T>(request: IDBRequest<T>, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(storeError(request.error, what));
  });
}
