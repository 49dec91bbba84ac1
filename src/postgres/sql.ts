/**
 * The seam between the PostgreSQL store and its driver: one small client
 * interface that PGlite (embedded) and `pg` (a server) both implement, so
 * every query of the store is written once, with `$n` parameters only.
 * @module
 */

/** A row as a driver returns it: column name to value. */
export type SqlRow = Record<string, unknown>;

/** Runs parameterised statements inside one transaction. */
export interface SqlRunner {
  /** Runs one statement; values go only in `params` (`$1`, `$2`, …), never into `text`. */
  query(text: string, params?: readonly unknown[]): Promise<SqlRow[]>;
}

/** Whether a transaction only reads (`read`) or may write (`write`). */
export type SqlMode = 'read' | 'write';

/** A connection (or pool) to one database: transactions, notifications, and the end of it. */
export interface SqlClient {
  /** `pglite` (embedded) or `pg` (a server). */
  readonly kind: 'pglite' | 'pg';
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. A read transaction is
   * `REPEATABLE READ READ ONLY`, so every statement of it sees one snapshot.
   */
  transaction<T>(mode: SqlMode, fn: (sql: SqlRunner) => Promise<T>): Promise<T>;
  /** Runs one statement on its own (autocommit). */
  query(text: string, params?: readonly unknown[]): Promise<SqlRow[]>;
  /**
   * Calls `onPayload` for each notification on `channel` (a lower-case identifier) from any connection of the
   * database; resolves, once listening, to a function that stops.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Ends what the client opened itself (an instance or pool the app gave is left open). */
  end(): Promise<void>;
}

/** A text PostgreSQL's `text` type can hold exactly: no NUL character and no lone surrogate. */
export function isSqlText(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return !/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);
}

/** A schema name the store accepts: a lower-case SQL identifier of at most 40 characters (used unquoted in channel names). */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,39}$/;
