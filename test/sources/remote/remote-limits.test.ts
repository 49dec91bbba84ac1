// What an archive may unpack to is bounded before and during inflation; unknown index forms are refused with a
// diagnostic; the legacy 0.1.0 index loads, flagged as unverified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteSource } from '../../../src/index.js';
import { startServer, type TestServer } from '../../support/http-server.js';
import { entry, indexOf, md, tarGz, zip } from '../../support/remote-artifacts.js';

let server: TestServer;
const bomb = tarGz({ 'SKILL.md': md('bomb'), 'zeros.bin': new Uint8Array(8 * 1024 * 1024) });
const wide = zip({ 'SKILL.md': md('wide'), 'a.md': 'a', 'b.md': 'b', 'c.md': 'c' });
const deep = tarGz({ 'SKILL.md': md('deep'), 'a/b/c/d.md': 'deep' });
const smuggler = tarGz({ 'SKILL.md': md('smuggler'), 'extra/SKILL.md': md('extra'), 'notes.md': 'n' });
const clash = md('clash');
const zipBomb = zip({ 'SKILL.md': md('zip-bomb'), 'zeros.bin': new Uint8Array(4 * 1024 * 1024) });

beforeAll(async () => {
  server = await startServer({
    '/bomb.tar.gz': { body: bomb },
    '/wide.zip': { body: wide },
    '/deep.tar.gz': { body: deep },
    '/zip-bomb.zip': { body: zipBomb },
    '/big/SKILL.md': { body: new Uint8Array(300 * 1024) },
    '/index.json': {
      body: indexOf([
        entry('bomb', 'archive', 'bomb.tar.gz', bomb),
        entry('wide', 'archive', 'wide.zip', wide),
        entry('deep', 'archive', 'deep.tar.gz', deep),
        entry('zip-bomb', 'archive', 'zip-bomb.zip', zipBomb),
        entry('big', 'skill-md', 'big/SKILL.md', new Uint8Array(300 * 1024)),
      ]),
    },
    '/smuggle/smuggler.tar.gz': { body: smuggler },
    '/smuggle/smuggler/extra/SKILL.md': { body: clash },
    '/smuggle/index.json': {
      body: indexOf([entry('smuggler', 'archive', 'smuggler.tar.gz', smuggler), entry('clash', 'skill-md', 'smuggler/extra/SKILL.md', clash)]),
    },
    '/unknown/index.json': { body: indexOf([entry('x', 'skill-md', 'x/SKILL.md', md('x'))], 'https://schemas.agentskills.io/discovery/9.0.0/schema.json') },
    '/.well-known/skills/index.json': {
      body: JSON.stringify({
        skills: [
          { name: 'old', description: 'Old.', files: ['SKILL.md', 'references/a.md'] },
          { name: 'bad', files: ['../x'] },
        ],
      }),
    },
    '/.well-known/skills/old/SKILL.md': { body: md('old') },
    '/.well-known/skills/old/references/a.md': { body: 'A' },
  });
});
afterAll(() => server.close());

describe('remoteSource limits', () => {
  it('refuses archives over the file, byte, nesting and download limits, and loads nothing of them', async () => {
    const limits = { maxTotalBytes: 64 * 1024, maxFileBytes: 32 * 1024, maxFiles: 3, maxNesting: 2, maxArtifactBytes: 200 * 1024 };
    const listing = await remoteSource(server.url('/index.json'), { trustedOrigins: [server.origin], limits }).list();
    expect(listing.entries).toEqual([]);
    const byPath = Object.fromEntries(listing.diagnostics.map((d) => [d.path, `${d.code} ${d.message}`]));
    expect(byPath['bomb']).toMatch(/^limit-exceeded .*inflates to more than/);
    expect(byPath['wide']).toMatch(/^limit-exceeded .*more than 3 files/);
    expect(byPath['deep']).toMatch(/^unsafe-path .*nested 3 folders deep/);
    expect(byPath['zip-bomb']).toMatch(/^limit-exceeded .*over maxFileBytes/);
    expect(byPath['big']).toMatch(/^limit-exceeded .*larger than 204800 bytes/);
  });

  it('under the default limits, refuses only the archives holding a file over 256 KiB', async () => {
    const listing = await remoteSource(server.url('/index.json'), { trustedOrigins: [server.origin] }).list();
    expect(listing.entries.map((e) => e.dir)).toEqual(['big', 'deep', 'wide']);
    expect(listing.diagnostics.map((d) => [d.path, d.code])).toEqual([
      ['bomb', 'limit-exceeded'],
      ['zip-bomb', 'limit-exceeded'],
    ]);
  });

  it('loads no skill the index does not list, and no entry whose files another entry already holds', async () => {
    const listing = await remoteSource(server.url('/smuggle/index.json'), { trustedOrigins: [server.origin] }).list();
    expect(listing.entries.map((e) => [e.dir, e.files?.map((f) => f.path)])).toEqual([['smuggler', ['notes.md']]]);
    expect(listing.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['remote-index-entry', 'clash'],
      ['remote-index-entry', 'smuggler/extra/SKILL.md'],
    ]);
  });

  it('skips an index of an unknown $schema with a diagnostic', async () => {
    const listing = await remoteSource(server.url('/unknown/index.json'), { trustedOrigins: [server.origin] }).list();
    expect(listing.entries).toEqual([]);
    expect(listing.diagnostics.map((d) => d.code)).toEqual(['remote-index-entry']);
  });

  it('reads a legacy 0.1.0 index with its files list, warning that nothing could be verified', async () => {
    const s = remoteSource(server.url('/.well-known/skills/index.json'), { trustedOrigins: [server.origin] });
    const listing = await s.list();
    expect(listing.entries.map((e) => [e.dir, e.files?.map((f) => f.path)])).toEqual([['old', ['references/a.md']]]);
    expect(listing.diagnostics.map((d) => d.code).sort()).toEqual(['remote-index-entry', 'unverified-remote']);
    expect(new TextDecoder().decode(await s.read('old/references/a.md'))).toBe('A');
  });
});
