/**
 * The server driver: `pg` against a PostgreSQL server, from a connection
 * string (a pool of the store's own) or a pool the app gives. Each
 * transaction takes one connection of the pool for its whole length;
 * notifications come over one connection held for them alone.
 * @module
 */
import type { Pool, PoolClient } from 'pg';
import type { SqlClient, SqlRow, SqlRunner } from './sql.js';

/** A server: a connection string, or a `pg` pool the app has (which `end` leaves open). */
export type PgTarget = { readonly connectionString: string } | { readonly pool: Pool };

/** How long a lost notification connection waits before it connects again (ms). */
const RELISTEN_MS = 500;

/** A client over a pool of `pg` connections. */
export async function pgClient(target: PgTarget): Promise<SqlClient> {
  let pool: Pool;
  let owned = false;
  if ('pool' in target) pool = target.pool;
  else {
    // Loaded only here: an app on PGlite never needs `pg` installed.
    const pg = (await import('pg')).default;
    pool = new pg.Pool({ connectionString: target.connectionString });
    owned = true;
  }
  // An idle connection the server drops must not crash the app: the pool replaces it at the next query.
  const quiet = (): void => undefined;
  pool.on('error', quiet);
  const stops = new Set<() => Promise<void>>();
  return {
    kind: 'pg',
    transaction: (mode, fn) => inTransaction(pool, mode, fn),
    query: async (text, params = []) => (await pool.query<SqlRow>(text, [...params])).rows,
    async listen(channel, onPayload) {
      const stop = await listenOn(pool, channel, onPayload);
      stops.add(stop);
      return async () => {
        stops.delete(stop);
        await stop();
      };
    },
    async end() {
      await Promise.allSettled([...stops].map((stop) => stop()));
      pool.off('error', quiet);
      if (owned) await pool.end();
    },
  };
}

async function inTransaction<T>(pool: Pool, mode: 'read' | 'write', fn: (sql: SqlRunner) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const lost = (e: Error): void => void (broken = e);
  client.on('error', lost);
  const sql: SqlRunner = { query: async (text, params = []) => (await client.query<SqlRow>(text, [...params])).rows };
  try {
    await client.query(mode === 'read' ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN');
    const result = await fn(sql);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    // A connection that failed (killed by the server, say) has no transaction left to roll back: it is dropped.
    if (broken === undefined) await client.query('ROLLBACK').catch((r: Error) => void (broken = r));
    throw e;
  } finally {
    client.off('error', lost);
    client.release(broken);
  }
}

/** LISTEN on a connection of its own, connecting again (and listening again) if the server drops it. */
async function listenOn(pool: Pool, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  let stopped = false;
  let current: PoolClient | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // The connection goes back to the pool when done: its listeners are taken off, or a pool the app shares would gather
  // them on its connections (and a later LISTEN there would call a closed store's).
  let detach = (): void => undefined;
  const connect = async (): Promise<void> => {
    const client = await pool.connect();
    const notified = (n: { channel: string; payload?: string | undefined }): void => {
      if (n.channel === channel) onPayload(n.payload ?? '');
    };
    const failed = (e: Error): void => {
      if (current !== client) return;
      current = undefined;
      detach();
      client.release(e);
      if (!stopped) retry = setTimeout(() => void connect().catch(again), RELISTEN_MS);
    };
    client.on('notification', notified);
    client.on('error', failed);
    detach = () => {
      client.off('notification', notified);
      client.off('error', failed);
    };
    try {
      await client.query(`LISTEN ${channel}`);
    } catch (e) {
      detach();
      client.release(e as Error);
      throw e;
    }
    current = client;
    if (stopped) await drop();
  };
  const again = (): void => {
    if (!stopped) retry = setTimeout(() => void connect().catch(again), RELISTEN_MS);
  };
  const drop = async (): Promise<void> => {
    const client = current;
    current = undefined;
    if (!client) return;
    await client.query(`UNLISTEN ${channel}`).catch(() => undefined);
    detach();
    client.release();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry !== undefined) clearTimeout(retry);
    await drop();
  };
}
