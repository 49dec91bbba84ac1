/**
 * The threshold curve: for each fixed activation threshold of a sweep, the
 * share of should-trigger queries a skill still activates for (kept) and the
 * share of should-not queries it activates for all the same (false). Each
 * point is a real `activate(query, { threshold })`, so mentions and
 * recognised intents count as they do in an app.
 * @module
 */
import { SkillError } from '../format/errors.js';

/** The thresholds swept by default: 0 to 1 in steps of 0.1. */
export const DEFAULT_THRESHOLDS: readonly number[] = Object.freeze([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);

/** One point of a curve. A rate is `null` when there was no query of its kind. */
export interface CurvePoint {
  /** The fixed threshold `activate` was given. */
  readonly threshold: number;
  /** Share of the should-trigger queries the skill activated for, 0–1. */
  readonly keptRate: number | null;
  /** Share of the should-not queries the skill activated for, 0–1. */
  readonly falseRate: number | null;
}

/** What one query gave at every threshold of the sweep. */
export interface SweptQuery {
  /** Whether the skill should activate for it. */
  readonly should: boolean;
  /** Whether it did, at each threshold of the sweep, in order. */
  readonly activated: readonly boolean[];
}

/** `part / whole`, or `null` with nothing to divide. */
export function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** The sweep's thresholds, ascending and each once; `INVALID_INPUT` unless every one is a number from 0 to 1 and there is one at least. */
export function checkThresholds(thresholds: readonly number[]): number[] {
  const bad = thresholds.find((t) => typeof t !== 'number' || !(t >= 0 && t <= 1));
  if (bad !== undefined || thresholds.length === 0)
    throw new SkillError(
      'INVALID_INPUT',
      `evaluateSkills: thresholds must be numbers from 0 to 1, at least one${bad === undefined ? '' : `, not ${String(bad)}`}.`,
    );
  return [...new Set(thresholds)].sort((a, b) => a - b);
}

/** The curve of `queries` over `thresholds`. */
export function curveOf(thresholds: readonly number[], queries: readonly SweptQuery[]): CurvePoint[] {
  const should = queries.filter((q) => q.should);
  const shouldNot = queries.filter((q) => !q.should);
  const count = (list: readonly SweptQuery[], i: number) => list.filter((q) => q.activated[i] === true).length;
  return thresholds.map((threshold, i) => ({
    threshold,
    keptRate: rate(count(should, i), should.length),
    falseRate: rate(count(shouldNot, i), shouldNot.length),
  }));
}
