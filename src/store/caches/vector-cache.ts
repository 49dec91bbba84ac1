/**
 * `indexedDbVectorCache`: skill vectors kept in the browser between sessions, beside the skill store (a small
 * database of its own), so a page routing by meaning embeds a user's skill once per version, not once per visit.
 * @module
 */
import { wrap, type IDBPDatabase } from 'idb';
import type { VectorCache } from '../../routing/meaning/embedder.js';

/** Options of {@link indexedDbVectorCache}. */
export interface IndexedDbVectorCacheOptions {
  /** Database name (default `satchel-skill-vectors`). */
  readonly name?: string;
  /** The IndexedDB factory (default the global `indexedDB`); e.g. `new IDBFactory()` from fake-indexeddb in Node. */
  readonly indexedDB?: IDBFactory;
}

const VECTORS = 'vectors';

/**
 * A {@link VectorCache} on IndexedDB, keyed by `skillVectorKey` (model, recipe and skill digest), for
 * `routing: { embedder, vectorCache: indexedDbVectorCache() }`. Nothing is opened until the first use. It is a
 * cache: a database that cannot be opened or read is a miss, and a write that fails (a full disk) is dropped, so
 * routing never fails because of it; the vector is simply computed again next time.
 *
 * @example
 * ```ts
 * import { indexedDbVectorCache } from 'satchel/store'
 * exposeSkillRuntime({ builtin, store, routing: { embedder, vectorCache: indexedDbVectorCache() } })
 * ```
 */
export function indexedDbVectorCache(options: IndexedDbVectorCacheOptions = {}): VectorCache & { close(): void } {
  const name = options.name ?? 'satchel-skill-vectors';
  let db: Promise<IDBPDatabase | undefined> | undefined;
  const open = (): Promise<IDBPDatabase | undefined> => {
    if (db) return db;
    const opening = openVectors(options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB, name).then((opened) => {
      if (!opened && db === opening) db = undefined; // the next use tries again
      // Another tab deleting or upgrading the database is not kept waiting: close, and reopen on the next use.
      opened?.addEventListener('versionchange', () => {
        opened.close();
        if (db === opening) db = undefined;
      });
      return opened;
    });
    db = opening;
    return opening;
  };
  return {
    async get(key) {
      try {
        const value: unknown = await (await open())?.get(VECTORS, key);
        return value instanceof Float32Array ? value : undefined;
      } catch {
        return undefined;
      }
    },
    async set(key, vector) {
      try {
        await (await open())?.put(VECTORS, vector, key);
      } catch {
        // Dropped: the vector is computed again when next needed.
      }
    },
    close() {
      void db?.then((opened) => opened?.close());
      db = undefined;
    },
  };
}

function openVectors(factory: IDBFactory | undefined, name: string): Promise<IDBPDatabase | undefined> {
  if (!factory) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name, 1);
    } catch {
      return resolve(undefined);
    }
    let missed = false;
    request.onupgradeneeded = () => request.result.createObjectStore(VECTORS);
    // An open given up on (blocked) may still succeed later: closed rather than leaked.
    request.onsuccess = () => (missed ? request.result.close() : resolve(wrap(request.result)));
    request.onerror = () => resolve(undefined);
    request.onblocked = () => {
      missed = true;
      resolve(undefined);
    };
  });
}
