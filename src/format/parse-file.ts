/**
 * The two seed parsers that return a skill or throw: `parseSkillFrontmatter`
 * (pleach's `@pleach/core/skills`) and `parseSkillFile` (Mayura's checker).
 * Each keeps its seed's signature and maps it onto {@link ParseOptions};
 * one function then parses and, on failure, throws one `SkillError` worded
 * the same way for both.
 * @module
 */
import { SkillError } from './errors.js';
import { formatDiagnostic } from './diagnostics/diagnostic.js';
import { parseSkill, type ParseOptions, type ParseResult } from './parse.js';
import type { Skill, SkillSourceKind } from './types.js';

/**
 * Parses a SKILL.md the way `@pleach/core/skills` does: returns the skill or
 * throws. Uses the lenient runtime profile; the folder is taken from
 * `filePath` when it ends in `/SKILL.md`.
 *
 * @throws {SkillError} `INVALID_SKILL` with the diagnostics that stopped it (the same error `parseSkillFile` throws).
 * @example
 * ```ts
 * const skill = parseSkillFrontmatter(raw, 'builtin', './skills/builtin/researcher/SKILL.md')
 * ```
 */
export function parseSkillFrontmatter(fileContent: string, source: SkillSourceKind, filePath?: string): Skill {
  const parts = filePath?.split(/[\\/]/) ?? [];
  const fileName = parts.at(-1);
  const isSkillMd = fileName?.toLowerCase() === 'skill.md';
  const folder = parts.length >= 2 && isSkillMd ? parts.at(-2) : undefined;
  const options: ParseOptions = { source, profile: 'runtime' };
  if (filePath !== undefined) options.path = filePath;
  if (folder !== undefined && folder !== '.' && folder !== '') options.folder = folder;
  if (fileName !== undefined && isSkillMd) options.fileName = fileName;
  // Plain JavaScript callers pass anything: text it is, as pleach's parser read it.
  return skillOrThrow(typeof fileContent === 'string' ? fileContent : String(fileContent), options);
}

/**
 * Parses one SKILL.md the way `loadSkills` reads each skill folder: the
 * lenient `runtime` profile unless `options.profile` says `spec`, the
 * `builtin` tier unless `options.source` says otherwise. Warnings do not
 * stop it (they are in `skill.diagnostics`); an error throws. For every
 * problem as data instead, call {@link parseSkill}.
 *
 * @throws {SkillError} `INVALID_SKILL` carrying every error as `diagnostics` (the same error `parseSkillFrontmatter` throws).
 * @example
 * ```ts
 * import { parseSkillFile } from 'satchel'
 * const skill = parseSkillFile(await readFile('skills/refund-policy/SKILL.md', 'utf8'))
 * console.log(skill.name, skill.description, skill.diagnostics)
 * ```
 */
export function parseSkillFile(text: string | Uint8Array, options: ParseOptions = {}): Skill {
  return skillOrThrow(text, { source: 'builtin', ...options });
}

/**
 * The skill `parseSkill` finds, or one `INVALID_SKILL` error: `Invalid skill: <the first error as
 * `satchel validate` prints it> (and N more)`, with every error as `diagnostics`.
 */
function skillOrThrow(text: string | Uint8Array, options: ParseOptions): Skill {
  const path = options.path;
  const at = path === undefined ? {} : { path };
  let result: ParseResult;
  try {
    result = parseSkill(text, options);
  } catch (e) {
    // parseSkill reports problems as diagnostics; only a hostile options object (a throwing getter) lands here.
    throw new SkillError('INVALID_SKILL', `Could not parse ${path ?? 'SKILL.md'}.`, { cause: e, ...at });
  }
  if (result.skill) return result.skill;
  const first = result.errors[0];
  // Never empty: parseSkill gives no skill only with an error.
  const where = first ? formatDiagnostic(first) : (path ?? 'SKILL.md');
  const more = result.errors.length > 1 ? ` (and ${result.errors.length - 1} more)` : '';
  throw new SkillError('INVALID_SKILL', `Invalid skill: ${where}${more}`, { diagnostics: result.errors, ...at });
}
