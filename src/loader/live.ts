/**
 * Live loading: a loader over a store that emits changes (Satchel's own
 * store, or anything with `on('change', listener)`) applies each change to
 * the one skill it names, in the cache and the routing index, without a
 * load. Precedence holds: a change never replaces an earlier tier's skill.
 * @module
 */
import { isSkillError, SkillError } from '../format/errors.js';
import type { ResolvedLimits, Skill, SkillSourceKind } from '../format/types.js';
import { storeSource, type SkillStoreItem, type SkillStoreLike } from '../sources/store.js';
import { surfaceNamespace } from './surface.js';
import { readTier } from './tier.js';

/** A change as a store emits it: the skill's namespace and name, and its item when it is (still) searchable. */
export interface StoreChangeLike {
  readonly namespace: readonly string[];
  readonly name: string;
  /** The skill as `search` now returns it; absent when it left `search` (archived, purged). */
  readonly item?: SkillStoreItem;
  /** What the store did (`put`, `archive`, …), passed on as the loader change's `cause`. */
  readonly action?: string;
  /** The store revision after the change. */
  readonly revision?: number;
}

/** A store that tells of its changes. */
export interface ObservableStore extends SkillStoreLike {
  /** Subscribes to changes; returns the unsubscribe function. A promise the listener returns may be awaited by the store. */
  on(type: 'change', listener: (change: StoreChangeLike) => unknown): () => void;
}

/** What `loader.on('change', …)` hears: one skill added, replaced or removed. */
export interface LoaderChange {
  /** The skill's name. */
  readonly name: string;
  /** `upsert`: the skill is in the cache (new or replaced); `remove`: it left. */
  readonly type: 'upsert' | 'remove';
  /** The tier the change came from. */
  readonly tier: SkillSourceKind;
  /** The skill now cached, for an `upsert`. */
  readonly skill?: Skill;
  /** The store's action (`put`, `rollback`, `archive`, `restore`, `purge`, `import`), when it said; `watch` for a watching source's change. */
  readonly cause?: string;
  /** The store revision, when it said. */
  readonly revision?: number;
}

/** What the live link needs of its loader. */
export interface LiveHost {
  readonly limits: ResolvedLimits;
  getByName(name: string): Skill | undefined;
  upsert(skill: Skill): void;
  remove(name: string): boolean;
}

/** True when `store` offers `on('change', …)`. */
export function isObservableStore(store: SkillStoreLike | undefined): store is ObservableStore {
  return typeof (store as { on?: unknown } | undefined)?.on === 'function';
}

/** The namespaces a load read, by tier. */
export interface Watched {
  readonly org: readonly string[];
  readonly user?: readonly string[];
}

/** The store namespaces `loadAll(orgId, userId)` reads, or none without an org. */
export function watchedOf(orgId: string | undefined, userId: string | undefined, surface?: string): Watched | undefined {
  if (orgId === undefined) return undefined;
  return { org: [orgId, 'skills'], ...(userId === undefined ? {} : { user: surfaceNamespace(orgId, userId, surface) }) };
}

/** Keeps a loader in step with its store between loads. */
export class LiveLink {
  readonly #host: LiveHost;
  readonly #listeners = new Set<(change: LoaderChange) => void>();
  #unsubscribe: (() => void) | undefined;
  #watched: Watched | undefined;
  #loading = 0;
  #queued: StoreChangeLike[] = [];

  constructor(host: LiveHost) {
    this.#host = host;
  }

  /** Subscribes to loader changes. */
  on(type: 'change', listener: (change: LoaderChange) => void): () => void {
    if (type !== 'change') throw new SkillError('INVALID_INPUT', `A loader emits only "change" events, not "${String(type)}".`);
    const entry = (change: LoaderChange): void => listener(change);
    this.#listeners.add(entry);
    return () => void this.#listeners.delete(entry);
  }

  /** A load starts: changes heard until it ends are applied after it, over its result. */
  loadStarted(): void {
    this.#loading++;
  }

  /** A load ended; after a committed one, watch the namespaces it read. */
  async loadEnded(store: SkillStoreLike | undefined, watched: Watched | undefined): Promise<void> {
    this.#loading--;
    if (watched !== undefined) this.#watch(store, watched);
    if (this.#loading > 0) return;
    const queued = this.#queued;
    this.#queued = [];
    // A change that cannot be applied must not fail the load that just succeeded.
    for (const change of queued) await this.#apply(change).catch(() => undefined);
  }

  /** Tells the listeners of a change made elsewhere (a watching source's). */
  announce(change: LoaderChange): void {
    this.#emit(change);
  }

  /** Stops listening to the store. */
  close(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#watched = undefined;
  }

  #watch(store: SkillStoreLike | undefined, watched: Watched): void {
    this.#watched = watched;
    if (this.#unsubscribe || !isObservableStore(store)) return;
    this.#unsubscribe = store.on('change', (change) => this.#heard(store, change));
  }

  async #heard(store: ObservableStore, change: StoreChangeLike): Promise<void> {
    if (this.#loading > 0) return void this.#queued.push(change);
    await this.#apply(change, store);
  }

  async #apply(change: StoreChangeLike, store?: ObservableStore): Promise<void> {
    const tier = this.#tierOf(change.namespace);
    if (!tier) return;
    const base = {
      name: change.name,
      tier,
      ...(change.action === undefined ? {} : { cause: change.action }),
      ...(change.revision === undefined ? {} : { revision: change.revision }),
    };
    if (change.item) {
      const skill = await this.#parse(tier, change.namespace, change.item);
      if (skill && this.#offer(skill)) return this.#emit({ ...base, type: 'upsert', skill });
      if (skill) return;
    }
    const held = this.#host.getByName(change.name);
    if (!held || held.source !== tier || !this.#host.remove(change.name)) return;
    this.#emit({ ...base, type: 'remove' });
    // An org skill that leaves may uncover the user's skill of the same name.
    const user = this.#watched?.user;
    if (tier === 'org' && user && store) await this.#uncover(store, user, change.name);
  }

  async #uncover(store: ObservableStore, user: readonly string[], name: string): Promise<void> {
    const items = await store.search([...user]).catch(() => []);
    const item = items.find((i) => i.key === name);
    const skill = item && (await this.#parse('user', user, item));
    if (skill && this.#offer(skill)) this.#emit({ name, type: 'upsert', tier: 'user', skill, cause: 'uncovered' });
  }

  /** Parses one item exactly as a load would (same source, limits and checks). */
  async #parse(tier: SkillSourceKind, namespace: readonly string[], item: SkillStoreItem): Promise<Skill | undefined> {
    const source = storeSource({ search: async () => [item] }, namespace, { perNamespace: 1 });
    const listing = await source.list();
    return readTier({ kind: tier, source }, listing, this.#host.limits).candidates[0]?.skill;
  }

  /** Upserts unless an earlier tier holds the name; true when applied. */
  #offer(skill: Skill): boolean {
    try {
      this.#host.upsert(skill);
      return true;
    } catch (e) {
      if (isSkillError(e) && e.code === 'CONFLICT') return false;
      throw e;
    }
  }

  #tierOf(namespace: readonly string[]): 'org' | 'user' | undefined {
    const same = (a: readonly string[] | undefined): boolean => a !== undefined && a.length === namespace.length && a.every((p, i) => p === namespace[i]);
    if (same(this.#watched?.org)) return 'org';
    if (same(this.#watched?.user)) return 'user';
    return undefined;
  }

  #emit(change: LoaderChange): void {
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch {
        // A listener's failure is its own: the cache has changed either way.
      }
    }
  }
}
