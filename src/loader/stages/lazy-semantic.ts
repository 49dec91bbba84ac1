/**
 * The embedding stage, imported only when a loader is given an embedder: an app without one carries none of its
 * code (the worker bundle's size target). Calls made before the import settles are applied in order once it has;
 * an import that fails leaves routing lexical, and `ready()` reports it as `EMBEDDING_FAILED`.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import type { Skill } from '../../format/types.js';
import type { ActivationContext, ActivationOptions, SkillActivation, Turn } from '../../routing/activation.js';
import type { Embedder, VectorCache } from '../../routing/meaning/embedder.js';
import type { RouteHit, RouteOptions, Router } from '../../routing/router.js';
import type { SemanticOptions } from '../../routing/meaning/semantic.js';
import type { SemanticRouting } from './semantic-routing.js';
import type { ModeDecision } from '../../routing/decision/search.js';

/** A {@link SemanticRouting} on its way: the same calls, applied once its module is imported. */
export class LazySemantic {
  readonly #stage: Promise<SemanticRouting | undefined>;
  #loaded: SemanticRouting | undefined;
  #failure: unknown;

  constructor(embedder: Embedder, cache: VectorCache | undefined, options: SemanticOptions | undefined) {
    this.#stage = import('./semantic-routing.js').then(
      ({ SemanticRouting }) => (this.#loaded = new SemanticRouting(embedder, cache, options)),
      (error: unknown) => {
        this.#failure = error;
        return undefined;
      },
    );
  }

  /** Keeps the skill vectors in step with the loaded skills. */
  sync(skills: readonly Skill[]): void {
    void this.#stage.then((s) => s?.vectors.sync(skills));
  }

  upsert(skill: Skill): void {
    void this.#stage.then((s) => s?.vectors.upsert(skill));
  }

  remove(name: string): void {
    void this.#stage.then((s) => s?.vectors.remove(name));
  }

  /** What activation decides blended scores with, while it blends (every vector ready); undefined while it answers lexically. */
  get blended(): ModeDecision | undefined {
    return this.#loaded?.ready ? this.#loaded.blended : undefined;
  }

  /** Resolves when every routable skill has its vector; rejects with `EMBEDDING_FAILED` when the stage cannot run. */
  async ready(): Promise<void> {
    const stage = await this.#stage;
    if (!stage) throw new SkillError('EMBEDDING_FAILED', 'The embedding stage could not be loaded; routing stays lexical.', { cause: this.#failure });
    await stage.vectors.ready();
  }

  /** The ranking with the decision its scores take (blended, or `undefined` when lexical); `undefined` when the stage could not be loaded. */
  async ranking(router: Router, text: string, options: RouteOptions): Promise<{ hits: RouteHit[]; mode: ModeDecision | undefined } | undefined> {
    return (await this.#stage)?.ranking(router, text, options);
  }

  /** `activate` with the blend; `undefined` while it cannot blend (the caller answers lexically). */
  async activate(turn: string | Turn, context: ActivationContext, options: ActivationOptions): Promise<SkillActivation[] | undefined> {
    return (await this.#stage)?.activate(turn, context, options);
  }
}
