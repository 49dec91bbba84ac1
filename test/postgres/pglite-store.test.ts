// The PostgreSQL store on one PGlite instance (shared by the file: initdb costs seconds): the database contract, and
// the options that choose the database.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresSkillStore } from '../../src/postgres/index.js';
import { pgliteClient } from '../../src/postgres/pglite-client.js';
import { codeOf, rejected } from '../support/errors.js';
import { describeDatabaseContract, type TestDatabase } from './database-contract.js';

let shared: Promise<PGlite> | undefined;
const pglite = (): Promise<PGlite> => (shared ??= PGlite.create());
afterAll(async () => (await shared)?.close());

let n = 0;
const database: TestDatabase = {
  open: async (options) => openPostgresSkillStore({ ...options, pglite: await pglite() }),
  client: async () => pgliteClient({ pglite: await pglite() }),
  schema: () => `db_${n++}`,
};
describeDatabaseContract('PGlite', () => database);

describe('openPostgresSkillStore options', () => {
  it('refuses two databases at once and a schema that is not a lower-case identifier, opening nothing', async () => {
    const error = await rejected(openPostgresSkillStore({ dataDir: '/tmp/x', connectionString: 'postgres://nobody@127.0.0.1:1/x' }));
    expect([error.code, error.message]).toEqual(['INVALID_INPUT', expect.stringContaining('these were given: dataDir, connectionString')]);
    for (const schema of ['Upper', 'semi;colon', 'a"b', '', 'x'.repeat(41), '1abc'])
      expect(await codeOf(openPostgresSkillStore({ pglite: await pglite(), schema }))).toBe('INVALID_INPUT');
  });

  it('a store over the app’s PGlite leaves it open when it closes', async () => {
    const db = await pglite();
    const store = await openPostgresSkillStore({ pglite: db, schema: 'kept_open' });
    expect([store.driver, store.schema]).toEqual(['pglite', 'kept_open']);
    await store.close();
    expect(db.closed).toBe(false);
    expect(await db.query('SELECT 1 AS one')).toMatchObject({ rows: [{ one: 1 }] });
  });

  it('a server that does not answer fails with STORE_FAILED', async () => {
    const error = await rejected(openPostgresSkillStore({ connectionString: 'postgres://nobody@127.0.0.1:1/none' }));
    expect(error.code).toBe('STORE_FAILED');
  });
});
