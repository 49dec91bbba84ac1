/**
 * A loader's routing: the lexical index and, with an embedder, the
 * embedding stage, kept in step with the cache; the rankings and
 * activations `SkillLoader` answers with.
 * @module
 */
import { activateTurn, type ActivationOptions, type SkillActivation, type Turn } from '../../routing/activation.js';
import { withDecision } from '../../routing/decision/search.js';
import type { RouteHit, RouteOptions, Router } from '../../routing/router.js';
import { assertLimits, type Skill } from '../../format/types.js';
import { notHeld, type Cache } from '../cache.js';
import { isLearnedExampleStore, normalizedExample, type LearnedExampleStore } from '../../sources/learned-store.js';
import { DEFAULT_MAX_LEARNED_PER_SKILL, LearnedExamples, MAX_LEARNED_EXAMPLE_CHARS, type LearnedExample } from './learned-examples.js';
import { LazyRouter } from './lazy-router.js';
import { LazySemantic } from './lazy-semantic.js';
import { activationThresholds, routedSkills, type ActivationThresholds, type LoaderRoutingOptions, type RoutedSkill } from '../options.js';

/** The routing of one loader over the cache `held` returns (which throws `NOT_LOADED` before the first load). */
export class LoaderRouting {
  readonly #options: LoaderRoutingOptions;
  readonly #router: LazyRouter;
  readonly #semantic: LazySemantic | undefined;
  readonly #held: () => Cache;
  readonly #learned = new LearnedExamples();
  // The last turn's ranking of every routable skill: `activate` then `catalog({ turn })` on one turn search once.
  #last: { readonly router: Router; readonly generation: number; readonly text: string; readonly hits: readonly RouteHit[] } | undefined;
  // And the last activation, for the same reason: keyed by the turn and the options, both plain data.
  #lastActivation: { readonly router: Router; readonly generation: number; readonly key: string; readonly activated: readonly SkillActivation[] } | undefined;
  #generation = 0;
  // The text of the last turn activation saw: what `skills.load` learns from with `learn: true`.
  #lastText = '';

  readonly #store: LearnedExampleStore | undefined;
  // Where the current user's learned examples are kept in the store (none: in memory only).
  #namespace: readonly string[] | undefined;

  // Whether a skill may be indexed (its declared needs met); a skill put that may not is dropped from the index.
  readonly #usable: (skill: Skill) => boolean;

  constructor(options: LoaderRoutingOptions | undefined, held: () => Cache, store?: unknown, usable: (skill: Skill) => boolean = () => true) {
    this.#usable = usable;
    this.#store = isLearnedExampleStore(store) ? store : undefined;
    this.#options = options ?? {};
    const { index, embedder, vectorCache, semantic, learn: _learn, maxLearnedPerSkill: _max, ...routing } = this.#options;
    this.#router = new LazyRouter(routing, index);
    this.#semantic = embedder ? new LazySemantic(embedder, vectorCache, semantic) : undefined;
    this.#held = held;
  }

  /** The index, built on first use. */
  get router(): Router {
    return this.#router.get();
  }

  /** Follows a new cache, loaded for `user`: only skills whose name or digest changed (or what was learned) are re-indexed. */
  follow(cache: Cache, user: string): void {
    this.#generation++;
    this.#learned.useUser(user, cache.learned?.examples);
    this.#namespace = cache.learned?.namespace;
    const routed = cache.all.map((s) => this.#learned.routed(s));
    this.#router.follow(routed, cache.index);
    this.#semantic?.sync(routed);
  }

  /** Indexes one skill put in the cache, with what was learned for it. */
  upsert(skill: Skill): void {
    if (!this.#usable(skill)) return this.remove(skill.name);
    this.#generation++;
    const routed = this.#learned.routed(skill);
    this.#router.get().upsert(routed);
    this.#semantic?.upsert(routed);
  }

  /**
   * `loader.learn`: `text` becomes a learned example of the held skill `name`, in both stages from the next turn on;
   * kept in the store when it keeps them (the user's namespace), else in memory. Memory is updated before any await.
   */
  async learn(name: string, text: string): Promise<LearnedExample> {
    const skill = this.#held().byName.get(name) ?? notHeld(name);
    const cap = this.#options.maxLearnedPerSkill ?? DEFAULT_MAX_LEARNED_PER_SKILL;
    const [store, namespace, user] = [this.#store, this.#namespace, this.#learned.user];
    if (!store || !namespace) {
      const example = this.#learned.add(name, text, cap);
      this.upsert(skill);
      return example;
    }
    const example = await store.learnExample(namespace, { name, text }, { cap });
    this.#learned.put(user, example, cap);
    if (user === this.#learned.user) this.upsert(this.#held().byName.get(name) ?? skill);
    return example;
  }

  /** `loader.forgetExample`: false when `name` had no such example (in the store, when it keeps them). */
  async forget(name: string, text: string): Promise<boolean> {
    const [store, namespace, user] = [this.#store, this.#namespace, this.#learned.user];
    const forgotten = store && namespace ? await store.forgetExample(namespace, name, text) : false;
    const inMemory = this.#learned.remove(name, text, user);
    const skill = this.#held().byName.get(name);
    if (skill && inMemory && user === this.#learned.user) this.upsert(skill);
    return forgotten || inMemory;
  }

  /** `loader.learnedExamples`. */
  learned(name?: string): LearnedExample[] {
    return this.#learned.list(name);
  }

  /** Drops one skill from the index. */
  remove(name: string): void {
    this.#generation++;
    this.#router.get().remove(name);
    this.#semantic?.remove(name);
  }

  /** `loader.route`. */
  route(text: string, options: Pick<RouteOptions, 'limit'>): RoutedSkill[] {
    assertLimits(options, ['limit'], 'route');
    const router = this.#router.get();
    // At least two hits, so a single hit's margin and threshold see the runner-up.
    const hits = router.route(text, { limit: Math.max(2, options.limit ?? 10), activation: 'any' });
    return routedSkills(hits, text, router, this.#options, this.#held().byName, options.limit);
  }

  /** `loader.routeAsync`. */
  async routeAsync(text: string, options: Pick<RouteOptions, 'limit'>): Promise<RoutedSkill[]> {
    assertLimits(options, ['limit'], 'routeAsync');
    const router = this.#router.get();
    const ranking = { limit: Math.max(2, options.limit ?? 10), activation: 'any' } as const;
    // The decision follows the ranking it explains: blended only when this ranking blended.
    const { hits, mode } = (await this.#semantic?.ranking(router, text, ranking)) ?? { hits: router.route(text, ranking), mode: undefined };
    return routedSkills(hits, text, router, withDecision(this.#options, mode), this.#held().byName, options.limit);
  }

  /** `loader.activate`. */
  activate(turn: string | Turn, options: ActivationOptions): SkillActivation[] {
    this.#lastText = typeof turn === 'string' ? turn : (turn.text ?? '');
    const router = this.#router.get();
    const key = JSON.stringify([turn, options]);
    const last = this.#lastActivation;
    if (last?.router === router && last.generation === this.#generation && last.key === key) return [...last.activated];
    const activated = activateTurn(turn, this.#context(), { ...this.#options, ...options });
    this.#lastActivation = { router, generation: this.#generation, key, activated };
    return [...activated];
  }

  /**
   * `activate`, and the lexical ranking of every routable skill that its search stage read: a per-turn catalog needs
   * both, and the search is what a turn costs.
   */
  activateRanked(turn: string | Turn): { activated: SkillActivation[]; ranking: (text: string) => readonly RouteHit[] } {
    return { activated: this.activate(turn, {}), ranking: (text) => this.#rankAll(text) };
  }

  /** Every routable skill ranked for `text`; the last text's ranking is kept until the next one or a change of the index. */
  #rankAll(text: string): readonly RouteHit[] {
    const router = this.#router.get();
    const last = this.#last;
    if (last?.router === router && last.generation === this.#generation && last.text === text) return last.hits;
    const hits = router.route(text, { limit: router.size, activation: 'any' });
    this.#last = { router, generation: this.#generation, text, hits };
    return hits;
  }

  /** `loader.activateAsync`: the blended search stage once the vectors are ready, else `activate`. */
  async activateAsync(turn: string | Turn, options: ActivationOptions, served = true): Promise<SkillActivation[]> {
    this.#lastText = typeof turn === 'string' ? turn : (turn.text ?? '');
    const blended = await this.#semantic?.activate(turn, this.#context(), { ...this.#options, ...options });
    const activated = blended ?? this.activate(turn, options);
    // With `learn`, a mention that served a turn learns the request after the name.
    if (served && this.#options.learn === true) for (const a of activated) if (a.reason === 'mention' && a.arguments) this.#quietly(a.skill.name, a.arguments);
    return activated;
  }

  /** With `learn`, `skills.load` of `name` learns the last turn activation saw. */
  served(name: string): void {
    if (this.#options.learn === true) this.#quietly(name, this.#lastText);
  }

  // Learning from what served a turn never fails the turn: an empty turn teaches nothing, a long one is cut, a store
  // that fails to keep it leaves it unlearned.
  #quietly(name: string, text: string): void {
    const cut = normalizedExample(text).slice(0, MAX_LEARNED_EXAMPLE_CHARS);
    if (cut !== '' && this.#held().byName.has(name)) this.learn(name, cut).catch(() => undefined);
  }

  /** `loader.activationThresholds`. */
  thresholds(options: ActivationOptions): ActivationThresholds {
    return activationThresholds({ ...this.#options, ...options }, this.#router.get().size, this.#semantic?.blended);
  }

  /** `loader.embeddingsReady`. */
  async ready(): Promise<void> {
    await this.#semantic?.ready();
  }

  #context() {
    const cache = this.#held();
    const byIntent = (intent: string): Skill[] => [...(cache.byIntent.get(intent.toLowerCase()) ?? [])];
    const rank = (text: string): readonly RouteHit[] => this.#rankAll(text);
    return { getByName: (name: string) => cache.byName.get(name), getByIntent: byIntent, router: this.#router.get(), rank };
  }
}
