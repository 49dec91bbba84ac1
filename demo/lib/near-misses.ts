/**
 * Satchel demo: why a search hit did not activate, against the threshold the turn's ranking carries (the decision
 * rule's, or a fixed one) and the runtime's `activationThresholds()`: below the threshold while nothing passed it,
 * below the share of the best hit once something did, or past the most search activations a turn may have.
 */
import type { ActivationThresholds, RoutedSkill, SkillActivation } from '../../src/index.js';

/** Hits scoring at least this share of the bar they missed are shown as near misses. */
const NEAR = 0.4;

/** A search hit that did not activate: the bar it missed and why that bar. */
export interface NearMiss {
  readonly hit: RoutedSkill;
  /** The least score that would have activated it, or `undefined` when the count limit cut it. */
  readonly bar: number | undefined;
  /** The bar said in words: `the threshold in force`, `50 % of the best search hit's 0.84`, or the count limit. */
  readonly why: string;
}

/** The rule a search hit had to meet this turn; `best` is the best search activation's score, if any activated. */
function barFor(thresholds: ActivationThresholds, first: RoutedSkill | undefined, best: number | undefined): { bar: number; why: string } {
  if (best === undefined) return { bar: turnThreshold(thresholds, first), why: 'the threshold in force' };
  return { bar: best * thresholds.asyncRelative, why: `${Math.round(thresholds.asyncRelative * 100)} % of the best search hit's ${best.toFixed(2)}` };
}

/**
 * The threshold this turn's first place had to reach: what the ranking says (`routeAsync` results carry it, from the
 * decision rule or a fixed threshold), else the runtime's (`asyncThreshold`).
 */
export function turnThreshold(thresholds: ActivationThresholds, first: RoutedSkill | undefined): number {
  return first?.threshold ?? thresholds.asyncThreshold;
}

/**
 * The ranked hits that did not activate but came close, each with the bar it missed. `activations` are the turn's,
 * from `activateAsync`, and `hits` its `routeAsync` ranking, which carries the threshold that applied.
 */
export function nearMisses(hits: readonly RoutedSkill[], activations: readonly SkillActivation[], thresholds: ActivationThresholds): NearMiss[] {
  const active = new Set(activations.map((a) => a.skill.name));
  // The search stage decides over the whole ranking, skills an intent or a mention took included: once its first
  // place passed the threshold, the others needed a share of that first place's score.
  const first = hits[0];
  const best = first && first.score >= first.threshold ? first.score : undefined;
  const { bar, why } = barFor(thresholds, hits[0], best);
  const limit = `over the limit of ${thresholds.maxSearch} search activation${thresholds.maxSearch === 1 ? '' : 's'} a turn`;
  const out: NearMiss[] = [];
  for (const hit of hits) {
    if (active.has(hit.skill.name)) continue;
    if (hit.score >= bar) out.push({ hit, bar: undefined, why: limit });
    else if (hit.score >= bar * NEAR) out.push({ hit, bar, why });
  }
  return out;
}

/** One line on the thresholds in force this turn, for the top of the region; `first` is the turn's first place. */
export function thresholdsText(thresholds: ActivationThresholds, first?: RoutedSkill): string {
  const blended = thresholds.blending ? ' (routing by meaning)' : '';
  const needs = turnThreshold(thresholds, first).toFixed(2);
  const how = !thresholds.rule
    ? `the best search hit needs ${needs} (a fixed threshold)`
    : first
      ? `the best search hit needed ${needs} this turn (the decision rule, for its lead of ${Math.max(0, first.margin).toFixed(2)} over the runner-up among ${thresholds.skills} routable skills)`
      : `the best search hit needs about ${needs} (the decision rule, less for a clear lead, among ${thresholds.skills} routable skills)`;
  return `In force${blended}: ${how}; the others ${Math.round(thresholds.asyncRelative * 100)} % of its score, at most ${thresholds.maxSearch}. A recognised intent needs ${thresholds.intentThreshold.toFixed(2)}.`;
}
