/**
 * Pseudo-relevance feedback (RM3-style) for routing: the profiles of the
 * best hits of a first pass lend their most characteristic terms to the
 * query, at a small weight, before a second pass.
 * @module
 */
import type { TermProfile } from './score.js';

/** Tuning of pseudo-relevance feedback. */
export interface FeedbackOptions {
  /** Best first-pass hits whose profiles feed the query (2–5). */
  readonly docs: number;
  /** Most terms added to the query. */
  readonly terms: number;
  /** Weight of the added terms against an ordinary query term of the same idf (0–1). */
  readonly weight: number;
}

/**
 * The terms to add to a query: each hit's profile weighted by the hit's share
 * of the top `docs` scores, times the term's idf; the `terms` best that the
 * query lacks, each at `weight` × its normalised feedback weight (best = 1)
 * × idf. Stop terms are never added.
 */
export function feedbackTerms(
  top: readonly { readonly score: number; readonly profile: TermProfile }[],
  query: ReadonlySet<string>,
  idfOf: (term: string) => number,
  isStop: (term: string) => boolean,
  options: FeedbackOptions,
): Map<string, number> {
  const used = top.slice(0, options.docs);
  let sum = 0;
  for (const h of used) sum += h.score;
  const out = new Map<string, number>();
  if (sum <= 0) return out;
  const mass = new Map<string, number>();
  for (const h of used) {
    for (const [term, strength] of h.profile) {
      if (query.has(term) || isStop(term)) continue;
      mass.set(term, (mass.get(term) ?? 0) + (h.score / sum) * strength * idfOf(term));
    }
  }
  const best = [...mass].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, options.terms);
  const top1 = best[0]?.[1] ?? 0;
  if (top1 <= 0) return out;
  for (const [term, m] of best) out.set(term, options.weight * (m / top1) * idfOf(term));
  return out;
}

/** Related terms for query expansion (e.g. from a thesaurus): a term's related terms, and their weight (0–1). */
export interface RelatedOptions {
  /** The terms related to a query term (both as the text pipeline makes them). */
  readonly of: (term: string) => Iterable<string>;
  /** Weight of a related term against an ordinary query term of the same idf. */
  readonly weight: number;
}

/**
 * Adds the related terms of the query's terms to `weights` and `factors`
 * (at `weight` × idf, the best of several); returns the terms added.
 */
export function relatedTerms(
  terms: readonly string[],
  weights: Map<string, number>,
  factors: Map<string, number>,
  idfOf: (term: string) => number,
  related: RelatedOptions,
): string[] {
  const added: string[] = [];
  for (const term of terms) {
    if ((factors.get(term) ?? 1) < 1) continue;
    for (const r of related.of(term)) {
      if (weights.has(r)) continue;
      weights.set(r, related.weight * idfOf(r));
      factors.set(r, related.weight);
      added.push(r);
    }
  }
  return added;
}
