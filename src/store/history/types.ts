/**
 * The evolution history's contract: what a store hands its mirror after each
 * accepted change, and what a mirror promises back. The store knows nothing
 * of Git; `gitMirror` (and `nodeGitMirror` in `satchel/node`) implement it.
 * @module
 */
import type { ChangeAction, MutabilityPolicy } from '../evolution/types.js';

/** Who made a change, as the store records it (its `ActorRecord`). */
export interface EvolutionActor {
  readonly kind: 'person' | 'agent';
  readonly id?: string;
}

/** One accepted change as the mirror receives it: the audit entry's facts and the skill's folder after the change. */
export interface EvolutionChange {
  readonly namespace: readonly string[];
  readonly name: string;
  readonly action: ChangeAction;
  /** The skill's latest revision after the change. */
  readonly revision: number;
  /** Its digest; absent for a purge. */
  readonly digest?: string;
  /** For a rollback: the revision copied. */
  readonly from?: number;
  /** Who wrote the change (for an approved proposal: the agent that proposed it). */
  readonly actor: EvolutionActor;
  /** For an agent's change applied by approval: who approved it (the reviewer). */
  readonly approvedBy?: EvolutionActor;
  /** When the store accepted it, ISO 8601 (the audit entry's `at`). */
  readonly at: string;
  /** The skill's state after the change. */
  readonly state: 'active' | 'archived' | 'purged';
  /** The skill's folder after the change, `SKILL.md` included; empty for a purge. */
  readonly files: Readonly<Record<string, string | Uint8Array>>;
  /** The store's policy for agent-made changes, which says why a change needed no approval. */
  readonly mutability: MutabilityPolicy;
}

/**
 * Where a store mirrors its accepted changes (the store's `evolution` option). `record` is called once per accepted
 * change, in the order the store accepted them, and must return at once: the mirror works in the background and a
 * failure never reaches the write that was accepted.
 */
export interface EvolutionMirror {
  /** Queues one change. A failure to record it is passed to `onFailure` (the store reports it) before `settled()` resolves. */
  record(change: EvolutionChange, onFailure: (error: unknown) => void): void;
  /** Resolves once every change queued so far is recorded or has failed. Never rejects. */
  settled(): Promise<void>;
}

/** One commit of the evolution history, as `readEvolutionLog` reads it back (newest first). */
export interface EvolutionLogEntry {
  /** The commit's object id (40 hex digits). */
  readonly oid: string;
  /** The first line of the message. */
  readonly subject: string;
  /** The whole message. */
  readonly message: string;
  /** When the change was accepted (the author date), ISO 8601. */
  readonly at: string;
  /** The author as Git shows it: who wrote the change. */
  readonly author: string;
  /** The facts the message carries as trailers; absent in a commit Satchel did not write. */
  readonly skill?: string;
  readonly namespace?: string;
  readonly action?: string;
  readonly revision?: number;
  readonly digest?: string;
  readonly from?: number;
  /** The skill's state after the change: `active`, `archived` or `purged`. */
  readonly state?: string;
  /** Who wrote it: `agent`, `user`, with `:<id>` when the actor has one. */
  readonly writer?: string;
  /** Who approved it (an approved proposal only). */
  readonly reviewer?: string;
  /** How it was accepted: `approved by …`, or why it needed no approval. */
  readonly approval?: string;
}

/** The store option of the evolution history (every store takes it: memory, IndexedDB, PostgreSQL). */
export interface EvolutionOptions {
  /**
   * Where every accepted change is mirrored: `nodeGitMirror(dir)` from `satchel/node`, or `gitMirror({ fs, dir })`.
   * One commit per change, none for a pending proposal; a failed commit never undoes or delays the change, and is
   * reported as an `evolution-commit-failed` warning in the store's `diagnostics`.
   */
  readonly evolution?: EvolutionMirror;
}
