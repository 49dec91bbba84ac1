/**
 * The records the store keeps, the transaction interface both backends
 * offer, and the checks that tell a sound record from a corrupt one.
 * @module
 */
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { SkillError } from '../format/errors.js';
import { isBytes } from '../sources/inventory.js';
import { keptSkill, type KeptParse } from '../sources/preparsed-bundle.js';
import { markReadyParse } from '../sources/preparsed-marks.js';
import type { ActorRecord, AuditAction, AuditEntry, RevisionAction, SkillState, StoreItem } from './types.js';

/** Files of a skill by relative path. */
export type FileMap = Readonly<Record<string, string | Uint8Array>>;

/**
 * The head of a skill: its current content and state. A purged skill keeps
 * a head without content (`state: 'purged'`), so revision numbers never repeat.
 */
export interface HeadRecord {
  /** The namespace as JSON text (an exact, ordered key). */
  readonly ns: string;
  readonly name: string;
  readonly revision: number;
  readonly digest: string;
  readonly state: SkillState | 'purged';
  readonly text: string;
  readonly files: FileMap;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Who wrote the head's content (an archive or restore keeps it); absent in records written before it. */
  readonly writtenBy?: 'person' | 'agent';
  /**
   * Bytes of every revision the skill's history holds (SKILL.md and files), kept so an agent's write is checked
   * against `maxAgentHistoryBytesPerSkill` without reading the history; absent in records written before it.
   */
  readonly historyBytes?: number;
  /**
   * The skill as the runtime profile parsed it when it was written, so a load need not parse it again; absent in
   * records written before it (and where a backend cannot carry it exactly): those are parsed when loaded.
   */
  readonly parsed?: KeptParse;
}

/** One page of heads: those after the name `after` (from the first when absent), at most `limit`. */
export interface HeadPage {
  readonly after?: string;
  readonly limit: number;
}

/** Highest revision number: far above any real history, far below 2^53, where `n + 1` stops being exact. */
export const MAX_REVISION = 2 ** 31 - 1;

/** One full revision. */
export interface RevisionRecord {
  readonly ns: string;
  readonly name: string;
  readonly revision: number;
  readonly digest: string;
  readonly text: string;
  readonly files: FileMap;
  readonly at: string;
  readonly actor: ActorRecord;
  readonly action: RevisionAction;
  readonly from?: number;
}

/** An audit entry as stored (`seq` is given by the backend). */
export interface AuditRecord {
  readonly seq?: number;
  readonly ns: string;
  readonly name: string;
  readonly action: AuditAction;
  readonly revision: number;
  readonly digest?: string;
  /** For an ignored write: the file it was for. */
  readonly path?: string;
  readonly from?: number;
  readonly actor: ActorRecord;
  readonly at: string;
  /** For an approved proposal: who approved it. */
  readonly approvedBy?: ActorRecord;
}

/** A pending agent change as stored (see `Proposal`). */
export interface ProposalRecord {
  readonly id: string;
  readonly ns: string;
  readonly name: string;
  readonly action: 'put' | 'rollback' | 'archive' | 'restore' | 'purge';
  readonly actor: ActorRecord;
  readonly at: string;
  readonly baseRevision: number;
  readonly diff: string;
  /** The proposed content, for `put`. */
  readonly text?: string;
  readonly files?: FileMap;
  readonly digest?: string;
  /** For a rollback: the revision to copy. */
  readonly from?: number;
  /** What the scanner found in the proposed content (absent when nothing, and in records older than the gate). */
  readonly findings?: readonly Diagnostic[];
}

/** A usage entry as stored (`seq` is given by the backend). */
export interface UsageRecord {
  readonly seq?: number;
  readonly ns: string;
  readonly name: string;
  readonly kind: 'activation' | 'delegation';
  readonly at: string;
  readonly reason?: string;
  readonly outcome?: string;
}

/** A learned example as stored (`seq` is given by the backend; the order of learning). */
export interface LearnedRecord {
  readonly seq?: number;
  readonly ns: string;
  readonly name: string;
  readonly text: string;
  readonly count: number;
  readonly learnedAt: string;
}

/**
 * One transaction. Every call of a write goes through one of these, and a
 * backend commits all of it or none of it. Implementations must not wait on
 * anything but their own calls (IndexedDB commits an idle transaction).
 */
export interface StoreTx {
  head(ns: string, name: string): Promise<HeadRecord | undefined>;
  heads(ns: string): Promise<HeadRecord[]>;
  /** A page of {@link heads}: every state, corrupt records included, in the same order; only its own records are read. */
  headPage(ns: string, page: HeadPage): Promise<HeadRecord[]>;
  /** How many heads of `ns` are active and sound (not corrupt): what `search` returns whole. */
  activeCount(ns: string): Promise<number>;
  /** How many skill records (purged ones included) `ns` holds. */
  headCount(ns: string): Promise<number>;
  putHead(head: HeadRecord): Promise<void>;
  revision(ns: string, name: string, revision: number): Promise<RevisionRecord | undefined>;
  revisions(ns: string, name: string): Promise<RevisionRecord[]>;
  putRevision(record: RevisionRecord): Promise<void>;
  deleteRevisions(ns: string, name: string): Promise<void>;
  appendAudit(entry: AuditRecord): Promise<void>;
  audit(ns: string, name?: string): Promise<AuditRecord[]>;
  /** How many audit entries one skill has. */
  auditCount(ns: string, name: string): Promise<number>;
  proposal(id: string): Promise<ProposalRecord | undefined>;
  proposals(ns: string): Promise<ProposalRecord[]>;
  /** How many proposals of `ns` are pending. */
  proposalCount(ns: string): Promise<number>;
  putProposal(record: ProposalRecord): Promise<void>;
  deleteProposal(id: string): Promise<void>;
  appendUsage(record: UsageRecord): Promise<void>;
  usage(ns: string, name?: string): Promise<UsageRecord[]>;
  /** Deletes the oldest entries of `ns` until at most `keep` remain. */
  trimUsage(ns: string, keep: number): Promise<void>;
  /** The learned examples of `ns`, or of one skill there, in the order they were learned. */
  learned(ns: string, name?: string): Promise<LearnedRecord[]>;
  addLearned(record: LearnedRecord): Promise<void>;
  /** Deletes the learned examples of these `seq`s. */
  deleteLearned(seqs: readonly number[]): Promise<void>;
}

/** Where a store keeps its records: IndexedDB, memory or PostgreSQL. */
export interface Backend {
  /**
   * True when each record a read gives is that read's own (parsed from the database for it, as PostgreSQL's are), not
   * an object the backend keeps: `search` may then make the listed skill of a head's kept parse in place, not copy it.
   */
  readonly ownReads?: boolean;
  /** Runs `fn` in a read-only transaction. */
  read<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  /**
   * {@link read} for an `fn` that makes one call of `tx`, one statement: a backend may run it outside a transaction,
   * as one statement sees one snapshot by itself (PostgreSQL's does, saving the `BEGIN` and `COMMIT`).
   */
  readOnce?<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** Runs `fn` in one read-write transaction: all of it commits, or none. */
  write<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** Usage and quota. */
  storage(): Promise<{ persisted?: boolean; usage?: number; quota?: number }>;
  close(): void;
}

/** The key text of a namespace. */
export function nsKey(namespace: readonly string[]): string {
  return JSON.stringify(namespace);
}

/** `namespace`, checked: a non-empty list of non-empty texts. */
export function checkNamespace(namespace: readonly string[]): readonly string[] {
  if (!Array.isArray(namespace) || namespace.length === 0 || !namespace.every((p) => typeof p === 'string' && p !== '')) {
    throw new SkillError('INVALID_INPUT', 'A namespace is a non-empty list of non-empty texts, e.g. ["acme", "skills"].');
  }
  return namespace;
}

/** `name`, checked: a skill name is a non-empty text (`INVALID_INPUT` otherwise, never a backend's key error). */
export function checkName(name: unknown): string {
  if (typeof name !== 'string' || name === '') throw new SkillError('INVALID_INPUT', `A skill name is a non-empty text, not ${describeValue(name)}.`);
  return name;
}

/** `revision`, checked: a whole number from 1 to {@link MAX_REVISION} (`INVALID_INPUT` otherwise). */
export function checkRevision(revision: unknown, what = 'A revision'): number {
  if (!isRevision(revision)) throw new SkillError('INVALID_INPUT', `${what} is a whole number from 1 to ${MAX_REVISION}, not ${describeValue(revision)}.`);
  return revision;
}

/** True for a revision number the store can hold: a whole number from 1 to {@link MAX_REVISION}. */
export function isRevision(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_REVISION;
}

/** A value as an error message shows it: numbers and short texts as they are, anything else by its type. */
export function describeValue(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.length > 40 ? `a text of ${value.length} characters` : JSON.stringify(value);
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : String(typeof value);
}

/** The namespace of a key text. */
export function nsOf(ns: string): string[] {
  return JSON.parse(ns) as string[];
}

/** Why a head read back is unusable, or `undefined` when it is sound. */
export function corruptHead(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'the record is not an object';
  const h = value as Record<string, unknown>;
  if (typeof h['name'] !== 'string' || h['name'] === '') return 'the record has no name';
  if (!isRevision(h['revision'])) return `the revision is not a whole number from 1 to ${MAX_REVISION}`;
  if (h['state'] === 'purged') return undefined;
  if (h['state'] !== 'active' && h['state'] !== 'archived') return 'the state is unknown';
  if (typeof h['text'] !== 'string') return 'the SKILL.md text is missing';
  if (typeof h['digest'] !== 'string' || !h['digest'].startsWith('sha256:')) return 'the digest is missing';
  return corruptFiles(h['files']);
}

/** What a revision's `action` may be. */
export const REVISION_ACTIONS: ReadonlySet<RevisionAction> = new Set(['put', 'rollback', 'import', 'archive', 'restore']);

/** Why a revision read back is unusable, or `undefined` when it is sound. */
export function corruptRevision(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'the record is not an object';
  const r = value as Record<string, unknown>;
  if (!isRevision(r['revision'])) return `the revision is not a whole number from 1 to ${MAX_REVISION}`;
  if (typeof r['text'] !== 'string') return 'the SKILL.md text is missing';
  if (typeof r['digest'] !== 'string' || !r['digest'].startsWith('sha256:')) return 'the digest is missing';
  if (typeof r['at'] !== 'string') return 'the time is missing';
  const actor = r['actor'] as { kind?: unknown } | null | undefined;
  if (typeof actor !== 'object' || actor === null || (actor.kind !== 'person' && actor.kind !== 'agent')) return 'the actor is unknown';
  if (!REVISION_ACTIONS.has(r['action'] as RevisionAction)) return 'the action is unknown';
  return corruptFiles(r['files']);
}

/** Why a file map is unusable, or `undefined`. */
export function corruptFiles(files: unknown): string | undefined {
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return 'the files are not a map of paths';
  for (const content of Object.values(files)) if (typeof content !== 'string' && !isBytes(content)) return 'a file is neither text nor bytes';
  return undefined;
}

/**
 * The loader item of an active head (`namespace` given when the caller has it, saving a parse). Its `value` is marked
 * with the head's kept parse, when it has a usable one, for `storeSource` to hand the loader; `owned` when the head is
 * the caller's own (a backend's `ownReads`), so its kept parse becomes the skill in place.
 */
export function itemOf(head: HeadRecord, namespace?: readonly string[], owned = false): StoreItem {
  const { text, files } = head;
  const value = { text, files };
  const ns = namespace ? namespace.slice() : nsOf(head.ns);
  // At the path `storeSource` lists it at, so the skill is the loader's as it is.
  const kept = head.parsed === undefined ? undefined : keptSkill(head.parsed, text, head, `${ns.join('/')}/${head.name}/SKILL.md`, owned);
  if (kept) markReadyParse(value, { skill: kept.skill, limits: kept.limits, text, files });
  const item: { -readonly [K in keyof StoreItem]: StoreItem[K] } = {
    namespace: ns,
    key: head.name,
    value,
    createdAt: new Date(head.createdAt),
    updatedAt: new Date(head.updatedAt),
  };
  if (head.writtenBy !== undefined) item.writtenBy = head.writtenBy;
  return item;
}

/** The public form of an audit record. */
export function auditEntryOf(record: AuditRecord): AuditEntry {
  const { ns, seq, ...rest } = record;
  return { ...rest, seq: seq ?? 0, namespace: nsOf(ns) };
}
