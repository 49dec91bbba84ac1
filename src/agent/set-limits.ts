/**
 * The limits a skill set is checked against when it is created. Every
 * limit refuses with `LIMIT_EXCEEDED` naming the limit and the value found;
 * nothing is truncated.
 * @module
 */
import { byteLength } from './catalog.js';
import { SkillError } from '../format/errors.js';
import { serializeSkill } from '../format/serialize.js';
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
  const { name, files } = skill;
  if (files.length > limits.maxFilesPerSkill) over(`Skill "${name}" has ${files.length} files; maxFilesPerSkill is ${limits.maxFilesPerSkill}.`);
  // A skill from code or another source has no SKILL.md of its own here: its canonical text stands in.
  const own = byteLength(serializeSkill(skill));
  if (own > limits.maxFileBytes) over(`The SKILL.md of skill "${name}" is ${own} bytes; maxFileBytes is ${limits.maxFileBytes}.`);
  let bytes = own;
  for (const file of files) {
    if (file.size > limits.maxFileBytes) over(`\`${file.path}\` of skill "${name}" is ${file.size} bytes; maxFileBytes is ${limits.maxFileBytes}.`);
    const depth = file.path.split('/').length - 1;
    if (depth > limits.maxNesting) over(`\`${file.path}\` of skill "${name}" is nested ${depth} folders deep; maxNesting is ${limits.maxNesting}.`);
    bytes += file.size;
  }
  return bytes;
}

function over(message: string): never {
  throw new SkillError('LIMIT_EXCEEDED', message);
}
