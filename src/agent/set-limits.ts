/**
 * The limits a skill set is checked against when it is created. Every
 * limit refuses with `LIMIT_EXCEEDED` naming the limit and the value found;
 * nothing is truncated.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { serializeSkill } from '../format/serialize.js';
import { perSkillLimitProblem, skillBytes } from '../format/skill-limits.js';
import { utf8ByteLength } from '../shared/text.js';
import type { ResolvedLimits, Skill } from '../format/types.js';

/** Throws `LIMIT_EXCEEDED` for the first limit `skills` break (the catalog is checked by the caller). */
export function checkSetLimits(skills: readonly Skill[], limits: ResolvedLimits): void {
  if (skills.length > limits.maxSkills) over(`The set holds ${skills.length} skills; maxSkills is ${limits.maxSkills}.`);
  let total = 0;
  for (const skill of skills) {
    total += checkSkill(skill, limits);
    if (total > limits.maxTotalBytes) over(`The set holds more than maxTotalBytes (${limits.maxTotalBytes}) bytes, counted up to skill "${skill.name}".`);
  }
}

/** Checks one skill's files; returns its bytes, SKILL.md included. */
function checkSkill(skill: Skill, limits: ResolvedLimits): number {
  // A skill from code or another source has no SKILL.md of its own here: its canonical text stands in.
  const ownBytes = utf8ByteLength(serializeSkill(skill));
  const problem = perSkillLimitProblem({ ownBytes, files: skill.files }, limits);
  if (problem !== undefined) over(`Skill "${skill.name}": ${problem}`);
  return skillBytes(ownBytes, skill.files);
}

function over(message: string): never {
  throw new SkillError('LIMIT_EXCEEDED', message);
}
