/**
 * `satchel/postgres`: the skill store on PostgreSQL, for servers. Embedded
 * on PGlite by default (`@electric-sql/pglite`, an optional peer: in memory,
 * or in a folder with `dataDir`), or a PostgreSQL server through `pg` (an
 * optional peer: `connectionString` or `pool`). Same `SkillStore` as
 * `satchel/store`; every store on one database hears the others' changes.
 * Never imported by a browser entry.
 *
 * @example
 * ```ts
 * import { SkillLoader } from 'satchel'
 * import { openPostgresSkillStore } from 'satchel/postgres'
 *
 * const store = await openPostgresSkillStore({ connectionString: 'postgres://app@db:5432/skills' })
 * const loader = new SkillLoader({ builtin, store })
 * await loader.loadAll('acme', 'ann')
 * loader.on('change', ({ name, type }) => console.log(name, type))   // a write on any server of this database
 * ```
 * @module
 */
export { openPostgresSkillStore, DEFAULT_SCHEMA, type PostgresSkillStore, type PostgresStoreOptions } from './open-store.js';
export { POSTGRES_SCHEMA_VERSION } from './schema.js';
