/**
 * The store's tables in one PostgreSQL schema, and their migrations. The
 * schema's version is a row of `<schema>.satchel_meta`; opening a store
 * runs every step above it in one transaction (under an advisory lock, so
 * two servers starting together migrate once), and a step that fails rolls
 * all of them back: the old schema stays as it was.
 *
 * - v1: `skills` (heads), `revisions`, `audit`, `proposals`, `usage`, `learned`.
 * - v2: `skills.parsed` (the skill as parsed when written; null in rows written before, which load by parsing), and
 *   `skills.name_order` (generated, indexed with `ns`): the name with a U+10FFFF before each character from U+E000 to
 *   U+FFFF, so that byte order ("C") is the UTF-16 order the other stores sort names in and a page is an index range.
 * - v3: `skills.written_by` (`person` or `agent`: who wrote the head's content), filled for the rows before it from
 *   the newest revision that is not an archive or a restore.
 *
 * Names are `text COLLATE "C"` (compared by bytes, as the other stores compare them); values that may hold any
 * JavaScript text (file contents, actors, usage reasons, learned turns) are `json`, whose text keeps every character
 * and the order of keys; SKILL.md text, which the store only takes as strict UTF-8, is `text`.
 * @module
 */
import { SkillError } from '../format/errors.js';
import type { SqlClient, SqlRunner } from './sql.js';

/** The schema version this code writes. */
export const POSTGRES_SCHEMA_VERSION = 3;

/** One migration: the statements that bring a schema from `version - 1` to `version` (`s` is the quoted schema). */
export interface Migration {
  readonly version: number;
  statements(s: string): readonly string[];
}

/** The migrations of this code, in order. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    statements: (s) => [
      `CREATE TABLE ${s}.skills (
        ns text COLLATE "C" NOT NULL, name text COLLATE "C" NOT NULL, revision integer NOT NULL, digest text NOT NULL,
        state text NOT NULL, text text NOT NULL, files json NOT NULL, created_at text NOT NULL, updated_at text NOT NULL,
        history_bytes bigint, PRIMARY KEY (ns, name))`,
      `CREATE TABLE ${s}.revisions (
        ns text COLLATE "C" NOT NULL, name text COLLATE "C" NOT NULL, revision integer NOT NULL, digest text NOT NULL,
        text text NOT NULL, files json NOT NULL, at text NOT NULL, actor json NOT NULL, action text NOT NULL,
        from_revision integer, PRIMARY KEY (ns, name, revision))`,
      `CREATE TABLE ${s}.audit (seq bigserial PRIMARY KEY, ns text COLLATE "C" NOT NULL, name text COLLATE "C" NOT NULL, entry json NOT NULL)`,
      `CREATE INDEX audit_by_skill ON ${s}.audit (ns, name, seq)`,
      `CREATE INDEX audit_by_namespace ON ${s}.audit (ns, seq)`,
      `CREATE TABLE ${s}.proposals (id text COLLATE "C" PRIMARY KEY, ns text COLLATE "C" NOT NULL, entry json NOT NULL)`,
      `CREATE INDEX proposals_by_namespace ON ${s}.proposals (ns)`,
      `CREATE TABLE ${s}.usage (seq bigserial PRIMARY KEY, ns text COLLATE "C" NOT NULL, name text COLLATE "C" NOT NULL, entry json NOT NULL)`,
      `CREATE INDEX usage_by_skill ON ${s}.usage (ns, name, seq)`,
      `CREATE INDEX usage_by_namespace ON ${s}.usage (ns, seq)`,
      `CREATE TABLE ${s}.learned (seq bigserial PRIMARY KEY, ns text COLLATE "C" NOT NULL, name text COLLATE "C" NOT NULL, entry json NOT NULL)`,
      `CREATE INDEX learned_by_skill ON ${s}.learned (ns, name, seq)`,
      `CREATE INDEX learned_by_namespace ON ${s}.learned (ns, seq)`,
    ],
  },
  {
    version: 2,
    statements: (s) => [
      `ALTER TABLE ${s}.skills ADD COLUMN parsed json`,
      `ALTER TABLE ${s}.skills ADD COLUMN name_order text COLLATE "C" GENERATED ALWAYS AS (${nameOrder('name')}) STORED`,
      `CREATE INDEX skills_in_name_order ON ${s}.skills (ns, name_order)`,
    ],
  },
  {
    version: 3,
    statements: (s) => [
      `ALTER TABLE ${s}.skills ADD COLUMN written_by text`,
      `UPDATE ${s}.skills k SET written_by = (SELECT r.actor->>'kind' FROM ${s}.revisions r
         WHERE r.ns = k.ns AND r.name = k.name AND r.action NOT IN ('archive', 'restore') ORDER BY r.revision DESC LIMIT 1)`,
    ],
  },
];

/**
 * The SQL of `name_order` for the text `expr`: byte order of the result is the UTF-16 code unit order of the text,
 * which differs from code point order only in putting U+E000–U+FFFF after the characters beyond U+FFFF.
 */
export function nameOrder(expr: string): string {
  return `regexp_replace(${expr}, '([\\uE000-\\uFFFF])', U&'\\+10FFFF' || '\\1', 'g')`;
}

/** The schema name quoted for SQL (it is checked against `SCHEMA_NAME` before it gets here). */
export const quoted = (schema: string): string => `"${schema}"`;

/**
 * Creates or migrates `schema` to the last of `migrations`. Refuses, changing nothing, a schema written by newer code.
 * @throws {SkillError} `STORE_FAILED` for a newer schema or a migration that failed (the old schema kept).
 */
export async function migrateSchema(client: SqlClient, schema: string, migrations: readonly Migration[] = MIGRATIONS): Promise<number> {
  const target = migrations.at(-1)?.version ?? 0;
  const s = quoted(schema);
  let from = 0;
  try {
    return await client.transaction('write', async (sql) => {
      // Serialised per schema name: the lock needs no table, so it holds before the schema exists.
      await sql.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`satchel-migrate:${schema}`]);
      await sql.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
      await sql.query(`CREATE TABLE IF NOT EXISTS ${s}.satchel_meta (key text PRIMARY KEY, value text NOT NULL)`);
      from = await versionOf(sql, s);
      if (from > target) throw newerSchema(schema, from, target);
      for (const step of migrations) if (step.version > from) for (const statement of step.statements(s)) await sql.query(statement);
      await sql.query(`INSERT INTO ${s}.satchel_meta (key, value) VALUES ('version', $1) ON CONFLICT (key) DO UPDATE SET value = $1`, [String(target)]);
      return target;
    });
  } catch (e) {
    if (e instanceof SkillError) throw e;
    const reason = e instanceof Error ? e.message : String(e);
    throw new SkillError(
      'STORE_FAILED',
      `Migrating PostgreSQL schema "${schema}" from version ${from} to ${target} failed (${reason}); it was rolled back and the schema is as it was.`,
      { cause: e },
    );
  }
}

async function versionOf(sql: SqlRunner, s: string): Promise<number> {
  const [row] = await sql.query(`SELECT value FROM ${s}.satchel_meta WHERE key = 'version'`);
  const version = row === undefined ? 0 : Number(row['value']);
  if (!Number.isInteger(version) || version < 0) throw new SkillError('STORE_FAILED', `The schema's version is not a whole number: ${String(row?.['value'])}.`);
  return version;
}

function newerSchema(schema: string, found: number, known: number): SkillError {
  return new SkillError(
    'STORE_FAILED',
    `PostgreSQL schema "${schema}" is at version ${found}, written by a newer version of Satchel; this code knows versions up to ${known} and cannot open it. Upgrade Satchel (the schema was left as it is).`,
  );
}
