// The PostgreSQL server the tests may use: SATCHEL_TEST_PG_URL names it (`.ci/run` sets it when one answers on
// 127.0.0.1:5432). Each run keeps its tables in schemas of its own, named after the process, and drops them at the end,
// so runs side by side never meet.
import pg from 'pg';
import { afterAll } from 'vitest';

/** The server's connection string, or `undefined` when none is given. */
export const PG_URL = process.env['SATCHEL_TEST_PG_URL'] || undefined;

/** Why the server's tests are skipped, for their title. */
export const SKIP_REASON = 'skipped: set SATCHEL_TEST_PG_URL=postgres://user@host:port/db to run against a PostgreSQL server';

/** The title of a server test suite: `label`, and the reason when it is skipped. */
export const serverTitle = (label: string): string => (PG_URL ? label : `${label} (${SKIP_REASON})`);

const prefix = `t${process.pid}_${Date.now().toString(36)}`;
let n = 0;

/** A schema name no other run uses. */
export const runSchema = (): string => `${prefix}_${n++}`;

let pool: pg.Pool | undefined;

/** One pool for the file, ended after it (with the schemas of this run dropped). */
export function sharedPool(): pg.Pool {
  if (!PG_URL) throw new Error(SKIP_REASON);
  if (!pool) pool = new pg.Pool({ connectionString: PG_URL, max: 20 });
  return pool;
}

afterAll(async () => {
  if (!pool) return;
  const schemas = await pool.query<{ nspname: string }>('SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)', [`${prefix}_`]);
  for (const { nspname } of schemas.rows) await pool.query(`DROP SCHEMA "${nspname}" CASCADE`);
  await pool.end();
});
