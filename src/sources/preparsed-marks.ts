/**
 * Skills a builtin bundle ships already parsed. The bundle builder parsed
 * and validated them with this same code at build time, so a load takes
 * them as they are; a skill object from any other source is validated like
 * a parsed file. Kept by object identity, so no source can claim it.
 * @module
 */
import type { Skill } from '../format/types.js';

const preparsed = new WeakSet<Skill>();

/** Marks `skill` (this object) as parsed by the bundle builder; returns it. */
export function markPreparsed(skill: Skill): Skill {
  preparsed.add(skill);
  return skill;
}

/** True for a skill object `bundleSource` listed from a pre-parsed bundle. */
export function isPreparsed(skill: Skill): boolean {
  return preparsed.has(skill);
}
