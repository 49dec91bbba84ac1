/**
 * Where a remote source keeps what it has verified: artifacts by digest,
 * and per index the last verified set (a small manifest), so the set loads
 * again with the network gone and an unchanged digest is fetched once.
 * `memoryRemoteCache()` is the default; `satchel/store` has one on IndexedDB
 * and `satchel/node` one in a folder.
 * @module
 */
import { sha256Digest } from '../../shared/hash.js';

/**
 * A key–value store of bytes for a remote source. Keys are short and safe as
 * file names (`[a-z0-9-]+`): `sha256-<hex>` for an artifact, `index-<hex>`
 * for the manifest of one index URL. What is read back from an artifact key
 * is checked against the digest again before use, so a damaged cache can
 * cost a download, never a wrong skill.
 *
 * @example
 * ```ts
 * const cache: RemoteCache = { get: async (key) => map.get(key), put: async (key, bytes) => void map.set(key, bytes) }
 * remoteSource('https://acme.example/.well-known/agent-skills/index.json', { trustedOrigins: ['https://acme.example'], cache })
 * ```
 */
export interface RemoteCache {
  /** The bytes kept under `key`, or `undefined`. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Keeps `bytes` under `key`, replacing what was there. */
  put(key: string, bytes: Uint8Array): Promise<void>;
}

/**
 * A {@link RemoteCache} in memory: verified artifacts are kept as long as
 * the cache object lives (each remote source makes its own by default).
 *
 * @example
 * ```ts
 * const cache = memoryRemoteCache()
 * const source = remoteSource(indexUrl, { trustedOrigins: [origin], cache })
 * ```
 */
export function memoryRemoteCache(): RemoteCache {
  const kept = new Map<string, Uint8Array>();
  return {
    get: (key) => Promise.resolve(kept.get(key)?.slice()),
    put: (key, bytes) => {
      kept.set(key, bytes.slice());
      return Promise.resolve();
    },
  };
}

/** The cache key of an artifact with this `sha256:<hex>` digest. */
export function artifactKey(digest: string): string {
  return digest.replace('sha256:', 'sha256-');
}

/** The cache key of the manifest of one index URL. */
export function manifestKey(indexUrl: string): string {
  return `index-${sha256Digest(indexUrl).slice('sha256:'.length)}`;
}

/** True when `key` is one a remote source writes: safe as a file name everywhere. */
export function isCacheKey(key: string): boolean {
  return /^(sha256|index)-[0-9a-f]{64}$/.test(key);
}

/**
 * `cache` with its failures taken as misses: a read that fails finds
 * nothing, a write that fails (a full quota, a read-only folder) is dropped.
 * A broken cache costs downloads and offline loading, never the skills.
 */
export function tolerantCache(cache: RemoteCache): RemoteCache {
  return {
    get: async (key) => {
      try {
        return await cache.get(key);
      } catch {
        return undefined;
      }
    },
    put: async (key, bytes) => {
      try {
        await cache.put(key, bytes);
      } catch {
        // Dropped on purpose: see above.
      }
    },
  };
}
