/**
 * The search stage's decision, with its options: whether the best hit of a
 * ranking activates (the decision rule, or a fixed threshold an app sets),
 * and which of the hits after it activate with it.
 * @module
 */
import { BLENDED_DECISION, LEXICAL_DECISION, ruleThreshold, type DecisionInput, type DecisionRule } from './rule.js';
import type { Router } from '../router.js';
import type { RouteHit } from '../types.js';

/** Options of activation; every one has a measured default (docs/routing.md). */
export interface ActivationOptions {
  /**
   * A fixed least score for the best search hit, instead of the decision rule (`decision`): for an app that has
   * measured its own. Unset by default: the rule decides from the score, the margin, the coverage and the set's size.
   */
  threshold?: number;
  /** How much a fixed `threshold` rises per e-fold of routable skills over {@link THRESHOLD_REFERENCE_SKILLS} (default 0). */
  thresholdGrowth?: number;
  /**
   * The decision rule for lexical scores (default {@link LEXICAL_DECISION}). `activateAsync` decides blended scores
   * with `routing.semantic.decision` instead ({@link BLENDED_DECISION}); this option does not reach them.
   */
  decision?: DecisionRule;
  /** Least score for an intent recognised in the text (default 0.51). */
  intentThreshold?: number;
  /** Most `search` activations per turn (default 3). */
  maxSearch?: number;
  /** Once the best search hit activates, the others activate within this share of its score (default 0.7). */
  relative?: number;
}

/** Activation options with their defaults filled in; `threshold` stays unset unless given. */
export type ResolvedActivationOptions = Required<Omit<ActivationOptions, 'threshold'>> & { readonly threshold?: number };

/** Skill count up to which a fixed `threshold` applies as given; above it, it rises by `thresholdGrowth` per e-fold. */
export const THRESHOLD_REFERENCE_SKILLS = 200;

/** The measured defaults of {@link ActivationOptions}. */
export const DEFAULT_ACTIVATION_OPTIONS: ResolvedActivationOptions = {
  decision: LEXICAL_DECISION,
  intentThreshold: 0.51,
  maxSearch: 3,
  relative: 0.7,
  thresholdGrowth: 0,
};

export { BLENDED_DECISION, LEXICAL_DECISION };

/** Options with unset (or `undefined`) fields taken from {@link DEFAULT_ACTIVATION_OPTIONS}. */
export function resolveActivationOptions(options: ActivationOptions): ResolvedActivationOptions {
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as ActivationOptions;
  return { ...DEFAULT_ACTIVATION_OPTIONS, ...given };
}

/** What the search stage decided for a ranking. */
export interface SearchDecision {
  /** The least score the best hit needed. */
  readonly threshold: number;
  /** The hits that activate, best first (none unless the best reached `threshold`). */
  readonly activated: RouteHit[];
}

/** What the rule reads of the turn besides its ranking. */
export interface SearchInput {
  /** Routable skills in the set. */
  readonly skills: number;
  /** The turn's content (non-stop) terms. */
  readonly contentTerms: number;
  readonly isStopTerm: (term: string) => boolean;
}

/** What the search stage reads of a turn besides its ranking, from the router that ranked it. */
export function searchInputOf(router: Pick<Router, 'size' | 'pipeline'>, text: string): SearchInput {
  const { pipeline } = router;
  const isStopTerm = (t: string): boolean => pipeline.isStopTerm(t);
  return { skills: router.size, contentTerms: pipeline.queryTerms(text).filter((t) => !isStopTerm(t)).length, isStopTerm };
}

/**
 * The hits that activate: none unless the best reaches the threshold in force (the turn is about some skill at
 * all), then every hit within `relative` of the best, at most `maxSearch`.
 */
export function decideSearch(hits: readonly RouteHit[], options: ResolvedActivationOptions, input: SearchInput): SearchDecision {
  const threshold = searchThreshold(hits, options, input);
  const best = hits[0]?.score ?? 0;
  if (hits.length === 0 || best < threshold) return { threshold, activated: [] };
  return { threshold, activated: hits.filter((h) => h.score >= best * options.relative).slice(0, options.maxSearch) };
}

/** The least score the best of `hits` needs: the fixed threshold when one is set, else the rule's for this ranking. */
export function searchThreshold(hits: readonly RouteHit[], options: ResolvedActivationOptions, input: SearchInput): number {
  const [first, second] = hits;
  const matched = first ? first.terms.filter((t) => !input.isStopTerm(t)).length : 0;
  return thresholdFor(options, {
    margin: (first?.score ?? 0) - (second?.score ?? 0),
    coverage: first?.coverage ?? 0,
    matchedShare: input.contentTerms > 0 ? Math.min(1, matched / input.contentTerms) : 0,
    skills: input.skills,
  });
}

/** The least score a first place with these margin, coverage and set size needs: the fixed threshold when one is set, else the rule's. */
export function thresholdFor(options: ResolvedActivationOptions, input: DecisionInput): number {
  if (options.threshold !== undefined) return scaledThreshold({ threshold: options.threshold, thresholdGrowth: options.thresholdGrowth }, input.skills);
  return ruleThreshold(options.decision, input);
}

/** A fixed `threshold` for a set of `skills` routable skills: as given up to the reference size, then rising by `thresholdGrowth` per e-fold. */
export function scaledThreshold(options: { readonly threshold: number; readonly thresholdGrowth: number }, skills: number): number {
  return options.threshold + options.thresholdGrowth * Math.log(Math.max(1, skills / THRESHOLD_REFERENCE_SKILLS));
}

/** The rule and fixed-threshold growth of one kind of score (the blended score of `activateAsync`). */
export interface ModeDecision {
  readonly decision: DecisionRule;
  readonly thresholdGrowth: number;
  readonly relative: number;
}

/** Activation options for another kind of score: its rule, and its fixed-threshold growth and `relative` unless the app set them. */
export function withDecision(options: ActivationOptions, mode: ModeDecision | undefined): ActivationOptions {
  if (!mode) return options;
  return { ...options, decision: mode.decision, thresholdGrowth: options.thresholdGrowth ?? mode.thresholdGrowth, relative: options.relative ?? mode.relative };
}
