// What the PostgreSQL store does on a database, alike on PGlite and on a server: stores on one database and schema
// hear each other's changes, two writers of one skill never both win, the schema migrates all or nothing and a newer
// one is refused, and every text comes back byte for byte.
import { describe, expect, it } from 'vitest';
import { SkillLoader, storeSource, type LoaderChange } from '../../src/index.js';
import { POSTGRES_SCHEMA_VERSION, type PostgresSkillStore, type PostgresStoreOptions } from '../../src/postgres/index.js';
import { MIGRATIONS, migrateSchema } from '../../src/postgres/schema.js';
import type { SqlClient } from '../../src/postgres/sql.js';
import type { StoreChange } from '../../src/store/index.js';
import { codeOf, rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

/** A database for the tests: stores on it, a raw client, and a fresh schema name per call. */
export interface TestDatabase {
  /** Opens a store on the database (`target` options filled in), in `options.schema`. */
  open(options: Omit<PostgresStoreOptions, 'dataDir' | 'pglite' | 'connectionString' | 'pool'>): Promise<PostgresSkillStore>;
  client(): Promise<SqlClient>;
  schema(): string;
}

const USER = ['acme', 'ann', 'skills'];
const ORG = ['acme', 'skills'];
const INVOICES = 'convert my invoices to a csv spreadsheet';
const invoices = skillMd('invoice-export', { description: 'Convert invoices into CSV spreadsheets for accounting.', front: { examples: [INVOICES] } });

/** The next change `loader` reports for `name`. */
const nextChange = (loader: SkillLoader, name: string): Promise<LoaderChange> =>
  new Promise((resolve) => {
    const off = loader.on('change', (c) => {
      if (c.name !== name) return;
      off();
      resolve(c);
    });
  });

export function describeDatabaseContract(label: string, db: () => TestDatabase): void {
  describe(`PostgreSQL store on a database: ${label}`, () => {
    it('two stores on one schema hear each other: the loader over the second routes the first one’s write, then drops its archive', async () => {
      const schema = db().schema();
      const [a, b] = [await db().open({ schema }), await db().open({ schema })];
      const quiet = await db().open({ schema, listen: false });
      const heard: StoreChange[] = [];
      quiet.on('change', (c) => void heard.push(c));
      const loader = new SkillLoader({ store: b });
      await loader.loadAll('acme', 'ann');
      const remote: StoreChange[] = [];
      b.on('change', (c) => void remote.push(c));
      const upsert = nextChange(loader, 'invoice-export');
      await a.put(USER, invoices);
      expect([(await upsert).type, (await upsert).cause, (await upsert).tier]).toEqual(['upsert', 'put', 'user']);
      expect(loader.route(INVOICES)[0]?.skill.name).toBe('invoice-export');
      const removed = nextChange(loader, 'invoice-export');
      await a.archive(USER, 'invoice-export');
      expect((await removed).type).toBe('remove');
      expect(loader.getByName('invoice-export')).toBeUndefined();
      expect(remote.map((c) => [c.action, c.remote, c.item?.key])).toEqual([
        ['put', true, 'invoice-export'],
        ['archive', true, undefined],
      ]);
      // The revision each change carries is the one the database holds (an archive may be a revision of its own).
      expect(remote.at(-1)?.revision).toBe((await b.get(USER, 'invoice-export'))?.revision);
      expect(heard).toEqual([]);
      // Not listening is not keeping quiet: the quiet store's own write reaches the others.
      const told = nextChange(loader, 'refunds');
      await quiet.put(USER, skillMd('refunds', { description: 'Decide refunds under the store policy.' }));
      expect([(await told).type, (await told).tier]).toEqual(['upsert', 'user']);
      expect(remote.at(-1)).toMatchObject({ action: 'put', remote: true, name: 'refunds' });
      // …and it hears its own write, as any store does, but still none of the others'.
      expect(heard.map((c) => [c.name, c.remote === true])).toEqual([['refunds', false]]);
      loader.close();
      await Promise.all([a.close(), b.close(), quiet.close()]);
    });

    it('two writers of one skill with the same expectedRevision: one wins, the other gets CONFLICT, both revisions of the last-write-wins pair stay', async () => {
      const schema = db().schema();
      const [a, b] = [await db().open({ schema }), await db().open({ schema })];
      await a.put(ORG, invoices);
      const mine = skillMd('invoice-export', { body: 'Mine.' });
      const theirs = skillMd('invoice-export', { body: 'Theirs.' });
      const results = await Promise.allSettled([a.put(ORG, mine, { expectedRevision: 1 }), b.put(ORG, theirs, { expectedRevision: 1 })]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(await codeOf(Promise.reject(failed.reason))).toBe('CONFLICT');
      expect(await a.history(ORG, 'invoice-export')).toHaveLength(2);
      // Without expectedRevision both writes land, one after the other: nothing is lost.
      await Promise.all([a.put(ORG, skillMd('invoice-export', { body: 'A again.' })), b.put(ORG, skillMd('invoice-export', { body: 'B again.' }))]);
      expect((await b.history(ORG, 'invoice-export')).map((r) => r.revision)).toEqual([1, 2, 3, 4]);
      expect((await a.auditLog(ORG)).map((e) => e.revision)).toEqual([1, 2, 3, 4]);
      await Promise.all([a.close(), b.close()]);
    });

    it('a migration that fails leaves the old schema and its data as they were', async () => {
      const schema = db().schema();
      const store = await db().open({ schema });
      await store.put(ORG, invoices);
      await store.close();
      const client = await db().client();
      const failing = [
        ...MIGRATIONS,
        {
          version: POSTGRES_SCHEMA_VERSION + 1,
          statements: (s: string) => [`CREATE TABLE ${s}.extra (a integer)`, `ALTER TABLE ${s}.skills ADD COLUMN x integer`, 'SELECT no_such_function()'],
        },
      ];
      const error = await rejected(migrateSchema(client, schema, failing));
      expect(error.code).toBe('STORE_FAILED');
      expect(error.message).toMatch(new RegExp(`from version ${POSTGRES_SCHEMA_VERSION} to ${POSTGRES_SCHEMA_VERSION + 1} failed .*rolled back`));
      const tables = await client.query('SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2', [schema, 'extra']);
      expect(tables).toEqual([]);
      const columns = await client.query(
        'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 AND column_name = $3',
        [schema, 'skills', 'x'],
      );
      expect(columns).toEqual([]);
      expect(await client.query(`SELECT value FROM "${schema}".satchel_meta WHERE key = 'version'`)).toEqual([{ value: String(POSTGRES_SCHEMA_VERSION) }]);
      const again = await db().open({ schema });
      expect((await again.get(ORG, 'invoice-export'))?.text).toBe(invoices);
      await again.close();
      await client.end();
    });

    it('a schema newer than the code refuses to open, naming both versions, and is left as it is', async () => {
      const schema = db().schema();
      const store = await db().open({ schema });
      await store.put(ORG, invoices);
      await store.close();
      const client = await db().client();
      await client.query(`UPDATE "${schema}".satchel_meta SET value = '99' WHERE key = 'version'`);
      const error = await rejected(db().open({ schema }));
      expect(error.code).toBe('STORE_FAILED');
      expect(error.message).toContain(
        `"${schema}" is at version 99, written by a newer version of Satchel; this code knows versions up to ${POSTGRES_SCHEMA_VERSION}`,
      );
      expect(await client.query(`SELECT value FROM "${schema}".satchel_meta WHERE key = 'version'`)).toEqual([{ value: '99' }]);
      expect(await client.query(`SELECT name FROM "${schema}".skills`)).toEqual([{ name: 'invoice-export' }]);
      await client.end();
    });

    it('keeps names, descriptions, bodies, file paths and contents full of quotes, backslashes, Unicode and SQL byte for byte', async () => {
      const schema = db().schema();
      const store = await db().open({ schema });
      const ns = ["acme'; DROP TABLE skills; --", 'ü"\\$1', '日本'];
      const sqlish = `'; DROP TABLE "${schema}".skills; -- $1 $$ E'\\x27' \\\\ \\' " \` % _ ; /* */ ::jsonb`;
      const skills = ['café-ünïcödé', '日本語-スキル', 'x.y:z_w-1', 'Ωmega'].map((name, i) => ({
        name,
        text: skillMd(name, {
          description: `${sqlish} — “quotes” ‘single’ \\back\\slash 😀 ${i}`,
          body: `# ${sqlish}\n\nLine with tab\tand CR\r\nand emoji 👩‍👩‍👧 and Ω ≠ Ω (NFC/NFD: é vs e\u0301).\n${'\\'.repeat(i + 1)}`,
        }),
        files: {
          [`references/it's "quoted" $1 ${i}.md`]: `${sqlish}\u0000NUL and a lone \ud800 surrogate`,
          [`références/日本 ${i}.md`]: `\\\\server\\share ${sqlish}`,
          [`assets/x;DROP TABLE ${i}.bin`]: new Uint8Array([0, 39, 34, 92, 255, i]),
        },
      }));
      for (const s of skills) await store.put(ns, { 'SKILL.md': s.text, ...s.files }, { actor: { kind: 'agent', id: `bot'"\\${sqlish}` } });
      for (const s of skills) {
        const got = await store.get(ns, s.name);
        expect(got?.text).toBe(s.text);
        expect(got?.files).toEqual(s.files);
        expect(Object.keys(got?.files ?? {})).toEqual(Object.keys(s.files));
        expect((await store.history(ns, s.name))[0]?.actor).toEqual({ kind: 'agent', id: `bot'"\\${sqlish}` });
      }
      expect((await store.search(ns)).map((i) => i.key)).toEqual(skills.map((s) => s.name).sort((a, b) => (a < b ? -1 : 1)));
      await store.learnExample(ns, { name: skills[0]!.name, text: `  ${sqlish}  it's \\ 😀 ` });
      expect((await store.learnedExamples(ns)).map((e) => e.text)).toEqual([`${sqlish} it's \\ 😀`]);
      await store.recordUsage(ns, { name: skills[1]!.name, kind: 'activation', reason: sqlish, outcome: 'success' });
      expect((await store.usage(ns)).map((u) => u.reason)).toEqual([sqlish]);
      // The export of it all imports elsewhere with every digest intact, and a loader reads the files back.
      const other = await db().open({ schema: db().schema() });
      await other.importNamespace(JSON.stringify(await store.exportNamespace(ns)));
      expect(await other.history(ns, skills[2]!.name)).toEqual(await store.history(ns, skills[2]!.name));
      const source = storeSource(other, ns);
      expect((await source.list()).entries.map((e) => e.dir).sort()).toEqual(skills.map((s) => s.name).sort((a, b) => (a < b ? -1 : 1)));
      const path = `${skills[3]!.name}/assets/x;DROP TABLE 3.bin`;
      expect([...(await source.read(path))]).toEqual([0, 39, 34, 92, 255, 3]);
      await Promise.all([store.close(), other.close()]);
    });

    it('closing refuses further calls with STORE_CLOSED and leaves the database to the others', async () => {
      const schema = db().schema();
      const [a, b] = [await db().open({ schema }), await db().open({ schema })];
      await a.put(ORG, invoices);
      await a.close();
      expect(await codeOf(a.search(ORG))).toBe('STORE_CLOSED');
      expect(await codeOf(a.put(ORG, skillMd('other')))).toBe('STORE_CLOSED');
      expect((await b.search(ORG)).map((i) => i.key)).toEqual(['invoice-export']);
      expect(await b.storage()).toMatchObject({ persisted: true, usage: expect.any(Number) });
      await b.close();
    });
  });
}
