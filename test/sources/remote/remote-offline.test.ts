// Offline: the last verified set is rebuilt from the cache when the index cannot be fetched, and a digest already
// in the cache is never downloaded again, by any source sharing it.
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryRemoteCache, remoteSource, type RemoteCache } from '../../../src/index.js';
import { startServer, type TestServer } from '../../support/http-server.js';
import { codeOf } from '../../support/errors.js';
import { entry, indexOf, md, tarGz } from '../../support/remote-artifacts.js';

let server: TestServer;
const packed = tarGz({ 'SKILL.md': md('packed'), 'references/guide.md': '# Guide\n' });
const tampered = tarGz({ 'SKILL.md': md('packed'), 'references/guide.md': '# Changed\n' });

beforeAll(async () => {
  server = await startServer({
    '/index.json': { body: indexOf([entry('packed', 'archive', 'packed.tar.gz', packed), entry('plain', 'skill-md', 'plain/SKILL.md', md('plain'))]) },
    '/packed.tar.gz': { body: packed },
    '/plain/SKILL.md': { body: md('plain') },
  });
});

describe('remoteSource offline', () => {
  let cache: RemoteCache;
  it('downloads each digest once across sources that share a cache', async () => {
    cache = memoryRemoteCache();
    await remoteSource(server.url('/index.json'), { trustedOrigins: [server.origin], cache }).list();
    await remoteSource(server.url('/index.json'), { trustedOrigins: [server.origin], cache }).list();
    expect([server.hits.get('/index.json'), server.hits.get('/packed.tar.gz'), server.hits.get('/plain/SKILL.md')]).toEqual([2, 1, 1]);
  });

  it('verifies cached bytes again: a damaged cache entry is downloaded anew, never used', async () => {
    const key = `sha256-${entry('packed', 'archive', '', packed)['digest']?.slice('sha256:'.length)}`;
    await cache.put(key, tampered);
    const listing = await remoteSource(server.url('/index.json'), { trustedOrigins: [server.origin], cache }).list();
    expect(listing.diagnostics).toEqual([]);
    expect(server.hits.get('/packed.tar.gz')).toBe(2);
  });

  it('loads the last verified set from the cache when the network is gone', async () => {
    await server.close();
    const s = remoteSource(server.url('/index.json'), { trustedOrigins: [server.origin], cache });
    const listing = await s.list();
    expect(listing.entries.map((e) => e.dir)).toEqual(['packed', 'plain']);
    expect(listing.diagnostics.map((d) => [d.code, d.severity])).toEqual([['remote-offline', 'warning']]);
    expect(new TextDecoder().decode(await s.read('packed/references/guide.md'))).toBe('# Guide\n');
  });

  it('fails as a source (SOURCE_FAILED) when offline with nothing cached', async () => {
    const s = remoteSource(server.url('/index.json'), { trustedOrigins: [server.origin] });
    expect(await codeOf(s.list())).toBe('SOURCE_FAILED');
  });
});

describe('remoteSource offline, legacy index', () => {
  it('keeps the digests of a legacy set on first fetch and loads it from the cache offline', async () => {
    const legacy = await startServer({
      '/.well-known/skills/index.json': { body: JSON.stringify({ skills: [{ name: 'old', description: 'Old.', files: ['SKILL.md', 'a.md'] }] }) },
      '/.well-known/skills/old/SKILL.md': { body: md('old') },
      '/.well-known/skills/old/a.md': { body: 'A' },
    });
    const cache = memoryRemoteCache();
    const make = () => remoteSource(legacy.url('/.well-known/skills/index.json'), { trustedOrigins: [legacy.origin], cache });
    expect((await make().list()).entries.map((e) => e.dir)).toEqual(['old']);
    await legacy.close();
    const offline = make();
    const listing = await offline.list();
    expect(listing.entries.map((e) => e.dir)).toEqual(['old']);
    expect(listing.diagnostics.map((d) => d.code)).toEqual(['remote-offline']);
    expect(new TextDecoder().decode(await offline.read('old/a.md'))).toBe('A');
  });
});
