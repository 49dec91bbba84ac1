// A remote listing bounded as a whole: one archive listed many times is fetched and unpacked once, the whole listing
// stops at maxListingBytes, an index over maxSkills is refused before any artifact is fetched (the builtin tier still
// loads), and a legacy index's per-skill limits apply before downloading.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memorySource, remoteSource, SkillLoader } from '../../../src/index.js';
import { startServer, type TestServer } from '../../support/http-server.js';
import { rejected } from '../../support/errors.js';
import { skillMd } from '../../support/skill-md.js';
import { entry, indexOf, md, tarGz } from '../../support/remote-artifacts.js';

let server: TestServer;
const shared = tarGz({ 'SKILL.md': md('shared'), 'references/notes.md': 'n'.repeat(16 * 1024) });
// Ten different archives of about 100 KB unpacked each (random bytes: the gzip stays large too).
const big = Array.from({ length: 10 }, (_, i) => tarGz({ 'SKILL.md': md(`big-${i}`), 'assets/data.bin': randomBytes(100 * 1024, i) }));

function randomBytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < n; i++) out[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  return out;
}

beforeAll(async () => {
  server = await startServer({
    '/shared.tar.gz': { body: shared },
    '/many/index.json': { body: indexOf(Array.from({ length: 200 }, (_, i) => entry(`copy-${i}`, 'archive', '../shared.tar.gz', shared))) },
    ...Object.fromEntries(big.map((bytes, i) => [`/big-${i}.tar.gz`, { body: bytes }])),
    '/big/index.json': { body: indexOf(big.map((bytes, i) => entry(`big-${i}`, 'archive', `../big-${i}.tar.gz`, bytes))) },
    '/wide/index.json': { body: indexOf(Array.from({ length: 50 }, (_, i) => entry(`w-${i}`, 'archive', '../shared.tar.gz', shared))) },
    '/.well-known/skills/index.json': {
      body: JSON.stringify({
        skills: [{ name: 'heavy', description: 'Many files.', files: ['SKILL.md', ...Array.from({ length: 2000 }, (_, i) => `assets/f${i}.bin`)] }],
      }),
    },
    '/.well-known/skills/heavy/SKILL.md': { body: md('heavy') },
    '/slow/index.json': {
      body: indexOf([entry('quick', 'skill-md', 'quick/SKILL.md', md('quick')), entry('stuck', 'skill-md', 'stuck/SKILL.md', md('stuck'))]),
    },
    '/slow/quick/SKILL.md': { body: md('quick') },
    '/slow/stuck/SKILL.md': { hang: true },
    '/mixed/index.json': {
      body: indexOf([entry('broken', 'archive', '../missing.tar.gz', shared), entry('working', 'archive', '../shared.tar.gz', shared)]),
    },
  });
});
afterAll(() => server.close());

describe('a remote listing as a whole', () => {
  it('fetches and unpacks one archive once, however many entries list it', async () => {
    const listing = await remoteSource(server.url('/many/index.json'), { trustedOrigins: [server.origin] }).list();
    expect(listing.entries).toHaveLength(200);
    expect(server.hits.get('/shared.tar.gz')).toBe(1);
  });

  it('stops at maxListingBytes with LIMIT_EXCEEDED naming it, and a loader keeps its builtin tier', async () => {
    const remote = remoteSource(server.url('/big/index.json'), { trustedOrigins: [server.origin], limits: { maxListingBytes: 300 * 1024 } });
    const error = await rejected(remote.list());
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toContain('maxListingBytes');
    const loader = new SkillLoader({ builtin: memorySource({ 'pdf/SKILL.md': skillMd('pdf') }), remote });
    expect((await loader.loadAll()).map((s) => s.name)).toEqual(['pdf']);
    expect(loader.diagnostics.some((d) => d.code === 'source-error' && d.message.includes('maxListingBytes'))).toBe(true);
  });

  it('refuses an index over maxSkills before fetching any artifact', async () => {
    const before = server.hits.get('/shared.tar.gz') ?? 0;
    const error = await rejected(remoteSource(server.url('/wide/index.json'), { trustedOrigins: [server.origin], limits: { maxSkills: 10 } }).list());
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toContain('lists 50 skills, more than maxSkills (10)');
    expect(server.hits.get('/shared.tar.gz') ?? 0).toBe(before);
  });

  it('applies a legacy skill’s file limit before downloading any of its files', async () => {
    const listing = await remoteSource(server.url('/.well-known/skills/index.json'), { trustedOrigins: [server.origin] }).list();
    expect(listing.entries).toEqual([]);
    expect(listing.diagnostics.find((d) => d.path === 'heavy')?.message).toMatch(/lists 2001 files, more than maxFiles \(129\); none was downloaded/);
    expect(server.hits.get('/.well-known/skills/heavy/SKILL.md') ?? 0).toBe(0);
  });

  it('fails the skill whose artifact never answers, not the listing', async () => {
    const remote = remoteSource(server.url('/slow/index.json'), { trustedOrigins: [server.origin], limits: { artifactTimeoutMs: 300 } });
    const listing = await remote.list();
    expect(listing.entries.map((e) => e.dir)).toEqual(['quick']);
    expect(listing.diagnostics.find((d) => d.path === 'stuck')?.message).toMatch(/did not answer within 300 ms/);
  });

  it('honours its own timeoutMs when list() is called directly', async () => {
    const remote = remoteSource(server.url('/slow/index.json'), { trustedOrigins: [server.origin], timeoutMs: 300 });
    const error = await rejected(remote.list());
    expect(error.code).toBe('SOURCE_FAILED');
    expect(error.message).toContain('did not finish within timeoutMs (300 ms)');
  });

  it('does not fail an entry for another entry’s broken URL to the same digest', async () => {
    const listing = await remoteSource(server.url('/mixed/index.json'), { trustedOrigins: [server.origin] }).list();
    expect(listing.entries.map((e) => e.dir)).toEqual(['working']);
    expect(listing.diagnostics.find((d) => d.path === 'broken')?.message).toContain('missing.tar.gz');
  });
});
