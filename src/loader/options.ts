/**
 * The options of a `SkillLoader`, of its loads, and what its routing returns.
 * @module
 */
import type { ActivationOptions } from '../routing/activation.js';
import { resolveActivationOptions, thresholdFor, withDecision, type ModeDecision } from '../routing/decision/search.js';
import type { RouteHit, Router, RouterJSON, RouterOptions } from '../routing/router.js';
import { explainRanking } from '../routing/decision/explain.js';
import type { SkillSource } from '../sources/source.js';
import type { SkillStoreLike } from '../sources/store.js';
import type { Skill, SkillLimits, SkillSourceKind } from '../format/types.js';
import type { SubagentSpec } from './subagent.js';
import type { LoaderEmbeddingOptions } from './stages/semantic-routing.js';
import type { AgentMdInput } from './agent/store-rules.js';
import type { PublishedPluginsOptions } from '../sources/plugins/published-source.js';

/** Limits of a loader: the shared limits plus the store's per-namespace cap. */
export interface LoaderLimits extends SkillLimits {
  /** Most skills read from one store namespace (default: all of Satchel's own stores, which have `count`; 50 of any other store). */
  perNamespace?: number;
}

/** Options of {@link SkillLoader}. */
export interface SkillLoaderOptions {
  /** Skills shipped with the app: a directory in Node, the Vite bundle in the browser. */
  builtin?: SkillSource | readonly SkillSource[];
  /** Org and user skills: anything with `search(namespace)` (LangGraph-style). */
  store?: SkillStoreLike;
  /**
   * Remote sources (`remoteSource(indexUrl, …)`): an organisation's published skills, verified by digest. They
   * join the org tier after the org store, and load whatever the `orgId` (none needed).
   */
  remote?: SkillSource | readonly SkillSource[];
  /**
   * The agent surface this loader serves (a subagent's name): its user tier is then the surface's own
   * namespace, `surfaceNamespace(orgId, userId, surface)`, instead of the root agent's. Default: the root agent.
   */
  surface?: string;
  /**
   * The surface's `agent.md` (its text, or `{ text, path }`): its front matter's `mutability` (`skills: approval-gated`,
   * or the shorthand `mutability: static`) becomes the store's policy for the surface's namespace after each load
   * (docs/evolution.md). Read when the loader is made; malformed: `INVALID_INPUT` naming the line. `satchel/node` also
   * takes `{ path }` and reads the file.
   */
  agentMd?: AgentMdInput;
  /**
   * Published plugins (docs/remote.md, "Published plugins"): `{ selected, lock, allowUnpinned?, … }`. `selected` defaults
   * to the `plugins` of `agentMd`'s front matter; `lock` is `plugins.lock`. Each selected plugin loads as its lock pins it
   * (the archive's digest verified), in the builtin tier after `builtin`; one the lock does not pin is a
   * `plugin-unpinned` diagnostic and is never fetched unless `allowUnpinned`. `satchel/node`'s `agent` option fills it.
   */
  plugins?: PublishedPluginsOptions;
  /** Subagent specs, each loaded as a `manual` builtin skill unless its name is taken. */
  subagentSpecs?: readonly SubagentSpec[];
  /** Per-skill and per-load limits; see {@link LOADER_LIMITS} for defaults. */
  limits?: LoaderLimits;
  /** Routing: index tuning, activation thresholds, and an index built ahead of time. */
  routing?: LoaderRoutingOptions;
  /**
   * Most milliseconds to wait for one source call (`list()` in a load, `read()` for a file) before it counts as
   * failed (a `source-error` diagnostic; the other sources load). Default 30,000; `Infinity` waits for ever.
   * A source's own `timeoutMs` property overrides it for that source.
   */
  sourceTimeoutMs?: number;
  /**
   * The names of the tools the app gives its model (`toolNamesOf(tools)` of a tool list or an AI SDK `ToolSet`, or
   * `await mcpToolNames(client)` of an MCP client). A skill whose `metadata.dependencies` are unmet (a tool of `all`
   * missing, or none of `any` there) is kept out of routing, activation (`/name` mentions too), the catalog and
   * `skills.search`, listed as `needs-unmet` in `diagnostics`, and `skills.load` of it fails with `NEEDS_UNMET`
   * naming what is missing; an `allowed-tools` name not among them is an `allowed-tool-missing` warning only
   * (docs/loader.md, "Skills that need tools"). Not given: no skill is checked.
   */
  availableTools?: Iterable<string>;
}

/** Routing options of a loader: the router's tuning and activation's thresholds (docs/routing.md). */
export interface LoaderRoutingOptions extends RouterOptions, ActivationOptions, LoaderEmbeddingOptions {
  /** An index serialised with `loader.router.toJSON()` (e.g. shipped with the builtin bundle): loads only re-index what changed. */
  index?: RouterJSON;
  /**
   * Learn from the turns skills serve: `skills.load` learns the last turn `activate`/`activateAsync` saw for the
   * skill it loads, and a `/name` mention learns the text after it (`loader.learn`, docs/routing.md). Default false.
   */
  learn?: boolean;
  /** Learned examples kept per skill; the oldest give way (default 20). */
  maxLearnedPerSkill?: number;
}

/** A skill ranked for a turn by {@link SkillLoader.route}. */
export interface RoutedSkill {
  /** The skill. */
  readonly skill: Skill;
  /** Calibrated score, 0–1. */
  readonly score: number;
  /** Query terms that matched, after the text pipeline (stems). */
  readonly terms: readonly string[];
  /** The turn's words that matched, as it spells them, without stop words. */
  readonly words: readonly string[];
  /** The same words: what matched, as the turn spells them (the key every routing result shares). */
  readonly matched: readonly string[];
  /** The share of the turn's weight the matched words carry, 0–1. */
  readonly coverage: number;
  /** The least score the first place of this ranking needs to activate (what `activate` would apply to it). */
  readonly threshold: number;
  /** The score minus the best other hit's: positive for the first place, ≤ 0 for the others. */
  readonly margin: number;
}

export type { LoadedSkillRecord } from './agent/loaded-record.js';
export type { LearnedExample } from '../sources/learned-store.js';

/** Options of `loader.activateAsync`: the activation options, and whether the skills returned count as handed out. */
export interface LoaderActivationOptions extends ActivationOptions {
  /** `false` for a preview or an evaluation: the skills returned are not added to `loader.loaded` (default true). */
  record?: boolean;
}

/** Options of {@link SkillLoader.loadAll}. */
export interface LoadOptions {
  /** Cancels the load; the previous cache stays. */
  signal?: AbortSignal;
  /** Called after each source is read. */
  onProgress?: (progress: LoadProgress) => void;
  /** This load's {@link SkillLoaderOptions.sourceTimeoutMs}. */
  sourceTimeoutMs?: number;
}

/** Progress of a load, reported after each source. */
export interface LoadProgress {
  /** The tier just read. */
  readonly tier: SkillSourceKind | 'subagents';
  /** The source's name. */
  readonly source: string;
  /** Skills in the cache-to-be so far. */
  readonly loaded: number;
  /** Entries skipped so far (errors, limits, shadowed). */
  readonly skipped: number;
}

/** The activation thresholds a loader applies now, as `loader.activationThresholds()` reports them. */
export interface ActivationThresholds {
  /**
   * Least score of the best search hit for `activate`: the fixed `threshold` (scaled per e-fold of routable skills
   * over 200 by `thresholdGrowth`) when one is set; else the decision rule's for a best hit with no margin over the
   * runner-up that covers the whole turn — a clearer first place needs less (each result carries its own `threshold`).
   */
  readonly threshold: number;
  /** The same for `activateAsync`: the blended score's while it blends, else `threshold`. */
  readonly asyncThreshold: number;
  /** True while `activateAsync` blends: the loader has an embedder and every routable skill its vector. */
  readonly blending: boolean;
  /** True when the decision rule decides (no fixed `threshold` is set). */
  readonly rule: boolean;
  /** Least score of an intent recognised in the text. */
  readonly intentThreshold: number;
  /** Share of the best search hit's score another hit must reach to activate too. */
  readonly relative: number;
  /** The same for `activateAsync`: the blended score's (`semantic.relative`, 0.75) while it blends, else `relative`. */
  readonly asyncRelative: number;
  /** Most `search` activations per turn. */
  readonly maxSearch: number;
  /** The routable skills the thresholds were scaled for. */
  readonly skills: number;
}

/** {@link ActivationThresholds} of `options` over `skills` routable skills; `blended` is set while `activateAsync` blends. */
export function activationThresholds(options: ActivationOptions, skills: number, blended: ModeDecision | undefined): ActivationThresholds {
  const o = resolveActivationOptions(options);
  // The rule's threshold for a best hit tied with its runner-up that matched every word of the turn.
  const input = { margin: 0, coverage: 1, matchedShare: 1, skills };
  const lexical = thresholdFor(o, input);
  const asyncOptions = resolveActivationOptions(withDecision(options, blended));
  return {
    threshold: lexical,
    asyncThreshold: blended ? thresholdFor(asyncOptions, input) : lexical,
    blending: blended !== undefined,
    rule: o.threshold === undefined,
    intentThreshold: o.intentThreshold,
    relative: o.relative,
    asyncRelative: asyncOptions.relative,
    maxSearch: o.maxSearch,
    skills,
  };
}

/** Hits of a ranking of `text` as the skills they name, each with what the search stage would decide of the ranking. */
export function routedSkills(
  hits: readonly RouteHit[],
  text: string,
  router: Pick<Router, 'size' | 'pipeline'>,
  options: ActivationOptions,
  byName: ReadonlyMap<string, Skill>,
  limit = 10,
): RoutedSkill[] {
  return explainRanking(hits, text, router, options)
    .slice(0, limit)
    .flatMap((h) => {
      const skill = byName.get(h.name);
      return skill
        ? [{ skill, score: h.score, terms: h.terms, words: h.words, matched: h.words, coverage: h.coverage, threshold: h.threshold, margin: h.margin }]
        : [];
    });
}
