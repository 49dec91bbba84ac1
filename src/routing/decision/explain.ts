/**
 * A ranking explained: each hit with the threshold the search stage would
 * apply to the ranking's first place and its margin to the best other hit,
 * so `route` results say what `activate` would decide of them.
 * @module
 */
import { resolveActivationOptions, searchInputOf, searchThreshold, type ActivationOptions } from './search.js';
import { marginsOf } from './rule.js';
import type { Router } from '../router.js';
import type { RouteHit } from '../types.js';

/** A hit with what decided it. */
export interface ExplainedHit extends RouteHit {
  /** The least score the ranking's first place needs to activate. */
  readonly threshold: number;
  /** Score minus the best other hit's. */
  readonly margin: number;
}

/** `hits` (a ranking of `text` by `router`, best first) with the threshold and margins the options give. */
export function explainRanking(hits: readonly RouteHit[], text: string, router: Pick<Router, 'size' | 'pipeline'>, options: ActivationOptions): ExplainedHit[] {
  const threshold = searchThreshold(hits, resolveActivationOptions(options), searchInputOf(router, text));
  const margins = marginsOf(hits.map((h) => h.score));
  return hits.map((h, i) => ({ ...h, threshold, margin: margins[i] ?? 0 }));
}
