/**
 * The loader's sentence-embedding stage: skill vectors kept in step with the
 * cache, and the async ranking that blends a query's vector with the lexical
 * index. Routing stays lexical until every routable skill has its vector.
 * @module
 */
import type { Embedder, VectorCache } from '../../routing/meaning/embedder.js';
import type { RouteHit, RouteOptions, Router } from '../../routing/router.js';
import { blendHits, DEFAULT_SEMANTIC_OPTIONS, type SemanticOptions } from '../../routing/meaning/semantic.js';
import { SkillVectors } from '../../routing/meaning/skill-vectors.js';
import { normalized } from '../../routing/meaning/embedder.js';
import { activateTurn, searchTextOf, type ActivationContext, type ActivationOptions, type SkillActivation, type Turn } from '../../routing/activation.js';
import { withDecision, type ModeDecision } from '../../routing/decision/search.js';

/** Routing options of a loader that concern the embedding stage. */
export interface LoaderEmbeddingOptions {
  /** A sentence embedder (e.g. `createSentenceEncoder()` of `satchel/embeddings`): turns on `routeAsync`/`activateAsync` blending. */
  embedder?: Embedder;
  /** Where skill vectors are kept (default: a `Map` in memory); prefill it to ship precomputed vectors. */
  vectorCache?: VectorCache;
  /** Tuning of the blend of cosine and lexical scores. */
  semantic?: SemanticOptions;
}

// The text pipeline caps queries at 2,000 characters; the model is not asked to read more either.
const MAX_QUERY_CHARS = 2000;

/** Skill vectors and the blended ranking of one loader. */
export class SemanticRouting {
  readonly vectors: SkillVectors;
  readonly #options: SemanticOptions;

  /** What activation decides blended scores with: the rule, and the growth of a fixed threshold. */
  get blended(): ModeDecision {
    const d = DEFAULT_SEMANTIC_OPTIONS;
    return {
      decision: this.#options.decision ?? d.decision,
      thresholdGrowth: this.#options.thresholdGrowth ?? d.thresholdGrowth,
      relative: this.#options.relative ?? d.relative,
    };
  }

  /** True when `rank` blends (every routable skill has its vector). */
  get ready(): boolean {
    return this.vectors.complete;
  }

  constructor(embedder: Embedder, cache: VectorCache | undefined, options: SemanticOptions = {}) {
    this.vectors = new SkillVectors(embedder, cache);
    this.#options = options;
  }

  /** The blended ranking of `text`; the lexical one while some skill still lacks its vector. */
  async rank(router: Router, text: string, options: RouteOptions = {}): Promise<RouteHit[]> {
    return (await this.ranking(router, text, options)).hits;
  }

  /** {@link rank} with the decision its scores take: the blended one when it blended, `undefined` when it answered lexically. */
  async ranking(router: Router, text: string, options: RouteOptions = {}): Promise<{ hits: RouteHit[]; mode: ModeDecision | undefined }> {
    const lexically = (): { hits: RouteHit[]; mode: undefined } => ({ hits: router.route(text, options), mode: undefined });
    if (!this.vectors.complete || text.trim() === '') return lexically();
    const [query] = await this.vectors.embedder.embed([text.slice(0, MAX_QUERY_CHARS)]);
    // The index may have changed while the query was embedded: rank against what it holds now.
    if (!query || !this.vectors.complete) return lexically();
    const anyActivation = options.activation === 'any';
    const candidates = this.vectors.candidates((a) => anyActivation || a === 'auto');
    const lexical = router.route(text, { ...options, limit: router.size });
    return { hits: blendHits(lexical, normalized(query), candidates, this.#options).slice(0, options.limit ?? 10), mode: this.blended };
  }

  /**
   * `activate` with the blend: the search stage ranks every routable skill by the blended score and decides with the
   * blended rule; mentions and intents are the same. `undefined` while some skill still lacks its vector (the caller
   * answers lexically).
   */
  async activate(turn: string | Turn, context: ActivationContext, options: ActivationOptions): Promise<SkillActivation[] | undefined> {
    if (!this.ready) return undefined;
    const hits = await this.rank(context.router, searchTextOf(turn, context), { limit: context.router.size, activation: 'any' });
    if (!this.ready) return undefined;
    return activateTurn(turn, { ...context, rank: (_, limit) => hits.slice(0, limit) }, withDecision(options, this.blended));
  }
}
