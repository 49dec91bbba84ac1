// Publishing from the store: an org edits its skills in the PostgreSQL store, `publishSkills(storeSource(…))` writes the
// well-known index, and a browser's remoteSource reads the same skills with the same digests over HTTP; an MCP server
// over a loader on the store serves them and hears the store's changes.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createSkillsMcpServer } from '../../src/mcp/index.js';
import { publishSkills, remoteSource, SkillLoader, storeSource } from '../../src/node/index.js';
import { openPostgresSkillStore } from '../../src/postgres/index.js';
import { startServer, type TestServer } from '../support/http-server.js';
import { skillMd } from '../support/skill-md.js';
import { tempTrees } from '../support/temp-trees.js';

const ORG = ['acme', 'skills'];
const tree = tempTrees('satchel-pg-publish-');
let shared: Promise<PGlite> | undefined;
const pglite = (): Promise<PGlite> => (shared ??= PGlite.create());
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await (await shared)?.close();
});

async function serve(out: string): Promise<TestServer> {
  const server = await startServer();
  servers.push(server);
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = join(entry.parentPath, entry.name);
    server.routes.set(`/${relative(out, abs).split(sep).join('/')}`, { body: await readFile(abs) });
  }
  return server;
}

describe('publishing a store namespace', () => {
  it('writes the well-known index remoteSource reads back as the same skills, archived ones left out', async () => {
    const store = await openPostgresSkillStore({ pglite: await pglite(), schema: 'publish_index' });
    await store.put(ORG, skillMd('refunds', { description: 'Decide refunds under the store policy.', body: 'Read references/policy.md.' }));
    await store.put(ORG, {
      'SKILL.md': skillMd('invoice-export', { description: 'Convert invoices into CSV spreadsheets.' }),
      'references/format.md': '# Columns',
      'assets/logo.bin': new Uint8Array([0, 1, 2, 255]),
    });
    await store.put(ORG, skillMd('retired'));
    await store.archive(ORG, 'retired');
    const out = await tree();
    const result = await publishSkills(storeSource(store, ORG), out);
    expect(result.skills.map((s) => [s.name, s.type, s.url])).toEqual([
      ['invoice-export', 'archive', 'invoice-export.tar.gz'],
      ['refunds', 'skill-md', 'refunds/SKILL.md'],
    ]);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const server = await serve(out);
    const remote = remoteSource(server.url('/.well-known/agent-skills/index.json'), { trustedOrigins: [server.origin] });
    const browser = new SkillLoader({ builtin: remote });
    await browser.loadAll();
    const direct = new SkillLoader({ store });
    await direct.loadAll('acme');
    const digests = (loader: SkillLoader) => loader.getAll().map((s) => [s.name, s.digest]);
    expect(digests(browser)).toEqual(digests(direct));
    expect(await browser.readFile('invoice-export', 'references/format.md')).toBe('# Columns');
    direct.close();
    await store.close();
  });

  it('an MCP server over a loader on the store serves its skills and tells clients when the store changes', async () => {
    const store = await openPostgresSkillStore({ pglite: await pglite(), schema: 'publish_mcp' });
    await store.put(ORG, skillMd('refunds', { description: 'Decide refunds under the store policy.', body: 'Refund within 30 days.' }));
    const loader = new SkillLoader({ store });
    await loader.loadAll('acme');
    const server = createSkillsMcpServer(loader);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'pg-test', version: '1.0.0' });
    await client.connect(clientSide);
    const loaded = await client.callTool({ name: 'skills.load', arguments: { name: 'refunds' } });
    expect(loaded.structuredContent).toMatchObject({ name: 'refunds', instructions: 'Refund within 30 days.' });
    const changed = new Promise<void>((resolve) => client.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve()));
    await store.put(ORG, skillMd('travel', { description: 'Book company travel.' }));
    await changed;
    const again = await client.callTool({ name: 'skills.load', arguments: { name: 'travel' } });
    expect(again.structuredContent).toMatchObject({ name: 'travel' });
    await client.close();
    await server.close();
    loader.close();
    await store.close();
  });
});
