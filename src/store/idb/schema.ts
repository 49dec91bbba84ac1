/**
 * The store's IndexedDB schema and its upgrades. Each version's step runs
 * once, in order, inside the upgrade transaction; a step never drops data.
 *
 * - v1: `skills` (heads, key `[ns, name]`), `revisions` (key `[ns, name, revision]`),
 *   `audit` (auto-increment key `seq`).
 * - v2: `audit` indexes `bySkill` (`[ns, name]`) and `byNamespace` (`ns`), so a
 *   skill's or a namespace's audit is read without scanning the whole log.
 * - v3: `proposals` (approval-gated agent changes, key `id`, index `byNamespace`) and
 *   `usage` (the usage profile, auto-increment key `seq`, indexes `bySkill` and `byNamespace`).
 * - v4: `learned` (learned examples, auto-increment key `seq` in the order of learning, indexes
 *   `bySkill` (`[ns, name]`) and `byNamespace`).
 * @module
 */
import type { IDBPDatabase, IDBPTransaction } from 'idb';

/** The schema version this code writes. */
export const STORE_SCHEMA_VERSION = 4;

/** The database name when none is given. */
export const DEFAULT_STORE_NAME = 'satchel-skills';

/** Object store of heads: each skill's current content and state. */
export const SKILLS = 'skills';
/** Object store of every full revision. */
export const REVISIONS = 'revisions';
/** Object store of the append-only audit log. */
export const AUDIT = 'audit';

/** Object store of pending agent changes (v3). */
export const PROPOSALS = 'proposals';
/** Object store of the usage profile (v3). */
export const USAGE = 'usage';
/** Object store of learned examples (v4). */
export const LEARNED = 'learned';

/** Every object store a store transaction spans. */
export const ALL_STORES = [SKILLS, REVISIONS, AUDIT, PROPOSALS, USAGE, LEARNED];

/** Audit index by `[ns, name]` (v2). */
export const AUDIT_BY_SKILL = 'bySkill';
/** Audit index by `ns` (v2). */
export const AUDIT_BY_NAMESPACE = 'byNamespace';
/** Index by `ns` of proposals and usage entries (v3), and of learned examples (v4). */
export const BY_NAMESPACE = 'byNamespace';
/** Usage index by `[ns, name]` (v3). */
export const USAGE_BY_SKILL = 'bySkill';
/** Learned-example index by `[ns, name]` (v4). */
export const LEARNED_BY_SKILL = 'bySkill';

type UpgradeTx = IDBPTransaction<unknown, string[], 'versionchange'>;

const STEPS: Record<number, (db: IDBPDatabase, tx: UpgradeTx) => void> = {
  1(db) {
    db.createObjectStore(SKILLS, { keyPath: ['ns', 'name'] });
    db.createObjectStore(REVISIONS, { keyPath: ['ns', 'name', 'revision'] });
    db.createObjectStore(AUDIT, { keyPath: 'seq', autoIncrement: true });
  },
  2(_db, tx) {
    // Creating an index indexes the records already there: a v1 log gains it in place.
    const audit = tx.objectStore(AUDIT);
    audit.createIndex(AUDIT_BY_SKILL, ['ns', 'name']);
    audit.createIndex(AUDIT_BY_NAMESPACE, 'ns');
  },
  3(db) {
    db.createObjectStore(PROPOSALS, { keyPath: 'id' }).createIndex(BY_NAMESPACE, 'ns');
    const usage = db.createObjectStore(USAGE, { keyPath: 'seq', autoIncrement: true });
    usage.createIndex(USAGE_BY_SKILL, ['ns', 'name']);
    usage.createIndex(BY_NAMESPACE, 'ns');
  },
  4(db) {
    // A new object store beside the others: nothing written before moves.
    const learned = db.createObjectStore(LEARNED, { keyPath: 'seq', autoIncrement: true });
    learned.createIndex(LEARNED_BY_SKILL, ['ns', 'name']);
    learned.createIndex(BY_NAMESPACE, 'ns');
  },
};

/** Brings a database at `oldVersion` up to {@link STORE_SCHEMA_VERSION}. */
export function upgradeSchema(db: IDBPDatabase, oldVersion: number, tx: UpgradeTx): void {
  for (let version = oldVersion + 1; version <= STORE_SCHEMA_VERSION; version++) STEPS[version]?.(db, tx);
}
