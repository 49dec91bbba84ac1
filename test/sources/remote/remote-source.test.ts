// remoteSource over a real HTTP server on 127.0.0.1: verified artifacts load; tampered, broken, hostile, moved,
// missing and foreign ones are skipped with a diagnostic each, and the rest still load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteSource, SkillLoader, memorySource, type SourceListing } from '../../../src/index.js';
import { startServer, type TestServer } from '../../support/http-server.js';
import { codeOf, thrown } from '../../support/errors.js';
import { entry, indexOf, md, tarGz, tarGzWithLink, zip } from '../../support/remote-artifacts.js';

const INDEX = '/.well-known/agent-skills/index.json';
const base = '/.well-known/agent-skills';
let server: TestServer;
let foreign: TestServer;

const good = md('good');
const packed = tarGz({ 'SKILL.md': md('packed'), 'references/guide.md': '# Guide\n' });
const zipped = zip({ 'SKILL.md': md('zipped'), 'assets/data.bin': new Uint8Array([0, 1, 2, 255]) });
const slipTar = tarGz({ 'SKILL.md': md('slip-tar'), '../../evil.md': 'pwned' });
const slipZip = zip({ 'SKILL.md': md('slip-zip'), '../evil.md': 'pwned' });
const linked = tarGzWithLink(md('linked'), 'references/passwd');
const broken = packed.slice(0, 40);

beforeAll(async () => {
  foreign = await startServer({ '/far/SKILL.md': { body: md('far') } });
  server = await startServer();
  const routes: Record<string, Uint8Array> = {
    [`${base}/good/SKILL.md`]: good,
    [`${base}/packed.tar.gz`]: packed,
    [`${base}/zipped.zip`]: zipped,
    [`${base}/slip-tar.tar.gz`]: slipTar,
    [`${base}/slip-zip.zip`]: slipZip,
    [`${base}/linked.tar.gz`]: linked,
    [`${base}/broken.tar.gz`]: broken,
    [`${base}/tampered/SKILL.md`]: md('tampered-but-changed'),
    [`/elsewhere/moved/SKILL.md`]: md('moved'),
  };
  for (const [path, body] of Object.entries(routes)) server.routes.set(path, { body });
  server.routes.set(`${base}/moved/SKILL.md`, { status: 302, headers: { location: '/elsewhere/moved/SKILL.md' } });
  server.routes.set(`${base}/away/SKILL.md`, { status: 301, headers: { location: foreign.url('/far/SKILL.md') } });
  server.routes.set(`${base}/loop/SKILL.md`, { status: 307, headers: { location: `${base}/loop/SKILL.md` } });
  server.routes.set(INDEX, {
    body: indexOf([
      entry('good', 'skill-md', 'good/SKILL.md', good),
      entry('packed', 'archive', 'packed.tar.gz', packed),
      entry('zipped', 'archive', server.url(`${base}/zipped.zip`), zipped),
      entry('tampered', 'skill-md', 'tampered/SKILL.md', md('tampered')),
      entry('broken', 'archive', 'broken.tar.gz', broken),
      entry('slip-tar', 'archive', 'slip-tar.tar.gz', slipTar),
      entry('slip-zip', 'archive', 'slip-zip.zip', slipZip),
      entry('linked', 'archive', 'linked.tar.gz', linked),
      entry('moved', 'skill-md', 'moved/SKILL.md', md('moved')),
      entry('away', 'skill-md', 'away/SKILL.md', md('far')),
      entry('missing', 'skill-md', 'missing/SKILL.md', md('missing')),
      entry('loop', 'skill-md', 'loop/SKILL.md', md('loop')),
      entry('far', 'skill-md', foreign.url('/far/SKILL.md'), md('far')),
      entry('plugin', 'plugin', 'plugin.json', good),
    ]),
  });
});

afterAll(async () => {
  await server.close();
  await foreign.close();
});

const source = () => remoteSource(server.url(INDEX), { trustedOrigins: [server.origin] });
const reasons = (listing: SourceListing) => Object.fromEntries(listing.diagnostics.map((d) => [d.path, d.code]));

describe('remoteSource', () => {
  it('loads the verified skills and skips each bad entry with its own diagnostic', async () => {
    const listing = await source().list();
    expect(listing.entries.map((e) => e.dir)).toEqual(['good', 'moved', 'packed', 'zipped']);
    expect(reasons(listing)).toEqual({
      tampered: 'digest-mismatch',
      broken: 'invalid-archive',
      'slip-tar': 'unsafe-path',
      'slip-zip': 'unsafe-path',
      linked: 'unsafe-path',
      away: 'untrusted-origin',
      missing: 'source-error',
      loop: 'source-error',
      far: 'untrusted-origin',
      plugin: 'remote-index-entry',
    });
    expect(listing.diagnostics.find((d) => d.path === 'tampered')?.message).toContain('(DIGEST_MISMATCH)');
    expect(listing.diagnostics.every((d) => d.severity === 'error')).toBe(true);
    expect(foreign.hits.size).toBe(0); // an untrusted origin is never even asked
    expect(listing.diagnostics.find((d) => d.path === 'loop')?.message).toContain('redirects more than 5 times');
    expect(server.hits.get(`${base}/loop/SKILL.md`)).toBe(6);
  });

  it('inventories and reads archive files as their exact bytes', async () => {
    const s = source();
    const listing = await s.list();
    expect(listing.entries.find((e) => e.dir === 'packed')?.files?.map((f) => f.path)).toEqual(['references/guide.md']);
    expect(listing.entries.find((e) => e.dir === 'zipped')?.files?.map((f) => [f.path, f.isText])).toEqual([['assets/data.bin', false]]);
    expect(new TextDecoder().decode(await s.read('packed/references/guide.md'))).toBe('# Guide\n');
    expect([...(await s.read('zipped/assets/data.bin'))]).toEqual([0, 1, 2, 255]);
    expect(await codeOf(s.read('slip-tar/SKILL.md'))).toBe('NOT_FOUND');
  });

  it('reaches a foreign origin, and a redirect to it, once it is trusted', async () => {
    const listing = await remoteSource(server.url(INDEX), { trustedOrigins: [server.origin, foreign.origin] }).list();
    expect(listing.entries.map((e) => e.dir)).toEqual(['away', 'far', 'good', 'moved', 'packed', 'zipped']);
  });

  it('never downloads an unchanged digest twice', async () => {
    const s = source();
    await s.list();
    const before = server.hits.get(`${base}/packed.tar.gz`) ?? 0;
    const index = server.hits.get(INDEX) ?? 0;
    await s.list();
    expect(server.hits.get(`${base}/packed.tar.gz`)).toBe(before);
    expect(server.hits.get(INDEX)).toBe(index + 1);
  });

  it('puts remote skills in the org tier after the org store, whatever the orgId', async () => {
    const loader = new SkillLoader({ builtin: memorySource({ 'good/SKILL.md': md('good') }), remote: source() });
    const skills = await loader.loadAll();
    expect(skills.map((s) => [s.name, s.source])).toEqual([
      ['good', 'builtin'],
      ['moved', 'org'],
      ['packed', 'org'],
      ['zipped', 'org'],
    ]);
    expect(loader.diagnostics.filter((d) => d.code === 'shadowed')).toHaveLength(1);
    expect(await loader.readFile('packed', 'references/guide.md')).toBe('# Guide\n');
  });

  it('carries its own timeout for the loader', () => {
    expect(remoteSource(server.url(INDEX), { trustedOrigins: [server.origin], timeoutMs: 120_000 }).timeoutMs).toBe(120_000);
    expect(source().timeoutMs).toBeUndefined();
  });

  it('refuses an index off the trusted origins, and bad options, when made', () => {
    expect(thrown(() => remoteSource(server.url(INDEX), { trustedOrigins: [foreign.origin] })).code).toBe('UNTRUSTED_ORIGIN');
    expect(thrown(() => remoteSource('not a url', { trustedOrigins: [server.origin] })).code).toBe('INVALID_INPUT');
    expect(thrown(() => remoteSource(server.url(INDEX), { trustedOrigins: ['ftp://x.example'] })).code).toBe('INVALID_INPUT');
    expect(thrown(() => remoteSource(server.url(INDEX), { trustedOrigins: [] })).code).toBe('INVALID_INPUT');
    expect(thrown(() => remoteSource(server.url(INDEX), { trustedOrigins: [server.origin], limits: { maxFiles: -1 } })).code).toBe('INVALID_INPUT');
  });

  it('resolves relative URLs against where a redirected index was found', async () => {
    server.routes.set('/old/index.json', { status: 301, headers: { location: INDEX } });
    const listing = await remoteSource(server.url('/old/index.json'), { trustedOrigins: [server.origin] }).list();
    expect(listing.entries.map((e) => e.dir)).toEqual(['good', 'moved', 'packed', 'zipped']);
  });

  it('rejects with ABORTED when aborted while a download hangs', async () => {
    server.routes.set('/hang/index.json', { body: indexOf([entry('slow', 'skill-md', 'slow/SKILL.md', md('slow'))]) });
    server.routes.set('/hang/slow/SKILL.md', { hang: true });
    const controller = new AbortController();
    const listing = remoteSource(server.url('/hang/index.json'), { trustedOrigins: [server.origin], signal: controller.signal }).list();
    while ((server.hits.get('/hang/slow/SKILL.md') ?? 0) === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await codeOf(listing)).toBe('ABORTED');
  });

  it('rejects list() when the index is missing (404), and with ABORTED when aborted', async () => {
    const s = remoteSource(server.url('/nothing/index.json'), { trustedOrigins: [server.origin] });
    expect(await codeOf(s.list())).toBe('NOT_FOUND');
    expect(await codeOf(source().list({ signal: AbortSignal.abort() }))).toBe('ABORTED');
  });
});
