// remoteSource in Chromium, against real HTTP servers on 127.0.0.1 (test/support/remote-server.global.ts): the
// browser's fetch (opaque manual redirects), fflate in the page, and the IndexedDB cache offline.
import { describe, expect, inject, it } from 'vitest';
import { remoteSource } from '../../../src/index.js';
import { indexedDbRemoteCache } from '../../../src/store/index.js';

const origin = inject('remoteOrigin');

describe('remoteSource in a browser', () => {
  it('loads verified skills and skips tampered, hostile and off-origin ones', async () => {
    const s = remoteSource(`${origin}/s/index.json`, { trustedOrigins: [origin] });
    const listing = await s.list();
    expect(listing.entries.map((e) => e.dir)).toEqual(['good', 'moved', 'packed', 'zipped']);
    expect(Object.fromEntries(listing.diagnostics.map((d) => [d.path, d.code]))).toEqual({
      tampered: 'digest-mismatch',
      slip: 'unsafe-path',
      linked: 'unsafe-path',
      away: 'untrusted-origin',
    });
    expect(new TextDecoder().decode(await s.read('packed/references/guide.md'))).toBe('# Guide\n');
    expect([...(await s.read('zipped/assets/data.bin'))]).toEqual([0, 1, 2, 255]);
  });

  it('follows a redirect to another origin once that origin is trusted', async () => {
    const listing = await remoteSource(`${origin}/s/index.json`, { trustedOrigins: [origin, inject('foreignOrigin')] }).list();
    expect(listing.entries.map((e) => e.dir)).toContain('away');
  });

  it('loads the last verified set from IndexedDB when the network is gone', async () => {
    const name = `remote-cache-${Date.now()}`;
    const url = `${origin}/flaky/index.json`;
    const first = await remoteSource(url, { trustedOrigins: [origin], cache: indexedDbRemoteCache({ name }) }).list();
    expect(first.entries.map((e) => e.dir)).toEqual(['packed']);
    const again = remoteSource(url, { trustedOrigins: [origin], cache: indexedDbRemoteCache({ name }) });
    const listing = await again.list();
    expect(listing.entries.map((e) => e.dir)).toEqual(['packed']);
    expect(listing.diagnostics.map((d) => d.code)).toEqual(['remote-offline']);
    expect(new TextDecoder().decode(await again.read('packed/references/guide.md'))).toBe('# Guide\n');
  });
});
