/**
 * Satchel demo: the `manual` skills a turn would have matched. Manual skills never activate by themselves and the
 * runtime does not index them, so the page keeps its own small index of every loaded skill, the manual ones ranked
 * as if they were `auto`, only to say "manual — mention /name to use it".
 */
import { createRouter, type Router, type Skill, type SkillActivation } from '../../src/index.js';

/** A manual skill the turn matches, with its score in the page's index. */
export interface ManualMatch {
  readonly name: string;
  readonly score: number;
}

/** The page's index of the loaded skills, in which manual ones route. */
export class ManualMatcher {
  readonly #router: Router = createRouter();
  #manual = new Set<string>();

  /** Follows the loaded skills (after every change): the same set the runtime ranks, plus the manual ones. */
  follow(skills: readonly Skill[]): void {
    // Only mentionable manual skills: one with `user-invocable: false` could not be used from the box either.
    this.#manual = new Set(skills.filter((s) => s.activation === 'manual' && s.userInvocable !== false).map((s) => s.name));
    this.#router.sync(skills.map((s) => (this.#manual.has(s.name) ? { ...s, activation: 'auto' as const } : s)));
  }

  /** Manual skills scoring at least `threshold` for `text` that the turn did not activate (by a mention), best first. */
  matches(text: string, activations: readonly SkillActivation[], threshold: number): ManualMatch[] {
    if (this.#manual.size === 0 || text.trim() === '') return [];
    const active = new Set(activations.map((a) => a.skill.name));
    return this.#router
      .route(text, { limit: this.#router.size })
      .filter((hit) => this.#manual.has(hit.name) && !active.has(hit.name) && hit.score >= threshold)
      .map((hit) => ({ name: hit.name, score: hit.score }));
  }
}
