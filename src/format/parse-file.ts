/**
 * `parseSkillFile`: the Mayura seed's way to check one SKILL.md — the parser
 * `loadSkills` uses, returning the skill or throwing.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { formatDiagnostic } from './diagnostics/diagnostic.js';
import { parseSkill, type ParseOptions } from './parse.js';
import type { Skill } from './types.js';

/**
 * Parses one SKILL.md the way `loadSkills` reads each skill folder: the
 * lenient `runtime` profile unless `options.profile` says `spec`, the
 * `builtin` tier unless `options.source` says otherwise. Warnings do not
 * stop it (they are in `skill.diagnostics`); an error throws. For every
 * problem as data instead, call {@link parseSkill}.
 *
 * @throws {SkillError} `INVALID_SKILL` carrying every error as `diagnostics`.
 * @example
 * ```ts
 * import { parseSkillFile } from 'satchel'
 * const skill = parseSkillFile(await readFile('skills/refund-policy/SKILL.md', 'utf8'))
 * console.log(skill.name, skill.description, skill.diagnostics)
 * ```
 */
export function parseSkillFile(text: string | Uint8Array, options: ParseOptions = {}): Skill {
  const result = parseSkill(text, { source: 'builtin', ...options });
  if (result.skill) return result.skill;
  const first = result.errors[0];
  // Never empty: parseSkill gives no skill only with an error.
  const where = first ? formatDiagnostic(first) : (options.path ?? 'SKILL.md');
  const more = result.errors.length > 1 ? ` (and ${result.errors.length - 1} more)` : '';
  throw new SkillError('INVALID_SKILL', `Invalid skill: ${where}${more}`, {
    diagnostics: result.errors,
    ...(options.path === undefined ? {} : { path: options.path }),
  });
}
