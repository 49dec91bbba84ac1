// A LangGraph-style store (`SkillStoreLike`: `search` only) over fixed items, for the store source and the loader's
// store tiers. It records every call; the runtime's fuller fake (writes, revisions, events) is fake-store.ts.
import type { SkillStoreItem, SkillStoreLike } from '../../src/sources/store.js';

/** One `search` call: the namespace and the options it was given. */
export interface SearchCall {
  readonly namespace: readonly string[];
  readonly options: { limit?: number; offset?: number } | undefined;
}

/** Options of {@link searchStore}. */
export interface SearchStoreOptions {
  /** Return at most `limit` items when a call asks for a limit (default true); false stands for a store that ignores it. */
  readonly honourLimit?: boolean;
}

/** A search-only store and the calls it answered. */
export type SearchStore = SkillStoreLike & { readonly calls: SearchCall[] };

/**
 * A store whose namespaces (joined by `/`, e.g. `acme/skills`) hold `items`; a namespace not listed is empty.
 *
 * @example
 * ```ts
 * const store = searchStore({ 'acme/skills': storeItems(skillMd('a')) })
 * ```
 */
export function searchStore(items: Readonly<Record<string, readonly SkillStoreItem[]>>, options: SearchStoreOptions = {}): SearchStore {
  const calls: SearchCall[] = [];
  return {
    calls,
    async search(namespace, call) {
      calls.push({ namespace, options: call });
      const held = items[namespace.join('/')] ?? [];
      return options.honourLimit !== false && call?.limit !== undefined ? held.slice(0, call.limit) : held;
    },
  };
}

/** Store items holding `values` (SKILL.md texts or documents), keyed `k0`, `k1`, … */
export function storeItems(...values: readonly unknown[]): SkillStoreItem[] {
  return values.map((value, i) => ({ key: `k${i}`, value }));
}
