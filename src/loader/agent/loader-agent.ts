/**
 * What a `SkillLoader` offers an agent, kept apart from loading and
 * routing: the catalog within its budget, the tools over the current cache,
 * file reads through the sources, and the record of the skills handed out.
 * @module
 */
import type { CatalogFit } from '../../agent/catalog/budget.js';
import type { CatalogOptions, CatalogTurn } from '../../agent/catalog/options.js';
import type { ResolvedLimits, Skill } from '../../format/types.js';
import type { RouteHit } from '../../routing/router.js';
import type { SourceCallOptions } from '../../sources/source.js';
import { notHeld, type Cache } from '../cache.js';
import { agentView, readLoaderFile, type AgentHooks, type AgentView } from './agent-view.js';
import { LoadedRecord } from './loaded-record.js';
import { loaderSearch, type SearchedLoader } from './skill-search.js';
import { loaderCatalogFit } from './turn-catalog.js';

/** What the agent side reads of its loader besides its public face: the cache, and its routing stages. */
export interface AgentInternals {
  /** The current cache; throws `NOT_LOADED` before the first load. */
  cache(): Cache;
  /** `activateRanked` for a turn's catalog; `served` when `skills.load` hands a skill out (learning, with `learn: true`). */
  readonly routing: {
    activateRanked(turn: CatalogTurn): { activated: readonly { readonly skill: Skill }[]; ranking: (text: string) => readonly RouteHit[] };
    served(name: string): void;
  };
}

/** A loader's agent side over `host`. */
export class LoaderAgent {
  /** The skills `skills.load` and `activateAsync` handed out (`loader.loaded`). */
  readonly record = new LoadedRecord();
  readonly #inner: AgentInternals;
  readonly #limits: ResolvedLimits;
  readonly #timeoutMs: number;
  readonly #hooks: AgentHooks;

  /** `loader` is searched by `skills.search`; `inner` gives the cache and the activations. */
  constructor(loader: SearchedLoader, inner: AgentInternals, limits: ResolvedLimits, timeoutMs: number) {
    this.#inner = inner;
    this.#limits = limits;
    this.#timeoutMs = timeoutMs;
    this.#hooks = {
      search: loaderSearch(loader),
      onLoad: (skill: Skill) => {
        this.record.add(skill);
        inner.routing.served(skill.name);
      },
      timeoutMs,
    };
  }

  /** `activations`, added to the record when they were `served` (handed to a conversation). */
  handedOut<T extends { readonly skill: Skill }>(activations: T[], served: boolean): T[] {
    if (served) for (const { skill } of activations) this.record.add(skill);
    return activations;
  }

  /** The digest and tools of the current cache. */
  view(): AgentView {
    return agentView(this.#inner.cache().all, this.#limits, this.#hooks);
  }

  /** The catalog for `options`, fitted to its budget; a turn's activations and ranking come from one lexical search. */
  catalogFit(options: CatalogOptions): CatalogFit {
    const cache = this.#inner.cache();
    const skillsOf = (hits: readonly RouteHit[]): { skill: Skill }[] =>
      hits.flatMap((hit) => {
        const skill = cache.byName.get(hit.name);
        return skill ? [{ skill }] : [];
      });
    const activateRanked = (turn: CatalogTurn) => {
      const { activated, ranking } = this.#inner.routing.activateRanked(turn);
      return { activated, ranking: (text: string) => skillsOf(ranking(text)) };
    };
    return loaderCatalogFit(cache, this.#limits, options, { activateRanked });
  }

  /** One listed text file of a cached skill, read through its source and checked against its digest. */
  readFile(name: string, path: string, options: SourceCallOptions): Promise<string> {
    const skill = this.#inner.cache().byName.get(name) ?? notHeld(name);
    return readLoaderFile(skill, path, this.#limits, { signal: options.signal, timeoutMs: this.#timeoutMs });
  }
}
