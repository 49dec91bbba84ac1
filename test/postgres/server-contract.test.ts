// The PostgreSQL store on a real server (SATCHEL_TEST_PG_URL): the store contract the IndexedDB and memory stores pass,
// the database contract, and a connection killed by the server in the middle of a write.
import { describe, expect, it } from 'vitest';
import { openPostgresSkillStore } from '../../src/postgres/index.js';
import { pgClient } from '../../src/postgres/pg-client.js';
import type { StoreOptions } from '../../src/store/index.js';
import { rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';
import { describeArgumentsContract } from '../store/arguments-contract.js';
import { describeEvolutionContract } from '../store/evolution-contract.js';
import { describeExportChecksContract } from '../store/export-checks-contract.js';
import { describeGrowthContract } from '../store/growth-contract.js';
import { describeLearnedContract } from '../store/learned-contract.js';
import { describeStoreContract } from '../store/store-contract.js';
import { describePagingContract } from '../store/paging-contract.js';
import { describeKeptParseContract } from '../store/kept-parse-contract.js';
import { describeSafetyContract } from '../store/safety-contract.js';
import { describeDatabaseContract, type TestDatabase } from './database-contract.js';
import { PG_URL, runSchema, serverTitle, sharedPool } from './server.js';

const make = async (options?: StoreOptions) => openPostgresSkillStore({ ...options, pool: sharedPool(), schema: runSchema() });
const database: TestDatabase = {
  // A pool of the store's own for these: the connection-string path.
  open: (options) => openPostgresSkillStore({ ...options, connectionString: PG_URL as string }),
  client: () => pgClient({ pool: sharedPool() }),
  schema: runSchema,
};

describe.skipIf(!PG_URL)(serverTitle('PostgreSQL server'), () => {
  describeStoreContract('PostgreSQL (server)', make);
  describeEvolutionContract('PostgreSQL (server)', make);
  describeExportChecksContract('PostgreSQL (server)', make);
  describeArgumentsContract('PostgreSQL (server)', make);
  describeGrowthContract('PostgreSQL (server)', make);
  describeLearnedContract('PostgreSQL (server)', make);
  describePagingContract('PostgreSQL (server)', make);
  describeKeptParseContract('PostgreSQL (server)', make);
  describeSafetyContract('PostgreSQL (server)', make);
  describeDatabaseContract('server', () => database);

  it('gives a shared pool its connections back without the listeners it put on them', async () => {
    const pool = new (await import('pg')).default.Pool({ connectionString: PG_URL as string, max: 2 });
    try {
      const schema = runSchema();
      // Stores opened and closed one after another on one pool listen on the same connection in turn.
      for (let i = 0; i < 12; i++) await (await openPostgresSkillStore({ pool, schema })).close();
      const client = await pool.connect();
      expect([client.listenerCount('notification'), client.listenerCount('error')]).toEqual([0, 0]);
      client.release();
    } finally {
      await pool.end();
    }
  });

  describe('a connection killed by the server in the middle of a write', () => {
    it('leaves nothing half-written, fails with STORE_FAILED, and the next write works on a new connection', async () => {
      const schema = runSchema();
      const app = `satchel-kill-${schema}`;
      const url = new URL(PG_URL as string);
      url.searchParams.set('application_name', app);
      const store = await openPostgresSkillStore({ connectionString: url.toString(), schema, listen: false });
      const ns = ['acme', 'skills'];
      await store.put(ns, skillMd('first'));
      const admin = await sharedPool().connect();
      try {
        // Hold the audit table: the write inserts its revision and head, then waits at its audit entry.
        await admin.query('BEGIN');
        await admin.query(`LOCK TABLE "${schema}".audit IN EXCLUSIVE MODE`);
        const writing = store.put(ns, skillMd('second', { body: 'Never half-written.' }));
        const pid = await waitingBackend(app);
        await sharedPool().query('SELECT pg_terminate_backend($1)', [pid]);
        const error = await rejected(writing);
        expect(error.code).toBe('STORE_FAILED');
        expect(error.message).toMatch(/connection to PostgreSQL was lost/);
        await admin.query('ROLLBACK');
      } finally {
        admin.release();
      }
      expect(await store.get(ns, 'second')).toBeUndefined();
      expect(await store.history(ns, 'second')).toEqual([]);
      expect((await store.auditLog(ns)).map((e) => e.name)).toEqual(['first']);
      const raw = await sharedPool().query(
        `SELECT (SELECT count(*) FROM "${schema}".revisions)::int AS r, (SELECT count(*) FROM "${schema}".skills)::int AS h`,
      );
      expect(raw.rows[0]).toEqual({ r: 1, h: 1 });
      expect(await store.put(ns, skillMd('second'))).toMatchObject({ name: 'second', revision: 1 });
      await store.close();
    });
  });
});

/** The pid of the backend of `app` waiting on a lock (polled: the write reaches the lock in a few milliseconds). */
async function waitingBackend(app: string): Promise<number> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await sharedPool().query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`, [
      app,
    ]);
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no backend of ${app} waited on the lock`);
}
