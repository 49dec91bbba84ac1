/**
 * `openIndexedDbStore`: the skill store on IndexedDB (through `idb`). One
 * read-write transaction per write spans heads, revisions and the audit log.
 * The connection gives way when another wants to upgrade or delete the
 * database, and the store then reports `STORE_CLOSED` until opened again.
 * @module
 */
import { wrap, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { SkillError } from '../../format/errors.js';
import { closedError, storeError } from '../errors.js';
import {
  corruptHead,
  type AuditRecord,
  type Backend,
  type HeadRecord,
  type LearnedRecord,
  type ProposalRecord,
  type RevisionRecord,
  type StoreTx,
  type UsageRecord,
} from '../records.js';
import {
  ALL_STORES,
  AUDIT,
  AUDIT_BY_NAMESPACE,
  AUDIT_BY_SKILL,
  BY_NAMESPACE,
  DEFAULT_STORE_NAME,
  LEARNED,
  LEARNED_BY_SKILL,
  PROPOSALS,
  REVISIONS,
  SKILLS,
  STORE_SCHEMA_VERSION,
  upgradeSchema,
  USAGE,
  USAGE_BY_SKILL,
} from './schema.js';
import { buildSkillStore } from '../skill-store.js';
import { defaultStorageManager, requestPersistence, storageReport, type StorageManagerLike } from './storage.js';
import { linkTabs } from './tabs.js';
import type { SkillStore, StoreOptions } from '../types.js';

/** Options of {@link openIndexedDbStore}. */
export interface IndexedDbStoreOptions extends StoreOptions {
  /** Database name (default `satchel-skills`). */
  readonly name?: string;
  /** The IndexedDB factory (default the global `indexedDB`); e.g. `new IDBFactory()` from fake-indexeddb in Node. */
  readonly indexedDB?: IDBFactory;
  /** Ask the browser for persistent storage (default true). */
  readonly persist?: boolean;
  /** `navigator.storage` or a stand-in (default `navigator.storage` where it exists). */
  readonly storageManager?: StorageManagerLike;
  /** Tell other tabs of changes and hear theirs, over a BroadcastChannel (default true where one exists). */
  readonly broadcast?: boolean;
}

/** @deprecated Use {@link IndexedDbStoreOptions}. */
export type OpenSkillStoreOptions = IndexedDbStoreOptions;

/**
 * Opens (creating or upgrading) the skill store database.
 *
 * @throws {SkillError} `UPGRADE_BLOCKED` when another connection holds an older version open;
 *   `STORE_FAILED` when IndexedDB is missing or the database cannot be opened.
 * @example
 * ```ts
 * const store = await openIndexedDbStore({ reservedNames: builtinNames })
 * await store.put(['acme', 'u1', 'skills'], skillMdText, { expectedRevision: 0, actor: 'person' })
 * const loader = new SkillLoader({ builtin, store })
 * await loader.loadAll('acme', 'u1')
 * ```
 */
export async function openIndexedDbStore(options: IndexedDbStoreOptions = {}): Promise<SkillStore> {
  const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory) throw new SkillError('STORE_FAILED', 'IndexedDB is not available here; use createMemoryStore(), or fake-indexeddb in Node.');
  const name = options.name ?? DEFAULT_STORE_NAME;
  const db = await openDatabase(factory, name);
  const manager = options.storageManager ?? defaultStorageManager();
  // Not awaited: a browser may hold the answer until the user decides; storage() reports it later.
  if (options.persist !== false) void requestPersistence(manager);
  const backend = idbBackend(db, manager);
  const tabs = options.broadcast === false ? undefined : linkTabs(name, backend);
  const store = buildSkillStore(backend, { ...options, ...(tabs ? { onLocalChange: tabs.post } : {}) });
  tabs?.listen((change) => store.deliver(change));
  const close = store.close;
  return Object.assign(store, {
    close() {
      tabs?.close();
      close();
    },
  });
}

/** @deprecated Use {@link openIndexedDbStore} (the backend in the name, as `createMemoryStore` and `indexedDbRemoteCache`). */
export const openSkillStore = openIndexedDbStore;

function openDatabase(factory: IDBFactory, name: string): Promise<IDBPDatabase> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: SkillError): void => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name, STORE_SCHEMA_VERSION);
    } catch (e) {
      return fail(storeError(e, 'opening the database'));
    }
    request.onupgradeneeded = (event) => {
      upgradeSchema(
        wrap(request.result),
        event.oldVersion,
        wrap(request.transaction as IDBTransaction) as unknown as IDBPTransaction<unknown, string[], 'versionchange'>,
      );
    };
    request.onblocked = (event) => {
      fail(
        new SkillError(
          'UPGRADE_BLOCKED',
          `Database "${name}" is held open at version ${event.oldVersion} by another connection (another tab?); it cannot be upgraded to version ${STORE_SCHEMA_VERSION}. Close it and open the store again.`,
        ),
      );
    };
    request.onsuccess = () => {
      // An open we gave up on (blocked) may still succeed later: close it rather than leak it.
      if (settled) return request.result.close();
      settled = true;
      resolve(wrap(request.result));
    };
    request.onerror = () => {
      if (request.error?.name !== 'VersionError') return fail(storeError(request.error, `opening database "${name}"`));
      fail(
        new SkillError(
          'STORE_FAILED',
          `Database "${name}" was written by a newer version of Satchel (schema above ${STORE_SCHEMA_VERSION}); this code cannot open it.`,
          { cause: request.error },
        ),
      );
    };
  });
}

function idbBackend(db: IDBPDatabase, manager: StorageManagerLike | undefined): Backend {
  let closed = false;
  let closedBy: unknown;
  const shut = (why: unknown): void => {
    closed = true;
    closedBy = why;
    db.close();
  };
  // Give way to an upgrade or a deletion (the user clearing site data) instead of blocking it.
  db.addEventListener('versionchange', () => shut(new Error('another connection upgraded or deleted the database')));
  db.addEventListener('close', () => shut(new Error('the browser closed the database')));
  const begin = (mode: IDBTransactionMode): IDBPTransaction<unknown, string[], IDBTransactionMode> => {
    if (closed) throw closedError(closedBy);
    return db.transaction(ALL_STORES, mode, mode === 'readwrite' ? { durability: 'strict' } : {});
  };
  return {
    async read(fn) {
      const tx = begin('readonly');
      // A read has its results once its requests succeed: waiting for the commit would only add a turn.
      tx.done.catch(() => undefined);
      return fn(idbTx(tx));
    },
    async write(fn) {
      const tx = begin('readwrite');
      try {
        const result = await fn(idbTx(tx));
        await tx.done;
        return result;
      } catch (e) {
        // Nothing of a failed write may stay: abort whatever it did (a no-op if the browser already has).
        try {
          tx.abort();
        } catch {
          /* already finished */
        }
        await tx.done.catch(() => undefined);
        throw tx.error && !(e instanceof SkillError) ? tx.error : e;
      }
    },
    storage: () => storageReport(manager),
    close: () => shut(new Error('close() was called')),
  };
}

// Ids are random: order proposals by when they were made (ISO text sorts by time), then id.
const byTime = (a: ProposalRecord, b: ProposalRecord): number => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : 1);

const skillRange = (ns: string): IDBKeyRange => IDBKeyRange.bound([ns], [ns, []]);
const revisionRange = (ns: string, name: string): IDBKeyRange => IDBKeyRange.bound([ns, name], [ns, name, []]);

function idbTx(tx: IDBPTransaction<unknown, string[], IDBTransactionMode>): StoreTx {
  const skills = tx.objectStore(SKILLS);
  const revisions = tx.objectStore(REVISIONS);
  const audit = tx.objectStore(AUDIT);
  const proposals = tx.objectStore(PROPOSALS);
  const usage = tx.objectStore(USAGE);
  const learned = tx.objectStore(LEARNED);
  return {
    head: async (ns, name) => (await skills.get([ns, name])) as HeadRecord | undefined,
    heads: async (ns) => (await skills.getAll(skillRange(ns))) as HeadRecord[],
    // IndexedDB orders keys as the other stores order names (UTF-16 code units): a page is a key range and a count.
    headPage: async (ns, { after, limit }) =>
      (await skills.getAll(after === undefined ? skillRange(ns) : IDBKeyRange.bound([ns, after], [ns, []], true), limit)) as HeadRecord[],
    activeCount: async (ns) =>
      ((await skills.getAll(skillRange(ns))) as HeadRecord[]).filter((h) => h.state === 'active' && corruptHead(h) === undefined).length,
    headCount: (ns) => skills.count(skillRange(ns)),
    putHead: async (head) => void (await skills.put!(head)),
    revision: async (ns, name, revision) => (await revisions.get([ns, name, revision])) as RevisionRecord | undefined,
    revisions: async (ns, name) => (await revisions.getAll(revisionRange(ns, name))) as RevisionRecord[],
    putRevision: async (record) => void (await revisions.put!(record)),
    deleteRevisions: async (ns, name) => void (await revisions.delete!(revisionRange(ns, name))),
    appendAudit: async (entry) => void (await audit.add!(entry)),
    audit: async (ns, name) =>
      (await (name === undefined ? audit.index(AUDIT_BY_NAMESPACE).getAll(ns) : audit.index(AUDIT_BY_SKILL).getAll([ns, name]))) as AuditRecord[],
    auditCount: (ns, name) => audit.index(AUDIT_BY_SKILL).count([ns, name]),
    proposal: async (id) => (await proposals.get(id)) as ProposalRecord | undefined,
    proposals: async (ns) => ((await proposals.index(BY_NAMESPACE).getAll(ns)) as ProposalRecord[]).sort(byTime),
    proposalCount: (ns) => proposals.index(BY_NAMESPACE).count(ns),
    putProposal: async (record) => void (await proposals.put!(record)),
    deleteProposal: async (id) => void (await proposals.delete!(id)),
    appendUsage: async (record) => void (await usage.add!(record)),
    usage: async (ns, name) =>
      (await (name === undefined ? usage.index(BY_NAMESPACE).getAll(ns) : usage.index(USAGE_BY_SKILL).getAll([ns, name]))) as UsageRecord[],
    async trimUsage(ns, keep) {
      const index = usage.index(BY_NAMESPACE);
      let excess = (await index.count(ns)) - keep;
      // The index orders entries of one namespace by primary key: oldest first.
      for (let cursor = excess > 0 ? await index.openCursor(ns) : null; cursor && excess > 0; cursor = await cursor.continue(), excess--)
        await cursor.delete!();
    },
    // Both indexes order the entries of one key by primary key: the order they were learned.
    learned: async (ns, name) =>
      (await (name === undefined ? learned.index(BY_NAMESPACE).getAll(ns) : learned.index(LEARNED_BY_SKILL).getAll([ns, name]))) as LearnedRecord[],
    addLearned: async (record) => void (await learned.add!(record)),
    async deleteLearned(seqs) {
      for (const seq of seqs) await learned.delete!(seq);
    },
  };
}
