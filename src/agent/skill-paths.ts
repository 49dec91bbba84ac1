/**
 * Where a skill lives at runtime, as the MD-first seed names it: its
 * canonical SKILL.md path (`/skills/<name>/SKILL.md`, or
 * `/skills/<plugin>/skills/<name>/SKILL.md` for a plugin skill) and the
 * identity of the plugin it ships in. Names and plugin names are unique in
 * a load, so the path is unambiguous.
 * @module
 */
import type { Skill } from '../format/types.js';
import { originOf, originTag } from '../sources/origin.js';
import type { BundleIdentity } from '../sources/source.js';

/** The plugin `skill` ships in (name and version), or `null` for a skill of no plugin. */
export function bundleOf(skill: Skill): BundleIdentity | null {
  const bundle = originOf(skill)?.bundle;
  if (bundle === undefined) return null;
  return bundle.version === undefined ? { name: bundle.name } : { name: bundle.name, version: bundle.version };
}

/**
 * The canonical runtime path of `skill`'s SKILL.md.
 *
 * @example
 * ```ts
 * canonicalSkillPath(pdf)   // '/skills/pdf/SKILL.md'
 * canonicalSkillPath(dcf)   // '/skills/corporate-finance/skills/dcf-model-builder/SKILL.md'
 * ```
 */
export function canonicalSkillPath(skill: Skill): string {
  const bundle = originOf(skill)?.bundle;
  return bundle === undefined ? `/skills/${skill.name}/SKILL.md` : `/skills/${bundle.name}/skills/${skill.name}/SKILL.md`;
}

/**
 * Who serves `skill` when another party does: its source's `servedBy` (`mcp:<label>` for an MCP server's skill), or
 * `undefined` for a local skill. What the model sees of such a skill is tagged with it.
 */
export function servedByOf(skill: Skill): string | undefined {
  const by = originOf(skill)?.source.servedBy;
  return typeof by === 'string' ? by : undefined;
}

/**
 * The description a catalog lists: a served skill's starts with its origin in brackets (`[mcp:acme] Process refunds.`);
 * with `origins`, every skill's does (`[builtin] …`, `[agent] …`, `[remote:https://skills.acme.com/] …`).
 */
export function catalogDescription(skill: Skill, origins = false): string {
  const by = origins ? originTag(skill) : servedByOf(skill);
  return by === undefined ? skill.description : `[${by}] ${skill.description}`;
}
