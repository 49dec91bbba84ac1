/**
 * The options of a `SkillLoader`, of its loads, and what its routing returns.
 * @module
 */
import { DEFAULT_ACTIVATION_OPTIONS, scaledThreshold, type ActivationOptions } from '../routing/activation.js';
import type { RouterJSON, RouterOptions } from '../routing/router.js';
import type { SkillSource } from '../sources/source.js';
import type { SkillStoreLike } from '../sources/store.js';
import type { Skill, SkillLimits, SkillSourceKind } from '../format/types.js';
import type { SubagentSpec } from './subagent.js';
import type { LoaderEmbeddingOptions } from './semantic-routing.js';

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
}

/** Routing options of a loader: the router's tuning and activation's thresholds (docs/routing.md). */
export interface LoaderRoutingOptions extends RouterOptions, ActivationOptions, LoaderEmbeddingOptions {
  /** An index serialised with `loader.router.toJSON()` (e.g. shipped with the builtin bundle): loads only re-index what changed. */
  index?: RouterJSON;
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
  /** Least score of the best search hit for `activate`: `threshold`, raised per e-fold of routable skills over 200. */
  readonly threshold: number;
  /** The same for `activateAsync`: scaled with the blended score's growth while it blends, else `threshold`. */
  readonly asyncThreshold: number;
  /** True while `activateAsync` blends: the loader has an embedder and every routable skill its vector. */
  readonly blending: boolean;
  /** Least score of an intent recognised in the text. */
  readonly intentThreshold: number;
  /** Share of the best search hit's score another hit must reach to activate too. */
  readonly relative: number;
  /** Most `search` activations per turn. */
  readonly maxSearch: number;
  /** The routable skills the thresholds were scaled for. */
  readonly skills: number;
}

/** {@link ActivationThresholds} of `options` over `skills` routable skills; `blendedGrowth` is set while `activateAsync` blends. */
export function activationThresholds(options: ActivationOptions, skills: number, blendedGrowth: number | undefined): ActivationThresholds {
  const d = DEFAULT_ACTIVATION_OPTIONS;
  const threshold = options.threshold ?? d.threshold;
  // A growth the app set applies to both scores, as in `activateAsync`; otherwise each score has its own default.
  const scaled = (growth: number): number => scaledThreshold({ threshold, thresholdGrowth: options.thresholdGrowth ?? growth }, skills);
  return {
    threshold: scaled(d.thresholdGrowth),
    asyncThreshold: scaled(blendedGrowth ?? d.thresholdGrowth),
    blending: blendedGrowth !== undefined,
    intentThreshold: options.intentThreshold ?? d.intentThreshold,
    relative: options.relative ?? d.relative,
    maxSearch: options.maxSearch ?? d.maxSearch,
    skills,
  };
}
