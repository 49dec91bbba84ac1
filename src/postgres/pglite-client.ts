/**
 * The embedded driver: PostgreSQL compiled to WebAssembly
 * (`@electric-sql/pglite`), in memory, in a folder on disk, or an instance
 * the app already has. One instance runs one statement at a time; its
 * `transaction` holds the instance until it ends, so a store's writes and
 * reads on it never interleave.
 * @module
 */
import type { PGliteInterface, Transaction } from '@electric-sql/pglite';
import type { SqlClient, SqlRow, SqlRunner } from './sql.js';

/** Where the embedded database lives: memory (`undefined`), a folder on disk, or an instance the app gives. */
export type PgliteTarget = { readonly dataDir?: string } | { readonly pglite: PGliteInterface };

/** A client over a new PGlite (in memory or in `dataDir`) or over the app's instance (which `end` leaves open). */
export async function pgliteClient(target: PgliteTarget): Promise<SqlClient> {
  let db: PGliteInterface;
  let owned = false;
  if ('pglite' in target) db = target.pglite;
  else {
    // Loaded only here: an app on a server through `pg` never loads the WebAssembly build.
    const { PGlite } = await import('@electric-sql/pglite');
    db = target.dataDir === undefined ? new PGlite() : new PGlite(target.dataDir);
    owned = true;
  }
  await db.waitReady;
  const runner = (tx: Transaction | PGliteInterface): SqlRunner => ({
    query: async (text, params = []) => (await tx.query<SqlRow>(text, [...params])).rows,
  });
  return {
    kind: 'pglite',
    async transaction(mode, fn) {
      return db.transaction(async (tx) => {
        if (mode === 'read') await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
        return fn(runner(tx));
      });
    },
    query: (text, params) => runner(db).query(text, params),
    async listen(channel, onPayload) {
      const stop = await db.listen(channel, onPayload);
      return async () => {
        if (!db.closed) await stop();
      };
    },
    async end() {
      if (owned && !db.closed) await db.close();
    },
  };
}
