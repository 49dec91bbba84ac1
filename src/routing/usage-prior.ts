/**
 * A routing prior from a usage profile: skills whose activations the app
 * reported as successful rise a little, skills that kept failing sink a
 * little. Opt-in (`routing: { prior }`), and measured on the routing bench
 * with a simulated outcome stream (docs/evolution.md).
 * @module
 */
import { SkillError } from '../format/errors.js';
import type { RouteHit } from './types.js';

/** A multiplier per skill for routed scores (1: no change). */
export interface SkillPrior {
  of(name: string): number;
}

/** The part of a usage entry a prior reads. */
export interface UsageOutcome {
  readonly name: string;
  readonly outcome?: string;
}

/** Options of {@link createUsagePrior}. */
export interface UsagePriorOptions {
  /** Largest change of a score, up or down (0–1; default 0.1, measured). */
  readonly weight?: number;
  /** Outcomes that count as a success (default `['success']`). */
  readonly success?: readonly string[];
  /** Outcomes that count as a failure (default `['failure']`). */
  readonly failure?: readonly string[];
}

/** A prior that grows with the profile: `add` each new entry (or build it again from the store). */
export interface UsagePrior extends SkillPrior {
  add(entry: UsageOutcome): void;
  /** Entries counted (successes and failures). */
  readonly counted: number;
}

/** The default weight, from the routing bench (docs/evolution.md). */
export const DEFAULT_USAGE_PRIOR_WEIGHT = 0.1;

/**
 * A prior from usage entries: for each skill the smoothed success rate
 * `r = (successes + 1) / (successes + failures + 2)`, centred on the mean
 * rate `r̄` of the skills in the profile, gives the multiplier
 * `1 + weight · 2 (r − r̄)`: a skill that fails more often than the others
 * sinks, one that succeeds more rises, and the scores stay level on
 * average (so activation thresholds keep their meaning). A skill never
 * used keeps 1.
 *
 * @example
 * ```ts
 * const prior = createUsagePrior(await store.usage(ns))
 * const loader = new SkillLoader({ store, routing: { prior } })
 * prior.add({ name: 'invoice-export', outcome: 'success' })   // as the app reports outcomes
 * ```
 */
export function createUsagePrior(entries: Iterable<UsageOutcome> = [], options: UsagePriorOptions = {}): UsagePrior {
  const weight = options.weight ?? DEFAULT_USAGE_PRIOR_WEIGHT;
  if (typeof weight !== 'number' || !(weight >= 0 && weight <= 1))
    throw new SkillError('INVALID_INPUT', `The prior weight must be a number from 0 to 1; got ${String(weight)}.`);
  const success = new Set(options.success ?? ['success']);
  const failure = new Set(options.failure ?? ['failure']);
  const tally = new Map<string, { s: number; f: number }>();
  const rateOf = (t: { s: number; f: number }): number => (t.s + 1) / (t.s + t.f + 2);
  let counted = 0;
  let meanRate: number | undefined;
  const prior: UsagePrior = {
    of(name) {
      const t = tally.get(name);
      if (!t) return 1;
      if (meanRate === undefined) {
        let sum = 0;
        for (const x of tally.values()) sum += rateOf(x);
        meanRate = sum / tally.size;
      }
      return Math.max(0, 1 + weight * 2 * (rateOf(t) - meanRate));
    },
    add(entry) {
      const ok = entry.outcome !== undefined && success.has(entry.outcome);
      if (!ok && (entry.outcome === undefined || !failure.has(entry.outcome))) return;
      const t = tally.get(entry.name) ?? { s: 0, f: 0 };
      if (ok) t.s++;
      else t.f++;
      tally.set(entry.name, t);
      counted++;
      meanRate = undefined;
    },
    get counted() {
      return counted;
    },
  };
  for (const entry of entries) prior.add(entry);
  return prior;
}

/** @deprecated Use {@link createUsagePrior} (a sync factory is `createX`). */
export const usagePrior = createUsagePrior;

/** `hits` with each score multiplied by the prior (capped at 1), best first again. */
export function withPrior(hits: readonly RouteHit[], prior: SkillPrior): RouteHit[] {
  return hits
    .map((h) => ({ ...h, score: Math.min(1, h.score * prior.of(h.name)) }))
    .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
