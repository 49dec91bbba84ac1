/**
 * Accuracy of routing on a labelled set: top-1, top-3 and MRR over the
 * queries that expect a skill; recall and false activation at a threshold.
 * @module
 */
import type { ActivationOptions } from '../../src/routing/activation.js';
import { decideSearch, resolveActivationOptions, searchInputOf } from '../../src/routing/decision/search.js';
import type { RouteHit, Router } from '../../src/routing/router.js';
import type { LoadedSet } from './routing-data.js';

/** One query's ranking, with the skill names it expects. */
export interface Ranked {
  readonly text: string;
  readonly expected: ReadonlySet<string>;
  readonly hits: readonly RouteHit[];
}

/** Ranking quality over the queries that expect a skill. */
export interface RankingStats {
  readonly top1: number;
  readonly top3: number;
  readonly mrr: number;
}

/** Activation quality at one set of thresholds. */
export interface ActivationStats {
  /** Share of queries expecting a skill for which an expected skill activates. */
  readonly recall: number;
  /** Share of queries expecting nothing for which something activates. */
  readonly falseActivation: number;
  /** Mean number of skills activated per query expecting a skill. */
  readonly meanActivated: number;
}

/** Every query of the set ranked over every skill (no limit), through the router the loader keeps. */
export function rankAll(loaded: LoadedSet): Ranked[] {
  const { loader, names, set } = loaded;
  return set.queries.map((q) => ({
    text: q.text,
    expected: new Set(q.expected.map((id) => names.get(id) as string)),
    hits: loader.router.route(q.text, { limit: loader.size }),
  }));
}

/** Top-1, top-3 and MRR (reciprocal rank of the first expected skill, 0 when unranked). */
export function rankingStats(ranked: readonly Ranked[]): RankingStats {
  let top1 = 0;
  let top3 = 0;
  let rr = 0;
  const labelled = ranked.filter((r) => r.expected.size > 0);
  for (const r of labelled) {
    const at = r.hits.findIndex((h) => r.expected.has(h.name));
    if (at === 0) top1++;
    if (at >= 0 && at < 3) top3++;
    if (at >= 0) rr += 1 / (at + 1);
  }
  const n = labelled.length || 1;
  return { top1: pct(top1 / n), top3: pct(top3 / n), mrr: round(rr / n, 4) };
}

/** Recall and false activation when the rankings go through activation's search decision (over `router`'s skills). */
export function activationStats(ranked: readonly Ranked[], router: Pick<Router, 'size' | 'pipeline'>, options: ActivationOptions = {}): ActivationStats {
  return activationStatsOf(ranked.map((r) => ({ expected: r.expected, activated: activatedNames(r.hits, r.text, router, options) })));
}

/** The names the search stage activates of a ranking of `text`. */
export function activatedNames(hits: readonly RouteHit[], text: string, router: Pick<Router, 'size' | 'pipeline'>, options: ActivationOptions = {}): string[] {
  const input = searchInputOf(router, text);
  return decideSearch(hits, resolveActivationOptions(options), input).activated.map((h) => h.name);
}

/** Recall and false activation from what each query activated. */
export function activationStatsOf(results: readonly { expected: ReadonlySet<string>; activated: readonly string[] }[]): ActivationStats {
  let hit = 0;
  let labelled = 0;
  let falseActivations = 0;
  let nothing = 0;
  let activated = 0;
  for (const r of results) {
    if (r.expected.size === 0) {
      nothing++;
      if (r.activated.length > 0) falseActivations++;
      continue;
    }
    labelled++;
    activated += r.activated.length;
    if (r.activated.some((name) => r.expected.has(name))) hit++;
  }
  return { recall: pct(hit / (labelled || 1)), falseActivation: pct(falseActivations / (nothing || 1)), meanActivated: round(activated / (labelled || 1), 2) };
}

/** A share as a percentage with two decimals. */
export function pct(x: number): number {
  return round(100 * x, 2);
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
