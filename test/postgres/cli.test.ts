// `--store` and `--namespace` on `satchel publish` and `satchel mcp`: a namespace of the PostgreSQL store, embedded
// (a PGlite folder) or on a server (a database of this run's own, so the default schema is nobody else's), published as
// the well-known index and served over MCP, live as other processes write to it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresSkillStore, type PostgresStoreOptions } from '../../src/postgres/index.js';
import { cli } from '../node/cli/run.js';
import { skillMd } from '../support/skill-md.js';
import { nodeBundles } from '../support/node-bundle.js';
import { tempTrees } from '../support/temp-trees.js';
import { PG_URL, serverTitle } from './server.js';

const ORG = ['acme', 'skills'];
const tree = tempTrees('satchel-pg-cli-');
const bundled = nodeBundles();

/** Puts two org skills (one with a file) and one skill of another namespace into the store `target` opens. */
async function seed(target: PostgresStoreOptions): Promise<void> {
  const store = await openPostgresSkillStore({ ...target, listen: false });
  await store.put(ORG, skillMd('refunds', { description: 'Decide refunds under the store policy.' }));
  await store.put(ORG, {
    'SKILL.md': skillMd('invoice-export', { description: 'Convert invoices into CSV spreadsheets.' }),
    'references/format.md': '# Columns',
  });
  await store.put(['acme', 'ann', 'skills'], skillMd('private-notes'));
  await store.close();
}

async function publishedNames(out: string): Promise<string[]> {
  const index = JSON.parse(await readFile(join(out, '.well-known/agent-skills/index.json'), 'utf8')) as { skills: { name: string }[] };
  return index.skills.map((s) => s.name);
}

describe('satchel publish --store (PGlite folder)', () => {
  it('publishes the namespace as the well-known index, the other namespaces left out', async () => {
    const dataDir = await tree();
    await seed({ dataDir });
    const out = await tree();
    const { code, out: printed, err } = await cli(out, 'publish', '--store', dataDir, '--namespace', 'acme/skills', '.');
    expect([code, err]).toEqual([0, '']);
    expect(printed).toMatch(/invoice-export\s+archive\s+invoice-export\.tar\.gz/);
    expect(printed).toContain('2 skills published to .well-known/agent-skills/index.json');
    expect(await publishedNames(out)).toEqual(['invoice-export', 'refunds']);
  }, 60_000);

  it('refuses a folder that is not there rather than publish an empty new database', async () => {
    const out = await tree();
    const { code, err } = await cli(out, 'publish', '--store', 'no-such-db', '--namespace', 'acme/skills', '.');
    expect(code).toBe(1);
    expect(err).toBe('satchel publish: --store no-such-db: no such folder (give the folder of a PGlite database, or a postgres:// URL)\n');
  });

  it('takes --store and --namespace together, with one path', async () => {
    const cwd = await tree();
    expect((await cli(cwd, 'publish', '--store', 'db', 'out')).err).toContain('--store and --namespace go together');
    expect((await cli(cwd, 'publish', '--namespace', 'acme/skills', 'skills', 'out')).err).toContain('--store and --namespace go together');
    expect((await cli(cwd, 'publish', '--store', 'db', '--namespace', 'acme/skills', 'skills', 'out')).err).toContain(
      'with --store, give one path: the output folder.',
    );
    expect((await cli(cwd, 'publish', '--store', 'db', '--namespace', 'acme//skills', 'out')).err).toContain('--namespace takes namespace segments');
    expect((await cli(cwd, 'list', '--store', 'db', 'skills')).err).toContain('--store does not apply to satchel list.');
  });
});

describe(serverTitle('satchel publish and mcp --store (PostgreSQL server)'), () => {
  let url = '';
  let admin: pg.Client | undefined;
  const database = `satchel_cli_${process.pid}`;
  let bundle = '';

  beforeAll(async () => {
    if (!PG_URL) return;
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
    const parsed = new URL(PG_URL);
    parsed.pathname = `/${database}`;
    url = parsed.toString();
    await seed({ connectionString: url });
    // The drivers stay packages (PGlite finds its WebAssembly beside its own module).
    bundle = await bundled(new URL('../clients/fixtures/cli-main.ts', import.meta.url), { external: ['@electric-sql/pglite', 'pg'] });
  }, 120_000);

  afterAll(async () => {
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.end();
  });

  it.skipIf(!PG_URL)(
    'publishes a namespace from a postgres:// URL',
    async () => {
      const out = await tree();
      const { code, err } = await cli(out, 'publish', '--store', url, '--namespace', 'acme/skills', '.');
      expect([code, err]).toEqual([0, '']);
      expect(await publishedNames(out)).toEqual(['invoice-export', 'refunds']);
    },
    60_000,
  );

  it.skipIf(!PG_URL)(
    'serves the namespace over MCP beside a folder, and hears a write another process makes',
    async () => {
      const folder = await tree({ 'shipping/SKILL.md': skillMd('shipping', { description: 'Track parcels and delivery delays.' }) });
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [bundle, 'mcp', folder, '--store', url, '--namespace', 'acme/skills'],
        stderr: 'pipe',
      });
      let stderr = '';
      transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const client = new Client({ name: 'pg-cli-test', version: '1.0.0' });
      await client.connect(transport);
      const writer = await openPostgresSkillStore({ connectionString: url, listen: false });
      try {
        // In source order: the folder's skills, then the store's.
        const names = async (): Promise<unknown> => ((await client.listTools()).tools[0]?.inputSchema.properties as { name: { enum: string[] } }).name.enum;
        expect(await names()).toEqual(['shipping', 'invoice-export', 'refunds']);
        expect(stderr).toContain('satchel mcp: serving 3 skills over stdio');
        const changed = new Promise<void>((done) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => done()));
        await writer.put(ORG, skillMd('payouts', { description: 'Schedule supplier payouts.' }));
        await changed;
        expect(await names()).toEqual(['shipping', 'invoice-export', 'refunds', 'payouts']);
        const loaded = await client.callTool({ name: 'skills.load', arguments: { name: 'payouts' } });
        expect(loaded.structuredContent).toMatchObject({ name: 'payouts' });
      } finally {
        await writer.close();
        await client.close();
      }
    },
    60_000,
  );
});
