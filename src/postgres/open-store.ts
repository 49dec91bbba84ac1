/**
 * `openPostgresSkillStore`: the skill store on PostgreSQL — embedded on
 * PGlite by default (in memory, or in a folder on disk), or on a server
 * through `pg` — with the same methods, events and contract as the
 * IndexedDB and memory stores, and changes heard across every store of one
 * database and schema.
 * @module
 */
import type { PGliteInterface } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { SkillError } from '../format/errors.js';
import { buildSkillStore } from '../store/skill-store.js';
import type { SkillStore, StoreOptions } from '../store/types.js';
import { postgresBackend } from './backend.js';
import { linkServers, type ServerLink } from './notify.js';
import { pgClient } from './pg-client.js';
import { pgliteClient } from './pglite-client.js';
import { migrateSchema } from './schema.js';
import { SCHEMA_NAME, type SqlClient } from './sql.js';

/** Options of {@link openPostgresSkillStore}: at most one of `dataDir`, `pglite`, `connectionString`, `pool`. */
export interface PostgresStoreOptions extends StoreOptions {
  /** PGlite keeps the database in this folder (created when missing). Without any of the four: PGlite in memory. */
  readonly dataDir?: string;
  /** A PGlite instance the app already has (shared by several stores, kept open when the store closes). */
  readonly pglite?: PGliteInterface;
  /** A PostgreSQL server, e.g. `postgres://app@db.internal:5432/skills`: the store keeps a `pg` pool of its own. */
  readonly connectionString?: string;
  /** A `pg` pool the app already has (kept open when the store closes). */
  readonly pool?: Pool;
  /** The PostgreSQL schema holding the store's tables: a lower-case identifier (default `satchel`). */
  readonly schema?: string;
  /**
   * Hear the changes other stores on this database and schema make, over `LISTEN`/`NOTIFY` (default true). A store that
   * does not listen (a publishing job, a one-off writer) still announces its own writes to those that do.
   */
  readonly listen?: boolean;
}

/** A skill store on PostgreSQL. */
export interface PostgresSkillStore extends SkillStore {
  /** The schema its tables are in. */
  readonly schema: string;
  /** `pglite` (embedded) or `pg` (a server). */
  readonly driver: 'pglite' | 'pg';
  /** Refuses further calls at once (`STORE_CLOSED`); resolves once the calls under way are done and what the store opened itself is closed. */
  close(): Promise<void>;
}

/** The schema when none is given. */
export const DEFAULT_SCHEMA = 'satchel';

const TARGETS = ['dataDir', 'pglite', 'connectionString', 'pool'] as const;

/**
 * Opens the skill store on PostgreSQL, creating or migrating its tables.
 *
 * @throws {SkillError} `INVALID_INPUT` for two targets at once or a bad schema name; `STORE_FAILED` when the database
 *   cannot be reached, its schema is newer than this code, or a migration failed (rolled back: the old schema stays).
 * @example
 * ```ts
 * import { openPostgresSkillStore } from 'satchel/postgres'
 *
 * const store = await openPostgresSkillStore({ dataDir: 'data/skills' })        // PGlite on disk
 * // const store = await openPostgresSkillStore({ connectionString: process.env.DATABASE_URL })
 * const loader = new SkillLoader({ builtin, store })
 * await loader.loadAll('acme', 'ann')    // hears the changes every server of this database makes
 * ```
 */
export async function openPostgresSkillStore(options: PostgresStoreOptions = {}): Promise<PostgresSkillStore> {
  const given = TARGETS.filter((key) => options[key] !== undefined);
  if (given.length > 1) throw new SkillError('INVALID_INPUT', `Give at most one of ${TARGETS.join(', ')}; these were given: ${given.join(', ')}.`);
  const schema = options.schema ?? DEFAULT_SCHEMA;
  if (typeof schema !== 'string' || !SCHEMA_NAME.test(schema))
    throw new SkillError('INVALID_INPUT', `\`schema\` is a lower-case SQL identifier of at most 40 characters (a-z, 0-9, _), not ${JSON.stringify(schema)}.`);
  const client = await connect(options);
  try {
    await migrateSchema(client, schema);
    return await storeOver(client, schema, options);
  } catch (e) {
    await client.end().catch(() => undefined);
    throw e;
  }
}

async function connect(options: PostgresStoreOptions): Promise<SqlClient> {
  try {
    if (options.pool !== undefined) return await pgClient({ pool: options.pool });
    if (options.connectionString !== undefined) return await pgClient({ connectionString: options.connectionString });
    if (options.pglite !== undefined) return await pgliteClient({ pglite: options.pglite });
    return await pgliteClient(options.dataDir === undefined ? {} : { dataDir: options.dataDir });
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new SkillError('STORE_FAILED', `The PostgreSQL database could not be opened: ${reason}`, { cause: e });
  }
}

async function storeOver(client: SqlClient, schema: string, options: PostgresStoreOptions): Promise<PostgresSkillStore> {
  let link: ServerLink | undefined;
  const backend = postgresBackend(client, schema, async () => link?.close());
  const store = buildSkillStore(backend, { ...options, onLocalChange: (change) => link?.post(change) });
  link = await linkServers(client, schema, backend, options.listen === false ? undefined : (change) => store.deliver(change));
  return Object.assign(store, {
    schema,
    driver: client.kind,
    close(): Promise<void> {
      backend.close();
      return backend.ended;
    },
  });
}
