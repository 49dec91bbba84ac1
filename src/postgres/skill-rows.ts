/**
 * The skills and their revisions in one transaction. In a write, the first
 * read of a skill's head takes a transaction-scoped advisory lock on that
 * skill and reads the head in the next statement, so two servers writing one
 * skill run one after the other and the second sees the first's revision
 * (`CONFLICT` for a stale `expectedRevision`, never a lost update).
 * @module
 */
import { MAX_REVISION, type StoreTx } from '../store/records.js';
import { HEAD_COLUMNS, headOf, headParams, REVISION_COLUMNS, revisionOf, revisionParams, selectList } from './codec.js';
import { nameOrder } from './schema.js';
import { isSqlText, type SqlClient, type SqlRunner } from './sql.js';

/** The schema, the statements' runner, and whether the transaction writes. */
export interface TxContext {
  readonly sql: SqlRunner;
  /** The schema, quoted. */
  readonly s: string;
  readonly writing: boolean;
  /** The driver: how SKILL.md text is selected (see `selectList`). */
  readonly kind: SqlClient['kind'];
}

const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const placeholders = (from: number, count: number): string => Array.from({ length: count }, (_, i) => `$${from + i}`).join(', ');

/** The heads of a transaction. */
export function headRows({ sql, s, writing, kind }: TxContext): Pick<StoreTx, 'head' | 'heads' | 'headPage' | 'activeCount' | 'headCount' | 'putHead'> {
  const locked = new Set<string>();
  const headSelect = selectList(HEAD_COLUMNS, kind);
  // Sorted here, by UTF-16 code units, exactly as the IndexedDB and memory stores order names.
  const heads = async (ns: string) => (await sql.query(`SELECT ${headSelect} FROM ${s}.skills WHERE ns = $1`, [ns])).map(headOf).sort(byName);
  return {
    async head(ns, name) {
      // A name PostgreSQL's text cannot hold was never written (the store's names are strict UTF-8).
      if (!isSqlText(name)) return undefined;
      const key = `${ns}\n${name}`;
      if (writing && !locked.has(key)) {
        // A statement of its own: the head is read after the lock is held, so it shows the last writer's commit.
        await sql.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
        locked.add(key);
      }
      const [row] = await sql.query(`SELECT ${headSelect} FROM ${s}.skills WHERE ns = $1 AND name = $2`, [ns, name]);
      return row && headOf(row);
    },
    heads,
    async headPage(ns, { after, limit }) {
      // A name PostgreSQL's text cannot hold names no row: compared in JavaScript, as the other stores compare it.
      if (after !== undefined && !isSqlText(after)) return (await heads(ns)).filter((h) => h.name > after).slice(0, limit);
      // `name_order` sorts as the names sort in JavaScript, and (ns, name_order) is an index: a page reads only its rows.
      const from = after === undefined ? '' : `AND name_order > ${nameOrder('$3::text')}`;
      const params = after === undefined ? [ns, limit] : [ns, limit, after];
      return (await sql.query(`SELECT ${headSelect} FROM ${s}.skills WHERE ns = $1 ${from} ORDER BY name_order LIMIT $2`, params)).map(headOf);
    },
    async activeCount(ns) {
      // The store's checks of a sound head, as far as SQL sees them without reading the files (each file is checked when read).
      const [row] = await sql.query(
        `SELECT count(*)::integer AS n FROM ${s}.skills WHERE ns = $1 AND state = 'active' AND name <> '' AND revision BETWEEN 1 AND $2
           AND digest LIKE 'sha256:%' AND json_typeof(files) = 'object'`,
        [ns, MAX_REVISION],
      );
      return Number(row?.['n'] ?? 0);
    },
    async headCount(ns) {
      const [row] = await sql.query(`SELECT count(*)::integer AS n FROM ${s}.skills WHERE ns = $1`, [ns]);
      return Number(row?.['n'] ?? 0);
    },
    async putHead(head) {
      await sql.query(
        `INSERT INTO ${s}.skills (${HEAD_COLUMNS}) VALUES (${placeholders(1, 12)})
         ON CONFLICT (ns, name) DO UPDATE SET revision = $3, digest = $4, state = $5, text = $6, files = $7,
           created_at = $8, updated_at = $9, history_bytes = $10, parsed = $11, written_by = $12`,
        headParams(head),
      );
    },
  };
}

/** The revisions of a transaction, oldest first. */
export function revisionRows({ sql, s, kind }: TxContext): Pick<StoreTx, 'revision' | 'revisions' | 'putRevision' | 'deleteRevisions'> {
  const revisionSelect = selectList(REVISION_COLUMNS, kind);
  return {
    async revision(ns, name, revision) {
      if (!isSqlText(name)) return undefined;
      const [row] = await sql.query(`SELECT ${revisionSelect} FROM ${s}.revisions WHERE ns = $1 AND name = $2 AND revision = $3`, [ns, name, revision]);
      return row && revisionOf(row);
    },
    async revisions(ns, name) {
      if (!isSqlText(name)) return [];
      const rows = await sql.query(`SELECT ${revisionSelect} FROM ${s}.revisions WHERE ns = $1 AND name = $2 ORDER BY revision`, [ns, name]);
      return rows.map(revisionOf);
    },
    async putRevision(record) {
      await sql.query(
        `INSERT INTO ${s}.revisions (${REVISION_COLUMNS}) VALUES (${placeholders(1, 10)})
         ON CONFLICT (ns, name, revision) DO UPDATE SET digest = $4, text = $5, files = $6, at = $7, actor = $8, action = $9, from_revision = $10`,
        revisionParams(record),
      );
    },
    async deleteRevisions(ns, name) {
      await sql.query(`DELETE FROM ${s}.revisions WHERE ns = $1 AND name = $2`, [ns, name]);
    },
  };
}
