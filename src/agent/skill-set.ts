/**
 * `createSkillSet`: a fixed set of skills with their file contents, checked
 * against limits once, giving an agent its catalog and tools synchronously.
 * @module
 */
import { renderCatalog } from './catalog/render.js';
import type { CatalogOptions } from './catalog/options.js';
import { SkillError } from '../format/errors.js';
import { canonicalJson, sha256Digest } from '../shared/hash.js';
import { checkSetLimits } from './set-limits.js';
import { contentsOf, type SkillContents } from './contents.js';
import { SKILLS_PERMISSIONS } from './tool-names.js';
import { createSkillTools, listedTextFile, type SkillTool } from './tools.js';
import { createFileTools } from './file-tools.js';
import { isSkill, resolveLimits, SKILL_SET_LIMITS, type ResolvedLimits, type Skill, type SkillLimits } from '../format/types.js';

/** A fixed set of skills for an agent: its catalog, its two tools and the grants they need. */
export interface SkillSet {
  /** The skills, in the order given. */
  readonly skills: readonly Skill[];
  /** The limits the set was checked against (defaults: {@link SKILL_SET_LIMITS}). */
  readonly limits: ResolvedLimits;
  /** `sha256:` over every skill's digest, whatever their order; the tools' `version`. */
  readonly digest: string;
  /** The grants the tools need: `['tool:skills.load', 'tool:skills.read', 'skills:read']`. */
  readonly permissions: readonly string[];
  /** `skills.load` and `skills.read`; none when no skill is visible to the model. */
  readonly tools: readonly SkillTool[];
  /**
   * `skills.list` and `skills.grep`, to offer besides {@link tools} (grants:
   * `SKILLS_FILE_PERMISSIONS`); none for an empty set.
   */
  readonly fileTools: readonly SkillTool[];
  /** The skill of that name. */
  get(name: string): Skill | undefined;
  /**
   * The text of one listed text file. Throws `NOT_FOUND` (unknown skill or
   * unlisted path), `UNSAFE_PATH` or `INVALID_INPUT` (a binary file).
   */
  readFile(name: string, path: string): string;
  /** The catalog for the system prompt; `''` when no skill is visible to the model. */
  catalog(options?: CatalogOptions): string;
}

/**
 * Makes a set of skills, e.g. from `defineSkill` or `loadSkills`;
 * `createSkillSet([...a.skills, ...b.skills])` combines sets.
 *
 * @throws {SkillError} `CONFLICT` naming a name used twice; `LIMIT_EXCEEDED`
 *   naming the first limit broken (skills, files per skill, file size,
 *   nesting, total bytes, catalog size of the default form); `INVALID_SKILL`
 *   for an item that is not a skill, or a skill listing text files whose
 *   contents the set cannot hold (one not made by `defineSkill` or
 *   `loadSkills`, or a copy of one).
 * @example
 * ```ts
 * const skills = createSkillSet([refunds, shipping], { maxCatalogBytes: 8 * 1024 })
 * skills.catalog()                 // for the system prompt
 * skills.readFile('refunds', 'references/policy.md')
 * ```
 */
export function createSkillSet(skills: readonly Skill[], limits?: SkillLimits): SkillSet {
  if (!Array.isArray(skills)) throw new SkillError('INVALID_SKILL', 'createSkillSet takes an array of skills.');
  const list: readonly Skill[] = Object.freeze([...skills]);
  const resolved = Object.freeze(resolveLimits(limits, SKILL_SET_LIMITS, 'createSkillSet'));
  const byName = new Map<string, Skill>();
  for (const [i, skill] of list.entries()) {
    if (!isSkill(skill)) throw new SkillError('INVALID_SKILL', `Item ${i} is not a skill; make skills with defineSkill, loadSkills or parseSkill.`);
    if (byName.has(skill.name)) throw new SkillError('CONFLICT', `Two skills are named "${skill.name}"; names must be unique in a set.`);
    byName.set(skill.name, skill);
  }
  checkSetLimits(list, resolved);
  const contents = new Map(list.map((s) => [s.name, heldContents(s)]));
  renderCatalog(list, resolved.maxCatalogBytes); // refuse now, not on the first turn
  const digest = setDigest(list);
  const served = {
    skills: list,
    digest,
    maxFileBytes: resolved.maxFileBytes,
    readText: async (skill: Skill, file: { path: string }) => textOf(contents, skill.name, file.path),
  };
  const tools = createSkillTools(served);
  const fileTools = createFileTools(served);
  return Object.freeze({
    skills: list,
    limits: resolved,
    digest,
    permissions: SKILLS_PERMISSIONS,
    tools,
    fileTools,
    get: (name: string) => byName.get(name),
    readFile(name: string, path: string): string {
      const skill = byName.get(name);
      if (!skill) throw new SkillError('NOT_FOUND', `The set holds no skill named "${name}".`);
      return textOf(contents, name, listedTextFile(skill, path).path);
    },
    // A set's catalog is never cut (the Mayura seed): over the set's limit, or a smaller `maxBytes`, it is refused.
    catalog: (options?: CatalogOptions) => renderCatalog(list, Math.min(resolved.maxCatalogBytes, options?.maxBytes ?? Infinity), options),
  });
}

/**
 * `sha256:` + hex over the sorted digests of `skills`: the same skills give
 * the same digest in any order, and any change to one skill changes it.
 */
export function setDigest(skills: readonly Skill[]): string {
  return sha256Digest(canonicalJson(skills.map((s) => s.digest).sort()));
}

/** The contents recorded for `skill`, refusing a skill that lists a text file without them. */
function heldContents(skill: Skill): SkillContents {
  const held = contentsOf(skill) ?? new Map<string, string>();
  const missing = skill.files.filter((f) => f.isText && !held.has(f.path)).map((f) => f.path);
  if (missing.length > 0) {
    throw new SkillError(
      'INVALID_SKILL',
      `Skill "${skill.name}" lists ${missing.length} text file${missing.length === 1 ? '' : 's'} (\`${missing[0]}\`${missing.length > 1 ? ', …' : ''}) whose contents the set does not hold; make it with defineSkill or loadSkills, and pass that object itself.`,
    );
  }
  return held;
}

function textOf(contents: ReadonlyMap<string, SkillContents>, name: string, path: string): string {
  const text = contents.get(name)?.get(path);
  if (text === undefined) throw new SkillError('NOT_FOUND', `Skill "${name}" has no readable file \`${path}\`.`, { path });
  return text;
}
