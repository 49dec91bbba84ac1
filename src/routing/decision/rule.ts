/**
 * The decision rule of activation: whether a turn's best hit activates. A
 * single threshold on the score does not hold across skill sets — with more
 * skills a turn about none of them finds more chance overlap, a short turn
 * that matches one rare word scores as high as a long one that matches four,
 * and a clear winner is better evidence than a near tie. So the rule reads
 * what the ranking says besides the score: the margin to the runner-up, how
 * much of the turn the best hit covers, and the number of routable skills.
 *
 * It is a logistic model of "this first place should activate", fitted on
 * the development sets (`npm run bench -- decision --fit`, docs/routing.md)
 * and shipped as a few numbers. Read as a threshold: given the margin,
 * coverage and set size, the best hit activates when its score reaches the
 * score at which the model says yes. That score is the `threshold` a result
 * carries, so every decision can be explained in the score's own units.
 * @module
 */

/** The weights of the logit `score·s + margin·m + coverage·c + matchedShare·w + skills·ln(n) + bias`; activation when it is ≥ 0. */
export interface DecisionRule {
  /** Weight of the best hit's score (must be > 0: a higher score never activates less). */
  readonly score: number;
  /** Weight of the margin: best score minus the runner-up's (the best score when it has none). */
  readonly margin: number;
  /** Weight of the share of the turn's weight the best hit covers (`RouteHit.coverage`). */
  readonly coverage: number;
  /** Weight of the share of the turn's content words the best hit matched. */
  readonly matchedShare: number;
  /** Weight of ln(number of routable skills). */
  readonly skills: number;
  readonly bias: number;
}

/** What the rule reads of a ranking besides the best score. */
export interface DecisionInput {
  readonly margin: number;
  readonly coverage: number;
  readonly matchedShare: number;
  /** Routable skills in the set. */
  readonly skills: number;
}

/** The least score a best hit with these margin, coverage and set size needs to activate, in 0–1. */
export function ruleThreshold(rule: DecisionRule, input: DecisionInput): number {
  const rest =
    rule.margin * input.margin +
    rule.coverage * input.coverage +
    rule.matchedShare * input.matchedShare +
    rule.skills * Math.log(Math.max(1, input.skills)) +
    rule.bias;
  return clamp(-rest / rule.score);
}

/** The margin of each hit to the best of the others (positive for a clear first place, ≤ 0 for the rest). */
export function marginsOf(scores: readonly number[]): number[] {
  const [first = 0, second = 0] = scores;
  return scores.map((s, i) => round(i === 0 ? s - second : s - first));
}

function clamp(x: number): number {
  return round(Math.min(1, Math.max(0, x)));
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/**
 * The rule for lexical scores (`activate`), fitted by `npm run bench -- decision --fit` on the tune half of the
 * scale runs' turns (docs/routing.md, "The decision rule").
 */
export const LEXICAL_DECISION: DecisionRule = { score: 15.816, margin: 1.348, coverage: -0.294, matchedShare: -1.661, skills: -0.692, bias: -3.932 };

/** The rule for blended scores (`activateAsync` with an embedder), fitted the same way. */
export const BLENDED_DECISION: DecisionRule = { score: 12.651, margin: 8.437, coverage: -0.294, matchedShare: 0.388, skills: -0.035, bias: -6.664 };
