/**
 * The loader's routing index, made when it is first needed: a load only
 * records the skills the index must follow, and the first `route`,
 * `activate`, `upsert`, `remove` or `router` read brings the index in line
 * (`sync`) before answering. So `loadAll` never waits for indexing, and the
 * first answer is the one an eager index would give.
 * @module
 */
import { type Router, type RouterJSON, type RouterOptions } from '../../routing/router.js';
import { checkRouterJSON, createRouter, readRouter } from '../../routing/create-router.js';
import type { Skill } from '../../format/types.js';

/** A router made on first use, synced with the latest loaded skills before each use. */
export class LazyRouter {
  readonly #options: RouterOptions;
  #make: () => Router;
  #given: boolean;
  #router: Router | undefined;
  #pending: readonly Skill[] | undefined;

  /** A serialised `index` is checked now (version, language) and read on first use. */
  constructor(options: RouterOptions, index?: RouterJSON) {
    this.#options = options;
    this.#given = index !== undefined;
    this.#make = index ? fromIndex(index, options) : () => createRouter(options);
  }

  /**
   * Records the skills the index must follow; the work waits for the next {@link get}. `shipped` is an index a
   * source listed with them (a pre-parsed bundle's, built with the default routing options): before the router is
   * first made, when the loader was given none and indexes as the defaults do, the router starts from it, so only
   * skills it does not cover are indexed. One that does not fit (another schema version or language, a damaged
   * object) is passed over: the index is built as usual.
   */
  follow(skills: readonly Skill[], shipped?: RouterJSON): void {
    this.#pending = skills;
    if (shipped === undefined || this.#given || this.#router || !builtWithDefaults(this.#options)) return;
    try {
      const fromShipped = fromIndex(shipped, this.#options);
      this.#make = () => {
        try {
          return fromShipped();
        } catch {
          return createRouter(this.#options); // damaged inside: built from the skills
        }
      };
    } catch {
      // Another version or language: built from the skills instead.
    }
  }

  /** The router, made and synced now if need be. */
  get(): Router {
    const router = (this.#router ??= this.#make());
    const pending = this.#pending;
    if (pending) {
      this.#pending = undefined;
      router.sync(pending);
    }
    return router;
  }
}

// Options a shipped index (built with the default routing options) still serves: they change no indexed term or weight.
const QUERY_ONLY: ReadonlySet<string> = new Set(['threshold', 'intentThreshold', 'maxSearch', 'relative', 'thresholdGrowth', 'decision', 'prior']);

/** True when `options` index as the defaults do, so an index built with the defaults is the one they would build. */
function builtWithDefaults(options: RouterOptions): boolean {
  return Object.entries(options).every(([key, value]) => value === undefined || QUERY_ONLY.has(key));
}

/** Reads `index` on first use, checked now (version, language); the pipeline the check makes is the one used. */
function fromIndex(index: RouterJSON, options: RouterOptions): () => Router {
  const pipeline = checkRouterJSON(index, options);
  return () => readRouter(index, { ...options, pipeline });
}
