// folderRemoteCache: the offline check, atomic files per key, and no key that names a path.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderRemoteCache } from '../../src/node/index.js';
import { codeOf } from '../support/errors.js';
import { tempTrees } from '../support/temp-trees.js';
import { describeRemoteCacheContract } from '../sources/remote/remote-cache-contract.js';

const tree = tempTrees('satchel-remote-cache-');
let folder: string | undefined;
describeRemoteCacheContract('folder', async () => folderRemoteCache((folder ??= join(await tree(), 'cache'))));

describe('folderRemoteCache', () => {
  it('writes one file per key and reads it back', async () => {
    const dir = join(await tree(), 'nested', 'cache');
    const cache = folderRemoteCache(dir);
    const key = `sha256-${'c'.repeat(64)}`;
    expect(await cache.get(key)).toBeUndefined();
    await cache.put(key, new Uint8Array([7, 8]));
    expect([...((await cache.get(key)) ?? [])]).toEqual([7, 8]);
    expect(await readdir(dir)).toEqual([key]);
  });

  it('refuses a key that is not one a remote source writes', async () => {
    const cache = folderRemoteCache(await tree());
    expect(await codeOf(cache.put('../escape', new Uint8Array()))).toBe('INVALID_INPUT');
    expect(await codeOf(cache.get('/etc/passwd'))).toBe('INVALID_INPUT');
  });
});
