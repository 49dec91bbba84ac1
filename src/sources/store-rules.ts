/**
 * The seam between a loader and the store it reads, for self-improvement:
 * after each load the loader hands the store the rules only it knows — the
 * builtin tier's names (which no stored skill may take) and the mutability
 * its surface's `agent.md` declares for the namespace the surface learns
 * in. Satchel's stores (`satchel/store`) have both methods; a store
 * without them (LangGraph's `BaseStore`) is read as before and told nothing.
 * @module
 */
import type { MutabilityName } from '../format/agent-md.js';
import type { SkillStoreLike } from './store.js';

/** A store that takes a loader's rules (docs/evolution.md, "What a loader tells its store"). */
export interface StoreRulesSink {
  /**
   * Adds names the builtin tier holds: the store then refuses a stored skill of such a name, and treats a write to
   * one's files as a write to a checked-in skill. Names are only ever added (another loader over the same store may
   * hold them); a loader calls it after every load and for every builtin skill a watching source adds.
   */
  reserveNames(names: Iterable<string>): unknown;
  /** The policy for agent-made changes in `namespace` (a surface's own); `undefined` gives the namespace back to the store's default. */
  setMutability?(namespace: readonly string[], mutability: MutabilityName | undefined): unknown;
}

/** True when `store` takes the builtin names a loader hands it. */
export function takesBuiltinNames(store: SkillStoreLike | undefined): store is SkillStoreLike & StoreRulesSink {
  return typeof (store as { reserveNames?: unknown } | undefined)?.reserveNames === 'function';
}

/** True when `store` takes a namespace's mutability from a loader. */
export function takesMutability(store: SkillStoreLike | undefined): store is SkillStoreLike & Required<Pick<StoreRulesSink, 'setMutability'>> {
  return typeof (store as { setMutability?: unknown } | undefined)?.setMutability === 'function';
}
