/**
 * Where a loaded skill came from: its source and folder, so its files can be
 * read again on demand. Keyed by the skill object: a skill replaced in the
 * cache (`upsert`) has no origin until a load gives it one, and origins are
 * freed with their skills.
 * @module
 */
import type { BundleIdentity, LazyEntry, SkillSource } from './source.js';
import type { Skill } from '../format/types.js';

/** The source a skill was listed by, and its folder in that source. */
export interface SkillOrigin {
  readonly source: SkillSource;
  /** The skill folder relative to the source root (`''` for a root skill). */
  readonly dir: string;
  /** The plugin the skill ships in, for a plugin skill. */
  readonly bundle?: BundleIdentity;
  /** Set for a skill listed lazily: what its source promised; its body comes from `source.readSkill(dir)`. */
  readonly lazy?: LazyEntry;
}

const origins = new WeakMap<Skill, SkillOrigin>();

/** Records where `skill` (this object) was loaded from. */
export function recordOrigin(skill: Skill, origin: SkillOrigin): void {
  origins.set(skill, origin);
}

/** Where `skill` was loaded from, when a source listed it. */
export function originOf(skill: Skill): SkillOrigin | undefined {
  return origins.get(skill);
}
