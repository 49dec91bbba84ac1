/**
 * The public shapes of the skill store: what it holds, what its methods
 * take and return, and the events it emits.
 * @module
 */
import type { Diagnostic, Profile } from '../format/diagnostics/diagnostic.js';
import type { SkillLimits } from '../format/types.js';
import type { AgentLimits, AuditAction, ChangeAction, ExportedUsage, IgnoredWrite, Mutability, NamespacePolicies, RevisionAction } from './evolution/types.js';
import type { ActorRecord, Actor, Proposal, UsageEntry, UsageInput } from './evolution/types.js';
import type { StoreSafety } from './evolution/types.js';
import type { LearnedExample, LearnedExampleStore } from '../sources/learned-store.js';
import type { EvolutionOptions } from './history/types.js';

export type { AuditAction, ChangeAction, ExportedUsage, IgnoredWrite, Mutability, MutabilityPolicy, NamespacePolicies } from './evolution/types.js';
export type { Actor, ActorRecord, Proposal, RevisionAction, UsageEntry, UsageInput, UsageKind } from './evolution/types.js';
export type { StoreSafety } from './evolution/types.js';

/** A skill as `put` takes it: SKILL.md text, or a folder as relative paths to text or bytes (`SKILL.md` among them). */
export type SkillInput = string | Readonly<Record<string, string | Uint8Array>>;

/** Where a skill stands: `active` skills are searched and loaded; `archived` ones are kept but left out. */
export type SkillState = 'active' | 'archived';

/** Options of every write. */
export interface WriteOptions {
  /** The revision the writer last saw (0: the skill must not exist yet); another one fails with `CONFLICT`. */
  readonly expectedRevision?: number;
  /** Who writes (default `person`). */
  readonly actor?: Actor;
  /** `spec`: validate this write in the spec profile even in a `runtime` store (a write can only be stricter than its store). */
  readonly profile?: Profile;
}

/** What a write returns. */
export interface WriteResult {
  readonly name: string;
  /** The skill's latest revision after the write. */
  readonly revision: number;
  /** The digest of that revision (`sha256:` + hex, as `Skill.digest`). */
  readonly digest: string;
  /** The proposal's id when an agent's write was kept as one (`approval-gated`): `revision` and `digest` then stay the active skill's (0 and `''` if new). */
  readonly proposal?: string;
  /** What the scanner found in the skill written (or proposed), when it found anything: the store's `safety` let it in. */
  readonly findings?: readonly Diagnostic[];
}

/** The current state of one stored skill. */
export interface StoredSkill extends WriteResult {
  readonly namespace: readonly string[];
  readonly state: SkillState;
  /** SKILL.md text. */
  readonly text: string;
  /** Resource files by relative path (SKILL.md not included). */
  readonly files: Readonly<Record<string, string | Uint8Array>>;
  /** When the skill was first written, ISO 8601. */
  readonly createdAt: string;
  /** When it last changed (any action), ISO 8601. */
  readonly updatedAt: string;
}

/** One line of `list`. */
export interface SkillSummary extends WriteResult {
  readonly state: SkillState;
  readonly updatedAt: string;
}

/** One full revision of a skill, as `history` returns it. */
export interface SkillRevision extends WriteResult {
  readonly text: string;
  readonly files: Readonly<Record<string, string | Uint8Array>>;
  /** When it was written, ISO 8601. */
  readonly at: string;
  readonly actor: ActorRecord;
  /** `put`, `rollback` (copied from revision `from`), `import`, or `archive` / `restore` (the content kept, the state changed). */
  readonly action: RevisionAction;
  /** For a rollback: the revision copied. */
  readonly from?: number;
}

/** One entry of the append-only audit log: the fact of a change, never its content. */
export interface AuditEntry {
  /** Position in the log, increasing. */
  readonly seq: number;
  readonly namespace: readonly string[];
  readonly name: string;
  readonly action: AuditAction;
  /** The skill's latest revision after the change (for an ignored write: the stored skill's, 0 when the store holds none). */
  readonly revision: number;
  /** Its digest; absent for a purge and for an ignored write. */
  readonly digest?: string;
  /** For an ignored write: the file it was for. */
  readonly path?: string;
  /** For a rollback: the revision copied. */
  readonly from?: number;
  readonly actor: ActorRecord;
  /** ISO 8601. */
  readonly at: string;
  /** For an agent's change applied by approval: who approved it. */
  readonly approvedBy?: ActorRecord;
}

/** An item of `search`, in the shape of LangGraph's store items; `value` is what `storeSource` reads. */
export interface StoreItem {
  readonly namespace: string[];
  /** The skill's name. */
  readonly key: string;
  readonly value: { readonly text: string; readonly files: Readonly<Record<string, string | Uint8Array>> };
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** Who wrote the skill's content (absent for a record older than it): `storeSource` shows an agent's as agent-written. */
  readonly writtenBy?: 'person' | 'agent';
}

/**
 * What the store emits after a change is committed. `item` is the skill as
 * `search` now returns it, absent when it left `search` (archive, purge).
 * `remote` is set when another connection (another tab) made the change.
 */
export interface StoreChange {
  readonly action: ChangeAction;
  readonly namespace: readonly string[];
  readonly name: string;
  readonly revision: number;
  readonly digest?: string;
  readonly item?: StoreItem;
  readonly remote?: boolean;
}

/** A listener of store changes; a promise it returns is awaited before the write resolves. */
export type StoreListener = (change: StoreChange) => unknown;

/** Storage as the browser reports it. Fields are absent where the environment does not say. */
export interface StorageReport {
  /** True when the browser granted persistent storage (not evicted under pressure). */
  readonly persisted?: boolean;
  /** Bytes used by the origin (or by the memory store's skills). */
  readonly usage?: number;
  /** Bytes the origin may use. */
  readonly quota?: number;
}

/** The per-skill limits of a write (defaults: the loader's), and the bounds of an agent's writes (`AGENT_LIMITS`). */
export type StoreLimits = Pick<SkillLimits, 'maxFilesPerSkill' | 'maxFileBytes' | 'maxNesting'> & AgentLimits;

/** Options both stores take (`evolution`: where accepted changes are mirrored, docs/evolution.md). */
export interface StoreOptions extends EvolutionOptions {
  /** Most usage entries kept per namespace (default 1,000); the oldest go first. */
  readonly usageCap?: number;
  /** Policy for agent-made changes (default `autonomous`). */
  readonly mutability?: Mutability;
  /** Names builtin skills hold: a stored skill of such a name is refused with `CONFLICT`. A loader adds its builtin names after each load. */
  readonly reservedNames?: Iterable<string>;
  /** Per-skill limits checked before a write, and the bounds of an agent's writes. */
  readonly limits?: StoreLimits;
  /**
   * The profile writes are validated in (default `runtime`: what the loader would load). `spec` refuses what the open
   * specification calls invalid (an upper-case name, a long description, …) with `INVALID_SKILL`. In every profile a
   * name that can never be mentioned (`/name`) or used as a folder is refused.
   */
  readonly profile?: Profile;
  /** The safety gate: what the scanner's findings do to a person's write, an agent's, an import (default: each warns). */
  readonly safety?: StoreSafety;
}

/**
 * A persistent, revisioned store of skills by namespace (`[orgId, 'skills']`,
 * `[orgId, userId, 'skills']`). Its `search` is what a `SkillLoader` reads; it keeps learned examples per namespace.
 */
export interface SkillStore extends LearnedExampleStore, NamespacePolicies {
  /** Active skills of `namespace`, by name, as loader items; from the first, past `offset` of them, or after the name `after`. */
  search(namespace: readonly string[], options?: { readonly limit?: number; readonly offset?: number; readonly after?: string }): Promise<StoreItem[]>;
  /** How many active skills `namespace` holds (what `search` returns without a limit); `storeSource` pages through them all. */
  count(namespace: readonly string[]): Promise<number>;
  /** Validates and appends a full revision; `INVALID_SKILL`, `UNSAFE_PATH`, `LIMIT_EXCEEDED`, `CONFLICT`, `QUOTA_EXCEEDED`. */
  put(namespace: readonly string[], skill: SkillInput, options?: WriteOptions): Promise<WriteResult>;
  /** The skill's current state (archived ones included), or `undefined`. */
  get(namespace: readonly string[], name: string): Promise<StoredSkill | undefined>;
  /** Every skill of `namespace`, archived ones included, by name. */
  list(namespace: readonly string[]): Promise<SkillSummary[]>;
  /** Every revision of a skill, oldest first. */
  history(namespace: readonly string[], name: string): Promise<SkillRevision[]>;
  /** Copies `revision` into a new latest revision. */
  rollback(namespace: readonly string[], name: string, revision: number, options?: WriteOptions): Promise<WriteResult>;
  /** Takes a skill out of `search` (and the catalog), keeping every revision. */
  archive(namespace: readonly string[], name: string, options?: WriteOptions): Promise<WriteResult>;
  /** Brings an archived skill back into `search`. */
  restore(namespace: readonly string[], name: string, options?: WriteOptions): Promise<WriteResult>;
  /** Deletes every revision of a skill; the audit log keeps the fact, not the content. */
  purge(namespace: readonly string[], name: string, options?: Pick<WriteOptions, 'actor'>): Promise<void>;
  /** The audit log, oldest first: of one namespace, or of one skill. */
  auditLog(namespace: readonly string[], name?: string): Promise<AuditEntry[]>;
  /** A whole namespace, every revision included, as JSON-ready data with digests. */
  exportNamespace(namespace: readonly string[]): Promise<NamespaceExport>;
  /** Writes a namespace export (object or JSON text) after checking every digest; all or nothing. */
  importNamespace(data: NamespaceExport | string, options?: { readonly namespace?: readonly string[]; readonly actor?: Actor }): Promise<WriteResult[]>;
  /** @deprecated Use {@link SkillStore.exportNamespace} (the same function). */
  exportArchive(namespace: readonly string[]): Promise<NamespaceExport>;
  /** @deprecated Use {@link SkillStore.importNamespace} (the same function). */
  importArchive(data: NamespaceExport | string, options?: { readonly namespace?: readonly string[]; readonly actor?: Actor }): Promise<WriteResult[]>;
  /** Adds names builtin skills hold; later writes of them fail with `CONFLICT`. A loader over the store calls it after each load. */
  reserveNames(names: Iterable<string>): void;
  /** True when a builtin skill holds `name` (same identity after NFKC and case folding): it is read-only here. */
  isReserved(name: string): boolean;
  /** Records an ignored write to a builtin skill's file: no change, an audit entry `skill.resource_write_ignored`; `INVALID_INPUT` for a non-builtin name. */
  recordIgnoredWrite(namespace: readonly string[], name: string, path: string, options?: Pick<WriteOptions, 'actor'>): Promise<IgnoredWrite>;
  /** Pending agent changes of `namespace`, oldest first. */
  proposals(namespace: readonly string[]): Promise<Proposal[]>;
  /** Applies a proposal as the agent's change (history and audit record it); `NOT_FOUND`, `CONFLICT` when the skill moved past its base. */
  approve(id: string, options?: { readonly actor?: Actor }): Promise<WriteResult>;
  /** Drops a proposal; nothing enters history or audit. `NOT_FOUND` when there is none. */
  reject(id: string): Promise<void>;
  /** Appends usage entries (activations, delegated runs) to the namespace's profile, dropping the oldest past the cap. */
  recordUsage(namespace: readonly string[], entries: UsageInput | readonly UsageInput[]): Promise<void>;
  /** The usage profile of a namespace, or of one skill, oldest first. */
  usage(namespace: readonly string[], name?: string): Promise<UsageEntry[]>;
  /** Subscribes to committed changes; returns the unsubscribe function. */
  on(type: 'change', listener: StoreListener): () => void;
  /** Usage, quota and whether storage is persistent. */
  storage(): Promise<StorageReport>;
  /** Records skipped by the last read because they were corrupt, and the last changes the evolution history could not commit. */
  readonly diagnostics: readonly Diagnostic[];
  /** Closes the store; later calls fail with `STORE_CLOSED`. */
  close(): void;
}

/** The `format` tag of a namespace export (its value predates the name, and files written before still import). */
export const EXPORT_FORMAT = 'satchel-skill-archive';
/** @deprecated Use {@link EXPORT_FORMAT}. */
export const ARCHIVE_FORMAT = EXPORT_FORMAT;

/** A file in a namespace export: text as is, bytes as base64. */
export type ExportedFile = string | { readonly base64: string };

/** One revision in a namespace export. */
export interface ExportedRevision {
  readonly revision: number;
  readonly digest: string;
  readonly at: string;
  readonly actor: ActorRecord;
  readonly action: RevisionAction;
  readonly from?: number;
  readonly text: string;
  readonly files: Readonly<Record<string, ExportedFile>>;
}

/** One skill in a namespace export, revisions oldest first. */
export interface ExportedSkill {
  readonly name: string;
  readonly state: SkillState;
  readonly createdAt: string;
  readonly revisions: readonly ExportedRevision[];
}

/** A namespace exported by `exportNamespace`. */
export interface NamespaceExport {
  readonly format: typeof EXPORT_FORMAT;
  /** 3 when it carries learned examples (the digest covers them), else 2 (it covers usage); version 1 exports (skills alone) still import. */
  readonly version: 1 | 2 | 3;
  readonly namespace: readonly string[];
  readonly exportedAt: string;
  /** `sha256:` over every skill's name, state and revision digests, (version 2) every usage entry, (3) every learned example: `exportDigest(exported)`. */
  readonly digest: string;
  readonly skills: readonly ExportedSkill[];
  /** The namespace's usage profile, oldest first; at most the importing store's `usageCap` entries. */
  readonly usage?: readonly ExportedUsage[];
  /** The namespace's learned examples, oldest first (version 3 only). */
  readonly learned?: readonly LearnedExample[];
}

/** @deprecated Use {@link NamespaceExport}. */
export type SkillArchive = NamespaceExport;
/** @deprecated Use {@link ExportedSkill}. */
export type ArchivedSkill = ExportedSkill;
/** @deprecated Use {@link ExportedRevision}. */
export type ArchivedRevision = ExportedRevision;
/** @deprecated Use {@link ExportedFile}. */
export type ArchivedFile = ExportedFile;
/** @deprecated Use {@link ExportedUsage}. */
export type ArchivedUsage = ExportedUsage;
