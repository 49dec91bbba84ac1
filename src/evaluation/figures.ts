/**
 * A skill's figures from the outcomes of its queries: how often it activated
 * when it should (kept) and when it should not (false), how often it came
 * first, and which skills came first instead (confusions).
 * @module
 */
import { curveOf, rate, type CurvePoint, type SweptQuery } from './curve.js';

/** What one query gave: the skills activated under the decision rule, in `activate`'s order, and the sweep. */
export interface QueryOutcome extends SweptQuery {
  readonly query: string;
  /** The names `activate(query)` returned, first place first. */
  readonly names: readonly string[];
}

/** The figures of a set of queries under the loader's own decision (its rule, or its fixed threshold). */
export interface TriggerFigures {
  /** Queries that should activate the skill. */
  readonly shouldTrigger: number;
  /** Of those, how many did. */
  readonly kept: number;
  /** `kept / shouldTrigger`; `null` without such queries. */
  readonly keptRate: number | null;
  /** Of those, how many activated it first (mentions, then intents, then the search stage's best). */
  readonly first: number;
  /** Queries that should not activate the skill. */
  readonly shouldNotTrigger: number;
  /** Of those, how many did all the same. */
  readonly falseActivations: number;
  /** `falseActivations / shouldNotTrigger`; `null` without such queries. */
  readonly falseRate: number | null;
  /** Kept and false activation over the sweep of fixed thresholds. */
  readonly curve: readonly CurvePoint[];
}

/** Another skill that came first on a skill's should-trigger queries, and on how many. */
export interface Confusion {
  readonly name: string;
  readonly count: number;
}

/** One skill's figures, with what went wrong in words. */
export interface SkillEvaluation extends TriggerFigures {
  /** The skills that activated first instead, on should-trigger queries, most often first. */
  readonly confusions: readonly Confusion[];
  /** The should-trigger queries it did not activate for. */
  readonly missed: readonly string[];
  /** The should-not queries it activated for. */
  readonly falseQueries: readonly string[];
}

/** The figures of `name` over the outcomes of its queries. */
export function skillFigures(name: string, outcomes: readonly QueryOutcome[], thresholds: readonly number[]): SkillEvaluation {
  const confused = new Map<string, number>();
  for (const o of outcomes) {
    const [first] = o.names;
    if (o.should && first !== undefined && first !== name) confused.set(first, (confused.get(first) ?? 0) + 1);
  }
  const confusions = [...confused].map(([other, count]) => ({ name: other, count })).sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1));
  return {
    ...triggerFigures(
      outcomes.map((o) => ({ ...o, skill: name })),
      thresholds,
    ),
    confusions,
    missed: outcomes.filter((o) => o.should && !o.names.includes(name)).map((o) => o.query),
    falseQueries: outcomes.filter((o) => !o.should && o.names.includes(name)).map((o) => o.query),
  };
}

/** Figures over outcomes that may belong to several skills (`skill` says whose query each is): one skill's, or every skill's together. */
export function triggerFigures(outcomes: readonly (QueryOutcome & { readonly skill: string })[], thresholds: readonly number[]): TriggerFigures {
  const should = outcomes.filter((o) => o.should);
  const shouldNot = outcomes.filter((o) => !o.should);
  const kept = should.filter((o) => o.names.includes(o.skill)).length;
  const falseActivations = shouldNot.filter((o) => o.names.includes(o.skill)).length;
  return {
    shouldTrigger: should.length,
    kept,
    keptRate: rate(kept, should.length),
    first: should.filter((o) => o.names[0] === o.skill).length,
    shouldNotTrigger: shouldNot.length,
    falseActivations,
    falseRate: rate(falseActivations, shouldNot.length),
    curve: curveOf(thresholds, outcomes),
  };
}
