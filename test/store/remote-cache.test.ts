// indexedDbRemoteCache on fake-indexeddb: the offline check, and keys kept apart.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { indexedDbRemoteCache } from '../../src/store/index.js';
import { codeOf } from '../support/errors.js';
import { describeRemoteCacheContract } from '../sources/remote/remote-cache-contract.js';

const factory = new IDBFactory();
describeRemoteCacheContract('IndexedDB (fake-indexeddb)', () => indexedDbRemoteCache({ indexedDB: factory, name: 'offline' }));

describe('indexedDbRemoteCache', () => {
  it('returns what was put under a key, a copy, and nothing for another key', async () => {
    const cache = indexedDbRemoteCache({ indexedDB: new IDBFactory() });
    const bytes = new Uint8Array([1, 2, 3]);
    await cache.put('sha256-' + 'a'.repeat(64), bytes);
    bytes[0] = 9;
    expect([...((await cache.get('sha256-' + 'a'.repeat(64))) ?? [])]).toEqual([1, 2, 3]);
    expect(await cache.get('sha256-' + 'b'.repeat(64))).toBeUndefined();
  });

  it('rejects with STORE_FAILED where there is no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    try {
      expect(await codeOf(indexedDbRemoteCache().get(`sha256-${'a'.repeat(64)}`))).toBe('STORE_FAILED');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
