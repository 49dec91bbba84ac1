/**
 * Live reload from watching sources (`directorySource(dir, { watch: true })`,
 * `pluginSource`, an MCP server's list-changed through `mcpSkillSource`): after a load, the loader subscribes to each
 * builtin or remote source that can `watch`; when one reports a change it is listed again and
 * compared with what the cache holds from it, and only the skills that were
 * added, changed (another digest: SKILL.md or any file it can read) or
 * removed are applied to the cache and routing index, each announced as a
 * `change` event. Precedence holds: a name held by another source's skill
 * is left alone. A skill set made earlier never changes.
 * @module
 */
import { isSkillError } from '../format/errors.js';
import type { ResolvedLimits, Skill } from '../format/types.js';
import { originOf } from '../sources/origin.js';
import { isSkillSource, type SkillSource } from '../sources/source.js';
import type { LoaderChange } from './live.js';
import { listSafely, sourceName } from './merge.js';
import { LoadBudget, readTierInSlices, type Tier } from './tier.js';

/** What the watch needs of its loader. */
export interface WatchHost {
  readonly limits: ResolvedLimits;
  getAll(): Skill[];
  getByName(name: string): Skill | undefined;
  /** Puts an already validated skill in the cache and index; `CONFLICT` when another tier's skill holds the name. */
  put(skill: Skill): void;
  remove(name: string): boolean;
  announce(change: LoaderChange): void;
}

/** Keeps a loader in step with its watching sources between loads. */
export class SourceWatch {
  readonly #host: WatchHost;
  readonly #timeoutMs: () => number;
  readonly #subscriptions = new Map<SkillSource, () => void>();
  // The builtin tiers of the last committed load, in precedence order.
  #tiers: readonly Tier[] = [];
  #loading = 0;
  readonly #pending = new Set<Tier>();
  #chain: Promise<void> = Promise.resolve();

  constructor(host: WatchHost, timeoutMs: () => number) {
    this.#host = host;
    this.#timeoutMs = timeoutMs;
  }

  /** A load starts: changes heard until it ends are applied after it. */
  loadStarted(): void {
    this.#loading++;
  }

  /** A load ended; after a committed one, follow its watching builtin sources. */
  loadEnded(tiers: readonly Tier[] | undefined): void {
    this.#loading--;
    if (tiers !== undefined) this.#tiers = tiers.filter((t) => t.kind === 'builtin');
    for (const tier of tiers ?? []) this.#follow(tier);
    if (this.#loading > 0) return;
    const pending = [...this.#pending];
    this.#pending.clear();
    for (const tier of pending) this.#heard(tier);
  }

  /** Stops following every source (the sources keep their own watchers until their `close()`). */
  close(): void {
    for (const unsubscribe of this.#subscriptions.values()) unsubscribe();
    this.#subscriptions.clear();
    this.#pending.clear();
  }

  /** Resolves once every change heard so far is applied (for tests and orderly shutdown). */
  settled(): Promise<void> {
    return this.#chain;
  }

  #follow(tier: Tier): void {
    const { source } = tier;
    // The builtin sources, and the remote ones (org tier) that watch: an MCP server's list-changed.
    if (!isSkillSource(source) || typeof source.watch !== 'function' || this.#subscriptions.has(source)) return;
    try {
      const unsubscribe = source.watch(() => this.#heard(tier));
      this.#subscriptions.set(source, typeof unsubscribe === 'function' ? unsubscribe : () => undefined);
    } catch {
      // A source whose watch fails is read again by the next load, like any other.
    }
  }

  #heard(tier: Tier): void {
    if (this.#loading > 0) return void this.#pending.add(tier);
    // One source at a time, in order: a burst never applies an older listing over a newer one.
    this.#chain = this.#chain.then(() => this.#apply(tier)).catch(() => undefined);
  }

  async #apply(tier: Tier): Promise<void> {
    if (!this.#subscriptions.has(tier.source)) return;
    const limits = this.#host.limits;
    const listing = await listSafely(tier.source, undefined, this.#timeoutMs());
    const result = await readTierInSlices(tier, listing, { limits, budget: new LoadBudget(Number.POSITIVE_INFINITY), sourceName: sourceName(tier.source) });
    // A listing that failed as a whole changes nothing: a source that is briefly unreadable must not empty the cache.
    if (listing.entries.length === 0 && listing.diagnostics.some((d) => d.code === 'source-error')) return;
    const fresh = new Map(result.candidates.map((c) => [c.skill.name, c.skill]));
    const removed: string[] = [];
    for (const held of this.#host.getAll()) {
      if (originOf(held)?.source !== tier.source || fresh.has(held.name)) continue;
      if (!this.#host.remove(held.name)) continue;
      removed.push(held.name);
      this.#host.announce({ name: held.name, type: 'remove', tier: tier.kind, cause: 'watch' });
    }
    for (const skill of fresh.values()) this.#offer(tier, skill, 'watch');
    if (removed.length > 0) await this.#uncover(tier, removed);
  }

  /** A skill that left may uncover one of the same name that a later builtin source holds, as a load would find it. */
  async #uncover(after: Tier, names: readonly string[]): Promise<void> {
    const open = new Set(names);
    for (const tier of this.#tiers.slice(this.#rank(after.source) + 1)) {
      if (open.size === 0) return;
      const listing = await listSafely(tier.source, undefined, this.#timeoutMs());
      const result = await readTierInSlices(tier, listing, {
        limits: this.#host.limits,
        budget: new LoadBudget(Number.POSITIVE_INFINITY),
        sourceName: sourceName(tier.source),
      });
      for (const { skill } of result.candidates) {
        if (!open.delete(skill.name) || this.#host.getByName(skill.name)) continue;
        this.#offer(tier, skill, 'uncovered');
      }
    }
  }

  /** The precedence of a source among the builtin tiers (later is larger; unknown last). */
  #rank(source: SkillSource | undefined): number {
    const i = this.#tiers.findIndex((t) => t.source === source);
    return i < 0 ? this.#tiers.length : i;
  }

  #offer(tier: Tier, skill: Skill, cause: string): void {
    const { source } = tier;
    const held = this.#host.getByName(skill.name);
    const from = held ? originOf(held)?.source : undefined;
    // A remote source's change never takes a name another source holds: the next load decides, as its merge would.
    if (held && tier.kind !== 'builtin' && (from !== source || held.digest === skill.digest)) return;
    // An earlier builtin source's skill keeps its name (unless another party serves it and this one is local); a later
    // one's, or an org or user skill, yields, as in a load.
    const servedOnly = from?.servedBy !== undefined && source.servedBy === undefined;
    if (held && held.source === 'builtin' && !servedOnly && (this.#rank(from) < this.#rank(source) || held.digest === skill.digest)) return;
    if (!held && this.#host.getAll().length >= this.#host.limits.maxSkills) return;
    try {
      this.#host.put(skill);
    } catch (e) {
      if (isSkillError(e) && e.code === 'CONFLICT') return;
      throw e;
    }
    this.#host.announce({ name: skill.name, type: 'upsert', tier: tier.kind, skill, cause });
  }
}
