/**
 * The routing half of `SkillLoader`'s surface: ranking, activation and learned examples, all answered by the
 * loader's `LoaderRouting`. A base class so the loader's own file keeps to loading, lookups and the agent's tools.
 * @module
 */
import type { ActivationOptions, SkillActivation, Turn } from '../routing/activation.js';
import type { RouteOptions, Router } from '../routing/router.js';
import { notHeld, type Cache } from './cache.js';
import type { UnmetNeeds } from '../format/fields/dependencies.js';
import { LoaderRouting } from './stages/loader-routing.js';
import { ToolNeeds } from './stages/tool-needs.js';
import { learnedTextOf, type LearnedExample } from './stages/learned-examples.js';
import type { ActivationThresholds, RoutedSkill, SkillLoaderOptions } from './options.js';

/** What `SkillLoader` answers through its routing; not exported on its own (use `SkillLoader`). */
export abstract class RoutedLoader {
  /** The routing over the cache {@link held} returns. */
  protected readonly routing: LoaderRouting;
  /** The check of the skills' declared needs against `availableTools`: what routing, the catalog and `skills.load` leave out. */
  protected readonly needs: ToolNeeds;

  protected constructor(options: SkillLoaderOptions) {
    this.needs = new ToolNeeds(options.availableTools);
    const needs = this.needs;
    // Routing sees the cache without the skills whose needs are unmet: they are never ranked, activated or mentioned.
    this.routing = new LoaderRouting(options.routing, () => needs.routable(this.held()), options.store, needs.usable);
  }

  /** The current cache; `NOT_LOADED` before the first load. */
  protected abstract held(): Cache;

  /**
   * What the held skill `name` needs (`metadata.dependencies`) and `availableTools` lacks; `undefined` when its needs
   * are met, it declares none, or the loader was given no `availableTools` (docs/loader.md, "Skills that need tools").
   * `NOT_FOUND` for a skill not held.
   * @example `const unmet = loader.unmetNeeds('pdf-tools')  // { missing: ['read_pdf'], anyOf: [] }`
   */
  unmetNeeds(name: string): UnmetNeeds | undefined {
    return this.needs.unmet(this.held().byName.get(name) ?? notHeld(name));
  }

  /**
   * The turn (text or `{ text }`) becomes a learned example of `name` for this user, in both stages from the next turn on
   * (docs/routing.md). `NOT_FOUND` for a skill not held; `LIMIT_EXCEEDED` past 2,000 characters.
   * @example `await loader.learn('refund-policy', 'my blender broke, can I get my money back')`
   */
  async learn(name: string, turn: string | { readonly text: string }): Promise<LearnedExample> {
    return this.routing.learn(name, learnedTextOf(turn));
  }

  /** The user's learned examples of `name`, or of every skill, oldest first. */
  learnedExamples(name?: string): readonly LearnedExample[] {
    return this.routing.learned(name);
  }

  /** Forgets one learned example of `name`; false when it had none such. */
  async forgetExample(name: string, text: string): Promise<boolean> {
    return this.routing.forget(name, text);
  }

  /** The routing index, kept in step with the cache; `router.toJSON()` serialises it. */
  get router(): Router {
    return this.routing.router;
  }

  /** Every routable skill ranked for `text`, best first: calibrated 0–1 scores, each with the first place's `threshold` and its `margin`. */
  route(text: string, options: Pick<RouteOptions, 'limit'> = {}): RoutedSkill[] {
    return this.routing.route(text, options);
  }

  /**
   * {@link route} with cosine and lexical scores blended (docs/routing.md); as `route` until every vector is ready.
   * @example `const [best] = await loader.routeAsync('put my receipts in a table')`
   */
  async routeAsync(text: string, options: Pick<RouteOptions, 'limit'> = {}): Promise<RoutedSkill[]> {
    return this.routing.routeAsync(text, options);
  }

  /** Resolves when every routable skill has its vector (until then routing is lexical); `EMBEDDING_FAILED` if the embedder failed. */
  async embeddingsReady(): Promise<void> {
    await this.routing.ready();
  }

  /**
   * The skills a turn activates, never one twice: `/name` or `$name` mentions (the rest of the line as arguments), then
   * intents (given, or recognised for `intent-matched` skills), then skills the search stage's decision lets in.
   *
   * @example
   * ```ts
   * for (const { skill, reason, arguments: args } of loader.activate('/pdf-tools merge a.pdf b.pdf')) use(skill, args)
   * loader.activate({ text: 'I want my money back', intents: ['refund_request'] })
   * ```
   */
  activate(turn: string | Turn, options: ActivationOptions = {}): SkillActivation[] {
    return this.routing.activate(turn, options);
  }

  /** The thresholds `activate` and `activateAsync` apply now, with `options` as theirs (the decision rule's for the skill count, or the fixed one). */
  activationThresholds(options: ActivationOptions = {}): ActivationThresholds {
    return this.routing.thresholds(options);
  }
}
