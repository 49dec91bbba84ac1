/**
 * Collisions: pairs of skills whose descriptions the router cannot tell
 * apart. The rule: each routable skill's description is routed as if a user
 * had typed it; another skill that scores at least `share` of the skill's own
 * score on it collides with it. The pair's score is that share (capped at 1:
 * the other skill ranks as high or higher); a pair found both ways is
 * reported once, with the larger share.
 * @module
 */
import type { RoutedSkill } from '../loader/options.js';
import type { Skill } from '../format/types.js';

/** Two skills whose descriptions collide. */
export interface Collision {
  /** The two names, in code-unit order. */
  readonly pair: readonly [string, string];
  /** How close the second came on the first's description (or the other way round), as a share of its own score: 0–1. */
  readonly score: number;
}

/** The share of a skill's own score another must reach on its description to collide with it, by default. */
export const DEFAULT_COLLISION_SHARE = 0.8;

/** How many of a description's ranking are looked at. */
const RANKED = 5;

/** Ranks a text over the routable skills, as `loader.route` does. */
export type Rank = (text: string, limit: number) => Promise<readonly Pick<RoutedSkill, 'skill' | 'score'>[]>;

/** The collisions among `skills` (`manual` ones are never ranked, so never collide), largest share first. */
export async function findCollisions(rank: Rank, skills: readonly Skill[], share: number): Promise<Collision[]> {
  const found = new Map<string, Collision>();
  for (const skill of skills) {
    if (skill.activation === 'manual' || skill.description.trim() === '') continue;
    const hits = await rank(skill.description, RANKED);
    const own = hits.find((h) => h.skill.name === skill.name)?.score;
    for (const hit of hits) {
      if (hit.skill.name === skill.name || !(hit.score > 0)) continue;
      // A description that does not rank its own skill at all collides with whatever it ranks.
      const close = own === undefined || own <= 0 ? 1 : Math.min(1, hit.score / own);
      if (close < share) continue;
      const pair = [skill.name, hit.skill.name].sort(byCodeUnits) as [string, string];
      const key = JSON.stringify(pair);
      if ((found.get(key)?.score ?? -1) < close) found.set(key, { pair, score: close });
    }
  }
  return [...found.values()].sort((a, b) => b.score - a.score || byCodeUnits(a.pair.join('\u0000'), b.pair.join('\u0000')));
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
