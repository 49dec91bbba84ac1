/**
 * The text of skills' files, for skills made in memory (`defineSkill`,
 * `loadSkills`). A `Skill` keeps only its file inventory; the contents ride
 * alongside, keyed by the skill object itself, so a set built from those
 * skills can read them synchronously and they are freed with the skill.
 * @module
 */
import type { Skill } from '../format/types.js';

/** Text file contents of one skill, by path. Binary files are listed only, never held. */
export type SkillContents = ReadonlyMap<string, string>;

const contents = new WeakMap<Skill, SkillContents>();

/** Records the text contents of `skill`'s files; returns the skill. */
export function attachContents<S extends Skill>(skill: S, texts: SkillContents): S {
  contents.set(skill, texts);
  return skill;
}

/** The text contents recorded for `skill` (the same object), if any. */
export function contentsOf(skill: Skill): SkillContents | undefined {
  return contents.get(skill);
}
