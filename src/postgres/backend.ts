/**
 * The store's `Backend` on PostgreSQL: each read a `REPEATABLE READ READ
 * ONLY` transaction, each write one transaction over heads, revisions, audit
 * and the logs, all of it committed or none. Closing refuses new calls at
 * once and ends the driver once the calls under way have finished.
 * @module
 */
import { closedError } from '../store/errors.js';
import type { Backend, StoreTx } from '../store/records.js';
import { postgresError } from './errors.js';
import { auditRows, learnedRows, proposalRows, usageRows } from './log-rows.js';
import { headRows, revisionRows, type TxContext } from './skill-rows.js';
import type { SqlClient, SqlMode, SqlRunner } from './sql.js';
import { quoted } from './schema.js';

/** A backend and the way to wait for its end. */
export interface PostgresBackend extends Backend {
  /** Resolves once `close()` was called and every call under way has finished and the driver ended. */
  readonly ended: Promise<void>;
}

/** A `StoreTx` over one transaction's runner, on a client of driver `kind`. */
export function postgresTx(sql: SqlRunner, schema: string, writing: boolean, kind: SqlClient['kind']): StoreTx {
  const c: TxContext = { sql, s: quoted(schema), writing, kind };
  return { ...headRows(c), ...revisionRows(c), ...auditRows(c), ...proposalRows(c), ...usageRows(c), ...learnedRows(c) };
}

/** The backend of `schema` over `client`; `beforeEnd` runs when it closes (stop listening), before the driver ends. */
export function postgresBackend(client: SqlClient, schema: string, beforeEnd: () => Promise<void>): PostgresBackend {
  let closed = false;
  const pending = new Set<Promise<unknown>>();
  let finish: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  // `once`: one statement of a read, run on its own (autocommit), which sees one snapshot without a transaction.
  const run = <T>(mode: SqlMode | 'once', fn: (tx: StoreTx) => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(closedError());
    const started =
      mode === 'once'
        ? fn(postgresTx(client, schema, false, client.kind))
        : client.transaction(mode, (sql) => fn(postgresTx(sql, schema, mode === 'write', client.kind)));
    const job = started.catch((e: unknown) => {
      throw postgresError(e, mode === 'write' ? 'a write' : 'a read');
    });
    pending.add(job);
    void job.catch(() => undefined).finally(() => pending.delete(job));
    return job;
  };
  return {
    // Every row is parsed by the driver for the read that asked for it: nothing a read returns is kept or shared.
    ownReads: true,
    read: (fn) => run('read', fn),
    readOnce: (fn) => run('once', fn),
    write: (fn) => run('write', fn),
    async storage() {
      if (closed) throw closedError();
      const [row] = await client
        .query(
          `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'`,
          [schema],
        )
        .catch((e: unknown) => {
          throw postgresError(e, 'a storage estimate');
        });
      // The database is durable by nature: persisted, with no browser quota.
      return { persisted: true, usage: Number(row?.['bytes'] ?? 0) };
    },
    close() {
      if (closed) return;
      closed = true;
      void (async () => {
        await Promise.allSettled([...pending]);
        await beforeEnd().catch(() => undefined);
        await client.end().catch(() => undefined);
        finish();
      })();
    },
    ended,
  };
}
