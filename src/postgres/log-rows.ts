/**
 * The logs of a transaction — audit, proposals, usage and learned
 * examples — each a table of key columns and the JSON of the rest, read in
 * the order they were written (`seq`, a `bigserial`).
 * @module
 */
import { SkillError } from '../format/errors.js';
import type { AuditRecord, LearnedRecord, ProposalRecord, StoreTx, UsageRecord } from '../store/records.js';
import { entryOf, entryParam } from './codec.js';
import type { TxContext } from './skill-rows.js';
import { isSqlText } from './sql.js';

/** A skill name a log row is written under, refused (`INVALID_INPUT`) when PostgreSQL's text cannot hold it. */
function keyName(name: string): string {
  if (isSqlText(name)) return name;
  throw new SkillError('INVALID_INPUT', `A skill name with a NUL character or a lone surrogate cannot be kept in PostgreSQL: ${JSON.stringify(name)}.`);
}

/** The rows of `table` for `ns`, or one skill there, oldest first. */
async function entries<T>({ sql, s }: TxContext, table: string, ns: string, name?: string): Promise<T[]> {
  if (name !== undefined && !isSqlText(name)) return [];
  const rows =
    name === undefined
      ? await sql.query(`SELECT seq, ns, entry FROM ${s}.${table} WHERE ns = $1 ORDER BY seq`, [ns])
      : await sql.query(`SELECT seq, ns, entry FROM ${s}.${table} WHERE ns = $1 AND name = $2 ORDER BY seq`, [ns, name]);
  return rows.map((row) => entryOf<T>(row));
}

async function append({ sql, s }: TxContext, table: string, record: { ns: string; name: string; seq?: number }): Promise<void> {
  await sql.query(`INSERT INTO ${s}.${table} (ns, name, entry) VALUES ($1, $2, $3)`, [record.ns, keyName(record.name), entryParam(record)]);
}

/** The audit log: appended, never changed. */
export function auditRows(c: TxContext): Pick<StoreTx, 'appendAudit' | 'audit' | 'auditCount'> {
  return {
    appendAudit: (entry) => append(c, 'audit', entry),
    audit: (ns, name) => entries<AuditRecord>(c, 'audit', ns, name),
    async auditCount(ns, name) {
      if (!isSqlText(name)) return 0;
      const [row] = await c.sql.query(`SELECT count(*)::integer AS n FROM ${c.s}.audit WHERE ns = $1 AND name = $2`, [ns, name]);
      return Number(row?.['n'] ?? 0);
    },
  };
}

// Ids are random: proposals are ordered by when they were made (ISO text sorts by time), then id, as in the other stores.
const byTime = (a: ProposalRecord, b: ProposalRecord): number => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : 1);

/** Pending proposals by id. */
export function proposalRows({ sql, s }: TxContext): Pick<StoreTx, 'proposal' | 'proposals' | 'proposalCount' | 'putProposal' | 'deleteProposal'> {
  const recordOf = (row: Record<string, unknown>): ProposalRecord => entryOf<ProposalRecord>(row);
  return {
    async proposal(id) {
      if (typeof id !== 'string' || !isSqlText(id)) return undefined;
      const [row] = await sql.query(`SELECT ns, entry FROM ${s}.proposals WHERE id = $1`, [id]);
      return row && recordOf(row);
    },
    async proposals(ns) {
      return (await sql.query(`SELECT ns, entry FROM ${s}.proposals WHERE ns = $1`, [ns])).map(recordOf).sort(byTime);
    },
    async proposalCount(ns) {
      const [row] = await sql.query(`SELECT count(*)::integer AS n FROM ${s}.proposals WHERE ns = $1`, [ns]);
      return Number(row?.['n'] ?? 0);
    },
    async putProposal(record) {
      await sql.query(`INSERT INTO ${s}.proposals (id, ns, entry) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET ns = $2, entry = $3`, [
        keyName(record.id),
        record.ns,
        entryParam(record),
      ]);
    },
    async deleteProposal(id) {
      if (isSqlText(id)) await sql.query(`DELETE FROM ${s}.proposals WHERE id = $1`, [id]);
    },
  };
}

/** The usage profile: appended, the oldest trimmed past the cap. */
export function usageRows(c: TxContext): Pick<StoreTx, 'appendUsage' | 'usage' | 'trimUsage'> {
  const { sql, s } = c;
  return {
    appendUsage: (record) => append(c, 'usage', record),
    usage: (ns, name) => entries<UsageRecord>(c, 'usage', ns, name),
    async trimUsage(ns, keep) {
      // Everything at or below the newest entry past `keep` goes: the oldest first, as the other stores trim.
      await sql.query(`DELETE FROM ${s}.usage WHERE ns = $1 AND seq <= (SELECT seq FROM ${s}.usage WHERE ns = $1 ORDER BY seq DESC OFFSET $2 LIMIT 1)`, [
        ns,
        keep,
      ]);
    },
  };
}

/** Learned examples, in the order they were learned. */
export function learnedRows(c: TxContext): Pick<StoreTx, 'learned' | 'addLearned' | 'deleteLearned'> {
  return {
    learned: (ns, name) => entries<LearnedRecord>(c, 'learned', ns, name),
    addLearned: (record) => append(c, 'learned', record),
    async deleteLearned(seqs) {
      if (seqs.length > 0) await c.sql.query(`DELETE FROM ${c.s}.learned WHERE seq = ANY($1::bigint[])`, [[...seqs]]);
    },
  };
}
