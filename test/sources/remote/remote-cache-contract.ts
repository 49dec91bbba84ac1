// The offline check every persistent remote cache must pass: verified once online, loaded again by a fresh source
// and a fresh cache object over the same storage once the server is gone, without a second download.
import { describe, expect, it } from 'vitest';
import { remoteSource, type RemoteCache } from '../../../src/index.js';
import { startServer } from '../../support/http-server.js';
import { entry, indexOf, md, tarGz } from '../../support/remote-artifacts.js';

/** Registers the check for a cache kind; `open` gives a new cache object over the same storage each call. */
export function describeRemoteCacheContract(name: string, open: () => RemoteCache | Promise<RemoteCache>): void {
  describe(`remote cache: ${name}`, () => {
    it('keeps the last verified set across restarts and loads it with the network gone', async () => {
      const packed = tarGz({ 'SKILL.md': md('packed'), 'references/a.md': 'A' });
      const server = await startServer({
        '/index.json': { body: indexOf([entry('packed', 'archive', 'packed.tar.gz', packed), entry('plain', 'skill-md', 'plain/SKILL.md', md('plain'))]) },
        '/packed.tar.gz': { body: packed },
        '/plain/SKILL.md': { body: md('plain') },
      });
      try {
        const make = async () => remoteSource(server.url('/index.json'), { trustedOrigins: [server.origin], cache: await open() });
        expect((await (await make()).list()).entries.map((e) => e.dir)).toEqual(['packed', 'plain']);
        await (await make()).list();
        expect([server.hits.get('/packed.tar.gz'), server.hits.get('/plain/SKILL.md')]).toEqual([1, 1]);
        await server.close();
        const offline = await make();
        const listing = await offline.list();
        expect(listing.entries.map((e) => e.dir)).toEqual(['packed', 'plain']);
        expect(listing.diagnostics.map((d) => d.code)).toEqual(['remote-offline']);
        expect(new TextDecoder().decode(await offline.read('packed/references/a.md'))).toBe('A');
      } finally {
        await server.close();
      }
    });
  });
}
