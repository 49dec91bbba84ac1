/**
 * Satchel demo: why a search hit did not activate, against the thresholds the runtime applies now
 * (`activationThresholds()`): below the threshold while nothing passed it, below the share of the best hit once
 * something did, or past the most search activations a turn may have.
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
function barFor(thresholds: ActivationThresholds, best: number | undefined): { bar: number; why: string } {
  if (best === undefined) return { bar: thresholds.asyncThreshold, why: 'the threshold in force' };
  return { bar: best * thresholds.relative, why: `${Math.round(thresholds.relative * 100)} % of the best search hit's ${best.toFixed(2)}` };
}

/**
 * The ranked hits that did not activate but came close, each with the bar it missed. `activations` are the turn's,
 * from `activateAsync`, so the threshold that applied is `asyncThreshold` (the same as `threshold` while it answers
 * lexically).
 */
export function nearMisses(hits: readonly RoutedSkill[], activations: readonly SkillActivation[], thresholds: ActivationThresholds): NearMiss[] {
  const active = new Set(activations.map((a) => a.skill.name));
  const best = activations.find((a) => a.reason === 'search')?.score;
  const { bar, why } = barFor(thresholds, best);
  const limit = `over the limit of ${thresholds.maxSearch} search activation${thresholds.maxSearch === 1 ? '' : 's'} a turn`;
  const out: NearMiss[] = [];
  for (const hit of hits) {
    if (active.has(hit.skill.name)) continue;
    if (hit.score >= bar) out.push({ hit, bar: undefined, why: limit });
    else if (hit.score >= bar * NEAR) out.push({ hit, bar, why });
  }
  return out;
}

/** One line on the thresholds in force, for the top of the region. */
export function thresholdsText(thresholds: ActivationThresholds): string {
  const scaled = thresholds.skills > 200 ? `, raised for ${thresholds.skills} routable skills` : '';
  const blended = thresholds.blending ? ' (routing by meaning)' : '';
  return (
    `In force${blended}: the best search hit needs ${thresholds.asyncThreshold.toFixed(2)}${scaled}; the others ` +
    `${Math.round(thresholds.relative * 100)} % of its score, at most ${thresholds.maxSearch}. A recognised intent needs ${thresholds.intentThreshold.toFixed(2)}.`
  );
}
