/**
 * The shapes of skill evolution that stand alone: who made a change, the
 * mutability policy, proposals and the usage profile's entries.
 * @module
 */

import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import type { MutabilityName } from '../../format/agent-md.js';
import type { GatePolicy } from '../../safety/gate.js';

/** Who made a change: a person (the app's user) or an agent (self-improvement), with an optional id. */
export type Actor = 'person' | 'agent' | { readonly kind: 'person' | 'agent'; readonly id?: string };

/** An {@link Actor} as recorded: always an object. */
export interface ActorRecord {
  readonly kind: 'person' | 'agent';
  readonly id?: string;
}

/** A pending agent change, kept apart from the active skill until `approve` or `reject`. */
export interface Proposal {
  readonly id: string;
  readonly namespace: readonly string[];
  readonly name: string;
  /** What the change would do. */
  readonly action: 'put' | 'rollback' | 'archive' | 'restore' | 'purge';
  readonly actor: ActorRecord;
  /** A unified diff (per file, `a/<name>/<path>` → `b/<name>/<path>`) against `baseRevision`; empty when only the state changes. */
  readonly diff: string;
  /** The revision the diff is against (0: the skill does not exist yet); approval fails with `CONFLICT` once the skill moved past it. */
  readonly baseRevision: number;
  /** The digest of the proposed content, for `put` and `rollback`. */
  readonly digest?: string;
  /** For a rollback: the revision that would be copied. */
  readonly from?: number;
  /** When it was proposed, ISO 8601. */
  readonly createdAt: string;
  /** What the scanner found in the proposed content when it was proposed (empty when nothing, or for a state change): a person approving it reads them. */
  readonly findings: readonly Diagnostic[];
}

/** What a change did. */
export type ChangeAction = 'put' | 'rollback' | 'archive' | 'restore' | 'purge' | 'import';

/**
 * What an audit entry records: a change, or `skill.resource_write_ignored` (the MD-first seed's name) — a write to a
 * builtin (checked-in) skill's file that changed nothing (`recordIgnoredWrite`).
 */
export type AuditAction = ChangeAction | 'skill.resource_write_ignored';

/** What a revision records: written (`put`), copied from an older one (`rollback`), imported, or the skill archived or restored (the same content). */
export type RevisionAction = 'put' | 'rollback' | 'import' | 'archive' | 'restore';

/** What `recordIgnoredWrite` resolves with: nothing changed, and a `resource-write-ignored` warning says why. */
export interface IgnoredWrite {
  readonly name: string;
  /** The file the write was for. */
  readonly path: string;
  /** The stored skill of that name's revision and digest (0 and `''`: the store holds none, as it should). */
  readonly revision: number;
  readonly digest: string;
  readonly ignored: true;
  /** One `resource-write-ignored` warning. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * How the store treats agent-made changes (`actor: 'agent'`): `autonomous` applies them,
 * `approval-gated` keeps them as proposals until a person approves, `disabled` refuses them;
 * `static` is the seed's shorthand for `disabled`. A person's changes are never gated.
 * The same four words an `agent.md` declares (`parseAgentMd`).
 */
export type Mutability = MutabilityName;

/** The policy as a store holds it (`static` resolved to `disabled`). */
export type MutabilityPolicy = Exclude<Mutability, 'static'>;

/** A store's policies for agent-made changes: its default, and a namespace's own (a surface's, docs/evolution.md). */
export interface NamespacePolicies {
  /** The default policy, fixed when the store was opened. */
  readonly mutability: MutabilityPolicy;
  /**
   * Gives `namespace` (a surface's own) its own policy over the default; `undefined` gives it back. A loader whose
   * surface's `agent.md` declares `mutability` calls it after each load. `INVALID_INPUT` for an unknown policy.
   */
  setMutability(namespace: readonly string[], mutability: Mutability | undefined): void;
  /** The policy agent-made changes in `namespace` are under: its own, else the store's default. */
  mutabilityOf(namespace: readonly string[]): MutabilityPolicy;
}

/** What one usage entry records: an activation of a skill, or a delegated run of it. */
export type UsageKind = 'activation' | 'delegation';

/** A usage entry as the app reports it (see `recordUsage`). */
export interface UsageInput {
  /** The skill's name: the profile is keyed by it. */
  readonly name: string;
  /** Default `activation`. */
  readonly kind?: UsageKind;
  /** Why it activated: an activation reason (`mention`, `intent`, `search`) or the app's own words. */
  readonly reason?: string;
  /** The outcome the app reports, e.g. `success` or `failure` (what a usage prior counts). */
  readonly outcome?: string;
  /** When, ISO 8601 (default now). */
  readonly at?: string;
}

/** One entry of the usage profile. */
export interface UsageEntry {
  /** Position in the store's usage log, increasing. */
  readonly seq: number;
  readonly namespace: readonly string[];
  readonly name: string;
  readonly kind: UsageKind;
  readonly at: string;
  readonly reason?: string;
  readonly outcome?: string;
}

/** The bounds an agent's own writes are checked against (defaults: `AGENT_LIMITS`); a person's writes never are. */
export interface AgentLimits {
  /** Audit entries (changes of any kind, by anyone) a skill may hold for an agent to change it again. */
  readonly maxAgentChangesPerSkill?: number;
  /** Bytes of history (every revision's SKILL.md and files) a skill may reach by an agent's write. */
  readonly maxAgentHistoryBytesPerSkill?: number;
  /** Skill records (archived and purged ones included) a namespace may hold for an agent to add one more. */
  readonly maxAgentSkillsPerNamespace?: number;
  /** Pending proposals a namespace may hold for an agent to propose one more. */
  readonly maxPendingProposals?: number;
}

/** Entries kept per namespace unless `usageCap` says otherwise; older ones are dropped first. */
export const DEFAULT_USAGE_CAP = 1000;

/** A usage entry in a namespace export. */
export type ExportedUsage = Omit<UsageEntry, 'seq' | 'namespace'>;

/**
 * What a store does with a skill the scanner finds something in, per place it enters, as one action or one per
 * severity: `'refuse'` (`UNSAFE_SKILL`, nothing written), `'hold'` (kept as a proposal until a person approves it,
 * its findings on the proposal), `'warn'` (written; the findings come back on the result). Unset places warn.
 */
export interface StoreSafety {
  /** A person's `put`. */
  readonly writes?: GatePolicy;
  /** An agent's `put` (`actor: 'agent'`, what the write tools do): scanned before any proposal is made. */
  readonly agentWrites?: GatePolicy;
  /** `importNamespace`: each skill's newest revision. A held skill comes in as a proposal of that revision alone. */
  readonly imports?: GatePolicy;
}
