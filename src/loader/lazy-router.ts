/**
 * The loader's routing index, made when it is first needed: a load only
 * records the skills the index must follow, and the first `route`,
 * `activate`, `upsert`, `remove` or `router` read brings the index in line
 * (`sync`) before answering. So `loadAll` never waits for indexing, and the
 * first answer is the one an eager index would give.
 * @module
 */
import { type Router, type RouterJSON, type RouterOptions } from '../routing/router.js';
import { checkRouterJSON, createRouter, loadRouter } from '../routing/create-router.js';
import type { Skill } from '../format/types.js';

/** A router made on first use, synced with the latest loaded skills before each use. */
export class LazyRouter {
  readonly #make: () => Router;
  #router: Router | undefined;
  #pending: readonly Skill[] | undefined;

  /** A serialised `index` is checked now (version, language) and read on first use. */
  constructor(options: RouterOptions, index?: RouterJSON) {
    if (index) {
      // The pipeline the check makes is the one the router will use: made once.
      const pipeline = checkRouterJSON(index, options);
      this.#make = () => loadRouter(index, { ...options, pipeline });
    } else this.#make = () => createRouter(options);
  }

  /** Records the skills the index must follow; the work waits for the next {@link get}. */
  follow(skills: readonly Skill[]): void {
    this.#pending = skills;
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
